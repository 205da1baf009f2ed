//! The twin's own routes, outside the service's contract: moving orders along (`advance`),
//! switching faults, expiring tokens, reading webhook attempts, finding orders by `wcs_code`, and
//! serving the label PDFs and tracking page its records link to.

use super::shared::Shared;
use super::world::{Faults, epoch_now};
use crate::api::codes::OrderStatus;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;

pub fn router() -> Router<Shared> {
    Router::new()
        .route("/sandbox/orders", get(orders))
        .route("/sandbox/orders/{id}/advance", post(advance))
        .route("/sandbox/parcels/{number}/advance", post(advance_parcel))
        .route("/sandbox/clock/tick", post(tick))
        .route(
            "/sandbox/faults",
            get(get_faults).post(set_faults).delete(clear_faults),
        )
        .route("/sandbox/tokens/expire", post(expire_tokens))
        .route("/sandbox/webhooks/deliveries", get(deliveries))
        .route("/labels/{file}", get(label))
        .route("/track", get(track_page))
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

/// All orders, or those with a given `wcs_code`: `{orderId, customerId, wcs_code, barcode, status}`.
async fn orders(State(s): State<Shared>, Query(q): Query<HashMap<String, String>>) -> Response {
    let w = s.world();
    let wcs = q.get("wcs_code");
    let list: Vec<Value> = w
        .orders
        .values()
        .filter(|o| wcs.is_none_or(|c| o.body.wcs_code.as_ref() == Some(c)))
        .map(|o| {
            json!({
                "orderId": o.id,
                "customerId": o.customer_id,
                "wcs_code": o.body.wcs_code,
                "clientId": o.body.client_id,
                "barcode": o.barcode,
                "status": o.status.code(),
            })
        })
        .collect();
    Json(list).into_response()
}

#[derive(Deserialize, Default)]
struct AdvanceBody {
    to: Option<OrderStatus>,
}

async fn advance(
    State(s): State<Shared>,
    Path(id): Path<i64>,
    body: Option<Json<AdvanceBody>>,
) -> Response {
    let to = body.and_then(|Json(b)| b.to);
    let result = s.world().advance(id, to);
    match result {
        Ok((order, jobs)) => {
            super::webhooks::send(&s, jobs);
            Json(json!({"orderId": order.id, "status": order.status.code(), "legacyStatus": order.status.legacy().code()})).into_response()
        }
        Err(e) if e.contains("not found") => error(StatusCode::NOT_FOUND, e),
        Err(e) => error(StatusCode::CONFLICT, e),
    }
}

async fn advance_parcel(State(s): State<Shared>, Path(number): Path<String>) -> Response {
    match s.world().advance_parcel(&number) {
        Some(st) => Json(json!({"barcode": number, "status": st.code()})).into_response(),
        None => error(
            StatusCode::CONFLICT,
            format!("parcel {number} is unknown or delivered"),
        ),
    }
}

async fn tick(State(s): State<Shared>) -> Response {
    let jobs = s.world().tick();
    let n = jobs.len();
    super::webhooks::send(&s, jobs);
    Json(json!({"notifications": n})).into_response()
}

async fn get_faults(State(s): State<Shared>) -> Response {
    Json(s.world().faults.clone()).into_response()
}

async fn set_faults(State(s): State<Shared>, Json(f): Json<Faults>) -> Response {
    let rates = [f.error_rate, f.drop_after_commit_rate, f.malformed_rate];
    if rates.iter().any(|r| !(0.0..=1.0).contains(r)) {
        return error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "rates are between 0 and 1",
        );
    }
    if f.status.is_some_and(|c| !(400..=599).contains(&c)) {
        return error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "status is an HTTP error code",
        );
    }
    s.world().faults = f.clone();
    Json(f).into_response()
}

async fn clear_faults(State(s): State<Shared>) -> Response {
    s.world().faults = Faults::default();
    StatusCode::NO_CONTENT.into_response()
}

async fn expire_tokens(State(s): State<Shared>) -> Response {
    s.world().expire_access_tokens();
    StatusCode::NO_CONTENT.into_response()
}

async fn deliveries(State(s): State<Shared>) -> Response {
    Json(s.world().attempts.clone()).into_response()
}

fn pdf(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/pdf")], bytes).into_response()
}

/// `/labels/{id}.pdf` (permanent, from create answers) and `/labels/sticker.pdf?ids=&expires=`
/// (temporary, from the current interface's sticker route).
async fn label(
    State(s): State<Shared>,
    Path(file): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let w = s.world();
    if file == "sticker.pdf" {
        let expires: i64 = q.get("expires").and_then(|e| e.parse().ok()).unwrap_or(0);
        if expires < epoch_now() {
            return error(StatusCode::GONE, "this sticker link has expired");
        }
        let ids: Vec<i64> = q
            .get("ids")
            .map(|l| l.split(',').filter_map(|i| i.trim().parse().ok()).collect())
            .unwrap_or_default();
        let orders: Vec<_> = ids
            .iter()
            .filter_map(|id| w.orders.get(id).cloned())
            .collect();
        if orders.is_empty() {
            return error(StatusCode::NOT_FOUND, "no such orders");
        }
        return pdf(super::label_pdf::render_many(
            &w.seed,
            &w.public_base,
            &orders,
        ));
    }
    let id = file
        .strip_suffix(".pdf")
        .and_then(|i| i.parse::<i64>().ok());
    match id.and_then(|i| w.orders.get(&i)) {
        Some(o) => pdf(super::label_pdf::render(&w.seed, &w.public_base, o)),
        None => error(StatusCode::NOT_FOUND, "no such label"),
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The public tracking page the links point to.
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
    let w = s.world();
    let Some(o) = id.and_then(|i| w.orders.get(&i)) else {
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
        escape(&super::seed::order_status_name(o.status, crate::api::codes::Language::Uz)),
        b = o.barcode
    ))
    .into_response()
}
