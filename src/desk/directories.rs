//! The reference directories the clerk browses and picks from: read from the service, cached in
//! SQLite with their age, served from the cache when the service does not answer. Search keys
//! are computed once per load, never per frame.

use crate::api::codes::Language;
use crate::api::codes::ParcelStatus;
use crate::api::current_client::all_pages;
use crate::api::directory::{Branch, City, Country, IdName, Region, StatusInfo};
use crate::api::legacy::StatusRef;
use crate::api::{ApiError, CurrentClient, LegacyClient};
use crate::store::Store;
use crate::text::translit::{Query, matches, search_key};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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

/// Loaded directories plus their search keys.
pub struct Directories {
    pub data: DirectoryData,
    pub from_cache: bool,
    city_keys: Vec<String>,
    city_name_keys: Vec<String>,
    region_keys: Vec<String>,
    branch_keys: Vec<String>,
}

/// The name of the record with this id in a list (blank when there is none).
fn name_of<T>(list: &[T], id: i64, key: impl Fn(&T) -> (i64, &String)) -> &str {
    list.iter()
        .map(&key)
        .find(|(i, _)| *i == id)
        .map(|(_, n)| n.as_str())
        .unwrap_or("")
}

impl Directories {
    pub fn new(data: DirectoryData, from_cache: bool) -> Directories {
        let region_name = |id: i64| name_of(&data.regions, id, |r| (r.id, &r.name));
        let city_name = |id: i64| name_of(&data.cities, id, |c| (c.id, &c.name));
        let city_keys = data
            .cities
            .iter()
            .map(|c| search_key(&format!("{} {}", c.name, region_name(c.region_id))))
            .collect();
        let city_name_keys = data.cities.iter().map(|c| search_key(&c.name)).collect();
        let region_keys = data.regions.iter().map(|r| search_key(&r.name)).collect();
        let branch_keys = data
            .branches
            .iter()
            .map(|b| {
                search_key(&format!(
                    "{} {} {} {}",
                    b.name,
                    city_name(b.city_id),
                    b.address,
                    b.phone
                ))
            })
            .collect();
        Directories {
            data,
            from_cache,
            city_keys,
            city_name_keys,
            region_keys,
            branch_keys,
        }
    }

    pub fn city(&self, id: i64) -> Option<&City> {
        self.data.cities.iter().find(|c| c.id == id)
    }

    pub fn region(&self, id: i64) -> Option<&Region> {
        self.data.regions.iter().find(|r| r.id == id)
    }

    /// Indices of cities matching a query in any spelling (all when the query is blank): cities
    /// whose own name starts with it first, then those whose name contains it, then those that
    /// match through their region.
    pub fn find_cities(&self, query: &str) -> Vec<usize> {
        let mut hits = filter(&self.city_keys, query);
        let q = search_key(query);
        if !q.is_empty() {
            hits.sort_by_key(|&i| {
                let name = &self.city_name_keys[i];
                if *name == q {
                    0
                } else if name.starts_with(&q) {
                    1
                } else if matches(&q, name) {
                    2
                } else {
                    3
                }
            });
        }
        hits
    }

    pub fn find_regions(&self, query: &str) -> Vec<usize> {
        filter(&self.region_keys, query)
    }

    /// Indices of branches whose name, city, address or phone match.
    pub fn find_branches(&self, query: &str) -> Vec<usize> {
        filter(&self.branch_keys, query)
    }
}

fn filter(keys: &[String], query: &str) -> Vec<usize> {
    let q = search_key(query);
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
    let (countries, statuses) = match current {
        Some(c) => tokio::try_join!(
            all_pages(|p| c.countries(
                Some(p),
                Some(crate::api::current_client::DIRECTORY_PAGE_SIZE)
            )),
            all_pages(|p| c.statuses(Some(p))),
        )?,
        None => (Vec::new(), Vec::new()),
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
    use crate::api::directory::WorkingHours;

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
    fn search_finds_every_spelling() {
        let d = Directories::new(data(), false);
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
        let d = Directories::new(more, false);
        // Exact name, then a name that starts so, then a district matching by its region.
        assert_eq!(d.find_cities("Toshkent"), vec![2, 0, 1]);
        assert_eq!(d.find_branches("Ташкент"), vec![0]);
        assert_eq!(d.find_branches("amir temur"), vec![0]);
        assert!(d.find_branches("Buxoro").is_empty());
    }
}
