//! The international price request as the clerk fills it: every field of the contract's
//! `/v1/order-calculate/international` kept as typed, turned into the wire's request only when it
//! can be read, with each problem under the wire's field name. The route (where from, where to,
//! what, how handed in) is its own part: the parcel editor keeps one with its parcel to price it
//! live, the calculator one with the rest of the fields.

use crate::problem::Problem;
use api::codes::{Delivery, PickupType};
use api::international::IntlCalcRequest;
use api::quantity::Weight;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where a parcel is priced from and to, and as what: the calculation's fields a parcel itself
/// does not hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct QuoteRoute {
    pub sender_city: Option<i64>,
    pub country: Option<i64>,
    /// The receiver's city abroad, by the service's id (chosen by its name).
    #[serde(deserialize_with = "kept_city")]
    pub receiver_city: Option<i64>,
    pub post_type: Option<i64>,
    pub pickup: PickupType,
}

impl Default for QuoteRoute {
    fn default() -> Self {
        QuoteRoute {
            sender_city: None,
            country: None,
            receiver_city: None,
            post_type: None,
            pickup: PickupType::SelfDropOff,
        }
    }
}

impl QuoteRoute {
    /// Whether the clerk has chosen anything of it yet.
    pub fn is_blank(&self) -> bool {
        *self == QuoteRoute::default()
    }
}

/// A kept route's city abroad: its id, as kept now or typed as text by an older desk (which kept
/// the typed text; what is not a positive number is no city).
fn kept_city<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Ok(match serde_json::Value::deserialize(d)? {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|id| *id > 0))
}

#[derive(Debug, Clone, PartialEq)]
pub struct IntlQuoteDraft {
    pub weight: String,
    /// cm³, optional.
    pub volume: String,
    pub route: QuoteRoute,
    pub delivery: Option<Delivery>,
    pub pieces: String,
    /// DD.MM.YYYY, optional (today when blank).
    pub date: String,
    pub company: bool,
    pub customer_id: String,
}

impl Default for IntlQuoteDraft {
    fn default() -> Self {
        IntlQuoteDraft {
            weight: String::new(),
            volume: String::new(),
            route: QuoteRoute::default(),
            delivery: None,
            pieces: "1".into(),
            date: String::new(),
            company: false,
            customer_id: String::new(),
        }
    }
}

impl IntlQuoteDraft {
    /// The quote of one parcel: its weight and delivery on a route, one piece, sent today.
    pub fn of_parcel(route: &QuoteRoute, weight: &str, delivery: Delivery) -> IntlQuoteDraft {
        IntlQuoteDraft {
            weight: weight.to_string(),
            route: route.clone(),
            delivery: Some(delivery),
            ..IntlQuoteDraft::default()
        }
    }

    /// The request, or what keeps it from being asked, by the wire's field names.
    pub fn to_request(&self) -> Result<IntlCalcRequest, BTreeMap<&'static str, Problem>> {
        let mut p = BTreeMap::new();
        let weight = Weight::parse_kg(&self.weight).filter(|w| w.grams() >= 10);
        if weight.is_none() {
            p.insert("weight", Problem::of_number(&self.weight, Problem::Weight));
        }
        let volume = match self.volume.trim() {
            "" => None,
            v => match crate::international::customs::decimal(v) {
                Some(x) => Some(x),
                None => {
                    p.insert("volume", Problem::Number);
                    None
                }
            },
        };
        let required = |p: &mut BTreeMap<_, _>, key, v: Option<i64>| {
            if v.is_none() {
                p.insert(key, Problem::Required);
            }
            v
        };
        let route = &self.route;
        let sender = required(&mut p, "senderCityId", route.sender_city);
        let country = required(&mut p, "receiverCountryId", route.country);
        let post_type = required(&mut p, "postTypeId", route.post_type);
        let city = required(&mut p, "receiverCityId", route.receiver_city);
        let piece = crate::international::customs::count(&self.pieces);
        if piece.is_none() {
            p.insert("piece", Problem::Count);
        }
        let date = match self.date.trim() {
            "" => None,
            t => match text::day::parse_day(t) {
                Some(d) => Some(d),
                None => {
                    p.insert("senderDate", Problem::Date);
                    None
                }
            },
        };
        let customer_id = match (self.company, self.customer_id.trim()) {
            (false, _) | (true, "") => None,
            (true, t) => match t.parse::<i64>() {
                Ok(id) if id > 0 => Some(id),
                _ => {
                    p.insert("customerId", Problem::Number);
                    None
                }
            },
        };
        let (Some(weight), Some(sender), Some(country), Some(city), Some(post_type), Some(piece)) =
            (weight, sender, country, city, post_type, piece)
        else {
            return Err(p);
        };
        if !p.is_empty() {
            return Err(p);
        }
        Ok(IntlCalcRequest {
            weight,
            volume,
            sender_city_id: sender,
            receiver_country_id: country,
            receiver_city_id: city,
            post_type_id: post_type,
            pickup_type: route.pickup,
            receiver_delivery: self.delivery,
            piece: Some(i64::from(piece)),
            sender_date: date,
            is_company: self.company,
            customer_id,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filled_quote_is_a_request_and_a_blank_one_names_each_field() {
        let blank = IntlQuoteDraft::default().to_request().unwrap_err();
        for key in [
            "weight",
            "senderCityId",
            "receiverCountryId",
            "receiverCityId",
            "postTypeId",
        ] {
            assert_eq!(blank.get(key), Some(&Problem::Required), "{key}");
        }
        let d = IntlQuoteDraft {
            weight: "1,5".into(),
            volume: "6000".into(),
            route: QuoteRoute {
                sender_city: Some(101),
                country: Some(1),
                receiver_city: Some(10101),
                post_type: Some(11),
                pickup: PickupType::Courier,
            },
            pieces: "2".into(),
            date: "23.11.2026".into(),
            company: true,
            customer_id: "1".into(),
            ..IntlQuoteDraft::default()
        };
        let r = d.to_request().expect("valid");
        assert_eq!(r.weight, Weight::from_grams(1500));
        assert_eq!(r.piece, Some(2));
        assert_eq!(r.customer_id, Some(1));
        assert_eq!(r.pickup_type, PickupType::Courier);
        assert_eq!(
            r.sender_date.map(|d| d.to_string()),
            Some("2026-11-23".into())
        );
        let too_light = IntlQuoteDraft {
            weight: "0.005".into(),
            ..d.clone()
        };
        assert_eq!(
            too_light.to_request().unwrap_err().get("weight"),
            Some(&Problem::Weight)
        );
    }

    #[test]
    fn a_parcel_is_priced_by_its_weight_and_delivery_on_its_route() {
        let route = QuoteRoute {
            sender_city: Some(101),
            country: Some(1),
            receiver_city: Some(10101),
            post_type: Some(11),
            pickup: PickupType::SelfDropOff,
        };
        let r = IntlQuoteDraft::of_parcel(&route, "2,25", Delivery::Office)
            .to_request()
            .expect("a whole route and a weight");
        assert_eq!(r.weight, Weight::from_grams(2250));
        assert_eq!(r.receiver_delivery, Some(Delivery::Office));
        assert_eq!((r.piece, r.sender_date), (Some(1), None));
        // Without its route or its weight a parcel is not priced.
        assert!(
            IntlQuoteDraft::of_parcel(&QuoteRoute::default(), "2", Delivery::Office)
                .to_request()
                .is_err()
        );
        assert!(
            IntlQuoteDraft::of_parcel(&route, "", Delivery::Office)
                .to_request()
                .is_err()
        );
        assert!(QuoteRoute::default().is_blank() && !route.is_blank());
    }

    #[test]
    fn a_route_kept_by_an_older_desk_keeps_its_typed_city() {
        let read = |city: serde_json::Value| {
            serde_json::from_value::<QuoteRoute>(serde_json::json!({ "receiver_city": city }))
                .map(|r| r.receiver_city)
                .ok()
        };
        assert_eq!(read(serde_json::json!("10101")), Some(Some(10101)));
        assert_eq!(read(serde_json::json!(10101)), Some(Some(10101)));
        assert_eq!(read(serde_json::json!("Moskva")), Some(None));
        assert_eq!(read(serde_json::json!("")), Some(None));
        assert_eq!(read(serde_json::json!(null)), Some(None));
    }
}
