//! The twin's own records. These are not wire types: each interface renders them into its wire
//! form (`render_legacy.rs`, `render_current.rs`). They serialize to JSON only for `--data`.

use crate::api::codes::{Delivery, Environment, OrderStatus, ParcelStatus};
use crate::api::international::ParcelInput;
use crate::api::legacy::{CancellationReason, ItemLine, OrderOption};
use crate::api::quantity::{Sum, Weight};
use crate::api::warehouse::{ProductInput, PurveyorInput, PurveyorState};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// Which interface a record came through (decides the webhook body format, among others).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Iface {
    Legacy,
    Current,
    Warehouse,
}

/// A company account with its credentials on each interface.
#[derive(Debug, Clone)]
pub struct Customer {
    pub id: i64,
    pub name: &'static str,
    pub inn: &'static str,
    pub legacy: (&'static str, &'static str),
    pub current: (&'static str, &'static str),
    pub wms: (&'static str, &'static str),
}

/// The demo account (documented in the README) and a second company to prove isolation.
pub const CUSTOMERS: &[Customer] = &[
    Customer {
        id: 1,
        name: "Demo Savdo MChJ",
        inn: "123456789",
        legacy: ("demo", "demo12345"),
        current: ("demo", "demo12345"),
        wms: ("123456789", "demo12345"),
    },
    Customer {
        id: 2,
        name: "Ikkinchi Doʻkon MChJ",
        inn: "987654321",
        legacy: ("shop2", "shop2pass"),
        current: ("shop2", "shop2pass"),
        wms: ("987654321", "shop2pass"),
    },
];

pub fn customer(id: i64) -> Option<&'static Customer> {
    CUSTOMERS.iter().find(|c| c.id == id)
}

/// Sender or receiver of an order.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Party {
    pub name: String,
    pub phone: String,
    pub phone1: Option<String>,
    pub address: String,
    pub city_id: i64,
    pub branch_id: Option<i64>,
    pub delivery: Delivery,
    pub latitude: Option<String>,
    pub longitude: Option<String>,
}

/// One status change of an order.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Event {
    pub at: i64,
    pub status: OrderStatus,
    pub location: String,
    pub message: String,
}

/// Everything an order create/edit carries, already checked, in one normal form for both
/// interfaces.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OrderBody {
    pub client_id: Option<String>,
    pub wcs_code: Option<String>,
    pub sender: Party,
    pub receiver: Party,
    pub weight: Weight,
    pub volume: Option<f64>,
    pub piece: i64,
    pub package_id: i64,
    pub post_type_id: i64,
    pub items: Vec<ItemLine>,
    pub options: Vec<OrderOption>,
    pub take_photo: bool,
    pub bring_back_waybill: bool,
    /// Cash on delivery amount.
    pub cod: Option<Sum>,
    pub additional_info: Option<String>,
    pub is_test: bool,
    pub sender_sign: Option<String>,
    pub receiver_sign: Option<String>,
    pub sender_date: NaiveDate,
    pub receiver_date: Option<NaiveDate>,
    pub ready_to_take: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Order {
    pub id: i64,
    pub customer_id: i64,
    pub via: Iface,
    pub barcode: String,
    pub body: OrderBody,
    pub receiver_date: NaiveDate,
    pub cost: Sum,
    pub status: OrderStatus,
    pub history: Vec<Event>,
    pub cancellations: Vec<CancellationReason>,
    pub created_at: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Good {
    pub id: i64,
    pub customer_id: i64,
    pub spic: String,
    pub name: String,
    pub units: String,
    pub price: Sum,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Parcel {
    pub customer_id: i64,
    pub input: ParcelInput,
    pub status: ParcelStatus,
    pub created_at: i64,
    pub manifest: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    pub customer_id: i64,
    pub number: String,
    pub parcels: Vec<String>,
    pub date: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct WebhookReg {
    pub customer_id: i64,
    pub url: String,
    pub has_token: bool,
    pub environment: Environment,
    pub api_key: Option<String>,
    pub via: Iface,
    pub date: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PurveyorRec {
    pub id: i64,
    pub customer_id: i64,
    pub input: PurveyorInput,
    pub state: PurveyorState,
    /// Deleted records stay (the server deletes softly) but are no longer served.
    #[serde(default)]
    pub deleted: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ProductRec {
    pub id: i64,
    pub customer_id: i64,
    pub input: ProductInput,
    #[serde(default)]
    pub state: PurveyorState,
    #[serde(default)]
    pub deleted: bool,
}

/// One attempt to deliver a webhook notification, for `GET /sandbox/webhooks/deliveries`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct WebhookAttempt {
    pub order_id: i64,
    pub url: String,
    pub attempt: u32,
    pub status: Option<u16>,
    pub error: Option<String>,
    pub at: i64,
}
