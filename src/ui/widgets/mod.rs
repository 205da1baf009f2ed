//! Pieces the screens share: a labelled text field with its error underneath, a form beside a
//! fixed-width pane, and (in their own files) toasts, pickers, the price box, confirmations,
//! status chips, periods and errors in the clerk's words.

pub mod confirm;
pub mod errors;
pub mod period;
pub mod pickers;
pub mod price_box;
pub mod status;
mod toasts;

use egui::{Color32, RichText};
pub use toasts::{ToastKind, Toasts};

pub const ERROR_COLOR: Color32 = Color32::from_rgb(200, 40, 40);

/// A label above a single-line field, and the field's error (if any) under it. The label names
/// the field for AccessKit, so screen readers and UI tests find it by its text.
pub fn field(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut String,
    error: Option<&str>,
    password: bool,
) -> egui::Response {
    // Left-aligned even in a justified column (egui's `columns`): a label that wraps there would
    // otherwise be stretched letter by letter to the column's width.
    let plain = egui::Layout::top_down(egui::Align::Min);
    let l = ui.with_layout(plain, |ui| ui.label(label)).inner;
    // A stable id from the label: positional ids shift when rows above appear or vanish
    // (suggestions, errors), which would move the keyboard focus to another field.
    let edit = egui::TextEdit::singleline(value)
        .id_salt(("field", label))
        .password(password)
        .desired_width(f32::INFINITY);
    let r = ui.add(edit).labelled_by(l.id);
    if r.gained_focus() {
        // Tabbing through a long form keeps the field being typed in view.
        r.scroll_to_me(None);
    }
    if let Some(e) = error {
        ui.with_layout(plain, |ui| ui.label(RichText::new(e).color(ERROR_COLOR)));
    }
    ui.add_space(4.0);
    r
}

/// A labelled drop-down over a closed set of values, each shown by `text`.
pub fn choice<T: PartialEq + Clone>(
    ui: &mut egui::Ui,
    label: &str,
    id: &str,
    value: &mut T,
    options: impl IntoIterator<Item = T>,
    text: impl Fn(&T) -> String,
) -> egui::Response {
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(id)
        .selected_text(text(value))
        .show_ui(ui, |ui| {
            for option in options {
                let shown = text(&option);
                ui.selectable_value(value, option, shown);
            }
        })
        .response
        .labelled_by(l.id)
}

/// A screen's main part beside a pane of fixed width on its right (the price, the label), each in
/// its own column: whatever the main part holds, it never runs under the pane. Both parts work on
/// the same `state`, one after the other.
pub fn beside<S>(
    ui: &mut egui::Ui,
    pane_width: f32,
    state: &mut S,
    main: impl FnOnce(&mut egui::Ui, &mut S),
    pane: impl FnOnce(&mut egui::Ui, &mut S),
) {
    use egui_extras::{Size, StripBuilder};
    let pane_width = pane_width.min(ui.available_width() * 0.45);
    // Cells lay out top-down, left-aligned and unjustified: a wrapped label is never stretched
    // letter by letter to the column's width.
    StripBuilder::new(ui)
        .cell_layout(egui::Layout::top_down(egui::Align::Min))
        .size(Size::remainder().at_least(200.0))
        .size(Size::exact(pane_width))
        .clip(true)
        .horizontal(|mut strip| {
            // Strip cells cut text by default; here text wraps as anywhere else.
            strip.cell(|ui| {
                ui.style_mut().wrap_mode = None;
                main(ui, state)
            });
            strip.cell(|ui| {
                ui.style_mut().wrap_mode = None;
                let r = ui.max_rect();
                let line = ui.visuals().widgets.noninteractive.bg_stroke;
                ui.painter().vline(r.left(), r.y_range(), line);
                egui::Frame::new()
                    .inner_margin(egui::Margin {
                        left: 10,
                        ..Default::default()
                    })
                    .show(ui, |ui| pane(ui, state));
            });
        });
}
