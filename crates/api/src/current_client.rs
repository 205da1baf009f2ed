//! `CurrentClient`: the `{api_url}/v1/...` interface with its envelope, bearer token (refreshed
//! ahead of expiry and after a 401) and the `language` header.

use super::current::*;
use super::directory::{CodedBranch, CodedCity, CodedRegion, Country, IdName, StatusInfo};
use super::envelope::Page;
use super::error::ApiError;
use super::http::{ClientConfig, Http, json_body};
use super::international::{IntlCalcRequest, IntlCalcResponse, IntlListQuery, IntlOrder};
use super::token::TokenKeeper;
use super::token_auth::{Bearer, TokenAuth};
use super::webhook::{WebhookConfig, WebhookConfigRequest};
use reqwest::Method;
use serde::de::DeserializeOwned;
use std::marker::PhantomData;

/// Directory readers ask for this many items a page (field notes).
pub const DIRECTORY_PAGE_SIZE: u32 = 200;

/// The current interface's client: a session of bearer tokens, renewed as they run out.
pub struct CurrentClient {
    keeper: TokenKeeper<TokenAuth>,
}

impl CurrentClient {
    /// `base` is the interface root, for example `https://host/api`.
    pub fn new(base: url::Url, config: ClientConfig) -> Result<Self, ApiError> {
        let http = Http::new(config)?;
        Ok(CurrentClient {
            keeper: TokenKeeper::new(TokenAuth::current(http, base)),
        })
    }

    pub fn base(&self) -> &url::Url {
        &self.keeper.auth().base
    }

    /// `/auth/login`; the credentials stay in memory for silent renewal.
    pub async fn login(&self, login: &str, password: &str) -> Result<Tokens, ApiError> {
        self.keeper.log_in(login, password).await
    }

    /// Uses tokens obtained elsewhere (no credentials kept: renewal is by refresh only).
    pub async fn use_tokens(&self, tokens: Tokens) {
        self.keeper.set_tokens(tokens).await;
    }

    pub async fn logout(&self) {
        self.keeper.logout().await;
    }

    /// A request of the session; what the answer's envelope holds under `data`.
    async fn call<T: DeserializeOwned>(&self, request: Bearer<'_>) -> Result<T, ApiError> {
        self.keeper.call(request, "/data").await
    }

    /// A request about one order, named in the query (`?orderId=`).
    async fn of_order<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        order_id: i64,
        retry: bool,
    ) -> Result<T, ApiError> {
        let query = [("orderId", order_id.to_string())];
        self.call(Bearer::new(method, path).query(&query).retry(retry))
            .await
    }

    /// A read of one order: a GET of `path?orderId=`, safe to send again.
    async fn read_order<T: DeserializeOwned>(
        &self,
        path: &str,
        order_id: i64,
    ) -> Result<T, ApiError> {
        self.of_order(Method::GET, path, order_id, true).await
    }

    /// A POST of `body` as JSON.
    async fn post<T: DeserializeOwned>(
        &self,
        path: &str,
        body: &impl serde::Serialize,
        retry: bool,
    ) -> Result<T, ApiError> {
        self.call(
            Bearer::new(Method::POST, path)
                .body(json_body(body)?)
                .retry(retry),
        )
        .await
    }

    fn page_query(page: Option<u32>, per_page: Option<u32>) -> Vec<(&'static str, String)> {
        let mut q = Vec::new();
        if let Some(p) = page {
            q.push(("page", p.to_string()));
        }
        if let Some(pp) = per_page {
            q.push(("per-page", pp.to_string()));
        }
        q
    }

    /// One page of a paged directory: `filters` are added to the query when given.
    async fn paged<T: DeserializeOwned>(
        &self,
        path: &str,
        filters: &[(&'static str, Option<&str>)],
        page: Option<u32>,
        per_page: Option<u32>,
    ) -> Result<Page<T>, ApiError> {
        let mut q = Self::page_query(page, per_page);
        q.extend(
            filters
                .iter()
                .filter_map(|(name, v)| v.map(|v| (*name, v.to_string()))),
        );
        self.call(Bearer::new(Method::GET, path).query(&q).retry(true))
            .await
    }

    /// `/v1/order/add`.
    pub async fn add_order(&self, order: &OrderInput) -> Result<OrderRecord, ApiError> {
        self.post("v1/order/add", order, false).await
    }

    /// `/v1/order/edit?orderId=`.
    pub async fn edit_order(
        &self,
        order_id: i64,
        order: &OrderInput,
    ) -> Result<OrderRecord, ApiError> {
        let query = [("orderId", order_id.to_string())];
        let request = Bearer::new(Method::POST, "v1/order/edit").query(&query);
        self.call(request.body(json_body(order)?)).await
    }

    /// `/v1/order/detail?orderId=`.
    pub async fn order_detail(&self, order_id: i64) -> Result<OrderRecord, ApiError> {
        self.read_order("v1/order/detail", order_id).await
    }

    /// `/v1/order/track?orderId=`.
    pub async fn track(&self, order_id: i64) -> Result<OrderStatusData, ApiError> {
        self.read_order("v1/order/track", order_id).await
    }

    /// `/v1/order-cancel/index?orderId=` (POST; the id travels in the query).
    pub async fn cancel_order(&self, order_id: i64) -> Result<OrderStatusData, ApiError> {
        self.of_order(Method::POST, "v1/order-cancel/index", order_id, false)
            .await
    }

    /// `/v1/order/sticker?orderId=`: a temporary link to the service's PDF sticker.
    pub async fn sticker(&self, order_id: i64) -> Result<Sticker, ApiError> {
        self.read_order("v1/order/sticker", order_id).await
    }

    /// POST `/v1/order/sticker`: one PDF for up to 50 orders.
    pub async fn stickers(&self, order_ids: &[i64]) -> Result<Sticker, ApiError> {
        if order_ids.is_empty() || order_ids.len() > STICKER_BATCH_MAX {
            return Err(ApiError::Validation {
                message: None,
                fields: [(
                    "orderIds".to_string(),
                    vec![format!(
                        "between 1 and {STICKER_BATCH_MAX} orders, not {}",
                        order_ids.len()
                    )],
                )]
                .into(),
            });
        }
        let batch = StickerBatch {
            order_ids: order_ids.to_vec(),
        };
        self.post("v1/order/sticker", &batch, true).await
    }

    /// `/v1/order-calculate/index`: prices of the four pickup/drop-off pairs.
    pub async fn calculate(&self, req: &DomesticCalcRequest) -> Result<DomesticQuotes, ApiError> {
        self.post("v1/order-calculate/index", req, true).await
    }

    /// `/v1/order-calculate/international`.
    pub async fn calculate_international(
        &self,
        req: &IntlCalcRequest,
    ) -> Result<IntlCalcResponse, ApiError> {
        self.post("v1/order-calculate/international", req, true)
            .await
    }

    /// One page of a reference list without filters.
    pub async fn list<T: DeserializeOwned>(
        &self,
        listing: &Listing<T>,
        page: Option<u32>,
        per_page: Option<u32>,
    ) -> Result<Page<T>, ApiError> {
        self.paged(listing.path, &[], page, per_page).await
    }

    /// `/v1/directory/cities?regionCode=`.
    pub async fn cities(
        &self,
        region_code: Option<&str>,
        page: Option<u32>,
        per_page: Option<u32>,
    ) -> Result<Page<CodedCity>, ApiError> {
        self.paged(
            "v1/directory/cities",
            &[("regionCode", region_code)],
            page,
            per_page,
        )
        .await
    }

    /// `/v1/directory/branches?regionCode=&cityCode=`.
    pub async fn branches(
        &self,
        region_code: Option<&str>,
        city_code: Option<&str>,
        page: Option<u32>,
        per_page: Option<u32>,
    ) -> Result<Page<CodedBranch>, ApiError> {
        self.paged(
            "v1/directory/branches",
            &[("regionCode", region_code), ("cityCode", city_code)],
            page,
            per_page,
        )
        .await
    }

    /// `/v1/webhook/webhook-config`, sent by POST as every integrator does.
    pub async fn webhook_config(
        &self,
        req: &WebhookConfigRequest,
    ) -> Result<WebhookConfig, ApiError> {
        self.post("v1/webhook/webhook-config", req, false).await
    }

    /// `/v1/order/international-list`.
    pub async fn international_orders(
        &self,
        query: &IntlListQuery,
    ) -> Result<Page<IntlOrder>, ApiError> {
        let mut q = Self::page_query(query.page, query.per_page);
        if let Some(d) = query.begin_date {
            q.push(("beginDate", d.format("%Y-%m-%d").to_string()));
        }
        if let Some(d) = query.end_date {
            q.push(("endDate", d.format("%Y-%m-%d").to_string()));
        }
        let request = Bearer::new(Method::GET, "v1/order/international-list");
        self.call(request.query(&q).retry(true)).await
    }
}

/// A reference list of the current interface read page by page: where it is and what a row is.
pub struct Listing<T> {
    path: &'static str,
    row: PhantomData<fn() -> T>,
}

impl<T> Listing<T> {
    const fn at(path: &'static str) -> Self {
        Listing {
            path,
            row: PhantomData,
        }
    }
}

/// `/v1/status/index`.
pub const STATUSES: Listing<StatusInfo> = Listing::at("v1/status/index");
/// `/v1/directory/countries`.
pub const COUNTRIES: Listing<Country> = Listing::at("v1/directory/countries");
/// `/v1/directory/regions`.
pub const REGIONS: Listing<CodedRegion> = Listing::at("v1/directory/regions");
/// `/v1/package/index`: packaging types.
pub const PACKAGING_TYPES: Listing<IdName> = Listing::at("v1/package/index");
/// `/v1/inside/index`: shipment types.
pub const SHIPMENT_TYPES: Listing<IdName> = Listing::at("v1/inside/index");

/// Reads every page of a paged list.
pub async fn all_pages<T, F, Fut>(fetch: F) -> Result<Vec<T>, ApiError>
where
    F: FnMut(u32) -> Fut,
    Fut: std::future::Future<Output = Result<Page<T>, ApiError>>,
{
    super::envelope::every_page(&Default::default(), fetch).await
}
