//! Checks an order must pass on either interface: places exist, the branch belongs to the city,
//! cash on delivery matches its receipt goods, `wcs_code` is free. Each takes the wire's own
//! field name so the message lands where that interface's client expects it.

use super::http_util::Check;
use super::limits;
use super::messages as msg;
use super::model::OrderBody;
use super::world::{Priced, World};
use api::codes::Delivery;
use api::legacy::{ItemLine, OrderOption};
use api::quantity::{Sum, Weight};
use chrono::NaiveDate;

/// Maximum `wcs_code` length (contract).
pub(crate) const WCS_MAX: usize = 70;

pub(crate) fn city(check: &mut Check, w: &World, field: &str, id: i64) -> bool {
    if w.seed.city(id).is_none() {
        check.not_found(field);
        return false;
    }
    true
}

/// Resolves the office a parcel leaves from or arrives at: the named branch (which must belong to
/// the city) or, for office delivery without one, the city's first branch.
pub(crate) fn branch(
    check: &mut Check,
    w: &World,
    field: &str,
    city_id: i64,
    branch_id: Option<i64>,
    delivery: Delivery,
) -> Option<i64> {
    match branch_id {
        Some(id) => match w.seed.branch(id) {
            None => {
                check.not_found(field);
                None
            }
            Some(b) if b.city_id != city_id => {
                let m = msg::branch_not_in_city(check.lang);
                check.push(field, m);
                None
            }
            Some(b) => Some(b.id),
        },
        None if delivery == Delivery::Office => {
            let first = w.seed.branches_of_city(city_id).next().map(|b| b.id);
            if first.is_none() {
                let m = msg::no_branch_in_city(check.lang);
                check.push(field, m);
            }
            first
        }
        None => None,
    }
}

/// Item lines: a name the service keeps (at most 20 characters), at least one of each.
pub(crate) fn items(check: &mut Check, items: &[ItemLine], field: &str) {
    for (i, item) in items.iter().enumerate() {
        let name = format!("{field}[{i}].name");
        if item.name.trim().is_empty() {
            let m = msg::blank(check.lang, &name);
            check.push(&name, m);
        }
        check.max_len(&name, Some(&item.name), ItemLine::NAME_MAX);
        count(check, &format!("{field}[{i}].count"), item.count);
        sum(check, &format!("{field}[{i}].cost"), item.cost.0);
    }
}

/// A count on a line (items, receipt goods): at least one, at most the twin's limit.
fn count(check: &mut Check, field: &str, n: i64) {
    if n < 1 {
        let m = msg::too_small(check.lang, field, "1");
        check.push(field, m);
    }
    if n > limits::COUNT_MAX {
        let m = msg::too_big(check.lang, field, &limits::COUNT_MAX.to_string());
        check.push(field, m);
    }
}

/// A sum of money on a line: not negative and within the twin's limit.
fn sum(check: &mut Check, field: &str, value: i64) {
    if !(0..=limits::SUM_MAX).contains(&value) {
        let m = msg::too_big(check.lang, field, &limits::SUM_MAX.to_string());
        check.push(field, m);
    }
}

/// At least 10 g, the least the service weighs (0.01 kg).
pub(crate) fn min_weight(check: &mut Check, field: &str, weight: Weight) {
    if weight.grams() < 10 {
        let m = msg::too_small(check.lang, field, "0.01");
        check.push(field, m);
    }
}

/// The order's own key, when it has one: an empty `wcs_code` is no key (two orders sent without
/// one are two orders, not one key taken twice).
pub(crate) fn key(wcs: Option<&str>) -> Option<String> {
    wcs.filter(|code| !code.trim().is_empty())
        .map(str::to_string)
}

pub(crate) fn wcs(
    check: &mut Check,
    w: &World,
    customer: i64,
    wcs: Option<&str>,
    editing: Option<i64>,
) {
    let Some(code) = wcs.filter(|code| !code.trim().is_empty()) else {
        return;
    };
    check.max_len("wcs_code", Some(code), WCS_MAX);
    if let Some(existing) = w.order_id_by_wcs(customer, code)
        && Some(existing) != editing
    {
        let m = msg::taken(check.lang, "wcs_code", code);
        check.push("wcs_code", m);
    }
}

/// Cash on delivery needs receipt goods (option 2) whose total equals the amount, each good
/// registered by this customer.
pub(crate) fn cod(
    check: &mut Check,
    w: &World,
    customer: i64,
    amount: Option<Sum>,
    options: &[OrderOption],
    amount_field: &str,
    options_field: &str,
) {
    for (i, opt) in options.iter().enumerate() {
        for (j, g) in opt.goods.iter().enumerate() {
            let at = |name: &str| format!("{options_field}[{i}].goods[{j}].{name}");
            if !w.goods_of(customer).any(|r| r.id == g.mxik_goods_id) {
                check.not_found(&at("mxikGoodsId"));
            }
            count(check, &at("amount"), g.amount);
            sum(check, &at("goodPrice"), g.good_price.0);
        }
    }
    let Some(amount) = amount else { return };
    if amount.0 <= 0 {
        let m = msg::too_small(check.lang, amount_field, "1");
        check.push(amount_field, m);
        return;
    }
    if amount.0 > limits::SUM_MAX {
        let m = msg::too_big(check.lang, amount_field, &limits::SUM_MAX.to_string());
        check.push(amount_field, m);
        return;
    }
    if !check.ok() {
        return;
    }
    let receipts: Vec<&OrderOption> = options
        .iter()
        .filter(|o| o.option_id == OrderOption::ELECTRONIC_RECEIPT)
        .collect();
    if receipts.is_empty() || receipts.iter().all(|o| o.goods.is_empty()) {
        let m = msg::cod_needs_goods(check.lang);
        check.push(options_field, m);
        return;
    }
    // Each line is bounded above, so this sum fits; checked all the same.
    let total = receipts
        .iter()
        .flat_map(|o| &o.goods)
        .try_fold(0i64, |sum, g| {
            g.amount
                .checked_mul(g.good_price.0)
                .and_then(|line| sum.checked_add(line))
        })
        .unwrap_or(i64::MAX);
    if total != amount.0 {
        let m = msg::cod_total(check.lang, total, amount.0);
        check.push(amount_field, m);
    }
}

/// The wire's names of an order's quantities and dates, per interface.
pub(crate) struct Names {
    pub sender_date: &'static str,
    pub receiver_date: &'static str,
    pub weight: &'static str,
    pub volume: &'static str,
    pub piece: &'static str,
}

pub(crate) const LEGACY: Names = Names {
    sender_date: "senderDate",
    receiver_date: "receiverDate",
    weight: "weight",
    volume: "volume",
    piece: "piece",
};

pub(crate) const CURRENT: Names = Names {
    sender_date: "senderDate",
    receiver_date: "receiverDate",
    weight: "cargo.weight",
    volume: "cargo.volume",
    piece: "cargo.piece",
};

/// Weight, volume and pieces within the twin's limits (orders and calculators alike).
pub(crate) fn quantities(
    check: &mut Check,
    weight: Weight,
    volume: Option<f64>,
    piece: Option<i64>,
    n: &Names,
) {
    if weight.grams() > limits::WEIGHT_MAX_KG * 1000 {
        let m = msg::too_big(check.lang, n.weight, &limits::WEIGHT_MAX_KG.to_string());
        check.push(n.weight, m);
    }
    if let Some(v) = volume {
        if !v.is_finite() {
            let m = msg::invalid(check.lang, n.volume);
            check.push(n.volume, m);
        } else if v < 0.0 {
            let m = msg::too_small(check.lang, n.volume, "0");
            check.push(n.volume, m);
        } else if v > limits::VOLUME_MAX_CM3 {
            let m = msg::too_big(check.lang, n.volume, &format!("{}", limits::VOLUME_MAX_CM3));
            check.push(n.volume, m);
        }
    }
    if let Some(p) = piece
        && p > limits::PIECES_MAX
    {
        let m = msg::too_big(check.lang, n.piece, &limits::PIECES_MAX.to_string());
        check.push(n.piece, m);
    }
}

/// A date the twin takes, or a message under the field.
pub(crate) fn date(check: &mut Check, field: &str, d: Option<NaiveDate>) {
    if let Some(d) = d
        && !limits::date_in_range(d)
    {
        let m = msg::date_out_of_range(check.lang, field);
        check.push(field, m);
    }
}

/// The order's bounds, then its price and receipt date: `None` with the reasons in `check`.
pub(crate) fn priced(check: &mut Check, w: &World, body: &OrderBody, n: &Names) -> Option<Priced> {
    quantities(check, body.weight, body.volume, Some(body.piece), n);
    date(check, n.sender_date, Some(body.sender_date));
    date(check, n.receiver_date, body.receiver_date);
    if let Some(receipt) = body.receiver_date
        && check.ok()
        && receipt < body.sender_date
    {
        let m = msg::receipt_before_dispatch(check.lang);
        check.push(n.receiver_date, m);
    }
    if !check.ok() {
        return None;
    }
    let priced = w.priced(body);
    if priced.is_none() {
        let m = msg::too_big(check.lang, n.weight, &limits::WEIGHT_MAX_KG.to_string());
        check.push(n.weight, m);
    }
    priced
}
