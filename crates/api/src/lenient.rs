//! Lenient decoders for the places where the service is inconsistent on the wire.
//!
//! The same field arrives as an integer in one response and a string in another (`orderId`),
//! decimals arrive as strings (`"3.000"`), ids can be `null` or `""`, and flags arrive as
//! `0`/`1`, `"1"` or `true`. Each odd form is accepted here, once, and every wire type uses
//! these helpers through `#[serde(with = ...)]` / `deserialize_with`.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// The raw form of an integer code before it is checked: a number or a string of digits.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum LooseInt {
    Number(i64),
    Text(String),
}

impl TryFrom<LooseInt> for i64 {
    type Error = String;
    fn try_from(v: LooseInt) -> Result<i64, String> {
        match v {
            LooseInt::Number(n) => Ok(n),
            LooseInt::Text(s) => s
                .trim()
                .parse()
                .map_err(|_| format!("expected an integer code, got \"{s}\"")),
        }
    }
}

/// A closed-set code written as a string of digits (`status.code` of the current order record).
pub mod code_as_string {
    use super::*;

    pub fn serialize<T: Copy + Into<i64>, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&(*v).into().to_string())
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<T, D::Error> {
        T::deserialize(d)
    }
}

/// A closed-set code written as a string (`ReceiverDelivery: "1"`).
pub mod opt_code_as_string {
    use super::*;

    pub fn serialize<T: Copy + Into<i64>, S: Serializer>(
        v: &Option<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match v {
            Some(x) => s.serialize_str(&(*x).into().to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<T>, D::Error> {
        Option::<T>::deserialize(d)
    }
}

/// A date and time as the service writes it: `YYYY-MM-DD HH:MM:SS`.
pub mod service_datetime {
    use super::*;
    use chrono::NaiveDateTime;

    pub const FORMAT: &str = "%Y-%m-%d %H:%M:%S";

    pub fn serialize<S: Serializer>(v: &NaiveDateTime, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.format(FORMAT).to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveDateTime, D::Error> {
        let s = String::deserialize(d)?;
        NaiveDateTime::parse_from_str(s.trim(), FORMAT)
            .or_else(|_| NaiveDateTime::parse_from_str(s.trim(), "%Y-%m-%dT%H:%M:%S"))
            .map_err(|_| de::Error::custom(format!("expected YYYY-MM-DD HH:MM:SS, got \"{s}\"")))
    }
}

/// An integer that may arrive as a JSON number or as a string of digits.
pub mod int_or_string {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        d.deserialize_any(IntVisitor)
    }

    pub fn serialize<S: Serializer>(v: &i64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(*v)
    }
}

/// An integer that the service writes as a string (`"4293640"`); accepts a number too.
pub mod int_as_string {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        d.deserialize_any(IntVisitor)
    }

    pub fn serialize<S: Serializer>(v: &i64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }
}

/// An optional integer: `null`, `""`, a number or a string of digits.
pub mod opt_int {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
        d.deserialize_any(OptIntVisitor)
    }

    pub fn serialize<S: Serializer>(v: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(n) => s.serialize_i64(*n),
            None => s.serialize_none(),
        }
    }
}

/// An optional string that may arrive as a number (codes such as `"0101"` or `101`).
pub mod opt_string {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        let v = Option::<serde_json::Value>::deserialize(d)?;
        Ok(match v {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(s)) => Some(s),
            Some(serde_json::Value::Number(n)) => Some(n.to_string()),
            Some(serde_json::Value::Bool(b)) => Some(b.to_string()),
            Some(other) => {
                return Err(de::Error::custom(format!("expected a string, got {other}")));
            }
        })
    }

    pub fn serialize<S: Serializer>(v: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
        v.serialize(s)
    }
}

/// A string that may arrive as a number; `null` becomes the empty string.
pub mod string_or_number {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        Ok(opt_string::deserialize(d)?.unwrap_or_default())
    }

    pub fn serialize<S: Serializer>(v: &str, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v)
    }
}

/// A yes/no flag: `0`/`1`, `"0"`/`"1"`, `true`/`false`, `"true"`/`"false"`; `null` is false.
pub mod flag {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        let v = Option::<serde_json::Value>::deserialize(d)?;
        parse_flag(v.as_ref()).map_err(de::Error::custom)
    }

    /// Written as the integer 0/1, the form the contract uses for flags.
    pub fn serialize<S: Serializer>(v: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(u8::from(*v))
    }
}

/// The same flag, written as a JSON boolean (current and warehouse interfaces).
pub mod flag_bool {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        flag::deserialize(d)
    }

    pub fn serialize<S: Serializer>(v: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(*v)
    }
}

pub(crate) fn parse_flag(v: Option<&serde_json::Value>) -> Result<bool, String> {
    use serde_json::Value;
    match v {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(Value::Number(n)) => match n.as_i64() {
            Some(0) => Ok(false),
            Some(1) => Ok(true),
            _ => Err(format!("expected 0 or 1, got {n}")),
        },
        Some(Value::String(s)) => match s.trim() {
            "" | "0" | "false" => Ok(false),
            "1" | "true" => Ok(true),
            other => Err(format!("expected 0 or 1, got \"{other}\"")),
        },
        Some(other) => Err(format!("expected 0 or 1, got {other}")),
    }
}

/// Parses an integer from a JSON value that may be a number or a string of digits.
pub fn value_to_i64(v: &serde_json::Value) -> Option<i64> {
    match v {
        serde_json::Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

struct IntVisitor;

impl<'de> Visitor<'de> for IntVisitor {
    type Value = i64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an integer or a string of digits")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<i64, E> {
        Ok(v)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<i64, E> {
        i64::try_from(v).map_err(|_| E::custom("integer out of range"))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<i64, E> {
        if v.fract() == 0.0 && v.abs() < 9.0e15 {
            Ok(v as i64)
        } else {
            Err(E::custom(format!("expected an integer, got {v}")))
        }
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<i64, E> {
        v.trim()
            .parse()
            .map_err(|_| E::custom(format!("expected an integer, got \"{v}\"")))
    }
}

struct OptIntVisitor;

impl<'de> Visitor<'de> for OptIntVisitor {
    type Value = Option<i64>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an integer, a string of digits, an empty string or null")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        IntVisitor.visit_u64(v).map(Some)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        IntVisitor.visit_f64(v).map(Some)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        if v.trim().is_empty() {
            Ok(None)
        } else {
            IntVisitor.visit_str(v).map(Some)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Deserialize, Serialize, Debug)]
    struct Ids {
        #[serde(with = "int_or_string")]
        a: i64,
        #[serde(with = "int_as_string")]
        b: i64,
        #[serde(with = "opt_int", default)]
        c: Option<i64>,
        #[serde(with = "flag", default)]
        d: bool,
        #[serde(with = "opt_string", default)]
        e: Option<String>,
    }

    #[test]
    fn order_id_arrives_as_number_or_string() {
        let x: Ids = serde_json::from_value(json!({"a": 4293640, "b": "4293640"})).unwrap();
        assert_eq!((x.a, x.b), (4293640, 4293640));
        let y: Ids = serde_json::from_value(json!({"a": "4293640", "b": 4293640})).unwrap();
        assert_eq!((y.a, y.b), (4293640, 4293640));
        assert_eq!(serde_json::to_value(&y).unwrap()["b"], json!("4293640"));
    }

    #[test]
    fn nullable_ids_accept_null_empty_and_digits() {
        for (v, want) in [
            (json!(null), None),
            (json!(""), None),
            (json!("17"), Some(17)),
            (json!(17), Some(17)),
        ] {
            let x: Ids = serde_json::from_value(json!({"a": 1, "b": 1, "c": v})).unwrap();
            assert_eq!(x.c, want);
        }
        let missing: Ids = serde_json::from_value(json!({"a": 1, "b": 1})).unwrap();
        assert_eq!(missing.c, None);
    }

    #[test]
    fn flags_accept_every_spelling_and_reject_nonsense() {
        for (v, want) in [
            (json!(1), true),
            (json!("1"), true),
            (json!(true), true),
            (json!(0), false),
            (json!("0"), false),
            (json!(false), false),
            (json!(null), false),
        ] {
            let x: Ids = serde_json::from_value(json!({"a": 1, "b": 1, "d": v})).unwrap();
            assert_eq!(x.d, want);
        }
        assert!(serde_json::from_value::<Ids>(json!({"a": 1, "b": 1, "d": 7})).is_err());
        assert!(serde_json::from_value::<Ids>(json!({"a": "x1", "b": 1})).is_err());
    }

    #[test]
    fn codes_keep_leading_zeros_and_accept_numbers() {
        let x: Ids = serde_json::from_value(json!({"a": 1, "b": 1, "e": "0101"})).unwrap();
        assert_eq!(x.e.as_deref(), Some("0101"));
        let y: Ids = serde_json::from_value(json!({"a": 1, "b": 1, "e": 101})).unwrap();
        assert_eq!(y.e.as_deref(), Some("101"));
    }
}
