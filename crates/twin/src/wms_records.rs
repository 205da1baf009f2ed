//! The warehouse interface's two kinds of record, suppliers/buyers (`purveyor`) and products
//! (`product`), served alike as the real server serves them: `clients` (the company's list),
//! `index` (what still waits for the warehouse: status 1), `create` (201), `view`, `update` (PUT;
//! the record is new again), `delete` (DELETE, 204, soft), `status` and `client-status` (only
//! "ok" items move from new to confirmed). Ids travel in the query (`?id=N`); a list honours
//! `page`, `per-page` (0 = all) and a filter per column (case-insensitive substring).

use super::http_util::*;
use super::messages as msg;
use super::model::{ProductRec, PurveyorRec};
use super::shared::Shared;
use super::wms_gate::{authed, invalid, only};
use super::world::{WmsRecord, World};
use api::codes::Language;
use api::envelope::Page;
use api::warehouse::*;
use axum::Router;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use serde_json::{Value, json};
use std::collections::HashMap;

type Q = HashMap<String, String>;

/// What differs between the two kinds of record.
pub(crate) trait Served: WmsRecord + Send + Sync + 'static {
    /// The path segment: `purveyor` or `product`.
    const PATH: &'static str;
    /// Columns a list may be filtered by.
    const COLUMNS: &'static [&'static str];
    type Wire: serde::Serialize + Clone;
    fn wire(&self, base: &str) -> Self::Wire;
    /// A column's text, for filtering.
    fn column(&self, name: &str) -> Option<String>;
    /// The body read and checked against the server's rules; `except` is the record an update
    /// replaces (its own code is not a duplicate).
    fn checked(
        w: &World,
        customer: i64,
        raw: &Value,
        lang: Language,
        except: Option<i64>,
    ) -> Result<Self::Input, Response>;
    fn add(w: &mut World, customer: i64, input: Self::Input) -> Self;
}

pub(crate) fn routes<R: Served>() -> Router<Shared> {
    let at = |action: &str| format!("/v1/{}/{action}", R::PATH);
    Router::new()
        .route(&at("clients"), only(get(list::<R, false>), "GET, HEAD"))
        .route(&at("index"), only(get(list::<R, true>), "GET, HEAD"))
        .route(&at("create"), only(post(create::<R>), "POST"))
        .route(&at("view"), only(get(view::<R>), "GET, HEAD"))
        .route(
            &at("update"),
            only(put(update::<R>).patch(update::<R>), "PUT, PATCH"),
        )
        .route(&at("delete"), only(delete(remove::<R>), "DELETE"))
        .route(&at("status"), only(post(confirm::<R>), "POST"))
        .route(&at("client-status"), only(post(confirm::<R>), "POST"))
}

/// `?id=N`, or the framework's 400.
fn record_id(q: &Q, lang: Language) -> Result<i64, Response> {
    q.get("id")
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| framework(StatusCode::BAD_REQUEST, msg::missing_id(lang)))
}

fn not_found(lang: Language) -> Response {
    framework(StatusCode::NOT_FOUND, msg::record_not_found(lang))
}

fn body_of(body: Result<Value, BodyError>) -> Result<Value, Response> {
    body.map_err(|e| wms_fail(e.status, "error", json!(e.text)))
}

async fn list<R: Served, const WAITING: bool>(
    State(s): State<Shared>,
    Query(q): Query<Q>,
    headers: HeaderMap,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let w = s.world();
    let filters: Vec<(&str, String)> = R::COLUMNS
        .iter()
        .filter_map(|c| q.get(*c).map(|v| (*c, v.trim().to_lowercase())))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    let items: Vec<R::Wire> = w
        .records::<R>(customer)
        .filter(|r| !WAITING || r.meta().2 == PurveyorState::New)
        .filter(|r| {
            filters.iter().all(|(c, v)| {
                r.column(c)
                    .is_some_and(|text| text.to_lowercase().contains(v.as_str()))
            })
        })
        .map(|r| r.wire(w.links.base()))
        .collect();
    let (page, per) = paging(&q);
    // `per-page=0` asks for everything on one page.
    let per = if q.get("per-page").is_some_and(|p| p.trim() == "0") {
        items.len().max(1) as u64
    } else {
        per
    };
    let mut extra = String::new();
    for (c, v) in &filters {
        extra.push_str(&format!("{c}={v}&"));
    }
    let action = if WAITING { "index" } else { "clients" };
    let path = format!("/v1/{}/{action}", R::PATH);
    let p: Page<R::Wire> = page_of(&items, page, per, &path, &extra);
    wms_ok(StatusCode::OK, msg::ok(lang), Some(p))
}

async fn create<R: Served>(
    State(s): State<Shared>,
    headers: HeaderMap,
    AnyBody(body): AnyBody,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let raw = or_reply!(body_of(body));
    let mut w = s.world();
    let input = or_reply!(R::checked(&w, customer, &raw, lang, None));
    let rec = R::add(&mut w, customer, input);
    wms_ok(
        StatusCode::CREATED,
        msg::saved(lang),
        Some(rec.wire(w.links.base())),
    )
}

async fn view<R: Served>(
    State(s): State<Shared>,
    Query(q): Query<Q>,
    headers: HeaderMap,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let id = or_reply!(record_id(&q, lang));
    let w = s.world();
    match w.record::<R>(customer, id) {
        Some(r) => wms_ok(StatusCode::OK, msg::ok(lang), Some(r.wire(w.links.base()))),
        None => not_found(lang),
    }
}

async fn update<R: Served>(
    State(s): State<Shared>,
    Query(q): Query<Q>,
    headers: HeaderMap,
    AnyBody(body): AnyBody,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let id = or_reply!(record_id(&q, lang));
    let raw = or_reply!(body_of(body));
    let mut w = s.world();
    if w.record::<R>(customer, id).is_none() {
        return not_found(lang);
    }
    let input = or_reply!(R::checked(&w, customer, &raw, lang, Some(id)));
    match w.update_record::<R>(customer, id, input) {
        Some(rec) => wms_ok(
            StatusCode::OK,
            msg::saved(lang),
            Some(rec.wire(w.links.base())),
        ),
        None => not_found(lang),
    }
}

async fn remove<R: Served>(
    State(s): State<Shared>,
    Query(q): Query<Q>,
    headers: HeaderMap,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let id = or_reply!(record_id(&q, lang));
    if s.world().delete_record::<R>(customer, id) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        not_found(lang)
    }
}

async fn confirm<R: Served>(
    State(s): State<Shared>,
    headers: HeaderMap,
    AnyBody(body): AnyBody,
) -> Response {
    let (customer, lang) = or_reply!(authed(&s, &headers));
    let raw = or_reply!(body_of(body));
    let mut check = Check::new(lang);
    let Some(req) = check.read::<ClientStatusRequest>(&raw, &["status"]) else {
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
    let n = s.world().confirm_records::<R>(customer, &ok_ids);
    wms_ok::<Value>(StatusCode::OK, msg::confirmed(lang, n), None)
}

/// A date `YYYY-MM-DD` within the twin's range, if given.
fn date_field(check: &mut Check, field: &str, value: Option<&str>, lang: Language) {
    let Some(text) = value.map(str::trim).filter(|t| !t.is_empty()) else {
        return;
    };
    match chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        Ok(d) => super::order_checks::date(check, field, Some(d)),
        Err(_) => check.push(field, msg::invalid(lang, field)),
    }
}

/// The record's fields read and checked, or the 500 the server answers.
fn read<T: serde::de::DeserializeOwned>(
    raw: &Value,
    lang: Language,
    required: &[&str],
) -> Result<(T, Check), Response> {
    Check::opening(lang, raw, required, invalid)
}

impl Served for PurveyorRec {
    const PATH: &'static str = "purveyor";
    const COLUMNS: &'static [&'static str] = &["name", "full_name", "code", "group"];
    type Wire = Purveyor;

    fn wire(&self, base: &str) -> Purveyor {
        purveyor(base, self)
    }

    fn column(&self, name: &str) -> Option<String> {
        let i = &self.input;
        Some(
            match name {
                "name" => &i.name,
                "full_name" => &i.full_name,
                "code" => &i.code,
                "group" => &i.group,
                _ => return None,
            }
            .clone(),
        )
    }

    fn checked(
        _w: &World,
        _customer: i64,
        raw: &Value,
        lang: Language,
        _except: Option<i64>,
    ) -> Result<PurveyorInput, Response> {
        // A supplier's code is not unique on the server: the same code twice is two records.
        let (input, mut check) =
            read::<PurveyorInput>(raw, lang, &["group", "code", "name", "full_name"])?;
        let percentage = input.stock_percentage.as_deref();
        check.decimal("stock_percentage", percentage, 0.0, 100.0);
        check.whole("stock_expiry", input.stock_expiry.as_deref(), 0, 36_500);
        date_field(
            &mut check,
            "contract_date",
            input.contract_date.as_deref(),
            lang,
        );
        if check.ok() {
            Ok(input)
        } else {
            Err(invalid(check.fields))
        }
    }

    fn add(w: &mut World, customer: i64, input: PurveyorInput) -> PurveyorRec {
        w.add_purveyor(customer, input)
    }
}

/// A supplier/buyer as the server answers it: flat fields plus the four nested records.
fn purveyor(base: &str, rec: &PurveyorRec) -> Purveyor {
    let i = &rec.input;
    let id = Some(rec.id);
    Purveyor {
        id: rec.id,
        group: i.group.clone(),
        code: i.code.clone(),
        name: i.name.clone(),
        full_name: i.full_name.clone(),
        name_eng: i.name_eng.clone(),
        contract_bank_detail: Some(ContractBankDetail {
            id,
            supplier_buyer_id: id,
            contract_number: i.contract_number.clone(),
            contract_date: i.contract_date.clone(),
            bank_details: i.bank_details.clone(),
            contact_info: i.contact_info.clone(),
            additional_details: i.additional_details.clone(),
            main_delivery_address: i.main_delivery_address.clone(),
        }),
        entity_type: Some(EntityType {
            id,
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
            supplier_buyer_id: id,
            legal_entity: i.legal_entity,
        }),
        supplier_buyer_status: Some(SupplierBuyerStatus {
            id,
            supplier_buyer_id: id,
            is_supplier: i.is_supplier,
            is_buyer: i.is_buyer,
            depositor: i.depositor,
        }),
        tax_info: Some(TaxInfo {
            id,
            supplier_buyer_id: id,
            inn: i.inn.clone(),
            kpp: i.kpp.clone(),
            okpo: i.okpo.clone(),
        }),
        status: Some(rec.state.status()),
        state: None,
        links: Some(SelfLink {
            this: Href {
                href: format!("{base}/wms/v1/purveyor/view?id={}", rec.id),
            },
        }),
    }
}

impl Served for ProductRec {
    const PATH: &'static str = "product";
    const COLUMNS: &'static [&'static str] =
        &["name", "full_name", "code", "gtin", "article", "group"];
    type Wire = Product;

    fn wire(&self, _base: &str) -> Product {
        let i = &self.input;
        // Decimals come back as strings, and the packaging and shelf-life parts nested, as the
        // server answers them.
        let mut more = std::collections::BTreeMap::new();
        more.insert(
            "productPackagin".to_string(),
            json!({"product_id": self.id, "base_packaging": i.base_packaging}),
        );
        more.insert(
            "productShelfLive".to_string(),
            json!({
                "product_id": self.id,
                "shelf_life_stock": i.shelf_life_stock,
                "min_shelf_life_stock": i.min_shelf_life_stock,
                "shelf_life_deviation_days": i.shelf_life_deviation_days,
                "min_shelf_life_period": i.min_shelf_life_period,
            }),
        );
        Product {
            id: self.id,
            status: Some(self.state.status()),
            state: None,
            fields: i.clone(),
            more,
        }
    }

    fn column(&self, name: &str) -> Option<String> {
        let i = &self.input;
        Some(
            match name {
                "name" => &i.name,
                "full_name" => &i.full_name,
                "code" => &i.code,
                "gtin" => &i.gtin,
                "article" => &i.article,
                "group" => &i.group,
                _ => return None,
            }
            .clone(),
        )
    }

    fn checked(
        w: &World,
        customer: i64,
        raw: &Value,
        lang: Language,
        except: Option<i64>,
    ) -> Result<ProductInput, Response> {
        let (input, mut check) = read::<ProductInput>(raw, lang, PRODUCT_REQUIRED)?;
        let supplier = input.supplier_buyer_id.unwrap_or_default();
        if w.record::<PurveyorRec>(customer, supplier).is_none() {
            check.not_found("supplier_buyer_id");
        }
        let others: Vec<&ProductRec> = w
            .records::<ProductRec>(customer)
            .filter(|p| Some(p.id) != except)
            .collect();
        if others.iter().any(|p| p.input.code == input.code) {
            check.push("code", msg::taken(lang, "code", &input.code));
        }
        if others.iter().any(|p| p.input.gtin == input.gtin) {
            check.push("gtin", msg::taken(lang, "gtin", &input.gtin));
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
        if check.ok() {
            Ok(input)
        } else {
            Err(invalid(check.fields))
        }
    }

    fn add(w: &mut World, customer: i64, input: ProductInput) -> ProductRec {
        w.add_product(customer, input)
    }
}
