//! The international price in two places: the calculator, asked with a button, and the parcel
//! editor, where the parcel being typed is priced live. Both show the same route fields (sender
//! city, country and city abroad, shipment type, pickup) and the same answer with the request the
//! service says it priced. The live box asks a moment after the inputs stop changing, one request
//! at a time, remembers answers by their request (going back costs nothing), and shows a price
//! only for the inputs it was asked with — never one left over from another weight or route.

use crate::api::ApiError;
use crate::api::codes::PickupType;
use crate::api::directory::IdName;
use crate::api::international::{IntlCalcRequest, IntlCalcResponse};
use crate::desk::Desk;
use crate::desk::directories::Directories;
use crate::desk::intl_quote::{IntlQuoteDraft, QuoteRoute};
use crate::desk::task::{Task, ready_with};
use crate::ui::widgets::errors::tell;
use crate::ui::widgets::pickers::{CityPicker, id_name_picker};
use crate::ui::widgets::{ERROR_COLOR, Form};
use egui::RichText;
use rust_i18n::t;
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

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

/// What the service said instead of a price: its sentence, and what it said of each field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Refusal {
    pub message: String,
    pub fields: BTreeMap<&'static str, String>,
}

/// The service's answer to one price request, in the clerk's words when it is not a price.
pub fn outcome(answer: Result<IntlCalcResponse, ApiError>) -> Result<IntlCalcResponse, Refusal> {
    match answer {
        Ok(a) => Ok(a),
        Err(ApiError::Validation { message, fields }) => {
            let fields = fields
                .into_iter()
                .filter_map(|(k, v)| {
                    let name = FIELDS.iter().find(|f| **f == k)?;
                    Some((*name, v.join(" ")))
                })
                .collect();
            Err(Refusal {
                message: message.unwrap_or_else(|| t!("intl_calc.refused").to_string()),
                fields,
            })
        }
        Err(e) => Err(Refusal {
            message: tell(&e).message,
            fields: BTreeMap::new(),
        }),
    }
}

/// The route's fields, split over two columns: where from and where to in the first, what and
/// how it is handed in in the second.
pub fn route_fields(
    first: &mut egui::Ui,
    second: &mut egui::Ui,
    city: &mut CityPicker,
    route: &mut QuoteRoute,
    dirs: Option<&Directories>,
    form: &Form,
) {
    let countries: Vec<IdName> = dirs
        .map(|d| {
            d.data
                .countries
                .iter()
                .map(|c| IdName {
                    id: c.id,
                    name: c.name.clone(),
                })
                .collect()
        })
        .unwrap_or_default();
    let post_types: &[IdName] = dirs.map(|d| &d.data.shipment_types[..]).unwrap_or(&[]);
    city.show(
        first,
        &t!("intl_calc.sender_city"),
        &mut route.sender_city,
        dirs,
        form.error("senderCityId"),
    );
    id_name_picker(
        first,
        &t!("intl_calc.country"),
        &countries,
        &mut route.country,
        form.error("receiverCountryId"),
    );
    form.text(
        first,
        &t!("intl_calc.receiver_city"),
        &mut route.receiver_city,
        "receiverCityId",
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
        weight = r.weight.to_decimal_string(),
        piece = r.piece,
        country = country,
        city = r.receiver_city_id,
        date = r.sender_date.format("%d.%m.%Y").to_string()
    ));
}

/// The name the form shows for a field of the calculation.
fn field_name(key: &str) -> Option<String> {
    let name = match key {
        "weight" => t!("parcel.weight"),
        "senderCityId" => t!("intl_calc.sender_city"),
        "receiverCountryId" => t!("intl_calc.country"),
        "receiverCityId" => t!("intl_calc.receiver_city"),
        "postTypeId" => t!("order.post_type"),
        _ => return None,
    };
    Some(name.to_string())
}

/// The parcel editor's live price.
pub struct LiveIntlQuote {
    city: CityPicker,
    answers: HashMap<String, Result<IntlCalcResponse, Refusal>>,
    /// The current inputs' request (as its wire text), when they make one.
    key: Option<String>,
    since: Instant,
    asking: Option<(String, Task<Result<IntlCalcResponse, ApiError>>)>,
}

impl LiveIntlQuote {
    pub fn new(salt: &'static str) -> LiveIntlQuote {
        LiveIntlQuote {
            city: CityPicker::new(salt),
            answers: HashMap::new(),
            key: None,
            since: Instant::now(),
            asking: None,
        }
    }

    pub fn is_busy(&self) -> bool {
        self.asking.is_some()
    }

    /// The answer for these very inputs, if it has come.
    pub fn answer(&self) -> Option<&Result<IntlCalcResponse, Refusal>> {
        self.key.as_ref().and_then(|k| self.answers.get(k))
    }

    /// Picks up an answer and asks for the current inputs once they have rested.
    pub fn poll(&mut self, ctx: &egui::Context, desk: &Desk, draft: &IntlQuoteDraft) {
        if let Some((key, answer)) = ready_with(&mut self.asking) {
            self.answers.insert(key, outcome(answer));
        }
        let request = draft.to_request().ok();
        let key = request.as_ref().and_then(|r| serde_json::to_string(r).ok());
        if key != self.key {
            self.key = key;
            self.since = Instant::now();
        }
        let (Some(key), Some(request)) = (self.key.clone(), request) else {
            return;
        };
        if self.asking.is_some() || self.answers.contains_key(&key) {
            return;
        }
        if self.since.elapsed() < PAUSE {
            ctx.request_repaint_after(PAUSE);
        } else {
            self.ask(desk, key, request);
        }
    }

    fn ask(&mut self, desk: &Desk, key: String, request: IntlCalcRequest) {
        self.asking = Some((key, desk.price_international(request)));
    }

    /// The route's fields and the price of the parcel on it (or what it still needs).
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        route: &mut QuoteRoute,
        dirs: Option<&Directories>,
        draft: &IntlQuoteDraft,
    ) {
        ui.strong(t!("parcel.price"));
        let refused = match self.answer() {
            Some(Err(r)) => r.fields.clone(),
            _ => BTreeMap::new(),
        };
        let form = Form::new(&refused);
        ui.columns(2, |cols| {
            let (first, second) = cols.split_at_mut(1);
            route_fields(
                &mut first[0],
                &mut second[0],
                &mut self.city,
                route,
                dirs,
                &form,
            );
        });
        match (self.answer(), &self.key) {
            (Some(Ok(a)), _) => answer_lines(ui, a, dirs),
            (Some(Err(r)), _) => {
                ui.label(RichText::new(&r.message).color(ERROR_COLOR));
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
                        .filter_map(|k| field_name(k))
                        .collect();
                    t!("parcel.price_needs", fields = fields.join(", ")).to_string()
                };
                ui.label(RichText::new(needs).weak());
            }
        }
    }
}
