//! The order form's fields, top to bottom: sender and receiver side by side, the parcel, what is
//! inside, cash on delivery, references and days, exact places (when editing), and Create.

use super::OrderForm;
use super::delivery_choice;
use crate::desk::Desk;
use crate::desk::order_draft::field as f;
use crate::ui::widgets::pickers::{branch_picker, id_name_picker};
use crate::ui::widgets::{ERROR_COLOR, field};
use egui::RichText;
use rust_i18n::t;
use std::collections::BTreeMap;

impl OrderForm {
    pub(super) fn body(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        let dirs = desk.directories.as_ref();
        let err = |e: &BTreeMap<&'static str, String>, k: &str| e.get(k).cloned();
        let errors = self.errors.clone();
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading(match self.editing {
                Some(_) => t!("order.edit_title"),
                None => t!("order.new_title"),
            });
            let waiting = desk.outbox.load(std::sync::atomic::Ordering::Relaxed);
            if self.editing.is_none() && waiting > 0 {
                // An order typed here earlier (before a crash, or while offline) is in the outbox,
                // not in this form: say where it is, so it is not typed and sent a second time.
                ui.label(
                    RichText::new(t!("order.outbox_waiting", n = waiting))
                        .color(egui::Color32::from_rgb(200, 120, 30)),
                );
            }
            ui.columns(2, |cols| {
                let ui = &mut cols[0];
                ui.strong(t!("order.sender"));
                self.sender_city.show(
                    ui,
                    &t!("order.city"),
                    &mut self.draft.sender_city,
                    dirs,
                    err(&errors, f::SENDER_CITY).as_deref(),
                );
                let first = field(
                    ui,
                    &t!("order.sender_name"),
                    &mut self.draft.sender_name,
                    err(&errors, f::SENDER_NAME).as_deref(),
                    false,
                );
                // A blank form starts at the sender's city; the counter's own city stays between
                // orders, and then the sender's name comes first.
                if std::mem::take(&mut self.focus_first) {
                    match self.draft.sender_city {
                        None => self.sender_city.focus(),
                        Some(_) => first.request_focus(),
                    }
                }
                field(
                    ui,
                    &t!("order.sender_phone"),
                    &mut self.draft.sender_phone,
                    err(&errors, f::SENDER_PHONE).as_deref(),
                    false,
                );
                field(
                    ui,
                    &t!("order.sender_address"),
                    &mut self.draft.sender_address,
                    err(&errors, f::SENDER_ADDRESS).as_deref(),
                    false,
                );
                delivery_choice(
                    ui,
                    &t!("order.pickup"),
                    &mut self.draft.sender_delivery,
                    "pickup",
                );

                let ui = &mut cols[1];
                ui.strong(t!("order.receiver"));
                self.receiver_city.show(
                    ui,
                    &t!("order.city"),
                    &mut self.draft.receiver_city,
                    dirs,
                    err(&errors, f::RECEIVER_CITY).as_deref(),
                );
                field(
                    ui,
                    &t!("order.receiver_name"),
                    &mut self.draft.receiver_name,
                    err(&errors, f::RECEIVER_NAME).as_deref(),
                    false,
                );
                field(
                    ui,
                    &t!("order.receiver_phone"),
                    &mut self.draft.receiver_phone,
                    err(&errors, f::RECEIVER_PHONE).as_deref(),
                    false,
                );
                field(
                    ui,
                    &t!("order.receiver_phone1"),
                    &mut self.draft.receiver_phone1,
                    err(&errors, f::RECEIVER_PHONE1).as_deref(),
                    false,
                );
                field(
                    ui,
                    &t!("order.receiver_address"),
                    &mut self.draft.receiver_address,
                    err(&errors, f::RECEIVER_ADDRESS).as_deref(),
                    false,
                );
                delivery_choice(
                    ui,
                    &t!("order.dropoff"),
                    &mut self.draft.receiver_delivery,
                    "dropoff",
                );
                if self.draft.receiver_delivery == 0 {
                    branch_picker(
                        ui,
                        &t!("order.branch"),
                        self.draft.receiver_city,
                        &mut self.draft.receiver_branch,
                        dirs,
                        err(&errors, f::RECEIVER_BRANCH).as_deref(),
                    );
                }
            });
            ui.separator();
            ui.strong(t!("order.parcel"));
            ui.columns(2, |cols| {
                let ui = &mut cols[0];
                field(
                    ui,
                    &t!("order.weight"),
                    &mut self.draft.weight,
                    err(&errors, f::WEIGHT).as_deref(),
                    false,
                );
                ui.horizontal(|ui| {
                    for (which, (label, v)) in [
                        (t!("order.length"), &mut self.draft.length),
                        (t!("order.width"), &mut self.draft.width),
                        (t!("order.height"), &mut self.draft.height),
                    ]
                    .into_iter()
                    .enumerate()
                    {
                        ui.vertical(|ui| {
                            let l = ui.label(label);
                            let id = ("dimension", which);
                            ui.add(
                                egui::TextEdit::singleline(v)
                                    .id_salt(id)
                                    .desired_width(70.0),
                            )
                            .labelled_by(l.id);
                        });
                    }
                });
                if let Some(v) = self.draft.volume_on_record() {
                    ui.weak(t!("order.volume_on_record", volume = format!("{v:.0}")));
                }
                if let Some(e) = err(&errors, f::DIMENSIONS) {
                    ui.label(RichText::new(e).color(ERROR_COLOR));
                }
                field(
                    ui,
                    &t!("order.pieces"),
                    &mut self.draft.pieces,
                    err(&errors, f::PIECES).as_deref(),
                    false,
                );
                let ui = &mut cols[1];
                let empty = Vec::new();
                id_name_picker(
                    ui,
                    &t!("order.package"),
                    dirs.map(|d| &d.data.packaging_types).unwrap_or(&empty),
                    &mut self.draft.package_id,
                    err(&errors, f::PACKAGE).as_deref(),
                );
                id_name_picker(
                    ui,
                    &t!("order.post_type"),
                    dirs.map(|d| &d.data.shipment_types).unwrap_or(&empty),
                    &mut self.draft.post_type_id,
                    err(&errors, f::POST_TYPE).as_deref(),
                );
                ui.checkbox(&mut self.draft.take_photo, t!("order.take_photo"));
                ui.checkbox(&mut self.draft.return_waybill, t!("order.return_waybill"));
                ui.checkbox(&mut self.draft.is_test, t!("order.is_test"));
            });
            ui.separator();
            crate::ui::screens::order_form::item_lines::item_lines(
                ui,
                &mut self.draft.items,
                err(&errors, f::ITEMS).as_deref(),
            );
            self.cod_block(ui, desk, &errors);
            ui.separator();
            ui.columns(3, |cols| {
                field(
                    &mut cols[0],
                    &t!("order.client_ref"),
                    &mut self.draft.client_ref,
                    None,
                    false,
                );
                field(
                    &mut cols[1],
                    &t!("order.wcs_code"),
                    &mut self.draft.wcs_code,
                    err(&errors, f::WCS_CODE).as_deref(),
                    false,
                );
                field(
                    &mut cols[2],
                    &t!("order.remarks"),
                    &mut self.draft.remarks,
                    None,
                    false,
                );
            });
            ui.columns(3, |cols| {
                field(
                    &mut cols[0],
                    &t!("order.sender_date"),
                    &mut self.draft.sender_date,
                    err(&errors, f::SENDER_DATE).as_deref(),
                    false,
                );
                field(
                    &mut cols[1],
                    &t!("order.receiver_date"),
                    &mut self.draft.receiver_date,
                    err(&errors, f::RECEIVER_DATE).as_deref(),
                    false,
                );
                cols[2].add_space(18.0);
                // Left-aligned and wrapped inside its column (never stretched to its width).
                cols[2].with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.add(egui::Label::new(RichText::new(t!("order.dates_hint")).weak()).wrap());
                });
            });
            if self.editing.is_some() && desk.has_current_session() {
                ui.separator();
                crate::ui::screens::order_form::exact_places::exact_places(
                    ui,
                    &mut self.draft.places,
                    err(&errors, f::PLACES).as_deref(),
                );
            }
            ui.horizontal(|ui| {
                let shortcut = ui
                    .ctx()
                    .format_shortcut(&crate::ui::app::commands::Command::CreateOrder.shortcut());
                if ui
                    .add_enabled(
                        self.creating.is_none() && self.saving_edit.is_none(),
                        egui::Button::new(match self.editing {
                            Some(_) => t!("order.save_edit"),
                            None => t!("order.create"),
                        })
                        .shortcut_text(shortcut),
                    )
                    .clicked()
                {
                    self.submit(desk);
                }
                if self.creating.is_some() || self.saving_edit.is_some() {
                    ui.spinner();
                    ui.label(t!("order.creating"));
                }
            });
        });
    }
}
