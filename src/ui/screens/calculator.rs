//! The calculator: the price between two cities for a weight and size, with each delivery mode,
//! without starting an order (a customer asking "how much?"). What cannot be read ("2kg") is
//! said under its field and in place of the price.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::screen::Screen;
use crate::ui::screens::order_form::delivery_choice;
use crate::ui::widgets::errors::problem_text;
use crate::ui::widgets::pickers::CityPicker;
use crate::ui::widgets::price_box::{PRICE_PANE, PriceBox};
use crate::ui::widgets::{ERROR_COLOR, beside, field, sides};
use desk::Desk;
use desk::domestic::order_draft::{OrderDraft, Problem, field as f};
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
    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        // Beside the price pane, never under it (the same frame as the order form).
        beside(
            ui,
            PRICE_PANE,
            self,
            |ui, c| c.inputs_form(ui, desk),
            Self::price_pane,
        );
    }

    fn price_pane(ui: &mut egui::Ui, c: &mut Calculator) {
        c.price.show(ui, &mut c.inputs);
    }

    fn inputs_form(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        let dirs = desk.directories();
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.set_max_width(560.0);
            ui.heading(t!("calc.title"));
            if std::mem::take(&mut self.focus) {
                self.from.focus();
            }
            self.from.show(
                ui,
                &t!("calc.from"),
                &mut self.inputs.sender.city,
                dirs,
                None,
            );
            self.to.show(
                ui,
                &t!("calc.to"),
                &mut self.inputs.receiver.city,
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
            // The weight's error line is kept whether it shows or not: the fields below never
            // move as a weight is typed.
            field(
                ui,
                &t!("order.weight"),
                &mut self.inputs.weight,
                Some(weight_error.as_deref().unwrap_or("")),
                false,
            );
            let i = &mut self.inputs;
            sides(
                ui,
                "calc-dimension",
                [&mut i.length, &mut i.width, &mut i.height],
            );
            let line = ui.text_style_height(&egui::TextStyle::Body);
            crate::ui::widgets::keep_room(ui, line, |ui| {
                if let Some(e) = sides_error {
                    ui.label(egui::RichText::new(e).color(ERROR_COLOR));
                }
            });
            delivery_choice(
                ui,
                &t!("order.pickup"),
                &mut self.inputs.sender.delivery,
                "calc-pickup",
            );
            delivery_choice(
                ui,
                &t!("order.dropoff"),
                &mut self.inputs.receiver.delivery,
                "calc-dropoff",
            );
        });
    }
}

impl Screen for Calculator {
    fn poll(&mut self, cx: &mut Cx) {
        self.price.poll(cx.ctx, cx.desk, &self.inputs);
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.show(ui, cx.desk);
    }

    fn is_busy(&self) -> bool {
        self.price.is_busy()
    }
}
