//! Editing through the current interface (`/v1/order/edit?orderId=`), for what only it carries:
//! exact places (latitude and longitude of the sender and the receiver) and "ready to take".
//! The form stays the one legacy-shaped form; its office/courier choices become the pickup and
//! drop-off types, and its city and branch ids become the 4-digit codes this interface speaks,
//! looked up in the service's own directory.

use api::codes::{Delivery, DropoffType, PickupType};
use api::current::{CargoInput, OrderInput as CurrentInput, PartyInput};
use api::legacy::OrderInput;
use api::{ApiError, CurrentClient};
use serde::{Deserialize, Serialize};

/// The current interface's own fields of the form.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ExactPlaces {
    pub sender_latitude: String,
    pub sender_longitude: String,
    pub receiver_latitude: String,
    pub receiver_longitude: String,
    /// The parcel is packed and waiting for the courier.
    pub ready_to_take: bool,
}

/// A latitude without its longitude (or the reverse), or a number off the globe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadCoordinates;

/// A latitude/longitude pair as typed: both blank, or both numbers in range.
pub fn coordinates(lat: &str, lon: &str) -> Result<Option<(f64, f64)>, BadCoordinates> {
    let (lat, lon) = (lat.trim().replace(',', "."), lon.trim().replace(',', "."));
    if lat.is_empty() && lon.is_empty() {
        return Ok(None);
    }
    let lat: f64 = lat.parse().map_err(|_| BadCoordinates)?;
    let lon: f64 = lon.parse().map_err(|_| BadCoordinates)?;
    if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon) {
        Ok(Some((lat, lon)))
    } else {
        Err(BadCoordinates)
    }
}

impl ExactPlaces {
    /// True when something here needs the current interface to be sent.
    pub fn is_set(&self) -> bool {
        *self != ExactPlaces::default()
    }
}

/// The codes the current interface names places by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceCodes {
    pub sender_city: String,
    pub receiver_city: String,
    pub receiver_branch: Option<String>,
}

/// Directory pages asked for at once, and at most how many pages are read.
const PER_PAGE: u32 = 200;
const PAGES_AT_MOST: u32 = 50;

/// Finds the codes of the order's cities and branch in the service's current directory.
pub async fn look_up_codes(
    current: &CurrentClient,
    input: &OrderInput,
) -> Result<PlaceCodes, ApiError> {
    let mut cities = Vec::new();
    for page in 1..=PAGES_AT_MOST {
        let got = current.cities(None, Some(page), Some(PER_PAGE)).await?;
        let more = got.has_next();
        cities.extend(got.items);
        if !more {
            break;
        }
    }
    let code_of = |id: i64| {
        cities
            .iter()
            .find(|c| c.id == Some(id))
            .and_then(|c| c.code.clone())
            .ok_or_else(|| missing(format!("the code of city {id}")))
    };
    let sender_city = code_of(input.sender_city_id)?;
    let receiver_city = code_of(input.receiver_city_id)?;
    let receiver_branch = match input.receiver_branch_id {
        None => None,
        Some(id) => {
            let mut code = None;
            for page in 1..=PAGES_AT_MOST {
                let got = current
                    .branches(None, Some(&receiver_city), Some(page), Some(PER_PAGE))
                    .await?;
                code = got
                    .items
                    .iter()
                    .find(|b| b.place.id == Some(id))
                    .and_then(|b| b.place.code.clone());
                if code.is_some() || !got.has_next() {
                    break;
                }
            }
            Some(code.ok_or_else(|| missing(format!("the code of branch {id}")))?)
        }
    };
    Ok(PlaceCodes {
        sender_city,
        receiver_city,
        receiver_branch,
    })
}

fn missing(what: String) -> ApiError {
    ApiError::Decode {
        status: 200,
        detail: format!("the service's directory has no {what}"),
        body_head: String::new(),
    }
}

fn text(v: Option<(f64, f64)>, pick: fn((f64, f64)) -> f64) -> Option<String> {
    v.map(|p| format!("{:.6}", pick(p)))
}

/// The checked legacy body, with the exact places, as the current interface's edit body.
pub fn to_current(input: &OrderInput, places: &ExactPlaces, codes: &PlaceCodes) -> CurrentInput {
    let sender_at = coordinates(&places.sender_latitude, &places.sender_longitude)
        .ok()
        .flatten();
    let receiver_at = coordinates(&places.receiver_latitude, &places.receiver_longitude)
        .ok()
        .flatten();
    let office = |d: Option<Delivery>| d.is_none_or(|d| d == Delivery::Office);
    CurrentInput {
        client_id: input.client_id.clone(),
        wcs_code: input.wcs_code.clone(),
        pickup_type: if office(input.sender_delivery) {
            PickupType::SelfDropOff
        } else {
            PickupType::Courier
        },
        dropoff_type: Some(if office(input.receiver_delivery) {
            DropoffType::Branch
        } else {
            DropoffType::Courier
        }),
        is_sender_location: sender_at.map(|_| true),
        is_receiver_location: receiver_at.map(|_| true),
        sender: PartyInput {
            name: input.sender_real.clone(),
            phone: input.sender_phone.clone(),
            phone1: None,
            address: input.sender_address.clone(),
            latitude: text(sender_at, |p| p.0),
            longitude: text(sender_at, |p| p.1),
            city_code: Some(codes.sender_city.clone()),
            branch_code: None,
        },
        receiver: PartyInput {
            name: input.receiver.clone(),
            phone: input.receiver_phone.clone(),
            phone1: input.receiver_phone1.clone(),
            address: input.receiver_address.clone(),
            latitude: text(receiver_at, |p| p.0),
            longitude: text(receiver_at, |p| p.1),
            city_code: Some(codes.receiver_city.clone()),
            branch_code: codes.receiver_branch.clone(),
        },
        bring_back_money: input.bring_back_money,
        back_money: input.back_money,
        take_photo: Some(i64::from(input.take_photo)),
        bring_back_waybill: Some(i64::from(input.bring_back_waybill)),
        cargo: CargoInput {
            weight: input.weight,
            volume: input.volume,
            piece: input.piece.unwrap_or(1),
            package_id: Some(input.package_id),
            post_type_id: Some(input.post_type_id),
            post_types: input.post_types.clone(),
            options: input.options.clone(),
        },
        ready_to_take: Some(places.ready_to_take),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_come_in_pairs_within_the_globe() {
        assert_eq!(coordinates("", " "), Ok(None));
        assert_eq!(
            coordinates("41,311081", "69.240562"),
            Ok(Some((41.311081, 69.240562)))
        );
        assert!(coordinates("41.3", "").is_err());
        assert!(coordinates("91", "69").is_err());
        assert!(coordinates("north", "69").is_err());
    }
}
