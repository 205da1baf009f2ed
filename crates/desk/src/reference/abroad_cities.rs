//! Cities abroad, as the clerk picks the receiver's city of an international price by its name.
//! The service gives no directory of them: every international order names its receiver's
//! country and city (`{id, name}`), so the desk learns them from the orders read (a year's at
//! each directory read, and every list the clerk reads), keeps them with the directories (cached
//! per language) and never forgets one an older read taught it.

use api::international::{IntlListQuery, IntlOrder};
use api::{ApiError, CurrentClient};
use serde::{Deserialize, Serialize};

/// A city abroad: which country it is in, the service's id of it and its name.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct AbroadCity {
    pub country: i64,
    pub id: i64,
    pub name: String,
    /// Its names in the other languages, as lists read in them named it (found by these too).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
}

/// Gives each city of `known` its names in `others` (the same cities as read in other
/// languages) as aliases, so a name typed in any of them finds it.
pub fn name_in_others<'a>(
    known: &mut [AbroadCity],
    others: impl IntoIterator<Item = &'a AbroadCity>,
) {
    for other in others {
        if let Some(k) = known
            .iter_mut()
            .find(|k| k.country == other.country && k.id == other.id)
            && k.name != other.name
            && !k.aliases.contains(&other.name)
        {
            k.aliases.push(other.name.clone());
        }
    }
}

/// How far back a directory read looks for cities, and how many pages of orders it reads at
/// most (a busy shop's year is not read whole at every login: what the lists read teaches the
/// rest).
const LOOK_BACK_DAYS: i64 = 365;
const PAGES: u32 = 5;
const PER_PAGE: u32 = 100;

/// Learns the cities `orders` name into `known` (a name read later replaces the one before);
/// whether anything was new or renamed. The list stays sorted by country, then name.
pub fn learn(known: &mut Vec<AbroadCity>, orders: &[IntlOrder]) -> bool {
    let cities = orders.iter().map(|o| AbroadCity {
        country: o.receiver.country.id,
        id: o.receiver.city.id,
        name: o.receiver.city.name.trim().to_string(),
        aliases: Vec::new(),
    });
    merge(known, cities)
}

/// Adds `cities` to `known` (theirs win where both name one city); whether anything changed.
pub fn merge(known: &mut Vec<AbroadCity>, cities: impl IntoIterator<Item = AbroadCity>) -> bool {
    let mut changed = false;
    for city in cities {
        // A city without an id or a name cannot be picked or shown.
        if city.id <= 0 || city.country <= 0 || city.name.is_empty() {
            continue;
        }
        match known
            .iter_mut()
            .find(|k| k.country == city.country && k.id == city.id)
        {
            Some(k) if k.name == city.name => {
                for alias in city.aliases {
                    if !k.aliases.contains(&alias) {
                        k.aliases.push(alias);
                        changed = true;
                    }
                }
            }
            Some(k) => {
                k.name = city.name;
                changed = true;
            }
            None => {
                known.push(city);
                changed = true;
            }
        }
    }
    if changed {
        known.sort_by(|a, b| (a.country, &a.name, a.id).cmp(&(b.country, &b.name, b.id)));
    }
    changed
}

/// The cities of the orders sent in the last year (the first pages of them).
pub async fn read(current: &CurrentClient) -> Result<Vec<AbroadCity>, ApiError> {
    let today = text::day::today();
    let mut known = Vec::new();
    for page in 1..=PAGES {
        let query = IntlListQuery {
            begin_date: Some(today - chrono::Duration::days(LOOK_BACK_DAYS)),
            end_date: Some(today),
            page: Some(page),
            per_page: Some(PER_PAGE),
        };
        let read = current.international_orders(&query).await?;
        learn(&mut known, &read.items);
        if read.items.is_empty() || !read.has_next() {
            break;
        }
    }
    Ok(known)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(country: i64, city: i64, name: &str) -> IntlOrder {
        serde_json::from_value(serde_json::json!({
            "orderId": city, "barcode": "B", "clientId": null,
            "customer": {"id": 1, "name": "Shop"}, "status": {"id": 6, "info": "x"},
            "cost": "1000", "pickupType": "self",
            "sender": {"senderReal": "S", "senderDate": "2026-08-01",
                "region": {"id": 8, "name": "R"}, "city": {"id": 101, "name": "C", "regionId": 8},
                "branch": null, "address": "A", "phone": "P"},
            "receiver": {"name": "N", "receiverPhone": "+7", "receiverPhone1": null,
                "receiverDelivery": 1, "receiverDate": "2026-08-08",
                "country": {"id": country, "name": "X"}, "city": {"id": city, "name": name},
                "address": "A", "province": null, "postal_code": null},
            "mail": {"weight": "1.000", "piece": 1, "volume": "0", "package": {"id": 7, "name": "Box"},
                "postType": {"id": 11, "name": "Clothes"}, "postTypeOther": null}
        }))
        .expect("an order")
    }

    #[test]
    fn cities_are_learned_once_renamed_by_a_later_read_and_never_merged_across_countries() {
        let mut known = Vec::new();
        assert!(learn(
            &mut known,
            &[
                order(1, 10101, "Moskva"),
                order(1, 10101, "Moskva"),
                order(2, 10201, "Almati")
            ]
        ));
        assert_eq!(known.len(), 2);
        // The same id in another country is another city.
        assert!(learn(&mut known, &[order(3, 10101, "Bishkek")]));
        assert_eq!(known.len(), 3);
        // Nothing new: nothing changed.
        assert!(!learn(&mut known, &[order(1, 10101, "Moskva")]));
        // Read again in Russian: renamed, not added.
        assert!(learn(&mut known, &[order(1, 10101, "Москва")]));
        assert_eq!(known.len(), 3);
        assert_eq!(known[0].name, "Москва");
        // Its names in other languages are found too.
        name_in_others(
            &mut known,
            &[AbroadCity {
                country: 1,
                id: 10101,
                name: "Moscow".into(),
                aliases: Vec::new(),
            }],
        );
        assert_eq!(known[0].aliases, ["Moscow"]);
        // No id or no name: nothing to pick.
        assert!(!learn(
            &mut known,
            &[order(1, 0, "Tver"), order(1, 10105, " ")]
        ));
        let countries: Vec<i64> = known.iter().map(|c| c.country).collect();
        assert_eq!(countries, [1, 2, 3], "sorted by country");
    }
}
