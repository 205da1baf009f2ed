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
use super::wms_gate::{AtRecord, Authed, body_of, invalid, only};
use super::world::{WmsRecord, World};
use api::codes::Language;
use api::envelope::Page;
use api::warehouse::*;
use axum::Router;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use serde_json::{Value, json};
use std::collections::HashMap;

type Q = HashMap<String, String>;

/// What differs between the two kinds of record.
pub(crate) trait Served:
    WmsRecord<Input: serde::de::DeserializeOwned> + Send + Sync + 'static
{
    /// Columns a list may be filtered by, and each one's text.
    const COLUMNS: &'static [Column<Self::Input>];
    /// Fields a body must give.
    const REQUIRED: &'static [&'static str];
    type Wire: serde::Serialize + Clone;
    fn wire(&self, base: &str) -> Self::Wire;
    /// The server's rules for a body that gives the required fields; `except` is the record an
    /// update replaces (its own code is not a duplicate).
    fn rules(w: &World, customer: i64, input: &Self::Input, check: &mut Check, except: Option<i64>);
}

/// A column a list may be filtered by, and its text in a record.
type Column<I> = (&'static str, fn(&I) -> &String);

/// A column's text, for filtering.
fn column<R: Served>(r: &R, name: &str) -> Option<String> {
    R::COLUMNS
        .iter()
        .find(|(c, _)| *c == name)
        .map(|(_, text)| text(r.input()).clone())
}

/// The body read and checked against the server's rules, or the 500 the server answers.
fn checked<R: Served>(
    w: &World,
    customer: i64,
    raw: &Value,
    lang: Language,
    except: Option<i64>,
) -> Result<R::Input, Response> {
    let (input, mut check) = Check::opening(lang, raw, R::REQUIRED, invalid)?;
    R::rules(w, customer, &input, &mut check, except);
    if check.ok() {
        Ok(input)
    } else {
        Err(invalid(check.fields))
    }
}

pub(crate) fn routes<R: Served>() -> Router<Shared> {
    let at = |action: &str| format!("/v1/{}/{action}", R::KIND);
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

fn not_found(lang: Language) -> Response {
    framework(StatusCode::NOT_FOUND, msg::record_not_found(lang))
}

async fn list<R: Served, const WAITING: bool>(
    State(s): State<Shared>,
    Query(q): Query<Q>,
    Authed(customer, lang): Authed,
) -> Response {
    let w = s.world();
    let filters: Vec<(&str, String)> = R::COLUMNS
        .iter()
        .filter_map(|(c, _)| q.get(*c).map(|v| (*c, v.trim().to_lowercase())))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    let items: Vec<R::Wire> = w
        .records::<R>(customer)
        .filter(|r| !WAITING || r.meta().2 == PurveyorState::New)
        .filter(|r| {
            filters.iter().all(|(c, v)| {
                column(*r, c).is_some_and(|text| text.to_lowercase().contains(v.as_str()))
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
    let path = format!("/v1/{}/{action}", R::KIND);
    let p: Page<R::Wire> = page_of(&items, page, per, &path, &extra);
    wms_ok(StatusCode::OK, msg::ok(lang), Some(p))
}

async fn create<R: Served>(State(s): State<Shared>, c: Authed, AnyBody(body): AnyBody) -> Response {
    let Authed(customer, lang) = c;
    let raw = or_reply!(body_of(body));
    let mut w = s.world();
    let input = or_reply!(checked::<R>(&w, customer, &raw, lang, None));
    let rec = R::add(&mut w, customer, input);
    wms_ok(
        StatusCode::CREATED,
        msg::saved(lang),
        Some(rec.wire(w.links.base())),
    )
}

async fn view<R: Served>(State(s): State<Shared>, at: AtRecord) -> Response {
    let AtRecord { customer, lang, id } = at;
    let w = s.world();
    match w.record::<R>(customer, id) {
        Some(r) => wms_ok(StatusCode::OK, msg::ok(lang), Some(r.wire(w.links.base()))),
        None => not_found(lang),
    }
}

async fn update<R: Served>(
    State(s): State<Shared>,
    at: AtRecord,
    AnyBody(body): AnyBody,
) -> Response {
    let AtRecord { customer, lang, id } = at;
    let raw = or_reply!(body_of(body));
    let mut w = s.world();
    if w.record::<R>(customer, id).is_none() {
        return not_found(lang);
    }
    let input = or_reply!(checked::<R>(&w, customer, &raw, lang, Some(id)));
    match w.update_record::<R>(customer, id, input) {
        Some(rec) => wms_ok(
            StatusCode::OK,
            msg::saved(lang),
            Some(rec.wire(w.links.base())),
        ),
        None => not_found(lang),
    }
}

async fn remove<R: Served>(State(s): State<Shared>, at: AtRecord) -> Response {
    let AtRecord { customer, lang, id } = at;
    if s.world().delete_record::<R>(customer, id) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        not_found(lang)
    }
}

async fn confirm<R: Served>(
    State(s): State<Shared>,
    c: Authed,
    AnyBody(body): AnyBody,
) -> Response {
    let Authed(customer, lang) = c;
    let raw = or_reply!(body_of(body));
    let mut check = Check::new(lang);
    let Some(req) = check.decode::<ClientStatusRequest>(&raw, &["status"]) else {
        return invalid(check.fields);
    };
    for (i, item) in req.status.iter().enumerate() {
        if item.id <= 0 {
            check.push(&format!("status.{i}.id"), msg::too_small(lang, "id", "1"));
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

impl Served for PurveyorRec {
    const COLUMNS: &'static [Column<PurveyorInput>] = PURVEYOR_COLUMNS;
    const REQUIRED: &'static [&'static str] = &["group", "code", "name", "full_name"];
    type Wire = Purveyor;

    fn wire(&self, base: &str) -> Purveyor {
        purveyor(base, self)
    }

    // A supplier's code is not unique on the server: the same code twice is two records.
    fn rules(_w: &World, _c: i64, input: &PurveyorInput, check: &mut Check, _except: Option<i64>) {
        let percentage = input.stock_percentage.as_deref();
        check.decimal("stock_percentage", percentage, 0.0, 100.0);
        check.whole("stock_expiry", input.stock_expiry.as_deref(), 0, 36_500);
        let lang = check.lang;
        date_field(check, "contract_date", input.contract_date.as_deref(), lang);
    }
}

/// A supplier/buyer's columns a list may be filtered by, in the order its links repeat them.
const PURVEYOR_COLUMNS: &[Column<PurveyorInput>] = &[
    ("name", |i| &i.name),
    ("full_name", |i| &i.full_name),
    ("code", |i| &i.code),
    ("group", |i| &i.group),
];

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

/// A product's columns a list may be filtered by, in the order its links repeat them.
const PRODUCT_COLUMNS: &[Column<ProductInput>] = &[
    ("name", |i| &i.name),
    ("full_name", |i| &i.full_name),
    ("code", |i| &i.code),
    ("gtin", |i| &i.gtin),
    ("article", |i| &i.article),
    ("group", |i| &i.group),
];

impl Served for ProductRec {
    const COLUMNS: &'static [Column<ProductInput>] = PRODUCT_COLUMNS;
    const REQUIRED: &'static [&'static str] = PRODUCT_REQUIRED;
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

    fn rules(
        w: &World,
        customer: i64,
        input: &ProductInput,
        check: &mut Check,
        except: Option<i64>,
    ) {
        let lang = check.lang;
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
    }
}
