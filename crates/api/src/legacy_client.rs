//! `LegacyClient`: the `{base_url}?r=route` interface, one method per route.
//!
//! The legacy token's lifetime is not documented; it is reused for at most 50 minutes, and a call
//! refused in a way that may be the token's (see `token_refusal`: by the answer's shape and status,
//! not its words) fetches a new token and is sent once more: a refusal means nothing was done.
//! Refused again, the second answer is the call's.

use super::decode::at;
use super::directory::{Branch, City, IdName, Region};
use super::envelope::DataList;
use super::error::{ApiError, Interface};
use super::http::{Call, ClientConfig, Http, json_body};
use super::international::{
    ManifestInput, ManifestResult, ParcelCreated, ParcelInput, ParcelTrack,
};
use super::legacy::*;
use super::token_refusal::may_be_the_token;
use super::webhook::{WebhookConfig, WebhookConfigRequest};
use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

const TOKEN_REUSE: Duration = Duration::from_secs(50 * 60);

#[derive(Default)]
struct Auth {
    creds: Option<TokenRequest>,
    token: Option<(String, Instant)>,
}

pub struct LegacyClient {
    http: Http,
    base: url::Url,
    auth: Mutex<Auth>,
}

impl LegacyClient {
    /// `base` is the legacy entry point, for example `https://host/legacy/index.php`.
    pub fn new(base: url::Url, config: ClientConfig) -> Result<Self, ApiError> {
        Ok(LegacyClient {
            http: Http::new(config)?,
            base,
            auth: Mutex::new(Auth::default()),
        })
    }

    pub fn base(&self) -> &url::Url {
        &self.base
    }

    fn url(&self, route: &str, params: &[(&str, String)]) -> url::Url {
        let mut url = self.base.clone();
        // The route is written as is (`r=v1/order/add`), as the service documents it.
        let mut query = format!("r={route}");
        for (k, v) in params {
            query.push('&');
            query.push_str(
                &url::form_urlencoded::Serializer::new(String::new())
                    .append_pair(k, v)
                    .finish(),
            );
        }
        url.set_query(Some(&query));
        url
    }

    /// `v1/auth/get-token`. The credentials stay in memory for silent renewal.
    pub async fn get_token(&self, creds: TokenRequest) -> Result<String, ApiError> {
        let token = self.fetch_token(&creds).await?;
        let mut auth = self.auth.lock().await;
        auth.token = Some((token.clone(), Instant::now()));
        auth.creds = Some(creds);
        Ok(token)
    }

    async fn fetch_token(&self, creds: &TokenRequest) -> Result<String, ApiError> {
        let body = json_body(creds)?;
        let v = self
            .http
            .send(
                Interface::Legacy,
                Call {
                    method: Method::POST,
                    url: self.url("v1/auth/get-token", &[]),
                    token: None,
                    body: Some(&body),
                    headers: &[],
                    retry: false,
                    // Asking for a token changes nothing the clerk made.
                    again_if_closed: true,
                },
            )
            .await?;
        let data: TokenData = at(v, "/data")?;
        Ok(data.token)
    }

    pub async fn logout(&self) {
        *self.auth.lock().await = Auth::default();
    }

    pub async fn is_logged_in(&self) -> bool {
        self.auth.lock().await.token.is_some()
    }

    async fn token(&self, stale: Option<&str>) -> Result<String, ApiError> {
        let mut auth = self.auth.lock().await;
        if let Some((token, at)) = &auth.token {
            let fresh = at.elapsed() < TOKEN_REUSE;
            let replaced = stale.is_some_and(|s| s != token);
            if (fresh && stale.is_none()) || replaced {
                return Ok(token.clone());
            }
        }
        let Some(creds) = auth.creds.clone() else {
            return Err(ApiError::Unauthorized {
                message: "not logged in".into(),
            });
        };
        let token = self.fetch_token(&creds).await?;
        auth.token = Some((token.clone(), Instant::now()));
        Ok(token)
    }

    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        route: &str,
        params: &[(&str, String)],
        body: Option<Value>,
        retry: bool,
        pointer: &str,
    ) -> Result<T, ApiError> {
        let url = self.url(route, params);
        let mut token = self.token(None).await?;
        let mut renewed = false;
        loop {
            let result = self
                .http
                .send(
                    Interface::Legacy,
                    Call {
                        method: method.clone(),
                        url: url.clone(),
                        token: Some(&token),
                        body: body.as_ref(),
                        headers: &[],
                        retry,
                        again_if_closed: false,
                    },
                )
                .await;
            match result {
                // Deployments answer a rejected token with 401, 400 or 403, in words of their
                // own: one new token and one more try (nothing was done the first time).
                Err(ref e) if !renewed && may_be_the_token(e) => {
                    tracing::info!("legacy call refused, renewing the token once: {e}");
                    renewed = true;
                    token = self.token(Some(&token)).await?;
                }
                other => return at(other?, pointer),
            }
        }
    }

    /// A read: a GET the pacer may send again after a dropped line (it changes nothing).
    async fn read<T: DeserializeOwned>(
        &self,
        route: &str,
        params: &[(&str, String)],
    ) -> Result<T, ApiError> {
        self.call(Method::GET, route, params, None, true, "").await
    }

    /// A write: a POST of one JSON body, never sent twice by the client itself (whether to try
    /// again is the outbox's call, with the order's own key).
    async fn write<T: DeserializeOwned, B: serde::Serialize>(
        &self,
        route: &str,
        body: &B,
        pointer: &str,
    ) -> Result<T, ApiError> {
        self.call(
            Method::POST,
            route,
            &[],
            Some(json_body(body)?),
            false,
            pointer,
        )
        .await
    }

    /// `v1/order/add`.
    pub async fn add_order(&self, order: &OrderInput) -> Result<OrderRecord, ApiError> {
        self.write("v1/order/add", order, "").await
    }

    /// `v1/order/edit`; `order.order_id` must be set.
    pub async fn edit_order(&self, order: &OrderInput) -> Result<OrderRecord, ApiError> {
        if order.order_id.is_none() {
            return Err(ApiError::Validation {
                message: None,
                fields: [(
                    "orderId".to_string(),
                    vec!["orderId is required to edit".to_string()],
                )]
                .into(),
            });
        }
        self.write("v1/order/edit", order, "").await
    }

    /// `v1/order/reg-good`.
    pub async fn register_good(&self, good: &GoodInput) -> Result<RegisteredGood, ApiError> {
        let receipt: RegisteredGoodReceipt = self.write("v1/order/reg-good", good, "").await?;
        Ok(receipt.into())
    }

    /// `v1/order/list-goods`.
    pub async fn list_goods(&self) -> Result<Vec<RegisteredGood>, ApiError> {
        self.read("v1/order/list-goods", &[]).await
    }

    /// `v1/order/detail&id=`.
    pub async fn order_detail(&self, id: i64) -> Result<OrderDetail, ApiError> {
        self.read("v1/order/detail", &by_id(id)).await
    }

    /// `v1/order/cancel&id=`. A GET on the wire, but it changes state: never retried.
    pub async fn cancel_order(&self, id: i64) -> Result<CancelResponse, ApiError> {
        self.call(Method::GET, "v1/order/cancel", &by_id(id), None, false, "")
            .await
    }

    /// `v1/order/calculate`. Creates nothing, so it is safe to retry.
    pub async fn calculate(&self, req: &CalculateRequest) -> Result<CalculateResponse, ApiError> {
        self.call(
            Method::POST,
            "v1/order/calculate",
            &[],
            Some(json_body(req)?),
            true,
            "",
        )
        .await
    }

    /// `v1/order/track&id=`.
    pub async fn track(&self, id: i64) -> Result<TrackResponse, ApiError> {
        self.read("v1/order/track", &by_id(id)).await
    }

    /// `v1/order/history&id=`.
    pub async fn history(&self, id: i64) -> Result<Vec<HistoryEntry>, ApiError> {
        self.read("v1/order/history", &by_id(id)).await
    }

    /// `v1/order/cancellation&id=`.
    pub async fn cancellation(&self, id: i64) -> Result<Vec<CancellationReason>, ApiError> {
        self.read("v1/order/cancellation", &by_id(id)).await
    }

    /// `v1/webhook/add`.
    pub async fn add_webhook(&self, req: &WebhookConfigRequest) -> Result<WebhookConfig, ApiError> {
        self.write("v1/webhook/add", req, "/data").await
    }

    /// `v1/international/add`.
    pub async fn add_parcel(&self, parcel: &ParcelInput) -> Result<ParcelCreated, ApiError> {
        self.write("v1/international/add", parcel, "").await
    }

    /// `v1/international/track-by-barcode&barcode=`.
    pub async fn track_parcel(&self, barcode: &str) -> Result<ParcelTrack, ApiError> {
        self.read(
            "v1/international/track-by-barcode",
            &[("barcode", barcode.to_string())],
        )
        .await
    }

    /// `v1/international/manifest`.
    pub async fn submit_manifest(
        &self,
        manifest: &ManifestInput,
    ) -> Result<ManifestResult, ApiError> {
        self.write("v1/international/manifest", manifest, "").await
    }

    async fn directory<T: DeserializeOwned>(
        &self,
        route: &str,
        params: &[(&str, String)],
    ) -> Result<Vec<T>, ApiError> {
        let list: DataList<T> = self
            .call(Method::GET, route, params, None, true, "")
            .await?;
        Ok(list.data)
    }

    /// `directory/regions`.
    pub async fn regions(&self) -> Result<Vec<Region>, ApiError> {
        self.directory("directory/regions", &[]).await
    }

    /// `directory/cities`, optionally of one region.
    pub async fn cities(&self, region_id: Option<i64>) -> Result<Vec<City>, ApiError> {
        let params = only_if("regionId", region_id);
        self.directory("directory/cities", &params).await
    }

    /// `directory/branches`, optionally of one region.
    pub async fn branches(&self, region_id: Option<i64>) -> Result<Vec<Branch>, ApiError> {
        let params = only_if("regionId", region_id);
        self.directory("directory/branches", &params).await
    }

    /// `directory/branches-with-city`, optionally of one city.
    pub async fn branches_with_city(&self, city_id: Option<i64>) -> Result<Vec<Branch>, ApiError> {
        let params = only_if("cityId", city_id);
        self.directory("directory/branches-with-city", &params)
            .await
    }

    /// `directory/post-types`: shipment types.
    pub async fn shipment_types(&self) -> Result<Vec<IdName>, ApiError> {
        self.directory("directory/post-types", &[]).await
    }

    /// `directory/packages`: packaging types.
    pub async fn packaging_types(&self) -> Result<Vec<IdName>, ApiError> {
        self.directory("directory/packages", &[]).await
    }

    /// `directory/yes-no`.
    pub async fn yes_no(&self) -> Result<Vec<IdName>, ApiError> {
        self.directory("directory/yes-no", &[]).await
    }

    /// `directory/statuses`: the legacy status list.
    pub async fn statuses(&self) -> Result<Vec<StatusRef>, ApiError> {
        self.directory("directory/statuses", &[]).await
    }
}

/// The `id=` query of the routes that name one order.
fn by_id(id: i64) -> [(&'static str, String); 1] {
    [("id", id.to_string())]
}

/// A query of one optional number: nothing when it is not given.
fn only_if(name: &'static str, value: Option<i64>) -> Vec<(&'static str, String)> {
    value.map(|v| (name, v.to_string())).into_iter().collect()
}
