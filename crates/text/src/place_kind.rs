//! What a place's name says it is. The service names a town "г.Самарканд", "Samarqand shahar" or
//! "Samarkand city", and a district "Самаркандский р-н", "Samarqand tumani" or "Samarkand
//! district", in whichever language it was asked (the real one answers in Russian only): the word
//! that says "city" or "district" is read off the name in any of them, and what is left is the
//! place's own name (its stem, as a [`place_key`]), which a search ranks by.

use super::translit::place_key;

/// What a place is, as its name says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PlaceKind {
    /// A city or town (`г.`, `shahar`, `шаҳар`, `city`).
    City,
    /// A district (`р-н`, `tumani`, `туман`, `district`).
    District,
    /// The name does not say.
    Other,
}

/// The words (as search keys) that make a name a city's: Uzbek Latin and Cyrillic, Russian and
/// English, in the spellings the directories use.
const CITY_WORDS: &[&str] = &["g", "gorod", "shahar", "shahri", "shakar", "shakri", "city"];
const DISTRICT_WORDS: &[&str] = &["r n", "rayon", "tuman", "tumani", "district"];

/// The kind a name says and its own name's search key, without the kind's word ("г.Самарканд" →
/// city, "samarkand"; "Chilonzor tumani" → district, "chilanzar").
pub fn split(name: &str) -> (PlaceKind, String) {
    let key = place_key(name);
    // "р-н" becomes the two words "r n": looked for as a pair, at the end.
    for w in DISTRICT_WORDS {
        if let Some(stem) = without_word(&key, &place_key(w)) {
            return (PlaceKind::District, stem);
        }
    }
    for w in CITY_WORDS {
        if let Some(stem) = without_word(&key, &place_key(w)) {
            return (PlaceKind::City, stem);
        }
    }
    (PlaceKind::Other, key)
}

/// `key` without `word` as its first or last word(s); `None` when it is not there or nothing
/// else is.
fn without_word(key: &str, word: &str) -> Option<String> {
    let stem = key
        .strip_suffix(word)
        .and_then(|s| s.strip_suffix(' '))
        .or_else(|| key.strip_prefix(word).and_then(|s| s.strip_prefix(' ')))?;
    let stem = stem.trim();
    (!stem.is_empty()).then(|| stem.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_is_read_in_every_language_the_service_names_places() {
        let cases = [
            ("г.Самарканд", PlaceKind::City, "Samarkand"),
            ("Samarqand shahar", PlaceKind::City, "Samarqand"),
            ("Самарқанд шаҳар", PlaceKind::City, "Samarqand"),
            ("Samarkand city", PlaceKind::City, "Samarkand"),
            ("Самаркандский р-н", PlaceKind::District, "Samarkandskiy"),
            ("Samarqand tumani", PlaceKind::District, "Samarqand"),
            ("Самарқанд туман", PlaceKind::District, "Samarqand"),
            ("Samarkand district", PlaceKind::District, "Samarkand"),
            ("Toshkent shahri", PlaceKind::City, "Toshkent"),
            ("город Ташкент", PlaceKind::City, "Tashkent"),
            ("Tashkent shaxri", PlaceKind::City, "Tashkent"),
            ("Marg'ilon", PlaceKind::Other, "Margilon"),
        ];
        for (name, kind, stem) in cases {
            assert_eq!(split(name), (kind, place_key(stem)), "{name}");
        }
    }

    #[test]
    fn a_name_that_is_only_the_word_is_not_taken_apart() {
        assert_eq!(split("Shahar").0, PlaceKind::Other);
        assert_eq!(
            split("Gʻijduvon").0,
            PlaceKind::Other,
            "g is a city word only alone"
        );
    }
}
