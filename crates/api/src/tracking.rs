//! The service's public tracking link for an order, built the way its tracking page reads it.

use base64::Engine;

/// `{page}?term=…` where `term` is base64 of `{"waybill_id", "barcode", "is_receiver"}`; `page`
/// is the tracking page's address (for example `https://example.uz/track`).
pub fn tracking_link(page: &url::Url, order_id: i64, barcode: &str) -> String {
    let term = serde_json::json!({"waybill_id": order_id, "barcode": barcode, "is_receiver": null});
    let encoded = base64::engine::general_purpose::STANDARD.encode(term.to_string());
    let mut url = page.clone();
    url.query_pairs_mut().append_pair("term", &encoded);
    url.to_string()
}
