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

fn cell(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The rows as CSV (comma-separated, quoted where needed, a header line, CRLF line ends as
/// spreadsheets expect).
pub fn to_csv(rows: &[IntlOrder]) -> String {
    let mut out = String::from(
        "orderId,barcode,clientId,senderDate,receiver,phone,country,city,weight,cost,status\r\n",
    );
    for o in rows {
        let fields = [
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
        ];
        let line: Vec<String> = fields.iter().map(|f| cell(f)).collect();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
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
    fn cells_with_commas_quotes_and_lines_are_quoted() {
        for (raw, written) in [
            ("plain", "plain"),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
        ] {
            assert_eq!(cell(raw), written, "{raw:?}");
        }
    }
}
