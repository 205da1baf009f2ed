//! The company's international orders as the current interface lists them (by date range, 20 to
//! a page): one page, or every page with progress and a stop, and the rows as CSV for a
//! spreadsheet.

use crate::sheets::{Cell, Sheet};
use api::codes::Language;
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

/// The rows as a sheet named in `lang`: the barcode, the client's number and the phone as
/// codes (text, whole), the day a day, the weight and the cost numbers.
fn sheet(rows: &[IntlOrder], lang: &str) -> Sheet {
    let rows = rows
        .iter()
        .map(|o| {
            vec![
                Cell::Number(o.order_id as f64, 0),
                Cell::Code(o.barcode.clone()),
                Cell::Code(o.client_id.clone().unwrap_or_default()),
                Cell::Date(o.sender.sender_date),
                Cell::Text(o.receiver.name.clone()),
                Cell::Code(o.receiver.receiver_phone.clone()),
                Cell::Text(o.receiver.country.name.clone()),
                Cell::Text(o.receiver.city.name.clone()),
                Cell::Number(o.mail.weight.kg(), 3),
                Cell::Number(o.cost.0 as f64, 0),
                Cell::Text(o.status.info.clone()),
            ]
        })
        .collect();
    Sheet {
        name: rust_i18n::t!("intl_export.sheet", locale = lang).to_string(),
        heads: HEADS
            .iter()
            .map(|k| rust_i18n::t!(*k, locale = lang).to_string())
            .collect(),
        rows,
    }
}

/// The rows as CSV for spreadsheets in `lang`'s locale (`crate::sheets`).
pub fn to_csv(rows: &[IntlOrder], lang: Language) -> Result<Vec<u8>, String> {
    sheet(rows, lang.as_str()).csv(lang)
}

/// The rows as an XLSX workbook with a header named in `lang`.
pub fn to_xlsx(rows: &[IntlOrder], lang: &str) -> Result<Vec<u8>, String> {
    sheet(rows, lang).xlsx()
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
        let csv = to_csv(std::slice::from_ref(&order), Language::En).expect("a CSV");
        assert!(csv.starts_with("\u{feff}Order no.,Barcode,".as_bytes()));
        // As the day's: the barcode and the phone as text, the date as DD.MM.YYYY, the weight a
        // number in the language's form (a comma in Russian, with `;` between fields).
        let text = String::from_utf8(csv).expect("UTF-8");
        assert!(text.contains("\"=\"\"0799100001\"\"\""), "{text}");
        assert!(text.contains("\"=\"\"+7 700 1000000\"\"\""), "{text}");
        assert!(text.contains(",23.11.2026,"), "{text}");
        let ru =
            String::from_utf8(to_csv(std::slice::from_ref(&order), Language::Ru).expect("a CSV"))
                .expect("UTF-8");
        assert!(ru.contains(";2,5;"), "{ru}");
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
}
