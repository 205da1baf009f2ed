//! The company's international orders as the current interface lists them (by date range, 20 to
//! a page): one page, or every page with progress and a stop, and the rows as CSV for a
//! spreadsheet.

use api::envelope::{LoadProgress, every_page};
use api::international::{IntlListQuery, IntlOrder};
use api::{ApiError, CurrentClient};
use chrono::NaiveDate;
use std::sync::Arc;

/// Reads every page of the range, one after another, until the last or until stopped; what was
/// read before a stop is kept.
pub async fn all_pages(
    current: Arc<CurrentClient>,
    begin: Option<NaiveDate>,
    end: Option<NaiveDate>,
    progress: Arc<LoadProgress>,
) -> Result<Vec<IntlOrder>, ApiError> {
    every_page(&progress, |page| {
        let current = current.clone();
        async move {
            let query = IntlListQuery {
                begin_date: begin,
                end_date: end,
                page: Some(page),
                per_page: None,
            };
            current.international_orders(&query).await
        }
    })
    .await
}

/// A CSV cell: quoted where needed, and a text a spreadsheet would run as a formula (`=`, `+`,
/// `-`, `@` first) kept as text.
fn cell(text: &str) -> String {
    let text = match text.chars().next() {
        Some('=' | '+' | '-' | '@') => format!("'{text}"),
        _ => text.to_string(),
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// The columns of an export, in order, by their names' catalog keys.
const HEADS: [&str; 11] = [
    "intl_export.order_id",
    "intl_export.barcode",
    "intl_export.client_id",
    "intl_export.date",
    "intl_export.receiver",
    "intl_export.phone",
    "intl_export.country",
    "intl_export.city",
    "intl_export.weight",
    "intl_export.cost",
    "intl_export.status",
];

/// The header, named in `lang`.
fn heads(lang: &str) -> Vec<String> {
    HEADS
        .iter()
        .map(|k| rust_i18n::t!(*k, locale = lang).to_string())
        .collect()
}

fn fields(o: &IntlOrder) -> [String; 11] {
    [
        o.order_id.to_string(),
        o.barcode.clone(),
        o.client_id.clone().unwrap_or_default(),
        o.sender.sender_date.format("%Y-%m-%d").to_string(),
        o.receiver.name.clone(),
        o.receiver.receiver_phone.clone(),
        o.receiver.country.name.clone(),
        o.receiver.city.name.clone(),
        o.mail.weight.to_decimal_string(),
        o.cost.0.to_string(),
        o.status.info.clone(),
    ]
}

/// The rows as CSV (comma-separated, quoted where needed, a header line named in `lang`, CRLF
/// line ends as spreadsheets expect).
pub fn to_csv(rows: &[IntlOrder], lang: &str) -> String {
    let named: Vec<String> = heads(lang).iter().map(|h| cell(h)).collect();
    let mut out = named.join(",");
    out.push_str("\r\n");
    for o in rows {
        let line: Vec<String> = fields(o).iter().map(|f| cell(f)).collect();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
}

/// The rows as an XLSX workbook with a header named in `lang`: every cell a text (a barcode
/// keeps its leading zero, nothing runs as a formula) but the date, a date, and the weight and
/// the cost, numbers a sum can add.
pub fn to_xlsx(rows: &[IntlOrder], lang: &str) -> Result<Vec<u8>, String> {
    use chrono::Datelike;
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let bold = rust_xlsxwriter::Format::new().set_bold();
    let day = rust_xlsxwriter::Format::new().set_num_format("dd.mm.yyyy");
    for (col, head) in (0u16..).zip(heads(lang)) {
        sheet
            .write_string_with_format(0, col, head, &bold)
            .map_err(|e| e.to_string())?;
    }
    for (r, o) in (1u32..).zip(rows) {
        for (col, text) in (0u16..).zip(fields(o)) {
            let d = o.sender.sender_date;
            let date = u16::try_from(d.year()).ok().and_then(|y| {
                rust_xlsxwriter::ExcelDateTime::from_ymd(y, d.month() as u8, d.day() as u8).ok()
            });
            match (col, date) {
                (3, Some(date)) => sheet.write_datetime_with_format(r, col, &date, &day),
                (8, _) => sheet.write_number(r, col, o.mail.weight.kg()),
                (9, _) => sheet.write_number(r, col, o.cost.0 as f64),
                _ => sheet.write_string(r, col, text),
            }
            .map_err(|e| e.to_string())?;
        }
    }
    sheet.autofit();
    sheet.set_freeze_panes(1, 0).map_err(|e| e.to_string())?;
    book.save_to_buffer().map_err(|e| e.to_string())
}

/// The period the list opens on: this week, Monday to `today`.
pub fn this_week(today: NaiveDate) -> (NaiveDate, NaiveDate) {
    use chrono::Datelike;
    let since_monday = u64::from(today.weekday().num_days_from_monday());
    (today - chrono::Days::new(since_monday), today)
}

/// The words a filter finds an order by: barcode, receiver, country, city, client id.
pub fn search_text(o: &IntlOrder) -> String {
    format!(
        "{} {} {} {} {}",
        o.barcode,
        o.receiver.name,
        o.receiver.country.name,
        o.receiver.city.name,
        o.client_id.as_deref().unwrap_or("")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workbook_keeps_barcodes_as_text_and_sums_as_numbers() {
        use calamine::{Data, Reader, Xlsx};
        let order: IntlOrder = serde_json::from_value(serde_json::json!({
            "orderId": 7100001, "barcode": "0799100001", "clientId": "=1+1",
            "customer": {"id": 1, "name": "Demo"}, "status": {"id": 6, "info": "Yetkazildi"},
            "cost": 125000, "pickupType": "self",
            "sender": {"senderReal": "Demo", "senderDate": "2026-11-23",
                "region": {"id": 6, "name": "Toshkent"},
                "city": {"id": 101, "name": "Chilonzor"}, "address": "A 1", "phone": "+998 71 2000000"},
            "receiver": {"name": "Aziz Karimov", "receiverPhone": "+7 700 1000000",
                "receiverDelivery": 0, "receiverDate": "2026-11-30",
                "country": {"id": 1, "name": "Rossiya"}, "city": {"id": 9001, "name": "Moskva"},
                "address": "Tverskaya 7"},
            "mail": {"weight": "2.500", "piece": 1, "volume": "0.000",
                "package": {"id": 7, "name": "Quti"}, "postType": {"id": 11, "name": "Kiyim"}}
        }))
        .expect("an order");
        let bytes = to_xlsx(std::slice::from_ref(&order), "ru").expect("a workbook");
        let mut book = Xlsx::new(std::io::Cursor::new(bytes)).expect("readable");
        let sheet = book.worksheet_range_at(0).expect("a sheet").expect("cells");
        assert_eq!(sheet.get((1, 1)), Some(&Data::String("0799100001".into())));
        assert_eq!(
            sheet.get((1, 2)),
            Some(&Data::String("=1+1".into())),
            "text, never run"
        );
        assert_eq!(sheet.get((1, 8)), Some(&Data::Float(2.5)));
        // Named in the clerk's language; the date a date a spreadsheet sorts.
        assert_eq!(sheet.get((0, 0)), Some(&Data::String("№ заказа".into())));
        assert_eq!(sheet.get((0, 8)), Some(&Data::String("Вес, кг".into())));
        assert!(
            matches!(sheet.get((1, 3)), Some(Data::DateTime(_))),
            "{:?}",
            sheet.get((1, 3))
        );
        assert!(to_csv(std::slice::from_ref(&order), "en").starts_with("Order no.,Barcode,"));
        assert_eq!(sheet.get((1, 9)), Some(&Data::Float(125_000.0)));
    }

    #[test]
    fn the_list_opens_on_this_week() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap_or_default();
        // Saturday the 28th: from Monday the 23rd; a Monday is a week of its own day.
        assert_eq!(this_week(day(28)), (day(23), day(28)));
        assert_eq!(this_week(day(23)), (day(23), day(23)));
        assert_eq!(this_week(day(22)), (day(16), day(22)));
    }

    #[test]
    fn cells_with_commas_quotes_and_lines_are_quoted() {
        for (raw, written) in [
            ("plain", "plain"),
            ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""),
            ("+998 90", "'+998 90"),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
        ] {
            assert_eq!(cell(raw), written, "{raw:?}");
        }
    }
}
