//! The Orders screen's date filter: a closed set of periods a clerk asks for ("today", "the last
//! week") plus a typed range, each turned into epoch bounds in the counter's time zone so the
//! table compares integers, not dates.

use chrono::{Days, NaiveDate, TimeZone};
use rust_i18n::t;

pub use text::day::counter_zone;

/// Which orders, by the day they were created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Period {
    #[default]
    Any,
    Today,
    Yesterday,
    Last7Days,
    Last30Days,
    /// The clerk's own first and last day (both included).
    Range,
}

impl Period {
    pub const ALL: [Period; 6] = [
        Period::Any,
        Period::Today,
        Period::Yesterday,
        Period::Last7Days,
        Period::Last30Days,
        Period::Range,
    ];

    pub fn name(self) -> std::borrow::Cow<'static, str> {
        match self {
            Period::Any => t!("period.any"),
            Period::Today => t!("period.today"),
            Period::Yesterday => t!("period.yesterday"),
            Period::Last7Days => t!("period.last_days", n = 7),
            Period::Last30Days => t!("period.last_days", n = 30),
            Period::Range => t!("period.range"),
        }
    }

    /// First and last day of a preset, counted back from `today`; `None` for any and range.
    pub fn days(self, today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
        let back = |n: u64| today.checked_sub_days(Days::new(n)).unwrap_or(today);
        match self {
            Period::Any | Period::Range => None,
            Period::Today => Some((today, today)),
            Period::Yesterday => Some((back(1), back(1))),
            Period::Last7Days => Some((back(6), today)),
            Period::Last30Days => Some((back(29), today)),
        }
    }
}

/// Epoch seconds `[from, until)` covering the days `first..=last` on the counter's clock.
pub fn bounds(first: NaiveDate, last: NaiveDate) -> (i64, i64) {
    let zone = counter_zone();
    let start = |d: NaiveDate| {
        d.and_hms_opt(0, 0, 0)
            .and_then(|t| zone.from_local_datetime(&t).single())
            .map(|t| t.timestamp())
    };
    let from = start(first).unwrap_or(i64::MIN);
    let until = last
        .checked_add_days(Days::new(1))
        .and_then(start)
        .unwrap_or(i64::MAX);
    (from, until)
}

pub use text::day::today;

pub use text::day::parse_day;

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        parse_day(s).unwrap()
    }

    #[test]
    fn presets_count_back_from_today() {
        let today = day("22.11.2026");
        assert_eq!(Period::Today.days(today), Some((today, today)));
        assert_eq!(
            Period::Yesterday.days(today),
            Some((day("21.11.2026"), day("21.11.2026")))
        );
        assert_eq!(
            Period::Last7Days.days(today),
            Some((day("16.11.2026"), today))
        );
        assert_eq!(Period::Any.days(today), None);
    }

    #[test]
    fn a_day_runs_midnight_to_midnight_on_the_counter_clock() {
        let (from, until) = bounds(day("2026-11-22"), day("2026-11-22"));
        assert_eq!(until - from, 86_400);
        // 2026-11-21 19:00 UTC is midnight in Tashkent.
        assert_eq!(from, 1_795_287_600);
    }

    #[test]
    fn both_ways_of_writing_a_day_are_read() {
        assert_eq!(parse_day(" 01.02.2026 "), parse_day("2026-02-01"));
        assert!(parse_day("32.01.2026").is_none());
        assert!(parse_day("yesterday").is_none());
    }
}
