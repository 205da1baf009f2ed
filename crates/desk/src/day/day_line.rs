//! One order on a day's register (`DayLine`) and where it stands (`Stage`): what the day's
//! report sums and the handover defines the courier's day by, so both stand on it and neither
//! on the other.

use api::codes::{Delivery, LegacyStatus};
use api::legacy::OrderCore;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use store::DayOrder;

/// Where an order stands, coarsely: the charts stack these, the totals split COD by them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// Taken at the counter, not yet on its way.
    Accepted,
    /// Between offices or with the courier.
    OnTheWay,
    Delivered,
    Returned,
    Cancelled,
}

impl Stage {
    pub const ALL: [Stage; 5] = [
        Stage::Accepted,
        Stage::OnTheWay,
        Stage::Delivered,
        Stage::Returned,
        Stage::Cancelled,
    ];

    /// The stage of a legacy status id; an id the contract does not know is on its way.
    pub fn of(status_id: i64) -> Stage {
        use LegacyStatus::*;
        match LegacyStatus::try_from(status_id) {
            Ok(Draft | AtSender | CourierAccepted | AtSendingOffice) => Stage::Accepted,
            Ok(Delivered) => Stage::Delivered,
            Ok(Return) => Stage::Returned,
            Ok(Refused) => Stage::Cancelled,
            _ => Stage::OnTheWay,
        }
    }

    /// The catalog key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Stage::Accepted => "eod.stage_accepted",
            Stage::OnTheWay => "eod.stage_on_the_way",
            Stage::Delivered => "eod.stage_delivered",
            Stage::Returned => "eod.stage_returned",
            Stage::Cancelled => "eod.stage_cancelled",
        }
    }
}

/// One order on a day's register, as printed and exported.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DayLine {
    pub order_id: i64,
    pub barcode: String,
    pub created_at: i64,
    pub clerk: Option<String>,
    /// The counter of the shop that took it, when it was named.
    #[serde(default)]
    pub counter: Option<String>,
    pub receiver: String,
    pub city: String,
    /// The destination city's id, to name it in the clerk's language.
    #[serde(default)]
    pub city_id: Option<i64>,
    /// The destination region's name as the record gave it (in the language of that day).
    pub region: Option<String>,
    /// The destination region's id: orders are grouped by it, whatever language named it.
    #[serde(default)]
    pub region_id: Option<i64>,
    /// How the parcel left the sender, when the record says it.
    pub pickup: Option<i64>,
    pub pieces: i64,
    pub grams: u64,
    /// Cash on delivery, whole sum.
    pub cod: Option<i64>,
    /// Shipping cost, whole sum.
    pub cost: i64,
    pub status_id: i64,
    /// The status as the service named it (for an id the catalog does not know).
    #[serde(default)]
    pub status_name: String,
    /// The company the order was made for, as the service names it.
    #[serde(default)]
    pub customer: Option<String>,
}

impl DayLine {
    pub fn from_order(o: &DayOrder) -> DayLine {
        let core: Option<OrderCore> = serde_json::from_str(&o.record).ok();
        let r = &o.row;
        DayLine {
            order_id: r.order_id,
            barcode: r.barcode().to_string(),
            created_at: r.created_at,
            clerk: o.clerk.clone(),
            counter: r.counter.as_deref().map(str::to_string),
            receiver: r.receiver().to_string(),
            city: r.city().to_string(),
            city_id: core.as_ref().and_then(|c| c.receiver_city.id),
            region: core
                .as_ref()
                .and_then(|c| c.receiver_region.name.clone())
                .filter(|n| !n.trim().is_empty()),
            region_id: core.as_ref().and_then(|c| c.receiver_region.id),
            pickup: core.as_ref().map(|c| c.sender_delivery.code()),
            pieces: core.as_ref().map_or(0, |c| c.piece.max(0)),
            grams: core.as_ref().map_or(0, |c| c.weight.grams()),
            cod: r.cod().filter(|c| *c > 0),
            cost: r.cost,
            status_id: r.status_id,
            status_name: r.status_name().to_string(),
            customer: core
                .as_ref()
                .map(|c| c.customer.name.trim().to_string())
                .filter(|n| !n.is_empty()),
        }
    }

    /// A line of a test: an order at the sender, 2 pieces, 1.5 kg, 25 000 sum.
    #[cfg(test)]
    pub fn example(id: i64) -> DayLine {
        DayLine {
            order_id: id,
            barcode: format!("019914{id:06}"),
            created_at: 1_763_985_600 + id * 60,
            clerk: Some("aziza".into()),
            counter: None,
            receiver: "Vali".into(),
            city: "Samarqand".into(),
            city_id: None,
            region: None,
            region_id: None,
            pickup: Some(0),
            pieces: 2,
            grams: 1500,
            cod: None,
            cost: 25_000,
            status_id: 1,
            status_name: String::new(),
            customer: None,
        }
    }

    /// Names its city and region in the clerk's language where the directory knows them (the
    /// record keeps the language of the day it was read).
    pub fn rename(&mut self, names: &PlaceNames) {
        if let Some(n) = self.city_id.and_then(|id| names.cities.get(&id)) {
            self.city = n.clone();
        }
        if let Some(n) = self.region_id.and_then(|id| names.regions.get(&id)) {
            self.region = Some(n.clone());
        }
    }

    pub fn stage(&self) -> Stage {
        Stage::of(self.status_id)
    }

    pub fn pickup_mode(&self) -> Option<Delivery> {
        self.pickup.and_then(|c| Delivery::try_from(c).ok())
    }
}

/// Cities and regions by id, named in the clerk's language (from the directory).
#[derive(Debug, Clone, Default)]
pub struct PlaceNames {
    pub cities: HashMap<i64, String>,
    pub regions: HashMap<i64, String>,
}
