//! When a scale's weight may go into the order: only once it has settled. A scale's own
//! "stable" flag is not enough on a busy counter (a parcel still rocking, a hand on the pan, a
//! scale that flags too early), so a weight is taken when the same grams come settled several
//! reports in a row, and taken once: the clerk may type over it, and it is not put back until
//! the weight on the pan changes. Under zero, over the limit or faulty, nothing is taken; what
//! the field shows says why.

use crate::reading::{Fault, Reading};
use api::quantity::Weight;

/// How many settled reports of the same weight in a row make it the parcel's.
pub const SETTLED_REPORTS: usize = 3;

/// What the weight field shows of its scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// No reading yet.
    Waiting,
    /// Nothing on the pan.
    Empty,
    /// A weight not settled yet (moving, or not yet the same long enough).
    Weighing(u64),
    /// A settled weight, taken into the field.
    Settled(u64),
    /// Below zero: never taken.
    Negative,
    /// Over the scale's limit: never taken.
    Overload,
    /// The scale cannot weigh now.
    Fault(Fault),
    /// The scale stopped answering (unplugged, switched off): the field keeps what it holds.
    Lost,
}

/// Follows one scale's readings.
#[derive(Debug)]
pub struct Steady {
    /// How many settled reports of the same grams make a weight.
    needed: usize,
    /// The settled grams being seen, and how many times in a row.
    run: Option<(u64, usize)>,
    /// The weight last put in the field (not put again until the pan changes).
    taken: Option<u64>,
    shown: Shown,
}

impl Steady {
    /// Takes a weight after `needed` settled reports of it in a row (at least one).
    pub fn new(needed: usize) -> Steady {
        Steady {
            needed: needed.max(1),
            run: None,
            taken: None,
            shown: Shown::Waiting,
        }
    }

    pub fn shown(&self) -> Shown {
        self.shown
    }

    /// Reads one report; the weight to put into the field when it has just settled.
    pub fn feed(&mut self, reading: Reading) -> Option<Weight> {
        let grams = match reading {
            Reading::Stable(0) => {
                // The parcel is off: the next one is taken even if it weighs the same.
                self.run = None;
                self.taken = None;
                self.shown = Shown::Empty;
                return None;
            }
            Reading::Stable(g) => g,
            other => {
                self.run = None;
                self.shown = match other {
                    Reading::Moving(g) => Shown::Weighing(g),
                    Reading::Negative => Shown::Negative,
                    Reading::Overload => Shown::Overload,
                    Reading::Fault(f) => Shown::Fault(f),
                    Reading::Stable(_) => self.shown,
                };
                return None;
            }
        };
        let seen = match self.run {
            Some((same, n)) if same == grams => n + 1,
            _ => 1,
        };
        self.run = Some((grams, seen));
        if seen < self.needed {
            self.shown = Shown::Weighing(grams);
            return None;
        }
        self.shown = Shown::Settled(grams);
        if self.taken == Some(grams) {
            return None;
        }
        self.taken = Some(grams);
        Some(Weight::from_grams(grams))
    }

    /// The scale stopped answering: nothing is taken, and what the field holds stays.
    pub fn lost(&mut self) {
        self.run = None;
        self.taken = None;
        self.shown = Shown::Lost;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taken(steady: &mut Steady, readings: &[Reading]) -> Vec<u64> {
        readings
            .iter()
            .filter_map(|r| steady.feed(*r))
            .map(Weight::grams)
            .collect()
    }

    #[test]
    fn a_weight_is_taken_once_settled_and_once_only() {
        use Reading::*;
        let mut s = Steady::new(3);
        let stream = [
            Moving(1200),
            Moving(1236),
            Stable(1231),
            Stable(1234),
            Stable(1234),
            Stable(1234),
            Stable(1234),
            Stable(1234),
        ];
        assert_eq!(taken(&mut s, &stream), vec![1234]);
        assert_eq!(s.shown(), Shown::Settled(1234));
        // The clerk's hand on the pan and off again: the same weight is not put back.
        assert_eq!(
            taken(
                &mut s,
                &[Moving(1500), Stable(1234), Stable(1234), Stable(1234)]
            ),
            Vec::<u64>::new()
        );
        // The parcel off and the next on, weighing the same: taken again.
        assert_eq!(
            taken(
                &mut s,
                &[Stable(0), Stable(1234), Stable(1234), Stable(1234)]
            ),
            vec![1234]
        );
    }

    #[test]
    fn negative_overload_and_faults_are_never_taken() {
        use Reading::*;
        let mut s = Steady::new(2);
        for (reading, shown) in [
            (Negative, Shown::Negative),
            (Overload, Shown::Overload),
            (
                Fault(super::Fault::NeedsZeroing),
                Shown::Fault(super::Fault::NeedsZeroing),
            ),
        ] {
            assert_eq!(s.feed(reading), None);
            assert_eq!(s.feed(reading), None);
            assert_eq!(s.shown(), shown);
        }
        // An interruption breaks the run: one settled report before and one after make none.
        assert_eq!(
            taken(&mut s, &[Stable(500), Overload, Stable(500)]),
            Vec::<u64>::new()
        );
    }

    #[test]
    fn a_lost_scale_takes_nothing() {
        let mut s = Steady::new(2);
        assert_eq!(s.feed(Reading::Stable(800)), None);
        s.lost();
        assert_eq!(s.shown(), Shown::Lost);
        assert_eq!(s.feed(Reading::Stable(800)), None);
        assert_eq!(s.feed(Reading::Stable(800)).map(Weight::grams), Some(800));
    }
}
