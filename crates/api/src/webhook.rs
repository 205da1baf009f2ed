//! Webhook registration (both interfaces) and the status notification the service POSTs.

use super::codes::Environment;
use super::lenient::{flag_bool, int_or_string, opt_int};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// `v1/webhook/add` (legacy) and `/v1/webhook/webhook-config` (current) request.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct WebhookConfigRequest {
    pub webhook_url: String,
    #[serde(with = "flag_bool", default)]
    pub has_token: bool,
    pub environment: Option<Environment>,
    #[serde(rename = "partner-apiKey")]
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
    /// The partner's key, and the fields the contract does not name.
    #[serde(flatten)]
    pub key: PartnerKey,
}

impl WebhookConfig {
    /// The API key under the contract's name or production's `<prefix>-apiKey`.
    pub fn api_key(&self) -> Option<&str> {
        self.key.get()
    }
}

#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct NotificationStatus {
    #[serde(with = "int_or_string")]
    pub id: i64,
    pub name: String,
    /// Present in the current interface's variant.
    #[serde(with = "opt_int", default)]
    pub code: Option<i64>,
}

/// The body of a status-change notification.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    #[serde(default)]
    pub client_id: Option<String>,
    #[serde(with = "int_or_string")]
    pub order_id: i64,
    pub barcode: String,
    pub status: NotificationStatus,
    /// `YYYY-MM-DD HH:MM:SS`.
    pub date: String,
    pub environment: Environment,
    #[serde(default)]
    pub tracking_link: Option<String>,
    /// The partner's key, and the fields the contract does not name.
    #[serde(flatten)]
    pub key: PartnerKey,
}

impl Notification {
    /// The API key under the contract's name or production's `<prefix>-apiKey`.
    pub fn api_key(&self) -> Option<&str> {
        self.key.get()
    }
}

/// The partner's API key as a registration answer or a notification carries it: under the
/// contract's name (`partner-apiKey`, the only name it is written under) or, as production sends
/// it, `<prefix>-apiKey` among the fields the contract does not name (kept as they came).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct PartnerKey {
    #[serde(rename = "partner-apiKey", default)]
    pub partner_api_key: Option<String>,
    #[serde(flatten, default, skip_serializing_if = "BTreeMap::is_empty")]
    pub other: BTreeMap<String, Value>,
}

impl PartnerKey {
    /// A key under the contract's name.
    pub fn new(key: Option<String>) -> PartnerKey {
        PartnerKey {
            partner_api_key: key,
            other: BTreeMap::new(),
        }
    }

    /// The contract's key when present, else the first `*-apiKey` field that holds text.
    pub fn get(&self) -> Option<&str> {
        self.partner_api_key.as_deref().or_else(|| {
            self.other
                .iter()
                .filter(|(name, _)| name.ends_with("-apiKey"))
                .find_map(|(_, v)| v.as_str())
        })
    }
}

/// Header names of a notification.
pub mod headers {
    pub const VERSION: &str = "Version";
    pub const ENVIRONMENT: &str = "environment";
    pub const PARTNER_KEY: &str = "partner-apiKey";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_read_under_the_providers_prefix_as_well() {
        let answer: WebhookConfig = serde_json::from_value(serde_json::json!({
            "webhook_url": "https://shop.example/hook", "method": "POST", "date": "2026-11-23",
            "has_token": 1, "environment": "test", "acme-apiKey": "from-production"
        }))
        .expect("decodes");
        assert_eq!(answer.api_key(), Some("from-production"));
        let contract: WebhookConfig = serde_json::from_value(serde_json::json!({
            "webhook_url": "https://shop.example/hook", "method": "POST", "date": "2026-11-23",
            "has_token": 0, "environment": "test", "partner-apiKey": "from-contract"
        }))
        .expect("decodes");
        assert_eq!(contract.api_key(), Some("from-contract"));
        // Written back in the contract's form only.
        let written = serde_json::to_value(&contract).expect("encodes");
        assert!(written.get("partner-apiKey").is_some());
    }
}
