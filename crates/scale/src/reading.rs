//! What one report of a scale says, whichever protocol carried it, with its weight converted to
//! whole grams exactly (integer arithmetic on the scale's own digits, never a float).

/// The units scales report in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Milligram,
    Gram,
    Kilogram,
    Ounce,
    Pound,
}

impl Unit {
    /// Grams in one unit, as an exact fraction (numerator, denominator): the avoirdupois pound
    /// is 453.59237 g by definition, the ounce a sixteenth of it.
    fn grams(self) -> (i128, i128) {
        match self {
            Unit::Milligram => (1, 1000),
            Unit::Gram => (1, 1),
            Unit::Kilogram => (1000, 1),
            Unit::Pound => (45_359_237, 100_000),
            Unit::Ounce => (45_359_237, 1_600_000),
        }
    }

    /// The unit a scale writes as text (`g`, `kg`, `lb`, `oz`; any case; `lbs` too).
    pub fn parse(text: &str) -> Option<Unit> {
        match text.trim().to_ascii_lowercase().as_str() {
            "mg" => Some(Unit::Milligram),
            "g" | "gr" => Some(Unit::Gram),
            "kg" => Some(Unit::Kilogram),
            "oz" => Some(Unit::Ounce),
            "lb" | "lbs" => Some(Unit::Pound),
            _ => None,
        }
    }
}

/// A scale's number as it sent it: `digits` × 10^`exponent` of `unit` (1.234 kg is 1234, -3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    pub digits: i64,
    pub exponent: i8,
    pub unit: Unit,
}

impl Amount {
    /// The amount in whole grams, rounded half away from zero; `None` for an exponent no scale
    /// sends (beyond ±9).
    pub fn grams(self) -> Option<i64> {
        if !(-9..=9).contains(&self.exponent) {
            return None;
        }
        let (num, den) = self.unit.grams();
        let ten = 10i128.pow(u32::from(self.exponent.unsigned_abs()));
        let (num, den) = if self.exponent >= 0 {
            (i128::from(self.digits) * num * ten, den)
        } else {
            (i128::from(self.digits) * num, den * ten)
        };
        let half = den / 2;
        let rounded = if num >= 0 {
            (num + half) / den
        } else {
            (num - half) / den
        };
        i64::try_from(rounded).ok()
    }

    /// A decimal as a scale writes it (`+001.234`, `-0.5`, `12`), in `unit`.
    pub fn parse(text: &str, unit: Unit) -> Option<Amount> {
        let text = text.trim();
        let (negative, body) = match text.as_bytes().first()? {
            b'-' => (true, &text[1..]),
            b'+' => (false, &text[1..]),
            _ => (false, text),
        };
        let body = body.trim_start();
        let (whole, fraction) = body.split_once('.').unwrap_or((body, ""));
        if whole.is_empty() && fraction.is_empty()
            || !whole
                .bytes()
                .chain(fraction.bytes())
                .all(|b| b.is_ascii_digit())
            || fraction.len() > 9
        {
            return None;
        }
        let digits: i64 = format!("{whole}{fraction}").parse().ok()?;
        let exponent = -i8::try_from(fraction.len()).ok()?;
        Some(Amount {
            digits: if negative { -digits } else { digits },
            exponent,
            unit,
        })
    }
}

/// Why a scale cannot give a weight now, as it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The scale reports a fault of its own.
    Failed,
    /// The scale must be calibrated.
    NeedsCalibration,
    /// The scale must be zeroed (its zero drifted).
    NeedsZeroing,
    /// The scale could not answer the request now (busy).
    Busy,
}

/// One report of a scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// A weight the scale calls settled, in grams (0: nothing on the pan).
    Stable(u64),
    /// A weight still moving: shown, never taken.
    Moving(u64),
    /// Below zero: the pan lifted, or a tare larger than what lies on it.
    Negative,
    /// More than the scale can weigh.
    Overload,
    /// The scale cannot weigh now.
    Fault(Fault),
}

impl Reading {
    /// A weight reading from an amount: negative amounts are [`Reading::Negative`].
    pub fn of(amount: Amount, stable: bool) -> Option<Reading> {
        let grams = amount.grams()?;
        Some(match u64::try_from(grams) {
            Err(_) => Reading::Negative,
            Ok(g) if stable => Reading::Stable(g),
            Ok(g) => Reading::Moving(g),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grams(text: &str, unit: Unit) -> i64 {
        Amount::parse(text, unit)
            .and_then(Amount::grams)
            .expect("a weight")
    }

    #[test]
    fn every_unit_becomes_exact_grams() {
        assert_eq!(grams("1.234", Unit::Kilogram), 1234);
        assert_eq!(grams("+0001.2345", Unit::Kilogram), 1235);
        assert_eq!(grams("250", Unit::Gram), 250);
        assert_eq!(grams("249.5", Unit::Gram), 250);
        assert_eq!(grams("1", Unit::Pound), 454);
        assert_eq!(grams("2.20462", Unit::Pound), 1000);
        assert_eq!(grams("16", Unit::Ounce), 454);
        assert_eq!(grams("2.5", Unit::Ounce), 71);
        assert_eq!(grams("0.1", Unit::Ounce), 3);
        assert_eq!(grams("1500", Unit::Milligram), 2);
        assert_eq!(grams("-0.010", Unit::Kilogram), -10);
        // 100 lb exactly: 45359.237 g.
        assert_eq!(grams("100.000", Unit::Pound), 45359);
    }

    #[test]
    fn what_is_not_a_number_is_no_amount() {
        for bad in ["", "-", "1.2.3", "1,5", "kg", "1e3", "0x10", "1.1234567890"] {
            assert_eq!(Amount::parse(bad, Unit::Gram), None, "{bad:?}");
        }
    }

    #[test]
    fn a_negative_amount_is_a_negative_reading() {
        let amount = Amount::parse("-0.002", Unit::Kilogram).expect("parses");
        assert_eq!(Reading::of(amount, true), Some(Reading::Negative));
    }
}
