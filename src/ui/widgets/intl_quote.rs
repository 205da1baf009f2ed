//! The international price in two places: the calculator, asked with a button, and the parcel
//! editor, where the parcel being typed is priced live. Both show the same route fields (sender
//! city, country and city abroad, shipment type, pickup) and the same answer with the request the
//! service says it priced. The live box asks a moment after the inputs stop changing, one request
//! at a time, remembers answers by their request (going back costs nothing), and shows a price
//! only for the inputs it was asked with — never one left over from another weight or route.

use crate::ui::widgets::errors::tell;
use crate::ui::widgets::pickers::{AbroadPlaces, CityPicker, id_name_picker};
use crate::ui::widgets::{ERROR_COLOR, Form};
use api::ApiError;
use api::codes::PickupType;
use api::directory::IdName;
use api::international::IntlCalcResponse;
use desk::Desk;
use desk::international::intl_quote::{IntlQuoteDraft, QuoteRoute};
use desk::reference::directories::Directories;
use desk::task::{Task, ready_with};
use egui::RichText;
use rust_i18n::t;
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};
use text::day::today;

/// The calculation's field names its form shows errors under.
pub const FIELDS: &[&str] = &[
    "weight",
    "volume",
    "senderCityId",
    "receiverCountryId",
    "receiverCityId",
    "postTypeId",
    "piece",
    "senderDate",
    "customerId",
];

/// Wait this long after the last change before asking the price.
const PAUSE: Duration = Duration::from_millis(400);

/// A failure of the line (not a refusal of the inputs) is shown this long, then the same inputs
/// are asked again.
const RETRY: Duration = Duration::from_secs(5);

/// What the service said instead of a price: its sentence, and what it said of each field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Refusal {
    pub message: String,
    pub fields: BTreeMap<&'static str, String>,
    /// The line's or the service's trouble, not the inputs': the same inputs may be asked again.
    pub passing: bool,
}

/// The service's answer to one price request, in the clerk's words when it is not a price (its
/// fields named as `pickers` label them).
pub fn outcome(
    answer: Result<IntlCalcResponse, ApiError>,
    pickers: &RoutePickers,
) -> Result<IntlCalcResponse, Refusal> {
    match answer {
        Ok(a) => Ok(a),
        Err(ApiError::Validation { message, fields }) => {
            let fields: BTreeMap<&'static str, String> = fields
                .into_iter()
                .filter_map(|(k, v)| {
                    let name = FIELDS.iter().find(|f| **f == k)?;
                    // The service names the field by its wire name: the clerk reads its label.
                    let said = v.join(" ");
                    let said = match pickers.field_name(name) {
                        Some(label) => said.replace(*name, &label),
                        None => said,
                    };
                    Some((*name, said))
                })
                .collect();
            // With its fields named, the service's sentence is a generic one ("Validation
            // failed"): the clerk's own says where to look.
            let message = match message {
                Some(m) if fields.is_empty() => m,
                _ => t!("intl_calc.refused").to_string(),
            };
            Err(Refusal {
                message,
                fields,
                passing: false,
            })
        }
        Err(e) => Err(Refusal {
            message: tell(&e).message,
            fields: BTreeMap::new(),
            passing: true,
        }),
    }
}

/// The two place fields of a route: the sender's city at home and the receiver's city abroad
/// (searched among its country's cities by name).
pub struct RoutePickers {
    pub from: CityPicker,
    pub to: CityPicker,
    /// The catalog keys of the labels of the city at home, the country and the city abroad.
    labels: (&'static str, &'static str, &'static str),
}

impl RoutePickers {
    /// The calculator's: an order abroad, to a receiver there.
    pub fn new(from: &'static str, to: &'static str) -> RoutePickers {
        RoutePickers {
            from: CityPicker::new(from),
            to: CityPicker::new(to),
            labels: (
                "intl_calc.sender_city",
                "intl_calc.country",
                "intl_calc.receiver_city",
            ),
        }
    }

    /// A parcel's: its receiver is here, so the country and city abroad are its own (kept
    /// with it for its papers), and the sender's city of the price is the city at home.
    pub fn for_parcel(from: &'static str, to: &'static str) -> RoutePickers {
        RoutePickers {
            labels: (
                "parcel.home_city",
                "parcel.abroad_country",
                "parcel.abroad_city",
            ),
            ..RoutePickers::new(from, to)
        }
    }

    /// Takes what the place fields show where each names exactly one place; otherwise the first
    /// one that does not is marked and given the cursor, and the form is not to be sent.
    pub fn settle(&mut self, route: &mut QuoteRoute, dirs: Option<&Directories>) -> bool {
        let home = self.from.settle(&mut route.sender_city, dirs);
        let typed = self.to.query.clone();
        let places = dirs.map(|d| AbroadPlaces::new(d, route.country, &typed));
        let abroad = self.to.settle(&mut route.receiver_city, places.as_ref());
        match (home, abroad) {
            (Err(_), _) => self.from.focus(),
            (_, Err(_)) => self.to.focus(),
            _ => return true,
        }
        false
    }

    /// The name these fields go by for a field of the calculation, as the form shows it.
    pub fn field_name(&self, key: &str) -> Option<String> {
        let (home, country, city) = self.labels;
        match key {
            "senderCityId" => Some(t!(home).to_string()),
            "receiverCountryId" => Some(t!(country).to_string()),
            "receiverCityId" => Some(t!(city).to_string()),
            _ => field_name(key),
        }
    }
}

/// The route's fields, split over two columns: where from and where to in the first, what and
/// how it is handed in in the second.
pub fn route_fields(
    first: &mut egui::Ui,
    second: &mut egui::Ui,
    pickers: &mut RoutePickers,
    route: &mut QuoteRoute,
    dirs: Option<&Directories>,
    form: &Form,
) {
    let countries: &[api::directory::Country] = dirs.map(|d| &d.data.countries[..]).unwrap_or(&[]);
    let post_types: &[IdName] = dirs.map(|d| &d.data.shipment_types[..]).unwrap_or(&[]);
    let (home_label, country_label, city_label) = pickers.labels;
    pickers.from.show(
        first,
        &t!(home_label),
        &mut route.sender_city,
        dirs,
        form.error("senderCityId"),
    );
    let country = route.country;
    id_name_picker(
        first,
        &t!(country_label),
        countries,
        &mut route.country,
        form.error("receiverCountryId"),
    );
    if route.country != country {
        // Another country: a city of the one before is no city of it; and the cursor goes to
        // its city, so what the clerk types next lands there (a country picked with the mouse
        // leaves no field with the cursor).
        if let (Some(c), Some(city)) = (route.country, route.receiver_city)
            && dirs.and_then(|d| d.abroad_name(c, city)).is_none()
        {
            route.receiver_city = None;
        }
        pickers.to.focus();
    }
    let places = dirs.map(|d| AbroadPlaces::new(d, route.country, &pickers.to.query));
    pickers.to.show(
        first,
        &t!(city_label),
        &mut route.receiver_city,
        places.as_ref(),
        form.error("receiverCityId"),
    );
    id_name_picker(
        second,
        &t!("order.post_type"),
        post_types,
        &mut route.post_type,
        form.error("postTypeId"),
    );
    second.label(t!("order.pickup"));
    second.horizontal_wrapped(|ui| {
        ui.radio_value(
            &mut route.pickup,
            PickupType::SelfDropOff,
            t!("order.mode_office"),
        );
        ui.radio_value(
            &mut route.pickup,
            PickupType::Courier,
            t!("order.mode_courier"),
        );
    });
}

/// The price and the request the service says it priced (its country by name where the
/// directory knows it).
pub fn answer_lines(ui: &mut egui::Ui, a: &IntlCalcResponse, dirs: Option<&Directories>) {
    ui.heading(t!("intl_calc.result", price = a.summary_price.to_string()));
    let r = &a.request_data;
    let country = dirs
        .and_then(|d| {
            d.data
                .countries
                .iter()
                .find(|c| c.id == r.receiver_country_id)
        })
        .map(|c| c.name.clone())
        .unwrap_or_else(|| r.receiver_country_id.to_string());
    ui.label(t!(
        "intl_calc.echo",
        weight = crate::ui::widgets::numbers::kg_number(r.weight.grams()),
        piece = r.piece,
        country = country,
        city = dirs
            .and_then(|d| d.abroad_name(r.receiver_country_id, r.receiver_city_id))
            .map(str::to_string)
            .unwrap_or_else(|| t!("intl_calc.city_number", id = r.receiver_city_id).to_string()),
        date = r.sender_date.format("%d.%m.%Y").to_string()
    ));
}

/// The route's fields: a refusal of one of them is said under it.
const ROUTE: &[&str] = &[
    "senderCityId",
    "receiverCountryId",
    "receiverCityId",
    "postTypeId",
];

/// The name the form shows for a field of the calculation.
fn field_name(key: &str) -> Option<String> {
    let name = match key {
        "weight" => t!("parcel.weight"),
        "volume" => t!("intl_calc.volume"),
        "senderCityId" => t!("intl_calc.sender_city"),
        "receiverCountryId" => t!("intl_calc.country"),
        "receiverCityId" => t!("intl_calc.receiver_city"),
        "postTypeId" => t!("order.post_type"),
        "piece" => t!("intl_calc.pieces"),
        "senderDate" => t!("intl_calc.date"),
        "customerId" => t!("intl_calc.customer_id"),
        _ => return None,
    };
    Some(name.to_string())
}

/// The wire text an answer is remembered by: the request itself.
fn key_of(draft: &IntlQuoteDraft) -> Option<String> {
    draft
        .to_request()
        .ok()
        .and_then(|r| serde_json::to_string(&r).ok())
}

/// The parcel editor's live price.
pub struct LiveIntlQuote {
    pickers: RoutePickers,
    /// Answers by their request, with when they came.
    answers: HashMap<String, (Instant, Result<IntlCalcResponse, Refusal>)>,
    /// The day the answers were given on: a request without a date is priced for that day.
    day: chrono::NaiveDate,
    /// The language they were given in: a refusal is in the service's words.
    language: Option<api::codes::Language>,
    /// The current inputs' request (as its wire text), when they make one.
    key: Option<String>,
    since: Instant,
    asking: Option<(String, Task<Result<IntlCalcResponse, ApiError>>)>,
}

impl LiveIntlQuote {
    pub fn new(salt: &'static str) -> LiveIntlQuote {
        LiveIntlQuote {
            pickers: RoutePickers::for_parcel(salt, "parcel-abroad"),
            answers: HashMap::new(),
            day: today(),
            language: None,
            key: None,
            since: Instant::now(),
            asking: None,
        }
    }

    pub fn is_busy(&self) -> bool {
        self.asking.is_some()
    }

    /// Takes what the route's place fields show, or marks the one that names no place (see
    /// [`RoutePickers::settle`]); false when the parcel must not be sent yet.
    pub fn settle(&mut self, route: &mut QuoteRoute, dirs: Option<&Directories>) -> bool {
        self.pickers.settle(route, dirs)
    }

    /// The answer for these very inputs, if it has come.
    pub fn answer(&self) -> Option<&Result<IntlCalcResponse, Refusal>> {
        self.answer_for(self.key.as_deref())
    }

    fn answer_for(&self, key: Option<&str>) -> Option<&Result<IntlCalcResponse, Refusal>> {
        key.and_then(|k| self.answers.get(k)).map(|(_, a)| a)
    }

    /// Picks up an answer and asks for the current inputs once they have rested.
    pub fn poll(&mut self, ctx: &egui::Context, desk: &Desk, draft: &IntlQuoteDraft) {
        if let Some((key, answer)) = ready_with(&mut self.asking) {
            let told = outcome(answer, &self.pickers);
            self.answers.insert(key, (Instant::now(), told));
        }
        // Prices of another day or language, and failures of the line that have been shown long
        // enough, are asked again.
        let language = desk.settings().language;
        if self.day != today() || self.language != Some(language) {
            self.answers.clear();
            self.day = today();
            self.language = Some(language);
        }
        self.answers
            .retain(|_, (at, a)| !matches!(a, Err(r) if r.passing && at.elapsed() >= RETRY));
        let key = key_of(draft);
        if key != self.key {
            self.key = key;
            self.since = Instant::now();
        }
        let Some(key) = self.key.clone() else {
            return;
        };
        if let Some((at, Err(r))) = self.answers.get(&key)
            && r.passing
        {
            ctx.request_repaint_after(RETRY.saturating_sub(at.elapsed()));
        }
        if self.asking.is_some() || self.answers.contains_key(&key) {
            return;
        }
        let rested = self.since.elapsed();
        if rested < PAUSE {
            ctx.request_repaint_after(PAUSE - rested);
        } else if let Ok(request) = draft.to_request() {
            self.asking = Some((key, desk.price_international(request)));
        }
    }

    /// The route's fields and the price of the parcel on it (or what it still needs): the
    /// parcel's weight and delivery as they are this frame.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        route: &mut QuoteRoute,
        dirs: Option<&Directories>,
        weight: &str,
        delivery: api::codes::Delivery,
    ) {
        ui.strong(t!("parcel.price"));
        let before = key_of(&IntlQuoteDraft::of_parcel(route, weight, delivery));
        let refused = match self.answer_for(before.as_deref()) {
            Some(Err(r)) => r.fields.clone(),
            _ => BTreeMap::new(),
        };
        let form = Form::new(&refused);
        ui.columns(2, |cols| {
            let (first, second) = cols.split_at_mut(1);
            route_fields(
                &mut first[0],
                &mut second[0],
                &mut self.pickers,
                route,
                dirs,
                &form,
            );
        });
        // Read again after the route's fields: a choice made this frame is not priced yet.
        let draft = IntlQuoteDraft::of_parcel(route, weight, delivery);
        let key = key_of(&draft);
        // The answer's room is kept (a heading and four lines): a spinner, a price, a refusal or
        // what the price still needs in its place never moves the button below it under the
        // pointer, nor the form above when it is scrolled to its foot.
        let body = ui.text_style_height(&egui::TextStyle::Body);
        let heading = ui.text_style_height(&egui::TextStyle::Heading);
        let room = heading + 4.0 * body + 5.0 * ui.spacing().item_spacing.y;
        crate::ui::widgets::keep_room(ui, room, |ui| self.answer_part(ui, &draft, key, dirs));
    }

    /// The price of the parcel on its route, or why there is none (yet).
    fn answer_part(
        &self,
        ui: &mut egui::Ui,
        draft: &IntlQuoteDraft,
        key: Option<String>,
        dirs: Option<&Directories>,
    ) {
        match (self.answer_for(key.as_deref()), &key) {
            (Some(Ok(a)), _) => answer_lines(ui, a, dirs),
            (Some(Err(r)), _) => {
                ui.label(RichText::new(&r.message).color(ERROR_COLOR));
                // What it said of fields outside the route's box, said here.
                for (k, v) in r.fields.iter().filter(|(k, _)| !ROUTE.contains(k)) {
                    let name = self
                        .pickers
                        .field_name(k)
                        .unwrap_or_else(|| (*k).to_string());
                    ui.label(RichText::new(format!("{name}: {v}")).color(ERROR_COLOR));
                }
            }
            (None, Some(_)) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t!("parcel.pricing"));
                });
            }
            (None, None) => {
                // Said in words: what the price still waits for, field by field.
                let needs = if draft.route.is_blank() {
                    t!("parcel.price_route").to_string()
                } else {
                    let fields: Vec<String> = draft
                        .to_request()
                        .err()
                        .unwrap_or_default()
                        .keys()
                        .filter_map(|k| self.pickers.field_name(k))
                        .collect();
                    t!("parcel.price_needs", fields = fields.join(", ")).to_string()
                };
                ui.label(RichText::new(needs).weak());
            }
        }
    }
}
