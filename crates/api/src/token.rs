//! Access tokens that renew themselves: cached until shortly before they expire, refreshed ahead
//! of expiry, and renewed once after a 401. Used by the current and warehouse clients, whose
//! login/refresh calls differ only in shape ([`Authenticator`]).

use super::current::{LoginRequest, Tokens};
use super::error::ApiError;
use base64::Engine;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::Mutex;

/// How long a token is trusted when it does not say (field notes: access lives 1 day, cache ~23 h).
pub(crate) const DEFAULT_ACCESS_LIFETIME: Duration = Duration::from_secs(23 * 3600);
/// Refresh this long before the access token expires.
pub(crate) const REFRESH_MARGIN: Duration = Duration::from_secs(15 * 60);

/// The login and refresh calls of one interface.
pub(crate) trait Authenticator: Send + Sync {
    fn login(
        &self,
        creds: &LoginRequest,
    ) -> impl std::future::Future<Output = Result<Tokens, ApiError>> + Send;
    fn refresh(
        &self,
        refresh_token: &str,
    ) -> impl std::future::Future<Output = Result<Tokens, ApiError>> + Send;
}

#[derive(Default)]
struct State {
    creds: Option<LoginRequest>,
    tokens: Option<Tokens>,
    /// Unix seconds after which the access token is renewed.
    renew_at: u64,
}

pub(crate) struct TokenKeeper<A> {
    auth: A,
    state: Mutex<State>,
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// The `exp` claim of a JWT, when the token is one.
pub(crate) fn jwt_expiry(token: &str) -> Option<u64> {
    let payload = token.split('.').nth(1)?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .ok()?;
    let v: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    v.get("exp")?.as_u64()
}

fn renew_time(access: &str) -> u64 {
    let now = now_secs();
    let fallback = now + DEFAULT_ACCESS_LIFETIME.as_secs();
    let expiry = jwt_expiry(access)
        .map(|e| e.min(fallback))
        .unwrap_or(fallback);
    // Refresh ahead of expiry, but never schedule into the past for short-lived tokens.
    let margin = REFRESH_MARGIN
        .as_secs()
        .min(expiry.saturating_sub(now) / 10);
    expiry.saturating_sub(margin)
}

impl<A: Authenticator> TokenKeeper<A> {
    pub(crate) fn new(auth: A) -> Self {
        TokenKeeper {
            auth,
            state: Mutex::new(State::default()),
        }
    }

    pub(crate) fn auth(&self) -> &A {
        &self.auth
    }

    /// Logs in and keeps the credentials in memory for silent renewal.
    pub(crate) async fn login(&self, creds: LoginRequest) -> Result<Tokens, ApiError> {
        let tokens = self.auth.login(&creds).await?;
        let mut st = self.state.lock().await;
        st.renew_at = renew_time(&tokens.access_token);
        st.creds = Some(creds);
        st.tokens = Some(tokens.clone());
        Ok(tokens)
    }

    /// Uses a token pair obtained elsewhere.
    pub(crate) async fn set_tokens(&self, tokens: Tokens) {
        let mut st = self.state.lock().await;
        st.renew_at = renew_time(&tokens.access_token);
        st.tokens = Some(tokens);
    }

    pub(crate) async fn logout(&self) {
        *self.state.lock().await = State::default();
    }

    /// A valid access token, refreshed or re-obtained when due. `after_401` forces renewal
    /// unless another task renewed it since `stale` was handed out.
    pub(crate) async fn access(&self, after_401: Option<&str>) -> Result<String, ApiError> {
        let mut st = self.state.lock().await;
        if let (Some(tokens), Some(stale)) = (&st.tokens, after_401)
            && tokens.access_token != stale
        {
            return Ok(tokens.access_token.clone());
        }
        let due = after_401.is_some() || now_secs() >= st.renew_at;
        match (&st.tokens, due) {
            (Some(tokens), false) => return Ok(tokens.access_token.clone()),
            (None, _) if st.creds.is_none() => {
                return Err(ApiError::Unauthorized {
                    message: "not logged in".into(),
                });
            }
            _ => {}
        }
        let mut renewed = None;
        if let Some(tokens) = &st.tokens {
            match self.auth.refresh(&tokens.refresh_token).await {
                Ok(t) => renewed = Some(t),
                Err(e) if e.is_transient() => return Err(e),
                Err(e) => tracing::info!("token refresh refused, logging in again: {e}"),
            }
        }
        let tokens = match renewed {
            Some(t) => t,
            None => match &st.creds {
                Some(creds) => self.auth.login(creds).await?,
                None => {
                    st.tokens = None;
                    return Err(ApiError::Unauthorized {
                        message: "session expired".into(),
                    });
                }
            },
        };
        st.renew_at = renew_time(&tokens.access_token);
        let access = tokens.access_token.clone();
        st.tokens = Some(tokens);
        Ok(access)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_exp_from_a_jwt_and_ignores_opaque_tokens() {
        let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(br#"{"sub":"1","exp":1900000000}"#);
        assert_eq!(
            jwt_expiry(&format!("eyJhbGciOiJSUzI1NiJ9.{payload}.sig")),
            Some(1_900_000_000)
        );
        assert_eq!(jwt_expiry("opaque-token"), None);
    }

    #[test]
    fn short_tokens_renew_before_they_expire() {
        let exp = now_secs() + 100;
        let payload =
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!(r#"{{"exp":{exp}}}"#));
        let at = renew_time(&format!("h.{payload}.s"));
        assert!(at < exp && at >= exp - 10, "renew at {at}, exp {exp}");
    }
}
