//! Values a form accepts but a counter rarely sees: a 900 kg parcel, cash on delivery of a
//! hundred million, a receiver's name longer than a label shows. Each is usually a slip of the
//! keyboard, sometimes real; the clerk is asked once before sending, never blocked. The limits
//! are the shop's to set (settings), with defaults that fit a counter.

use crate::domestic::order_draft::{OrderDraft, field};
use api::quantity::Sum;
use serde::{Deserialize, Serialize};

/// Above these, the form asks before sending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Limits {
    /// Heaviest parcel a counter normally takes, whole kilograms.
    pub max_weight_kg: u32,
    /// Largest cash on delivery before asking, whole sum.
    pub max_cod: i64,
    /// Longest name or address the labels show in full, characters.
    pub max_name_chars: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_weight_kg: 50,
            max_cod: 20_000_000,
            max_name_chars: 60,
        }
    }
}

/// One value worth a second look; `field` is the form field it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub enum Doubt {
    Weight {
        kg: f64,
        max_kg: u32,
    },
    Cod {
        total: Sum,
        max: Sum,
    },
    Long {
        field: &'static str,
        chars: usize,
        max: u32,
    },
}

impl Doubt {
    pub fn field(&self) -> &'static str {
        match self {
            Doubt::Weight { .. } => field::WEIGHT,
            Doubt::Cod { .. } => field::GOODS,
            Doubt::Long { field, .. } => field,
        }
    }
}

/// What in this form is past the limits (empty: send without asking).
pub fn doubts(draft: &OrderDraft, limits: &Limits) -> Vec<Doubt> {
    let mut out = Vec::new();
    if let Some(w) = draft.weight()
        && w.grams() > u64::from(limits.max_weight_kg) * 1000
    {
        out.push(Doubt::Weight {
            kg: w.kg(),
            max_kg: limits.max_weight_kg,
        });
    }
    if draft.cod
        && let Some(total) = draft.cod_total()
        && total.0 > limits.max_cod
    {
        out.push(Doubt::Cod {
            total,
            max: Sum(limits.max_cod),
        });
    }
    for (name, text) in [
        (field::SENDER_NAME, &draft.sender.name),
        (field::RECEIVER_NAME, &draft.receiver.name),
        (field::SENDER_ADDRESS, &draft.sender.address),
        (field::RECEIVER_ADDRESS, &draft.receiver.address),
    ] {
        let chars = text.trim().chars().count();
        if chars > limits.max_name_chars as usize {
            out.push(Doubt::Long {
                field: name,
                chars,
                max: limits.max_name_chars,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domestic::order_draft::GoodLine;

    fn draft() -> OrderDraft {
        let mut d = OrderDraft {
            weight: "2.5".into(),
            ..OrderDraft::new()
        };
        d.receiver.name = "Aziz Karimov".into();
        d
    }

    #[test]
    fn an_ordinary_order_raises_no_doubt() {
        assert!(doubts(&draft(), &Limits::default()).is_empty());
    }

    #[test]
    fn each_limit_is_a_doubt_of_its_own_field() {
        let mut d = draft();
        d.weight = "99999".into();
        d.receiver.name = "A".repeat(200);
        d.cod = true;
        d.goods = vec![GoodLine {
            good_id: Some(1),
            amount: "3".into(),
            price: "10000000".into(),
        }];
        let found = doubts(&d, &Limits::default());
        let fields: Vec<_> = found.iter().map(Doubt::field).collect();
        assert_eq!(
            fields,
            [field::WEIGHT, field::GOODS, field::RECEIVER_NAME],
            "{found:?}"
        );
        assert_eq!(
            found[0],
            Doubt::Weight {
                kg: 99999.0,
                max_kg: 50
            }
        );
    }

    #[test]
    fn the_limits_are_the_shops() {
        let mut d = draft();
        d.weight = "70".into();
        assert_eq!(doubts(&d, &Limits::default()).len(), 1);
        let roomy = Limits {
            max_weight_kg: 100,
            ..Limits::default()
        };
        assert!(doubts(&d, &roomy).is_empty());
        // Exactly at the limit is fine.
        d.weight = "100".into();
        assert!(doubts(&d, &roomy).is_empty());
    }

    #[test]
    fn limits_missing_from_an_older_settings_file_take_the_defaults() {
        let l: Limits = toml::from_str("max_cod = 5000000").unwrap();
        assert_eq!(l.max_cod, 5_000_000);
        assert_eq!(l.max_weight_kg, Limits::default().max_weight_kg);
    }
}
