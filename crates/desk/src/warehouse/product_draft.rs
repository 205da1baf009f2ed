//! A warehouse product as the clerk types it: every field the contract names plus those the
//! server requires (the supplier it belongs to, unit, specification, temperature mode, base
//! packaging), checked before sending (required fields, the server's widths, the GTIN's check
//! digit, numbers), problems kept under the fields' wire names.

use crate::international::customs;
use crate::problem::Problem;
use crate::warehouse::record_draft::{RecordDraft, named};
use crate::warehouse::supplier_draft::DAYS_MAX;
use crate::warehouse::wire_text::{given, tidy, typed};
use api::warehouse::{PRODUCT_REQUIRED, Product, ProductInput};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The form: the service's own input, edited in place. A draft kept in the earlier flat form
/// reads as it is (its names are the wire's).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ProductDraft(pub ProductInput);

/// Whether a GTIN (8, 12, 13 or 14 digits) carries the right check digit (GS1 modulo 10).
pub fn gtin_ok(text: &str) -> bool {
    let digits: Vec<u32> = text.trim().chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() != text.trim().chars().count() || ![8, 12, 13, 14].contains(&digits.len()) {
        return false;
    }
    let (body, check) = digits.split_at(digits.len() - 1);
    // From the right of the body, weights 3, 1, 3, 1, …
    let sum: u32 = body
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| if i % 2 == 0 { d * 3 } else { *d })
        .sum();
    (10 - sum % 10) % 10 == check[0]
}

impl ProductDraft {
    /// Every text field by its wire name, with the server's width for it.
    fn texts(&self) -> [(&'static str, &str, usize); 24] {
        let d = &self.0;
        [
            ("group", &d.group, 255),
            ("code", &d.code, 100),
            ("name", &d.name, 255),
            ("full_name", &d.full_name, 255),
            ("gtin", &d.gtin, 50),
            ("article", &d.article, 100),
            ("nomenclature_type", &d.nomenclature_type, 100),
            ("unit", typed(&d.unit), 50),
            ("shelf_life_stock", typed(&d.shelf_life_stock), 12),
            ("abc_class", typed(&d.abc_class), 50),
            ("kis_code", &d.kis_code, 50),
            ("comment", typed(&d.comment), 1000),
            ("weight", typed(&d.weight), 20),
            ("net_weight", typed(&d.net_weight), 20),
            ("min_shelf_life_stock", typed(&d.min_shelf_life_stock), 12),
            ("name_eng", typed(&d.name_eng), 255),
            ("tsd_name", typed(&d.tsd_name), 255),
            ("volume", typed(&d.volume), 20),
            ("net_volume", typed(&d.net_volume), 20),
            (
                "shelf_life_deviation_days",
                typed(&d.shelf_life_deviation_days),
                12,
            ),
            ("min_shelf_life_period", typed(&d.min_shelf_life_period), 12),
            ("specification", typed(&d.specification), 1000),
            ("temperature_mode", typed(&d.temperature_mode), 255),
            ("base_packaging", typed(&d.base_packaging), 255),
        ]
    }
}

impl RecordDraft for ProductDraft {
    type Input = ProductInput;

    fn from_record(p: &Product) -> ProductDraft {
        ProductDraft(p.fields.clone())
    }

    fn problems(&self) -> BTreeMap<&'static str, Problem> {
        let d = &self.0;
        let mut p = BTreeMap::new();
        if d.supplier_buyer_id.is_none() {
            p.insert("supplier_buyer_id", Problem::Required);
        }
        for (key, value, max) in self.texts() {
            let v = value.trim();
            if v.is_empty() && PRODUCT_REQUIRED.contains(&key) {
                p.insert(key, Problem::Required);
            } else if v.chars().count() > max {
                p.insert(key, Problem::TooLong(max));
            }
        }
        if !p.contains_key("gtin") && !gtin_ok(&d.gtin) {
            p.insert("gtin", Problem::Gtin);
        }
        for (key, value) in named!(d: weight, net_weight, volume, net_volume) {
            if given(value).is_some_and(|v| customs::decimal(v).is_none()) {
                p.entry(key).or_insert(Problem::Number);
            }
        }
        let days = named!(d: shelf_life_stock, min_shelf_life_stock, shelf_life_deviation_days,
            min_shelf_life_period);
        for (key, value) in days {
            if given(value).is_some_and(|v| !v.parse::<u32>().is_ok_and(|d| d <= DAYS_MAX)) {
                p.entry(key).or_insert(Problem::Between(0, DAYS_MAX));
            }
        }
        p
    }

    fn input(&self) -> Option<ProductInput> {
        if !self.problems().is_empty() {
            return None;
        }
        let mut input = tidy(&self.0);
        for number in [
            &mut input.weight,
            &mut input.net_weight,
            &mut input.volume,
            &mut input.net_volume,
        ] {
            *number = number.take().map(|v| v.replace(',', "."));
        }
        Some(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtin_check_digits() {
        let taken = [
            "4780000000014",
            "04780000000014",
            "96385074",
            "036000291452",
        ];
        let refused = ["4780000000017", "47800000000", "478000000001A", ""];
        testkit::sorts(gtin_ok, &taken, &refused);
    }

    #[test]
    fn the_servers_required_fields_are_asked_for_and_numbers_checked() {
        let d = ProductDraft(ProductInput {
            gtin: "4780000000018".into(),
            weight: Some("heavy".into()),
            shelf_life_stock: Some("1.5".into()),
            ..ProductInput::default()
        });
        let p = d.problems();
        for key in [
            "supplier_buyer_id",
            "group",
            "unit",
            "specification",
            "base_packaging",
        ] {
            assert_eq!(p.get(key), Some(&Problem::Required), "{key}");
        }
        assert_eq!(p.get("gtin"), Some(&Problem::Gtin));
        assert_eq!(p.get("weight"), Some(&Problem::Number));
        assert_eq!(
            p.get("shelf_life_stock"),
            Some(&Problem::Between(0, 36_500))
        );
        assert!(d.input().is_none());
    }
}
