//! The current interface of the twin: `{api}/auth/...` and `{api}/v1/...` with the envelope.

use super::current_gate::*;
use super::http_util::*;
use super::limits;
use super::messages as msg;
use super::model::{CUSTOMERS, Iface, Order, OrderBody, Party};
use super::order_checks;
use super::render;
use super::seed::order_status_name;
use super::shared::{AuthCalls, Shared};
use super::world::{Priced, World, today};
use api::codes::{Delivery, DropoffType, Language, OrderStatus, PickupType};
use api::current::*;
use api::directory::{
    CodedBranch, CodedCity, CodedPlace, CodedRegion, Country, IdName, StatusInfo,
};
use api::international::{IntlCalcEcho, IntlCalcRequest, IntlCalcResponse};
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{MethodRouter, get, post};
use serde_json::Value;
use std::sync::atomic::AtomicU64;

/// The interface's routes: a path and what each verb of it does.
pub(crate) fn router() -> Router<Shared> {
    // The routes that answer one verb, then those that answer two.
    let routes: [(&str, MethodRouter<Shared>); 19] = [
        ("/auth/login", post(login)),
        ("/auth/refresh", post(refresh)),
        ("/v1/order/add", post(add)),
        ("/v1/order/edit", post(edit)),
        ("/v1/order/detail", get(detail)),
        ("/v1/order/track", get(track)),
        ("/v1/order-calculate/index", post(calculate)),
        ("/v1/status/index", get(statuses)),
        ("/v1/directory/countries", get(countries)),
        ("/v1/directory/regions", get(regions)),
        ("/v1/directory/cities", get(cities)),
        ("/v1/directory/branches", get(branches)),
        ("/v1/package/index", get(packages)),
        ("/v1/inside/index", get(shipment_types)),
        ("/v1/order/international-list", get(international_list)),
        (
            "/v1/order-calculate/international",
            post(calculate_international),
        ),
        ("/v1/order-cancel/index", get(cancel).post(cancel)),
        ("/v1/order/sticker", get(sticker).post(stickers)),
        (
            "/v1/webhook/webhook-config",
            get(webhook_config).post(webhook_config),
        ),
    ];
    routes
        .into_iter()
        .fold(Router::new(), |router, (path, route)| {
            router.route(path, route)
        })
}

/// The opening of the two token routes: counted (the control listener reports how often), then
/// the language asked in and the body.
fn token_call(
    counter: &AtomicU64,
    headers: &HeaderMap,
    body: Result<Value, BodyError>,
) -> Result<(Language, Value), Response> {
    AuthCalls::count(counter);
    let lang = lang(headers);
    Ok((lang, parse_body(body)?))
}

async fn login(State(s): State<Shared>, headers: HeaderMap, AnyBody(body): AnyBody) -> Response {
    let (lang, body) = or_reply!(token_call(&s.auth_calls.current_login, &headers, body));
    let (req, _) = or_reply!(read_clean::<LoginRequest>(
        lang,
        &body,
        &["login", "password"]
    ));
    match CUSTOMERS
        .iter()
        .find(|c| c.current.0 == req.login.trim() && c.current.1 == req.password)
    {
        None => framework(StatusCode::UNAUTHORIZED, msg::wrong_login(lang)),
        Some(c) => current_ok(msg::ok(lang), s.world().issue_tokens(c.id, Iface::Current)),
    }
}

async fn refresh(State(s): State<Shared>, headers: HeaderMap, AnyBody(body): AnyBody) -> Response {
    let (lang, body) = or_reply!(token_call(&s.auth_calls.current_refresh, &headers, body));
    let token = body
        .get("refresh_token")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let customer = s.world().take_refresh(&token, Iface::Current);
    match customer {
        Some(c) => current_ok(msg::ok(lang), s.world().issue_tokens(c, Iface::Current)),
        None => {
            let mut check = Check::new(lang);
            check.push("refresh_token", msg::bad_token(lang));
            current_invalid(check.fields)
        }
    }
}

/// Checks a current-interface order body and turns it into the twin's normal form.
fn order_body(
    w: &World,
    lang: Language,
    customer: i64,
    raw: &Value,
    editing: Option<i64>,
) -> Result<(OrderBody, Priced), Response> {
    let mut check = Check::new(lang);
    let Some(input) = check.decode::<OrderInput>(
        raw,
        &[
            "pickup_type",
            "sender.name",
            "sender.phone",
            "sender.address",
            "receiver.name",
            "receiver.phone",
            "receiver.address",
            "receiver.city_code",
            "cargo.weight",
            "cargo.piece",
            "cargo.packageId",
        ],
    ) else {
        return Err(current_invalid(check.fields));
    };
    let dropoff = input.dropoff_type.unwrap_or(DropoffType::Courier);
    if dropoff == DropoffType::Branch
        && input
            .receiver
            .branch_code
            .as_deref()
            .is_none_or(|c| c.trim().is_empty())
    {
        check.push(
            "receiver.branch_code",
            msg::blank(lang, "receiver.branch_code"),
        );
    }
    // The sender's city comes from its city code or, for a drop-off at an office, the branch.
    let sender_branch = input
        .sender
        .branch_code
        .as_deref()
        .and_then(|c| w.seed.branch_by_code(c));
    let sender_city = match input.sender.city_code.as_deref() {
        Some(code) => w.seed.city_by_code(code).map(|c| c.id),
        None => sender_branch.map(|b| b.city_id),
    };
    if sender_city.is_none() {
        check.not_found("sender.city_code");
    }
    let receiver_city = input
        .receiver
        .city_code
        .as_deref()
        .and_then(|c| w.seed.city_by_code(c))
        .map(|c| c.id);
    if receiver_city.is_none() {
        check.not_found("receiver.city_code");
    }
    check.phone("sender.phone", &input.sender.phone);
    check.phone("receiver.phone", &input.receiver.phone);
    if let Some(p) = input
        .receiver
        .phone1
        .as_deref()
        .filter(|p| !p.trim().is_empty())
    {
        check.phone("receiver.phone1", p);
    }
    order_checks::min_weight(&mut check, "cargo.weight", input.cargo.weight);
    if input.cargo.piece < 1 {
        check.push("cargo.piece", msg::too_small(lang, "cargo.piece", "1"));
    }
    let package_id = input.cargo.package_id.unwrap_or_default();
    if w.seed.packaging_type(package_id).is_none() {
        check.not_found("cargo.packageId");
    }
    let post_type_id = input.cargo.post_type_id.unwrap_or(15);
    if w.seed.shipment_type(post_type_id).is_none() {
        check.not_found("cargo.postTypeId");
    }
    order_checks::items(&mut check, &input.cargo.post_types, "cargo.postTypes");
    order_checks::wcs(&mut check, w, customer, input.wcs_code.as_deref(), editing);
    let cod = input.cash_on_delivery();
    order_checks::cod(
        &mut check,
        w,
        customer,
        cod,
        &input.cargo.options,
        "back_money",
        "cargo.options",
    );
    let sender_delivery = if input.pickup_type == PickupType::Courier {
        Delivery::Courier
    } else {
        Delivery::Office
    };
    let receiver_delivery = if dropoff == DropoffType::Courier {
        Delivery::Courier
    } else {
        Delivery::Office
    };
    let receiver_branch = match (receiver_city, &input.receiver.branch_code) {
        (Some(city), Some(code)) if dropoff == DropoffType::Branch => {
            match w.seed.branch_by_code(code) {
                Some(b) => order_checks::branch(
                    &mut check,
                    w,
                    "receiver.branch_code",
                    city,
                    Some(b.id),
                    receiver_delivery,
                ),
                None => {
                    check.not_found("receiver.branch_code");
                    None
                }
            }
        }
        _ => None,
    };
    let sender_branch_id = match (sender_delivery, sender_branch, sender_city) {
        (Delivery::Office, Some(b), _) => Some(b.id),
        (Delivery::Office, None, Some(city)) => w.seed.branches_of_city(city).next().map(|b| b.id),
        _ => None,
    };
    if !check.ok() {
        return Err(current_invalid(check.fields));
    }
    let (Some(sender_city), Some(receiver_city)) = (sender_city, receiver_city) else {
        return Err(current_invalid(check.fields));
    };
    let body = OrderBody {
        client_id: input.client_id.clone(),
        wcs_code: order_checks::key(input.wcs_code.as_deref()),
        sender: Party {
            name: input.sender.name.clone(),
            phone: input.sender.phone.clone(),
            phone1: input.sender.phone1.clone(),
            address: input.sender.address.clone(),
            city_id: sender_city,
            branch_id: sender_branch_id,
            delivery: sender_delivery,
            latitude: input.sender.latitude.clone(),
            longitude: input.sender.longitude.clone(),
        },
        receiver: Party {
            name: input.receiver.name.clone(),
            phone: input.receiver.phone.clone(),
            phone1: input.receiver.phone1.clone(),
            address: input.receiver.address.clone(),
            city_id: receiver_city,
            branch_id: receiver_branch,
            delivery: receiver_delivery,
            latitude: input.receiver.latitude.clone(),
            longitude: input.receiver.longitude.clone(),
        },
        weight: input.cargo.weight,
        volume: input.cargo.volume,
        piece: input.cargo.piece,
        package_id,
        post_type_id,
        items: input.cargo.post_types.clone(),
        options: input.cargo.options.clone(),
        take_photo: input.take_photo.unwrap_or(0) == 1,
        bring_back_waybill: input.bring_back_waybill.unwrap_or(0) == 1,
        cod,
        additional_info: None,
        is_test: false,
        sender_sign: None,
        receiver_sign: None,
        sender_date: today(),
        receiver_date: None,
        ready_to_take: input.ready_to_take.unwrap_or(false),
    };
    match order_checks::priced(&mut check, w, &body, &order_checks::CURRENT) {
        Some(priced) => Ok((body, priced)),
        None => Err(current_invalid(check.fields)),
    }
}

fn record(w: &World, o: &Order, lang: Language) -> OrderRecord {
    render::current_record(&w.seed, w.links.base(), o, lang, &w.goods)
}

async fn add(State(s): State<Shared>, c: Caller, Body(raw): Body) -> Response {
    let mut w = s.world();
    let (body, priced) = or_reply!(order_body(&w, c.lang, c.customer, &raw, None));
    let order = w.create_order(c.customer, Iface::Current, body, priced);
    current_ok(msg::saved(c.lang), record(&w, &order, c.lang))
}

async fn edit(State(s): State<Shared>, call: OrderCall, Body(raw): Body) -> Response {
    let lang = call.lang;
    let mut w = s.world();
    or_reply!(call.changeable(&w, |o| {
        (!o.status.is_cancellable()).then(|| msg::cannot_edit(lang))
    }));
    let (body, priced) = or_reply!(order_body(&w, lang, call.customer, &raw, Some(call.id())));
    match w.edit_order(call.id(), body, priced) {
        Some(order) => current_ok(msg::saved(lang), record(&w, &order, lang)),
        None => current_not_found(),
    }
}

async fn detail(State(s): State<Shared>, call: OrderCall) -> Response {
    call.answer(&s, |w, o| record(w, o, call.lang))
}

/// An order's id and status with the status's name in the caller's language.
fn status_data(o: &Order, lang: Language) -> OrderStatusData {
    OrderStatusData {
        order_id: o.id,
        status: StatusCodeName {
            code: o.status,
            name: order_status_name(o.status, lang),
        },
    }
}

async fn track(State(s): State<Shared>, call: OrderCall) -> Response {
    call.answer(&s, |_, o| status_data(o, call.lang))
}

async fn cancel(State(s): State<Shared>, call: OrderCall) -> Response {
    let lang = call.lang;
    let (data, jobs) = {
        let mut w = s.world();
        or_reply!(call.changeable(&w, |o| {
            if o.status == OrderStatus::Deleted {
                Some(msg::already_cancelled(lang))
            } else {
                (!o.status.is_cancellable()).then(|| msg::cannot_cancel(lang))
            }
        }));
        let employee = super::model::customer(call.customer)
            .map(|c| c.name)
            .unwrap_or("API");
        let reason = "Mijoz soʻrovi bilan bekor qilindi (API)";
        let Some((order, jobs)) = w.cancel(call.id(), employee, reason) else {
            return current_not_found();
        };
        (status_data(&order, lang), jobs)
    };
    super::webhooks::send(&s, jobs);
    current_ok(msg::cancelled_ok(lang), data)
}

/// Sticker links live ten minutes, like the service's temporary URLs.
const STICKER_TTL_SECS: i64 = 600;

/// The label of the caller's orders `ids`, by a link that soon expires.
fn sticker_of(w: &World, customer: i64, ids: &[i64]) -> Sticker {
    let expires = super::world::epoch_now() + STICKER_TTL_SECS;
    Sticker {
        label_encode: None,
        label_sticker: w.links.sticker(customer, ids, expires),
    }
}

async fn sticker(State(s): State<Shared>, call: OrderCall) -> Response {
    call.answer(&s, |w, o| sticker_of(w, call.customer, &[o.id]))
}

async fn stickers(State(s): State<Shared>, c: Caller, Body(raw): Body) -> Response {
    let (batch, mut check) = or_reply!(read_clean::<StickerBatch>(c.lang, &raw, &["orderIds"]));
    if batch.order_ids.len() > STICKER_BATCH_MAX {
        check.push(
            "orderIds",
            msg::too_long(c.lang, "orderIds", STICKER_BATCH_MAX),
        );
        return current_invalid(check.fields);
    }
    let w = s.world();
    for id in &batch.order_ids {
        if let Err(l) = w.order_for(c.customer, *id) {
            return lookup_failure(l);
        }
    }
    current_ok(
        msg::ok(c.lang),
        sticker_of(&w, c.customer, &batch.order_ids),
    )
}

/// The calculators' own names of the quantities.
const CALC_NAMES: order_checks::Names = order_checks::Names {
    sender_date: "senderDate",
    receiver_date: "receiverDate",
    weight: "weight",
    volume: "volume",
    piece: "piece",
};

async fn calculate(State(s): State<Shared>, c: Caller, Body(raw): Body) -> Response {
    let lang = c.lang;
    let (req, mut check) = or_reply!(read::<DomesticCalcRequest>(
        lang,
        &raw,
        &[
            "senderCityCode",
            "receiverCityCode",
            "pickup_type",
            "dropoff_type",
            "weight",
        ],
    ));
    let w = s.world();
    let from = w.seed.city_by_code(&req.sender_city_code).map(|c| c.id);
    let to = w.seed.city_by_code(&req.receiver_city_code).map(|c| c.id);
    if from.is_none() {
        check.not_found("senderCityCode");
    }
    if to.is_none() {
        check.not_found("receiverCityCode");
    }
    order_checks::min_weight(&mut check, "weight", req.weight);
    let volume = req.volume.map(|d| d.x * d.y * d.z);
    order_checks::quantities(&mut check, req.weight, volume, None, &CALC_NAMES);
    let (Some(from), Some(to)) = (from, to) else {
        return current_invalid(check.fields);
    };
    if !check.ok() {
        return current_invalid(check.fields);
    }
    let from_has_branch = w.seed.branches_of_city(from).next().is_some();
    let to_has_branch = w.seed.branches_of_city(to).next().is_some();
    let price = |pickup: Delivery, dropoff: Delivery| {
        super::pricing::domestic(&w.seed, from, to, req.weight, volume, pickup, dropoff, 1)
    };
    // The dearest mode prices, or nothing does: refused under the weight, never a wrapped sum.
    if price(Delivery::Courier, Delivery::Courier).is_none() {
        let m = msg::too_big(lang, "weight", &limits::WEIGHT_MAX_KG.to_string());
        check.push("weight", m);
        return current_invalid(check.fields);
    }
    let quote = |pickup: Delivery, dropoff: Delivery| {
        let available =
            (pickup.is_courier() || from_has_branch) && (dropoff.is_courier() || to_has_branch);
        ModeQuote {
            available,
            price: if available {
                price(pickup, dropoff)
            } else {
                None
            },
            reason: (!available).then(|| msg::unavailable_courier(lang)),
        }
    };
    current_ok(
        msg::ok(lang),
        DomesticQuotes {
            branch_to_branch: quote(Delivery::Office, Delivery::Office),
            branch_to_courier: quote(Delivery::Office, Delivery::Courier),
            courier_to_branch: quote(Delivery::Courier, Delivery::Office),
            courier_to_courier: quote(Delivery::Courier, Delivery::Courier),
        },
    )
}

async fn calculate_international(State(s): State<Shared>, c: Caller, Body(raw): Body) -> Response {
    let Caller { customer, lang } = c;
    let (req, mut check) = or_reply!(read::<IntlCalcRequest>(
        lang,
        &raw,
        &[
            "weight",
            "senderCityId",
            "receiverCountryId",
            "receiverCityId",
            "postTypeId",
            "pickupType",
        ],
    ));
    let w = s.world();
    order_checks::min_weight(&mut check, "weight", req.weight);
    order_checks::quantities(&mut check, req.weight, req.volume, req.piece, &CALC_NAMES);
    order_checks::date(&mut check, "senderDate", req.sender_date);
    order_checks::city(&mut check, &w, "senderCityId", req.sender_city_id);
    let country = w.seed.country(req.receiver_country_id);
    if country.is_none() {
        check.not_found("receiverCountryId");
    }
    // The receiver's city: any positive id of the destination country. The contract has no
    // directory of cities abroad, so its clients send ids the twin does not name (1, say): those
    // are priced as the country's. A city the twin names in another country is refused.
    match w.seed.abroad_city(req.receiver_city_id) {
        _ if req.receiver_city_id <= 0 => {
            check.push("receiverCityId", msg::invalid(lang, "receiverCityId"));
        }
        Some(c) if c.country != req.receiver_country_id => {
            check.push("receiverCityId", msg::invalid(lang, "receiverCityId"));
        }
        _ => {}
    }
    if w.seed.shipment_type(req.post_type_id).is_none() {
        check.not_found("postTypeId");
    }
    if req.is_company && req.customer_id.is_some_and(|c| c != customer) {
        return current_forbidden();
    }
    let Some(country) = country.filter(|_| check.ok()) else {
        return current_invalid(check.fields);
    };
    let piece = req.piece.unwrap_or(1).max(1);
    let Some(mut price) = super::pricing::international(
        country.zone,
        req.weight,
        req.volume,
        req.pickup_type == PickupType::Courier,
        piece,
    ) else {
        let m = msg::too_big(lang, "weight", &limits::WEIGHT_MAX_KG.to_string());
        check.push("weight", m);
        return current_invalid(check.fields);
    };
    if req.is_company {
        // The company tariff of the twin: 10 % off, rounded to whole sum.
        price = api::Sum(price.0 * 9 / 10);
    }
    current_ok(
        msg::ok(lang),
        IntlCalcResponse {
            summary_price: price,
            request_data: IntlCalcEcho {
                sender_date: req.sender_date.unwrap_or_else(today),
                pickup_type: req.pickup_type,
                sender_city_id: req.sender_city_id,
                receiver_country_id: req.receiver_country_id,
                receiver_city_id: req.receiver_city_id,
                receiver_delivery: req.receiver_delivery,
                weight: req.weight,
                volume: req.volume,
                post_type_id: req.post_type_id,
                piece,
            },
        },
    )
}

async fn statuses(l: Listing) -> Response {
    l.each(OrderStatus::ALL, "/v1/status/index", |st| StatusInfo {
        code: *st,
        name: order_status_name(*st, l.lang),
        description: st.label().to_string(),
        next_possible_statuses: st.next_possible().to_vec(),
    })
}

async fn countries(State(s): State<Shared>, l: Listing) -> Response {
    let countries = &s.world().seed.countries;
    l.each(countries, "/v1/directory/countries", |c| Country {
        id: c.id,
        code: c.code.map(str::to_string),
        name: c.name.get(l.lang).to_string(),
    })
}

async fn regions(State(s): State<Shared>, l: Listing) -> Response {
    let regions = &s.world().seed.regions;
    l.each(regions, "/v1/directory/regions", |r| CodedRegion {
        id: Some(r.id),
        code: Some(r.code.to_string()),
        name: r.name.get(l.lang).to_string(),
    })
}

async fn cities(State(s): State<Shared>, l: Listing) -> Response {
    let w = s.world();
    let region = l.param("regionCode");
    let items: Vec<CodedCity> = w
        .seed
        .cities
        .iter()
        .filter(|c| region.as_deref().is_none_or(|r| c.code.starts_with(r)))
        .map(|c| CodedCity {
            id: Some(c.id),
            code: Some(c.code.clone()),
            name: c.name.get(l.lang).to_string(),
            region_code: Some(c.code[..2].to_string()),
        })
        .collect();
    l.page(&items, "/v1/directory/cities", &[("regionCode", region)])
}

async fn branches(State(s): State<Shared>, l: Listing) -> Response {
    let w = s.world();
    let region = l.param("regionCode");
    let city = l.param("cityCode");
    let items: Vec<CodedBranch> = w
        .seed
        .branches
        .iter()
        .filter_map(|b| {
            let c = w.seed.city(b.city_id)?;
            let keep = region.as_deref().is_none_or(|r| c.code.starts_with(r))
                && city.as_deref().is_none_or(|x| c.code == x);
            keep.then(|| CodedBranch {
                place: CodedPlace {
                    id: Some(b.id),
                    code: Some(b.code.clone()),
                    name: b.name.get(l.lang).to_string(),
                    region_code: Some(c.code[..2].to_string()),
                },
                city_code: Some(c.code.clone()),
                address: b.address.clone(),
                lat_long: b.lat_long.clone(),
                phone: b.phone.clone(),
                working_hours: b.hours,
            })
        })
        .collect();
    let echo = [("regionCode", region), ("cityCode", city)];
    l.page(&items, "/v1/directory/branches", &echo)
}

/// A list of ids and names (packaging or shipment types) in the caller's language.
fn id_names(l: &Listing, list: &[(i64, super::seed::Name)], path: &str) -> Response {
    l.each(list, path, |(id, n)| IdName {
        id: *id,
        name: n.get(l.lang).to_string(),
    })
}

async fn packages(State(s): State<Shared>, l: Listing) -> Response {
    id_names(&l, &s.world().seed.packaging_types, "/v1/package/index")
}

async fn shipment_types(State(s): State<Shared>, l: Listing) -> Response {
    id_names(&l, &s.world().seed.shipment_types, "/v1/inside/index")
}

async fn webhook_config(State(s): State<Shared>, c: Caller, Body(raw): Body) -> Response {
    let reg =
        super::webhook_reg::webhook_config(&s, c.lang, c.customer, &raw, Iface::Current, true);
    match reg {
        Ok(cfg) => current_ok(msg::saved(c.lang), cfg),
        Err(fields) => current_invalid(fields),
    }
}

/// An international order with the names the twin knows (country, sender's place, shipment and
/// packaging types, status) in the language the request asks in, as the service answers.
fn in_language(
    seed: &super::seed::Seed,
    o: &api::international::IntlOrder,
    lang: Language,
) -> api::international::IntlOrder {
    let mut o = o.clone();
    if let Some(c) = seed.country(o.receiver.country.id) {
        o.receiver.country.name = c.name.get(lang).to_string();
    }
    if let Some(c) = seed.city(o.sender.city.id) {
        o.sender.city.name = c.name.get(lang).to_string();
    }
    if let Some(c) = seed.abroad_city(o.receiver.city.id) {
        o.receiver.city.name = c.name.get(lang).to_string();
    }
    if let Some(r) = seed.region(o.sender.region.id) {
        o.sender.region.name = r.name.get(lang).to_string();
    }
    if let Some(b) = o.sender.branch.as_mut()
        && let Some(found) = seed.branch(b.id)
    {
        b.name = found.name.get(lang).to_string();
    }
    if let Some(n) = seed.shipment_type(o.mail.post_type.id) {
        o.mail.post_type.name = n.get(lang).to_string();
    }
    if let Some(n) = seed.packaging_type(o.mail.package.id) {
        o.mail.package.name = n.get(lang).to_string();
    }
    o.status.info = msg::intl_status(lang, o.status.id);
    o
}

async fn international_list(State(s): State<Shared>, l: Listing) -> Response {
    let lang = l.lang;
    let mut check = Check::new(lang);
    let mut date = |name: &str| {
        let text = l.param(name)?;
        match chrono::NaiveDate::parse_from_str(&text, "%Y-%m-%d") {
            Ok(v) => Some(v),
            Err(_) => {
                check.push(name, msg::invalid(lang, name));
                None
            }
        }
    };
    let begin = date("beginDate");
    let end = date("endDate");
    if !check.ok() {
        return current_invalid(check.fields);
    }
    let w = s.world();
    let items: Vec<_> = w
        .intl_orders
        .iter()
        .filter(|(c, o)| {
            *c == l.customer
                && begin.is_none_or(|b| o.sender.sender_date >= b)
                && end.is_none_or(|e| o.sender.sender_date <= e)
        })
        .map(|(_, o)| in_language(&w.seed, o, lang))
        .collect();
    let echo = [
        ("beginDate", begin.map(|b| b.to_string())),
        ("endDate", end.map(|e| e.to_string())),
    ];
    l.page(&items, "/v1/order/international-list", &echo)
}
