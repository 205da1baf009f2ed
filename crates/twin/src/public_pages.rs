//! The pages the twin's records link to and anyone holding the link may open: label PDFs
//! (`/labels/{id}.pdf`, `/labels/sticker.pdf`) and the tracking page (`/track?term=`). A label
//! opens only with the signature its link carries; the tracking page shows an order only when the
//! barcode in its term matches the order's id, so counting ids up reveals nothing.

use super::shared::Shared;
use super::world::epoch_now;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use base64::Engine;
use serde_json::{Value, json};
use std::collections::HashMap;

pub(crate) fn router() -> Router<Shared> {
    Router::new()
        .route("/labels/{file}", get(label))
        .route("/track", get(track_page))
}

fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({ "error": message }))).into_response()
}

fn pdf(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/pdf")], bytes).into_response()
}

fn int(q: &HashMap<String, String>, name: &str) -> Option<i64> {
    q.get(name).and_then(|v| v.trim().parse().ok())
}

/// `/labels/{id}.pdf?c=&sig=` (permanent, from create answers) and
/// `/labels/sticker.pdf?ids=&c=&expires=&sig=` (temporary, from the sticker route).
async fn label(
    State(s): State<Shared>,
    Path(file): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let refused = || error(StatusCode::FORBIDDEN, "this label link is not valid");
    let (Some(customer), Some(sig)) = (int(&q, "c"), q.get("sig")) else {
        return refused();
    };
    let w = s.world();
    let (ids, expires) = if file == "sticker.pdf" {
        let Some(expires) = int(&q, "expires") else {
            return refused();
        };
        let ids: Option<Vec<i64>> = q
            .get("ids")
            .map(|l| l.split(',').map(|i| i.trim().parse().ok()).collect())
            .unwrap_or_default();
        let Some(ids) = ids.filter(|ids| !ids.is_empty() && ids.len() <= 1000) else {
            return refused();
        };
        (ids, Some(expires))
    } else {
        match file.strip_suffix(".pdf").and_then(|i| i.parse().ok()) {
            Some(id) => (vec![id], None),
            None => return error(StatusCode::NOT_FOUND, "no such label"),
        }
    };
    if !w.links.verify(&ids, customer, expires, sig) {
        return refused();
    }
    if expires.is_some_and(|e| e < epoch_now()) {
        return error(StatusCode::GONE, "this sticker link has expired");
    }
    let orders: Vec<_> = ids
        .iter()
        .filter_map(|id| w.orders.get(id))
        .filter(|o| o.customer_id == customer)
        .cloned()
        .collect();
    if orders.is_empty() {
        return error(StatusCode::NOT_FOUND, "no such label");
    }
    pdf(super::label_pdf::render_many(
        &w.seed,
        w.links.base(),
        &orders,
    ))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The public tracking page the links point to: `term` is base64 of
/// `{"waybill_id", "barcode", …}`, and both must name the same order.
async fn track_page(State(s): State<Shared>, Query(q): Query<HashMap<String, String>>) -> Response {
    let term = q.get("term").cloned().unwrap_or_default();
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(term.as_bytes())
        .ok()
        .and_then(|b| serde_json::from_slice::<Value>(&b).ok());
    let id = decoded
        .as_ref()
        .and_then(|v| v.get("waybill_id"))
        .and_then(Value::as_i64);
    let barcode = decoded
        .as_ref()
        .and_then(|v| v.get("barcode"))
        .and_then(Value::as_str);
    let w = s.world();
    let found = id
        .and_then(|i| w.orders.get(&i))
        .filter(|o| barcode == Some(o.barcode.as_str()));
    let Some(o) = found else {
        return (
            StatusCode::NOT_FOUND,
            Html("<h1>Joʻnatma topilmadi</h1>".to_string()),
        )
            .into_response();
    };
    let mut rows = String::new();
    for e in &o.history {
        let when = chrono::DateTime::from_timestamp(e.at, 0)
            .map(|d| d.format("%Y-%m-%d %H:%M").to_string())
            .unwrap_or_default();
        rows.push_str(&format!(
            "<tr><td>{when}</td><td>{}</td><td>{}</td></tr>",
            escape(&e.message),
            escape(&e.location)
        ));
    }
    Html(format!(
        "<!doctype html><meta charset=utf-8><title>{b}</title><h1>{b}</h1><p>{}</p><table>{rows}</table>",
        escape(&super::seed::order_status_name(o.status, api::codes::Language::Uz)),
        b = escape(&o.barcode)
    ))
    .into_response()
}
