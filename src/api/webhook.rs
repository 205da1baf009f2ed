//! Webhook registration (both interfaces) and the status notification the service POSTs.

use super::codes::Environment;
use super::lenient::{flag_bool, int_or_string, opt_int};
use serde::{Deserialize, Serialize};

/// `v1/webhook/add` (legacy) and `/v1/webhook/webhook-config` (current) request.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct WebhookConfigRequest {
    pub webhook_url: String,
    #[serde(with = "flag_bool", default)]
    pub has_token: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<Environment>,
    #[serde(
        rename = "partner-apiKey",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub partner_api_key: Option<String>,
}

/// Registration answer `data`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct WebhookConfig {
    pub webhook_url: String,
    /// Always `POST`.
    pub method: String,
    /// Date of entry.
    pub date: String,
    #[serde(with = "flag_bool", default)]
    pub has_token: bool,
    pub environment: Environment,
    #[serde(rename = "partner-apiKey", default)]
    pub partner_api_key: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct NotificationStatus {
    #[serde(with = "int_or_string")]
    pub id: i64,
    pub name: String,
    /// Present in the current interface's variant.
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub code: Option<i64>,
}

/// The body of a status-change notification.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Notification {
    #[serde(rename = "clientId", default)]
    pub client_id: Option<String>,
    #[serde(rename = "orderId", with = "int_or_string")]
    pub order_id: i64,
    pub barcode: String,
    pub status: NotificationStatus,
    /// `YYYY-MM-DD HH:MM:SS`.
    pub date: String,
    pub environment: Environment,
    #[serde(rename = "partner-apiKey", default)]
    pub partner_api_key: Option<String>,
    #[serde(rename = "trackingLink", default)]
    pub tracking_link: Option<String>,
}

/// Header names of a notification.
pub mod headers {
    pub const VERSION: &str = "Version";
    pub const ENVIRONMENT: &str = "environment";
    pub const PARTNER_KEY: &str = "partner-apiKey";
}
