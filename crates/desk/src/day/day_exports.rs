//! A day's orders for a manager's spreadsheet, as CSV and as an XLSX workbook, written the one
//! way the desk writes for spreadsheets (`crate::sheets`): every order of the day (the
//! register's, then the cancelled ones, marked as not handed over), the barcode as text (its
//! leading zero kept), the moment and the amounts as a spreadsheet reads them, the columns named
//! in the clerk's language.

use crate::day::day_report::DayLine;
use crate::sheets::{Cell, Sheet};
use api::codes::Language;
use rust_i18n::t;

/// The columns, by their catalog keys (`eod.csv_…`).
const COLUMNS: [&str; 13] = [
    "order", "barcode", "created", "clerk", "receiver", "city", "region", "pieces", "weight",
    "cod", "cost", "status", "handed",
];

fn status(l: &DayLine, locale: &str) -> String {
    let key = format!("legacy_status.{}", l.status_id);
    match t!(&key, locale = locale).to_string() {
        named if named != key => named,
        _ => l.status_name.clone(),
    }
}

/// Every order of the day as a sheet, the register's first.
fn sheet(lines: &[DayLine], cancelled: &[DayLine], lang: Language) -> Sheet {
    let locale = lang.as_str();
    let handed = t!("eod.handed_yes", locale = locale).to_string();
    let kept = t!("eod.handed_no", locale = locale).to_string();
    let on = lines.iter().map(|l| (l, &handed));
    let off = cancelled.iter().map(|l| (l, &kept));
    let rows = on
        .chain(off)
        .map(|(l, handed)| {
            vec![
                Cell::Number(l.order_id as f64, 0),
                Cell::Code(l.barcode.clone()),
                Cell::Moment(l.created_at),
                Cell::Text(l.clerk.clone().unwrap_or_default()),
                Cell::Text(l.receiver.clone()),
                Cell::Text(l.city.clone()),
                Cell::Text(l.region.clone().unwrap_or_default()),
                Cell::Number(l.pieces as f64, 0),
                Cell::Number(l.grams as f64 / 1000.0, 3),
                Cell::Number(l.cod.unwrap_or(0) as f64, 0),
                Cell::Number(l.cost as f64, 0),
                Cell::Text(status(l, locale)),
                Cell::Text(handed.clone()),
            ]
        })
        .collect();
    Sheet {
        name: t!("eod.xlsx_sheet", locale = locale).to_string(),
        heads: COLUMNS
            .iter()
            .map(|k| t!(format!("eod.csv_{k}"), locale = locale).to_string())
            .collect(),
        rows,
    }
}

/// The day's orders as CSV.
pub fn day_csv(
    lines: &[DayLine],
    cancelled: &[DayLine],
    lang: Language,
) -> Result<Vec<u8>, String> {
    sheet(lines, cancelled, lang).csv(lang)
}

/// The day's orders as an XLSX workbook (one sheet).
pub fn day_xlsx(
    lines: &[DayLine],
    cancelled: &[DayLine],
    lang: Language,
) -> Result<Vec<u8>, String> {
    sheet(lines, cancelled, lang).xlsx()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_barcode_keeps_its_zero_and_a_formula_never_runs() {
        let line = DayLine {
            receiver: "=HYPERLINK(\"x\")".into(),
            ..DayLine::example(7)
        };
        let csv = String::from_utf8(day_csv(&[line], &[], Language::En).unwrap()).unwrap();
        assert!(csv.contains("\"=\"\"019914000007\"\"\""), "{csv}");
        assert!(csv.contains("\"=\"\"=HYPERLINK"), "{csv}");
    }
}
