//! The reference directories the clerk browses and picks from: read from the service, cached in
//! SQLite with their age, served from the cache when the service does not answer. Search keys
//! are computed once per load, never per frame.

use crate::reference::abroad_cities::{self, AbroadCity};
use crate::reference::place_names::{self, PlaceName};
use api::codes::Language;
use api::codes::ParcelStatus;
use api::current_client::{COUNTRIES, DIRECTORY_PAGE_SIZE, STATUSES, all_pages};
use api::directory::{Branch, City, Country, IdName, Region, StatusInfo};
use api::legacy::StatusRef;
use api::{ApiError, CurrentClient, LegacyClient};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use store::Store;
use text::place_kind::{PlaceKind, split};
use text::translit::{Query, place_key};

/// Everything the directory browser shows, as read at `fetched_at` (Unix seconds).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct DirectoryData {
    pub regions: Vec<Region>,
    pub cities: Vec<City>,
    pub branches: Vec<Branch>,
    pub shipment_types: Vec<IdName>,
    pub packaging_types: Vec<IdName>,
    pub yes_no: Vec<IdName>,
    pub legacy_statuses: Vec<StatusRef>,
    /// Needs a current-interface login; empty without one.
    pub countries: Vec<Country>,
    /// Needs a current-interface login; empty without one.
    pub statuses: Vec<StatusInfo>,
    /// Cities abroad learned from international orders (needs a current-interface login).
    #[serde(default)]
    pub abroad_cities: Vec<AbroadCity>,
    pub fetched_at: i64,
}

/// The international parcel statuses have no directory route; the contract lists them.
pub fn parcel_statuses() -> &'static [ParcelStatus] {
    &[
        ParcelStatus::AtSender,
        ParcelStatus::AtCustoms,
        ParcelStatus::OutOfCustoms,
        ParcelStatus::CanceledByCustoms,
        ParcelStatus::SortingCenter,
        ParcelStatus::AtReceiverOffice,
        ParcelStatus::CourierDelivering,
        ParcelStatus::Delivered,
    ]
}

const CACHE_KIND: &str = "directories.v1";

/// Loaded directories plus their search keys and the names they are shown by.
pub struct Directories {
    pub data: DirectoryData,
    pub from_cache: bool,
    /// The language places are shown in.
    language: Language,
    /// Each city's name in the clerk's language, and each region's (by index).
    city_shown: Vec<String>,
    region_shown: Vec<String>,
    /// A city's every name and its region's, as one key.
    city_keys: Vec<String>,
    /// Each city's kind, and its own name (the stem) in each of its names.
    city_names: Vec<(PlaceKind, Vec<String>)>,
    /// For each city, its region's stems when the region is itself a city (Tashkent city is its
    /// districts): a search for the city then finds them.
    city_regions: Vec<Vec<String>>,
    region_keys: Vec<String>,
    branch_keys: Vec<String>,
    /// Each city abroad's name as a search key.
    abroad_keys: Vec<String>,
    /// Cities by every name they are known by (as place keys), where the name is one city's.
    city_by_name: std::collections::HashMap<String, usize>,
}

/// A place's kind (the first of its names that says one) and its stems.
fn kind_and_stems(names: &[String]) -> (PlaceKind, Vec<String>) {
    let split: Vec<(PlaceKind, String)> = names.iter().map(|n| split(n)).collect();
    let kind = split
        .iter()
        .map(|(k, _)| *k)
        .find(|k| *k != PlaceKind::Other)
        .unwrap_or(PlaceKind::Other);
    (kind, split.into_iter().map(|(_, s)| s).collect())
}

impl Directories {
    pub fn new(data: DirectoryData, from_cache: bool, language: Language) -> Directories {
        let cities: Vec<PlaceName> = data
            .cities
            .iter()
            .map(|c| place_names::city(c, language))
            .collect();
        let regions: Vec<PlaceName> = data
            .regions
            .iter()
            .map(|r| place_names::region(r, language))
            .collect();
        let region_of = |id: i64| {
            data.regions
                .iter()
                .position(|r| r.id == id)
                .map(|i| &regions[i])
        };
        let city_keys = data
            .cities
            .iter()
            .zip(&cities)
            .map(|(c, named)| {
                let region = region_of(c.region_id).map(|r| r.names.join(" "));
                place_key(&format!(
                    "{} {}",
                    named.names.join(" "),
                    region.unwrap_or_default()
                ))
            })
            .collect();
        let city_names = cities.iter().map(|c| kind_and_stems(&c.names)).collect();
        let city_regions = data
            .cities
            .iter()
            .map(
                |c| match region_of(c.region_id).map(|r| kind_and_stems(&r.names)) {
                    Some((PlaceKind::City, stems)) => stems,
                    _ => Vec::new(),
                },
            )
            .collect();
        let region_keys = regions
            .iter()
            .map(|r| place_key(&r.names.join(" ")))
            .collect();
        // A name two cities share (two districts of one name in different regions) names
        // neither.
        let city_by_name = place_names::by_unique_name(
            cities.iter().enumerate().map(|(i, c)| (c.names.clone(), i)),
        );
        let city_shown: Vec<String> = cities.into_iter().map(|c| c.shown).collect();
        let city_name = |id: i64| {
            data.cities
                .iter()
                .position(|c| c.id == id)
                .map_or("", |i| city_shown[i].as_str())
        };
        let branch_keys = data
            .branches
            .iter()
            .map(|b| {
                place_key(&format!(
                    "{} {} {} {}",
                    b.name,
                    city_name(b.city_id),
                    b.address,
                    b.phone
                ))
            })
            .collect();
        let abroad_keys = data
            .abroad_cities
            .iter()
            .map(|c| place_key(&format!("{} {}", c.name, c.aliases.join(" "))))
            .collect();
        Directories {
            data,
            from_cache,
            language,
            city_shown,
            region_shown: regions.into_iter().map(|r| r.shown).collect(),
            city_keys,
            city_names,
            city_regions,
            region_keys,
            branch_keys,
            abroad_keys,
            city_by_name,
        }
    }

    /// The cities abroad known in a country (indexes into `data.abroad_cities`, by name).
    pub fn abroad_in(&self, country: i64) -> Vec<usize> {
        (0..self.data.abroad_cities.len())
            .filter(|&i| self.data.abroad_cities[i].country == country)
            .collect()
    }

    /// The cities abroad of a country whose name the query points at, typed in Latin or
    /// Cyrillic; names that start with it first.
    pub fn find_abroad(&self, country: i64, query: &str) -> Vec<usize> {
        let q = place_key(query);
        let in_country = self.abroad_in(country);
        if q.is_empty() {
            return in_country;
        }
        let query = Query::new(&q);
        let (mut first, rest): (Vec<usize>, Vec<usize>) = in_country
            .into_iter()
            .filter(|&i| query.matches(&self.abroad_keys[i]))
            .partition(|&i| self.abroad_keys[i].starts_with(&q));
        first.extend(rest);
        first
    }

    /// A city abroad's name, when known.
    pub fn abroad_name(&self, country: i64, id: i64) -> Option<&str> {
        self.data
            .abroad_cities
            .iter()
            .find(|c| c.country == country && c.id == id)
            .map(|c| c.name.as_str())
    }

    /// The index of the one city that goes by this name in any of its spellings, if one does.
    pub fn city_index_named(&self, name: &str) -> Option<usize> {
        self.city_by_name.get(&place_key(name)).copied()
    }

    /// A city named as a record names it (in whatever language it was read), named in the
    /// clerk's language; `None` when no city, or more than one, goes by that name.
    pub fn city_named(&self, name: &str) -> Option<&str> {
        let i = *self.city_by_name.get(&place_key(name))?;
        Some(&self.city_shown[i])
    }

    /// Its cities' and regions' names, every one to the name shown now (for labels drawn off
    /// the UI thread).
    pub fn renamer(&self) -> place_names::Renamer {
        let cities = self
            .data
            .cities
            .iter()
            .map(|c| place_names::city(c, self.language));
        let regions = self
            .data
            .regions
            .iter()
            .map(|r| place_names::region(r, self.language));
        place_names::Renamer::new(cities.chain(regions))
    }

    /// The language its places are shown in.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The name of the city with this id in the clerk's language.
    pub fn city_name(&self, id: i64) -> Option<&str> {
        let i = self.data.cities.iter().position(|c| c.id == id)?;
        Some(&self.city_shown[i])
    }

    /// The name of the city at this index of the list, in the clerk's language.
    pub fn city_name_at(&self, index: usize) -> &str {
        self.city_shown.get(index).map_or("", String::as_str)
    }

    /// The name of the region with this id in the clerk's language.
    pub fn region_name(&self, id: i64) -> Option<&str> {
        let i = self.data.regions.iter().position(|r| r.id == id)?;
        Some(&self.region_shown[i])
    }

    pub fn city(&self, id: i64) -> Option<&City> {
        self.data.cities.iter().find(|c| c.id == id)
    }

    pub fn region(&self, id: i64) -> Option<&Region> {
        self.data.regions.iter().find(|r| r.id == id)
    }

    /// Indices of cities matching a query in any spelling (all when the query is blank), the
    /// right place first: a place whose own name is the query, then one whose name starts with
    /// it, then one with a word that does, then one whose name holds it, then those found
    /// through their region; within each, cities and towns before districts. The districts of a
    /// region that is a city (Tashkent) count as that city: "Toshkent" lists them first.
    pub fn find_cities(&self, query: &str) -> Vec<usize> {
        let mut hits = filter(&self.city_keys, query);
        let q = place_key(query);
        if !q.is_empty() {
            let first = q.split(' ').next().unwrap_or(&q);
            let tier = |stem: &str| name_tier(stem, &q).or_else(|| name_tier(stem, first));
            // (how well, what it is, found through its region): a place of its own name before
            // a city's district of the same standing.
            let best = |stems: &[String]| stems.iter().filter_map(|s| tier(s)).min();
            hits.sort_by_key(|&i| {
                let (kind, stems) = &self.city_names[i];
                let what = match kind {
                    PlaceKind::City => 0,
                    PlaceKind::Other => 1,
                    PlaceKind::District => 2,
                };
                let own = best(stems).map(|t| (t, what, 0));
                let as_city = best(&self.city_regions[i]).map(|t| (t, 1, 1));
                own.into_iter().chain(as_city).min().unwrap_or((9, 2, 1))
            });
        }
        hits
    }

    /// What a city's name says it is.
    pub fn city_kind(&self, index: usize) -> PlaceKind {
        self.city_names
            .get(index)
            .map_or(PlaceKind::Other, |(kind, _)| *kind)
    }

    pub fn find_regions(&self, query: &str) -> Vec<usize> {
        filter(&self.region_keys, query)
    }

    /// Indices of branches whose name, city, address or phone match.
    pub fn find_branches(&self, query: &str) -> Vec<usize> {
        filter(&self.branch_keys, query)
    }
}

/// How well a place's own name (its search key) answers a query: 0 it is the query, 1 it starts
/// with it, 2 one of its words does, 3 it holds it somewhere; `None` not at all.
fn name_tier(stem: &str, q: &str) -> Option<u8> {
    if stem == q {
        Some(0)
    } else if stem.starts_with(q) {
        Some(1)
    } else if stem.split(' ').any(|w| w.starts_with(q)) {
        Some(2)
    } else if stem.contains(q) {
        Some(3)
    } else {
        None
    }
}

fn filter(keys: &[String], query: &str) -> Vec<usize> {
    let q = place_key(query);
    if q.is_empty() {
        return (0..keys.len()).collect();
    }
    let query = Query::new(&q);
    keys.iter()
        .enumerate()
        .filter(|(_, k)| query.matches(k))
        .map(|(i, _)| i)
        .collect()
}

/// Reads every directory from the service. Lists of the current interface are read only when
/// that session exists.
pub async fn fetch(
    legacy: &LegacyClient,
    current: Option<&CurrentClient>,
) -> Result<DirectoryData, ApiError> {
    let (regions, cities, branches, shipment_types, packaging_types, yes_no, legacy_statuses) = tokio::try_join!(
        legacy.regions(),
        legacy.cities(None),
        legacy.branches_with_city(None),
        legacy.shipment_types(),
        legacy.packaging_types(),
        legacy.yes_no(),
        legacy.statuses(),
    )?;
    let (countries, statuses, abroad) = match current {
        Some(c) => {
            let (countries, statuses, abroad) = tokio::join!(
                all_pages(|p| c.list(&COUNTRIES, Some(p), Some(DIRECTORY_PAGE_SIZE))),
                all_pages(|p| c.list(&STATUSES, Some(p), None)),
                abroad_cities::read(c),
            );
            // The cities abroad are learned, not a directory: a company that may not read
            // its international orders still gets every directory (and learns none).
            let abroad = abroad.unwrap_or_else(|e| {
                tracing::warn!("cities abroad not learned: {e}");
                Vec::new()
            });
            (countries?, statuses?, abroad)
        }
        None => (Vec::new(), Vec::new(), Vec::new()),
    };
    Ok(DirectoryData {
        regions,
        cities,
        branches,
        shipment_types,
        packaging_types,
        yes_no,
        legacy_statuses,
        countries,
        statuses,
        abroad_cities: abroad,
        fetched_at: chrono::Utc::now().timestamp(),
    })
}

/// The cache holds one read per language: the service names things in the language asked.
fn cache_kind(language: Language) -> String {
    format!("{CACHE_KIND}:{}", language.as_str())
}

/// Stores a fresh read, made in `language`, in the cache (blocking).
pub fn save(store: &Store, data: &DirectoryData, language: Language) -> Result<(), String> {
    let json = serde_json::to_string(data).map_err(|e| e.to_string())?;
    store
        .put_directory(&cache_kind(language), &json, data.fetched_at)
        .map_err(|e| e.to_string())
}

/// The cached read in `language`, if any (blocking).
pub fn load(store: &Arc<Store>, language: Language) -> Result<Option<DirectoryData>, String> {
    match store
        .directory(&cache_kind(language))
        .map_err(|e| e.to_string())?
    {
        None => Ok(None),
        Some((json, _)) => serde_json::from_str(&json)
            .map(Some)
            .map_err(|e| e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::directory::WorkingHours;

    fn data() -> DirectoryData {
        DirectoryData {
            regions: vec![
                IdName {
                    id: 6,
                    name: "Toshkent shahri".into(),
                },
                IdName {
                    id: 8,
                    name: "Samarqand viloyati".into(),
                },
            ],
            cities: vec![
                City {
                    id: 101,
                    region_id: 6,
                    name: "Toshkent".into(),
                },
                City {
                    id: 45,
                    region_id: 8,
                    name: "Samarqand".into(),
                },
            ],
            branches: vec![Branch {
                id: 1,
                name: "Toshkent 1-filial".into(),
                region_id: 6,
                city_id: 101,
                address: "Amir Temur koʻchasi 1".into(),
                lat_long: "41.3,69.2".into(),
                phone: "+998 71 2000001".into(),
                video_link: String::new(),
                working_hours: WorkingHours::default(),
            }],
            ..DirectoryData::default()
        }
    }

    #[test]
    fn a_city_abroad_is_found_in_its_country_by_its_name_in_either_script() {
        let city = |country, id, name: &str| AbroadCity {
            country,
            id,
            name: name.into(),
            aliases: Vec::new(),
        };
        let d = Directories::new(
            DirectoryData {
                abroad_cities: vec![
                    city(1, 10101, "Moskva"),
                    city(1, 10105, "Qozon"),
                    city(2, 10201, "Almati"),
                    city(11, 11101, "Nyu-York"),
                ],
                ..data()
            },
            false,
            Language::Uz,
        );
        assert_eq!(d.find_abroad(1, "Москва"), vec![0]);
        assert_eq!(d.find_abroad(1, "mosk"), vec![0]);
        assert_eq!(d.find_abroad(1, ""), vec![0, 1]);
        // Almaty is Kazakhstan's: not offered for Russia.
        assert!(d.find_abroad(1, "Almati").is_empty());
        assert_eq!(d.find_abroad(11, "нью"), vec![3]);
        // Read in English too: its English name finds it, and the one shown stays.
        let mut english = d.data.clone();
        english.abroad_cities[0].aliases = vec!["Moscow".into()];
        let d = Directories::new(english, false, Language::Uz);
        assert_eq!(d.find_abroad(1, "mosc"), vec![0]);
        assert_eq!(d.abroad_name(1, 10101), Some("Moskva"));
        assert_eq!(d.abroad_name(1, 10101), Some("Moskva"));
        assert_eq!(d.abroad_name(2, 10101), None);
    }

    #[test]
    fn search_finds_every_spelling() {
        let d = Directories::new(data(), false, Language::Uz);
        assert_eq!(d.find_cities("Ташкент"), vec![0]);
        assert_eq!(d.find_cities("tashkent"), vec![0]);
        assert_eq!(d.find_cities("Самарканд"), vec![1]);
        assert_eq!(d.find_cities(""), vec![0, 1]);
        // A city named after the query comes before districts of a region of that name.
        let mut more = data();
        more.cities.insert(
            0,
            City {
                id: 1,
                region_id: 6,
                name: "Bektemir".into(),
            },
        );
        more.cities.insert(
            0,
            City {
                id: 2,
                region_id: 5,
                name: "Toshkent tumani".into(),
            },
        );
        let d = Directories::new(more, false, Language::Uz);
        // A place of the very name, then the districts of the city of that name, then a district
        // of the name.
        assert_eq!(d.find_cities("Toshkent"), vec![2, 1, 0]);
        assert_eq!(d.find_branches("Ташкент"), vec![0]);
        assert_eq!(d.find_branches("amir temur"), vec![0]);
        assert!(d.find_branches("Buxoro").is_empty());
    }
}
