//! The international price: every field of the contract's calculation (weight, volume, sender
//! city, receiver country and city, shipment type, pickup, delivery, pieces, date, company
//! tariff and customer id), the price the service gives and the request it says it priced.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::errors::problem_text;
use crate::ui::widgets::intl_quote::{RoutePickers, answer_lines, outcome, route_fields};
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, ErrorRooms, Form, button_if, replace_prefilled};
use api::ApiError;
use api::codes::Delivery;
use api::international::IntlCalcRequest;
use api::international::IntlCalcResponse;
use desk::international::intl_quote::IntlQuoteDraft;
use desk::task::{Task, ready_with};
use egui::RichText;
use rust_i18n::t;
use std::collections::BTreeMap;

pub struct IntlCalculator {
    pub draft: IntlQuoteDraft,
    pickers: RoutePickers,
    tried: bool,
    /// The request asked, with its answer to come.
    pricing: Option<(IntlCalcRequest, Task<Result<IntlCalcResponse, ApiError>>)>,
    /// The request the answer shown was given for.
    answered: Option<IntlCalcRequest>,
    pub answer: Option<IntlCalcResponse>,
    refused: BTreeMap<&'static str, String>,
    message: Option<Words>,
    /// The request the refusal shown was given for: changed since, it is not said any more.
    refused_for: Option<IntlCalcRequest>,
    /// Errors' lines kept until the next ask.
    rooms: ErrorRooms,
}

impl Default for IntlCalculator {
    fn default() -> Self {
        IntlCalculator {
            draft: IntlQuoteDraft::default(),
            pickers: RoutePickers::new("intl-calc-city", "intl-calc-abroad"),
            tried: false,
            pricing: None,
            answered: None,
            answer: None,
            refused: BTreeMap::new(),
            message: None,
            refused_for: None,
            rooms: ErrorRooms::default(),
        }
    }
}

impl IntlCalculator {
    fn ask(&mut self, cx: &mut Cx) {
        self.tried = true;
        self.refused.clear();
        self.message = None;
        self.rooms.sent();
        // A place field showing a name not taken is priced only once it is chosen.
        if !self
            .pickers
            .settle(&mut self.draft.route, cx.desk.directories())
        {
            return;
        }
        if let Ok(req) = self.draft.to_request() {
            self.pricing = Some((req.clone(), cx.desk.price_international(req)));
        }
    }

    /// Forgets what the service said of a request that is no longer the one on screen.
    fn forget_stale_refusal(&mut self) {
        if self.refused_for.is_some() && self.draft.to_request().ok() != self.refused_for {
            self.refused.clear();
            self.message = None;
            self.refused_for = None;
        }
    }

    fn errors(&self) -> BTreeMap<&'static str, String> {
        let mut e: BTreeMap<&'static str, String> = if self.tried {
            match self.draft.to_request() {
                Ok(_) => BTreeMap::new(),
                Err(p) => p.into_iter().map(|(k, v)| (k, problem_text(v))).collect(),
            }
        } else {
            BTreeMap::new()
        };
        for (k, v) in &self.refused {
            e.entry(k).or_insert_with(|| v.clone());
        }
        e
    }
}

impl Screen for IntlCalculator {
    fn poll(&mut self, _cx: &mut Cx) {
        let landed =
            ready_with(&mut self.pricing).map(|(asked, a)| (asked, outcome(a, &self.pickers)));
        match landed {
            Some((asked, Ok(answer))) => {
                self.answer = Some(answer);
                self.answered = Some(asked);
            }
            Some((asked, Err(refusal))) => {
                self.answer = None;
                self.refused = refusal.fields;
                self.message = Some(Words::said(refusal.message));
                self.refused_for = Some(asked);
            }
            None => {}
        }
    }

    /// The service's words were in the language before: asked again in the new one.
    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        if !matches!(event, AppEvent::LanguageChanged) {
            return;
        }
        let shown = self.answer.is_some() || self.message.is_some();
        self.refused.clear();
        self.message = None;
        self.refused_for = None;
        if shown && self.pricing.is_none() {
            self.ask(cx);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.forget_stale_refusal();
        let errors = self.errors();
        let form = Form::new(&errors).rooms(&self.rooms);
        let dirs = cx.desk.directories();
        let mut ask = false;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading(t!("intl_calc.title"));
            if let Some(m) = &self.message {
                ui.label(RichText::new(m).color(ERROR_COLOR));
            }
            let d = &mut self.draft;
            ui.columns(2, |cols| {
                let (first, second) = cols.split_at_mut(1);
                let ui = &mut first[0];
                form.text(ui, &t!("parcel.weight"), &mut d.weight, "weight");
                form.text(ui, &t!("intl_calc.volume"), &mut d.volume, "volume");
                route_fields(
                    ui,
                    &mut second[0],
                    &mut self.pickers,
                    &mut d.route,
                    dirs,
                    &form,
                );
                let ui = &mut second[0];
                ui.label(t!("parcel.delivery"));
                ui.horizontal_wrapped(|ui| {
                    ui.radio_value(&mut d.delivery, None, t!("intl_calc.any"));
                    ui.radio_value(
                        &mut d.delivery,
                        Some(Delivery::Office),
                        t!("order.mode_office"),
                    );
                    ui.radio_value(
                        &mut d.delivery,
                        Some(Delivery::Courier),
                        t!("order.mode_courier"),
                    );
                });
                let pieces = form.text(ui, &t!("intl_calc.pieces"), &mut d.pieces, "piece");
                replace_prefilled(ui, &pieces, &d.pieces, "1");
                form.text(ui, &t!("intl_calc.date"), &mut d.date, "senderDate");
                ui.checkbox(&mut d.company, t!("intl_calc.company"));
                if d.company {
                    form.text(
                        ui,
                        &t!("intl_calc.customer_id"),
                        &mut d.customer_id,
                        "customerId",
                    );
                }
            });
            let busy = self.pricing.is_some();
            if button_if(ui, !busy, t!("intl_calc.price")) {
                ask = true;
            }
            if busy {
                ui.spinner();
            }
            if let Some(a) = &self.answer {
                ui.separator();
                answer_lines(ui, a, dirs);
                if self.answered != self.draft.to_request().ok() {
                    // Changed since: the price shown is for what was asked before.
                    ui.label(RichText::new(t!("intl_calc.stale")).color(ERROR_COLOR));
                }
            }
        });
        if ask {
            self.ask(cx);
        }
    }

    fn is_busy(&self) -> bool {
        self.pricing.is_some()
    }
}
