//! Login and renewal for the two interfaces that hand out tokens for a JSON POST: the current
//! interface (`auth/login`, tokens inside its envelope) and the warehouse (`v1/auth/login`, bare
//! tokens). One type, told where each keeps them.

use super::current::{LoginRequest, Tokens};
use super::current_client::join;
use super::decode::at;
use super::error::{ApiError, Interface};
use super::http::{Call, Http};
use super::token::Authenticator;
use reqwest::Method;
use serde_json::Value;

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
        }
    }

    /// The warehouse's: `v1/auth/...`, the tokens as the whole answer.
    pub(crate) fn warehouse(http: Http, base: url::Url) -> TokenAuth {
        TokenAuth {
            http,
            base,
            interface: Interface::Warehouse,
            folder: "v1/auth",
            tokens_at: "",
            headers: Vec::new(),
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
        self.post_tokens("login", serde_json::json!(creds)).await
    }

    async fn refresh(&self, refresh_token: &str) -> Result<Tokens, ApiError> {
        let body = serde_json::json!({ "refresh_token": refresh_token });
        self.post_tokens("refresh", body).await
    }
}
