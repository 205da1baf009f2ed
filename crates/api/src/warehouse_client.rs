//! `WarehouseClient`: the fulfilment interface (`{wms_url}/v1/...`): login/refresh with bare
//! token answers, the account ("about me"), suppliers/buyers and products with the server's own
//! verbs (list, view, create, update with PUT, delete with DELETE, confirm). Its envelope has no
//! `status`; validation failures arrive as HTTP 500 with `errors`.
//!
//! The server allows 50 requests per user in ten minutes and answers 429 past them without a
//! `Retry-After`: every call goes through a [`Pacer`] that keeps under the limit, and no call is
//! retried by the HTTP layer (each retry would count against it).

use super::current::Tokens;
use super::envelope::Page;
use super::error::ApiError;
use super::http::{ClientConfig, Http, json_body};
use super::pacer::Pacer;
use super::token::TokenKeeper;
use super::token_auth::{Bearer, TokenAuth};
use super::warehouse::*;
use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::Value;

pub struct WarehouseClient {
    keeper: TokenKeeper<TokenAuth>,
}

/// The server's limit: requests per user in a window.
pub const RATE_LIMIT: (usize, std::time::Duration) = (50, std::time::Duration::from_secs(600));

/// The two kinds of record the warehouse keeps, which share their routes' shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Purveyor,
    Product,
}

impl Kind {
    fn path(self, action: &str) -> String {
        let kind = match self {
            Kind::Purveyor => "purveyor",
            Kind::Product => "product",
        };
        format!("v1/{kind}/{action}")
    }
}

/// A record the warehouse keeps: of one kind, known by its id, shown by its name.
pub trait Record: DeserializeOwned + Send + 'static {
    const KIND: Kind;
    fn id(&self) -> i64;
    fn name(&self) -> &str;
}

impl Record for Purveyor {
    const KIND: Kind = Kind::Purveyor;
    fn id(&self) -> i64 {
        self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
}

impl Record for Product {
    const KIND: Kind = Kind::Product;
    fn id(&self) -> i64 {
        self.id
    }
    fn name(&self) -> &str {
        &self.fields.name
    }
}

/// What is sent to make or change a record; a lost create is found again by the code it sent.
pub trait RecordInput: serde::Serialize + Send + Sync + 'static {
    type Record: Record;
    fn code(&self) -> &str;
    /// Whether a record the server holds is the one this input made.
    fn made(&self, record: &Self::Record) -> bool;
}

impl RecordInput for PurveyorInput {
    type Record = Purveyor;
    fn code(&self) -> &str {
        &self.code
    }
    fn made(&self, p: &Purveyor) -> bool {
        p.code == self.code && p.name == self.name && p.full_name == self.full_name
    }
}

impl RecordInput for ProductInput {
    type Record = Product;
    fn code(&self) -> &str {
        &self.code
    }
    fn made(&self, p: &Product) -> bool {
        p.fields.code == self.code && p.fields.gtin == self.gtin
    }
}

impl WarehouseClient {
    /// `base` is the interface root, for example `https://host/wms`.
    pub fn new(base: url::Url, config: ClientConfig) -> Result<Self, ApiError> {
        Self::paced(base, config, Pacer::new(RATE_LIMIT.0, RATE_LIMIT.1))
    }

    /// With a pacer of another limit (a deployment with its own, or a test).
    pub fn paced(base: url::Url, config: ClientConfig, pacer: Pacer) -> Result<Self, ApiError> {
        Ok(WarehouseClient {
            keeper: TokenKeeper::new(TokenAuth::warehouse(Http::new(config)?, base, pacer)),
        })
    }

    /// How long requests are held back to stay under the server's limit, when they are.
    pub fn waiting(&self) -> Option<std::time::Duration> {
        self.keeper.auth().pacer.as_ref()?.waiting()
    }

    pub fn base(&self) -> &url::Url {
        &self.keeper.auth().base
    }

    /// `/v1/auth/login` with a phone or tax number and a password.
    pub async fn login(&self, login: &str, password: &str) -> Result<Tokens, ApiError> {
        self.keeper.log_in(login, password).await
    }

    pub async fn logout(&self) {
        self.keeper.logout().await;
    }

    /// `/v1/auth/about-me`: the account's own details (a bare object).
    pub async fn about_me(&self) -> Result<AboutMe, ApiError> {
        let request = Bearer::new(Method::GET, "v1/auth/about-me");
        self.keeper.call(request, "").await
    }

    /// One page of the company's records (`clients`): `per_page` 0 asks for all on one page;
    /// `filters` are column names with the text they must contain.
    pub async fn list<T: DeserializeOwned>(
        &self,
        kind: Kind,
        page: u32,
        per_page: u32,
        filters: &[(&str, String)],
    ) -> Result<Page<T>, ApiError> {
        let mut q: Vec<(&str, String)> = vec![
            ("page", page.to_string()),
            ("per-page", per_page.to_string()),
        ];
        q.extend(filters.iter().cloned());
        let path = kind.path("clients");
        self.keeper
            .call(Bearer::new(Method::GET, &path).query(&q), "/data")
            .await
    }

    /// One record by id (`view`).
    pub async fn view<T: DeserializeOwned>(&self, kind: Kind, id: i64) -> Result<T, ApiError> {
        let q = [("id", id.to_string())];
        let path = kind.path("view");
        self.keeper
            .call(Bearer::new(Method::GET, &path).query(&q), "/data")
            .await
    }

    async fn write<T: DeserializeOwned>(
        &self,
        method: Method,
        path: String,
        id: Option<i64>,
        body: Value,
    ) -> Result<T, ApiError> {
        let q: Vec<(&str, String)> = id.map(|id| ("id", id.to_string())).into_iter().collect();
        let request = Bearer::new(method, &path).query(&q).body(body);
        self.keeper.call(request, "/data").await
    }

    /// `/v1/{kind}/create`.
    pub async fn create<I: RecordInput>(&self, input: &I) -> Result<I::Record, ApiError> {
        let path = I::Record::KIND.path("create");
        self.write(Method::POST, path, None, json_body(input)?)
            .await
    }

    /// `/v1/{kind}/update?id=` (PUT): the record is new again until confirmed.
    pub async fn update<I: RecordInput>(&self, id: i64, input: &I) -> Result<I::Record, ApiError> {
        let path = I::Record::KIND.path("update");
        self.write(Method::PUT, path, Some(id), json_body(input)?)
            .await
    }

    /// `/v1/{kind}/delete?id=` (DELETE; the server answers 204 and keeps the row, hidden).
    pub async fn delete(&self, kind: Kind, id: i64) -> Result<(), ApiError> {
        let q = [("id", id.to_string())];
        let path = kind.path("delete");
        let request = Bearer::new(Method::DELETE, &path).query(&q);
        let _: Value = self.keeper.call(request, "").await?;
        Ok(())
    }

    /// `/v1/purveyor/clients`, first page or the one asked (20 a page).
    pub async fn purveyors(&self, page: Option<u32>) -> Result<Page<Purveyor>, ApiError> {
        self.list(Kind::Purveyor, page.unwrap_or(1), 20, &[]).await
    }

    /// `/v1/{kind}/client-status`: confirms the records stored on the caller's side; the
    /// service's message says how many moved.
    pub async fn confirm(&self, kind: Kind, ids: &[i64]) -> Result<String, ApiError> {
        let body = ClientStatusRequest {
            status: ids
                .iter()
                .map(|id| ClientStatusItem {
                    id: *id,
                    status: "ok".into(),
                })
                .collect(),
        };
        let path = kind.path("client-status");
        let request = Bearer::new(Method::POST, &path).body(json_body(&body)?);
        self.keeper.call(request, "/message").await
    }

    /// `/v1/purveyor/client-status`.
    pub async fn confirm_purveyors(&self, ids: &[i64]) -> Result<String, ApiError> {
        self.confirm(Kind::Purveyor, ids).await
    }
}
