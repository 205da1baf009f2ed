//! The search keys of a long list kept in one buffer: filtering 100,000 orders on a keystroke
//! then reads memory front to back instead of visiting 100,000 separate strings.

#[derive(Debug, Default, Clone)]
pub struct SearchKeys {
    text: String,
    /// Where each key ends in `text` (32 bits: 100,000 keys take half the memory).
    ends: Vec<u32>,
}

impl SearchKeys {
    /// The `i`-th key; empty past the end.
    pub fn get(&self, i: usize) -> &str {
        let start = if i == 0 {
            0
        } else {
            self.ends.get(i - 1).map_or(0, |e| *e as usize)
        };
        let end = self.ends.get(i).map_or(start, |e| *e as usize);
        self.text.get(start..end).unwrap_or("")
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

impl<S: AsRef<str>> FromIterator<S> for SearchKeys {
    fn from_iter<I: IntoIterator<Item = S>>(keys: I) -> SearchKeys {
        let mut all = SearchKeys::default();
        for key in keys {
            let key = key.as_ref();
            // Keys past four gigabytes are left out rather than wrapped onto others' text.
            let Ok(end) = u32::try_from(all.text.len() + key.len()) else {
                all.ends.push(all.ends.last().copied().unwrap_or(0));
                continue;
            };
            all.text.push_str(key);
            all.ends.push(end);
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_comes_back_whole_and_alone() {
        let keys: SearchKeys = ["karimava dilnaza", "", "тошкент 0199"]
            .into_iter()
            .collect();
        assert_eq!(keys.len(), 3);
        assert_eq!(keys.get(0), "karimava dilnaza");
        assert_eq!(keys.get(1), "");
        assert_eq!(keys.get(2), "тошкент 0199");
        assert_eq!(keys.get(3), "");
    }
}
