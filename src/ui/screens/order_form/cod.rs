//! Cash on delivery in the order form: the receipt lines (a registered good, how many, at what
//! price), their total, and registering a good on the spot — said in words when none exists yet.

use super::OrderForm;
use crate::ui::widgets::{ERROR_COLOR, replace_prefilled};
use desk::Desk;
use desk::domestic::order_draft::field as f;
use egui::RichText;
use rust_i18n::t;
use std::collections::BTreeMap;

impl OrderForm {
    pub(super) fn cod_block(
        &mut self,
        ui: &mut egui::Ui,
        desk: &Desk,
        errors: &BTreeMap<&'static str, String>,
    ) {
        ui.separator();
        ui.checkbox(&mut self.draft.cod, t!("order.cod"));
        if !self.draft.cod {
            return;
        }
        self.goods.ensure_loaded(desk);
        let none_registered = self.goods.is_known_empty();
        // An empty list to pick from says nothing: say what to do, with the form at hand. Its
        // line is kept once the first good is registered, so the lines below do not move up.
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        crate::ui::widgets::keep_room(ui, line, |ui| {
            if none_registered {
                let hint = RichText::new(t!("order.goods_none"));
                ui.label(hint.color(egui::Color32::from_rgb(200, 120, 30)));
            }
        });
        if none_registered && self.draft.goods.is_empty() {
            self.draft.goods.push(Default::default());
        }
        let mut remove = None;
        let mut restore = false;
        let registered = &self.goods.list;
        let count = self.draft.goods.len();
        for (i, line) in self.draft.goods.iter_mut().enumerate() {
            ui.push_id(("good-line", i), |ui| {
                restore |= self.removed_goods.row_before(ui, i);
                // The good, how many and the price share the row's width (label above each),
                // with room kept at its end for ✕: the row never runs wider than the form.
                let spacing = ui.spacing().item_spacing.x;
                let shared = (ui.available_width() - 30.0 - 3.0 * spacing).max(200.0);
                let cell = |ui: &mut egui::Ui, part: f32, label: &str| {
                    ui.set_width(shared * part);
                    ui.add(egui::Label::new(label).truncate())
                };
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        let l = cell(ui, 0.5, &t!("order.good"));
                        let chosen = line
                            .good_id
                            .and_then(|id| registered.iter().find(|g| g.id == id))
                            .map(|g| g.name.clone())
                            .unwrap_or_default();
                        crate::ui::widgets::dropdown::Dropdown::new("good")
                            .width(shared * 0.5)
                            .selected_text(chosen)
                            .show_ui(ui, |ui| {
                                for g in registered {
                                    let text = format!("{} · {}", g.name, g.spic);
                                    if ui
                                        .selectable_label(line.good_id == Some(g.id), text)
                                        .clicked()
                                    {
                                        line.good_id = Some(g.id);
                                        line.price = g.good_price.0.to_string();
                                        if line.amount.trim().is_empty() {
                                            line.amount = "1".into();
                                        }
                                    }
                                }
                            })
                            .response
                            .labelled_by(l.id);
                    });
                    // Filled in when a good is picked (one, at its price): typed over, not
                    // added to.
                    ui.vertical(|ui| {
                        let l = cell(ui, 0.2, &t!("order.good_amount"));
                        let edit = egui::TextEdit::singleline(&mut line.amount)
                            .id_salt("amount")
                            .desired_width(shared * 0.2);
                        let r = ui.add(edit).labelled_by(l.id);
                        replace_prefilled(ui, &r, &line.amount, "1");
                    });
                    ui.vertical(|ui| {
                        let l = cell(ui, 0.3, &t!("order.good_price"));
                        let edit = egui::TextEdit::singleline(&mut line.price)
                            .id_salt("price")
                            .desired_width(shared * 0.3);
                        let r = ui.add(edit).labelled_by(l.id);
                        let listed = line
                            .good_id
                            .and_then(|id| registered.iter().find(|g| g.id == id))
                            .map(|g| g.good_price.0.to_string());
                        if let Some(listed) = listed {
                            replace_prefilled(ui, &r, &line.price, &listed);
                        }
                    });
                    ui.vertical(|ui| {
                        ui.label("");
                        if ui
                            .small_button("✕")
                            .on_hover_text(t!("order.good_remove"))
                            .clicked()
                        {
                            remove = Some(i);
                        }
                    });
                });
            });
        }
        restore |= self.removed_goods.row_before(ui, count);
        if restore {
            self.removed_goods.restore(&mut self.draft.goods);
        } else if let Some(i) = remove {
            self.removed_goods.remove(&mut self.draft.goods, i);
        }
        ui.horizontal(|ui| {
            if ui.button(t!("order.good_add")).clicked() {
                self.draft.goods.push(Default::default());
            }
            if let Some(total) = self
                .draft
                .cod_total()
                .filter(|_| !self.draft.goods.is_empty())
            {
                ui.strong(t!("order.cod_total", total = total.to_string()));
            }
        });
        if let Some(e) = errors.get(f::GOODS) {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        egui::CollapsingHeader::new(t!("order.good_new"))
            .id_salt("new-good")
            .open(none_registered.then_some(true))
            .show(ui, |ui| self.goods.register_form(ui, desk));
    }
}
