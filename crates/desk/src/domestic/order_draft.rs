//! What the clerk types into the order form, as a plain value: saved as a draft while typing,
//! checked here before anything is sent, and turned into the legacy order body. The checks name
//! the form's fields; the screen translates the problems.

use crate::domestic::current_edit::{ExactPlaces, coordinates};
use crate::international::item_draft::ItemDraft;
pub use crate::problem::Problem;
use crate::reference::directories::Directories;
use api::codes::Delivery;
use api::legacy::{CalculateRequest, OptionGood, OrderInput, OrderOption};
use api::phone::valid_phone;
use api::quantity::{Sum, Typed, Weight, read_decimal};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use text::day::parse_day;

/// The form's fields (also the keys of [`Problems`]). A field the draft holds is keyed by its
/// own name, checked against the draft when it compiles (`sender.city` is `sender_city`); the
/// rest name a part of the form.
pub mod field {
    use super::OrderDraft;

    /// The key of the draft's field at `path`: the path's names joined by `_`.
    macro_rules! own {
        ($first:ident $(. $rest:ident)*) => {{
            // Never called: it is there so that a path the draft does not have fails to build.
            let _named = |d: &OrderDraft| {
                let _ = &d.$first $(.$rest)*;
            };
            concat!(stringify!($first) $(, "_", stringify!($rest))*)
        }};
    }

    pub const SENDER_CITY: &str = own!(sender.city);
    pub const SENDER_ADDRESS: &str = own!(sender.address);
    pub const SENDER_NAME: &str = own!(sender.name);
    pub const SENDER_PHONE: &str = own!(sender.phone);
    pub const SENDER_DATE: &str = own!(sender.date);
    pub const RECEIVER_CITY: &str = own!(receiver.city);
    pub const RECEIVER_ADDRESS: &str = own!(receiver.address);
    pub const RECEIVER_NAME: &str = own!(receiver.name);
    pub const RECEIVER_PHONE: &str = own!(receiver.phone);
    pub const RECEIVER_DATE: &str = own!(receiver.date);
    pub const RECEIVER_PHONE1: &str = own!(receiver_phone1);
    pub const RECEIVER_BRANCH: &str = own!(receiver_branch);
    pub const WEIGHT: &str = own!(weight);
    pub const PIECES: &str = own!(pieces);
    pub const WCS_CODE: &str = own!(wcs_code);
    pub const CLIENT_REF: &str = own!(client_ref);
    pub const REMARKS: &str = own!(remarks);
    pub const GOODS: &str = own!(goods);
    pub const ITEMS: &str = own!(items);
    pub const PLACES: &str = own!(places);
    /// Length, width and height together.
    pub const DIMENSIONS: &str = "dimensions";
    /// The package and the kind of post, chosen from the directories.
    pub const PACKAGE: &str = "package";
    pub const POST_TYPE: &str = "post_type";
    /// What belongs to no one field.
    pub const GENERAL: &str = "general";

    /// The form field a legacy wire field's error belongs under.
    pub fn from_wire(name: &str) -> &'static str {
        match name {
            "senderCityId" => SENDER_CITY,
            "senderAddress" => SENDER_ADDRESS,
            "senderReal" => SENDER_NAME,
            "senderPhone" => SENDER_PHONE,
            "receiverCityId" => RECEIVER_CITY,
            "receiverAddress" => RECEIVER_ADDRESS,
            "receiver" => RECEIVER_NAME,
            "receiverPhone" => RECEIVER_PHONE,
            "receiverPhone1" => RECEIVER_PHONE1,
            "receiver_branch_id" | "receiverDelivery" => RECEIVER_BRANCH,
            "weight" => WEIGHT,
            "volume" => DIMENSIONS,
            "piece" => PIECES,
            "packageId" => PACKAGE,
            "postTypeId" => POST_TYPE,
            "wcs_code" => WCS_CODE,
            "back_money" | "bringBackMoney" => GOODS,
            "senderDate" => SENDER_DATE,
            // The current interface's nested names.
            "sender.city_code" => SENDER_CITY,
            "sender.name" => SENDER_NAME,
            "sender.phone" => SENDER_PHONE,
            "sender.address" => SENDER_ADDRESS,
            "receiver.city_code" => RECEIVER_CITY,
            "receiver.branch_code" => RECEIVER_BRANCH,
            "receiver.name" => RECEIVER_NAME,
            "receiver.phone" => RECEIVER_PHONE,
            "receiver.phone1" => RECEIVER_PHONE1,
            "receiver.address" => RECEIVER_ADDRESS,
            "cargo.weight" => WEIGHT,
            "cargo.piece" => PIECES,
            "cargo.packageId" => PACKAGE,
            "cargo.postTypeId" => POST_TYPE,
            n if n.ends_with("latitude") || n.ends_with("longitude") => PLACES,
            n if n.starts_with("cargo.postTypes") => ITEMS,
            n if n.starts_with("cargo.options") => GOODS,
            "receiverDate" => RECEIVER_DATE,
            // `options[0].goods[1].amount`, `postTypes[2].name`: the block the line is in.
            n if n.starts_with("options") => GOODS,
            n if n.starts_with("postTypes") => ITEMS,
            _ => GENERAL,
        }
    }
}

pub type Problems = BTreeMap<&'static str, Problem>;

/// One end of the order: the city, the person, how it is handed over and on which day.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Side {
    pub city: Option<i64>,
    pub address: String,
    pub name: String,
    pub phone: String,
    /// How it is handed over: at an office, to a courier, to a courier in a remote village.
    pub delivery: Delivery,
    /// The day as typed (DD.MM.YYYY); blank means the day it is sent.
    pub date: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
// A draft saved by an older version lacks the later fields: they start blank. It is kept with its
// sides flat (see the `Serialize` below).
#[serde(default, remote = "Self")]
pub struct OrderDraft {
    /// Where it is taken from, and who sends it.
    pub sender: Side,
    /// Where it goes, and who receives it (a second phone, and the branch when it is collected
    /// at one, are the receiver's alone).
    pub receiver: Side,
    pub receiver_phone1: String,
    pub receiver_branch: Option<i64>,
    pub weight: String,
    pub length: String,
    pub width: String,
    pub height: String,
    /// The volume (cm³) the service has for an order whose sides were never typed here; typing
    /// L×W×H replaces it.
    pub known_volume: Option<f64>,
    pub pieces: String,
    pub package_id: Option<i64>,
    pub post_type_id: Option<i64>,
    pub take_photo: bool,
    pub return_waybill: bool,
    pub client_ref: String,
    pub wcs_code: String,
    pub remarks: String,
    pub is_test: bool,
    /// Cash on delivery: the money for the goods comes back to the sender.
    pub cod: bool,
    /// The goods of the electronic receipt (needed for cash on delivery).
    pub goods: Vec<GoodLine>,
    /// What is inside, line by line (`postTypes`).
    pub items: Vec<ItemDraft>,
    /// What only the current interface carries (exact places, ready to take).
    pub places: ExactPlaces,
}

/// A draft is kept as it always was, its sides' fields flat beside the rest (`sender_city`,
/// `receiver_date`): a counter of the shop still on an earlier version, or this one rolled back,
/// reads what was typed here, and this one reads what they kept.
impl Serialize for OrderDraft {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut kept = OrderDraft::serialize(self, serde_json::value::Serializer)
            .map_err(serde::ser::Error::custom)?;
        if let Some(fields) = kept.as_object_mut() {
            for side in SIDES {
                if let Some(serde_json::Value::Object(parts)) = fields.remove(side) {
                    for (part, value) in parts {
                        fields.insert(format!("{side}_{part}"), value);
                    }
                }
            }
        }
        kept.serialize(s)
    }
}

impl<'de> Deserialize<'de> for OrderDraft {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<OrderDraft, D::Error> {
        let mut kept = serde_json::Value::deserialize(d)?;
        if let Some(fields) = kept.as_object_mut() {
            for side in SIDES {
                let mut parts = serde_json::Map::new();
                let prefix = format!("{side}_");
                // Only the side's own parts: `receiver_phone1` and `receiver_branch` stay.
                for part in SIDE_PARTS {
                    if let Some(value) = fields.remove(&format!("{prefix}{part}")) {
                        parts.insert(part.to_string(), value);
                    }
                }
                fields.insert(side.to_string(), serde_json::Value::Object(parts));
            }
        }
        OrderDraft::deserialize(kept).map_err(serde::de::Error::custom)
    }
}

/// The draft's two sides, and the parts of each, as they are kept (`sender_city`).
const SIDES: [&str; 2] = ["sender", "receiver"];
const SIDE_PARTS: [&str; 6] = ["city", "address", "name", "phone", "delivery", "date"];

/// One line of the electronic receipt: a registered good, how many, the price of one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GoodLine {
    pub good_id: Option<i64>,
    pub amount: String,
    pub price: String,
}

impl GoodLine {
    fn parsed(&self) -> Option<(i64, i64, Sum)> {
        let amount = self.amount.trim().parse::<i64>().ok().filter(|a| *a > 0)?;
        let price = Sum::parse(&self.price).filter(|p| p.0 > 0)?;
        Some((self.good_id?, amount, price))
    }
}

fn number(text: &str) -> Option<f64> {
    match read_decimal(text) {
        Typed::Number(v) if v >= 0.0 => Some(v),
        _ => None,
    }
}

fn opt(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| t.to_string())
}

impl OrderDraft {
    /// A blank form: one piece, office to office.
    pub fn new() -> OrderDraft {
        OrderDraft {
            pieces: "1".into(),
            ..OrderDraft::default()
        }
    }

    pub fn is_blank(&self) -> bool {
        *self == OrderDraft::new() || *self == OrderDraft::default()
    }

    /// The cash-on-delivery total: the sum of the receipt lines (`None` when a line is unfinished).
    pub fn cod_total(&self) -> Option<Sum> {
        let lines: Option<Vec<_>> = self.goods.iter().map(GoodLine::parsed).collect();
        Some(Sum(lines?.iter().map(|(_, a, p)| a * p.0).sum()))
    }

    /// The volume on record (cm³) while no side is typed; typing one replaces it.
    pub fn volume_on_record(&self) -> Option<f64> {
        let sides = [&self.length, &self.width, &self.height];
        self.known_volume
            .filter(|_| sides.iter().all(|s| s.trim().is_empty()))
    }

    /// Volume in cm³ from L×W×H, when all three are given; the volume on record while none is.
    pub fn volume(&self) -> Option<f64> {
        if let Some(v) = self.volume_on_record() {
            return Some(v);
        }
        Some(number(&self.length)? * number(&self.width)? * number(&self.height)?)
            .filter(|v| *v > 0.0)
    }

    pub fn weight(&self) -> Option<Weight> {
        Weight::parse_kg(&self.weight).filter(|w| w.grams() > 0)
    }

    /// The price request for these inputs, once the cities and the weight are known (and every
    /// side typed reads as a number: a price without the volume typed would be a wrong price).
    pub fn price_request(&self) -> Option<CalculateRequest> {
        if self.unreadable_side() {
            return None;
        }
        Some(CalculateRequest {
            sender_city_id: self.sender.city?,
            receiver_city_id: self.receiver.city?,
            weight: self.weight()?,
            volume: self.volume(),
            sender_date: parse_day(&self.sender.date),
            sender_delivery: Some(self.sender.delivery),
            receiver_delivery: Some(self.receiver.delivery),
        })
    }

    fn unreadable_side(&self) -> bool {
        [&self.length, &self.width, &self.height]
            .iter()
            .any(|d| !d.trim().is_empty() && number(d).is_none())
    }

    /// What keeps these inputs from a price, by field (empty once a price can be asked).
    pub fn price_problems(&self) -> Problems {
        use field::*;
        let mut p = Problems::new();
        if self.sender.city.is_none() {
            p.insert(SENDER_CITY, Problem::Required);
        }
        if self.receiver.city.is_none() {
            p.insert(RECEIVER_CITY, Problem::Required);
        }
        if let Some(problem) = self.weight_problem() {
            p.insert(WEIGHT, problem);
        }
        if self.unreadable_side() {
            p.insert(DIMENSIONS, Problem::Number);
        }
        p
    }

    /// The fields this form cannot be sent without, as it is set now (an office hand-over needs
    /// its office, cash on delivery its goods).
    pub fn required_fields(&self) -> Vec<&'static str> {
        let mut blank = OrderDraft::new();
        blank.receiver.delivery = self.receiver.delivery;
        blank.cod = self.cod;
        blank.pieces.clear();
        match blank.check(None) {
            Err(problems) => problems
                .into_iter()
                .filter(|(_, p)| *p == Problem::Required)
                .map(|(k, _)| k)
                .collect(),
            Ok(_) => Vec::new(),
        }
    }

    /// Blank, unfinished ("1."), not a number ("2kg"), or not a weight (zero, negative).
    fn weight_problem(&self) -> Option<Problem> {
        match self.weight() {
            Some(_) => None,
            None => Some(Problem::of_number(&self.weight, Problem::Weight)),
        }
    }

    /// Whether the field a problem is reported under reads the same in both drafts (so its
    /// error still stands; an edited field is checked again instead).
    pub fn same_field(&self, other: &OrderDraft, key: &str) -> bool {
        use field::*;
        let (a, b) = (self, other);
        match key {
            SENDER_CITY => a.sender.city == b.sender.city,
            SENDER_ADDRESS => a.sender.address == b.sender.address,
            SENDER_NAME => a.sender.name == b.sender.name,
            SENDER_PHONE => a.sender.phone == b.sender.phone,
            RECEIVER_CITY => a.receiver.city == b.receiver.city,
            RECEIVER_ADDRESS => a.receiver.address == b.receiver.address,
            RECEIVER_NAME => a.receiver.name == b.receiver.name,
            RECEIVER_PHONE => a.receiver.phone == b.receiver.phone,
            RECEIVER_PHONE1 => a.receiver_phone1 == b.receiver_phone1,
            RECEIVER_BRANCH => {
                a.receiver_branch == b.receiver_branch
                    && a.receiver.city == b.receiver.city
                    && a.receiver.delivery == b.receiver.delivery
            }
            WEIGHT => a.weight == b.weight,
            DIMENSIONS => a.length == b.length && a.width == b.width && a.height == b.height,
            PIECES => a.pieces == b.pieces,
            PACKAGE => a.package_id == b.package_id,
            POST_TYPE => a.post_type_id == b.post_type_id,
            WCS_CODE => a.wcs_code == b.wcs_code,
            GOODS => a.goods == b.goods && a.cod == b.cod,
            ITEMS => a.items == b.items,
            SENDER_DATE => a.sender.date == b.sender.date,
            RECEIVER_DATE => a.receiver.date == b.receiver.date,
            PLACES => a.places == b.places,
            _ => a == b,
        }
    }

    /// Checks every field; on success the legacy order body.
    pub fn check(&self, dirs: Option<&Directories>) -> Result<OrderInput, Problems> {
        use field::*;
        let mut p = Problems::new();
        let required = [
            (SENDER_ADDRESS, &self.sender.address),
            (SENDER_NAME, &self.sender.name),
            (SENDER_PHONE, &self.sender.phone),
            (RECEIVER_ADDRESS, &self.receiver.address),
            (RECEIVER_NAME, &self.receiver.name),
            (RECEIVER_PHONE, &self.receiver.phone),
        ];
        for (name, value) in required {
            if value.trim().is_empty() {
                p.insert(name, Problem::Required);
            }
        }
        for (name, value) in [
            (SENDER_PHONE, &self.sender.phone),
            (RECEIVER_PHONE, &self.receiver.phone),
        ] {
            if !value.trim().is_empty() && !valid_phone(value) {
                p.insert(name, Problem::Phone);
            }
        }
        if !self.receiver_phone1.trim().is_empty() && !valid_phone(&self.receiver_phone1) {
            p.insert(RECEIVER_PHONE1, Problem::Phone);
        }
        // What a price needs is needed to send too.
        p.extend(self.price_problems());
        let pieces = self.pieces.trim().parse::<i64>().ok().filter(|n| *n >= 1);
        if pieces.is_none() {
            p.insert(PIECES, Problem::Number);
        }
        if self.package_id.is_none() {
            p.insert(PACKAGE, Problem::Required);
        }
        if self.post_type_id.is_none() {
            p.insert(POST_TYPE, Problem::Required);
        }
        if self.cod && (self.goods.is_empty() || self.cod_total().is_none_or(|t| t.0 <= 0)) {
            p.insert(GOODS, Problem::Required);
        }
        if let Some(problem) = self.items.iter().find_map(|l| l.parsed().err()) {
            p.insert(ITEMS, problem);
        }
        for (name, text) in [
            (SENDER_DATE, &self.sender.date),
            (RECEIVER_DATE, &self.receiver.date),
        ] {
            if !text.trim().is_empty() && parse_day(text).is_none() {
                p.insert(name, Problem::Date);
            }
        }
        let pl = &self.places;
        if coordinates(&pl.sender_latitude, &pl.sender_longitude).is_err()
            || coordinates(&pl.receiver_latitude, &pl.receiver_longitude).is_err()
        {
            p.insert(PLACES, Problem::Coordinates);
        }
        if self.wcs_code.trim().chars().count() > 70 {
            p.insert(WCS_CODE, Problem::TooLong(70));
        }
        if self.receiver.delivery == Delivery::Office {
            match (self.receiver_branch, self.receiver.city, dirs) {
                (None, _, _) => {
                    p.insert(RECEIVER_BRANCH, Problem::Required);
                }
                (Some(b), Some(city), Some(d))
                    if d.data
                        .branches
                        .iter()
                        .find(|x| x.id == b)
                        .is_none_or(|x| x.city_id != city) =>
                {
                    p.insert(RECEIVER_BRANCH, Problem::BranchNotInCity);
                }
                _ => {}
            }
        }
        if !p.is_empty() {
            return Err(p);
        }
        let (
            Some(sender_city),
            Some(receiver_city),
            Some(weight),
            Some(package_id),
            Some(post_type_id),
        ) = (
            self.sender.city,
            self.receiver.city,
            self.weight(),
            self.package_id,
            self.post_type_id,
        )
        else {
            return Err(p);
        };
        Ok(OrderInput {
            order_id: None,
            sender_city_id: sender_city,
            sender_address: self.sender.address.trim().to_string(),
            sender_delivery: Some(self.sender.delivery),
            sender_real: self.sender.name.trim().to_string(),
            sender_phone: self.sender.phone.trim().to_string(),
            weight,
            package_id,
            post_type_id,
            post_types: self
                .items
                .iter()
                .filter_map(|l| l.parsed().ok().flatten())
                .collect(),
            receiver: self.receiver.name.trim().to_string(),
            receiver_address: self.receiver.address.trim().to_string(),
            receiver_delivery: Some(self.receiver.delivery),
            receiver_city_id: receiver_city,
            receiver_branch_id: if self.receiver.delivery == Delivery::Office {
                self.receiver_branch
            } else {
                None
            },
            client_id: opt(&self.client_ref),
            volume: self.volume(),
            take_photo: self.take_photo,
            is_test: self.is_test,
            sender_sign: None,
            receiver_sign: None,
            piece: pieces,
            sender_date: parse_day(&self.sender.date),
            receiver_date: parse_day(&self.receiver.date),
            receiver_phone: self.receiver.phone.trim().to_string(),
            receiver_phone1: opt(&self.receiver_phone1),
            bring_back_money: self.cod.then_some(1),
            back_money: if self.cod { self.cod_total() } else { None },
            bring_back_waybill: self.return_waybill,
            additional_info: opt(&self.remarks),
            label_encode: None,
            wcs_code: opt(&self.wcs_code),
            tracking: None,
            label_sticker: None,
            options: if self.cod {
                vec![OrderOption {
                    option_id: OrderOption::ELECTRONIC_RECEIPT,
                    goods: self
                        .goods
                        .iter()
                        .filter_map(GoodLine::parsed)
                        .map(|(id, amount, price)| OptionGood {
                            id: None,
                            mxik_goods_id: id,
                            amount,
                            good_price: price,
                        })
                        .collect(),
                }]
            } else {
                Vec::new()
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_has_a_key_of_its_own_named_as_before() {
        use field::*;
        let keys = [
            SENDER_CITY,
            SENDER_ADDRESS,
            SENDER_NAME,
            SENDER_PHONE,
            SENDER_DATE,
            RECEIVER_CITY,
            RECEIVER_ADDRESS,
            RECEIVER_NAME,
            RECEIVER_PHONE,
            RECEIVER_DATE,
            RECEIVER_PHONE1,
            RECEIVER_BRANCH,
            WEIGHT,
            PIECES,
            WCS_CODE,
            CLIENT_REF,
            REMARKS,
            GOODS,
            ITEMS,
            PLACES,
            DIMENSIONS,
            PACKAGE,
            POST_TYPE,
            GENERAL,
        ];
        let distinct: std::collections::BTreeSet<&str> = keys.iter().copied().collect();
        assert_eq!(distinct.len(), keys.len(), "two fields share a key");
        // The service's answers and the form are matched by these names: they stay as they were.
        let before = [
            "sender_city",
            "sender_address",
            "sender_name",
            "sender_phone",
            "sender_date",
            "receiver_city",
            "receiver_address",
            "receiver_name",
            "receiver_phone",
            "receiver_date",
            "receiver_phone1",
            "receiver_branch",
            "weight",
            "pieces",
            "wcs_code",
            "client_ref",
            "remarks",
            "goods",
            "items",
            "places",
            "dimensions",
            "package",
            "post_type",
            "general",
        ];
        assert_eq!(keys, before);
    }

    #[test]
    fn a_draft_is_kept_flat_as_it_always_was_and_reads_into_its_sides() {
        let flat = serde_json::json!({
            "sender_city": 101, "sender_name": "Ali", "sender_phone": "+998 90 1234567",
            "sender_address": "Chilonzor 9", "sender_delivery": 1, "sender_date": "01.12.2026",
            "receiver_city": 45, "receiver_name": "Vali", "receiver_phone": "+998 91 7654321",
            "receiver_phone1": "+998 93 1112233", "receiver_address": "Registon 2",
            "receiver_delivery": 2, "receiver_branch": 12, "receiver_date": "03.12.2026",
            "weight": "2,5", "pieces": "1",
        });
        let d: OrderDraft = serde_json::from_value(flat.clone()).expect("a kept draft reads");
        assert_eq!(
            d.sender,
            Side {
                city: Some(101),
                address: "Chilonzor 9".into(),
                name: "Ali".into(),
                phone: "+998 90 1234567".into(),
                delivery: Delivery::Courier,
                date: "01.12.2026".into(),
            }
        );
        assert_eq!(
            d.receiver,
            Side {
                city: Some(45),
                address: "Registon 2".into(),
                name: "Vali".into(),
                phone: "+998 91 7654321".into(),
                delivery: Delivery::RemoteCourier,
                date: "03.12.2026".into(),
            }
        );
        assert_eq!(d.receiver_phone1, "+998 93 1112233");
        assert_eq!(d.receiver_branch, Some(12));
        assert_eq!(d.weight, "2,5");
        // It is kept as it was: flat, the same keys an earlier version writes and reads.
        let kept = serde_json::to_value(&d).expect("kept");
        let mut earlier = serde_json::to_value(OrderDraft::default()).expect("kept");
        for (k, v) in flat.as_object().into_iter().flatten() {
            earlier[k] = v.clone();
        }
        assert_eq!(kept, earlier);
        // The fields of the draft as the earlier version wrote it, flat.
        let earlier_fields = "sender_city sender_address sender_name sender_phone sender_delivery \
             receiver_city receiver_address receiver_name receiver_phone receiver_phone1 \
             receiver_delivery receiver_branch weight length width height known_volume pieces \
             package_id post_type_id take_photo return_waybill client_ref wcs_code remarks is_test \
             cod goods items sender_date receiver_date places";
        let mut written: Vec<&str> = kept
            .as_object()
            .map(|m| m.keys().map(String::as_str).collect())
            .unwrap_or_default();
        let mut expected: Vec<&str> = earlier_fields.split_whitespace().collect();
        written.sort_unstable();
        expected.sort_unstable();
        assert_eq!(written, expected);
        let again: OrderDraft = serde_json::from_value(kept).expect("read");
        assert_eq!(again, d);
    }

    fn filled() -> OrderDraft {
        OrderDraft {
            sender: Side {
                city: Some(101),
                address: "Chilonzor 9".into(),
                name: "Ali".into(),
                phone: "+998 90 1234567".into(),
                ..Side::default()
            },
            receiver: Side {
                city: Some(45),
                address: "Registon 2".into(),
                name: "Vali".into(),
                phone: "+998 (91) 765-43-21".into(),
                delivery: Delivery::Courier,
                ..Side::default()
            },
            weight: "2,5".into(),
            length: "30".into(),
            width: "20".into(),
            height: "10".into(),
            package_id: Some(7),
            post_type_id: Some(4),
            ..OrderDraft::new()
        }
    }

    #[test]
    fn a_filled_form_becomes_the_wire_body() {
        let input = filled().check(None).unwrap();
        assert_eq!(input.weight.grams(), 2500);
        assert_eq!(input.volume, Some(6000.0));
        assert_eq!(input.piece, Some(1));
        assert_eq!(input.receiver_delivery, Some(Delivery::Courier));
        assert_eq!(input.receiver_branch_id, None);
        assert!(filled().price_request().is_some());
    }

    #[test]
    fn each_problem_is_named_under_its_field() {
        let mut d = filled();
        d.sender.phone = "+7 900 1234567".into();
        d.weight = "-1".into();
        d.pieces = "0".into();
        d.wcs_code = "x".repeat(71);
        d.receiver.delivery = Delivery::Office;
        d.length = "abc".into();
        let p = d.check(None).unwrap_err();
        assert_eq!(p.get(field::SENDER_PHONE), Some(&Problem::Phone));
        assert_eq!(p.get(field::WEIGHT), Some(&Problem::Weight));
        assert_eq!(p.get(field::PIECES), Some(&Problem::Number));
        assert_eq!(p.get(field::WCS_CODE), Some(&Problem::TooLong(70)));
        assert_eq!(p.get(field::RECEIVER_BRANCH), Some(&Problem::Required));
        assert_eq!(p.get(field::DIMENSIONS), Some(&Problem::Number));
        let blank = OrderDraft::new().check(None).unwrap_err();
        assert_eq!(blank.get(field::SENDER_CITY), Some(&Problem::Required));
        assert!(OrderDraft::new().is_blank());
    }

    #[test]
    fn cash_on_delivery_sends_the_receipt_goods_and_their_total() {
        let mut d = filled();
        d.cod = true;
        assert_eq!(
            d.check(None).unwrap_err().get(field::GOODS),
            Some(&Problem::Required)
        );
        d.goods = vec![
            GoodLine {
                good_id: Some(1001),
                amount: "2".into(),
                price: "45 000".into(),
            },
            GoodLine {
                good_id: Some(1002),
                amount: "1".into(),
                price: "10000".into(),
            },
        ];
        let input = d.check(None).unwrap();
        assert_eq!(input.cash_on_delivery(), Some(Sum(100_000)));
        assert_eq!(input.options[0].option_id, 2);
        assert_eq!(input.options[0].total(), Sum(100_000));
    }

    #[test]
    fn service_fields_map_to_form_fields() {
        assert_eq!(field::from_wire("receiverPhone"), field::RECEIVER_PHONE);
        assert_eq!(
            field::from_wire("receiver_branch_id"),
            field::RECEIVER_BRANCH
        );
        assert_eq!(field::from_wire("something_else"), field::GENERAL);
        assert_eq!(field::from_wire("postTypes[1].name"), field::ITEMS);
        assert_eq!(field::from_wire("options[0].goods[0].amount"), field::GOODS);
        assert_eq!(field::from_wire("senderDate"), field::SENDER_DATE);
    }

    #[test]
    fn item_lines_and_days_go_on_the_wire() {
        let mut d = filled();
        d.items = vec![
            ItemDraft {
                name: "Kitoblar".into(),
                code: "BK-7".into(),
                count: "2".into(),
                cost: "30 000".into(),
            },
            ItemDraft::default(),
        ];
        d.sender.date = "24.11.2026".into();
        d.receiver.date = "2026-11-26".into();
        let input = d.check(None).unwrap();
        assert_eq!(input.post_types.len(), 1);
        assert_eq!(input.post_types[0].cost, Sum(30_000));
        assert_eq!(
            input.sender_date.map(|x| x.to_string()).as_deref(),
            Some("2026-11-24")
        );
        assert_eq!(
            input.receiver_date.map(|x| x.to_string()).as_deref(),
            Some("2026-11-26")
        );
        d.items[1].name = "Juda uzun nomli buyum, yigirmadan ortiq".into();
        d.sender.date = "31.02.2026".into();
        let p = d.check(None).unwrap_err();
        assert_eq!(p.get(field::ITEMS), Some(&Problem::TooLong(20)));
        assert_eq!(p.get(field::SENDER_DATE), Some(&Problem::Date));
    }

    #[test]
    fn letters_in_the_weight_are_not_a_number_and_an_edited_field_is_checked_again() {
        let mut d = OrderDraft::new();
        d.weight = "abc".into();
        let p = d.check(None).unwrap_err();
        assert_eq!(p.get(field::WEIGHT), Some(&Problem::Number));
        d.weight = "0".into();
        let p = d.check(None).unwrap_err();
        assert_eq!(p.get(field::WEIGHT), Some(&Problem::Weight));
        let mut e = d.clone();
        assert!(d.same_field(&e, field::WEIGHT));
        e.weight = "2".into();
        assert!(!d.same_field(&e, field::WEIGHT));
        assert!(d.same_field(&e, field::RECEIVER_NAME));
        e.height = "3".into();
        assert!(!d.same_field(&e, field::DIMENSIONS));
    }

    #[test]
    fn a_weight_still_being_typed_is_never_sent_or_priced() {
        let mut d = OrderDraft::new();
        d.sender.city = Some(197);
        d.receiver.city = Some(101);
        for unfinished in ["1.", "1,", "-", "."] {
            d.weight = unfinished.into();
            assert_eq!(d.weight(), None, "{unfinished:?}");
            assert!(d.price_request().is_none(), "{unfinished:?} is not priced");
            let p = d.check(None).unwrap_err();
            assert_eq!(
                p.get(field::WEIGHT),
                Some(&Problem::Unfinished),
                "{unfinished:?}"
            );
        }
        d.weight = "1.5".into();
        assert_eq!(d.weight().map(Weight::grams), Some(1500));
    }
}
