//! Under the weight field: what the scale on the counter reads now, in the clerk's words, and
//! in the demo the simulated scale's pan (put a parcel on, take it off). A settled weight goes
//! into the field by itself (`OrderForm::poll`); everything else is only said.

use crate::ui::widgets::numbers::{kg, kg_number};
use desk::Desk;
use desk::domestic::weighing::ScaleState;
use egui::RichText;
use rust_i18n::t;
use scale::{Fault, Shown};

/// What the scale's state says; a settled weight is "taken" only while the field holds it (the
/// clerk typed over it, or a new form began with it still on the pan).
fn said(state: &ScaleState, field: &str) -> (String, bool) {
    let ok = |s: String| (s, false);
    let warn = |s: String| (s, true);
    match state.shown {
        Shown::Waiting => ok(t!("scale.waiting").to_string()),
        Shown::Empty => ok(t!("scale.empty").to_string()),
        Shown::Weighing(g) => ok(t!("scale.weighing", weight = kg(g)).to_string()),
        Shown::Settled(g) if field.trim() == kg_number(g) => {
            ok(t!("scale.settled", weight = kg(g)).to_string())
        }
        Shown::Settled(g) => ok(t!("scale.on_pan", weight = kg(g)).to_string()),
        Shown::Negative => warn(t!("scale.negative").to_string()),
        Shown::Overload => warn(t!("scale.overload").to_string()),
        Shown::Fault(f) => warn(
            match f {
                Fault::NeedsCalibration => t!("scale.calibrate"),
                Fault::NeedsZeroing => t!("scale.zero"),
                Fault::Busy => t!("scale.busy"),
                _ => t!("scale.fault"),
            }
            .to_string(),
        ),
        Shown::Lost => warn(t!("scale.lost").to_string()),
    }
}

/// The scale's line, one row whatever it says (cut with "…", whole on hover: a longer state
/// never moves the form under the pointer), with Take when the pan's settled weight is not the
/// field's; in the demo, the simulated pan's buttons on a second row. The weight Take asked for.
pub(super) fn scale_line(ui: &mut egui::Ui, desk: &Desk, field: &str) -> Option<api::Weight> {
    let state = desk.scale_state()?;
    let (text, warn) = said(&state, field);
    let mut take = None;
    let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
    let line = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(row, line, |ui| {
        // Clicked, never tabbed to: the form's Tab order stays the same as without a scale.
        let small =
            |text: String| egui::Button::new(RichText::new(text).small()).sense(egui::Sense::CLICK);
        if let Shown::Settled(g) = state.shown
            && field.trim() != kg_number(g)
        {
            let button = small(t!("scale.take", weight = kg(g)).to_string());
            if ui.add(button).clicked() {
                take = Some(api::Weight::from_grams(g));
            }
        }
        let text = RichText::new(text).small();
        let text = match warn {
            true => text.color(crate::ui::widgets::ERROR_COLOR),
            false => text.weak(),
        };
        let shown = ui.add(egui::Label::new(text).truncate());
        if let Some(why) = &state.why {
            // The system's own words, under the clerk's heading for them (as every error's
            // details are shown).
            shown.on_hover_text(format!("{}: {why}", t!("error.details")));
        }
    });
    if state.simulated {
        // Wrapped within the column (in a narrow window the second goes under the first).
        ui.horizontal_wrapped(|ui| {
            let pan = |text: String| {
                egui::Button::new(RichText::new(text).small()).sense(egui::Sense::CLICK)
            };
            if ui.add(pan(t!("scale.sim_place").to_string())).clicked() {
                // A parcel of a different weight each time: 0.3 to 6 kg.
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.subsec_nanos())
                    .unwrap_or(0);
                desk.simulate_parcel(300 + u64::from(nanos % 5_700));
            }
            if ui.add(pan(t!("scale.sim_clear").to_string())).clicked() {
                desk.simulate_clear();
            }
        });
    }
    take
}
