//! The warehouse interface's gate, shared by its routes: who calls (a warehouse token, counted
//! against the rate limit as the server counts it), the record a route names (`?id=N`), an unreadable body,
//! the verb a route takes (any other answers 405 in the framework's shape), and the server's
//! answer to a validation failure (HTTP 500). The callers are extractors, so a route starts from
//! one that passed.

use super::http_util::*;
use super::messages as msg;
use super::model::Iface;
use super::shared::Shared;
use super::world::TokenKind;
use api::codes::Language;
use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use serde_json::{Value, json};
use std::collections::HashMap;

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

/// The caller of a warehouse route and the language it asks in (see [`authed`]).
pub(crate) struct Authed(pub i64, pub Language);

impl FromRequestParts<Shared> for Authed {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, s: &Shared) -> Result<Authed, Response> {
        authed(s, &parts.headers).map(|(customer, lang)| Authed(customer, lang))
    }
}

/// A route on one record: the query as sent, then the caller, then `?id=N` (the framework's 400
/// when missing), in the order the routes always checked them.
pub(crate) struct AtRecord {
    pub customer: i64,
    pub lang: Language,
    pub id: i64,
}

impl FromRequestParts<Shared> for AtRecord {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, s: &Shared) -> Result<AtRecord, Response> {
        let Query(q) = Query::<HashMap<String, String>>::from_request_parts(parts, s)
            .await
            .map_err(IntoResponse::into_response)?;
        let Authed(customer, lang) = Authed::from_request_parts(parts, s).await?;
        let id = q
            .get("id")
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| framework(StatusCode::BAD_REQUEST, msg::missing_id(lang)))?;
        Ok(AtRecord { customer, lang, id })
    }
}

/// A warehouse body that could not be read, as the server answers it.
pub(crate) fn body_of(body: Result<Value, BodyError>) -> Result<Value, Response> {
    body.map_err(|e| wms_fail(e.status, "error", json!(e.text)))
}
