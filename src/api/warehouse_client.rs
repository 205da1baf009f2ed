//! `WarehouseClient`: the fulfilment interface (`{wms_url}/v1/...`): login/refresh with bare
//! token answers, suppliers/buyers and products. Its envelope has no `status`; validation
//! failures arrive as HTTP 500 with `errors`.

use super::current::{LoginRequest, Tokens};
use super::current_client::join;
use super::decode::at;
use super::envelope::Page;
use super::error::{ApiError, Interface};
use super::http::{Call, ClientConfig, Http};
use super::token::{Authenticator, TokenKeeper};
use super::warehouse::*;
use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::Value;

pub(crate) struct WmsAuth {
    http: Http,
    base: url::Url,
}

const JSON_HEADERS: [(&str, String); 0] = [];

impl WmsAuth {
    async fn post_tokens(&self, path: &str, body: Value) -> Result<Tokens, ApiError> {
        let v = self
            .http
            .send(
                Interface::Warehouse,
                Call {
                    method: Method::POST,
                    url: join(&self.base, path),
                    token: None,
                    body: Some(&body),
                    headers: &JSON_HEADERS,
                    retry: false,
                },
            )
            .await?;
        at(v, "")
    }
}

impl Authenticator for WmsAuth {
    async fn login(&self, creds: &LoginRequest) -> Result<Tokens, ApiError> {
        self.post_tokens("v1/auth/login", serde_json::json!(creds))
            .await
    }

    async fn refresh(&self, refresh_token: &str) -> Result<Tokens, ApiError> {
        self.post_tokens(
            "v1/auth/refresh",
            serde_json::json!({ "refresh_token": refresh_token }),
        )
        .await
    }
}

pub struct WarehouseClient {
    keeper: TokenKeeper<WmsAuth>,
}

impl WarehouseClient {
    /// `base` is the interface root, for example `https://host/wms`.
    pub fn new(base: url::Url, config: ClientConfig) -> Result<Self, ApiError> {
        Ok(WarehouseClient {
            keeper: TokenKeeper::new(WmsAuth {
                http: Http::new(config)?,
                base,
            }),
        })
    }

    pub fn base(&self) -> &url::Url {
        &self.keeper.auth().base
    }

    /// `/v1/auth/login` with a phone or tax number and a password.
    pub async fn login(&self, login: &str, password: &str) -> Result<Tokens, ApiError> {
        self.keeper
            .login(LoginRequest {
                login: login.to_string(),
                password: password.to_string(),
            })
            .await
    }

    pub async fn logout(&self) {
        self.keeper.logout().await;
    }

    pub async fn is_logged_in(&self) -> bool {
        self.keeper.is_logged_in().await
    }

    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<Value>,
        pointer: &str,
    ) -> Result<T, ApiError> {
        let auth = self.keeper.auth();
        let mut url = join(&auth.base, path);
        if !query.is_empty() {
            url.query_pairs_mut()
                .extend_pairs(query.iter().map(|(k, v)| (*k, v.as_str())));
        }
        let retry = method == Method::GET;
        let mut token = self.keeper.access(None).await?;
        let mut renewed = false;
        loop {
            let result = auth
                .http
                .send(
                    Interface::Warehouse,
                    Call {
                        method: method.clone(),
                        url: url.clone(),
                        token: Some(&token),
                        body: body.as_ref(),
                        headers: &JSON_HEADERS,
                        retry,
                    },
                )
                .await;
            match result {
                Err(ApiError::Unauthorized { .. }) if !renewed => {
                    renewed = true;
                    token = self.keeper.access(Some(&token)).await?;
                }
                other => return at(other?, pointer),
            }
        }
    }

    fn json<T: serde::Serialize>(value: &T) -> Result<Value, ApiError> {
        serde_json::to_value(value)
            .map_err(|e| ApiError::decode(0, format!("cannot encode request: {e}"), b""))
    }

    /// `/v1/purveyor/create`.
    pub async fn create_purveyor(&self, input: &PurveyorInput) -> Result<Purveyor, ApiError> {
        self.call(
            Method::POST,
            "v1/purveyor/create",
            &[],
            Some(Self::json(input)?),
            "/data",
        )
        .await
    }

    /// `/v1/purveyor/clients`.
    pub async fn purveyors(&self, page: Option<u32>) -> Result<Page<Purveyor>, ApiError> {
        let q: Vec<(&str, String)> = page.map(|p| ("page", p.to_string())).into_iter().collect();
        self.call(Method::GET, "v1/purveyor/clients", &q, None, "/data")
            .await
    }

    /// `/v1/purveyor/client-status`: confirms the records stored on the caller's side.
    pub async fn confirm_purveyors(&self, ids: &[i64]) -> Result<String, ApiError> {
        let body = ClientStatusRequest {
            status: ids
                .iter()
                .map(|id| ClientStatusItem {
                    id: *id,
                    status: "ok".into(),
                })
                .collect(),
        };
        self.call(
            Method::POST,
            "v1/purveyor/client-status",
            &[],
            Some(Self::json(&body)?),
            "/message",
        )
        .await
    }

    /// `/v1/product/create`.
    pub async fn create_product(&self, input: &ProductInput) -> Result<Product, ApiError> {
        self.call(
            Method::POST,
            "v1/product/create",
            &[],
            Some(Self::json(input)?),
            "/data",
        )
        .await
    }
}
