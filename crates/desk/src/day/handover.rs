//! One definition of a counter's day for the courier, used by the screen, the register, the
//! exports and the charts alike.
//!
//! The day's orders are those the service confirmed for the day's register (orders only looked
//! up are on no register; an order on an earlier day's register is not on this one; orders not
//! confirmed yet wait in the outbox and are not on it). Of them the courier takes every one
//! that is not cancelled: a cancelled order (the service's "refused", a deleted order) stays at
//! the counter, and is listed apart as "cancelled: not handed over". The day's money is the
//! shipping charged for the orders handed over (so a cancelled order's charge is not in it),
//! the cash on delivery still to come back for them, and the cash on delivery of those already
//! delivered, which is due.

use crate::day::day_line::{DayLine, Stage};

/// Whether the courier takes this order of the day.
pub fn handed_over(line: &DayLine) -> bool {
    line.stage() != Stage::Cancelled
}

/// A day's confirmed orders parted: those on the register, in order, and those cancelled.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Handover {
    pub lines: Vec<DayLine>,
    pub cancelled: Vec<DayLine>,
}

impl Handover {
    pub fn of(day: impl IntoIterator<Item = DayLine>) -> Handover {
        let (lines, cancelled) = day.into_iter().partition(handed_over);
        Handover { lines, cancelled }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::codes::LegacyStatus;

    #[test]
    fn a_cancelled_order_stays_at_the_counter_and_every_other_goes() {
        for status in LegacyStatus::ALL {
            let line = DayLine {
                status_id: status.code(),
                ..DayLine::example(1)
            };
            assert_eq!(
                handed_over(&line),
                *status != LegacyStatus::Refused,
                "{status:?}"
            );
        }
        let day = Handover::of([
            DayLine::example(1),
            DayLine {
                status_id: LegacyStatus::Refused.code(),
                ..DayLine::example(2)
            },
            DayLine::example(3),
        ]);
        let ids = |l: &[DayLine]| l.iter().map(|l| l.order_id).collect::<Vec<_>>();
        assert_eq!(ids(&day.lines), [1, 3]);
        assert_eq!(ids(&day.cancelled), [2]);
    }
}
