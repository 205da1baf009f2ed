//! The warehouse interface's gate, shared by its routes: who calls (a warehouse token, counted
//! against the rate limit as the server counts it), the verb a route takes (any other answers 405
//! in the framework's shape), and the server's answer to a validation failure (HTTP 500).

use super::http_util::*;
use super::messages as msg;
use super::model::Iface;
use super::shared::Shared;
use super::world::TokenKind;
use api::codes::Language;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::Response;
use axum::routing::MethodRouter;
use serde_json::json;

/// A route that answers any other verb as the server's framework does: 405 with its JSON body
/// and an `Allow` header.
pub(crate) fn only(route: MethodRouter<Shared>, allowed: &'static str) -> MethodRouter<Shared> {
    route.fallback(move |headers: HeaderMap| async move {
        let mut r = framework(
            StatusCode::METHOD_NOT_ALLOWED,
            msg::wrong_verb(lang(&headers), allowed),
        );
        r.headers_mut()
            .insert(header::ALLOW, axum::http::HeaderValue::from_static(allowed));
        r
    })
}

pub(crate) fn invalid(fields: api::FieldErrors) -> Response {
    wms_fail(StatusCode::INTERNAL_SERVER_ERROR, "error", json!(fields))
}

/// The caller, counted against the rate limit (the server counts per user and sends no
/// `Retry-After`).
pub(crate) fn authed(s: &Shared, headers: &HeaderMap) -> Result<(i64, Language), Response> {
    let lang = lang(headers);
    let mut w = s.world();
    let customer =
        bearer(headers).and_then(|t| w.check_token(&t, Iface::Warehouse, TokenKind::Access));
    let Some(customer) = customer else {
        return Err(framework(StatusCode::UNAUTHORIZED, msg::bad_token(lang)));
    };
    let (limit, window) = s.config.wms_rate_limit;
    if !w.rate_ok(customer, limit, window) {
        return Err(wms_fail(
            StatusCode::TOO_MANY_REQUESTS,
            &msg::too_many_requests(lang),
            json!(msg::too_many_requests(lang)),
        ));
    }
    Ok((customer, lang))
}
