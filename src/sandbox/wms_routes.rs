//! The warehouse interface of the twin: bare token answers, `{message, data?, errors?}`,
//! HTTP 500 on validation, 429 past the rate limit, 405 on a wrong verb.

use super::http_util::*;
use super::messages as msg;
use super::model::{CUSTOMERS, Iface};
use super::shared::Shared;
use super::world::TokenKind;
use crate::api::codes::Language;
use crate::api::current::{LoginRequest, Tokens};
use crate::api::envelope::Page;
use crate::api::warehouse::*;
use axum::Router;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use std::collections::HashMap;

pub fn router() -> Router<Shared> {
    Router::new()
        .route("/v1/auth/login", post(login))
        .route("/v1/auth/refresh", post(refresh))
        .route("/v1/purveyor/create", post(create_purveyor))
        .route("/v1/purveyor/clients", get(clients))
        .route("/v1/purveyor/client-status", post(client_status))
        .route("/v1/product/create", post(create_product))
}

fn invalid(fields: crate::api::FieldErrors) -> Response {
    wms_fail(StatusCode::INTERNAL_SERVER_ERROR, "error", json!(fields))
}

fn tokens(s: &Shared, customer: i64) -> Tokens {
    let mut w = s.world();
    Tokens {
        access_token: w.issue_token(customer, Iface::Warehouse, TokenKind::Access),
        refresh_token: w.issue_token(customer, Iface::Warehouse, TokenKind::Refresh),
    }
}

async fn login(State(s): State<Shared>, headers: HeaderMap, AnyBody(body): AnyBody) -> Response {
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
        Some(c) => axum::Json(tokens(&s, c.id)).into_response(),
        None => wms_fail(
            StatusCode::UNPROCESSABLE_ENTITY,
            "error",
            json!(msg::wrong_login(lang)),
        ),
    }
}

async fn refresh(State(s): State<Shared>, headers: HeaderMap, AnyBody(body): AnyBody) -> Response {
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
        Some(c) => axum::Json(tokens(&s, c)).into_response(),
        None => wms_fail(
            StatusCode::UNPROCESSABLE_ENTITY,
            "error",
            json!(msg::bad_token(lang)),
        ),
    }
}

/// The caller, counted against the rate limit.
fn authed(s: &Shared, headers: &HeaderMap) -> Result<(i64, Language), Response> {
    let lang = lang(headers);
    let mut w = s.world();
    let customer =
        bearer(headers).and_then(|t| w.check_token(&t, Iface::Warehouse, TokenKind::Access));
    let Some(customer) = customer else {
        return Err(wms_fail(
            StatusCode::UNAUTHORIZED,
            "Unauthorized",
            json!(msg::bad_token(lang)),
        ));
    };
    let (limit, window) = s.config.wms_rate_limit;
    if !w.rate_ok(customer, limit, window) {
        let mut r = wms_fail(
            StatusCode::TOO_MANY_REQUESTS,
            &msg::too_many_requests(lang),
            json!(msg::too_many_requests(lang)),
        );
        r.headers_mut().insert(
            header::RETRY_AFTER,
            axum::http::HeaderValue::from(window.as_secs().min(600)),
        );
        return Err(r);
    }
    Ok((customer, lang))
}

fn purveyor(base: &str, rec: &super::model::PurveyorRec) -> Purveyor {
    let i = &rec.input;
    Purveyor {
        id: rec.id,
        group: i.group.clone(),
        code: i.code.clone(),
        name: i.name.clone(),
        full_name: i.full_name.clone(),
        name_eng: i.name_eng.clone(),
        contract_bank_detail: Some(ContractBankDetail {
            id: Some(rec.id),
            supplier_buyer_id: Some(rec.id),
            contract_number: i.contract_number.map(|n| n.to_string()),
            contract_date: i.contract_date.clone(),
            bank_details: i.bank_details.clone(),
            contact_info: i.contact_info.clone(),
            additional_details: i.additional_details.clone(),
            main_delivery_address: i.main_delivery_address.clone(),
        }),
        entity_type: Some(EntityType {
            id: Some(rec.id),
            stock_percentage: i.stock_percentage.as_ref().map(|p| {
                p.trim()
                    .parse::<f64>()
                    .map(|v| format!("{v:.2}"))
                    .unwrap_or_else(|_| p.clone())
            }),
            stock_expiry: i
                .stock_expiry
                .as_deref()
                .and_then(|e| e.trim().parse().ok()),
            supplier_buyer_id: Some(rec.id),
            legal_entity: i.legal_entity.unwrap_or(false),
        }),
        supplier_buyer_status: Some(SupplierBuyerStatus {
            id: Some(rec.id),
            supplier_buyer_id: Some(rec.id),
            is_supplier: i.is_supplier.unwrap_or(false),
            is_buyer: i.is_buyer.unwrap_or(false),
            depositor: i.depositor.unwrap_or(false),
        }),
        tax_info: Some(TaxInfo {
            id: Some(rec.id),
            supplier_buyer_id: Some(rec.id),
            inn: i.inn.map(|n| n.to_string()),
            kpp: i.kpp.map(|n| n.to_string()),
            okpo: i.okpp.map(|n| n.to_string()),
        }),
        state: Some(rec.state),
        links: Some(SelfLink {
            this: Href {
                href: format!("{base}/wms/v1/purveyor/view?id={}", rec.id),
            },
        }),
    }
}

async fn create_purveyor(
    State(s): State<Shared>,
    headers: HeaderMap,
    AnyBody(body): AnyBody,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let raw = match body {
        Ok(b) => b,
        Err(e) => return wms_fail(e.status, "error", json!(e.text)),
    };
    let mut check = Check::new(lang);
    check.required(&raw, &["group", "code", "name", "full_name"]);
    if !check.ok() {
        return invalid(check.fields);
    }
    let Some(input) = check.typed::<PurveyorInput>(&raw) else {
        return invalid(check.fields);
    };
    let mut w = s.world();
    if w.purveyors
        .values()
        .any(|p| p.customer_id == customer && p.input.code == input.code)
    {
        check.push("code", msg::taken(lang, "code", &input.code));
    }
    check.decimal(
        "stock_percentage",
        input.stock_percentage.as_deref(),
        0.0,
        100.0,
    );
    check.whole("stock_expiry", input.stock_expiry.as_deref(), 0, 36_500);
    if let Some(text) = input
        .contract_date
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        match chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
            Ok(d) => super::order_checks::date(&mut check, "contract_date", Some(d)),
            Err(_) => check.push("contract_date", msg::invalid(lang, "contract_date")),
        }
    }
    if !check.ok() {
        return invalid(check.fields);
    }
    let rec = w.add_purveyor(customer, input);
    wms_ok(
        StatusCode::CREATED,
        msg::saved(lang),
        Some(purveyor(w.links.base(), &rec)),
    )
}

async fn clients(
    State(s): State<Shared>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let w = s.world();
    let items: Vec<Purveyor> = w
        .purveyors
        .values()
        .filter(|p| p.customer_id == customer)
        .map(|p| purveyor(w.links.base(), p))
        .collect();
    let (page, _) = paging(&q);
    let p: Page<Purveyor> = page_of(&items, page, 20, "/v1/purveyor/clients", "");
    wms_ok(StatusCode::OK, msg::ok(lang), Some(p))
}

async fn client_status(
    State(s): State<Shared>,
    headers: HeaderMap,
    AnyBody(body): AnyBody,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let raw = match body {
        Ok(b) => b,
        Err(e) => return wms_fail(e.status, "error", json!(e.text)),
    };
    let mut check = Check::new(lang);
    check.required(&raw, &["status"]);
    if !check.ok() {
        return invalid(check.fields);
    }
    let Some(req) = check.typed::<ClientStatusRequest>(&raw) else {
        return invalid(check.fields);
    };
    for (i, item) in req.status.iter().enumerate() {
        if item.id <= 0 {
            check.push(&format!("status[{i}].id"), msg::too_small(lang, "id", "1"));
        }
    }
    if !check.ok() {
        return invalid(check.fields);
    }
    let ok_ids: Vec<i64> = req
        .status
        .iter()
        .filter(|i| i.status == "ok")
        .map(|i| i.id)
        .collect();
    let n = s.world().confirm_purveyors(customer, &ok_ids);
    wms_ok::<Value>(StatusCode::OK, msg::confirmed(lang, n), None)
}

/// Fields the server requires of a product (field notes).
const PRODUCT_REQUIRED: &[&str] = &[
    "supplier_buyer_id",
    "group",
    "code",
    "name",
    "full_name",
    "gtin",
    "article",
    "nomenclature_type",
    "unit",
    "shelf_life_stock",
    "kis_code",
    "is_set",
    "weight",
    "net_weight",
    "volume",
    "net_volume",
    "specification",
    "temperature_mode",
    "base_packaging",
];

async fn create_product(
    State(s): State<Shared>,
    headers: HeaderMap,
    AnyBody(body): AnyBody,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let raw = match body {
        Ok(b) => b,
        Err(e) => return wms_fail(e.status, "error", json!(e.text)),
    };
    let mut check = Check::new(lang);
    check.required(&raw, PRODUCT_REQUIRED);
    if !check.ok() {
        return invalid(check.fields);
    }
    let Some(input) = check.typed::<ProductInput>(&raw) else {
        return invalid(check.fields);
    };
    let mut w = s.world();
    let supplier = input.supplier_buyer_id.unwrap_or_default();
    if w.purveyors
        .get(&supplier)
        .is_none_or(|p| p.customer_id != customer)
    {
        check.push(
            "supplier_buyer_id",
            msg::not_found_value(lang, "supplier_buyer_id"),
        );
    }
    if w.products
        .values()
        .any(|p| p.customer_id == customer && p.input.code == input.code)
    {
        check.push("code", msg::taken(lang, "code", &input.code));
    }
    let max = super::limits::MEASURE_MAX;
    for (field, value) in [
        ("weight", &input.weight),
        ("net_weight", &input.net_weight),
        ("volume", &input.volume),
        ("net_volume", &input.net_volume),
    ] {
        check.decimal(field, value.as_deref(), 0.0, max);
    }
    for (field, value) in [
        ("shelf_life_stock", &input.shelf_life_stock),
        ("min_shelf_life_stock", &input.min_shelf_life_stock),
        (
            "shelf_life_deviation_days",
            &input.shelf_life_deviation_days,
        ),
        ("min_shelf_life_period", &input.min_shelf_life_period),
    ] {
        check.whole(field, value.as_deref(), 0, 36_500);
    }
    if !check.ok() {
        return invalid(check.fields);
    }
    let rec = w.add_product(customer, input);
    wms_ok(
        StatusCode::CREATED,
        msg::saved(lang),
        Some(Product {
            id: rec.id,
            fields: rec.input,
        }),
    )
}
