//! The twin's own lookup route (`GET /sandbox/orders?wcs_code=`), which the desk uses in demo
//! mode to resolve a create whose answer was lost. The real service offers no such lookup; there
//! the desk asks the clerk instead.

use super::error::{ApiError, Interface};
use super::http::{Call, ClientConfig, Http};
use reqwest::Method;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct FoundOrder {
    #[serde(rename = "orderId")]
    pub order_id: i64,
    pub barcode: String,
}

pub struct SandboxClient {
    http: Http,
    base: url::Url,
}

impl SandboxClient {
    /// `base` is the twin's control listener, for example `http://127.0.0.1:8090`.
    pub fn new(base: url::Url, config: ClientConfig) -> Result<Self, ApiError> {
        Ok(SandboxClient {
            http: Http::new(config)?,
            base,
        })
    }

    /// Orders carrying this idempotency key (zero or one).
    pub async fn find_by_wcs(&self, wcs_code: &str) -> Result<Vec<FoundOrder>, ApiError> {
        let mut url = super::http::join(&self.base, "sandbox/orders");
        url.query_pairs_mut().append_pair("wcs_code", wcs_code);
        let v = self
            .http
            .send(
                Interface::Legacy,
                Call {
                    method: Method::GET,
                    url,
                    token: None,
                    body: None,
                    headers: &[],
                    retry: true,
                    again_if_closed: false,
                },
            )
            .await?;
        super::decode::at(v, "")
    }
}
