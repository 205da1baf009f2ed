//! The one place where requests leave: timeouts, the retry rule, and folding the answer through
//! [`classify`](super::error::classify).
//!
//! Retry rule: only idempotent requests (GETs) are retried, on no answer and on 408/429/500/502/
//! 503/504, with exponential backoff that honours `Retry-After`. A POST is never sent twice by
//! this layer; the callers that may retry a POST (after a 401) know it was refused unprocessed.

use super::codes::Language;
use super::error::{ApiError, Interface, classify};
use reqwest::{Method, StatusCode};
use serde_json::Value;
use std::time::Duration;

/// How GETs are retried.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included.
    pub attempts: u32,
    pub base_delay: Duration,
    /// Longest single wait, including a `Retry-After`; a longer `Retry-After` ends the retries.
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            attempts: 3,
            base_delay: Duration::from_millis(300),
            max_delay: Duration::from_secs(5),
        }
    }
}

/// Settings shared by the three clients.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    /// Whole-request timeout; past it the outcome of a POST is unknown.
    pub timeout: Duration,
    pub connect_timeout: Duration,
    pub retry: RetryPolicy,
    /// The `language` header every request carries; the clients made from one config share it,
    /// so switching the clerk's language switches the service's too, without a new login.
    pub language: LanguageCell,
}

/// The clerk's language as the clients send it, changeable while they run.
#[derive(Debug, Clone, Default)]
pub struct LanguageCell(std::sync::Arc<std::sync::atomic::AtomicU8>);

impl LanguageCell {
    pub fn new(language: Language) -> LanguageCell {
        let cell = LanguageCell::default();
        cell.set(language);
        cell
    }

    pub fn get(&self) -> Language {
        match self.0.load(std::sync::atomic::Ordering::Relaxed) {
            1 => Language::Ru,
            2 => Language::En,
            _ => Language::Uz,
        }
    }

    pub fn set(&self, language: Language) {
        let v = match language {
            Language::Uz => 0,
            Language::Ru => 1,
            Language::En => 2,
        };
        self.0.store(v, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            timeout: Duration::from_secs(20),
            connect_timeout: Duration::from_secs(5),
            retry: RetryPolicy::default(),
            language: LanguageCell::new(Language::Uz),
        }
    }
}

/// The most of an answer the desk reads: a hostile or broken server cannot make it hold more.
/// Lists and directory pages (GETs) may be larger than the answer to an action.
pub(crate) const ANSWER_LIMIT: usize = 4 << 20;
pub(crate) const LIST_LIMIT: usize = 32 << 20;

/// How many redirects one call follows (within its host, never from https to http).
const MAX_REDIRECTS: usize = 5;

/// A request about to leave.
pub(crate) struct Call<'a> {
    pub method: Method,
    pub url: url::Url,
    pub token: Option<&'a str>,
    pub body: Option<&'a Value>,
    pub headers: &'a [(&'static str, String)],
    /// Safe to send again: GETs that change nothing, and pure calculations.
    pub retry: bool,
    /// Sent once more, at once, when the connection closed before any answer (a kept-alive
    /// connection the service had dropped, or a service that restarted): for calls that change
    /// nothing the clerk made, like asking for a token. A timeout is never sent again this way.
    pub again_if_closed: bool,
}

/// How long a connection may wait unused before it is closed here rather than used again. Servers
/// close idle connections after a few seconds (5 is a common default); a create sent on one just
/// as the server closes it is lost in the line, and its outcome unknown until the outbox settles
/// it. Closing first costs a new handshake after a pause; it never costs an unknown order.
const KEEP_IDLE: Duration = Duration::from_secs(4);

#[derive(Clone)]
pub(crate) struct Http {
    client: reqwest::Client,
    pub(crate) config: ClientConfig,
}

impl Http {
    pub(crate) fn new(config: ClientConfig) -> Result<Http, ApiError> {
        let client = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.connect_timeout)
            .pool_idle_timeout(KEEP_IDLE)
            .user_agent(concat!("ParcelDesk/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::custom(redirect_rule))
            .build()
            .map_err(|e| ApiError::Connect {
                detail: format!("HTTP client: {e}"),
            })?;
        Ok(Http { client, config })
    }

    /// Sends one call (retrying a GET where safe) and classifies the answer.
    pub(crate) async fn send(&self, iface: Interface, call: Call<'_>) -> Result<Value, ApiError> {
        let idempotent = call.retry;
        let policy = self.config.retry;
        let mut attempt = 0u32;
        loop {
            attempt += 1;
            let can_retry = idempotent && attempt < policy.attempts;
            let (outcome, closed_unanswered) = match self.once(&call).await {
                Ok(answer) => (Ok(answer), false),
                Err((e, closed)) => (Err(e), closed),
            };
            let wait = match &outcome {
                Err(_) if closed_unanswered && call.again_if_closed && attempt == 1 => {
                    Some(Duration::ZERO)
                }
                Ok((status, headers, _)) if can_retry && retryable(*status) => {
                    match retry_after(headers) {
                        Some(d) if d > policy.max_delay => None,
                        Some(d) => Some(d),
                        None => Some(backoff(policy, attempt)),
                    }
                }
                Err(e)
                    if can_retry
                        && matches!(e, ApiError::Connect { .. } | ApiError::NoAnswer { .. }) =>
                {
                    Some(backoff(policy, attempt))
                }
                _ => None,
            };
            match (wait, outcome) {
                (Some(d), _) => {
                    tracing::debug!(url = %redact(&call.url), attempt, "retrying in {:?}", d);
                    tokio::time::sleep(d).await;
                }
                (None, Ok((status, headers, body))) => {
                    return classify(iface, status, &headers, &body);
                }
                (None, Err(e)) => return Err(e),
            }
        }
    }

    async fn once(
        &self,
        call: &Call<'_>,
    ) -> Result<(StatusCode, reqwest::header::HeaderMap, Vec<u8>), (ApiError, bool)> {
        let mut req = self
            .client
            .request(call.method.clone(), call.url.clone())
            .header(reqwest::header::ACCEPT, "application/json")
            .header("language", self.config.language.get().as_str());
        if let Some(token) = call.token {
            req = req.bearer_auth(token);
        }
        for (name, value) in call.headers {
            req = req.header(*name, value);
        }
        if let Some(body) = call.body {
            req = req.json(body);
        }
        let mut resp = req.send().await.map_err(|e| {
            // Closed before any answer: not a timeout, not a refused connection.
            let closed = e.is_request() && !e.is_timeout() && !e.is_connect();
            (transport_error(e), closed)
        })?;
        let status = resp.status();
        let headers = resp.headers().clone();
        let limit = match call.method {
            Method::GET => LIST_LIMIT,
            _ => ANSWER_LIMIT,
        };
        // Said up front, or counted as it arrives: never more than the limit held in memory.
        if resp.content_length().is_some_and(|n| n > limit as u64) {
            return Err((too_large(status, limit), false));
        }
        let mut body = Vec::new();
        while let Some(chunk) = resp
            .chunk()
            .await
            .map_err(|e| (transport_error(e), false))?
        {
            if body.len() + chunk.len() > limit {
                return Err((too_large(status, limit), false));
            }
            body.extend_from_slice(&chunk);
        }
        tracing::debug!(method = %call.method, url = %redact(&call.url), status = status.as_u16(), "answer");
        Ok((status, headers, body))
    }
}

/// An answer over the limit is not read: like any unreadable answer, its outcome is unknown.
fn too_large(status: StatusCode, limit: usize) -> ApiError {
    ApiError::Decode {
        status: status.as_u16(),
        detail: format!(
            "the answer is larger than {} MB and was not read",
            limit >> 20
        ),
        body_head: String::new(),
    }
}

/// Redirects are followed only within the host the desk was pointed at, and never from https to
/// plain http: a service cannot send the clerk's token or orders elsewhere.
fn redirect_rule(attempt: reqwest::redirect::Attempt<'_>) -> reqwest::redirect::Action {
    let Some(from) = attempt.previous().last() else {
        return attempt.follow();
    };
    let to = attempt.url();
    let same_host = from.host_str() == to.host_str();
    let downgrade = from.scheme() == "https" && to.scheme() != "https";
    if attempt.previous().len() > MAX_REDIRECTS {
        attempt.error("too many redirects")
    } else if !same_host || downgrade {
        attempt.stop()
    } else {
        attempt.follow()
    }
}

fn retryable(status: StatusCode) -> bool {
    matches!(status.as_u16(), 408 | 429 | 500 | 502 | 503 | 504)
}

fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    let raw = headers.get(reqwest::header::RETRY_AFTER)?.to_str().ok()?;
    raw.trim().parse::<u64>().ok().map(Duration::from_secs)
}

fn backoff(policy: RetryPolicy, attempt: u32) -> Duration {
    let factor = 1u32 << (attempt.saturating_sub(1)).min(8);
    (policy.base_delay * factor).min(policy.max_delay)
}

/// Maps a reqwest failure to "never reached" or "no answer".
fn transport_error(e: reqwest::Error) -> ApiError {
    let e = e.without_url();
    let detail = redact_error(&e);
    if e.is_connect() || e.is_builder() {
        ApiError::Connect { detail }
    } else {
        ApiError::NoAnswer { detail }
    }
}

fn redact_error(e: &reqwest::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// A URL for the log without its query (ids and barcodes stay out of logs of other machines).
pub(crate) fn redact(url: &url::Url) -> String {
    format!("{}{}", url.origin().ascii_serialization(), url.path())
}

/// Appends a relative path to a base URL that may or may not end with `/`.
pub(crate) fn join(base: &url::Url, path: &str) -> url::Url {
    let mut url = base.clone();
    let joined = format!(
        "{}/{}",
        base.path().trim_end_matches('/'),
        path.trim_start_matches('/')
    );
    url.set_path(&joined);
    url.set_query(None);
    url
}

/// A request's body as JSON (a type that cannot be written so is the desk's own fault, said as
/// an unreadable exchange).
pub(crate) fn json_body<T: serde::Serialize>(value: &T) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(value)
        .map_err(|e| ApiError::decode(0, format!("cannot encode request: {e}"), b""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_and_is_capped() {
        let p = RetryPolicy {
            attempts: 5,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(350),
        };
        assert_eq!(backoff(p, 1), Duration::from_millis(100));
        assert_eq!(backoff(p, 2), Duration::from_millis(200));
        assert_eq!(backoff(p, 3), Duration::from_millis(350));
    }

    #[test]
    fn only_transient_statuses_retry() {
        for s in [408, 429, 500, 502, 503, 504] {
            assert!(retryable(StatusCode::from_u16(s).unwrap()));
        }
        for s in [400, 401, 403, 404, 422] {
            assert!(!retryable(StatusCode::from_u16(s).unwrap()));
        }
    }

    #[test]
    fn a_base_at_the_root_of_its_host_or_under_a_path_works_with_or_without_a_slash() {
        let at =
            |base: &str| join(&url::Url::parse(base).expect("base"), "v1/order/add").to_string();
        // Production: the current interface at the root of its own host.
        assert_eq!(
            at("https://api.example.uz"),
            "https://api.example.uz/v1/order/add"
        );
        assert_eq!(
            at("https://api.example.uz/"),
            "https://api.example.uz/v1/order/add"
        );
        // The twin (and some proxies): under a path.
        assert_eq!(
            at("http://127.0.0.1:9/api"),
            "http://127.0.0.1:9/api/v1/order/add"
        );
        assert_eq!(
            at("http://127.0.0.1:9/api/"),
            "http://127.0.0.1:9/api/v1/order/add"
        );
        // A query on the base is not carried into the call.
        assert_eq!(
            at("https://api.example.uz/?x=1"),
            "https://api.example.uz/v1/order/add"
        );
    }
}
