//! The current interface's gate, shared by its routes: who calls (an access token and the language
//! asked in), the order a route names in `?orderId=`, the body as JSON, a page of a list, and the
//! interface's refusal of each. Each is an extractor or a helper that hands the route the typed
//! value or the finished refusal, so every route opens the same way and answers alike.

use super::http_util::*;
use super::messages as msg;
use super::model::{Iface, Order};
use super::shared::Shared;
use super::world::{Lookup, TokenKind, World};
use api::codes::Language;
use api::lenient::value_to_i64;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::HashMap;

pub(crate) type Q = HashMap<String, String>;

/// The authenticated caller of the current interface and the language it asks in: a request
/// without a valid access token never reaches a handler that takes one (the framework's 401).
pub(crate) struct Caller {
    pub customer: i64,
    pub lang: Language,
}

impl FromRequestParts<Shared> for Caller {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, s: &Shared) -> Result<Caller, Response> {
        let lang = lang(&parts.headers);
        let w = s.world();
        bearer(&parts.headers)
            .and_then(|t| w.check_token(&t, Iface::Current, TokenKind::Access))
            .map(|customer| Caller { customer, lang })
            .ok_or_else(|| {
                framework(
                    StatusCode::UNAUTHORIZED,
                    "Your request was made with invalid credentials.",
                )
            })
    }
}

/// A caller and what its query asks: the token is checked first, then the query (a query that
/// does not decode gets axum's own refusal, as every route's `Query` gave it).
pub(crate) struct Call<T> {
    pub customer: i64,
    pub lang: Language,
    pub query: T,
}

/// What a route reads from the query, or the framework's refusal of it.
pub(crate) trait FromQuery: Sized {
    fn from_query(q: Q) -> Result<Self, Response>;
}

impl<T: FromQuery + Send> FromRequestParts<Shared> for Call<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, s: &Shared) -> Result<Call<T>, Response> {
        let Caller { customer, lang } = Caller::from_request_parts(parts, s).await?;
        let Query(q) = Query::<Q>::from_request_parts(parts, s)
            .await
            .map_err(IntoResponse::into_response)?;
        let query = T::from_query(q)?;
        Ok(Call {
            customer,
            lang,
            query,
        })
    }
}

/// A list's query: `page`, `per-page` and the filters.
impl FromQuery for Q {
    fn from_query(q: Q) -> Result<Q, Response> {
        Ok(q)
    }
}

/// `orderId`: the framework's 400 when it is missing or not a number.
pub(crate) struct OrderId(i64);

impl FromQuery for OrderId {
    fn from_query(q: Q) -> Result<OrderId, Response> {
        match q.get("orderId") {
            None => Err(framework(
                StatusCode::BAD_REQUEST,
                "Missing required parameters: orderId",
            )),
            Some(v) => value_to_i64(&Value::String(v.clone()))
                .map(OrderId)
                .ok_or_else(|| {
                    framework(
                        StatusCode::BAD_REQUEST,
                        "Invalid data received for parameter \"orderId\".",
                    )
                }),
        }
    }
}

/// A route on one of the caller's orders.
pub(crate) type OrderCall = Call<OrderId>;

/// A list route.
pub(crate) type Listing = Call<Q>;

impl OrderCall {
    pub(crate) fn id(&self) -> i64 {
        self.query.0
    }

    /// The caller's order answered with what `data` makes of it, or why it may not be seen.
    pub(crate) fn answer<T: Serialize>(
        &self,
        s: &Shared,
        data: impl FnOnce(&World, &Order) -> T,
    ) -> Response {
        let w = s.world();
        match w.order_for(self.customer, self.id()) {
            Ok(o) => current_ok(msg::ok(self.lang), data(&w, o)),
            Err(l) => lookup_failure(l),
        }
    }

    /// Whether the caller's order may change: why it may not be seen, or a 400 with what
    /// `refusal` says of it.
    pub(crate) fn changeable(
        &self,
        w: &World,
        refusal: impl FnOnce(&Order) -> Option<String>,
    ) -> Result<(), Response> {
        let order = w
            .order_for(self.customer, self.id())
            .map_err(lookup_failure)?;
        match refusal(order) {
            Some(m) => Err(current_fail(StatusCode::BAD_REQUEST, m, None)),
            None => Ok(()),
        }
    }
}

/// Someone else's order is forbidden, a missing one not found.
pub(crate) fn lookup_failure(l: Lookup) -> Response {
    match l {
        Lookup::NotFound => current_not_found(),
        Lookup::Forbidden => current_forbidden(),
    }
}

/// The body as JSON, in whatever form it came; one that cannot be read gets the framework's
/// answer (400, or 413 when too large).
pub(crate) struct Body(pub Value);

impl FromRequest<Shared> for Body {
    type Rejection = Response;

    async fn from_request(req: Request, s: &Shared) -> Result<Body, Response> {
        let AnyBody(body) = match AnyBody::from_request(req, s).await {
            Ok(b) => b,
            Err(never) => match never {},
        };
        parse_body(body).map(Body)
    }
}

pub(crate) fn parse_body(body: Result<Value, BodyError>) -> Result<Value, Response> {
    body.map_err(|e| framework(e.status, e.text))
}

/// The body as the wire type `T` once each of `required` is given; the checker comes along with
/// what else it found (an over-long text) for the route's own checks.
pub(crate) fn read<T: DeserializeOwned>(
    lang: Language,
    raw: &Value,
    required: &[&str],
) -> Result<(T, Check), Response> {
    Check::opening(lang, raw, required, current_invalid)
}

/// As [`read`], when nothing else may be wrong with the body either.
pub(crate) fn read_clean<T: DeserializeOwned>(
    lang: Language,
    raw: &Value,
    required: &[&str],
) -> Result<(T, Check), Response> {
    let (req, check) = read(lang, raw, required)?;
    if !check.ok() {
        return Err(current_invalid(check.fields));
    }
    Ok((req, check))
}

impl Listing {
    /// A filter from the query, trimmed; absent when not given or blank.
    pub(crate) fn param(&self, name: &str) -> Option<String> {
        self.query
            .get(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    }

    /// One page of all of `source` in its wire form (`wire`), unfiltered.
    pub(crate) fn each<S, T: Clone + Serialize>(
        &self,
        source: &[S],
        path: &str,
        wire: impl FnMut(&S) -> T,
    ) -> Response {
        let items: Vec<T> = source.iter().map(wire).collect();
        self.page(&items, path, &[])
    }

    /// One page of `items` as `page` and `per-page` ask, in the current envelope; the page links
    /// repeat the filters in `echo` that were given.
    pub(crate) fn page<T: Clone + Serialize>(
        &self,
        items: &[T],
        path: &str,
        echo: &[(&str, Option<String>)],
    ) -> Response {
        let extra: String = echo
            .iter()
            .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name}={v}&")))
            .collect();
        let (page, per) = paging(&self.query);
        current_ok(msg::ok(self.lang), page_of(items, page, per, path, &extra))
    }
}
