//! A place of the service's directory, named in the clerk's language and known by all its names.
//!
//! The service names places in the language it was asked, and the real one in Russian only. When
//! the service's record of a city or region agrees with the real tables the desk carries (same
//! id, same region, one of the same names: see [`known_places`]), the place is shown by its name in
//! the clerk's language and found by any of its names; otherwise it is shown and found as the
//! service named it. Nothing is ever named on the strength of an id alone.

use api::codes::Language;
use api::directory::{City, Region};
use api::known_places::{self, KnownPlace};
use std::collections::HashMap;
use text::translit::{cyrillic_to_latin, place_key};

/// A place's name to show, and every name it may be typed as.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceName {
    pub shown: String,
    /// The service's name first, then the tables' names (when they agree).
    pub names: Vec<String>,
}

/// Whether the tables' record is the same place as the service's: same region (for a city) and
/// one of the same names, in whatever spelling.
fn agrees(known: &KnownPlace, region_id: Option<i64>, name: &str) -> bool {
    let key = place_key(name);
    known.region_id == region_id && known.names().iter().any(|n| place_key(n) == key)
}

/// A known name as the clerk reads it in `language`: Uzbek in Latin script, with the tables'
/// plain apostrophe written as the Uzbek letter's (oʻ, gʻ).
fn in_language(known: &KnownPlace, language: Language) -> String {
    match language {
        Language::Uz => cyrillic_to_latin(known.uz).replace('\'', "ʻ"),
        Language::Ru => known.ru.to_string(),
        // One English name is recorded in Cyrillic: read in Latin.
        Language::En => cyrillic_to_latin(known.en),
    }
}

fn named(
    known: Option<&'static KnownPlace>,
    region_id: Option<i64>,
    name: &str,
    language: Language,
) -> PlaceName {
    let mut names = vec![name.to_string()];
    match known.filter(|k| agrees(k, region_id, name)) {
        Some(k) => {
            names.extend(k.names().iter().map(|n| n.to_string()));
            // The service's own name where it is already in the clerk's language (its spelling
            // is the one its documents use); the tables' where it is not.
            let ours = in_language(k, language);
            let shown = if place_key(&ours) == place_key(name) {
                name.to_string()
            } else {
                ours
            };
            PlaceName { shown, names }
        }
        None => PlaceName {
            shown: name.to_string(),
            names,
        },
    }
}

/// A city or district of the service's directory.
pub(crate) fn city(c: &City, language: Language) -> PlaceName {
    named(
        known_places::city(c.id),
        Some(c.region_id),
        &c.name,
        language,
    )
}

/// A region of the service's directory.
pub(crate) fn region(r: &Region, language: Language) -> PlaceName {
    named(known_places::region(r.id), None, &r.name, language)
}

/// Places named as records name them (in whatever language they were read) to their names in the
/// clerk's language: a snapshot of the directories, for work off the UI thread (labels).
#[derive(Debug, Clone, Default)]
pub struct Renamer {
    places: std::collections::HashMap<String, String>,
}

impl Renamer {
    /// Every name of every city and region, to its name shown now; a name two places share is
    /// left out (it names neither).
    pub fn new(named: impl IntoIterator<Item = PlaceName>) -> Renamer {
        let places = by_unique_name(named.into_iter().map(|p| (p.names, p.shown)));
        Renamer { places }
    }

    /// The place a record names, in the clerk's language, when the directories know it.
    pub fn place(&self, name: &str) -> Option<&str> {
        self.places.get(&place_key(name)).map(String::as_str)
    }
}

/// Each place's names as search keys, to what the place stands for; a key two places with
/// different values share names neither, and is left out.
pub(crate) fn by_unique_name<T: Clone + PartialEq>(
    places: impl IntoIterator<Item = (Vec<String>, T)>,
) -> HashMap<String, T> {
    let mut seen: HashMap<String, Option<T>> = HashMap::new();
    for (names, value) in places {
        let mut keys: Vec<String> = names.iter().map(|n| place_key(n)).collect();
        keys.sort();
        keys.dedup();
        for key in keys {
            seen.entry(key)
                .and_modify(|other| {
                    if other.as_ref() != Some(&value) {
                        *other = None;
                    }
                })
                .or_insert_with(|| Some(value.clone()));
        }
    }
    seen.into_iter()
        .filter_map(|(k, v)| Some((k, v?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samarkand(name: &str, region_id: i64) -> City {
        City {
            id: 101,
            region_id,
            name: name.into(),
        }
    }

    #[test]
    fn a_city_the_tables_agree_on_is_named_in_the_clerks_language() {
        // The real service answers in Russian whatever it is asked.
        let ru = samarkand("г.Самарканд", 8);
        assert_eq!(city(&ru, Language::Uz).shown, "Samarqand shahar");
        assert_eq!(city(&ru, Language::En).shown, "Samarkand city");
        assert_eq!(city(&ru, Language::Ru).shown, "г.Самарканд");
        // The service's own spelling when it answered in the clerk's language.
        let uz = samarkand("Samarqand Shahar", 8);
        assert_eq!(city(&uz, Language::Uz).shown, "Samarqand Shahar");
        // Found by all its names.
        assert!(
            city(&ru, Language::Ru)
                .names
                .iter()
                .any(|n| n == "Samarkand city")
        );
        let fergana = Region {
            id: 15,
            name: "Ферганская область".into(),
        };
        assert_eq!(region(&fergana, Language::Uz).shown, "Fargʻona viloyati");
    }

    #[test]
    fn a_label_names_the_places_of_a_record_read_in_another_language() {
        // The directory read in Russian; the order's record read in Uzbek the day it was made.
        let samarkand = samarkand("г.Самарканд", 8);
        let region = Region {
            id: 8,
            name: "Самаркандская область".into(),
        };
        let renamer = Renamer::new([
            city(&samarkand, Language::Ru),
            super::region(&region, Language::Ru),
        ]);
        assert_eq!(renamer.place("Samarqand shahar"), Some("г.Самарканд"));
        assert_eq!(
            renamer.place("Samarqand viloyati"),
            Some("Самаркандская область")
        );
        assert_eq!(
            renamer.place("Buxoro shahar"),
            None,
            "unknown: left as it is"
        );
    }

    #[test]
    fn a_city_the_tables_do_not_agree_on_is_shown_as_the_service_names_it() {
        // Another service's city 101, or another region: nothing is taken from the tables.
        for c in [samarkand("Buxoro shahar", 8), samarkand("г.Самарканд", 7)] {
            let named = city(&c, Language::En);
            assert_eq!(named.shown, c.name);
            assert_eq!(named.names, vec![c.name.clone()]);
        }
    }
}
