//! A day's orders for a manager's spreadsheet: as CSV (UTF-8 with a byte-order mark, so the
//! letters read) and as an XLSX workbook. Both hold every order of the day (the register's, then
//! the cancelled ones, marked as not handed over), with the barcode as text (a spreadsheet
//! keeps its leading zero) and the amounts as numbers. The columns are named in the clerk's
//! language.

use crate::day::day_report::DayLine;
use crate::day::moment;
use api::Weight;
use api::codes::Language;
use rust_i18n::t;

/// The columns, by their catalog keys (`eod.csv_…`).
const COLUMNS: [&str; 13] = [
    "order", "barcode", "created", "clerk", "receiver", "city", "region", "pieces", "weight",
    "cod", "cost", "status", "handed",
];

/// One cell: text, or a number a spreadsheet adds up.
enum Cell {
    Text(String),
    Number(f64),
    /// Digits that are a name, not a quantity (a barcode): kept as text with every zero.
    Code(String),
}

fn status(l: &DayLine, locale: &str) -> String {
    let key = format!("legacy_status.{}", l.status_id);
    match t!(&key, locale = locale).to_string() {
        named if named != key => named,
        _ => l.status_name.clone(),
    }
}

/// Every order of the day as cells, the register's first.
fn rows(lines: &[DayLine], cancelled: &[DayLine], lang: Language) -> Vec<Vec<Cell>> {
    let locale = lang.as_str();
    let handed = t!("eod.handed_yes", locale = locale).to_string();
    let kept = t!("eod.handed_no", locale = locale).to_string();
    let on = lines.iter().map(|l| (l, &handed));
    let off = cancelled.iter().map(|l| (l, &kept));
    on.chain(off)
        .map(|(l, handed)| {
            vec![
                Cell::Number(l.order_id as f64),
                Cell::Code(l.barcode.clone()),
                Cell::Text(moment(l.created_at)),
                Cell::Text(l.clerk.clone().unwrap_or_default()),
                Cell::Text(l.receiver.clone()),
                Cell::Text(l.city.clone()),
                Cell::Text(l.region.clone().unwrap_or_default()),
                Cell::Number(l.pieces as f64),
                Cell::Number(Weight::from_grams(l.grams).kg()),
                Cell::Number(l.cod.unwrap_or(0) as f64),
                Cell::Number(l.cost as f64),
                Cell::Text(status(l, locale)),
                Cell::Text(handed.clone()),
            ]
        })
        .collect()
}

fn heads(lang: Language) -> Vec<String> {
    COLUMNS
        .iter()
        .map(|k| t!(format!("eod.csv_{k}"), locale = lang.as_str()).to_string())
        .collect()
}

/// A text a spreadsheet would take for a formula (`=…`, `+…`, `-…`, `@…`) is written with an
/// apostrophe before it, so a customer's name can never run as one.
fn inert(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// The day's orders as CSV.
pub fn day_csv(
    lines: &[DayLine],
    cancelled: &[DayLine],
    lang: Language,
) -> Result<Vec<u8>, String> {
    let mut out = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    out.write_record(heads(lang)).map_err(|e| e.to_string())?;
    for row in rows(lines, cancelled, lang) {
        let cells = row.into_iter().map(|c| match c {
            Cell::Text(t) => inert(&t),
            Cell::Number(n) => n.to_string(),
            // A formula that is the text itself: spreadsheets show the digits, zeros and all.
            Cell::Code(c) => format!("=\"{c}\""),
        });
        out.write_record(cells).map_err(|e| e.to_string())?;
    }
    out.into_inner().map_err(|e| e.to_string())
}

/// The day's orders as an XLSX workbook (one sheet).
pub fn day_xlsx(
    lines: &[DayLine],
    cancelled: &[DayLine],
    lang: Language,
) -> Result<Vec<u8>, String> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let name = t!("eod.xlsx_sheet", locale = lang.as_str()).to_string();
    sheet.set_name(&name).map_err(|e| e.to_string())?;
    let bold = rust_xlsxwriter::Format::new().set_bold();
    for (col, head) in heads(lang).iter().enumerate() {
        let col = u16::try_from(col).map_err(|e| e.to_string())?;
        sheet
            .write_string_with_format(0, col, head, &bold)
            .map_err(|e| e.to_string())?;
    }
    for (r, row) in rows(lines, cancelled, lang).into_iter().enumerate() {
        let r = u32::try_from(r + 1).map_err(|e| e.to_string())?;
        for (col, cell) in row.into_iter().enumerate() {
            let col = u16::try_from(col).map_err(|e| e.to_string())?;
            match cell {
                Cell::Text(t) | Cell::Code(t) => sheet.write_string(r, col, t),
                Cell::Number(n) => sheet.write_number(r, col, n),
            }
            .map_err(|e| e.to_string())?;
        }
    }
    sheet.set_freeze_panes(1, 0).map_err(|e| e.to_string())?;
    book.save_to_buffer().map_err(|e| e.to_string())
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
        assert!(csv.contains("'=HYPERLINK"), "{csv}");
    }
}
