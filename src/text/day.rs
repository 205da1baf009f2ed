//! Days as the clerk types them, read in one place for the Orders filter and the order form.

use chrono::NaiveDate;

/// A day typed by the clerk: `31.12.2026` (as the counter writes it) or `2026-12-31`.
pub fn parse_day(text: &str) -> Option<NaiveDate> {
    let t = text.trim();
    NaiveDate::parse_from_str(t, "%d.%m.%Y")
        .or_else(|_| NaiveDate::parse_from_str(t, "%Y-%m-%d"))
        .ok()
}
