//! Days and the counter's clock, in one place: days as the clerk types them (the Orders filter,
//! the order form) and the time zone every date on the counter is read in (the desk and its twin).

use chrono::{FixedOffset, NaiveDate};

/// Uzbekistan time (UTC+5, no daylight saving).
pub fn counter_zone() -> FixedOffset {
    FixedOffset::east_opt(5 * 3600)
        .unwrap_or(FixedOffset::east_opt(0).unwrap_or_else(|| unreachable!()))
}

/// Today on the counter's clock.
pub fn today() -> NaiveDate {
    chrono::Utc::now()
        .with_timezone(&counter_zone())
        .date_naive()
}

/// A day typed by the clerk: `31.12.2026` (as the counter writes it) or `2026-12-31`.
pub fn parse_day(text: &str) -> Option<NaiveDate> {
    let t = text.trim();
    NaiveDate::parse_from_str(t, "%d.%m.%Y")
        .or_else(|_| NaiveDate::parse_from_str(t, "%Y-%m-%d"))
        .ok()
}
