//! The warehouse interface of the twin: its login, refresh and "about me" (bare answers), and
//! the records of `wms_records`; answers are `{message, data?, errors?}`,
//! HTTP 500 on validation, 429 past the rate limit, 405 on a wrong verb.

use super::http_util::*;
use super::messages as msg;
use super::model::{CUSTOMERS, Iface, ProductRec, PurveyorRec};
use super::shared::{AuthCalls, Shared};
use super::wms_gate::{authed, only};
use api::current::LoginRequest;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

pub(crate) fn router() -> Router<Shared> {
    Router::new()
        .route("/v1/auth/login", only(post(login), "POST"))
        .route("/v1/auth/refresh", only(post(refresh), "POST"))
        // The server's action takes any verb it routes: integrators ask it by POST too.
        .route(
            "/v1/auth/about-me",
            only(get(about_me).post(about_me), "GET, HEAD, POST"),
        )
        .merge(super::wms_records::routes::<PurveyorRec>())
        .merge(super::wms_records::routes::<ProductRec>())
}

async fn login(State(s): State<Shared>, headers: HeaderMap, AnyBody(body): AnyBody) -> Response {
    AuthCalls::count(&s.auth_calls.wms_login);
    let lang = lang(&headers);
    let body = match body {
        Ok(b) => b,
        Err(e) => return wms_fail(e.status, "error", json!(e.text)),
    };
    let req: Option<LoginRequest> = serde_json::from_value(body).ok();
    let Some(req) = req.filter(|r| !r.login.trim().is_empty()) else {
        return wms_fail(
            StatusCode::UNPROCESSABLE_ENTITY,
            "error",
            json!(msg::blank(lang, "login")),
        );
    };
    if req.password.chars().count() < 6 {
        return wms_fail(
            StatusCode::UNPROCESSABLE_ENTITY,
            "error",
            json!(msg::too_small(lang, "password", "6")),
        );
    }
    match CUSTOMERS
        .iter()
        .find(|c| c.wms.0 == req.login.trim() && c.wms.1 == req.password)
    {
        Some(c) => axum::Json(s.world().issue_tokens(c.id, Iface::Warehouse)).into_response(),
        None => wms_fail(
            StatusCode::UNPROCESSABLE_ENTITY,
            "error",
            json!(msg::wrong_login(lang)),
        ),
    }
}

async fn refresh(State(s): State<Shared>, headers: HeaderMap, AnyBody(body): AnyBody) -> Response {
    AuthCalls::count(&s.auth_calls.wms_refresh);
    let lang = lang(&headers);
    let token = body
        .ok()
        .and_then(|b| {
            b.get("refresh_token")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .unwrap_or_default();
    let customer = s.world().take_refresh(&token, Iface::Warehouse);
    match customer {
        Some(c) => axum::Json(s.world().issue_tokens(c, Iface::Warehouse)).into_response(),
        None => wms_fail(
            StatusCode::UNPROCESSABLE_ENTITY,
            "error",
            json!(msg::bad_token(lang)),
        ),
    }
}

/// `/v1/auth/about-me`: the account itself, bare as the server answers it.
async fn about_me(State(s): State<Shared>, headers: HeaderMap) -> Response {
    let (customer, _) = or_reply!(authed(&s, &headers));
    let Some(c) = CUSTOMERS.iter().find(|c| c.id == customer) else {
        return framework(StatusCode::UNAUTHORIZED, msg::bad_token(lang(&headers)));
    };
    let base = s.world().links.base().to_string();
    axum::Json(json!({
        "id": c.id,
        "username": c.wms.0,
        "email": format!("{}@example.uz", c.legacy.0),
        "status": 10,
        "_links": {"self": {"href": format!("{base}/wms/v1/auth/about-me")}},
    }))
    .into_response()
}
