//! What a label says about an order, read once from whichever record the service returned (legacy
//! create/edit, legacy detail, current detail), so the layout never looks at wire types.

use super::excerpt::shortened;
use api::codes::{Delivery, DropoffType};
use api::current::{self, strip_markup};
use api::legacy::{OrderCore, OrderDetail, OrderRecord};
use api::quantity::{Sum, Weight};
use chrono::NaiveDate;

/// The receiver's or the sender's side of a label.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Party {
    pub name: String,
    pub phones: Vec<String>,
    pub address: String,
    pub city: String,
    pub region: String,
}

/// Where the receiver gets the parcel.
#[derive(Debug, Clone, PartialEq)]
pub enum Handover {
    Courier,
    /// At an office; its name when the record names it.
    Office(Option<String>),
}

/// The sorting codes the service prints for its hubs (`stickerData`), markup stripped.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SortCodes {
    pub hub: Option<String>,
    pub city: Option<String>,
    pub branch: Option<String>,
    pub zone: Option<i64>,
}

/// Everything printed on one order's labels.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelOrder {
    pub order_id: i64,
    pub barcode: String,
    /// The public tracking link; the QR code is left off when the record has none.
    pub tracking: Option<String>,
    pub receiver: Party,
    pub handover: Handover,
    pub sender: Party,
    pub sort: SortCodes,
    pub weight: Weight,
    pub pieces: u32,
    pub package: String,
    pub shipment: String,
    pub cod: Option<Sum>,
    pub take_photo: bool,
    pub return_waybill: bool,
    pub date: NaiveDate,
    pub client_ref: Option<String>,
    /// The order was cancelled: the label says so across its top.
    pub cancelled: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum OrderReadError {
    #[error("not JSON: {0}")]
    Json(String),
    #[error(
        "not an order record of the service (legacy create/edit/detail or current detail): {0}"
    )]
    Shape(String),
}

fn non_empty(s: Option<&str>) -> Option<String> {
    s.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

fn phones(main: &str, extra: Option<&str>) -> Vec<String> {
    [Some(main), extra]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

fn pieces(n: i64) -> u32 {
    n.clamp(1, 999) as u32
}

impl LabelOrder {
    fn from_legacy_core(order_id: i64, core: &OrderCore, tracking: Option<String>) -> LabelOrder {
        let name = |p: &api::legacy::PlaceRef| p.name.clone().unwrap_or_default();
        LabelOrder {
            order_id,
            barcode: core.barcode.trim().to_string(),
            tracking: tracking.filter(|t| !t.trim().is_empty()),
            receiver: Party {
                name: core.receiver.clone(),
                phones: phones(&core.receiver_phone, core.receiver_phone1.as_deref()),
                address: core.receiver_address.clone(),
                city: name(&core.receiver_city),
                region: name(&core.receiver_region),
            },
            handover: match core.receiver_delivery {
                Delivery::Office => Handover::Office(
                    core.receiver_branch
                        .as_ref()
                        .and_then(|b| non_empty(b.name.as_deref()))
                        .map(|n| strip_markup(&n)),
                ),
                _ => Handover::Courier,
            },
            sender: Party {
                name: core.sender_real.clone(),
                phones: phones(&core.sender_phone, None),
                address: core.sender_address.clone(),
                city: name(&core.sender_city),
                region: name(&core.sender_region),
            },
            sort: SortCodes::default(),
            weight: core.weight,
            pieces: pieces(core.piece),
            package: core.package.name.clone(),
            shipment: core.post_type.name.clone(),
            cod: None,
            take_photo: core.take_photo,
            return_waybill: false,
            date: core.sender_date,
            client_ref: non_empty(core.client_id.as_deref()),
            cancelled: false,
        }
    }

    /// From the legacy create/edit answer (it carries the tracking link).
    pub fn from_legacy_record(r: &OrderRecord) -> LabelOrder {
        Self::from_legacy_core(r.order_id, &r.core, r.tracking.clone())
    }

    /// From the legacy detail answer, which has no tracking link: pass one from the history or
    /// the create answer when known.
    pub fn from_legacy_detail(d: &OrderDetail, tracking: Option<String>) -> LabelOrder {
        Self::from_legacy_core(d.order_id, &d.core, tracking)
    }

    /// From the current interface's detail record.
    pub fn from_current(r: &current::OrderRecord) -> LabelOrder {
        let code_name = |c: &Option<current::CodeRef>| {
            c.as_ref()
                .and_then(|c| non_empty(c.name.as_deref()))
                .map(|n| strip_markup(&n))
                .unwrap_or_default()
        };
        let party = |p: &current::PartyRecord| Party {
            name: p.name.clone(),
            phones: phones(&p.phone, p.phone1.as_deref()),
            address: p.address.clone(),
            city: code_name(&p.city),
            region: code_name(&p.region),
        };
        let sticker = r.receiver.sticker_data.clone().unwrap_or_default();
        let clean = |s: Option<String>| non_empty(s.as_deref()).map(|s| strip_markup(&s));
        let opts = &r.cargo.options;
        let branch = r
            .receiver
            .branch
            .as_ref()
            .and_then(|b| non_empty(b.name.as_deref()))
            .map(|n| strip_markup(&n));
        LabelOrder {
            order_id: r.order_id,
            barcode: r.barcode.trim().to_string(),
            tracking: non_empty(Some(&r.tracking)),
            receiver: party(&r.receiver),
            handover: match (r.dropoff_type, branch) {
                (Some(DropoffType::Branch), b) => Handover::Office(b),
                (None, Some(b)) => Handover::Office(Some(b)),
                _ => Handover::Courier,
            },
            sender: party(&r.sender),
            sort: SortCodes {
                hub: clean(sticker.hub_name),
                city: clean(sticker.city_name),
                branch: clean(sticker.branch_name),
                zone: sticker.zona_id,
            },
            weight: r.cargo.weight,
            pieces: pieces(r.cargo.piece),
            package: r
                .cargo
                .package
                .as_ref()
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            shipment: r
                .cargo
                .post_type
                .as_ref()
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            cod: api::legacy::cash_on_delivery(opts.bring_back_money, opts.back_money),
            take_photo: opts.take_photo,
            return_waybill: opts.bring_back_waybill,
            date: r.sender_date,
            client_ref: non_empty(r.client_id.as_deref()),
            cancelled: false,
        }
    }

    /// Reads the JSON the service returned for an order: the whole answer (`{status, data}`) or
    /// its `data`, from the legacy create/edit, the legacy detail or the current detail route.
    pub fn from_json(text: &str) -> Result<LabelOrder, OrderReadError> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| OrderReadError::Json(shortened(&e.to_string())))?;
        Self::from_value(value)
    }

    pub fn from_value(value: serde_json::Value) -> Result<LabelOrder, OrderReadError> {
        let data = match value.get("data") {
            Some(d) if d.is_object() => d.clone(),
            _ => value,
        };
        if data.get("cargo").is_some() {
            return serde_json::from_value::<current::OrderRecord>(data)
                .map(|r| Self::from_current(&r))
                .map_err(|e| OrderReadError::Shape(shortened(&e.to_string())));
        }
        // The detail answer writes `orderId` as a string; create/edit as a number.
        if data.get("orderId").is_some_and(|v| v.is_string()) {
            return serde_json::from_value::<OrderDetail>(data)
                .map(|d| Self::from_legacy_detail(&d, None))
                .map_err(|e| OrderReadError::Shape(shortened(&e.to_string())));
        }
        serde_json::from_value::<OrderRecord>(data)
            .map(|r| Self::from_legacy_record(&r))
            .map_err(|e| OrderReadError::Shape(shortened(&e.to_string())))
    }

    /// Adds what the legacy records leave out but the form that created the order knows.
    pub fn with_form_facts(mut self, cod: Option<Sum>, return_waybill: bool) -> LabelOrder {
        if self.cod.is_none() {
            self.cod = cod.filter(|c| c.0 > 0);
        }
        self.return_waybill |= return_waybill;
        self
    }
}
