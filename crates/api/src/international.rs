//! Wire types of international parcels (inbound, legacy interface), manifests, and of the current
//! interface's international price calculation and order list.

use super::codes::{Delivery, ParcelStatus, PickupType};
use super::directory::IdName;
use super::lenient::{flag, int_or_string, opt_code_as_string, opt_int, opt_string};
use super::quantity::{Sum, Weight, opt_decimal, sum_decimal_string, weight_decimal_string};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// A product line of an international parcel; every value travels as a string.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ProductLine {
    #[serde(rename = "ProductDescription")]
    pub description: String,
    #[serde(rename = "ProductDescriptionRu")]
    pub description_ru: String,
    #[serde(rename = "ProductQuantity", with = "super::lenient::string_or_number")]
    pub quantity: String,
    #[serde(rename = "ProductWeight", with = "super::lenient::string_or_number")]
    pub weight: String,
    #[serde(
        rename = "ProductDeclareValue",
        with = "super::lenient::string_or_number"
    )]
    pub declare_value: String,
    #[serde(rename = "ProductUrl")]
    pub url: String,
    #[serde(rename = "ProductUnit")]
    pub unit: super::codes::ProductUnit,
    #[serde(rename = "HsCodeIs", with = "super::lenient::string_or_number")]
    pub hs_code: String,
    #[serde(rename = "ProductModel")]
    pub model: Option<String>,
    #[serde(rename = "ProductImei")]
    pub imei: Option<String>,
}

/// The wire's names of a parcel's fields: where the service keys its problems with them, and
/// the desk its own.
pub mod parcel_field {
    pub const NUMBER: &str = "ParcelNumber";
    pub const SURNAME: &str = "ReceiverSurname";
    pub const FIRST_NAME: &str = "ReceiverFirstName";
    pub const PATRONYMIC: &str = "ReceiverPatronymic";
    pub const PHONE: &str = "ReceiverPhone";
    pub const PHONE1: &str = "ReceiverPhone1";
    pub const PASSPORT_SERIAL: &str = "ReceiverPassposrtSerial";
    pub const PASSPORT_NUMBER: &str = "ReceiverPassposrtNumber";
    pub const PINFL: &str = "ReceiverPinfl";
    pub const ADDRESS: &str = "ReceiverAddress";
    pub const WEIGHT: &str = "ParcelWeight";
    pub const VALUE: &str = "ParcelValue";
    pub const CURRENCY: &str = "ParcelDeclareCurrency";
    pub const CITY: &str = "ReceiverCityId";
    pub const BRANCH: &str = "ReceiverBranchId";
    pub const DELIVERY: &str = "ReceiverDelivery";
    pub const PRODUCTS: &str = "products";
}

/// The wire's names of a product line's fields.
pub mod line_field {
    pub const DESCRIPTION: &str = "ProductDescription";
    pub const DESCRIPTION_RU: &str = "ProductDescriptionRu";
    pub const QUANTITY: &str = "ProductQuantity";
    pub const WEIGHT: &str = "ProductWeight";
    pub const VALUE: &str = "ProductDeclareValue";
    pub const URL: &str = "ProductUrl";
    pub const UNIT: &str = "ProductUnit";
    pub const HS_CODE: &str = "HsCodeIs";
    pub const MODEL: &str = "ProductModel";
    pub const IMEI: &str = "ProductImei";
}

/// The fields every parcel must carry (the contract's required ones).
pub const PARCEL_REQUIRED: [&str; 10] = {
    use parcel_field::*;
    [
        NUMBER,
        PHONE,
        SURNAME,
        FIRST_NAME,
        PASSPORT_SERIAL,
        PASSPORT_NUMBER,
        PINFL,
        WEIGHT,
        CURRENCY,
        DELIVERY,
    ]
};

/// The fields every product line of a parcel must carry (the contract's required ones).
pub const PARCEL_LINE_REQUIRED: [&str; 8] = {
    use line_field::*;
    [
        DESCRIPTION,
        DESCRIPTION_RU,
        QUANTITY,
        WEIGHT,
        VALUE,
        URL,
        UNIT,
        HS_CODE,
    ]
};

/// `v1/international/add` request (and the echo in its answer).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct ParcelInput {
    pub parcel_number: String,
    pub receiver_phone: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_phone1: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_patronymic: Option<String>,
    pub receiver_surname: String,
    pub receiver_first_name: String,
    /// The contract spells it "Passposrt".
    #[serde(rename = "ReceiverPassposrtSerial")]
    pub passport_serial: String,
    #[serde(
        rename = "ReceiverPassposrtNumber",
        with = "super::lenient::string_or_number"
    )]
    pub passport_number: String,
    #[serde(rename = "ReceiverPinfl", with = "super::lenient::string_or_number")]
    pub pinfl: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_address: Option<String>,
    #[serde(
        rename = "ReceiverCustomsAgree",
        with = "opt_string",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub customs_agree: Option<String>,
    #[serde(rename = "ParcelWeight", with = "weight_decimal_string")]
    pub weight: Weight,
    #[serde(
        rename = "ParcelValue",
        with = "opt_string",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub value: Option<String>,
    #[serde(rename = "ParcelDeclareCurrency")]
    pub currency: String,
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub receiver_city_id: Option<i64>,
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub receiver_branch_id: Option<i64>,
    #[serde(with = "opt_code_as_string")]
    pub receiver_delivery: Option<Delivery>,
    #[serde(rename = "products", default, skip_serializing_if = "Vec::is_empty")]
    pub products: Vec<ProductLine>,
}

impl ParcelInput {
    /// The receiver's full name as papers and lists show it: surname, first name, patronymic.
    pub fn receiver_name(&self) -> String {
        [
            Some(self.receiver_surname.as_str()),
            Some(self.receiver_first_name.as_str()),
            self.receiver_patronymic.as_deref(),
        ]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ParcelBranch {
    #[serde(rename = "ReceiverBranchId", with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(default)]
    pub name: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ParcelCity {
    #[serde(rename = "ReceiverCityId", with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(default)]
    pub name: Option<String>,
}

/// `v1/international/add` answer: the parcel echoed with its branch and city.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ParcelCreated {
    #[serde(flatten)]
    pub parcel: ParcelInput,
    #[serde(default)]
    pub branch: Option<ParcelBranch>,
    #[serde(default)]
    pub city: Option<ParcelCity>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ParcelStatusRef {
    pub code: ParcelStatus,
    pub message: String,
}

/// `v1/international/track-by-barcode` answer.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ParcelTrack {
    pub barcode: String,
    pub status: ParcelStatusRef,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ManifestParcel {
    #[serde(rename = "ParcelNumber")]
    pub parcel_number: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ManifestDetails {
    #[serde(rename = "ParcelsCount", with = "super::lenient::string_or_number")]
    pub parcels_count: String,
    #[serde(rename = "Date")]
    pub date: String,
}

/// `v1/international/manifest` request.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ManifestInput {
    #[serde(rename = "ManifestNumber")]
    pub manifest_number: String,
    #[serde(rename = "Parcels")]
    pub parcels: Vec<ManifestParcel>,
    #[serde(rename = "ManifestDetails")]
    pub details: ManifestDetails,
}

/// `v1/international/manifest` answer.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ManifestResult {
    pub success: bool,
    pub message: String,
}

/// `/v1/order-calculate/international` request.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct IntlCalcRequest {
    pub weight: Weight,
    #[serde(with = "opt_decimal", default, skip_serializing_if = "Option::is_none")]
    pub volume: Option<f64>,
    #[serde(with = "int_or_string")]
    pub sender_city_id: i64,
    #[serde(with = "int_or_string")]
    pub receiver_country_id: i64,
    #[serde(with = "int_or_string")]
    pub receiver_city_id: i64,
    #[serde(with = "int_or_string")]
    pub post_type_id: i64,
    pub pickup_type: PickupType,
    #[serde(default)]
    pub receiver_delivery: Option<Delivery>,
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender_date: Option<NaiveDate>,
    #[serde(with = "flag", default)]
    pub is_company: bool,
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub customer_id: Option<i64>,
}

/// `requestData` echoed by the international calculation.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct IntlCalcEcho {
    pub sender_date: NaiveDate,
    pub pickup_type: PickupType,
    #[serde(with = "int_or_string")]
    pub sender_city_id: i64,
    #[serde(with = "int_or_string")]
    pub receiver_country_id: i64,
    #[serde(with = "int_or_string")]
    pub receiver_city_id: i64,
    pub receiver_delivery: Option<Delivery>,
    pub weight: Weight,
    #[serde(with = "opt_decimal")]
    pub volume: Option<f64>,
    #[serde(with = "int_or_string")]
    pub post_type_id: i64,
    #[serde(with = "int_or_string")]
    pub piece: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct IntlCalcResponse {
    #[serde(rename = "summaryPrice")]
    pub summary_price: Sum,
    #[serde(rename = "requestData")]
    pub request_data: IntlCalcEcho,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct IntlStatus {
    pub id: i64,
    pub info: String,
}

#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct IntlCity {
    pub id: i64,
    pub name: String,
    #[serde(rename = "regionId", with = "opt_int", default)]
    pub region_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct IntlSender {
    #[serde(rename = "senderReal")]
    pub sender_real: String,
    #[serde(rename = "senderDate")]
    pub sender_date: NaiveDate,
    pub region: IdName,
    pub city: IntlCity,
    pub branch: Option<IdName>,
    pub address: String,
    pub phone: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct IntlReceiver {
    pub name: String,
    pub receiver_phone: String,
    #[serde(default)]
    pub receiver_phone1: Option<String>,
    pub receiver_delivery: Delivery,
    pub receiver_date: NaiveDate,
    pub country: IdName,
    pub city: IdName,
    pub address: String,
    #[serde(default)]
    pub province: Option<String>,
    #[serde(rename = "postal_code", default)]
    pub postal_code: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct IntlMail {
    #[serde(with = "weight_decimal_string")]
    pub weight: Weight,
    #[serde(with = "int_or_string")]
    pub piece: i64,
    #[serde(with = "super::lenient::string_or_number")]
    pub volume: String,
    pub package: IdName,
    #[serde(rename = "postType")]
    pub post_type: IdName,
    #[serde(rename = "postTypeOther", default)]
    pub post_type_other: Option<String>,
}

/// One item of `/v1/order/international-list`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct IntlOrder {
    #[serde(with = "int_or_string")]
    pub order_id: i64,
    pub barcode: String,
    #[serde(default)]
    pub client_id: Option<String>,
    pub customer: IdName,
    pub status: IntlStatus,
    #[serde(with = "sum_decimal_string")]
    pub cost: Sum,
    pub pickup_type: PickupType,
    pub sender: IntlSender,
    pub receiver: IntlReceiver,
    pub mail: IntlMail,
}

/// Query of `/v1/order/international-list`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IntlListQuery {
    pub begin_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub page: Option<u32>,
    pub per_page: Option<u32>,
}
