//! Login and renewal for the two interfaces that hand out tokens for a JSON POST: the current
//! interface (`auth/login`, tokens inside its envelope) and the warehouse (`v1/auth/login`, bare
//! tokens). One type, told where each keeps them; and the sending of a request with the token,
//! renewed once after a 401, that both clients share — paced, for the interface that limits how
//! often it may be asked.

use super::current::{LoginRequest, Tokens};
use super::decode::at;
use super::error::{ApiError, Interface};
use super::http::{Call, Http, join, json_body};
use super::pacer::Pacer;
use super::token::{Authenticator, TokenKeeper};
use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::sync::Arc;

pub(crate) struct TokenAuth {
    pub(crate) http: Http,
    /// The interface root every path is joined to.
    pub(crate) base: url::Url,
    interface: Interface,
    /// The folder of `login` and `refresh` under the root (`auth`, `v1/auth`).
    folder: &'static str,
    /// Where the tokens sit in the answer (a JSON pointer; empty for the whole answer).
    tokens_at: &'static str,
    headers: Vec<(&'static str, String)>,
    /// Admits each request under the interface's limit, and holds everything back once the
    /// server says the limit is reached (the warehouse's; the current interface has none).
    pub(crate) pacer: Option<Arc<Pacer>>,
}

impl TokenAuth {
    /// The current interface's: `auth/...`, tokens under `/data`, a JSON content type.
    pub(crate) fn current(http: Http, base: url::Url) -> TokenAuth {
        let json = ("Content-Type", "application/json".to_string());
        TokenAuth {
            http,
            base,
            interface: Interface::Current,
            folder: "auth",
            tokens_at: "/data",
            headers: vec![json],
            pacer: None,
        }
    }

    /// The warehouse's: `v1/auth/...`, the tokens as the whole answer, every request paced.
    pub(crate) fn warehouse(http: Http, base: url::Url, pacer: Pacer) -> TokenAuth {
        TokenAuth {
            http,
            base,
            interface: Interface::Warehouse,
            folder: "v1/auth",
            tokens_at: "",
            headers: Vec::new(),
            pacer: Some(Arc::new(pacer)),
        }
    }

    async fn post_tokens(&self, action: &str, body: Value) -> Result<Tokens, ApiError> {
        let call = Call {
            method: Method::POST,
            url: join(&self.base, &format!("{}/{action}", self.folder)),
            token: None,
            body: Some(&body),
            headers: &self.headers,
            retry: false,
            // Asking for a token changes nothing the clerk made.
            again_if_closed: true,
        };
        let v = self.http.send(self.interface, call).await?;
        at(v, self.tokens_at)
    }
}

impl Authenticator for TokenAuth {
    async fn login(&self, creds: &LoginRequest) -> Result<Tokens, ApiError> {
        self.post_tokens("login", json_body(creds)?).await
    }

    async fn refresh(&self, refresh_token: &str) -> Result<Tokens, ApiError> {
        let body = serde_json::json!({ "refresh_token": refresh_token });
        self.post_tokens("refresh", body).await
    }
}

/// One request of a logged-in session.
pub(crate) struct Bearer<'a> {
    pub method: Method,
    /// Joined to the interface root.
    pub path: &'a str,
    pub query: &'a [(&'a str, String)],
    pub body: Option<Value>,
    /// Whether the HTTP layer may send it again after a failure (never for the warehouse, whose
    /// every request counts against its limit).
    pub retry: bool,
}

impl<'a> Bearer<'a> {
    /// A request to `path` with no query and no body, not sent again after a failure.
    pub(crate) fn new(method: Method, path: &'a str) -> Bearer<'a> {
        Bearer {
            method,
            path,
            query: &[],
            body: None,
            retry: false,
        }
    }

    pub(crate) fn query(self, query: &'a [(&'a str, String)]) -> Bearer<'a> {
        Bearer { query, ..self }
    }

    pub(crate) fn body(self, body: Value) -> Bearer<'a> {
        Bearer {
            body: Some(body),
            ..self
        }
    }

    /// Whether the HTTP layer may send it again after a failure.
    pub(crate) fn retry(self, retry: bool) -> Bearer<'a> {
        Bearer { retry, ..self }
    }
}

impl TokenKeeper<TokenAuth> {
    /// `/…/login` with a login and a password, kept in memory for silent renewal.
    pub(crate) async fn log_in(&self, login: &str, password: &str) -> Result<Tokens, ApiError> {
        self.login(LoginRequest {
            login: login.to_string(),
            password: password.to_string(),
        })
        .await
    }

    /// Sends a request of the session and reads what sits at `pointer` of the answer (a JSON
    /// pointer; empty for the whole answer). A refusal for the limit holds every later request
    /// back for a whole window: others may share the account.
    pub(crate) async fn call<T: DeserializeOwned>(
        &self,
        request: Bearer<'_>,
        pointer: &str,
    ) -> Result<T, ApiError> {
        match self.send(request).await {
            Err(e @ ApiError::RateLimited { .. }) => {
                if let Some(p) = &self.auth().pacer {
                    p.refused();
                }
                Err(e)
            }
            answer => at(answer?, pointer),
        }
    }

    /// Sends a request with the access token, renewing it once when the service says it is no
    /// longer good (401) and sending again; the pacer, where there is one, admits each send.
    async fn send(&self, request: Bearer<'_>) -> Result<Value, ApiError> {
        let auth = self.auth();
        let mut url = join(&auth.base, request.path);
        if !request.query.is_empty() {
            url.query_pairs_mut()
                .extend_pairs(request.query.iter().map(|(k, v)| (*k, v.as_str())));
        }
        let mut token = self.access(None).await?;
        let mut renewed = false;
        loop {
            if let Some(p) = &auth.pacer {
                p.admit().await;
            }
            let call = Call {
                method: request.method.clone(),
                url: url.clone(),
                token: Some(&token),
                body: request.body.as_ref(),
                headers: &auth.headers,
                retry: request.retry,
                again_if_closed: false,
            };
            match auth.http.send(auth.interface, call).await {
                Err(ApiError::Unauthorized { .. }) if !renewed => {
                    renewed = true;
                    token = self.access(Some(&token)).await?;
                }
                answer => return answer,
            }
        }
    }
}
