//! Every answer the desk decodes, from one body of bytes, through the same classification and
//! typed decoding the clients use: one entry per interface and one for the webhook body. Whatever
//! arrives must end as a value or an `ApiError`, never a panic. The property tests
//! (`decode_props.rs`) drive these with random and mutated JSON; the fuzz targets in `fuzz/`
//! (`cargo +nightly fuzz run legacy`, see the README) drive them with libFuzzer's bytes.

use super::current::{DomesticQuotes, OrderStatusData, Sticker, Tokens};
use super::decode::at;
use super::directory::{Branch, City, IdName, StatusInfo};
use super::envelope::Page;
use super::error::{Interface, classify};
use super::international::{
    IntlCalcResponse, IntlOrder, ManifestResult, ParcelCreated, ParcelTrack,
};
use super::legacy::{
    CalculateResponse, CancelResponse, CancellationReason, HistoryEntry, OrderDetail,
    RegisteredGood, StatusRef, TokenData, TrackResponse,
};
use super::warehouse::{AboutMe, Product, Purveyor};
use super::webhook::{Notification, WebhookConfig};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The statuses an answer may come with: success, the refusals the contract names, failures.
const STATUSES: [u16; 11] = [200, 201, 204, 400, 401, 404, 409, 422, 429, 500, 503];

/// Decodes `T` from the answer as it is and from its usual envelopes' payloads.
fn decode<T: DeserializeOwned>(v: &Value) {
    for pointer in ["", "/data", "/data/data"] {
        let _ = at::<T>(v.clone(), pointer);
    }
}

/// `decode` of each type named, in turn.
macro_rules! decode_each {
    ($v:expr; $($t:ty),+ $(,)?) => {
        $(decode::<$t>($v);)+
    };
}

/// The answer as `iface` would classify it under each status, for each that yields a value.
fn classified(iface: Interface, body: &[u8], mut each: impl FnMut(&Value)) {
    let headers = reqwest::header::HeaderMap::new();
    for status in STATUSES {
        let Ok(status) = reqwest::StatusCode::from_u16(status) else {
            continue;
        };
        if let Ok(v) = classify(iface, status, &headers, body) {
            each(&v);
        }
    }
}

/// Every type the legacy interface (`?r=route`) answers with.
pub fn legacy(body: &[u8]) {
    classified(Interface::Legacy, body, |v| {
        decode_each!(v;
            TokenData, super::legacy::OrderRecord, OrderDetail, CalculateResponse,
            CancelResponse, TrackResponse, Vec<HistoryEntry>, Vec<CancellationReason>,
            Vec<StatusRef>, RegisteredGood, Vec<RegisteredGood>, Vec<City>,
            Vec<IdName>, Vec<Branch>, WebhookConfig, ParcelCreated, ParcelTrack,
            ManifestResult
        );
    });
}

/// Every type the current interface (`/v1/...`) answers with.
pub fn current(body: &[u8]) {
    classified(Interface::Current, body, |v| {
        decode_each!(v;
            Tokens, super::current::OrderRecord, OrderStatusData, Sticker,
            DomesticQuotes, Page<StatusInfo>, Page<IntlOrder>, IntlCalcResponse
        );
    });
}

/// Every type the warehouse interface answers with.
pub fn warehouse(body: &[u8]) {
    classified(Interface::Warehouse, body, |v| {
        decode_each!(v; AboutMe, Purveyor, Page<Purveyor>, Product, Page<Product>);
    });
}

/// A webhook notification's JSON (no envelope), as the desk's listener reads it once a form's
/// `text` field, if any, is unwrapped (that unwrapping is the receiver's, in the desk).
pub fn webhook(body: &[u8]) {
    if let Ok(v) = serde_json::from_slice::<Value>(body) {
        decode::<Notification>(&v);
    }
}

/// All four, as the property tests use them.
pub fn everything(body: &[u8]) {
    legacy(body);
    current(body);
    warehouse(body);
    webhook(body);
}
