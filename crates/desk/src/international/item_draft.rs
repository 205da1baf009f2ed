//! One item line of the order form (`postTypes[]`: what is inside the parcel, line by line), as
//! the clerk types it, and its check before it goes on the wire.

use crate::problem::Problem;
use api::legacy::ItemLine;
use api::quantity::Sum;
use serde::{Deserialize, Serialize};

/// The service keeps at most this many characters of an item's name.
pub const ITEM_NAME_MAX: usize = ItemLine::NAME_MAX;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ItemDraft {
    pub name: String,
    pub code: String,
    pub count: String,
    pub cost: String,
}

impl ItemDraft {
    pub fn is_blank(&self) -> bool {
        [&self.name, &self.code, &self.count, &self.cost]
            .iter()
            .all(|v| v.trim().is_empty())
    }

    /// The wire line, or the first thing wrong with it. A blank line is not an error: it is
    /// left out.
    pub fn parsed(&self) -> Result<Option<ItemLine>, Problem> {
        if self.is_blank() {
            return Ok(None);
        }
        let name = self.name.trim();
        if name.is_empty() {
            return Err(Problem::Required);
        }
        if name.chars().count() > ITEM_NAME_MAX {
            return Err(Problem::TooLong(ITEM_NAME_MAX));
        }
        let count = match self.count.trim() {
            "" => 1,
            c => c
                .parse::<i64>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or(Problem::Number)?,
        };
        let cost = match self.cost.trim() {
            "" => Sum::ZERO,
            c => Sum::parse(c).filter(|s| s.0 >= 0).ok_or(Problem::Number)?,
        };
        Ok(Some(ItemLine {
            name: name.to_string(),
            code: self.code.trim().to_string(),
            count,
            cost,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(name: &str, count: &str, cost: &str) -> ItemDraft {
        ItemDraft {
            name: name.into(),
            code: "A-1".into(),
            count: count.into(),
            cost: cost.into(),
        }
    }

    #[test]
    fn lines_are_read_or_named_wrong() {
        let ok = line("Kitoblar", "3", "45 000").parsed().unwrap().unwrap();
        assert_eq!((ok.count, ok.cost), (3, Sum(45_000)));
        assert_eq!(line("Qoʻlqop", "", "").parsed().unwrap().unwrap().count, 1);
        assert_eq!(ItemDraft::default().parsed(), Ok(None));
        assert_eq!(
            line(&"ў".repeat(21), "1", "1").parsed(),
            Err(Problem::TooLong(20))
        );
        assert!(line(&"ў".repeat(20), "1", "1").parsed().is_ok());
        assert_eq!(line("", "1", "1").parsed(), Err(Problem::Required));
        assert_eq!(line("Choy", "0", "1").parsed(), Err(Problem::Number));
        assert_eq!(line("Choy", "1", "-5").parsed(), Err(Problem::Number));
    }
}
