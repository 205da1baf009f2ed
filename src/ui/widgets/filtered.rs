//! The rows of a long list that the clerk's filter lets through, worked out again only when the
//! filter changes (never each frame), from search keys made once when the rows arrive: a list of
//! 10,000 parcels or suppliers then costs a frame what its visible rows cost.

use text::search_keys::SearchKeys;
use text::translit::{Query, search_key};

#[derive(Default)]
pub struct Filtered {
    keys: SearchKeys,
    /// Rows a list never shows whatever the filter (by index).
    hidden: Vec<bool>,
    shown: Vec<usize>,
    shown_for: Option<String>,
}

impl Filtered {
    /// For rows with these texts to search (each row's words in one string); `shows(i)` says
    /// whether row `i` belongs in the list at all.
    pub fn new<S: AsRef<str>>(
        texts: impl IntoIterator<Item = S>,
        shows: impl Fn(usize) -> bool,
    ) -> Filtered {
        let keys: SearchKeys = texts.into_iter().map(|t| search_key(t.as_ref())).collect();
        let hidden = (0..keys.len()).map(|i| !shows(i)).collect();
        Filtered {
            keys,
            hidden,
            shown: Vec::new(),
            shown_for: None,
        }
    }

    /// The rows shown for this filter, in their order.
    pub fn shown(&mut self, filter: &str) -> &[usize] {
        if self.shown_for.as_deref() != Some(filter) {
            let q = search_key(filter);
            let query = Query::new(&q);
            self.shown = (0..self.keys.len())
                .filter(|&i| !self.hidden[i] && (q.is_empty() || query.matches(self.keys.get(i))))
                .collect();
            self.shown_for = Some(filter.to_string());
        }
        &self.shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_is_read_in_either_script_and_hidden_rows_stay_hidden() {
        let mut f = Filtered::new(
            ["Karimova Dilnoza 0199", "Алиев Али", "Karimov Aziz"],
            |i| i != 2,
        );
        assert_eq!(f.shown(""), [0, 1]);
        assert_eq!(f.shown("karim"), [0]);
        assert_eq!(f.shown("aliev"), [1], "Cyrillic found by its Latin reading");
        assert_eq!(f.shown("wq"), [] as [usize; 0]);
        assert_eq!(f.shown(""), [0, 1]);
    }
}
