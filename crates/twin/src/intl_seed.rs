//! Outbound international orders of the demo company, for `/v1/order/international-list`.
//! The contract shows no route that creates them, so the twin starts with a fixed set: 45 orders
//! sent every second day from 1 August 2026, to the seeded countries.

use super::pricing;
use super::seed::Seed;
use api::codes::{Delivery, PickupType};
use api::directory::IdName;
use api::international::*;
use api::quantity::Weight;
use chrono::NaiveDate;

pub const SEEDED_INTL_ORDERS: i64 = 45;

const RECEIVERS: &[(&str, &str, &str)] = &[
    ("Aziz Karimov", "Moskva", "Tverskaya ul. 7"),
    ("Dilnoza Yusupova", "Almaty", "Abay ave. 52"),
    ("Sardor Rahimov", "Bishkek", "Chui ave. 120"),
    ("Madina Tursunova", "Istanbul", "Istiklal Cd. 34"),
    ("Jasur Aliyev", "Dubai", "Al Wasl Rd. 15"),
    ("Nilufar Xasanova", "Seoul", "Gangnam-daero 390"),
    ("Bekzod Nazarov", "Berlin", "Torstraße 101"),
    ("Gulnora Ismoilova", "New York", "5th Ave 350"),
];

pub(crate) fn international_orders(seed: &Seed) -> Vec<(i64, IntlOrder)> {
    let start = NaiveDate::from_ymd_opt(2026, 8, 1).unwrap_or_default();
    let sender_city = seed.city(101);
    let sender_region = sender_city.and_then(|c| seed.region(c.region_id));
    let branch = seed.branches_of_city(101).next();
    (0..SEEDED_INTL_ORDERS)
        .map(|i| {
            let country = &seed.countries[(i as usize * 7) % seed.countries.len()];
            let (name, city, address) = RECEIVERS[i as usize % RECEIVERS.len()];
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
                        id: sender_region.map(|r| r.id).unwrap_or(6),
                        name: sender_region.map(|r| r.name.uz.clone()).unwrap_or_default(),
                    },
                    city: IntlCity {
                        id: 101,
                        name: sender_city.map(|c| c.name.uz.clone()).unwrap_or_default(),
                        region_id: Some(6),
                    },
                    branch: branch.map(|b| IdName {
                        id: b.id,
                        name: b.name.uz.clone(),
                    }),
                    address: "Toshkent, Amir Temur koʻchasi 1-uy".into(),
                    phone: "+998 71 2000000".into(),
                },
                receiver: IntlReceiver {
                    name: name.into(),
                    receiver_phone: format!("+7 700 {:07}", 1_000_000 + i * 4_321),
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
                        id: 9000 + (i % 8),
                        name: city.into(),
                    },
                    address: address.into(),
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
            (1, order)
        })
        .collect()
}
