//! The edit form's block for what only the current interface carries: where exactly the parcel
//! is taken from and delivered to (latitude, longitude) and whether it is ready for the courier.
//! Shown when editing with a current-interface session; filling it sends the edit that way.

use crate::ui::widgets::{ERROR_COLOR, field};
use desk::domestic::current_edit::ExactPlaces;
use egui::RichText;
use rust_i18n::t;

pub fn exact_places(ui: &mut egui::Ui, places: &mut ExactPlaces, error: Option<&str>) {
    ui.strong(t!("order.places"));
    ui.weak(t!("order.places_hint"));
    ui.columns(4, |cols| {
        for (col, (key, value)) in cols.iter_mut().zip([
            ("order.sender_latitude", &mut places.sender_latitude),
            ("order.sender_longitude", &mut places.sender_longitude),
            ("order.receiver_latitude", &mut places.receiver_latitude),
            ("order.receiver_longitude", &mut places.receiver_longitude),
        ]) {
            field(col, &t!(key), value, None, false);
        }
    });
    if let Some(e) = error {
        ui.label(RichText::new(e).color(ERROR_COLOR));
    }
    // An explicit scope: the error line above comes and goes as the clerk types, which would
    // move a positional id (even under `push_id`, whose id counts the widgets before it) and
    // take the keyboard focus away from the box. One edit form is open at a time.
    let ready = ui
        .scope_builder(
            egui::UiBuilder::new().scope_id(egui::Id::unique("edit-form-ready-to-take")),
            |ui| ui.checkbox(&mut places.ready_to_take, t!("order.ready_to_take")),
        )
        .inner;
    if ready.gained_focus() {
        // Reached by keyboard below the fold: bring it into view so Space reaches it.
        ready.scroll_to_me(None);
    }
}
