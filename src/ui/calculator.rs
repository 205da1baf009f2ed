//! The calculator: the price between two cities for a weight and size, with each delivery mode,
//! without starting an order (a customer asking "how much?"). What cannot be read ("2kg") is
//! said under its field and in place of the price.

use super::errors::problem_text;
use super::order_form::delivery_choice;
use super::pickers::CityPicker;
use super::price_box::PriceBox;
use super::widgets::{ERROR_COLOR, field};
use crate::desk::Desk;
use crate::desk::order_draft::{OrderDraft, Problem, field as f};
use rust_i18n::t;

pub struct Calculator {
    /// Only the fields that make a price are used.
    pub inputs: OrderDraft,
    from: CityPicker,
    to: CityPicker,
    pub price: PriceBox,
    focus: bool,
}

impl Default for Calculator {
    fn default() -> Self {
        Calculator {
            inputs: OrderDraft::new(),
            from: CityPicker::new("calc-from"),
            to: CityPicker::new("calc-to"),
            price: PriceBox::default(),
            focus: true,
        }
    }
}

impl Calculator {
    pub fn poll(&mut self, ctx: &egui::Context, desk: &Desk) {
        self.price.poll(ctx, desk, &self.inputs);
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        let dirs = desk.directories.as_ref();
        egui::Panel::right("calc-price")
            .resizable(false)
            .exact_size(260.0)
            .show(ui, |ui| self.price.show(ui, &mut self.inputs));
        // Beside the price panel, not under it (the same frame as the order form).
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.set_max_width(560.0);
            ui.heading(t!("calc.title"));
            if std::mem::take(&mut self.focus) {
                self.from.focus();
            }
            self.from.show(
                ui,
                &t!("calc.from"),
                &mut self.inputs.sender_city,
                dirs,
                None,
            );
            self.to.show(
                ui,
                &t!("calc.to"),
                &mut self.inputs.receiver_city,
                dirs,
                None,
            );
            // A typed value that cannot be read is said under it (a blank one is just not yet).
            let problems = self.inputs.price_problems();
            let said = |k: &str| {
                problems
                    .get(k)
                    .filter(|p| **p != Problem::Required)
                    .map(|p| problem_text(*p))
            };
            let (weight_error, sides_error) = (said(f::WEIGHT), said(f::DIMENSIONS));
            field(
                ui,
                &t!("order.weight"),
                &mut self.inputs.weight,
                weight_error.as_deref(),
                false,
            );
            ui.horizontal(|ui| {
                for (which, (label, v)) in [
                    (t!("order.length"), &mut self.inputs.length),
                    (t!("order.width"), &mut self.inputs.width),
                    (t!("order.height"), &mut self.inputs.height),
                ]
                .into_iter()
                .enumerate()
                {
                    ui.vertical(|ui| {
                        let l = ui.label(label);
                        ui.add(
                            egui::TextEdit::singleline(v)
                                .id_salt(("calc-dimension", which))
                                .desired_width(70.0),
                        )
                        .labelled_by(l.id);
                    });
                }
            });
            if let Some(e) = sides_error {
                ui.label(egui::RichText::new(e).color(ERROR_COLOR));
            }
            delivery_choice(
                ui,
                &t!("order.pickup"),
                &mut self.inputs.sender_delivery,
                "calc-pickup",
            );
            delivery_choice(
                ui,
                &t!("order.dropoff"),
                &mut self.inputs.receiver_delivery,
                "calc-dropoff",
            );
        });
    }
}
