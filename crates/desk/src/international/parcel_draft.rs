//! An international parcel as the clerk types it: every field of `v1/international/add` kept as
//! text (or a closed choice), checked with the customs rules before anything is sent, and turned
//! into the wire's `ParcelInput` only when every check holds. Problems are keyed by the wire's own
//! field names (`ReceiverPinfl`, `products.0.HsCodeIs`), so what the service refuses lands under
//! the same field as what the desk caught first.

use crate::international::customs;
use crate::problem::Problem;
use api::codes::{Delivery, ProductUnit};
use api::international::{
    ParcelInput, ProductLine, line_field as product_field, parcel_field as field,
};
use api::phone::valid_phone;
use api::quantity::Weight;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The key of a product line's field: `products.{line}.{name}`.
pub fn product_key(line: usize, name: &str) -> String {
    format!("{}.{line}.{name}", field::PRODUCTS)
}

/// A key as the service writes it (`products[0].HsCodeIs` or `products.0.HsCodeIs`), in the
/// desk's form.
pub fn normalise_key(key: &str) -> String {
    key.replace('[', ".").replace(']', "")
}

/// The longest texts the form takes (the twin's limits; the service names none).
pub const NAME_MAX: usize = 255;
pub const TEXT_MAX: usize = 1000;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProductDraft {
    pub description: String,
    pub description_ru: String,
    pub quantity: String,
    /// Net weight of the line, kg.
    pub weight: String,
    /// Declared value of one unit.
    pub value: String,
    pub url: String,
    pub unit: ProductUnit,
    pub hs_code: String,
    pub model: String,
    pub imei: String,
    /// The goods' country of origin, for the customs declaration only (the service's line has
    /// no such field); blank: where the shop's goods come from (Settings).
    pub origin: String,
}

impl Default for ProductDraft {
    fn default() -> Self {
        ProductDraft {
            description: String::new(),
            description_ru: String::new(),
            quantity: "1".into(),
            weight: String::new(),
            value: String::new(),
            url: String::new(),
            unit: ProductUnit::Piece,
            hs_code: String::new(),
            model: String::new(),
            imei: String::new(),
            origin: String::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ParcelDraft {
    pub number: String,
    pub surname: String,
    pub first_name: String,
    pub patronymic: String,
    pub phone: String,
    pub phone1: String,
    pub passport_serial: String,
    pub passport_number: String,
    pub pinfl: String,
    pub address: String,
    pub customs_agree: bool,
    /// Parcel weight, kg.
    pub weight: String,
    /// Declared value of the whole parcel.
    pub value: String,
    pub currency: String,
    /// Where it is delivered (kept flat, as drafts were always kept).
    #[serde(flatten)]
    pub to: Destination,
    pub products: Vec<ProductDraft>,
    /// The route its price is asked for (not sent with the parcel; kept for the next one).
    pub route: crate::international::intl_quote::QuoteRoute,
}

impl Default for ParcelDraft {
    fn default() -> Self {
        ParcelDraft {
            number: String::new(),
            surname: String::new(),
            first_name: String::new(),
            patronymic: String::new(),
            phone: String::new(),
            phone1: String::new(),
            passport_serial: String::new(),
            passport_number: String::new(),
            pinfl: String::new(),
            address: String::new(),
            customs_agree: true,
            weight: String::new(),
            value: String::new(),
            currency: "USD".into(),
            to: Destination::BLANK,
            products: vec![ProductDraft::default()],
            route: crate::international::intl_quote::QuoteRoute::default(),
        }
    }
}

/// Where a parcel is delivered: the receiver's city, and a branch of it when the receiver
/// collects it there rather than by courier.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Destination {
    pub city: Option<i64>,
    pub branch: Option<i64>,
    #[serde(default = "Destination::by_courier")]
    pub delivery: Delivery,
}

impl Destination {
    /// None chosen yet: no city, and by courier.
    pub const BLANK: Destination = Destination {
        city: None,
        branch: None,
        delivery: Delivery::Courier,
    };

    /// A receiver is reached by courier unless the clerk says they collect it.
    fn by_courier() -> Delivery {
        Delivery::Courier
    }
}

/// What the product lines add up to beside what the parcel declares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Totals {
    /// Sum of the lines' net weights, kg (lines that cannot be read are left out).
    pub weight: f64,
    /// Sum of quantity × unit value.
    pub value: f64,
    /// The lines weigh more than the parcel (net cannot exceed gross).
    pub weight_over: bool,
    /// The lines' value differs from the parcel's declared value by more than a cent.
    pub value_differs: bool,
}

/// A document field, its rule and what breaking it is called.
type DocumentCheck<'a> = (&'static str, &'a String, fn(&str) -> bool, Problem);

fn blank(s: &str) -> bool {
    s.trim().is_empty()
}

fn opt(s: &str) -> Option<String> {
    (!blank(s)).then(|| s.trim().to_string())
}

impl ParcelDraft {
    /// The international price request of this parcel on its route.
    pub fn quote(&self) -> crate::international::intl_quote::IntlQuoteDraft {
        crate::international::intl_quote::IntlQuoteDraft::of_parcel(
            &self.route,
            &self.weight,
            self.to.delivery,
        )
    }

    /// Every problem of the form, by the wire's field name.
    pub fn problems(&self) -> BTreeMap<String, Problem> {
        use field as f;
        let mut p = BTreeMap::new();
        let mut say = |key: &str, problem: Problem| {
            p.entry(key.to_string()).or_insert(problem);
        };
        for (key, value, max) in [
            (f::NUMBER, &self.number, 64),
            (f::SURNAME, &self.surname, NAME_MAX),
            (f::FIRST_NAME, &self.first_name, NAME_MAX),
            (f::PHONE, &self.phone, 32),
        ] {
            if blank(value) {
                say(key, Problem::Required);
            } else if value.chars().count() > max {
                say(key, Problem::TooLong(max));
            }
        }
        for (key, value, max) in [
            (f::PATRONYMIC, &self.patronymic, NAME_MAX),
            (f::ADDRESS, &self.address, NAME_MAX),
            (f::PHONE1, &self.phone1, 32),
        ] {
            if value.chars().count() > max {
                say(key, Problem::TooLong(max));
            }
        }
        if !blank(&self.phone) && !valid_phone(&self.phone) {
            say(f::PHONE, Problem::Phone);
        }
        if !blank(&self.phone1) && !valid_phone(&self.phone1) {
            say(f::PHONE1, Problem::Phone);
        }
        let checks: [DocumentCheck<'_>; 3] = [
            (
                f::PASSPORT_SERIAL,
                &self.passport_serial,
                customs::passport_series_ok,
                Problem::PassportSeries,
            ),
            (
                f::PASSPORT_NUMBER,
                &self.passport_number,
                customs::passport_number_ok,
                Problem::PassportNumber,
            ),
            (f::PINFL, &self.pinfl, customs::pinfl_ok, Problem::Pinfl),
        ];
        for (key, value, ok, problem) in checks {
            if blank(value) {
                say(key, Problem::Required);
            } else if !ok(value) {
                say(key, problem);
            }
        }
        match Weight::parse_kg(&self.weight) {
            Some(w) if w.grams() >= 10 => {}
            _ => say(f::WEIGHT, Problem::of_number(&self.weight, Problem::Weight)),
        }
        if !blank(&self.value) && customs::decimal(&self.value).is_none() {
            say(f::VALUE, Problem::Number);
        }
        if !customs::currency_ok(&self.currency) {
            say(f::CURRENCY, Problem::Currency);
        }
        if self.to.city.is_none() {
            say(f::CITY, Problem::Required);
        }
        if self.to.delivery == Delivery::Office && self.to.branch.is_none() {
            say(f::BRANCH, Problem::Required);
        }
        if self.products.is_empty() {
            say(f::PRODUCTS, Problem::Required);
        }
        for (i, line) in self.products.iter().enumerate() {
            for (key, problem) in line.problems() {
                p.entry(product_key(i, key)).or_insert(problem);
            }
        }
        p
    }

    /// What is kept with the parcel beside what is sent: each line's country of origin as
    /// typed, and the country and city abroad of the route it was priced on.
    pub fn extras(&self) -> store::ParcelExtras {
        let origins = self
            .products
            .iter()
            .map(|p| p.origin.trim().to_string())
            .collect();
        store::ParcelExtras {
            origins,
            abroad: self.abroad(),
        }
    }

    /// The country and city abroad of its route, once both are chosen.
    pub fn abroad(&self) -> Option<store::PlaceAbroad> {
        let (country, city) = self.route.country.zip(self.route.receiver_city)?;
        Some(store::PlaceAbroad { country, city })
    }

    /// The parcel on the wire, or the problems that keep it from being sent.
    pub fn to_input(&self) -> Result<ParcelInput, BTreeMap<String, Problem>> {
        let problems = self.problems();
        let weight = Weight::parse_kg(&self.weight);
        let (true, Some(weight)) = (problems.is_empty(), weight) else {
            return Err(problems);
        };
        Ok(ParcelInput {
            parcel_number: self.number.trim().to_string(),
            receiver_phone: self.phone.trim().to_string(),
            receiver_phone1: opt(&self.phone1),
            receiver_patronymic: opt(&self.patronymic),
            receiver_surname: self.surname.trim().to_string(),
            receiver_first_name: self.first_name.trim().to_string(),
            passport_serial: self.passport_serial.trim().to_uppercase(),
            passport_number: self.passport_number.trim().to_string(),
            pinfl: self.pinfl.trim().to_string(),
            receiver_address: opt(&self.address),
            customs_agree: Some(if self.customs_agree { "1" } else { "0" }.into()),
            weight,
            value: opt(&self.value).map(|v| v.replace(',', ".")),
            currency: self.currency.trim().to_string(),
            receiver_city_id: self.to.city,
            receiver_branch_id: if self.to.delivery == Delivery::Office {
                self.to.branch
            } else {
                None
            },
            receiver_delivery: Some(self.to.delivery),
            products: self.products.iter().map(ProductDraft::to_line).collect(),
        })
    }

    /// The lines' weight and value beside the parcel's.
    pub fn totals(&self) -> Totals {
        // Folded from +0.0: an empty sum of floats is -0.0, which would show as "-0.000".
        let weight = self
            .products
            .iter()
            .filter_map(|l| customs::decimal(&l.weight))
            .fold(0.0, |a, b| a + b);
        let value = self
            .products
            .iter()
            .filter_map(|l| {
                Some(customs::decimal(&l.value)? * f64::from(customs::count(&l.quantity)?))
            })
            .fold(0.0, |a, b| a + b);
        let parcel_weight = Weight::parse_kg(&self.weight).map(Weight::kg);
        let parcel_value = customs::decimal(&self.value);
        Totals {
            weight,
            value,
            weight_over: parcel_weight.is_some_and(|w| weight > w + 0.0005),
            value_differs: parcel_value.is_some_and(|v| (v - value).abs() > 0.005),
        }
    }
}

impl ProductDraft {
    /// This line's problems, by the wire's field name within the line.
    pub fn problems(&self) -> Vec<(&'static str, Problem)> {
        use product_field as f;
        let mut p = Vec::new();
        for (key, value) in [
            (f::DESCRIPTION, &self.description),
            (f::DESCRIPTION_RU, &self.description_ru),
        ] {
            if blank(value) {
                p.push((key, Problem::Required));
            } else if value.chars().count() > NAME_MAX {
                p.push((key, Problem::TooLong(NAME_MAX)));
            }
        }
        if customs::count(&self.quantity).is_none() {
            p.push((f::QUANTITY, Problem::unread(&self.quantity, Problem::Count)));
        }
        for key_value in [(f::WEIGHT, &self.weight), (f::VALUE, &self.value)] {
            let (key, value) = key_value;
            if blank(value) {
                p.push((key, Problem::Required));
            } else if customs::decimal(value).is_none() {
                p.push((key, Problem::Number));
            }
        }
        if blank(&self.url) {
            p.push((f::URL, Problem::Required));
        } else if !customs::url_ok(&self.url) {
            p.push((f::URL, Problem::Url));
        }
        if blank(&self.hs_code) {
            p.push((f::HS_CODE, Problem::Required));
        } else if !customs::hs_code_ok(&self.hs_code) {
            p.push((f::HS_CODE, Problem::HsCode));
        }
        if self.model.chars().count() > NAME_MAX {
            p.push((f::MODEL, Problem::TooLong(NAME_MAX)));
        }
        if !blank(&self.imei) && !customs::imei_ok(&self.imei) {
            p.push((f::IMEI, Problem::Imei));
        }
        p
    }

    fn to_line(&self) -> ProductLine {
        let number = |s: &str| s.trim().replace(',', ".");
        ProductLine {
            description: self.description.trim().to_string(),
            description_ru: self.description_ru.trim().to_string(),
            quantity: self.quantity.trim().to_string(),
            weight: number(&self.weight),
            declare_value: number(&self.value),
            url: self.url.trim().to_string(),
            unit: self.unit,
            hs_code: self.hs_code.trim().to_string(),
            model: opt(&self.model),
            imei: opt(&self.imei),
        }
    }
}

/// Product lines the company declared before, most recent first, one per description and HS
/// code: offered as suggestions while a new line is typed.
pub fn earlier_lines(parcels: &[store::ParcelRow]) -> Vec<ProductDraft> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for p in parcels {
        for (n, l) in p.input.products.iter().enumerate() {
            let key = (
                l.description.trim().to_lowercase(),
                l.hs_code.trim().to_string(),
            );
            if key.0.is_empty() || !seen.insert(key) {
                continue;
            }
            out.push(ProductDraft {
                description: l.description.clone(),
                description_ru: l.description_ru.clone(),
                url: l.url.clone(),
                unit: l.unit,
                hs_code: l.hs_code.clone(),
                origin: p.extras.origins.get(n).cloned().unwrap_or_default(),
                ..ProductDraft::default()
            });
            if out.len() >= 500 {
                return out;
            }
        }
    }
    out
}

/// The earlier lines whose description or HS code holds what is typed (at most `n`).
pub fn suggest<'a>(earlier: &'a [ProductDraft], typed: &str, n: usize) -> Vec<&'a ProductDraft> {
    let t = typed.trim().to_lowercase();
    if t.chars().count() < 2 {
        return Vec::new();
    }
    earlier
        .iter()
        .filter(|l| {
            (l.description.to_lowercase().contains(&t) || l.hs_code.starts_with(&t))
                && l.description.trim().to_lowercase() != t
        })
        .take(n)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn valid() -> ParcelDraft {
        ParcelDraft {
            number: "CN000000001UZ".into(),
            surname: "Karimov".into(),
            first_name: "Aziz".into(),
            phone: "+998 90 1234567".into(),
            passport_serial: "aa".into(),
            passport_number: "1234567".into(),
            pinfl: "31234567890123".into(),
            weight: "1,5".into(),
            value: "80".into(),
            to: Destination {
                city: Some(101),
                ..Destination::BLANK
            },
            products: vec![ProductDraft {
                description: "Sneakers".into(),
                description_ru: "Кроссовки".into(),
                quantity: "2".into(),
                weight: "1.2".into(),
                value: "40".into(),
                url: "https://shop.example/p/1".into(),
                hs_code: "640411".into(),
                ..ProductDraft::default()
            }],
            ..ParcelDraft::default()
        }
    }

    #[test]
    fn a_kept_draft_keeps_its_destination_flat_and_reads_without_one() {
        let d = ParcelDraft {
            to: Destination {
                city: Some(101),
                branch: Some(7),
                delivery: Delivery::Office,
            },
            ..ParcelDraft::default()
        };
        let kept = serde_json::to_value(&d).expect("kept");
        assert_eq!(kept["city"], 101, "kept as drafts always were: {kept}");
        assert_eq!(kept["branch"], 7);
        assert_eq!(
            kept["delivery"],
            serde_json::to_value(Delivery::Office).expect("kept")
        );
        assert!(kept.get("to").is_none());
        let back: ParcelDraft = serde_json::from_value(kept).expect("read");
        assert_eq!(back, d);
        let older = serde_json::json!({ "number": "CN1", "city": 45 });
        let back: ParcelDraft = serde_json::from_value(older).expect("read");
        assert_eq!(
            (back.to.city, back.to.delivery),
            (Some(45), Delivery::Courier)
        );
        assert_eq!(back.number, "CN1");
        assert!(
            back.customs_agree && back.currency == "USD",
            "the rest starts as new"
        );
    }

    #[test]
    fn a_valid_parcel_goes_on_the_wire_as_the_contract_writes_it() {
        let input = valid().to_input().expect("valid");
        assert_eq!(input.passport_serial, "AA");
        assert_eq!(input.weight, Weight::from_grams(1_500));
        assert_eq!(input.receiver_branch_id, None);
        let wire = serde_json::to_value(&input).unwrap();
        assert_eq!(wire["ParcelWeight"], "1.500");
        assert_eq!(wire["products"][0]["HsCodeIs"], "640411");
        assert_eq!(wire["products"][0]["ProductUnit"], "pcs");
        let t = valid().totals();
        assert!((t.value - 80.0).abs() < 1e-9 && !t.value_differs && !t.weight_over);
    }

    #[test]
    fn each_customs_mistake_lands_under_its_wire_field() {
        let mut d = valid();
        d.pinfl = "123".into();
        d.passport_serial = "A1".into();
        d.products[0].hs_code = "64".into();
        d.products[0].imei = "490154203237517".into();
        d.products[0].url = "shop".into();
        d.products.push(ProductDraft::default());
        d.to.delivery = Delivery::Office;
        let p = d.to_input().unwrap_err();
        assert_eq!(p.get(field::PINFL), Some(&Problem::Pinfl));
        assert_eq!(
            p.get(field::PASSPORT_SERIAL),
            Some(&Problem::PassportSeries)
        );
        assert_eq!(p.get(field::BRANCH), Some(&Problem::Required));
        assert_eq!(p.get("products.0.HsCodeIs"), Some(&Problem::HsCode));
        assert_eq!(p.get("products.0.ProductImei"), Some(&Problem::Imei));
        assert_eq!(p.get("products.0.ProductUrl"), Some(&Problem::Url));
        assert_eq!(
            p.get("products.1.ProductDescription"),
            Some(&Problem::Required)
        );
        assert_eq!(normalise_key("products[1].HsCodeIs"), "products.1.HsCodeIs");
    }

    #[test]
    fn earlier_lines_are_offered_once_each_by_description_or_hs_code() {
        let row = |products: Vec<ProductDraft>| store::ParcelRow {
            number: "CN1".into(),
            state: store::ParcelState::Saved,
            input: ParcelDraft {
                products,
                ..valid()
            }
            .to_input()
            .expect("valid"),
            extras: store::ParcelExtras::default(),
            status: None,
            created_at: 0,
            updated_at: 0,
            manifest: None,
        };
        let line = valid().products[0].clone();
        let phone = ProductDraft {
            description: "Phone".into(),
            hs_code: "851712".into(),
            ..line.clone()
        };
        let earlier = earlier_lines(&[row(vec![line.clone(), phone]), row(vec![line])]);
        assert_eq!(earlier.len(), 2, "the same line twice is offered once");
        assert_eq!(suggest(&earlier, "snea", 5)[0].hs_code, "640411");
        assert_eq!(suggest(&earlier, "8517", 5)[0].description, "Phone");
        assert!(
            suggest(&earlier, "s", 5).is_empty(),
            "one letter offers nothing"
        );
    }

    #[test]
    fn totals_warn_when_lines_and_parcel_disagree() {
        let mut d = valid();
        d.products[0].weight = "2".into();
        d.value = "100".into();
        let t = d.totals();
        assert!(t.weight_over);
        assert!(t.value_differs);
        let empty = ParcelDraft::default().totals();
        assert_eq!(
            format!("{:.3}", empty.weight),
            "0.000",
            "never a negative zero"
        );
    }
}
