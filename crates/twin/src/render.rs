//! Renders the twin's records into the wire types of each interface, so that the one order is
//! seen through the legacy record (ids and `{id, info}`) and the current record (codes, nested).

use super::links::Links;
use super::model::{Order, Party};
use super::seed::{Seed, legacy_status_name, order_status_name};
use super::world::tracking_link;
use api::codes::{DropoffType, Language, PickupType};
use api::current::{
    self, CargoOptions, CargoRecord, CodeRef, GoodRecord, ItemRecord, PartyRecord, StatusCodeInfo,
    StickerData,
};
use api::directory::IdName;
use api::legacy::{self as wire, OrderCore, PlaceRef, StatusInfoRef};
use base64::Engine;

fn region_ref(seed: &Seed, city_id: i64, lang: Language) -> PlaceRef {
    let r = seed.city(city_id).and_then(|c| seed.region(c.region_id));
    PlaceRef {
        id: r.map(|r| r.id),
        name: r.map(|r| r.name.get(lang).to_string()),
        region_id: None,
    }
}

fn city_ref(seed: &Seed, city_id: i64, lang: Language, with_region: bool) -> PlaceRef {
    let c = seed.city(city_id);
    PlaceRef {
        id: Some(city_id),
        name: c.map(|c| c.name.get(lang).to_string()),
        region_id: if with_region {
            c.map(|c| c.region_id)
        } else {
            None
        },
    }
}

fn branch_ref(seed: &Seed, branch_id: Option<i64>, lang: Language) -> Option<PlaceRef> {
    let b = seed.branch(branch_id?)?;
    Some(PlaceRef {
        id: Some(b.id),
        name: Some(b.name.get(lang).to_string()),
        region_id: Some(b.region_id),
    })
}

fn name_of(n: Option<&super::seed::Name>, lang: Language) -> String {
    n.map(|n| n.get(lang).to_string()).unwrap_or_default()
}

/// The legacy record's core; its cities named in `cities_in` (production names them as its
/// city directory does, in Russian, whatever the language asked).
fn legacy_core(seed: &Seed, o: &Order, lang: Language, cities_in: Language) -> OrderCore {
    let b = &o.body;
    let customer = super::model::customer(o.customer_id);
    OrderCore {
        client_id: b.client_id.clone(),
        wcs_code: b.wcs_code.clone(),
        customer: IdName {
            id: o.customer_id,
            name: customer.map(|c| c.name.to_string()).unwrap_or_default(),
        },
        status: StatusInfoRef {
            id: o.status.legacy(),
            info: legacy_status_name(o.status.legacy(), lang),
        },
        sender_region: region_ref(seed, b.sender.city_id, lang),
        receiver_region: region_ref(seed, b.receiver.city_id, lang),
        sender_city: city_ref(seed, b.sender.city_id, cities_in, true),
        receiver_city: city_ref(seed, b.receiver.city_id, cities_in, false),
        sender_branch: branch_ref(seed, b.sender.branch_id, lang),
        receiver_branch: branch_ref(seed, b.receiver.branch_id, lang),
        sender_delivery: b.sender.delivery,
        receiver_delivery: b.receiver.delivery,
        sender_address: b.sender.address.clone(),
        sender_real: b.sender.name.clone(),
        sender_phone: b.sender.phone.clone(),
        receiver: b.receiver.name.clone(),
        receiver_address: b.receiver.address.clone(),
        receiver_phone: b.receiver.phone.clone(),
        receiver_phone1: b.receiver.phone1.clone(),
        package: IdName {
            id: b.package_id,
            name: name_of(seed.packaging_type(b.package_id), lang),
        },
        post_type: IdName {
            id: b.post_type_id,
            name: name_of(seed.shipment_type(b.post_type_id), lang),
        },
        cost: o.cost,
        weight: b.weight,
        piece: b.piece,
        take_photo: b.take_photo,
        sender_date: b.sender_date,
        receiver_date: o.receiver_date,
        barcode: o.barcode.clone(),
    }
}

/// The create/edit answer of the legacy interface.
pub(crate) fn legacy_record(
    seed: &Seed,
    links: &Links,
    o: &Order,
    (lang, cities_in): (Language, Language),
) -> wire::OrderRecord {
    wire::OrderRecord {
        order_id: o.id,
        core: legacy_core(seed, o, lang, cities_in),
        volume: o.body.volume,
        label_encode: Some(links.label(o.customer_id, o.id)),
        label_sticker: Some(links.label(o.customer_id, o.id)),
        tracking: Some(tracking_link(links.base(), o.id, &o.barcode)),
    }
}

/// The detail answer of the legacy interface: `labelEncode` carries the label file itself.
pub(crate) fn legacy_detail(
    seed: &Seed,
    base: &str,
    o: &Order,
    (lang, cities_in): (Language, Language),
) -> wire::OrderDetail {
    let pdf = super::label_pdf::render(seed, base, o);
    wire::OrderDetail {
        order_id: o.id,
        core: legacy_core(seed, o, lang, cities_in),
        volume: Some(o.body.volume.unwrap_or(0.0)),
        label_encode: Some(base64::engine::general_purpose::STANDARD.encode(pdf)),
        urgent: Some(0),
        sender_sign: o.body.sender_sign.clone(),
        receiver_sign: o.body.receiver_sign.clone(),
    }
}

fn code_ref_region(seed: &Seed, city_id: i64, lang: Language) -> Option<CodeRef> {
    let r = seed.city(city_id).and_then(|c| seed.region(c.region_id))?;
    Some(CodeRef {
        id: Some(r.id),
        name: Some(r.name.get(lang).to_string()),
        code: Some(r.code.to_string()),
    })
}

fn code_ref_city(seed: &Seed, city_id: i64, lang: Language) -> Option<CodeRef> {
    let c = seed.city(city_id)?;
    Some(CodeRef {
        id: Some(c.id),
        name: Some(c.name.get(lang).to_string()),
        code: Some(c.code.clone()),
    })
}

fn code_ref_branch(seed: &Seed, branch_id: Option<i64>, lang: Language) -> Option<CodeRef> {
    let b = seed.branch(branch_id?)?;
    Some(CodeRef {
        id: Some(b.id),
        name: Some(b.name.get(lang).to_string()),
        code: Some(b.code.clone()),
    })
}

fn party_record(seed: &Seed, p: &Party, lang: Language, sticker: bool) -> PartyRecord {
    let city = seed.city(p.city_id);
    let region = city.and_then(|c| seed.region(c.region_id));
    let branch = p.branch_id.and_then(|id| seed.branch(id));
    PartyRecord {
        name: p.name.clone(),
        phone: p.phone.clone(),
        phone1: if sticker { p.phone1.clone() } else { None },
        address: p.address.clone(),
        region: code_ref_region(seed, p.city_id, lang),
        city: code_ref_city(seed, p.city_id, lang),
        village: None,
        branch: code_ref_branch(seed, p.branch_id, lang),
        latitude: p.latitude.clone(),
        longitude: p.longitude.clone(),
        sticker_data: sticker.then(|| StickerData {
            hub_name: region.map(|r| format!("{} HUB", r.name.get(lang))),
            city_name: city.map(|c| c.name.get(lang).to_string()),
            // The service marks the branch name up; clients strip it before printing.
            branch_name: Some(match branch {
                Some(b) => format!("<b>{}</b>", b.name.get(lang)),
                None => "<b>Kuryer</b>".into(),
            }),
            zona_id: region.map(|r| r.group as i64 + 1),
        }),
    }
}

/// The order record of the current interface.
pub(crate) fn current_record(
    seed: &Seed,
    base: &str,
    o: &Order,
    lang: Language,
    goods: &[super::model::Good],
) -> current::OrderRecord {
    let b = &o.body;
    let customer = super::model::customer(o.customer_id);
    let bring_back_money = if b.cod.is_some() { 1 } else { 0 };
    current::OrderRecord {
        order_id: o.id,
        client_id: b.client_id.clone(),
        wcs_code: b.wcs_code.clone(),
        barcode: o.barcode.clone(),
        customer: IdName {
            id: o.customer_id,
            name: customer.map(|c| c.name.to_string()).unwrap_or_default(),
        },
        status: StatusCodeInfo {
            code: o.status,
            info: order_status_name(o.status, lang),
        },
        pickup_type: if b.sender.delivery.is_courier() {
            PickupType::Courier
        } else {
            PickupType::SelfDropOff
        },
        dropoff_type: Some(if b.receiver.delivery.is_courier() {
            DropoffType::Courier
        } else {
            DropoffType::Branch
        }),
        sender: party_record(seed, &b.sender, lang, false),
        receiver: party_record(seed, &b.receiver, lang, true),
        cargo: CargoRecord {
            weight: b.weight,
            volume: b.volume,
            piece: b.piece,
            package: Some(IdName {
                id: b.package_id,
                name: name_of(seed.packaging_type(b.package_id), lang),
            }),
            post_type: Some(IdName {
                id: b.post_type_id,
                name: name_of(seed.shipment_type(b.post_type_id), lang),
            }),
            post_types: b
                .items
                .iter()
                .enumerate()
                .map(|(i, it)| ItemRecord {
                    child_id: Some(o.id * 100 + i as i64 + 1),
                    barcode: Some(format!("{}{:02}", o.barcode, i + 1)),
                    package_id: Some(b.package_id),
                    weight: None,
                    name: it.name.clone(),
                    code: Some(it.code.clone()),
                    count: it.count,
                    cost: it.cost,
                })
                .collect(),
            options: CargoOptions {
                with_partner: None,
                urgent: false,
                take_photo: b.take_photo,
                bring_back_waybill: b.bring_back_waybill,
                bring_back_money,
                back_money: b.cod,
            },
        },
        cost: o.cost,
        sender_date: b.sender_date,
        receiver_date: o.receiver_date,
        declarations: Vec::new(),
        goods: b
            .options
            .iter()
            .flat_map(|opt| opt.goods.iter())
            .enumerate()
            .map(|(i, g)| {
                let reg = goods.iter().find(|r| r.id == g.mxik_goods_id);
                GoodRecord {
                    id: Some(g.id.unwrap_or(i as i64 + 1)),
                    mxik_goods_id: g.mxik_goods_id,
                    spic: reg.map(|r| r.spic.clone()),
                    name: reg.map(|r| r.name.clone()),
                    amount: g.amount,
                    good_price: g.good_price,
                }
            })
            .collect(),
        inn: customer.map(|c| c.inn.to_string()),
        ready_to_take: b.ready_to_take,
        tracking: tracking_link(base, o.id, &o.barcode),
    }
}
