//! The twin's deterministic price formula: zones by region, charged weight (actual or volume
//! weight), delivery modes 0/1/2 at each end, and extra pieces. Rounded up to 500 sum.

use super::seed::Seed;
use crate::api::codes::Delivery;
use crate::api::quantity::{Sum, Weight};

/// Base price of the first kilogram and price of each further started kilogram, by distance.
const BASE: [i64; 5] = [15_000, 18_000, 22_000, 27_000, 32_000];
const PER_KG: [i64; 5] = [1_500, 2_000, 2_500, 3_500, 4_500];
/// Volume (cm³) that weighs one charged kilogram.
pub const VOLUME_DIVISOR: f64 = 6000.0;

/// Distance class 0..4 between two cities: same city, same region, same zone group,
/// neighbouring groups, far.
pub fn distance(seed: &Seed, from_city: i64, to_city: i64) -> usize {
    let (Some(a), Some(b)) = (seed.city(from_city), seed.city(to_city)) else {
        return 4;
    };
    if a.id == b.id {
        return 0;
    }
    if a.region_id == b.region_id {
        return 1;
    }
    let ga = seed.region(a.region_id).map(|r| r.group).unwrap_or(3);
    let gb = seed.region(b.region_id).map(|r| r.group).unwrap_or(3);
    match (ga.min(gb), ga.max(gb)) {
        (x, y) if x == y => 2,
        (0, 1) | (0, 2) | (2, 3) => 3,
        _ => 4,
    }
}

fn pickup_fee(d: Delivery) -> i64 {
    match d {
        Delivery::Office => 0,
        Delivery::Courier => 10_000,
        Delivery::RemoteCourier => 25_000,
    }
}

fn dropoff_fee(d: Delivery) -> i64 {
    match d {
        Delivery::Office => 0,
        Delivery::Courier => 12_000,
        Delivery::RemoteCourier => 30_000,
    }
}

/// Charged kilograms: the larger of actual and volume weight, whole started kilograms, min 1.
pub fn charged_kg(weight: Weight, volume_cm3: Option<f64>) -> i64 {
    let volume_kg = volume_cm3
        .filter(|v| v.is_finite() && *v > 0.0)
        .map(|v| v / VOLUME_DIVISOR)
        .unwrap_or(0.0);
    let kg = weight.kg().max(volume_kg);
    (kg.ceil() as i64).max(1)
}

#[allow(clippy::too_many_arguments)]
pub fn domestic(
    seed: &Seed,
    from_city: i64,
    to_city: i64,
    weight: Weight,
    volume_cm3: Option<f64>,
    sender: Delivery,
    receiver: Delivery,
    pieces: i64,
) -> Sum {
    let d = distance(seed, from_city, to_city);
    let kg = charged_kg(weight, volume_cm3);
    let raw = BASE[d]
        + PER_KG[d] * (kg - 1)
        + pickup_fee(sender)
        + dropoff_fee(receiver)
        + 4_000 * (pieces.max(1) - 1);
    Sum(round_up_500(raw))
}

/// International price: by country zone 1..4, per charged kilogram, courier pickup surcharge.
pub fn international(
    zone: u8,
    weight: Weight,
    volume_cm3: Option<f64>,
    courier_pickup: bool,
    pieces: i64,
) -> Sum {
    let zone = zone.clamp(1, 4) as i64;
    let kg = charged_kg(weight, volume_cm3);
    let raw = 90_000 * zone
        + 45_000 * zone * (kg - 1)
        + if courier_pickup { 15_000 } else { 0 }
        + 10_000 * (pieces.max(1) - 1);
    Sum(round_up_500(raw))
}

fn round_up_500(v: i64) -> i64 {
    (v + 499) / 500 * 500
}

/// Transit days by distance class.
pub fn transit_days(seed: &Seed, from_city: i64, to_city: i64) -> i64 {
    [1, 1, 2, 3, 4][distance(seed, from_city, to_city)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heavier_farther_and_courier_cost_more() {
        let s = Seed::build();
        let w1 = Weight::from_grams(1000);
        let base = domestic(
            &s,
            101,
            101,
            w1,
            None,
            Delivery::Office,
            Delivery::Office,
            1,
        );
        assert_eq!(base, Sum(15_000));
        let far = domestic(&s, 101, 56, w1, None, Delivery::Office, Delivery::Office, 1);
        assert!(far > base);
        let heavy = domestic(
            &s,
            101,
            101,
            Weight::from_grams(5200),
            None,
            Delivery::Office,
            Delivery::Office,
            1,
        );
        assert_eq!(heavy, Sum(15_000 + 5 * 1_500));
        let courier = domestic(
            &s,
            101,
            101,
            w1,
            None,
            Delivery::Courier,
            Delivery::RemoteCourier,
            1,
        );
        assert_eq!(courier, Sum(15_000 + 10_000 + 30_000));
        // A light but bulky box is priced by volume: 60×40×25 cm = 60 000 cm³ = 10 kg.
        let bulky = domestic(
            &s,
            101,
            101,
            w1,
            Some(60_000.0),
            Delivery::Office,
            Delivery::Office,
            1,
        );
        assert_eq!(bulky, Sum(15_000 + 9 * 1_500));
    }
}
