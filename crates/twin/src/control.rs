//! The twin's control routes, outside the service's contract: moving orders along (`advance`),
//! switching faults, expiring tokens, counting logins and refreshes, reading webhook attempts,
//! finding orders by `wcs_code`.
//! They see every company's records and need no token, so they are served only on the control
//! listener (`--control`, loopback only), never beside the service's interfaces.

use super::shared::Shared;
use super::world::Faults;
use api::codes::OrderStatus;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;

pub(crate) fn router() -> Router<Shared> {
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
        .route("/sandbox/auth-calls", get(auth_calls))
        .route("/sandbox/tokens", get(held_tokens))
        .route("/sandbox/webhooks/deliveries", get(deliveries))
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
    if let Some(r) = &f.legacy_token_refusal {
        let codes = [Some(r.status), r.code];
        if codes.iter().flatten().any(|c| !(200..=599).contains(c)) {
            return error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "a token refusal's status and code are HTTP codes",
            );
        }
        if r.text.chars().count() > 1000 {
            return error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "a token refusal's text is at most 1000 characters",
            );
        }
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

/// Every token the twin holds, of every company.
async fn held_tokens(State(s): State<Shared>) -> Response {
    Json(s.world().held_tokens()).into_response()
}

/// How often each interface's login and refresh routes were called.
async fn auth_calls(State(s): State<Shared>) -> Response {
    use std::sync::atomic::Ordering::Relaxed;
    let c = &s.auth_calls;
    Json(json!({
        "current": {"login": c.current_login.load(Relaxed), "refresh": c.current_refresh.load(Relaxed)},
        "warehouse": {"login": c.wms_login.load(Relaxed), "refresh": c.wms_refresh.load(Relaxed)},
    }))
    .into_response()
}

async fn deliveries(State(s): State<Shared>) -> Response {
    Json(s.world().attempts.clone()).into_response()
}
