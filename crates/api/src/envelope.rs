//! The response envelopes of the three interfaces and the paged list shape, shared by the clients
//! (which read them) and the twin (which writes them).

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// Legacy token and webhook envelope: `{data, state: null, message: null | {text}, code}`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct LegacyEnvelope<T> {
    pub data: Option<T>,
    pub state: Option<Value>,
    pub message: Option<LegacyMessage>,
    pub code: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct LegacyMessage {
    pub text: String,
}

impl<T> LegacyEnvelope<T> {
    pub fn ok(data: T) -> Self {
        LegacyEnvelope {
            data: Some(data),
            state: None,
            message: None,
            code: 200,
        }
    }
}

/// Legacy `{data: [...]}` directory answer.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct DataList<T> {
    pub data: Vec<T>,
}

/// Current interface envelope: `{status, message, status_code, data}` or `errors` on failure.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Envelope<T> {
    pub status: bool,
    pub message: String,
    pub status_code: i64,
    #[serde(default = "none")]
    pub data: Option<T>,
    pub errors: Option<Value>,
}

fn none<T>() -> Option<T> {
    None
}

impl<T> Envelope<T> {
    pub fn ok(message: impl Into<String>, data: T) -> Self {
        Envelope {
            status: true,
            message: message.into(),
            status_code: 200,
            data: Some(data),
            errors: None,
        }
    }
}

/// The framework's own error body (400 missing parameter, 401 bad token on the current interface).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FrameworkError {
    pub name: String,
    pub message: String,
    pub code: i64,
    pub status: i64,
    #[serde(rename = "type")]
    pub kind: String,
}

/// Warehouse envelope: `{message, data?, errors?}`, no `status`.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct WmsEnvelope<T> {
    pub message: String,
    #[serde(default = "none")]
    pub data: Option<T>,
    pub errors: Option<Value>,
}

/// A paged list: `data.items`, `data._links`, `data._meta`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    #[serde(rename = "_links")]
    pub links: PageLinks,
    #[serde(rename = "_meta")]
    pub meta: PageMeta,
}

impl<T> Page<T> {
    /// True when a later page exists.
    pub fn has_next(&self) -> bool {
        self.meta.current_page < self.meta.page_count
    }
}

/// `_links`: relative URLs, written as strings (some deployments wrap them as `{href}`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct PageLinks {
    #[serde(rename = "self", deserialize_with = "link", default)]
    pub this: Option<String>,
    #[serde(deserialize_with = "link", default)]
    pub first: Option<String>,
    #[serde(deserialize_with = "link", default)]
    pub last: Option<String>,
    #[serde(
        deserialize_with = "link",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub next: Option<String>,
    #[serde(
        deserialize_with = "link",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub prev: Option<String>,
}

fn link<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    Ok(match v {
        Some(Value::String(s)) => Some(s),
        Some(Value::Object(o)) => o.get("href").and_then(Value::as_str).map(str::to_owned),
        _ => None,
    })
}

#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PageMeta {
    pub total_count: u64,
    pub page_count: u64,
    pub current_page: u64,
    pub per_page: u64,
    pub params: Option<Vec<Value>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn links_accept_strings_and_href_objects() {
        let p: Page<i32> = serde_json::from_value(json!({
            "items": [1, 2],
            "_links": {"self": {"href": "/x?page=1"}, "first": "/x?page=1", "last": "/x?page=3", "next": null},
            "_meta": {"totalCount": 45, "pageCount": 3, "currentPage": 1, "perPage": 20}
        }))
        .unwrap();
        assert_eq!(p.links.this.as_deref(), Some("/x?page=1"));
        assert_eq!(p.links.next, None);
        assert!(p.has_next());
    }
}

/// How far reading every page has come: pages read and pages in all (0 until the first page
/// tells), and a stop the clerk can pull.
#[derive(Debug, Default)]
pub struct LoadProgress {
    pub read: std::sync::atomic::AtomicU64,
    pub total: std::sync::atomic::AtomicU64,
    pub stop: std::sync::atomic::AtomicBool,
}

/// Reads every page, one after another, until the last or until stopped; what was read before a
/// stop is kept.
pub async fn every_page<T, E, F, Fut>(progress: &LoadProgress, mut fetch: F) -> Result<Vec<T>, E>
where
    F: FnMut(u32) -> Fut,
    Fut: std::future::Future<Output = Result<Page<T>, E>>,
{
    use std::sync::atomic::Ordering::Relaxed;
    let mut items = Vec::new();
    let mut page = 1u32;
    loop {
        if progress.stop.load(Relaxed) {
            return Ok(items);
        }
        let p = fetch(page).await?;
        progress.total.store(p.meta.page_count, Relaxed);
        progress.read.store(u64::from(page), Relaxed);
        let more = p.has_next() && !p.items.is_empty();
        items.extend(p.items);
        if !more || page >= 10_000 {
            return Ok(items);
        }
        page += 1;
    }
}
