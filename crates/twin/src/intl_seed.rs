//! Outbound international orders of the demo company, for `/v1/order/international-list`.
//! The contract shows no route that creates them, so the twin starts with a fixed set: 45 orders
//! sent every second day from 1 August 2026 from Samarkand, each to a city abroad of the seed
//! and priced by its country's zone.

use super::pricing;
use super::seed::Seed;
use api::codes::{Delivery, PickupType};
use api::directory::IdName;
use api::international::*;
use api::quantity::Weight;
use chrono::NaiveDate;

pub const SEEDED_INTL_ORDERS: i64 = 45;

/// The demo receivers' names; each order goes to a city abroad of the seed, in its country.
const RECEIVERS: &[&str] = &[
    "Aziz Karimov",
    "Dilnoza Yusupova",
    "Sardor Rahimov",
    "Madina Tursunova",
    "Jasur Aliyev",
    "Nilufar Xasanova",
    "Bekzod Nazarov",
    "Gulnora Ismoilova",
];

/// The demo company's counter: Samarkand city, in its own region, at its own address.
const SENDER_CITY: i64 = 101;

pub(crate) fn international_orders(seed: &Seed) -> Vec<(i64, IntlOrder)> {
    let start = NaiveDate::from_ymd_opt(2026, 8, 1).unwrap_or_default();
    let sender_city = seed.city(SENDER_CITY);
    let sender_region = sender_city.and_then(|c| seed.region(c.region_id));
    let branch = seed.branches_of_city(SENDER_CITY).next();
    (0..SEEDED_INTL_ORDERS)
        .filter_map(|i| {
            let city = &seed.abroad_cities[(i as usize * 7) % seed.abroad_cities.len()];
            let country = seed.country(city.country)?;
            let name = RECEIVERS[i as usize % RECEIVERS.len()];
            let weight = Weight::from_grams(500 + (i as u64 * 730) % 9_000);
            let pickup = if i % 3 == 0 {
                PickupType::Courier
            } else {
                PickupType::SelfDropOff
            };
            let date = start + chrono::Duration::days(i * 2);
            let id = 7_100_001 + i;
            let order = IntlOrder {
                order_id: id,
                barcode: format!("07991{:07}", id % 10_000_000),
                client_id: Some(format!("INT-{:04}", i + 1)),
                customer: IdName {
                    id: 1,
                    name: "Demo Savdo MChJ".into(),
                },
                status: IntlStatus {
                    id: if i < 30 { 6 } else { 33 },
                    info: if i < 30 {
                        "Yetkazildi".into()
                    } else {
                        "Yoʻlda".into()
                    },
                },
                // Seed weights are a few kilograms: always priced.
                cost: pricing::international(
                    country.zone,
                    weight,
                    None,
                    pickup == PickupType::Courier,
                    1,
                )
                .unwrap_or(api::Sum::ZERO),
                pickup_type: pickup,
                sender: IntlSender {
                    sender_real: "Demo Savdo MChJ".into(),
                    sender_date: date,
                    region: IdName {
                        id: sender_region.map(|r| r.id)?,
                        name: sender_region.map(|r| r.name.uz.clone())?,
                    },
                    city: IntlCity {
                        id: SENDER_CITY,
                        name: sender_city.map(|c| c.name.uz.clone())?,
                        region_id: sender_region.map(|r| r.id),
                    },
                    branch: branch.map(|b| IdName {
                        id: b.id,
                        name: b.name.uz.clone(),
                    }),
                    address: "Samarqand, Registon koʻchasi 12-uy".into(),
                    phone: "+998 66 2331100".into(),
                },
                receiver: IntlReceiver {
                    name: name.into(),
                    receiver_phone: format!("{} {:07}", city.dial, 1_000_000 + i * 4_321),
                    receiver_phone1: None,
                    receiver_delivery: if i % 2 == 0 {
                        Delivery::Courier
                    } else {
                        Delivery::Office
                    },
                    receiver_date: date + chrono::Duration::days(7 + i % 5),
                    country: IdName {
                        id: country.id,
                        name: country.name.uz.clone(),
                    },
                    city: IdName {
                        id: city.id,
                        name: city.name.uz.clone(),
                    },
                    address: city.street.into(),
                    province: None,
                    postal_code: Some(format!("{:06}", 100_000 + i * 37)),
                },
                mail: IntlMail {
                    weight,
                    piece: 1,
                    volume: "0.000".into(),
                    package: IdName {
                        id: 7,
                        name: "Quti".into(),
                    },
                    post_type: IdName {
                        id: 11,
                        name: "Kiyim-kechak va poyabzal".into(),
                    },
                    post_type_other: None,
                },
            };
            Some((1, order))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_order_goes_to_a_city_of_its_country_from_a_sender_where_it_is() {
        let seed = Seed::build();
        let orders = international_orders(&seed);
        assert_eq!(orders.len() as i64, SEEDED_INTL_ORDERS);
        for (_, o) in &orders {
            let city = seed
                .abroad_city(o.receiver.city.id)
                .expect("a city of the seed");
            assert_eq!(city.country, o.receiver.country.id, "{}", city.name.en);
            let country = seed.country(city.country).expect("its country");
            // Priced by its own country's zone.
            let tariff = pricing::international(
                country.zone,
                o.mail.weight,
                None,
                o.pickup_type == PickupType::Courier,
                1,
            );
            assert_eq!(Some(o.cost), tariff, "order {}", o.order_id);
            assert!(o.receiver.receiver_phone.starts_with(city.dial));
            assert!(o.receiver.address.contains(city.street));
            // The sender is in Samarkand, filed under Samarkand's region.
            let home = seed.city(o.sender.city.id).expect("a home city");
            assert_eq!(o.sender.region.id, home.region_id);
            assert_eq!(o.sender.city.region_id, Some(home.region_id));
            assert!(o.sender.address.starts_with("Samarqand"));
        }
        // The demo reaches more than a handful of countries.
        let countries: std::collections::HashSet<i64> =
            orders.iter().map(|(_, o)| o.receiver.country.id).collect();
        assert!(countries.len() >= 10, "{countries:?}");
    }
}
