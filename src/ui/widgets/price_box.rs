//! The price beside a form: asked a moment after the inputs stop changing, cached by its inputs
//! (going back to earlier inputs costs nothing), followed by the price of each receiver delivery
//! mode. Used by the order form and the calculator.

use crate::ui::widgets::ERROR_COLOR;
use crate::ui::widgets::errors::{problem_text, tell};
use api::codes::Delivery;
use api::legacy::{CalculateRequest, CalculateResponse};
use api::{ApiError, Sum};
use desk::Desk;
use desk::domestic::order_draft::OrderDraft;
use desk::task::{Task, take};
use egui::RichText;
use rust_i18n::t;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How wide the price pane beside a form is (the order form, the calculator).
pub const PRICE_PANE: f32 = 280.0;

/// Wait this long after the last keystroke before asking the price.
const PAUSE: Duration = Duration::from_millis(400);

pub struct PriceBox {
    prices: HashMap<String, Result<Sum, String>>,
    key: Option<String>,
    since: Instant,
    asking: Option<Task<Result<CalculateResponse, ApiError>>>,
    asking_key: String,
}

impl Default for PriceBox {
    fn default() -> Self {
        PriceBox {
            prices: HashMap::new(),
            key: None,
            since: Instant::now(),
            asking: None,
            asking_key: String::new(),
        }
    }
}

/// What was typed but cannot be read, as "field: problem" lines (blank fields are not listed).
pub fn unreadable(draft: &OrderDraft) -> Vec<String> {
    use desk::domestic::order_draft::{Problem, field};
    draft
        .price_problems()
        .into_iter()
        .filter(|(_, p)| *p != Problem::Required)
        .map(|(k, p)| {
            let name = match k {
                field::WEIGHT => t!("order.weight"),
                _ => t!("order.dimensions"),
            };
            format!("{name}: {}", problem_text(p))
        })
        .collect()
}

/// The price requests for each receiver delivery mode: (mode, cache key, request).
fn alternatives(draft: &OrderDraft) -> Vec<(Delivery, String, CalculateRequest)> {
    Delivery::ALL
        .iter()
        .filter_map(|&mode| {
            let mut d = draft.clone();
            d.receiver.delivery = mode;
            let req = d.price_request()?;
            Some((mode, serde_json::to_string(&req).ok()?, req))
        })
        .collect()
}

impl PriceBox {
    pub fn is_busy(&self) -> bool {
        self.asking.is_some()
    }

    /// The price of the current inputs, if known.
    pub fn price(&self) -> Option<&Result<Sum, String>> {
        self.key.as_ref().and_then(|k| self.prices.get(k))
    }

    /// Picks up answers and asks what is missing for these inputs.
    pub fn poll(&mut self, ctx: &egui::Context, desk: &Desk, draft: &OrderDraft) {
        if let Some(r) = take(&mut self.asking) {
            let price = match r {
                Ok(Ok(resp)) => Ok(resp.summary_price),
                Ok(Err(e)) => Err(tell(&e).message),
                Err(_) => Err(t!("error.lost").to_string()),
            };
            self.prices
                .insert(std::mem::take(&mut self.asking_key), price);
        }
        let key = draft
            .price_request()
            .and_then(|r| serde_json::to_string(&r).ok());
        if key != self.key {
            self.key = key;
            self.since = Instant::now();
        }
        let Some(k) = self.key.clone() else { return };
        if self.asking.is_some() {
            return;
        }
        if !self.prices.contains_key(&k) {
            if self.since.elapsed() < PAUSE {
                ctx.request_repaint_after(PAUSE);
            } else if let Some(req) = draft.price_request() {
                self.asking_key = k;
                self.asking = Some(desk.calculate(req));
            }
            return;
        }
        // The chosen mode is priced: the other delivery modes follow, one at a time.
        if let Some((_, key, req)) = alternatives(draft)
            .into_iter()
            .find(|(_, k, _)| !self.prices.contains_key(k))
        {
            self.asking_key = key;
            self.asking = Some(desk.calculate(req));
        }
    }

    /// The price, and the price of each receiver delivery mode (a click picks that mode).
    pub fn show(&mut self, ui: &mut egui::Ui, draft: &mut OrderDraft) {
        ui.add_space(8.0);
        ui.strong(t!("order.price"));
        ui.add_space(6.0);
        // The price line's room is kept: a spinner, a price or an error in its place never
        // moves the delivery modes below it under the pointer.
        let room = 2.0 * ui.text_style_height(&egui::TextStyle::Heading) + 8.0;
        let priced = crate::ui::widgets::keep_room(ui, room, |ui| self.price_line(ui, draft));
        if !priced {
            return;
        }
        ui.add_space(10.0);
        self.by_mode(ui, draft);
    }

    /// The price of the inputs (or what it waits for, or why there is none); false when the
    /// inputs make no request yet.
    fn price_line(&self, ui: &mut egui::Ui, draft: &OrderDraft) -> bool {
        match (self.price(), &self.key) {
            (_, None) => {
                // Something typed that cannot be read is said, not silently left unpriced.
                let typed = unreadable(draft);
                if typed.is_empty() {
                    ui.label(RichText::new(t!("order.price_needs")).weak());
                }
                for line in typed {
                    ui.label(RichText::new(line).color(ERROR_COLOR));
                }
                return false;
            }
            (Some(Ok(sum)), _) => {
                ui.label(
                    RichText::new(format!("{sum} {}", t!("order.sum")))
                        .size(28.0)
                        .strong(),
                );
            }
            (Some(Err(e)), _) => {
                ui.label(RichText::new(e).color(ERROR_COLOR));
            }
            (None, Some(_)) => {
                ui.spinner();
            }
        }
        true
    }

    /// The modes' prices, each a row the clerk can click to take it.
    fn by_mode(&mut self, ui: &mut egui::Ui, draft: &mut OrderDraft) {
        ui.label(RichText::new(t!("order.price_by_mode")).weak());
        let mut choose = None;
        egui::Grid::new("price-modes")
            .num_columns(2)
            .show(ui, |ui| {
                for (mode, key, _) in alternatives(draft) {
                    let name = match mode {
                        Delivery::Office => t!("order.mode_office"),
                        Delivery::Courier => t!("order.mode_courier"),
                        Delivery::RemoteCourier => t!("order.mode_remote"),
                    };
                    if ui
                        .selectable_label(mode == draft.receiver.delivery, name)
                        .clicked()
                    {
                        choose = Some(mode);
                    }
                    match self.prices.get(&key) {
                        Some(Ok(sum)) => ui.label(format!("{sum} {}", t!("order.sum"))),
                        Some(Err(_)) => ui.label("—"),
                        None => ui.spinner(),
                    };
                    ui.end_row();
                }
            });
        if let Some(mode) = choose {
            draft.receiver.delivery = mode;
        }
    }
}
