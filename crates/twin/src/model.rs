//! The twin's own records. These are not wire types: each interface renders them into its wire
//! form (`render_legacy.rs`, `render_current.rs`). They serialize to JSON only for `--data`.

use api::codes::{Delivery, Environment, OrderStatus, ParcelStatus};
use api::international::ParcelInput;
use api::legacy::{CancellationReason, ItemLine, OrderOption};
use api::quantity::{Sum, Weight};
use api::warehouse::{ProductInput, PurveyorInput, PurveyorState};
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
pub(crate) struct Customer {
    pub(super) id: i64,
    pub(super) name: &'static str,
    pub(super) inn: &'static str,
    pub(super) legacy: (&'static str, &'static str),
    pub(super) current: (&'static str, &'static str),
    pub(super) wms: (&'static str, &'static str),
}

/// The demo account (documented in the README) and a second company to prove isolation.
pub(crate) const CUSTOMERS: &[Customer] = &[
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

pub(crate) fn customer(id: i64) -> Option<&'static Customer> {
    CUSTOMERS.iter().find(|c| c.id == id)
}

/// Sender or receiver of an order.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct Party {
    pub(super) name: String,
    pub(super) phone: String,
    pub(super) phone1: Option<String>,
    pub(super) address: String,
    pub(super) city_id: i64,
    pub(super) branch_id: Option<i64>,
    pub(super) delivery: Delivery,
    pub(super) latitude: Option<String>,
    pub(super) longitude: Option<String>,
}

/// One status change of an order.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct Event {
    pub(super) at: i64,
    pub(super) status: OrderStatus,
    pub(super) location: String,
    pub(super) message: String,
}

/// Everything an order create/edit carries, already checked, in one normal form for both
/// interfaces.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OrderBody {
    pub(super) client_id: Option<String>,
    pub(super) wcs_code: Option<String>,
    pub(super) sender: Party,
    pub(super) receiver: Party,
    pub(super) weight: Weight,
    pub(super) volume: Option<f64>,
    pub(super) piece: i64,
    pub(super) package_id: i64,
    pub(super) post_type_id: i64,
    pub(super) items: Vec<ItemLine>,
    pub(super) options: Vec<OrderOption>,
    pub(super) take_photo: bool,
    pub(super) bring_back_waybill: bool,
    /// Cash on delivery amount.
    pub(super) cod: Option<Sum>,
    pub(super) additional_info: Option<String>,
    pub(super) is_test: bool,
    pub(super) sender_sign: Option<String>,
    pub(super) receiver_sign: Option<String>,
    pub(super) sender_date: NaiveDate,
    pub(super) receiver_date: Option<NaiveDate>,
    pub(super) ready_to_take: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Order {
    pub(super) id: i64,
    pub(super) customer_id: i64,
    pub(super) via: Iface,
    pub(super) barcode: String,
    pub(super) body: OrderBody,
    pub(super) receiver_date: NaiveDate,
    pub(super) cost: Sum,
    pub(super) status: OrderStatus,
    pub(super) history: Vec<Event>,
    pub(super) cancellations: Vec<CancellationReason>,
    pub(super) created_at: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Good {
    pub(super) id: i64,
    pub(super) customer_id: i64,
    pub(super) spic: String,
    pub(super) name: String,
    pub(super) units: String,
    pub(super) price: Sum,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Parcel {
    pub(super) customer_id: i64,
    pub(super) input: ParcelInput,
    pub(super) status: ParcelStatus,
    pub(super) created_at: i64,
    pub(super) manifest: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    pub(super) customer_id: i64,
    pub(super) number: String,
    pub(super) parcels: Vec<String>,
    pub(super) date: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct WebhookReg {
    pub(super) customer_id: i64,
    pub(super) url: String,
    pub(super) has_token: bool,
    pub(super) environment: Environment,
    pub(super) api_key: Option<String>,
    pub(super) via: Iface,
    pub(super) date: String,
    /// The body form this receiver accepted last, when it refused the other one.
    #[serde(default)]
    pub(super) body: Option<BodyForm>,
}

/// How a notification's body is written.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum BodyForm {
    /// A plain JSON body (the legacy interface's deliveries).
    Json,
    /// Form-data with the JSON in the field `text` (the current interface's).
    Form,
}

impl BodyForm {
    /// The other form, for a receiver that refused this one.
    pub(super) fn other(self) -> BodyForm {
        match self {
            BodyForm::Json => BodyForm::Form,
            BodyForm::Form => BodyForm::Json,
        }
    }
}

/// A warehouse record (a supplier/buyer or a product): the fields as sent, owned by one customer,
/// new until confirmed.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct WmsRec<I> {
    pub(super) id: i64,
    pub(super) customer_id: i64,
    pub(super) input: I,
    #[serde(default)]
    pub(super) state: PurveyorState,
    /// Deleted records stay (the server deletes softly) but are no longer served.
    #[serde(default)]
    pub(super) deleted: bool,
}

pub(crate) type PurveyorRec = WmsRec<PurveyorInput>;

pub(crate) type ProductRec = WmsRec<ProductInput>;

/// One attempt to deliver a webhook notification, for `GET /sandbox/webhooks/deliveries`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct WebhookAttempt {
    pub(super) order_id: i64,
    pub(super) url: String,
    pub(super) attempt: u32,
    pub(super) status: Option<u16>,
    pub(super) error: Option<String>,
    pub(super) at: i64,
}
