//! The city picker offers the right place first. The real service's city table (every city and
//! district, named in Uzbek Cyrillic, Russian and English; the twin serves the Uzbek in Latin) is
//! searched the way a clerk types, in either script and any of the languages, and the place the
//! clerk means must be the first row: Enter takes it.

use parcel_desk::api::codes::Language;
use parcel_desk::api::directory::{City, IdName};
use parcel_desk::desk::reference::directories::{Directories, DirectoryData};
use parcel_desk::text::translit::{cyrillic_to_latin, latin_to_cyrillic};

const CITIES: &str = include_str!("../assets/directory/cities.tsv");
const REGIONS: &str = include_str!("../assets/directory/regions.tsv");

/// The languages the directory comes in: the table's Uzbek (Cyrillic), the twin's Uzbek
/// (Latin), Russian, English.
#[derive(Debug, Clone, Copy)]
enum Names {
    UzbekCyrillic,
    UzbekLatin,
    Russian,
    English,
}

const ALL: [Names; 4] = [
    Names::UzbekCyrillic,
    Names::UzbekLatin,
    Names::Russian,
    Names::English,
];

fn rows(tsv: &str) -> impl Iterator<Item = Vec<&str>> {
    tsv.lines().skip(1).map(|l| l.split('\t').collect())
}

fn directory(names: Names) -> Directories {
    let regions = rows(REGIONS)
        .map(|c| IdName {
            id: c[0].parse().expect("region id"),
            name: match names {
                Names::UzbekCyrillic => latin_to_cyrillic(c[1]),
                Names::UzbekLatin => c[1].to_string(),
                Names::Russian => c[2].to_string(),
                Names::English => c[3].to_string(),
            },
        })
        .collect();
    let cities = rows(CITIES)
        .map(|c| City {
            id: c[0].parse().expect("city id"),
            region_id: c[1].parse().expect("region id"),
            name: match names {
                Names::UzbekCyrillic => c[2].to_string(),
                Names::UzbekLatin => cyrillic_to_latin(c[2]),
                Names::Russian => c[3].to_string(),
                Names::English => c[4].to_string(),
            },
        })
        .collect();
    Directories::new(
        DirectoryData {
            regions,
            cities,
            ..DirectoryData::default()
        },
        false,
        match names {
            Names::Russian => Language::Ru,
            Names::English => Language::En,
            _ => Language::Uz,
        },
    )
}

/// The city's id a query must offer first, whatever language the directory is in.
const FIRST: &[(&str, i64)] = &[
    ("Samarq", 101),
    ("Самарк", 101),
    ("Samarkand", 101),
    ("Самарқанд", 101),
    ("Nukus", 8),
    ("Нукус", 8),
    ("Andijon", 25),
    ("Андижан", 25),
    ("Buxoro", 40),
    ("Бухара", 40),
    ("Bukhara", 40),
    ("Namangan", 90),
    ("Fargʻona", 160),
    ("Farg'ona", 160),
    ("Фергана", 160),
    ("Qarshi", 66),
    ("Карши", 66),
    ("Termiz", 117),
    ("Термез", 117),
    ("Jizzax", 57),
    ("Джизак", 57),
    ("Urganch", 179),
    ("Ургенч", 179),
    ("Navoiy", 80),
    ("Навои", 80),
    ("Guliston", 131),
    ("Гулистан", 131),
    ("Chilonzor", 197),
    ("Чиланзар", 197),
    ("Yunusobod", 199),
    ("Qoʻqon", 163),
    ("Коканд", 163),
    ("Margʻilon", 161),
    ("Chirchiq", 145),
    ("Olmaliq", 144),
    ("Алмалык", 144),
    ("Shahrisabz", 1),
    ("Xiva", 10),
    ("Nurafshon", 7),
    ("Angren", 142),
];

#[test]
fn each_query_offers_the_place_meant_first_in_every_language() {
    let mut wrong = Vec::new();
    for names in ALL {
        let d = directory(names);
        for (query, id) in FIRST {
            let first = d.find_cities(query).first().map(|i| &d.data.cities[*i]);
            if first.map(|c| c.id) != Some(*id) {
                wrong.push(format!(
                    "{names:?}: {query:?} offers {:?} first, not {id}",
                    first.map(|c| (c.id, c.name.clone()))
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Tashkent city is its districts (region 6): asked for Tashkent, in any spelling, the picker
/// lists them first, and the Tashkent district of the region around it after them.
#[test]
fn tashkent_finds_the_city_with_its_districts_under_it() {
    for names in ALL {
        let d = directory(names);
        for query in ["Toshkent", "Ташкент", "Tashkent", "Тошкент", "Toshkent sh"] {
            let hits = d.find_cities(query);
            let regions: Vec<i64> = hits.iter().map(|i| d.data.cities[*i].region_id).collect();
            let city_rows = regions.iter().take_while(|r| **r == 6).count();
            assert_eq!(city_rows, 12, "{names:?} {query:?}: {regions:?}");
            let district = hits.iter().position(|i| d.data.cities[*i].id == 4);
            assert_eq!(
                district,
                Some(12),
                "{names:?} {query:?}: Tashkent district next"
            );
        }
    }
}
