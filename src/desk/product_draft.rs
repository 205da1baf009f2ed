//! A warehouse product as the clerk types it: every field the contract names plus those the
//! server requires (the supplier it belongs to, unit, specification, temperature mode, base
//! packaging), checked before sending (required fields, the server's widths, the GTIN's check
//! digit, numbers), problems kept under the fields' wire names.

use super::customs;
use super::problem::Problem;
use super::supplier_draft::DAYS_MAX;
use crate::api::warehouse::{PRODUCT_REQUIRED, Product, ProductInput};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProductDraft {
    /// The supplier/buyer picked from the warehouse's list.
    pub supplier_buyer_id: Option<i64>,
    pub group: String,
    pub code: String,
    pub name: String,
    pub full_name: String,
    pub gtin: String,
    pub article: String,
    pub nomenclature_type: String,
    pub unit: String,
    pub shelf_life_stock: String,
    pub abc_class: String,
    pub kis_code: String,
    pub comment: String,
    pub is_set: bool,
    pub weight: String,
    pub net_weight: String,
    pub min_shelf_life_stock: String,
    pub name_eng: String,
    pub tsd_name: String,
    pub volume: String,
    pub net_volume: String,
    pub shelf_life_deviation_days: String,
    pub min_shelf_life_period: String,
    pub specification: String,
    pub temperature_mode: String,
    pub base_packaging: String,
}

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

fn given(v: &str) -> Option<String> {
    let t = v.trim();
    (!t.is_empty()).then(|| t.to_string())
}

fn text(v: &Option<String>) -> String {
    v.clone().unwrap_or_default()
}

impl ProductDraft {
    /// The form for a product the service has (to edit it).
    pub fn from_record(p: &Product) -> ProductDraft {
        let i = &p.fields;
        ProductDraft {
            supplier_buyer_id: i.supplier_buyer_id,
            group: i.group.clone(),
            code: i.code.clone(),
            name: i.name.clone(),
            full_name: i.full_name.clone(),
            gtin: i.gtin.clone(),
            article: i.article.clone(),
            nomenclature_type: i.nomenclature_type.clone(),
            unit: text(&i.unit),
            shelf_life_stock: text(&i.shelf_life_stock),
            abc_class: text(&i.abc_class),
            kis_code: i.kis_code.clone(),
            comment: text(&i.comment),
            is_set: i.is_set,
            weight: text(&i.weight),
            net_weight: text(&i.net_weight),
            min_shelf_life_stock: text(&i.min_shelf_life_stock),
            name_eng: text(&i.name_eng),
            tsd_name: text(&i.tsd_name),
            volume: text(&i.volume),
            net_volume: text(&i.net_volume),
            shelf_life_deviation_days: text(&i.shelf_life_deviation_days),
            min_shelf_life_period: text(&i.min_shelf_life_period),
            specification: text(&i.specification),
            temperature_mode: text(&i.temperature_mode),
            base_packaging: text(&i.base_packaging),
        }
    }

    /// Every text field by its wire name, with the server's width for it.
    fn texts(&self) -> [(&'static str, &str, usize); 24] {
        [
            ("group", &self.group, 255),
            ("code", &self.code, 100),
            ("name", &self.name, 255),
            ("full_name", &self.full_name, 255),
            ("gtin", &self.gtin, 50),
            ("article", &self.article, 100),
            ("nomenclature_type", &self.nomenclature_type, 100),
            ("unit", &self.unit, 50),
            ("shelf_life_stock", &self.shelf_life_stock, 12),
            ("abc_class", &self.abc_class, 50),
            ("kis_code", &self.kis_code, 50),
            ("comment", &self.comment, 1000),
            ("weight", &self.weight, 20),
            ("net_weight", &self.net_weight, 20),
            ("min_shelf_life_stock", &self.min_shelf_life_stock, 12),
            ("name_eng", &self.name_eng, 255),
            ("tsd_name", &self.tsd_name, 255),
            ("volume", &self.volume, 20),
            ("net_volume", &self.net_volume, 20),
            (
                "shelf_life_deviation_days",
                &self.shelf_life_deviation_days,
                12,
            ),
            ("min_shelf_life_period", &self.min_shelf_life_period, 12),
            ("specification", &self.specification, 1000),
            ("temperature_mode", &self.temperature_mode, 255),
            ("base_packaging", &self.base_packaging, 255),
        ]
    }

    /// What is wrong, by field; empty when it can be sent.
    pub fn problems(&self) -> BTreeMap<&'static str, Problem> {
        let mut p = BTreeMap::new();
        if self.supplier_buyer_id.is_none() {
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
        if !p.contains_key("gtin") && !gtin_ok(&self.gtin) {
            p.insert("gtin", Problem::Gtin);
        }
        for (key, value) in [
            ("weight", &self.weight),
            ("net_weight", &self.net_weight),
            ("volume", &self.volume),
            ("net_volume", &self.net_volume),
        ] {
            if given(value).is_some_and(|v| customs::decimal(&v).is_none()) {
                p.entry(key).or_insert(Problem::Number);
            }
        }
        for (key, value) in [
            ("shelf_life_stock", &self.shelf_life_stock),
            ("min_shelf_life_stock", &self.min_shelf_life_stock),
            ("shelf_life_deviation_days", &self.shelf_life_deviation_days),
            ("min_shelf_life_period", &self.min_shelf_life_period),
        ] {
            if given(value).is_some_and(|v| !v.parse::<u32>().is_ok_and(|d| d <= DAYS_MAX)) {
                p.entry(key).or_insert(Problem::Between(0, DAYS_MAX));
            }
        }
        p
    }

    /// What is sent; `None` while there are problems.
    pub fn input(&self) -> Option<ProductInput> {
        if !self.problems().is_empty() {
            return None;
        }
        let number = |v: &str| given(v).map(|v| v.replace(',', "."));
        Some(ProductInput {
            supplier_buyer_id: self.supplier_buyer_id,
            group: self.group.trim().to_string(),
            code: self.code.trim().to_string(),
            name: self.name.trim().to_string(),
            full_name: self.full_name.trim().to_string(),
            gtin: self.gtin.trim().to_string(),
            article: self.article.trim().to_string(),
            nomenclature_type: self.nomenclature_type.trim().to_string(),
            unit: given(&self.unit),
            shelf_life_stock: given(&self.shelf_life_stock),
            abc_class: given(&self.abc_class),
            kis_code: self.kis_code.trim().to_string(),
            comment: given(&self.comment),
            is_set: self.is_set,
            weight: number(&self.weight),
            net_weight: number(&self.net_weight),
            min_shelf_life_stock: given(&self.min_shelf_life_stock),
            name_eng: given(&self.name_eng),
            tsd_name: given(&self.tsd_name),
            volume: number(&self.volume),
            net_volume: number(&self.net_volume),
            shelf_life_deviation_days: given(&self.shelf_life_deviation_days),
            min_shelf_life_period: given(&self.min_shelf_life_period),
            specification: given(&self.specification),
            temperature_mode: given(&self.temperature_mode),
            base_packaging: given(&self.base_packaging),
        })
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
        crate::test_support::sorts(gtin_ok, &taken, &refused);
    }

    #[test]
    fn the_servers_required_fields_are_asked_for_and_numbers_checked() {
        let d = ProductDraft {
            gtin: "4780000000018".into(),
            weight: "heavy".into(),
            shelf_life_stock: "1.5".into(),
            ..ProductDraft::default()
        };
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
