//! A warehouse supplier/buyer as the clerk types it: every field of the contract as text or a
//! flag, checked before anything is sent (the server's widths, numbers, the contract date), with
//! each problem under the wire name of its field so the service's own errors land in the same
//! places.

use super::customs;
use super::problem::Problem;
use crate::api::warehouse::{Purveyor, PurveyorInput};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The wire names of the fields, which are also where their problems are kept.
pub mod field {
    pub const GROUP: &str = "group";
    pub const CODE: &str = "code";
    pub const NAME: &str = "name";
    pub const FULL_NAME: &str = "full_name";
    pub const NAME_ENG: &str = "name_eng";
    pub const STOCK_PERCENTAGE: &str = "stock_percentage";
    pub const STOCK_EXPIRY: &str = "stock_expiry";
    pub const INN: &str = "inn";
    pub const KPP: &str = "kpp";
    pub const OKPO: &str = "okpo";
    pub const ADDRESS: &str = "main_delivery_address";
    pub const CONTRACT_NUMBER: &str = "contract_number";
    pub const CONTRACT_DATE: &str = "contract_date";
    pub const BANK_DETAILS: &str = "bank_details";
    pub const CONTACT_INFO: &str = "contact_info";
    pub const ADDITIONAL: &str = "additional_details";
}

/// The server's widths: names 255, code 100, tax and registry numbers 20.
const NAME_MAX: usize = 255;
const CODE_MAX: usize = 100;
const TAX_MAX: usize = 20;
/// Free text (addresses, bank details): what the twin and the server's text columns take.
const TEXT_MAX: usize = 1000;
/// The longest span of days the server takes (a hundred years).
pub const DAYS_MAX: u32 = 36_500;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SupplierDraft {
    pub group: String,
    pub code: String,
    pub name: String,
    pub full_name: String,
    pub name_eng: String,
    pub stock_percentage: String,
    pub stock_expiry: String,
    pub legal_entity: bool,
    pub inn: String,
    pub kpp: String,
    pub okpo: String,
    pub is_supplier: bool,
    pub is_buyer: bool,
    pub depositor: bool,
    pub main_delivery_address: String,
    pub contract_number: String,
    /// As the clerk writes days: DD.MM.YYYY.
    pub contract_date: String,
    pub bank_details: String,
    pub contact_info: String,
    pub additional_details: String,
}

fn text(v: &Option<String>) -> String {
    v.clone().unwrap_or_default()
}

fn given(v: &str) -> Option<String> {
    let t = v.trim();
    (!t.is_empty()).then(|| t.to_string())
}

impl SupplierDraft {
    /// The form for a record the service has (to edit it).
    pub fn from_record(p: &Purveyor) -> SupplierDraft {
        let i = p.input();
        SupplierDraft {
            group: i.group,
            code: i.code,
            name: i.name,
            full_name: i.full_name,
            name_eng: text(&i.name_eng),
            stock_percentage: text(&i.stock_percentage),
            stock_expiry: text(&i.stock_expiry),
            legal_entity: i.legal_entity,
            inn: text(&i.inn),
            kpp: text(&i.kpp),
            okpo: text(&i.okpo),
            is_supplier: i.is_supplier,
            is_buyer: i.is_buyer,
            depositor: i.depositor,
            main_delivery_address: text(&i.main_delivery_address),
            contract_number: text(&i.contract_number),
            contract_date: i
                .contract_date
                .as_deref()
                .and_then(|d| chrono::NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok())
                .map(|d| d.format("%d.%m.%Y").to_string())
                .unwrap_or_default(),
            bank_details: text(&i.bank_details),
            contact_info: text(&i.contact_info),
            additional_details: text(&i.additional_details),
        }
    }

    /// What is wrong, by field; empty when it can be sent.
    pub fn problems(&self) -> BTreeMap<&'static str, Problem> {
        use field as f;
        let mut p = BTreeMap::new();
        for (key, value, max) in [
            (f::GROUP, &self.group, NAME_MAX),
            (f::CODE, &self.code, CODE_MAX),
            (f::NAME, &self.name, NAME_MAX),
            (f::FULL_NAME, &self.full_name, NAME_MAX),
        ] {
            if value.trim().is_empty() {
                p.insert(key, Problem::Required);
            } else if value.trim().chars().count() > max {
                p.insert(key, Problem::TooLong(max));
            }
        }
        for (key, value, max) in [
            (f::NAME_ENG, &self.name_eng, NAME_MAX),
            (f::CONTRACT_NUMBER, &self.contract_number, NAME_MAX),
            (f::ADDRESS, &self.main_delivery_address, TEXT_MAX),
            (f::BANK_DETAILS, &self.bank_details, TEXT_MAX),
            (f::CONTACT_INFO, &self.contact_info, TEXT_MAX),
            (f::ADDITIONAL, &self.additional_details, TEXT_MAX),
        ] {
            if value.trim().chars().count() > max {
                p.insert(key, Problem::TooLong(max));
            }
        }
        for (key, value) in [
            (f::INN, &self.inn),
            (f::KPP, &self.kpp),
            (f::OKPO, &self.okpo),
        ] {
            let v = value.trim();
            if v.chars().count() > TAX_MAX {
                p.insert(key, Problem::TooLong(TAX_MAX));
            } else if !v.chars().all(|c| c.is_ascii_digit()) {
                p.insert(key, Problem::Number);
            }
        }
        if given(&self.stock_percentage)
            .is_some_and(|v| customs::decimal(&v).is_none_or(|n| n > 100.0))
        {
            p.insert(f::STOCK_PERCENTAGE, Problem::Between(0, 100));
        }
        if given(&self.stock_expiry).is_some_and(|v| !v.parse::<u32>().is_ok_and(|d| d <= DAYS_MAX))
        {
            p.insert(f::STOCK_EXPIRY, Problem::Between(0, DAYS_MAX));
        }
        if given(&self.contract_date).is_some_and(|d| crate::text::day::parse_day(&d).is_none()) {
            p.insert(f::CONTRACT_DATE, Problem::Date);
        }
        p
    }

    /// What is sent; `None` while there are problems.
    pub fn input(&self) -> Option<PurveyorInput> {
        if !self.problems().is_empty() {
            return None;
        }
        Some(PurveyorInput {
            group: self.group.trim().to_string(),
            code: self.code.trim().to_string(),
            name: self.name.trim().to_string(),
            full_name: self.full_name.trim().to_string(),
            name_eng: given(&self.name_eng),
            stock_percentage: given(&self.stock_percentage).map(|v| v.replace(',', ".")),
            stock_expiry: given(&self.stock_expiry),
            legal_entity: self.legal_entity,
            inn: given(&self.inn),
            kpp: given(&self.kpp),
            okpo: given(&self.okpo),
            is_buyer: self.is_buyer,
            depositor: self.depositor,
            is_supplier: self.is_supplier,
            main_delivery_address: given(&self.main_delivery_address),
            contract_number: given(&self.contract_number),
            contract_date: given(&self.contract_date)
                .and_then(|d| crate::text::day::parse_day(&d))
                .map(|d| d.format("%Y-%m-%d").to_string()),
            bank_details: given(&self.bank_details),
            contact_info: given(&self.contact_info),
            additional_details: given(&self.additional_details),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> SupplierDraft {
        SupplierDraft {
            group: "Yetkazib beruvchilar".into(),
            code: "S-1".into(),
            name: "Olmazor".into(),
            full_name: "Olmazor Savdo MChJ".into(),
            inn: "001234567".into(),
            contract_date: "05.03.2026".into(),
            stock_percentage: "12,5".into(),
            is_supplier: true,
            ..SupplierDraft::default()
        }
    }

    #[test]
    fn a_valid_form_becomes_the_servers_input() {
        let input = valid().input().expect("valid");
        assert_eq!(input.inn.as_deref(), Some("001234567"));
        assert_eq!(input.contract_date.as_deref(), Some("2026-03-05"));
        assert_eq!(input.stock_percentage.as_deref(), Some("12.5"));
        assert!(input.is_supplier && !input.is_buyer);
        assert_eq!(input.kpp, None);
    }

    #[test]
    fn each_problem_is_under_its_field() {
        let mut d = valid();
        d.code = " ".into();
        d.inn = "30A".into();
        d.okpo = "1".repeat(21);
        d.stock_percentage = "120".into();
        d.contract_date = "31.02.2026".into();
        let p = d.problems();
        assert_eq!(p.get(field::CODE), Some(&Problem::Required));
        assert_eq!(p.get(field::INN), Some(&Problem::Number));
        assert_eq!(p.get(field::OKPO), Some(&Problem::TooLong(20)));
        assert_eq!(
            p.get(field::STOCK_PERCENTAGE),
            Some(&Problem::Between(0, 100))
        );
        assert_eq!(p.get(field::CONTRACT_DATE), Some(&Problem::Date));
        assert!(d.input().is_none());
    }

    #[test]
    fn a_record_comes_back_as_the_form_it_was_made_from() {
        let input = valid().input().expect("valid");
        let record: Purveyor = serde_json::from_value(serde_json::json!({
            "id": 7, "group": input.group, "code": input.code, "name": input.name,
            "full_name": input.full_name,
            "contractBankDetail": {"contract_date": "2026-03-05"},
            "entityType": {"stock_percentage": "12.50", "legal_entity": 0},
            "supplierBuyerStatus": {"is_supplier": 1, "is_buyer": 0, "depositor": 0},
            "taxInfo": {"inn": "001234567"},
        }))
        .expect("record");
        let back = SupplierDraft::from_record(&record);
        assert_eq!(back.contract_date, "05.03.2026");
        assert_eq!(back.inn, "001234567");
        assert!(back.is_supplier);
        assert_eq!(back.stock_percentage, "12.50");
    }
}
