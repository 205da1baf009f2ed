//! Unusual values (a very heavy parcel, a large cash on delivery, a name longer than a label
//! shows) are the clerk's call: asked once, in a modal, for this exact form; then sent.

use super::OrderForm;
use crate::ui::widgets::confirm::{Question, ask};
use desk::Desk;
use desk::domestic::order_draft::field as f;
use desk::domestic::plausible::Doubt;
use rust_i18n::t;

impl OrderForm {
    pub(super) fn ask_about_doubts(&mut self, ctx: &egui::Context, desk: &Desk) {
        let Some(found) = &self.doubting else { return };
        let answer = ask(
            ctx,
            Question {
                id: "order-doubts",
                title: t!("order.doubt_title").to_string(),
                lines: found.iter().map(doubt_text).collect(),
                yes: t!("order.doubt_send").to_string(),
                no: t!("order.doubt_back").to_string(),
            },
        );
        match answer {
            Some(true) => {
                self.doubting = None;
                self.confirmed = Some(self.draft.clone());
                self.submit(desk);
            }
            Some(false) => self.doubting = None,
            None => {}
        }
    }
}

/// An unusual value in the clerk's words.
fn doubt_text(d: &Doubt) -> String {
    match d {
        Doubt::Weight { kg, max_kg } => {
            let kg = crate::ui::widgets::numbers::kg_of(*kg);
            let max = crate::ui::widgets::numbers::whole(i64::from(*max_kg));
            t!("order.doubt_weight", kg = kg, max = max).to_string()
        }
        Doubt::Cod { total, max } => t!(
            "order.doubt_cod",
            total = total.to_string(),
            max = max.to_string()
        )
        .to_string(),
        Doubt::Long { field, chars, max } => {
            let name = match *field {
                f::SENDER_NAME => t!("order.sender_name"),
                f::RECEIVER_NAME => t!("order.receiver_name"),
                f::SENDER_ADDRESS => t!("order.sender_address"),
                _ => t!("order.receiver_address"),
            };
            t!("order.doubt_long", field = name, chars = chars, max = max).to_string()
        }
    }
}
