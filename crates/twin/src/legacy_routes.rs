//! The legacy interface of the twin: one entry point, the route in `?r=`.

use super::http_util::*;
use super::limits;
use super::messages as msg;
use super::model::{CUSTOMERS, Iface, OrderBody, Party};
use super::order_checks;
use super::render;
use super::seed::{is_legacy_packaging, legacy_status_name, parcel_status_name};
use super::shared::Shared;
use super::world::{Priced, TokenKind, World, today};
use api::codes::{Delivery, Language, LegacyStatus};
use api::directory::{Branch, City, IdName};
use api::envelope::{DataList, LegacyEnvelope};
use api::international::{
    self, ManifestInput, ManifestResult, ParcelBranch, ParcelCity, ParcelCreated, ParcelInput,
    ParcelStatusRef, ParcelTrack, line_field, parcel_field,
};
use api::legacy::*;
use api::lenient::value_to_i64;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::Response;
use serde_json::{Value, json};
use std::collections::HashMap;

type Q = HashMap<String, String>;

/// Routes: (route, method).
const ROUTES: &[(&str, &str)] = &[
    ("v1/auth/get-token", "POST"),
    ("v1/order/add", "POST"),
    ("v1/order/edit", "POST"),
    ("v1/order/reg-good", "POST"),
    ("v1/order/list-goods", "GET"),
    ("v1/order/detail", "GET"),
    ("v1/order/cancel", "GET"),
    ("v1/order/calculate", "POST"),
    ("v1/order/track", "GET"),
    ("v1/order/history", "GET"),
    ("v1/order/cancellation", "GET"),
    ("v1/webhook/add", "POST"),
    ("v1/international/add", "POST"),
    ("v1/international/track-by-barcode", "GET"),
    ("v1/international/manifest", "POST"),
    ("directory/regions", "GET"),
    ("directory/cities", "GET"),
    ("directory/branches", "GET"),
    ("directory/branches-with-city", "GET"),
    ("directory/post-types", "GET"),
    ("directory/packages", "GET"),
    ("directory/yes-no", "GET"),
    ("directory/statuses", "GET"),
];

pub(crate) async fn entry(
    State(s): State<Shared>,
    method: Method,
    Query(q): Query<Q>,
    headers: HeaderMap,
    AnyBody(body): AnyBody,
) -> Response {
    let lang = lang(&headers);
    let route = q
        .get("r")
        .map(|r| r.trim_matches('/').to_string())
        .unwrap_or_default();
    let Some((_, verb)) = ROUTES.iter().find(|(r, _)| *r == route) else {
        return framework(StatusCode::NOT_FOUND, "Page not found.");
    };
    if method.as_str() != *verb {
        return framework(
            StatusCode::METHOD_NOT_ALLOWED,
            format!(
                "Method Not Allowed. This URL can only handle the following request methods: {verb}."
            ),
        );
    }
    let body = match body {
        Ok(v) => v,
        Err(e) => return framework(e.status, e.text),
    };
    if route == "v1/auth/get-token" {
        return get_token(&s, lang, &body);
    }
    let customer = {
        let w = s.world();
        bearer(&headers).and_then(|t| w.check_token(&t, Iface::Legacy, TokenKind::Access))
    };
    let Some(customer) = customer else {
        return refuse_token(&s, lang);
    };
    let cx = Cx {
        s: &s,
        lang,
        customer,
        q: &q,
    };
    match route.as_str() {
        "v1/order/add" => cx.add(&body),
        "v1/order/edit" => cx.edit(&body),
        "v1/order/reg-good" => cx.reg_good(&body),
        "v1/order/list-goods" => cx.list_goods(),
        "v1/order/detail" => cx.with_order(|w, o| {
            let naming = (lang, cities_in(&s, lang));
            json_response(
                StatusCode::OK,
                &render::legacy_detail(&w.seed, w.links.base(), o, naming),
            )
        }),
        "v1/order/cancel" => cx.cancel(),
        "v1/order/calculate" => cx.calculate(&body),
        "v1/order/track" => cx.with_order(|_, o| {
            json_response(
                StatusCode::OK,
                &TrackResponse {
                    order_id: o.id,
                    status: StatusRef {
                        id: o.status.legacy(),
                        name: legacy_status_name(o.status.legacy(), lang),
                    },
                },
            )
        }),
        "v1/order/history" => cx.with_order(|w, o| {
            let list: Vec<HistoryEntry> = o
                .history
                .iter()
                .map(|e| HistoryEntry {
                    message: msg::history_message(e, cx.lang),
                    timestamp: e.at,
                    status_id: e.status.legacy(),
                    location: e.location.clone(),
                    tracking_link: Some(super::world::tracking_link(
                        w.links.base(),
                        o.id,
                        &o.barcode,
                    )),
                })
                .collect();
            json_response(StatusCode::OK, &list)
        }),
        "v1/order/cancellation" => {
            cx.with_order(|_, o| json_response(StatusCode::OK, &o.cancellations))
        }
        "v1/webhook/add" => cx.webhook(&body),
        "v1/international/add" => cx.add_parcel(&body),
        "v1/international/track-by-barcode" => cx.track_parcel(),
        "v1/international/manifest" => cx.manifest(&body),
        _ => cx.directory(&route),
    }
}

/// The answer to a wrong or expired token: as the fault says when one is set, else the configured
/// status with the twin's own sentence.
fn refuse_token(s: &Shared, lang: Language) -> Response {
    let chosen = s.world().faults.legacy_token_refusal.clone();
    if let Some(r) = chosen {
        let status = StatusCode::from_u16(r.status).unwrap_or(StatusCode::BAD_REQUEST);
        return legacy_envelope(status, r.code.unwrap_or(r.status), r.text);
    }
    let status =
        StatusCode::from_u16(s.config.legacy_bad_token_status).unwrap_or(StatusCode::BAD_REQUEST);
    legacy_message(status, msg::bad_token(lang))
}

fn get_token(s: &Shared, lang: Language, body: &Value) -> Response {
    let mut check = Check::new(lang);
    let Some(req) = check
        .read::<TokenRequest>(body, &["username", "password", "inn"])
        .filter(|_| check.ok())
    else {
        return legacy_errors(check.fields);
    };
    let found = CUSTOMERS.iter().find(|c| {
        c.legacy.0 == req.username && c.legacy.1 == req.password && c.inn == req.inn.trim()
    });
    match found {
        None => legacy_unauthorized(msg::wrong_credentials(lang)),
        Some(c) => {
            let token = s
                .world()
                .issue_token(c.id, Iface::Legacy, TokenKind::Access);
            json_response(StatusCode::OK, &LegacyEnvelope::ok(TokenData { token }))
        }
    }
}

struct Cx<'a> {
    s: &'a Shared,
    lang: Language,
    customer: i64,
    q: &'a Q,
}

/// The language an order record names its cities in: production names them as its city
/// directory does (Russian only); the contract's form in the language asked.
fn cities_in(s: &Shared, lang: Language) -> Language {
    if s.config.real_shapes {
        Language::Ru
    } else {
        lang
    }
}

impl Cx<'_> {
    /// The languages a record is written in: everything in the one asked, cities as the city
    /// directory names them.
    fn naming(&self) -> (Language, Language) {
        (self.lang, cities_in(self.s, self.lang))
    }

    fn id_param(&self, name: &str) -> Result<i64, Response> {
        match self.q.get(name) {
            None => Err(framework(
                StatusCode::BAD_REQUEST,
                format!("Missing required parameters: {name}"),
            )),
            Some(v) => value_to_i64(&Value::String(v.clone())).ok_or_else(|| {
                framework(
                    StatusCode::BAD_REQUEST,
                    format!("Invalid data received for parameter \"{name}\"."),
                )
            }),
        }
    }

    fn with_order(&self, f: impl FnOnce(&World, &super::model::Order) -> Response) -> Response {
        let id = or_reply!(self.id_param("id"));
        let w = self.s.world();
        match w.order_for(self.customer, id) {
            Ok(o) => f(&w, o),
            Err(_) => framework(StatusCode::NOT_FOUND, msg::order_not_found(self.lang)),
        }
    }

    /// Checks a legacy order body and turns it into the twin's normal form.
    fn order_body(
        &self,
        w: &World,
        raw: &Value,
        editing: Option<i64>,
    ) -> Result<(OrderBody, Priced), Response> {
        let mut check = Check::new(self.lang);
        let required = [
            "senderCityId",
            "senderAddress",
            "senderReal",
            "senderPhone",
            "weight",
            "packageId",
            "postTypeId",
            "receiver",
            "receiverAddress",
            "receiverCityId",
            "receiverPhone",
        ];
        // Every wrong field at once: the checks below run on what could be read.
        let Some(input) = check.decode::<OrderInput>(raw, &required) else {
            return Err(legacy_errors(check.fields));
        };
        let lang = self.lang;
        order_checks::city(&mut check, w, "senderCityId", input.sender_city_id);
        let receiver_city_ok =
            order_checks::city(&mut check, w, "receiverCityId", input.receiver_city_id);
        check.phone("senderPhone", &input.sender_phone);
        check.phone("receiverPhone", &input.receiver_phone);
        if let Some(p) = input
            .receiver_phone1
            .as_deref()
            .filter(|p| !p.trim().is_empty())
        {
            check.phone("receiverPhone1", p);
        }
        order_checks::min_weight(&mut check, "weight", input.weight);
        if !is_legacy_packaging(input.package_id) {
            check.not_found("packageId");
        }
        if w.seed.shipment_type(input.post_type_id).is_none() {
            check.not_found("postTypeId");
        }
        if input.piece.is_some_and(|p| p < 1) {
            check.push("piece", msg::too_small(lang, "piece", "1"));
        }
        order_checks::items(&mut check, &input.post_types, "postTypes");
        order_checks::wcs(
            &mut check,
            w,
            self.customer,
            input.wcs_code.as_deref(),
            editing,
        );
        let cod = input.cash_on_delivery();
        order_checks::cod(
            &mut check,
            w,
            self.customer,
            cod,
            &input.options,
            "back_money",
            "options",
        );
        let sender_delivery = input.sender_delivery.unwrap_or(Delivery::Office);
        let receiver_delivery = input.receiver_delivery.unwrap_or(Delivery::Office);
        let sender_branch = if sender_delivery == Delivery::Office {
            w.seed
                .branches_of_city(input.sender_city_id)
                .next()
                .map(|b| b.id)
        } else {
            None
        };
        let receiver_branch = if receiver_city_ok {
            order_checks::branch(
                &mut check,
                w,
                "receiver_branch_id",
                input.receiver_city_id,
                input.receiver_branch_id,
                receiver_delivery,
            )
        } else {
            None
        };
        if !check.ok() {
            return Err(legacy_errors(check.fields));
        }
        let body = OrderBody {
            client_id: input.client_id.clone(),
            wcs_code: order_checks::key(input.wcs_code.as_deref()),
            sender: Party {
                name: input.sender_real.clone(),
                phone: input.sender_phone.clone(),
                phone1: None,
                address: input.sender_address.clone(),
                city_id: input.sender_city_id,
                branch_id: sender_branch,
                delivery: sender_delivery,
                latitude: None,
                longitude: None,
            },
            receiver: Party {
                name: input.receiver.clone(),
                phone: input.receiver_phone.clone(),
                phone1: input.receiver_phone1.clone(),
                address: input.receiver_address.clone(),
                city_id: input.receiver_city_id,
                branch_id: receiver_branch,
                delivery: receiver_delivery,
                latitude: None,
                longitude: None,
            },
            weight: input.weight,
            volume: input.volume,
            piece: input.piece.unwrap_or(1),
            package_id: input.package_id,
            post_type_id: input.post_type_id,
            items: input.post_types.clone(),
            options: input.options.clone(),
            take_photo: input.take_photo,
            bring_back_waybill: input.bring_back_waybill,
            cod,
            additional_info: input.additional_info.clone(),
            is_test: input.is_test,
            sender_sign: input.sender_sign.clone(),
            receiver_sign: input.receiver_sign.clone(),
            sender_date: input.sender_date.unwrap_or_else(today),
            receiver_date: input.receiver_date,
            ready_to_take: false,
        };
        match order_checks::priced(&mut check, w, &body, &order_checks::LEGACY) {
            Some(priced) => Ok((body, priced)),
            None => Err(legacy_errors(check.fields)),
        }
    }

    fn add(&self, raw: &Value) -> Response {
        let mut w = self.s.world();
        let (body, priced) = or_reply!(self.order_body(&w, raw, None));
        let order = w.create_order(self.customer, Iface::Legacy, body, priced);
        let rendered = render::legacy_record(&w.seed, &w.links, &order, self.naming());
        json_response(StatusCode::OK, &rendered)
    }

    fn edit(&self, raw: &Value) -> Response {
        let Some(id) = raw.get("orderId").and_then(value_to_i64) else {
            let mut check = Check::new(self.lang);
            check.push("orderId", msg::blank(self.lang, "orderId"));
            return legacy_errors(check.fields);
        };
        let mut w = self.s.world();
        match w.order_for(self.customer, id) {
            Err(_) => {
                let mut check = Check::new(self.lang);
                check.push("orderId", msg::order_not_found(self.lang));
                return legacy_errors(check.fields);
            }
            Ok(o) if !o.status.is_cancellable() => {
                let mut check = Check::new(self.lang);
                check.push("orderId", msg::cannot_edit(self.lang));
                return legacy_errors(check.fields);
            }
            Ok(_) => {}
        }
        let (body, priced) = or_reply!(self.order_body(&w, raw, Some(id)));
        match w.edit_order(id, body, priced) {
            Some(order) => json_response(
                StatusCode::OK,
                &render::legacy_record(&w.seed, &w.links, &order, self.naming()),
            ),
            None => framework(StatusCode::NOT_FOUND, msg::order_not_found(self.lang)),
        }
    }

    fn reg_good(&self, raw: &Value) -> Response {
        let mut check = Check::new(self.lang);
        let Some(g) = check.read::<GoodInput>(raw, &["spic", "name", "units", "goodPrice"]) else {
            return legacy_errors(check.fields);
        };
        if g.spic.len() != 17 || !g.spic.chars().all(|c| c.is_ascii_digit()) {
            check.push("spic", msg::invalid(self.lang, "spic"));
        }
        if g.good_price.0 <= 0 {
            check.push("goodPrice", msg::too_small(self.lang, "goodPrice", "1"));
        }
        if g.good_price.0 > limits::SUM_MAX {
            let max = limits::SUM_MAX.to_string();
            check.push("goodPrice", msg::too_big(self.lang, "goodPrice", &max));
        }
        if !check.ok() {
            return legacy_errors(check.fields);
        }
        let good = self
            .s
            .world()
            .add_good(self.customer, g.spic, g.name, g.units, g.good_price);
        json_response(
            StatusCode::OK,
            &RegisteredGoodReceipt {
                id: good.id,
                spic: good.spic,
                name: good.name,
                units: good.units,
                good_price: good.price,
            },
        )
    }

    fn list_goods(&self) -> Response {
        let w = self.s.world();
        let list: Vec<RegisteredGood> = w
            .goods_of(self.customer)
            .map(|g| RegisteredGood {
                id: g.id,
                spic: g.spic.clone(),
                name: g.name.clone(),
                units: g.units.clone(),
                good_price: g.price,
            })
            .collect();
        json_response(StatusCode::OK, &list)
    }

    fn cancel(&self) -> Response {
        let id = or_reply!(self.id_param("id"));
        let mut w = self.s.world();
        let status = match w.order_for(self.customer, id) {
            Err(_) => return framework(StatusCode::NOT_FOUND, msg::order_not_found(self.lang)),
            Ok(o) => o.status,
        };
        let mut check = Check::new(self.lang);
        if status == api::codes::OrderStatus::Deleted {
            // As production: a 400 envelope whose message is a sentence in the asked language.
            return legacy_message(StatusCode::BAD_REQUEST, msg::already_cancelled(self.lang));
        }
        if !status.is_cancellable() {
            check.push("id", msg::cannot_cancel(self.lang));
            return legacy_errors(check.fields);
        }
        let customer_name = super::model::customer(self.customer)
            .map(|c| c.name)
            .unwrap_or("API");
        let Some((order, jobs)) =
            w.cancel(id, customer_name, "Mijoz soʻrovi bilan bekor qilindi (API)")
        else {
            return framework(StatusCode::NOT_FOUND, msg::order_not_found(self.lang));
        };
        drop(w);
        super::webhooks::send(self.s, jobs);
        json_response(
            StatusCode::OK,
            &CancelResponse {
                order_id: order.id,
                status: StatusRef {
                    id: LegacyStatus::Refused,
                    name: legacy_status_name(LegacyStatus::Refused, self.lang),
                },
            },
        )
    }

    fn calculate(&self, raw: &Value) -> Response {
        let mut check = Check::new(self.lang);
        let Some(req) =
            check.read::<CalculateRequest>(raw, &["senderCityId", "receiverCityId", "weight"])
        else {
            return legacy_errors(check.fields);
        };
        let w = self.s.world();
        order_checks::city(&mut check, &w, "senderCityId", req.sender_city_id);
        order_checks::city(&mut check, &w, "receiverCityId", req.receiver_city_id);
        order_checks::min_weight(&mut check, "weight", req.weight);
        order_checks::quantities(
            &mut check,
            req.weight,
            req.volume,
            None,
            &order_checks::LEGACY,
        );
        order_checks::date(&mut check, "senderDate", req.sender_date);
        if !check.ok() {
            return legacy_errors(check.fields);
        }
        let price = super::pricing::domestic(
            &w.seed,
            req.sender_city_id,
            req.receiver_city_id,
            req.weight,
            req.volume,
            req.sender_delivery.unwrap_or(Delivery::Office),
            req.receiver_delivery.unwrap_or(Delivery::Office),
            1,
        );
        let Some(price) = price else {
            let m = msg::too_big(self.lang, "weight", &limits::WEIGHT_MAX_KG.to_string());
            check.push("weight", m);
            return legacy_errors(check.fields);
        };
        let mut echo = req;
        echo.sender_date = Some(echo.sender_date.unwrap_or_else(today));
        json_response(
            StatusCode::OK,
            &CalculateResponse {
                summary_price: price,
                request_data: echo,
            },
        )
    }

    fn webhook(&self, raw: &Value) -> Response {
        match super::webhook_reg::webhook_config(
            self.s,
            self.lang,
            self.customer,
            raw,
            Iface::Legacy,
            false,
        ) {
            Ok(cfg) => json_response(StatusCode::OK, &LegacyEnvelope::ok(cfg)),
            Err(fields) => legacy_errors(fields),
        }
    }

    fn add_parcel(&self, raw: &Value) -> Response {
        let mut check = Check::new(self.lang);
        let mut required: Vec<String> = international::PARCEL_REQUIRED
            .iter()
            .map(|f| f.to_string())
            .collect();
        if let Some(Value::Array(products)) = raw.get("products") {
            for i in 0..products.len() {
                required.extend(
                    international::PARCEL_LINE_REQUIRED
                        .iter()
                        .map(|f| format!("products.{i}.{f}")),
                );
            }
        }
        let required: Vec<&str> = required.iter().map(String::as_str).collect();
        // Every wrong field at once: the checks below run on what could be read.
        let Some(p) = check.decode::<ParcelInput>(raw, &required) else {
            return legacy_errors(check.fields);
        };
        let mut w = self.s.world();
        if w.parcel(self.customer, &p.parcel_number).is_some() {
            let number = parcel_field::NUMBER;
            check.push(number, msg::taken(self.lang, number, &p.parcel_number));
        }
        if p.pinfl.len() != 14 || !p.pinfl.chars().all(|c| c.is_ascii_digit()) {
            let pinfl = parcel_field::PINFL;
            check.push(pinfl, msg::invalid(self.lang, pinfl));
        }
        if p.currency.len() != 3 || !p.currency.chars().all(|c| c.is_ascii_uppercase()) {
            check.push(
                parcel_field::CURRENCY,
                msg::invalid(self.lang, parcel_field::CURRENCY),
            );
        }
        order_checks::min_weight(&mut check, parcel_field::WEIGHT, p.weight);
        if p.weight.grams() > limits::WEIGHT_MAX_KG * 1000 {
            let max = limits::WEIGHT_MAX_KG.to_string();
            check.push(
                parcel_field::WEIGHT,
                msg::too_big(self.lang, parcel_field::WEIGHT, &max),
            );
        }
        let sum_max = limits::SUM_MAX as f64;
        check.decimal(parcel_field::VALUE, p.value.as_deref(), 0.0, sum_max);
        for (i, line) in p.products.iter().enumerate() {
            let field = |name: &str| format!("products.{i}.{name}");
            check.whole(
                &field(line_field::QUANTITY),
                Some(&line.quantity),
                1,
                limits::COUNT_MAX,
            );
            let weight_max = (limits::WEIGHT_MAX_KG) as f64;
            check.decimal(
                &field(line_field::WEIGHT),
                Some(&line.weight),
                0.0,
                weight_max,
            );
            check.decimal(
                &field(line_field::VALUE),
                Some(&line.declare_value),
                0.0,
                sum_max,
            );
        }
        let delivery = p.receiver_delivery.unwrap_or(Delivery::Courier);
        let mut branch = None;
        match p.receiver_city_id {
            Some(city) if order_checks::city(&mut check, &w, parcel_field::CITY, city) => {
                branch = order_checks::branch(
                    &mut check,
                    &w,
                    parcel_field::BRANCH,
                    city,
                    p.receiver_branch_id,
                    delivery,
                );
            }
            Some(_) => {}
            None if delivery == Delivery::Office => check.push(
                parcel_field::CITY,
                msg::blank(self.lang, parcel_field::CITY),
            ),
            None => {}
        }
        if !check.ok() {
            return legacy_errors(check.fields);
        }
        let mut stored = p.clone();
        stored.receiver_branch_id = branch.or(p.receiver_branch_id);
        let parcel = w.add_parcel(self.customer, stored);
        let created = ParcelCreated {
            branch: parcel.input.receiver_branch_id.map(|id| ParcelBranch {
                id: Some(id),
                name: w.seed.branch(id).map(|b| b.name.get(self.lang).to_string()),
            }),
            city: parcel.input.receiver_city_id.map(|id| ParcelCity {
                id: Some(id),
                name: w.seed.city(id).map(|c| c.name.get(self.lang).to_string()),
            }),
            parcel: parcel.input,
        };
        json_response(StatusCode::OK, &created)
    }

    fn track_parcel(&self) -> Response {
        let Some(barcode) = self.q.get("barcode").filter(|b| !b.trim().is_empty()) else {
            return framework(
                StatusCode::BAD_REQUEST,
                "Missing required parameters: barcode",
            );
        };
        let w = self.s.world();
        match w.parcel(self.customer, barcode.trim()) {
            Some(p) => json_response(
                StatusCode::OK,
                &ParcelTrack {
                    barcode: barcode.trim().to_string(),
                    status: ParcelStatusRef {
                        code: p.status,
                        message: parcel_status_name(p.status, self.lang),
                    },
                },
            ),
            _ => framework(
                StatusCode::NOT_FOUND,
                msg::parcel_unknown(self.lang, barcode),
            ),
        }
    }

    fn manifest(&self, raw: &Value) -> Response {
        let mut check = Check::new(self.lang);
        check.required(
            raw,
            &[
                "ManifestNumber",
                "Parcels",
                "ManifestDetails.ParcelsCount",
                "ManifestDetails.Date",
            ],
        );
        if check.has("ManifestDetails.ParcelsCount") {
            let m = check
                .fields
                .remove("ManifestDetails.ParcelsCount")
                .unwrap_or_default();
            check.fields.insert("ParcelsCount".into(), m);
        }
        if !check.ok() {
            return legacy_errors(check.fields);
        }
        let Some(m) = check.typed::<ManifestInput>(raw) else {
            return legacy_errors(check.fields);
        };
        let mut w = self.s.world();
        if w.has_manifest(self.customer, &m.manifest_number) {
            check.push(
                "ManifestNumber",
                msg::taken(self.lang, "ManifestNumber", &m.manifest_number),
            );
        }
        if m.details.parcels_count.trim().parse::<usize>().ok() != Some(m.parcels.len()) {
            check.push(
                "ParcelsCount",
                msg::count_mismatch(self.lang, &m.details.parcels_count, m.parcels.len()),
            );
        }
        if chrono::NaiveDate::parse_from_str(m.details.date.trim(), "%Y-%m-%d").is_err() {
            check.push("Date", msg::invalid(self.lang, "Date"));
        }
        for p in &m.parcels {
            let known = w.parcel(self.customer, &p.parcel_number).is_some();
            if !known {
                check.push("Parcels", msg::parcel_unknown(self.lang, &p.parcel_number));
            }
        }
        if !check.ok() {
            return legacy_errors(check.fields);
        }
        w.add_manifest(self.customer, &m);
        json_response(
            StatusCode::OK,
            &ManifestResult {
                success: true,
                message: msg::manifest_ok(self.lang),
            },
        )
    }

    fn directory(&self, route: &str) -> Response {
        let w = self.s.world();
        let seed = &w.seed;
        let lang = self.lang;
        let int_q = |name: &str| self.q.get(name).and_then(|v| v.trim().parse::<i64>().ok());
        let real = self.s.config.real_shapes;
        let branch_wire = |b: &super::seed::SeedBranch| Branch {
            id: b.id,
            name: b.name.get(lang).to_string(),
            region_id: b.region_id,
            city_id: b.city_id,
            address: b.address.clone(),
            lat_long: b.lat_long.clone(),
            phone: b.phone.clone(),
            video_link: b.video_link.clone(),
            working_hours: b.hours,
        };
        let names =
            |list: &[(i64, super::seed::Name)], keep: &dyn Fn(i64) -> bool| -> Vec<IdName> {
                list.iter()
                    .filter(|(id, _)| keep(*id))
                    .map(|(id, n)| IdName {
                        id: *id,
                        name: n.get(lang).to_string(),
                    })
                    .collect()
            };
        let records: Vec<Value> = match route {
            "directory/regions" => values(seed.regions.iter().map(|r| IdName {
                id: r.id,
                name: r.name.get(lang).to_string(),
            })),
            "directory/cities" => {
                let region = int_q("regionId");
                let cities = seed
                    .cities
                    .iter()
                    .filter(|c| region.is_none_or(|r| c.region_id == r));
                match real {
                    // Production names a city in Russian only, whatever the language asked.
                    true => cities
                        .map(|c| json!({"id": c.id, "regionId": c.region_id, "nameRu": c.name.ru}))
                        .collect(),
                    false => values(cities.map(|c| City {
                        id: c.id,
                        region_id: c.region_id,
                        name: c.name.get(lang).to_string(),
                    })),
                }
            }
            "directory/branches" | "directory/branches-with-city" => {
                let (region, city) = (int_q("regionId"), int_q("cityId"));
                let by_city = route == "directory/branches-with-city";
                let branches = seed
                    .branches
                    .iter()
                    .filter(|b| by_city || region.is_none_or(|r| b.region_id == r))
                    .filter(|b| !by_city || city.is_none_or(|c| b.city_id == c));
                branches
                    .map(|b| {
                        let v = serde_json::to_value(branch_wire(b)).unwrap_or_default();
                        if real {
                            address_as_in_production(v, &b.address_ru)
                        } else {
                            v
                        }
                    })
                    .collect()
            }
            "directory/post-types" => values(names(&seed.shipment_types, &|_| true)),
            "directory/packages" => values(names(&seed.packaging_types, &is_legacy_packaging)),
            "directory/yes-no" => {
                let (yes, no) = match lang {
                    Language::Uz => ("Ha", "Yoʻq"),
                    Language::Ru => ("Да", "Нет"),
                    Language::En => ("Yes", "No"),
                };
                values([(1, yes), (0, no)].map(|(id, name)| IdName {
                    id,
                    name: name.into(),
                }))
            }
            "directory/statuses" => values(LegacyStatus::ALL.iter().map(|s| StatusRef {
                id: *s,
                name: legacy_status_name(*s, lang),
            })),
            _ => return framework(StatusCode::NOT_FOUND, "Page not found."),
        };
        // Every directory in production's envelope when asked for its shapes, the contract's
        // otherwise.
        directory_list(real, records)
    }
}

/// Records as JSON values, for a directory's list.
fn values<T: serde::Serialize>(items: impl IntoIterator<Item = T>) -> Vec<Value> {
    items
        .into_iter()
        .filter_map(|item| serde_json::to_value(item).ok())
        .collect()
}

/// A legacy directory list: the contract's `{data}`, or production's `{code: 200, message, data}`.
fn directory_list(real: bool, records: Vec<Value>) -> Response {
    match real {
        true => json_response(
            StatusCode::OK,
            &json!({"code": 200, "message": "OK", "data": records}),
        ),
        false => json_response(StatusCode::OK, &DataList { data: records }),
    }
}

/// A branch record as production writes it: its address in Russian under `address_ru`.
fn address_as_in_production(mut branch: Value, address_ru: &str) -> Value {
    if let Some(map) = branch.as_object_mut() {
        map.remove("address");
        map.insert("address_ru".into(), Value::from(address_ru));
    }
    branch
}
