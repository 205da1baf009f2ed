//! Checks an order must pass on either interface: places exist, the branch belongs to the city,
//! cash on delivery matches its receipt goods, `wcs_code` is free. Each takes the wire's own
//! field name so the message lands where that interface's client expects it.

use super::http_util::Check;
use super::messages as msg;
use super::world::World;
use crate::api::codes::Delivery;
use crate::api::legacy::{ItemLine, OrderOption};
use crate::api::quantity::Sum;

/// Maximum `wcs_code` length (contract).
pub const WCS_MAX: usize = 70;

pub fn city(check: &mut Check, w: &World, field: &str, id: i64) -> bool {
    if w.seed.city(id).is_none() {
        let m = msg::not_found_value(check.lang, field);
        check.push(field, m);
        return false;
    }
    true
}

/// Resolves the office a parcel leaves from or arrives at: the named branch (which must belong to
/// the city) or, for office delivery without one, the city's first branch.
pub fn branch(
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
                let m = msg::not_found_value(check.lang, field);
                check.push(field, m);
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
pub fn items(check: &mut Check, items: &[ItemLine], field: &str) {
    for (i, item) in items.iter().enumerate() {
        let name = format!("{field}[{i}].name");
        if item.name.trim().is_empty() {
            let m = msg::blank(check.lang, &name);
            check.push(&name, m);
        }
        check.max_len(&name, Some(&item.name), ItemLine::NAME_MAX);
        if item.count < 1 {
            let f = format!("{field}[{i}].count");
            let m = msg::too_small(check.lang, &f, "1");
            check.push(&f, m);
        }
    }
}

pub fn wcs(check: &mut Check, w: &World, customer: i64, wcs: Option<&str>, editing: Option<i64>) {
    let Some(code) = wcs else { return };
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
pub fn cod(
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
            if !w.goods_of(customer).any(|r| r.id == g.mxik_goods_id) {
                let f = format!("{options_field}[{i}].goods[{j}].mxikGoodsId");
                let m = msg::not_found_value(check.lang, &f);
                check.push(&f, m);
            }
            if g.amount <= 0 {
                let f = format!("{options_field}[{i}].goods[{j}].amount");
                let m = msg::too_small(check.lang, &f, "1");
                check.push(&f, m);
            }
        }
    }
    let Some(amount) = amount else { return };
    if amount.0 <= 0 {
        let m = msg::too_small(check.lang, amount_field, "1");
        check.push(amount_field, m);
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
    let total: i64 = receipts.iter().map(|o| o.total().0).sum();
    if total != amount.0 {
        let m = msg::cod_total(check.lang, total, amount.0);
        check.push(amount_field, m);
    }
}
