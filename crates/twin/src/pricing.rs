//! The twin's deterministic price formula: zones by region, charged weight (actual or volume
//! weight), delivery modes 0/1/2 at each end, and extra pieces. Rounded up to 500 sum. Every step
//! is checked: a quantity beyond what any sum can price gives no price, never a wrapped one.

use super::seed::Seed;
use api::codes::Delivery;
use api::quantity::{Sum, Weight};

/// Base price of the first kilogram and price of each further started kilogram, by distance.
const BASE: [i64; 5] = [15_000, 18_000, 22_000, 27_000, 32_000];
const PER_KG: [i64; 5] = [1_500, 2_000, 2_500, 3_500, 4_500];
/// Volume (cm³) that weighs one charged kilogram.
pub(crate) const VOLUME_DIVISOR: f64 = 6000.0;

/// Distance class 0..4 between two cities: same city, same region, same zone group,
/// neighbouring groups, far.
pub(crate) fn distance(seed: &Seed, from_city: i64, to_city: i64) -> usize {
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

/// Charged kilograms: the larger of actual and volume weight, whole started kilograms, min 1;
/// `None` when that is beyond any price (or the volume is not a number).
pub(crate) fn charged_kg(weight: Weight, volume_cm3: Option<f64>) -> Option<i64> {
    let volume_kg = match volume_cm3 {
        Some(v) if !v.is_finite() => return None,
        Some(v) if v > 0.0 => v / VOLUME_DIVISOR,
        _ => 0.0,
    };
    let kg = weight.kg().max(volume_kg).ceil();
    // Far beyond any limit of the twin, and well inside i64 and f64's exact integers.
    if kg > 1.0e12 {
        return None;
    }
    Some((kg as i64).max(1))
}

/// `base + per × (n − 1)`, checked.
fn per_extra(base: i64, per: i64, n: i64) -> Option<i64> {
    per.checked_mul(n.max(1) - 1)?.checked_add(base)
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn domestic(
    seed: &Seed,
    from_city: i64,
    to_city: i64,
    weight: Weight,
    volume_cm3: Option<f64>,
    sender: Delivery,
    receiver: Delivery,
    pieces: i64,
) -> Option<Sum> {
    let d = distance(seed, from_city, to_city);
    let kg = charged_kg(weight, volume_cm3)?;
    let raw = per_extra(BASE[d], PER_KG[d], kg)?
        .checked_add(pickup_fee(sender) + dropoff_fee(receiver))?
        .checked_add(per_extra(0, 4_000, pieces)?)?;
    round_up_500(raw).map(Sum)
}

/// International price: by country zone 1..4, per charged kilogram, courier pickup surcharge.
pub(crate) fn international(
    zone: u8,
    weight: Weight,
    volume_cm3: Option<f64>,
    courier_pickup: bool,
    pieces: i64,
) -> Option<Sum> {
    let zone = zone.clamp(1, 4) as i64;
    let kg = charged_kg(weight, volume_cm3)?;
    let raw = per_extra(90_000 * zone, 45_000 * zone, kg)?
        .checked_add(if courier_pickup { 15_000 } else { 0 })?
        .checked_add(per_extra(0, 10_000, pieces)?)?;
    round_up_500(raw).map(Sum)
}

fn round_up_500(v: i64) -> Option<i64> {
    Some(v.checked_add(499)? / 500 * 500)
}

/// Transit days by distance class.
pub(crate) fn transit_days(seed: &Seed, from_city: i64, to_city: i64) -> i64 {
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
        assert_eq!(base, Some(Sum(15_000)));
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
        assert_eq!(heavy, Some(Sum(15_000 + 5 * 1_500)));
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
        assert_eq!(courier, Some(Sum(15_000 + 10_000 + 30_000)));
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
        assert_eq!(bulky, Some(Sum(15_000 + 9 * 1_500)));
    }

    #[test]
    fn quantities_beyond_any_price_give_none_instead_of_a_wrapped_price() {
        let s = Seed::build();
        let w1 = Weight::from_grams(1000);
        let office = Delivery::Office;
        assert_eq!(
            domestic(&s, 101, 101, w1, None, office, office, i64::MAX),
            None
        );
        assert_eq!(
            domestic(&s, 101, 101, w1, Some(1e20), office, office, 1),
            None
        );
        assert_eq!(
            domestic(&s, 101, 101, w1, Some(f64::NAN), office, office, 1),
            None
        );
        assert_eq!(international(4, w1, Some(1e300), false, 1), None);
        assert_eq!(international(4, w1, Some(f64::INFINITY), false, 1), None);
        assert!(international(4, w1, Some(60_000.0), false, 2).is_some());
    }
}
