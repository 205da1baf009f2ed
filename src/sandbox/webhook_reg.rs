//! Webhook registration as both interfaces take it (legacy `v1/webhook/add`, current
//! `webhook-config`): one set of checks, one record per customer.

use super::http_util::*;
use super::messages as msg;
use super::model::{Iface, WebhookReg};
use super::shared::Shared;
use super::world::local_now;
use crate::api::codes::{Environment, Language};
use crate::api::webhook::{WebhookConfig, WebhookConfigRequest};
use serde_json::Value;

/// Registration shared by both interfaces; `environment_required` on the current one.
pub fn webhook_config(
    s: &Shared,
    lang: Language,
    customer: i64,
    raw: &Value,
    via: Iface,
    environment_required: bool,
) -> Result<WebhookConfig, crate::api::FieldErrors> {
    let mut check = Check::new(lang);
    check.required(raw, &["webhook_url"]);
    if environment_required {
        check.required(raw, &["environment"]);
    }
    if let Some(env) = raw.get("environment").and_then(Value::as_str)
        && Environment::parse(env).is_none()
    {
        check.push("environment", msg::invalid(lang, "environment"));
    }
    if !check.ok() {
        return Err(check.fields);
    }
    let raw = &with_contract_key_name(raw);
    let Some(req) = check.typed::<WebhookConfigRequest>(raw) else {
        return Err(check.fields);
    };
    match url::Url::parse(req.webhook_url.trim()) {
        Ok(u) if u.scheme() == "http" || u.scheme() == "https" => {}
        _ => check.push("webhook_url", msg::invalid(lang, "webhook_url")),
    }
    check.max_len("partner-apiKey", req.partner_api_key.as_deref(), 512);
    if !check.ok() {
        return Err(check.fields);
    }
    let date = local_now().format("%Y-%m-%d").to_string();
    let environment = req.environment.unwrap_or_default();
    s.world().set_webhook(WebhookReg {
        customer_id: customer,
        url: req.webhook_url.trim().to_string(),
        has_token: req.has_token,
        environment,
        api_key: req.partner_api_key.clone(),
        via,
        date: date.clone(),
    });
    Ok(WebhookConfig {
        webhook_url: req.webhook_url.trim().to_string(),
        method: "POST".into(),
        date,
        has_token: req.has_token,
        environment,
        partner_api_key: req.partner_api_key,
        other: Default::default(),
    })
}

/// Production names the API key with the provider's prefix (`<prefix>-apiKey`); the contract
/// writes `partner-apiKey`. Any `*-apiKey` field is taken as the key when the contract's is absent.
fn with_contract_key_name(raw: &Value) -> Value {
    let mut body = raw.clone();
    if let Some(map) = body.as_object_mut()
        && !map.contains_key(crate::api::webhook::headers::PARTNER_KEY)
        && let Some(name) = map.keys().find(|k| k.ends_with("-apiKey")).cloned()
        && let Some(key) = map.remove(&name)
    {
        map.insert(crate::api::webhook::headers::PARTNER_KEY.to_string(), key);
    }
    body
}
