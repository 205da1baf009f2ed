//! Wire types of the legacy interface (`{base_url}?r=route`): token, orders, goods, price,
//! status, history, cancellation.

use super::codes::{Delivery, LegacyStatus};
use super::directory::IdName;
use super::lenient::{flag, int_as_string, int_or_string, opt_int, service_datetime};
use super::quantity::{
    Sum, Weight, opt_decimal, opt_decimal_string, opt_sum, sum_decimal_string, sum_string,
    weight_decimal_string,
};
use chrono::{NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};

/// `v1/auth/get-token` request.
#[derive(Clone, Serialize, Deserialize, PartialEq)]
pub struct TokenRequest {
    pub username: String,
    pub password: String,
    pub inn: String,
}

/// The password never reaches a log.
impl std::fmt::Debug for TokenRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenRequest")
            .field("username", &self.username)
            .field("password", &"<hidden>")
            .field("inn", &self.inn)
            .finish()
    }
}

/// `data` of the token envelope.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TokenData {
    pub token: String,
}

/// An item line (`postTypes[]`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ItemLine {
    pub name: String,
    #[serde(default)]
    pub code: String,
    #[serde(with = "int_or_string")]
    pub count: i64,
    pub cost: Sum,
}

impl ItemLine {
    /// The service keeps at most this many characters of an item's name.
    pub const NAME_MAX: usize = 20;
}

/// A goods line of the electronic cash receipt.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OptionGood {
    /// Id of the good together with the shipment (current interface only).
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(rename = "mxikGoodsId", with = "int_or_string")]
    pub mxik_goods_id: i64,
    #[serde(with = "int_or_string")]
    pub amount: i64,
    #[serde(rename = "goodPrice")]
    pub good_price: Sum,
}

/// `options[]`: optionId 2 asks for an electronic cash receipt.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OrderOption {
    #[serde(rename = "optionId", with = "int_or_string")]
    pub option_id: i64,
    #[serde(default)]
    pub goods: Vec<OptionGood>,
}

impl OrderOption {
    pub const ELECTRONIC_RECEIPT: i64 = 2;

    pub fn total(&self) -> Sum {
        Sum(self.goods.iter().map(|g| g.amount * g.good_price.0).sum())
    }
}

/// Cash on delivery as the wire writes it: `bringBackMoney` is the flag 1 with the amount in
/// `back_money`, or (some integrators) the amount itself.
pub fn cash_on_delivery(bring_back_money: i64, back_money: Option<Sum>) -> Option<Sum> {
    match bring_back_money {
        0 => None,
        1 => Some(back_money.unwrap_or(Sum::ZERO)),
        amount if amount > 1 => Some(Sum(amount)),
        _ => None,
    }
}

/// Fields accepted by `v1/order/add` and `v1/order/edit` (edit adds `orderId`).
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OrderInput {
    #[serde(with = "opt_int", default)]
    pub order_id: Option<i64>,
    #[serde(with = "int_or_string")]
    pub sender_city_id: i64,
    pub sender_address: String,
    pub sender_delivery: Option<Delivery>,
    pub sender_real: String,
    pub sender_phone: String,
    pub weight: Weight,
    #[serde(with = "int_or_string")]
    pub package_id: i64,
    #[serde(with = "int_or_string")]
    pub post_type_id: i64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub post_types: Vec<ItemLine>,
    pub receiver: String,
    pub receiver_address: String,
    pub receiver_delivery: Option<Delivery>,
    #[serde(with = "int_or_string")]
    pub receiver_city_id: i64,
    #[serde(rename = "receiver_branch_id", with = "opt_int", default)]
    pub receiver_branch_id: Option<i64>,
    pub client_id: Option<String>,
    #[serde(with = "opt_decimal", default)]
    pub volume: Option<f64>,
    #[serde(with = "flag", default)]
    pub take_photo: bool,
    #[serde(rename = "is_test", with = "flag", default)]
    pub is_test: bool,
    pub sender_sign: Option<String>,
    pub receiver_sign: Option<String>,
    #[serde(with = "opt_int", default)]
    pub piece: Option<i64>,
    pub sender_date: Option<NaiveDate>,
    pub receiver_date: Option<NaiveDate>,
    pub receiver_phone: String,
    pub receiver_phone1: Option<String>,
    #[serde(with = "opt_int", default)]
    pub bring_back_money: Option<i64>,
    #[serde(rename = "back_money", with = "opt_sum", default)]
    pub back_money: Option<Sum>,
    #[serde(with = "flag", default)]
    pub bring_back_waybill: bool,
    pub additional_info: Option<String>,
    pub label_encode: Option<String>,
    #[serde(rename = "wcs_code")]
    pub wcs_code: Option<String>,
    pub tracking: Option<String>,
    pub label_sticker: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<OrderOption>,
}

impl OrderInput {
    pub fn cash_on_delivery(&self) -> Option<Sum> {
        cash_on_delivery(self.bring_back_money.unwrap_or(0), self.back_money)
    }
}

/// `{id, info}` status of an order record.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StatusInfoRef {
    pub id: LegacyStatus,
    pub info: String,
}

/// `{id, name}` status of track and cancel answers.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StatusRef {
    pub id: LegacyStatus,
    pub name: String,
}

/// `{id, name, regionId}`: sender city and branches in the record.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PlaceRef {
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(
        rename = "regionId",
        with = "opt_int",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub region_id: Option<i64>,
}

/// The part of the order record shared by create/edit and detail answers.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OrderCore {
    #[serde(default)]
    pub client_id: Option<String>,
    #[serde(rename = "wcs_code", default)]
    pub wcs_code: Option<String>,
    pub customer: IdName,
    pub status: StatusInfoRef,
    pub sender_region: PlaceRef,
    pub receiver_region: PlaceRef,
    pub sender_city: PlaceRef,
    pub receiver_city: PlaceRef,
    #[serde(default)]
    pub sender_branch: Option<PlaceRef>,
    #[serde(default)]
    pub receiver_branch: Option<PlaceRef>,
    pub sender_delivery: Delivery,
    pub receiver_delivery: Delivery,
    pub sender_address: String,
    pub sender_real: String,
    pub sender_phone: String,
    pub receiver: String,
    pub receiver_address: String,
    pub receiver_phone: String,
    #[serde(default)]
    pub receiver_phone1: Option<String>,
    pub package: IdName,
    pub post_type: IdName,
    #[serde(with = "sum_decimal_string")]
    pub cost: Sum,
    #[serde(with = "weight_decimal_string")]
    pub weight: Weight,
    #[serde(with = "int_or_string")]
    pub piece: i64,
    #[serde(with = "flag", default)]
    pub take_photo: bool,
    pub sender_date: NaiveDate,
    pub receiver_date: NaiveDate,
    pub barcode: String,
}

/// The record answered by `v1/order/add` and `v1/order/edit`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OrderRecord {
    #[serde(with = "int_or_string")]
    pub order_id: i64,
    #[serde(flatten)]
    pub core: OrderCore,
    #[serde(with = "opt_decimal", default)]
    pub volume: Option<f64>,
    /// URL of the label file.
    #[serde(default)]
    pub label_encode: Option<String>,
    #[serde(default)]
    pub label_sticker: Option<String>,
    #[serde(default)]
    pub tracking: Option<String>,
}

/// The record answered by `v1/order/detail`: `orderId` and `volume` are strings here, and
/// `labelEncode` holds the encoded file itself.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetail {
    #[serde(with = "int_as_string")]
    pub order_id: i64,
    #[serde(flatten)]
    pub core: OrderCore,
    #[serde(with = "opt_decimal_string", default)]
    pub volume: Option<f64>,
    #[serde(default)]
    pub label_encode: Option<String>,
    #[serde(with = "opt_int", default)]
    pub urgent: Option<i64>,
    #[serde(default)]
    pub sender_sign: Option<String>,
    #[serde(default)]
    pub receiver_sign: Option<String>,
}

/// `v1/order/reg-good` request.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct GoodInput {
    pub spic: String,
    pub name: String,
    pub units: String,
    #[serde(rename = "goodPrice")]
    pub good_price: Sum,
}

/// A registered good as `list-goods` answers it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct RegisteredGood {
    pub id: i64,
    pub spic: String,
    pub name: String,
    pub units: String,
    #[serde(rename = "goodPrice")]
    pub good_price: Sum,
}

/// The same good as the registration answers it (`goodPrice` as a string).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct RegisteredGoodReceipt {
    pub id: i64,
    pub spic: String,
    pub name: String,
    pub units: String,
    #[serde(rename = "goodPrice", with = "sum_string")]
    pub good_price: Sum,
}

impl From<RegisteredGoodReceipt> for RegisteredGood {
    fn from(r: RegisteredGoodReceipt) -> Self {
        RegisteredGood {
            id: r.id,
            spic: r.spic,
            name: r.name,
            units: r.units,
            good_price: r.good_price,
        }
    }
}

/// `v1/order/calculate` request.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CalculateRequest {
    #[serde(with = "int_or_string")]
    pub sender_city_id: i64,
    #[serde(with = "int_or_string")]
    pub receiver_city_id: i64,
    pub weight: Weight,
    #[serde(with = "opt_decimal", default)]
    pub volume: Option<f64>,
    pub sender_date: Option<NaiveDate>,
    pub sender_delivery: Option<Delivery>,
    pub receiver_delivery: Option<Delivery>,
}

/// `v1/order/calculate` answer.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CalculateResponse {
    #[serde(rename = "summaryPrice")]
    pub summary_price: Sum,
    #[serde(rename = "requestData")]
    pub request_data: CalculateRequest,
}

/// `v1/order/track` answer.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TrackResponse {
    #[serde(rename = "orderId", with = "int_or_string")]
    pub order_id: i64,
    pub status: StatusRef,
}

/// `v1/order/cancel` answer (`orderId` as a string).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CancelResponse {
    #[serde(rename = "orderId", with = "int_as_string")]
    pub order_id: i64,
    pub status: StatusRef,
}

/// One entry of `v1/order/history`.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct HistoryEntry {
    pub message: String,
    /// Epoch seconds.
    #[serde(with = "int_or_string")]
    pub timestamp: i64,
    pub status_id: LegacyStatus,
    #[serde(default)]
    pub location: String,
    #[serde(rename = "trackingLink")]
    pub tracking_link: Option<String>,
}

/// One entry of `v1/order/cancellation`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CancellationReason {
    pub employee: String,
    pub description: String,
    #[serde(with = "service_datetime")]
    pub date: NaiveDateTime,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cod_accepts_flag_with_amount_and_amount_alone() {
        assert_eq!(cash_on_delivery(1, Some(Sum(50000))), Some(Sum(50000)));
        assert_eq!(cash_on_delivery(50000, None), Some(Sum(50000)));
        assert_eq!(cash_on_delivery(0, Some(Sum(5))), None);
    }

    #[test]
    fn detail_and_create_forms_both_decode() {
        let core = json!({
            "clientId": "A-1", "wcs_code": "W1", "customer": {"id": 1, "name": "Demo"},
            "status": {"id": 1, "info": "At the sender"},
            "senderRegion": {"id": 6, "name": "Toshkent shahri"}, "receiverRegion": {"id": 8, "name": "Samarqand"},
            "senderCity": {"id": 101, "name": "Toshkent", "regionId": 6}, "receiverCity": {"id": 45, "name": "Samarqand"},
            "senderBranch": null, "receiverBranch": {"id": 3, "name": "B", "regionId": 8},
            "senderDelivery": 1, "receiverDelivery": 0, "senderAddress": "a", "senderReal": "s",
            "senderPhone": "+998 90 1234567", "receiver": "r", "receiverAddress": "b", "receiverPhone": "+998 91 7654321",
            "receiverPhone1": null, "package": {"id": 7, "name": "Box"}, "postType": {"id": 4, "name": "Documents"},
            "cost": "25000.00", "weight": "3.000", "piece": 1, "takePhoto": 0,
            "senderDate": "2026-11-22", "receiverDate": "2026-11-24", "barcode": "019914293640"
        });
        let mut created = core.clone();
        created["orderId"] = json!(4293640);
        created["volume"] = json!(6000);
        let r: OrderRecord = serde_json::from_value(created).unwrap();
        assert_eq!(r.order_id, 4293640);
        assert_eq!(r.core.cost, Sum(25000));
        assert_eq!(r.core.weight.grams(), 3000);

        let mut detail = core;
        detail["orderId"] = json!("4293640");
        detail["volume"] = json!("6000.000");
        detail["urgent"] = json!(0);
        let d: OrderDetail = serde_json::from_value(detail).unwrap();
        assert_eq!(d.order_id, 4293640);
        assert_eq!(d.volume, Some(6000.0));
        let back = serde_json::to_value(&d).unwrap();
        assert_eq!(back["orderId"], json!("4293640"));
        assert_eq!(back["cost"], json!("25000.00"));
    }

    #[test]
    fn cancellation_date_is_service_format() {
        let c: CancellationReason = serde_json::from_value(json!({"employee": "Operator", "description": "Mijoz rad etdi", "date": "2026-11-22 10:15:00"})).unwrap();
        assert_eq!(
            serde_json::to_value(&c).unwrap()["date"],
            json!("2026-11-22 10:15:00")
        );
    }
}
