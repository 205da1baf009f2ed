//! Wire types of the current interface (`{api_url}/v1/...`): tokens, the nested order body of
//! add/edit, the order record, track, cancel, sticker and the domestic calculation.

use super::codes::{DropoffType, OrderStatus, PickupType};
use super::directory::IdName;
use super::legacy::{ItemLine, OrderOption};
use super::lenient::{code_as_string, flag, int_or_string, opt_int, opt_string};
use super::quantity::{Sum, Weight, opt_decimal, opt_sum_string, sum_decimal_string};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// `/auth/login` (current) and `/v1/auth/login` (warehouse) request.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct LoginRequest {
    pub login: String,
    pub password: String,
}

/// `/auth/refresh` request.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct RefreshRequest {
    pub refresh_token: String,
}

/// A token pair.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Tokens {
    pub access_token: String,
    pub refresh_token: String,
}

/// Sender or receiver in an add/edit request.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct PartyInput {
    pub name: String,
    pub phone: String,
    pub phone1: Option<String>,
    pub address: String,
    #[serde(with = "opt_string", default)]
    pub latitude: Option<String>,
    #[serde(with = "opt_string", default)]
    pub longitude: Option<String>,
    #[serde(with = "opt_string", default)]
    pub city_code: Option<String>,
    #[serde(with = "opt_string", default)]
    pub branch_code: Option<String>,
}

#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CargoInput {
    pub weight: Weight,
    #[serde(with = "opt_decimal", default)]
    pub volume: Option<f64>,
    #[serde(with = "int_or_string")]
    pub piece: i64,
    #[serde(with = "opt_int", default)]
    pub package_id: Option<i64>,
    #[serde(with = "opt_int", default)]
    pub post_type_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub post_types: Vec<ItemLine>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<OrderOption>,
}

/// The nested body of `/v1/order/add` and `/v1/order/edit?orderId=`.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OrderInput {
    #[serde(rename = "clientId")]
    pub client_id: Option<String>,
    pub wcs_code: Option<String>,
    pub pickup_type: PickupType,
    pub dropoff_type: Option<DropoffType>,
    pub is_sender_location: Option<bool>,
    pub is_receiver_location: Option<bool>,
    pub sender: PartyInput,
    pub receiver: PartyInput,
    /// The flag 1 (amount in `back_money`) or, from some integrators, the amount itself.
    #[serde(rename = "bringBackMoney", with = "opt_int", default)]
    pub bring_back_money: Option<i64>,
    #[serde(with = "opt_sum_string", default)]
    pub back_money: Option<Sum>,
    #[serde(rename = "takePhoto", with = "opt_int", default)]
    pub take_photo: Option<i64>,
    #[serde(rename = "bringBackWaybill", with = "opt_int", default)]
    pub bring_back_waybill: Option<i64>,
    pub cargo: CargoInput,
    pub ready_to_take: Option<bool>,
}

impl OrderInput {
    pub fn cash_on_delivery(&self) -> Option<Sum> {
        super::legacy::cash_on_delivery(self.bring_back_money.unwrap_or(0), self.back_money)
    }
}

/// `{id, name, code}` where each may be null.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct CodeRef {
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    pub name: Option<String>,
    #[serde(with = "opt_string", default)]
    pub code: Option<String>,
}

/// What the service prints on its sticker for sorting. `branchName` may hold HTML markup.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct StickerData {
    pub hub_name: Option<String>,
    pub city_name: Option<String>,
    pub branch_name: Option<String>,
    #[serde(with = "opt_int", default)]
    pub zona_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PartyRecord {
    pub name: String,
    pub phone: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone1: Option<String>,
    pub address: String,
    pub region: Option<CodeRef>,
    pub city: Option<CodeRef>,
    pub village: Option<String>,
    pub branch: Option<CodeRef>,
    #[serde(with = "opt_string", default)]
    pub latitude: Option<String>,
    #[serde(with = "opt_string", default)]
    pub longitude: Option<String>,
    #[serde(
        rename = "stickerData",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub sticker_data: Option<StickerData>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ItemRecord {
    #[serde(with = "opt_int", default)]
    pub child_id: Option<i64>,
    pub barcode: Option<String>,
    #[serde(rename = "packageId", with = "opt_int", default)]
    pub package_id: Option<i64>,
    #[serde(with = "opt_decimal", default)]
    pub weight: Option<f64>,
    pub name: String,
    pub code: Option<String>,
    #[serde(with = "int_or_string")]
    pub count: i64,
    #[serde(with = "sum_decimal_string")]
    pub cost: Sum,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CargoOptions {
    pub with_partner: Option<String>,
    #[serde(with = "flag", default)]
    pub urgent: bool,
    #[serde(rename = "takePhoto", with = "flag", default)]
    pub take_photo: bool,
    #[serde(rename = "bringBackWaybill", with = "flag", default)]
    pub bring_back_waybill: bool,
    #[serde(rename = "bringBackMoney", with = "int_or_string")]
    pub bring_back_money: i64,
    #[serde(with = "opt_sum_string", default)]
    pub back_money: Option<Sum>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CargoRecord {
    pub weight: Weight,
    #[serde(with = "opt_decimal", default)]
    pub volume: Option<f64>,
    #[serde(with = "int_or_string")]
    pub piece: i64,
    pub package: Option<IdName>,
    #[serde(rename = "postType")]
    pub post_type: Option<IdName>,
    #[serde(rename = "postTypes", default)]
    pub post_types: Vec<ItemRecord>,
    pub options: CargoOptions,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct GoodRecord {
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(rename = "mxikGoodsId", with = "int_or_string")]
    pub mxik_goods_id: i64,
    pub spic: Option<String>,
    pub name: Option<String>,
    #[serde(with = "int_or_string")]
    pub amount: i64,
    #[serde(rename = "goodPrice")]
    pub good_price: Sum,
}

/// `{code, info}` with the code written as a string.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StatusCodeInfo {
    #[serde(with = "code_as_string")]
    pub code: OrderStatus,
    pub info: String,
}

/// `data` of add, edit and detail on the current interface.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OrderRecord {
    #[serde(rename = "orderId", with = "int_or_string")]
    pub order_id: i64,
    #[serde(rename = "clientId")]
    pub client_id: Option<String>,
    pub wcs_code: Option<String>,
    pub barcode: String,
    pub customer: IdName,
    pub status: StatusCodeInfo,
    pub pickup_type: PickupType,
    pub dropoff_type: Option<DropoffType>,
    pub sender: PartyRecord,
    pub receiver: PartyRecord,
    pub cargo: CargoRecord,
    #[serde(with = "sum_decimal_string")]
    pub cost: Sum,
    #[serde(rename = "senderDate")]
    pub sender_date: NaiveDate,
    #[serde(rename = "receiverDate")]
    pub receiver_date: NaiveDate,
    #[serde(default)]
    pub declarations: Vec<serde_json::Value>,
    #[serde(default)]
    pub goods: Vec<GoodRecord>,
    #[serde(with = "opt_string", default)]
    pub inn: Option<String>,
    #[serde(default)]
    pub ready_to_take: bool,
    pub tracking: String,
}

/// `{code, name}` of track and cancel.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StatusCodeName {
    pub code: OrderStatus,
    pub name: String,
}

/// `/v1/order/track` and `/v1/order-cancel/index` `data`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OrderStatusData {
    #[serde(rename = "orderId", with = "int_or_string")]
    pub order_id: i64,
    pub status: StatusCodeName,
}

/// `/v1/order/sticker` `data`: a temporary PDF link.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Sticker {
    #[serde(rename = "labelEncode")]
    pub label_encode: Option<String>,
    #[serde(rename = "labelSticker")]
    pub label_sticker: String,
}

/// POST `/v1/order/sticker` body.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StickerBatch {
    #[serde(rename = "orderIds")]
    pub order_ids: Vec<i64>,
}

/// At most this many orders in one sticker PDF.
pub const STICKER_BATCH_MAX: usize = 50;

/// Parcel dimensions in centimetres.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
pub struct Dimensions {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

/// `/v1/order-calculate/index` request.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct DomesticCalcRequest {
    #[serde(rename = "senderCityCode")]
    pub sender_city_code: String,
    #[serde(rename = "receiverCityCode")]
    pub receiver_city_code: String,
    pub pickup_type: PickupType,
    pub dropoff_type: DropoffType,
    pub weight: Weight,
    pub volume: Option<Dimensions>,
}

/// One mode pair of the domestic calculation.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ModeQuote {
    pub available: bool,
    /// Whole sum; null when unavailable.
    pub price: Option<Sum>,
    pub reason: Option<String>,
}

/// `/v1/order-calculate/index` `data`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct DomesticQuotes {
    pub branch_to_branch: ModeQuote,
    pub branch_to_courier: ModeQuote,
    pub courier_to_branch: ModeQuote,
    pub courier_to_courier: ModeQuote,
}

impl DomesticQuotes {
    pub fn get(&self, pickup: PickupType, dropoff: DropoffType) -> &ModeQuote {
        match (pickup, dropoff) {
            (PickupType::SelfDropOff, DropoffType::Branch) => &self.branch_to_branch,
            (PickupType::SelfDropOff, DropoffType::Courier) => &self.branch_to_courier,
            (PickupType::Courier, DropoffType::Branch) => &self.courier_to_branch,
            (PickupType::Courier, DropoffType::Courier) => &self.courier_to_courier,
        }
    }
}

/// Strips HTML markup (`<b>Chilonzor</b>`) and entities the service puts in `branchName`.
pub fn strip_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = out
        .replace("&nbsp;", " ")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sticker_branch_name_markup_is_stripped() {
        assert_eq!(
            strip_markup("<b>Chilonzor</b>&nbsp;filiali<br/>"),
            "Chilonzor filiali"
        );
        assert_eq!(strip_markup("  plain  "), "plain");
    }

    #[test]
    fn record_with_nulls_and_string_decimals_decodes() {
        let v = json!({
            "orderId": "77", "clientId": null, "wcs_code": null, "barcode": "000000000077",
            "customer": {"id": 1, "name": "Demo"}, "status": {"code": "100", "info": "x"},
            "pickup_type": "self", "dropoff_type": "branch",
            "sender": {"name": "a", "phone": "1", "address": "x", "region": {"id": null, "name": null, "code": null}, "city": {"id": 1, "name": "T", "code": "0101"}, "village": null, "branch": null, "latitude": null, "longitude": null},
            "receiver": {"name": "b", "phone": "2", "phone1": null, "address": "y", "region": null, "city": {"id": "2", "name": "S", "code": 3001}, "village": null, "branch": {"id": 5, "name": "<b>B</b>", "code": "0005"}, "latitude": "41.1", "longitude": 69.2, "stickerData": {"hubName": "H", "cityName": "S", "branchName": "<b>B</b>", "zonaId": "3"}},
            "cargo": {"weight": "3.000", "volume": "0", "piece": "1", "package": {"id": 7, "name": "Box"}, "postType": null, "postTypes": [], "options": {"with_partner": null, "urgent": 0, "takePhoto": "0", "bringBackWaybill": 0, "bringBackMoney": "0", "back_money": "0"}},
            "cost": "25000.00", "senderDate": "2026-11-22", "receiverDate": "2026-11-24", "declarations": [], "goods": [], "inn": 123456789, "ready_to_take": false, "tracking": "https://t/x"
        });
        let r: OrderRecord = serde_json::from_value(v).unwrap();
        assert_eq!(r.order_id, 77);
        assert_eq!(r.status.code, OrderStatus::AtSender);
        assert_eq!(
            r.receiver.city.as_ref().unwrap().code.as_deref(),
            Some("3001")
        );
        assert_eq!(r.receiver.sticker_data.unwrap().zona_id, Some(3));
        assert_eq!(r.cargo.weight.grams(), 3000);
        assert_eq!(r.inn.as_deref(), Some("123456789"));
    }
}
