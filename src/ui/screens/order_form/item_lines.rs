//! The order form's item lines (`postTypes`): what is inside the parcel, a line each — name (at
//! most 20 characters, the service keeps no more), code, count, cost — added and removed by the
//! clerk (a new line takes the cursor; a removed one can be brought back); blank lines are left
//! out when the order is sent. A name longer than the service keeps is said on its own row, as a
//! count beside the field, so nothing below moves as it is typed.

use crate::ui::widgets::lines::LineUndo;
use crate::ui::widgets::{ERROR_COLOR, replace_prefilled};
use desk::international::item_draft::{ITEM_NAME_MAX, ItemDraft};
use egui::RichText;
use rust_i18n::t;

/// Shows the lines with their problem (if any) under them.
pub fn item_lines(
    ui: &mut egui::Ui,
    lines: &mut Vec<ItemDraft>,
    undo: &mut LineUndo<ItemDraft>,
    error: Option<&str>,
) {
    ui.strong(t!("order.items"));
    // A line added last frame takes the cursor in its name, so the clerk types straight on.
    let focus_id = egui::Id::unique("item-line-focus");
    let focus = ui.data_mut(|d| d.remove_temp::<usize>(focus_id));
    let mut remove = None;
    let mut restore = false;
    let count = lines.len();
    for (i, line) in lines.iter_mut().enumerate() {
        ui.push_id(("item-line", i), |ui| {
            restore |= undo.row_before(ui, i);
            // The four fields share the row's width (label above each), with room kept at
            // its end for ✕ and a name's count: the row never runs wider than the form.
            let spacing = ui.spacing().item_spacing.x;
            let end = 70.0;
            let shared = (ui.available_width() - end - 4.0 * spacing).max(200.0);
            ui.horizontal_top(|ui| {
                for (key, value, part, salt) in [
                    ("order.item_name", &mut line.name, 0.4, "name"),
                    ("order.item_code", &mut line.code, 0.2, "code"),
                    ("order.item_count", &mut line.count, 0.15, "count"),
                    ("order.item_cost", &mut line.cost, 0.25, "cost"),
                ] {
                    let width = shared * part;
                    ui.vertical(|ui| {
                        ui.set_width(width);
                        let l = ui.add(egui::Label::new(t!(key)).truncate());
                        let edit = egui::TextEdit::singleline(value)
                            .id_salt(salt)
                            .desired_width(width);
                        let r = ui.add(edit).labelled_by(l.id);
                        if salt == "name" && focus == Some(i) {
                            r.request_focus();
                        }
                        if salt == "count" {
                            replace_prefilled(ui, &r, value, "1");
                        }
                    });
                }
                ui.vertical(|ui| {
                    ui.label("");
                    ui.horizontal(|ui| {
                        if ui
                            .small_button("✕")
                            .on_hover_text(t!("order.item_remove"))
                            .clicked()
                        {
                            remove = Some(i);
                        }
                        // Said while typing, not cut off: a pasted name is the clerk's to
                        // shorten.
                        let long = line.name.trim().chars().count();
                        if long > ITEM_NAME_MAX {
                            let text = t!("order.item_name_long", n = ITEM_NAME_MAX, typed = long);
                            let count = RichText::new(format!("{long}/{ITEM_NAME_MAX}"));
                            ui.label(count.color(ERROR_COLOR).small())
                                .on_hover_text(text);
                        }
                    });
                });
            });
        });
    }
    restore |= undo.row_before(ui, count);
    if restore {
        undo.restore(lines);
    } else if let Some(i) = remove {
        undo.remove(lines, i);
    }
    if ui.button(t!("order.item_add")).clicked() {
        lines.push(ItemDraft::default());
        ui.data_mut(|d| d.insert_temp(focus_id, lines.len() - 1));
    }
    if let Some(e) = error {
        ui.label(RichText::new(e).color(ERROR_COLOR));
    }
}
