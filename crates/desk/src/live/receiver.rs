//! The desk's own webhook receiver: an HTTP listener the service POSTs status notifications to.
//! It takes the notification as a JSON body and as form data with the JSON in field `text`
//! (multipart or urlencoded), checks the partner key (the `partner-apiKey` header, a provider's
//! `*-apiKey`, `x-api-key`, or `Authorization: Bearer`), and answers 403 on a wrong key, 400 on
//! an unreadable body, 413 past its size limit, and otherwise 200 `{"status": true, "message":
//! "ok"}`, also for an order the desk does not know, so the service stops retrying. Everything
//! that arrives goes to [`LiveStatus`], which logs it and applies what moves an order on.

use crate::live::live_status::{Arrival, LiveStatus};
use api::webhook::Notification;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use std::net::SocketAddr;
use std::sync::Arc;
use store::Notice;

/// Larger notifications are refused (a notification is a few hundred bytes).
pub(crate) const BODY_LIMIT: usize = 64 * 1024;
/// How much of a refused body the log keeps.
const REFUSED_KEPT: usize = 2048;

/// What the receiver expects of a caller.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Expect {
    /// The partner key the service sends; empty takes any.
    pub key: String,
    /// The bearer token the service sends (a registration "with token"); empty takes any.
    pub token: String,
}

struct Inner {
    live: LiveStatus,
    expect: Expect,
}

/// A receiver listening; stops when dropped.
pub(crate) struct Receiver {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Receiver {
    /// Listens on `bind` (port 0 picks a free one) on the current runtime.
    pub(crate) async fn start(
        bind: SocketAddr,
        expect: Expect,
        live: LiveStatus,
    ) -> std::io::Result<Receiver> {
        let listener = tokio::net::TcpListener::bind(bind).await?;
        let addr = listener.local_addr()?;
        let state = Arc::new(Inner { live, expect });
        let app = Router::new()
            .route("/", post(receive))
            .route("/{*path}", post(receive))
            .layer(DefaultBodyLimit::max(BODY_LIMIT))
            .with_state(state);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            let served = axum::serve(listener, app).with_graceful_shutdown(async move {
                let _ = stopped.await;
            });
            if let Err(e) = served.await {
                tracing::warn!("the webhook receiver stopped: {e}");
            }
        });
        Ok(Receiver {
            addr,
            stop: Some(stop),
        })
    }

    /// The address to register with the service.
    pub(crate) fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

fn answer(status: StatusCode, ok: bool, message: &str) -> Response {
    let body = serde_json::json!({"status": ok, "message": message});
    (status, axum::Json(body)).into_response()
}

/// The headers as the log keeps them: one `name: value` a line, secrets masked.
fn headers_text(headers: &HeaderMap) -> String {
    headers
        .iter()
        .map(|(name, value)| {
            let n = name.as_str();
            let secret = n.ends_with("apikey") || n == "x-api-key" || n == "authorization";
            let v = if secret {
                "•••".to_string()
            } else {
                value.to_str().unwrap_or("(binary)").to_string()
            };
            format!("{n}: {v}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The keys the caller presented: headers first, then the body's own key field.
fn presented(headers: &HeaderMap, n: Option<&Notification>) -> (Vec<String>, Option<String>) {
    let mut keys: Vec<String> = headers
        .iter()
        .filter(|(name, _)| {
            let n = name.as_str();
            n.ends_with("-apikey") || n == "x-api-key"
        })
        .filter_map(|(_, v)| v.to_str().ok().map(str::to_string))
        .collect();
    if let Some(k) = n.and_then(Notification::api_key) {
        keys.push(k.to_string());
    }
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_string);
    (keys, bearer)
}

/// The notification's JSON: the body itself, or the `text` field of form data.
fn json_of(headers: &HeaderMap, body: &[u8]) -> Option<Vec<u8>> {
    let kind = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    if kind.starts_with("multipart/form-data") {
        let boundary = kind
            .split(';')
            .find_map(|p| p.trim().strip_prefix("boundary="))?
            .trim_matches('"')
            .to_string();
        // The boundary as sent (its case kept), from the original header.
        let original = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
        let at = original.to_ascii_lowercase().find(&boundary)?;
        let boundary = &original[at..at + boundary.len()];
        return multipart_text(body, boundary);
    }
    if kind.starts_with("application/x-www-form-urlencoded") {
        return url::form_urlencoded::parse(body)
            .find(|(k, _)| k == "text")
            .map(|(_, v)| v.into_owned().into_bytes());
    }
    Some(body.to_vec())
}

/// The `text` part of a multipart body.
fn multipart_text(body: &[u8], boundary: &str) -> Option<Vec<u8>> {
    let text = String::from_utf8_lossy(body);
    let delimiter = format!("--{boundary}");
    for part in text.split(delimiter.as_str()) {
        let Some((head, content)) = part.split_once("\r\n\r\n") else {
            continue;
        };
        let named_text = head.lines().any(|l| {
            let l = l.to_ascii_lowercase();
            l.starts_with("content-disposition") && l.contains("name=\"text\"")
        });
        if named_text {
            let content = content.strip_suffix("\r\n").unwrap_or(content);
            return Some(content.as_bytes().to_vec());
        }
    }
    None
}

async fn receive(State(inner): State<Arc<Inner>>, headers: HeaderMap, body: Bytes) -> Response {
    let raw = String::from_utf8_lossy(&body).to_string();
    let notification: Option<Notification> =
        json_of(&headers, &body).and_then(|j| serde_json::from_slice(&j).ok());
    let (keys, bearer) = presented(&headers, notification.as_ref());
    let e = &inner.expect;
    // The key may also come as the bearer token (field notes).
    let key_ok =
        e.key.is_empty() || keys.contains(&e.key) || bearer.as_deref() == Some(e.key.as_str());
    let token_ok = e.token.is_empty() || bearer.as_deref() == Some(e.token.as_str());
    // The log keeps the body as it came, but never a key: each one presented, and the one
    // expected, is masked in it.
    let mut kept = raw;
    for k in keys
        .iter()
        .chain(bearer.iter())
        .chain(std::iter::once(&e.key))
        .filter(|k| k.len() >= 4)
    {
        kept = kept.replace(k.as_str(), "•••");
    }
    let mut notice = Notice {
        source: "receiver".into(),
        headers: headers_text(&headers),
        body: kept,
        environment: headers
            .get("environment")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string(),
        ..Notice::default()
    };
    if let Some(n) = &notification {
        notice.order_id = Some(n.order_id);
        notice.barcode = n.barcode.clone();
        notice.status_id = Some(n.status.id);
        notice.status_name = n.status.name.clone();
        notice.status_date = n.date.clone();
        notice.environment = n.environment.as_str().to_string();
    }
    let mut arrival = Arrival {
        notice,
        refused: false,
    };
    let (status, ok, message) = if !(key_ok && token_ok) {
        arrival.refused = true;
        (StatusCode::FORBIDDEN, false, "wrong key")
    } else if notification.is_none() {
        arrival.refused = true;
        (StatusCode::BAD_REQUEST, false, "unreadable notification")
    } else {
        (StatusCode::OK, true, "ok")
    };
    if arrival.refused && arrival.notice.body.len() > REFUSED_KEPT {
        // What was turned away is kept only in part: enough to see what it was.
        let mut cut = REFUSED_KEPT;
        while !arrival.notice.body.is_char_boundary(cut) {
            cut -= 1;
        }
        arrival.notice.body.truncate(cut);
        arrival.notice.body.push('…');
    }
    if let Err(e) = inner.live.take(arrival).await {
        // Not kept: the service is asked to send it again.
        tracing::error!("cannot keep a notification: {e}");
        return answer(StatusCode::SERVICE_UNAVAILABLE, false, "not stored");
    }
    answer(status, ok, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_field_of_a_multipart_body() {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\n1\r\n--XyZ\r\n\
                    Content-Disposition: form-data; name=\"text\"\r\n\r\n{\"a\":1}\r\n--XyZ--\r\n";
        assert_eq!(
            multipart_text(body.as_bytes(), "XyZ").as_deref(),
            Some(&b"{\"a\":1}"[..])
        );
    }
}
