//! The order form rebuilt from what the service holds, for an order this desk did not create
//! (its form was never kept here). The legacy detail gives the ids the legacy edit needs; the
//! current interface's detail gives what the legacy one leaves out — cash on delivery with its
//! receipt goods, the return waybill, the item lines — so an edit never drops them unseen.

use crate::domestic::current_edit::ExactPlaces;
use crate::domestic::order_draft::{GoodLine, OrderDraft, Side};
use crate::international::item_draft::ItemDraft;
use api::current::OrderRecord;
use api::legacy::{OrderDetail, cash_on_delivery};

/// Why the form cannot be rebuilt.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RebuildError {
    #[error("the two interfaces describe different orders ({legacy} and {current})")]
    NotTheSameOrder { legacy: i64, current: i64 },
    #[error("the service's record has no {0}")]
    Missing(&'static str),
}

fn day(d: chrono::NaiveDate) -> String {
    d.format("%d.%m.%Y").to_string()
}

/// The form for this order, as both details describe it (its weight written as the clerk of
/// `lang` reads and types it: `2,5` in Uzbek and Russian).
pub(crate) fn draft_from_records(
    legacy: &OrderDetail,
    current: &OrderRecord,
    lang: api::codes::Language,
) -> Result<OrderDraft, RebuildError> {
    if legacy.order_id != current.order_id {
        return Err(RebuildError::NotTheSameOrder {
            legacy: legacy.order_id,
            current: current.order_id,
        });
    }
    let core = &legacy.core;
    let sender_city = core
        .sender_city
        .id
        .ok_or(RebuildError::Missing("sender city"))?;
    let receiver_city = core
        .receiver_city
        .id
        .ok_or(RebuildError::Missing("receiver city"))?;
    let options = &current.cargo.options;
    let cod = cash_on_delivery(options.bring_back_money, options.back_money).is_some();
    Ok(OrderDraft {
        sender: Side {
            city: Some(sender_city),
            address: core.sender_address.clone(),
            name: core.sender_real.clone(),
            phone: core.sender_phone.clone(),
            delivery: core.sender_delivery,
            date: day(core.sender_date),
        },
        receiver: Side {
            city: Some(receiver_city),
            address: core.receiver_address.clone(),
            name: core.receiver.clone(),
            phone: core.receiver_phone.clone(),
            delivery: core.receiver_delivery,
            date: day(core.receiver_date),
        },
        receiver_phone1: core.receiver_phone1.clone().unwrap_or_default(),
        receiver_branch: core.receiver_branch.as_ref().and_then(|b| b.id),
        weight: text::number::kilograms(core.weight.grams(), lang.as_str()),
        length: String::new(),
        width: String::new(),
        height: String::new(),
        known_volume: legacy.volume.filter(|v| *v > 0.0),
        pieces: core.piece.to_string(),
        package_id: Some(core.package.id),
        post_type_id: Some(core.post_type.id),
        take_photo: core.take_photo,
        return_waybill: options.bring_back_waybill,
        client_ref: core.client_id.clone().unwrap_or_default(),
        wcs_code: core.wcs_code.clone().unwrap_or_default(),
        // Neither detail carries the remarks; the field starts empty and is sent only if typed.
        remarks: String::new(),
        is_test: false,
        cod,
        goods: if cod {
            current
                .goods
                .iter()
                .map(|g| GoodLine {
                    good_id: Some(g.mxik_goods_id),
                    amount: g.amount.to_string(),
                    price: g.good_price.0.to_string(),
                })
                .collect()
        } else {
            Vec::new()
        },
        items: current
            .cargo
            .post_types
            .iter()
            .map(|i| ItemDraft {
                name: i.name.clone(),
                code: i.code.clone().unwrap_or_default(),
                count: i.count.to_string(),
                cost: i.cost.0.to_string(),
            })
            .collect(),
        places: ExactPlaces {
            sender_latitude: current.sender.latitude.clone().unwrap_or_default(),
            sender_longitude: current.sender.longitude.clone().unwrap_or_default(),
            receiver_latitude: current.receiver.latitude.clone().unwrap_or_default(),
            receiver_longitude: current.receiver.longitude.clone().unwrap_or_default(),
            ready_to_take: current.ready_to_take,
        },
    })
}
