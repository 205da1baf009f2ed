//! A warehouse supplier/buyer as the clerk types it: the service's own input (texts, optional
//! texts and flags), checked before anything is sent (the server's widths, numbers, the contract
//! date), with each problem under the wire name of its field so the service's own errors land in
//! the same places.

use crate::international::customs;
use crate::problem::Problem;
use crate::warehouse::record_draft::{RecordDraft, named};
use crate::warehouse::wire_text::{given, tidy, typed};
use api::warehouse::{Purveyor, PurveyorInput};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The server's widths: names 255, code 100, tax and registry numbers 20.
const NAME_MAX: usize = 255;
const CODE_MAX: usize = 100;
const TAX_MAX: usize = 20;
/// Free text (addresses, bank details): what the twin and the server's text columns take.
const TEXT_MAX: usize = 1000;
/// The longest span of days the server takes (a hundred years).
pub const DAYS_MAX: u32 = 36_500;

/// The form: the service's own input, edited in place; the contract date is written as the
/// clerk writes days (DD.MM.YYYY) until it is sent. A draft kept in the earlier flat form reads as
/// it is (its names are the wire's).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SupplierDraft(pub PurveyorInput);

impl RecordDraft for SupplierDraft {
    type Input = PurveyorInput;

    fn from_record(p: &Purveyor) -> SupplierDraft {
        let mut input = p.input();
        input.contract_date = input
            .contract_date
            .as_deref()
            .and_then(|d| chrono::NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok())
            .map(|d| d.format("%d.%m.%Y").to_string());
        SupplierDraft(input)
    }

    fn problems(&self) -> BTreeMap<&'static str, Problem> {
        let d = &self.0;
        let mut p = BTreeMap::new();
        let names = named!(d: group, name, full_name).map(|f| (f, NAME_MAX));
        let code = named!(d: code).map(|f| (f, CODE_MAX));
        for ((key, value), max) in names.into_iter().chain(code) {
            if value.trim().is_empty() {
                p.insert(key, Problem::Required);
            } else if value.trim().chars().count() > max {
                p.insert(key, Problem::TooLong(max));
            }
        }
        let names = named!(d: name_eng, contract_number);
        let texts =
            named!(d: main_delivery_address, bank_details, contact_info, additional_details);
        for (max, fields) in [(NAME_MAX, &names[..]), (TEXT_MAX, &texts[..])] {
            for &(key, value) in fields {
                if typed(value).trim().chars().count() > max {
                    p.insert(key, Problem::TooLong(max));
                }
            }
        }
        for (key, value) in named!(d: inn, kpp, okpo) {
            let v = typed(value).trim();
            if v.chars().count() > TAX_MAX {
                p.insert(key, Problem::TooLong(TAX_MAX));
            } else if !v.chars().all(|c| c.is_ascii_digit()) {
                p.insert(key, Problem::Number);
            }
        }
        if given(&d.stock_percentage).is_some_and(|v| customs::decimal(v).is_none_or(|n| n > 100.0))
        {
            p.insert("stock_percentage", Problem::Between(0, 100));
        }
        if given(&d.stock_expiry).is_some_and(|v| !v.parse::<u32>().is_ok_and(|d| d <= DAYS_MAX)) {
            p.insert("stock_expiry", Problem::Between(0, DAYS_MAX));
        }
        if given(&d.contract_date).is_some_and(|d| text::day::parse_day(d).is_none()) {
            p.insert("contract_date", Problem::Date);
        }
        p
    }

    fn input(&self) -> Option<PurveyorInput> {
        if !self.problems().is_empty() {
            return None;
        }
        let mut input = tidy(&self.0);
        input.stock_percentage = input.stock_percentage.map(|v| v.replace(',', "."));
        input.contract_date = input
            .contract_date
            .as_deref()
            .and_then(text::day::parse_day)
            .map(|d| d.format("%Y-%m-%d").to_string());
        Some(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> SupplierDraft {
        SupplierDraft(PurveyorInput {
            group: "Yetkazib beruvchilar".into(),
            code: "S-1".into(),
            name: "Olmazor".into(),
            full_name: "Olmazor Savdo MChJ".into(),
            inn: Some("001234567".into()),
            contract_date: Some("05.03.2026".into()),
            stock_percentage: Some("12,5".into()),
            is_supplier: true,
            ..PurveyorInput::default()
        })
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
        d.0.code = " ".into();
        d.0.inn = Some("30A".into());
        d.0.okpo = Some("1".repeat(21));
        d.0.stock_percentage = Some("120".into());
        d.0.contract_date = Some("31.02.2026".into());
        let p = d.problems();
        assert_eq!(p.get("code"), Some(&Problem::Required));
        assert_eq!(p.get("inn"), Some(&Problem::Number));
        assert_eq!(p.get("okpo"), Some(&Problem::TooLong(20)));
        assert_eq!(p.get("stock_percentage"), Some(&Problem::Between(0, 100)));
        assert_eq!(p.get("contract_date"), Some(&Problem::Date));
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
        assert_eq!(back.0.contract_date.as_deref(), Some("05.03.2026"));
        assert_eq!(back.0.inn.as_deref(), Some("001234567"));
        assert!(back.0.is_supplier);
        assert_eq!(back.0.stock_percentage.as_deref(), Some("12.50"));
    }

    #[test]
    fn a_draft_kept_in_the_earlier_flat_form_reads_as_it_was() {
        let kept = serde_json::json!({
            "group": "G", "code": "S-1", "name": "Olmazor", "full_name": "Olmazor Savdo",
            "name_eng": "", "stock_percentage": "12,5", "stock_expiry": "", "legal_entity": false,
            "inn": "001234567", "kpp": "", "okpo": "", "is_supplier": true, "is_buyer": false,
            "depositor": false, "main_delivery_address": "", "contract_number": "",
            "contract_date": "05.03.2026", "bank_details": "", "contact_info": "",
            "additional_details": ""
        });
        let draft: SupplierDraft = serde_json::from_value(kept).expect("the kept draft");
        let input = draft.input().expect("valid");
        assert_eq!(input.code, "S-1");
        assert_eq!(input.contract_date.as_deref(), Some("2026-03-05"));
        assert_eq!(input.kpp, None);
        assert!(input.is_supplier);
    }
}
