//! Money and weight as types, so that nobody pushes `f64` strings around by hand.
//!
//! [`Sum`] is a whole amount of Uzbek sum (the service prices in whole sum; decimals on the wire
//! are always `.00`). [`Weight`] is kept in grams and shown in kilograms with three decimals, the
//! precision of the service's own `"3.000"`. Each type reads every wire form the service uses and
//! writes the form the contract names, through the small `with` modules below.

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// A decimal number as a person types it, read strictly: a number still being typed ("1.", "1,",
/// "-", ".") is not yet a value, and nothing but digits, one sign in front and one decimal
/// point or comma between digits makes one ("1e3", "inf" and "2kg" do not).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Typed {
    Blank,
    /// The start of a number that is not finished: a sign or a point with no digit after it.
    Unfinished,
    NotANumber,
    Number(f64),
}

/// Reads `text` as [`Typed`]. Spaces (a thin one too) group thousands and are ignored.
pub fn read_decimal(text: &str) -> Typed {
    let t: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2009}'))
        .map(|c| if c == ',' { '.' } else { c })
        .collect();
    if t.is_empty() {
        return Typed::Blank;
    }
    let unsigned = t.strip_prefix(['-', '+']).unwrap_or(&t);
    let (whole, fraction) = match unsigned.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (unsigned, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !fraction.is_none_or(digits) {
        return Typed::NotANumber;
    }
    // "-", "1.", "-.": the digits that finish it are still to come.
    if fraction.is_some_and(str::is_empty) || (whole.is_empty() && fraction.is_none()) {
        return Typed::Unfinished;
    }
    match t.parse::<f64>() {
        Ok(v) if v.is_finite() => Typed::Number(v),
        _ => Typed::NotANumber,
    }
}

/// A whole amount of sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Sum(pub i64);

impl Sum {
    pub const ZERO: Sum = Sum(0);

    pub fn whole(self) -> i64 {
        self.0
    }

    /// `"25000.00"`: the contract's decimal form for `cost`.
    pub fn to_decimal_string(self) -> String {
        format!("{}.00", self.0)
    }

    /// Reads `25000`, `25000.4`, `"25000.00"`, `"25 000"`; rounds to the nearest whole sum. A
    /// number not finished (`"25000."`) is none.
    pub fn parse(text: &str) -> Option<Sum> {
        match read_decimal(text) {
            Typed::Number(value) if value.abs() <= 9.0e15 => Some(Sum(value.round() as i64)),
            _ => None,
        }
    }
}

impl fmt::Display for Sum {
    /// Groups thousands with a thin space, the way a receipt shows money: `125 000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.unsigned_abs().to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push('\u{2009}');
            }
            out.push(c);
        }
        if self.0 < 0 {
            write!(f, "-{out}")
        } else {
            f.write_str(&out)
        }
    }
}

impl Serialize for Sum {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(self.0)
    }
}

impl<'de> Deserialize<'de> for Sum {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        sum_from_value(&v).ok_or_else(|| de::Error::custom(format!("expected an amount, got {v}")))
    }
}

fn sum_from_value(v: &serde_json::Value) -> Option<Sum> {
    match v {
        serde_json::Value::Number(n) => n.as_f64().and_then(|f| Sum::parse(&f.to_string())),
        serde_json::Value::String(s) => Sum::parse(s),
        _ => None,
    }
}

/// `Sum` written as `"25000.00"`.
pub mod sum_decimal_string {
    use super::*;

    pub fn serialize<S: Serializer>(v: &Sum, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_decimal_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Sum, D::Error> {
        Sum::deserialize(d)
    }
}

/// `Sum` written as a string of digits, `"25000"`.
pub mod sum_string {
    use super::*;

    pub fn serialize<S: Serializer>(v: &Sum, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.0.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Sum, D::Error> {
        Sum::deserialize(d)
    }
}

/// An optional `Sum`: `null` and `""` are none.
pub mod opt_sum {
    use super::*;

    pub fn serialize<S: Serializer>(v: &Option<Sum>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(x) => s.serialize_i64(x.0),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Sum>, D::Error> {
        let v = Option::<serde_json::Value>::deserialize(d)?;
        match v {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(v) => sum_from_value(&v)
                .map(Some)
                .ok_or_else(|| de::Error::custom(format!("expected an amount, got {v}"))),
        }
    }
}

/// An optional `Sum` written as a string (`back_money` on the current interface).
pub mod opt_sum_string {
    use super::*;

    pub fn serialize<S: Serializer>(v: &Option<Sum>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(x) => s.serialize_str(&x.0.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Sum>, D::Error> {
        opt_sum::deserialize(d)
    }
}

/// A weight in whole grams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Weight {
    grams: u64,
}

impl Weight {
    pub fn from_grams(grams: u64) -> Weight {
        Weight { grams }
    }

    /// Rounds to the gram; rejects negative, non-finite and absurd values.
    pub fn from_kg(kg: f64) -> Option<Weight> {
        if !kg.is_finite() || !(0.0..=1_000_000.0).contains(&kg) {
            return None;
        }
        Some(Weight {
            grams: (kg * 1000.0).round() as u64,
        })
    }

    /// Reads `"3"`, `"3.5"`, `"3,500"` (comma as decimal point), `" 0.25 "`.
    /// Kilograms as typed or sent (`"2.5"`, `"2,5"`); a number not finished (`"1."`) is none.
    pub fn parse_kg(text: &str) -> Option<Weight> {
        match read_decimal(text) {
            Typed::Number(kg) => Weight::from_kg(kg),
            _ => None,
        }
    }

    pub fn grams(self) -> u64 {
        self.grams
    }

    pub fn kg(self) -> f64 {
        self.grams as f64 / 1000.0
    }

    /// `"3.000"`, the service's form.
    pub fn to_decimal_string(self) -> String {
        format!("{}.{:03}", self.grams / 1000, self.grams % 1000)
    }
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_decimal_string())
    }
}

impl Serialize for Weight {
    /// Kilograms as a JSON number (`weight: double` in requests).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.kg())
    }
}

impl<'de> Deserialize<'de> for Weight {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        let w = match &v {
            serde_json::Value::Number(n) => n.as_f64().and_then(Weight::from_kg),
            serde_json::Value::String(s) => Weight::parse_kg(s),
            _ => None,
        };
        w.ok_or_else(|| de::Error::custom(format!("expected a weight in kg, got {v}")))
    }
}

/// `Weight` written as `"3.000"`.
pub mod weight_decimal_string {
    use super::*;

    pub fn serialize<S: Serializer>(v: &Weight, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_decimal_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Weight, D::Error> {
        Weight::deserialize(d)
    }
}

/// A decimal quantity that arrives as a number or a string (`volume`), kept as `f64` because the
/// service itself leaves its unit open. `null` and `""` are none; it is always finite.
pub mod opt_decimal {
    use super::*;

    pub fn serialize<S: Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(x) => s.serialize_f64(*x),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        let v = Option::<serde_json::Value>::deserialize(d)?;
        match v {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::Number(n)) => Ok(n.as_f64()),
            Some(serde_json::Value::String(s)) if s.trim().is_empty() => Ok(None),
            // "NaN" and "inf" parse as floats but are no quantity: refused like any other word.
            Some(serde_json::Value::String(s)) => s
                .trim()
                .replace(',', ".")
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(Some)
                .ok_or_else(|| de::Error::custom(format!("expected a number, got \"{s}\""))),
            Some(other) => Err(de::Error::custom(format!("expected a number, got {other}"))),
        }
    }
}

/// The same optional decimal written as a string (`volume` in the legacy detail record).
pub mod opt_decimal_string {
    use super::*;

    pub fn serialize<S: Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(x) => s.serialize_str(&format!("{x:.3}")),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        opt_decimal::deserialize(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sums_read_every_wire_form() {
        for v in [
            json!(25000),
            json!(25000.0),
            json!("25000.00"),
            json!("25 000"),
            json!("25000"),
        ] {
            assert_eq!(serde_json::from_value::<Sum>(v).unwrap(), Sum(25000));
        }
        assert_eq!(
            serde_json::from_value::<Sum>(json!("12.5")).unwrap(),
            Sum(13)
        );
        assert!(serde_json::from_value::<Sum>(json!("abc")).is_err());
        assert!(serde_json::from_value::<Sum>(json!(null)).is_err());
    }

    #[test]
    fn sum_displays_grouped_and_writes_contract_form() {
        assert_eq!(Sum(1_250_000).to_string(), "1\u{2009}250\u{2009}000");
        assert_eq!(Sum(999).to_string(), "999");
        assert_eq!(Sum(25000).to_decimal_string(), "25000.00");
    }

    #[test]
    fn weights_keep_grams_exactly() {
        assert_eq!(Weight::parse_kg("3,5").unwrap().grams(), 3500);
        assert_eq!(Weight::parse_kg("0.01").unwrap().grams(), 10);
        assert_eq!(
            serde_json::from_value::<Weight>(json!("3.000")).unwrap(),
            Weight::from_grams(3000)
        );
        assert_eq!(
            serde_json::from_value::<Weight>(json!(1.25)).unwrap(),
            Weight::from_grams(1250)
        );
        assert_eq!(Weight::from_grams(1250).to_decimal_string(), "1.250");
        assert!(Weight::parse_kg("-1").is_none());
        assert!(Weight::parse_kg("").is_none());
    }

    #[test]
    fn a_number_still_being_typed_is_not_a_value() {
        for unfinished in ["1.", "1,", "-", "+", ".", "-.", " 12, "] {
            assert_eq!(
                read_decimal(unfinished),
                Typed::Unfinished,
                "{unfinished:?}"
            );
            assert!(Weight::parse_kg(unfinished).is_none(), "{unfinished:?}");
            assert!(Sum::parse(unfinished).is_none(), "{unfinished:?}");
        }
        for wrong in ["2kg", "1e3", "inf", "NaN", "1.2.3", "1,5,", "--1", "0x10"] {
            assert_eq!(read_decimal(wrong), Typed::NotANumber, "{wrong:?}");
        }
        assert_eq!(read_decimal("  "), Typed::Blank);
        assert_eq!(read_decimal("1.5"), Typed::Number(1.5));
        assert_eq!(read_decimal(".5"), Typed::Number(0.5));
        assert_eq!(read_decimal("-2,25"), Typed::Number(-2.25));
        assert_eq!(read_decimal("25 000"), Typed::Number(25000.0));
    }

    #[test]
    fn decimal_volume_accepts_string_and_null() {
        #[derive(Deserialize)]
        struct V {
            #[serde(with = "opt_decimal", default)]
            v: Option<f64>,
        }
        let a: V = serde_json::from_value(json!({"v": "6000.000"})).unwrap();
        assert_eq!(a.v, Some(6000.0));
        let b: V = serde_json::from_value(json!({"v": null})).unwrap();
        assert_eq!(b.v, None);
        let c: V = serde_json::from_value(json!({"v": ""})).unwrap();
        assert_eq!(c.v, None);
    }
}
