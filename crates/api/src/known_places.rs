//! The real service's city and region tables as public integrations of it record them
//! (`assets/directory/`): every city and district with its region, named in Uzbek (mostly in
//! Cyrillic script), Russian and English. The real service answers its directory in Russian
//! only; with these the desk can name a place in the clerk's language and find it by any of its
//! names, once the service's own record agrees (same id, same region, one of the same names). The
//! twin's seed is made of the same tables.

use std::sync::LazyLock;

/// A city, district or region of the tables, its names as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownPlace {
    pub id: i64,
    /// A city's region; `None` for a region.
    pub region_id: Option<i64>,
    /// Uzbek as recorded: Cyrillic for cities (a few in Latin), Latin for regions.
    pub uz: &'static str,
    pub ru: &'static str,
    pub en: &'static str,
}

const CITIES_TSV: &str = include_str!("../../../assets/directory/cities.tsv");
const REGIONS_TSV: &str = include_str!("../../../assets/directory/regions.tsv");

/// The rows of a table: its columns, trimmed, header left out; rows whose ids do not read are
/// left out too (the file is ours and has none).
fn rows(tsv: &'static str, city: bool) -> Vec<KnownPlace> {
    let mut out: Vec<KnownPlace> = tsv
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&'static str> = line.split('\t').map(str::trim).collect();
            let (id, region_id, names) = if city {
                let [id, region, uz, ru, en] = cols[..] else {
                    return None;
                };
                (id, Some(region.parse().ok()?), [uz, ru, en])
            } else {
                let [id, uz, ru, en] = cols[..] else {
                    return None;
                };
                (id, None, [uz, ru, en])
            };
            let [uz, ru, en] = names;
            Some(KnownPlace {
                id: id.parse().ok()?,
                region_id,
                uz,
                ru,
                en,
            })
        })
        .collect();
    out.sort_by_key(|p| p.id);
    out
}

static CITIES: LazyLock<Vec<KnownPlace>> = LazyLock::new(|| rows(CITIES_TSV, true));
static REGIONS: LazyLock<Vec<KnownPlace>> = LazyLock::new(|| rows(REGIONS_TSV, false));

/// Every city and district, by id.
pub fn cities() -> &'static [KnownPlace] {
    &CITIES
}

/// Every region, by id.
pub fn regions() -> &'static [KnownPlace] {
    &REGIONS
}

fn by_id(list: &'static [KnownPlace], id: i64) -> Option<&'static KnownPlace> {
    list.binary_search_by_key(&id, |p| p.id)
        .ok()
        .map(|i| &list[i])
}

/// The city or district with this id in the tables.
pub fn city(id: i64) -> Option<&'static KnownPlace> {
    by_id(cities(), id)
}

/// The region with this id in the tables.
pub fn region(id: i64) -> Option<&'static KnownPlace> {
    by_id(regions(), id)
}

impl KnownPlace {
    /// Its three names, Uzbek first.
    pub fn names(&self) -> [&'static str; 3] {
        [self.uz, self.ru, self.en]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_read_whole() {
        assert_eq!(cities().len(), 205);
        assert_eq!(regions().len(), 14);
        let samarkand = city(101).expect("Samarkand");
        assert_eq!(samarkand.region_id, Some(8));
        assert_eq!(samarkand.ru, "г.Самарканд");
        assert_eq!(region(6).map(|r| r.en), Some("Tashkent city"));
        assert!(city(153).is_none(), "an id the service does not use");
    }
}
