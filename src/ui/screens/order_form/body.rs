//! The order form's fields, top to bottom: sender and receiver side by side, the parcel, what is
//! inside, cash on delivery, references and days, exact places (when editing), and Create.

use super::OrderForm;
use super::delivery_choice;
use crate::ui::widgets::pickers::{branch_picker, id_name_picker};
use crate::ui::widgets::suggestions::{Rest, Room, focus_now};
use crate::ui::widgets::{ERROR_COLOR, Form, replace_prefilled, sides};
use api::codes::Delivery;
use desk::Desk;
use desk::domestic::order_draft::{Side, field as f};
use egui::RichText;
use rust_i18n::t;
use std::collections::BTreeMap;

/// Which side of the order a column of the form is for.
#[derive(Clone, Copy)]
enum Party {
    Sender,
    Receiver,
}

impl Party {
    /// The catalog key of each of its texts' labels, and the form's key of the text: its name,
    /// its phone, its address.
    fn texts(self) -> [(&'static str, &'static str); 3] {
        match self {
            Party::Sender => [
                ("order.sender_name", f::SENDER_NAME),
                ("order.sender_phone", f::SENDER_PHONE),
                ("order.sender_address", f::SENDER_ADDRESS),
            ],
            Party::Receiver => [
                ("order.receiver_name", f::RECEIVER_NAME),
                ("order.receiver_phone", f::RECEIVER_PHONE),
                ("order.receiver_address", f::RECEIVER_ADDRESS),
            ],
        }
    }
}

/// A side's name, phone and address (and the receiver's second phone, before the address): the
/// name's and the phone's fields (a blank form may focus the name; both offer known people).
fn person(
    ui: &mut egui::Ui,
    form: &Form,
    side: &mut Side,
    party: Party,
    phone1: Option<&mut String>,
) -> [egui::Response; 2] {
    let [name, phone, address] = party.texts();
    let first = form.text(ui, &t!(name.0), &mut side.name, name.1);
    let number = form.text(ui, &t!(phone.0), &mut side.phone, phone.1);
    if let Some(second) = phone1 {
        form.text(ui, &t!("order.receiver_phone1"), second, f::RECEIVER_PHONE1);
    }
    form.text(ui, &t!(address.0), &mut side.address, address.1);
    [first, number]
}

impl OrderForm {
    /// A party's heading and its city, the top of its column; the room under the city, where
    /// the side's known people are offered too.
    fn party_city(&mut self, ui: &mut egui::Ui, desk: &Desk, party: Party, form: &Form) -> Room {
        let dirs = desk.directories();
        let title = match party {
            Party::Sender => t!("order.sender"),
            Party::Receiver => t!("order.receiver"),
        };
        ui.horizontal(|ui| {
            ui.strong(title);
            let shop = &desk.settings().sender;
            if matches!(party, Party::Sender) && self.editing.is_none() && shop.is_complete() {
                let button = ui.small_button(t!("people.shop_sends"));
                if button.on_hover_text(t!("people.shop_sends_hint")).clicked() {
                    self.shop_sends(desk);
                    self.move_to = self.receiver_name;
                }
            }
        });
        let (label, picker, city, key) = match party {
            Party::Sender => {
                let city = &mut self.draft.sender.city;
                let picker = &mut self.sender_city;
                (t!("order.sender_city"), picker, city, f::SENDER_CITY)
            }
            Party::Receiver => {
                let city = &mut self.draft.receiver.city;
                let picker = &mut self.receiver_city;
                (t!("order.receiver_city"), picker, city, f::RECEIVER_CITY)
            }
        };
        if form.claim_first_error(form.error(key).is_some()) {
            picker.focus();
        }
        let (changed, room) = picker.field(ui, &label, city, dirs);
        if changed && matches!(party, Party::Sender) {
            // Chosen by the clerk here: the counter's own city, kept for the next customer.
            self.counter_city = self.draft.sender.city;
        }
        room
    }

    /// What the side's room says when neither its city's nor its people's list is open.
    fn party_rest(&self, ui: &mut egui::Ui, desk: &Desk, party: Party, room: &Room, form: &Form) {
        let (picker, city, key) = match party {
            Party::Sender => (&self.sender_city, self.draft.sender.city, f::SENDER_CITY),
            Party::Receiver => (
                &self.receiver_city,
                self.draft.receiver.city,
                f::RECEIVER_CITY,
            ),
        };
        let error = form.error(key);
        if picker.is_unchosen() || error.is_some_and(|e| !e.is_empty()) || city.is_some() {
            picker.rest(ui, room, city, desk.directories(), error);
        } else {
            room.rest(ui, Rest::Note(&t!("people.room_hint")));
        }
        ui.add_space(4.0);
    }

    pub(super) fn body(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        let dirs = desk.directories();
        let err = |e: &BTreeMap<&'static str, String>, k: &str| e.get(k).cloned();
        // Said in the language of the moment.
        let errors: BTreeMap<&'static str, String> =
            self.errors.iter().map(|(k, w)| (*k, w.text())).collect();
        let required = self.draft.required_fields();
        let to_first_error = std::mem::take(&mut self.to_first_error);
        let form = Form::new(&errors)
            .required(&required)
            .to_first_error(to_first_error);
        let mut scroll = egui::ScrollArea::vertical();
        if std::mem::take(&mut self.scroll_top) {
            scroll = scroll.vertical_scroll_offset(0.0);
        }
        if let Some(id) = self.move_to.take() {
            ui.memory_mut(|m| m.request_focus(id));
        }
        scroll.show(ui, |ui| {
            ui.heading(match self.editing {
                Some(_) => t!("order.edit_title"),
                None => t!("order.new_title"),
            });
            self.notices(ui, desk);
            let waiting = desk.outbox_waiting();
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
                let room = self.party_city(ui, desk, Party::Sender, &form);
                self.sender_people.take_keys(ui);
                let d = &mut self.draft;
                let [first, number] = person(ui, &form, &mut d.sender, Party::Sender, None);
                let typed = [
                    (&first, d.sender.name.as_str()),
                    (&number, d.sender.phone.as_str()),
                ];
                if let Some(p) = self.sender_people.offer(ui, &room, desk, dirs, typed) {
                    super::people::fill(&p, &mut self.draft.sender, None);
                    self.sender_picked = true;
                    // On to the receiver, in this frame: the sender is whole, and a key typed
                    // right after the pick lands in the receiver's name.
                    if let Some(id) = self.receiver_name {
                        focus_now(ui, id);
                    }
                }
                self.party_rest(ui, desk, Party::Sender, &room, &form);
                // A blank form starts at the sender's city; the counter's own city stays between
                // orders, and then the sender's name comes first.
                // The shop as the sender (its profile): the receiver's name comes first.
                if std::mem::take(&mut self.focus_first) {
                    let s = &self.draft.sender;
                    match s.city {
                        None => self.sender_city.focus(),
                        // (An order being edited starts at its sender's name, as typed before.)
                        Some(_)
                            if self.editing.is_none()
                                && !s.name.is_empty()
                                && !s.phone.is_empty() =>
                        {
                            match self.receiver_name {
                                Some(id) => self.move_to = Some(id),
                                // Not drawn yet: the next frame knows where it is.
                                None => self.focus_first = true,
                            }
                        }
                        Some(_) => first.request_focus(),
                    }
                }
                delivery_choice(
                    ui,
                    &t!("order.pickup"),
                    &mut self.draft.sender.delivery,
                    "pickup",
                );

                let ui = &mut cols[1];
                let room = self.party_city(ui, desk, Party::Receiver, &form);
                self.receiver_people.take_keys(ui);
                let d = &mut self.draft;
                let phone1 = Some(&mut d.receiver_phone1);
                let [name, number] = person(ui, &form, &mut d.receiver, Party::Receiver, phone1);
                self.receiver_name = Some(name.id);
                let typed = [
                    (&name, d.receiver.name.as_str()),
                    (&number, d.receiver.phone.as_str()),
                ];
                if let Some(p) = self.receiver_people.offer(ui, &room, desk, dirs, typed) {
                    let branch = Some(&mut self.draft.receiver_branch);
                    super::people::fill(&p, &mut self.draft.receiver, branch);
                    // On to the parcel, in this frame: what is new in a repeat customer's order
                    // is its weight.
                    if let Some(id) = self.weight_field {
                        focus_now(ui, id);
                    }
                }
                self.party_rest(ui, desk, Party::Receiver, &room, &form);
                delivery_choice(
                    ui,
                    &t!("order.dropoff"),
                    &mut self.draft.receiver.delivery,
                    "dropoff",
                );
                if self.draft.receiver.delivery == Delivery::Office {
                    let error = err(&errors, f::RECEIVER_BRANCH);
                    let r = branch_picker(
                        ui,
                        &t!("order.branch"),
                        self.draft.receiver.city,
                        &mut self.draft.receiver_branch,
                        dirs,
                        error.as_deref(),
                    );
                    form.bring_first_error(&r, error.is_some());
                }
            });
            ui.separator();
            ui.strong(t!("order.parcel"));
            ui.columns(2, |cols| {
                let ui = &mut cols[0];
                let typed = &mut self.draft.weight;
                let weight = form.text(ui, &t!("order.weight"), typed, f::WEIGHT);
                self.weight_field = Some(weight.id);
                if let Some(weight) = super::scale_line::scale_line(ui, desk, &self.draft.weight) {
                    // Asked for by the clerk: the pan's weight into this form.
                    self.take_weight(weight);
                }
                let d = &mut self.draft;
                sides(
                    ui,
                    "dimension",
                    [&mut d.length, &mut d.width, &mut d.height],
                );
                if let Some(v) = self.draft.volume_on_record() {
                    ui.weak(t!(
                        "order.volume_on_record",
                        volume = crate::ui::widgets::numbers::whole(v.round() as i64)
                    ));
                }
                if let Some(e) = err(&errors, f::DIMENSIONS) {
                    ui.label(RichText::new(e).color(ERROR_COLOR));
                }
                let pieces = &mut self.draft.pieces;
                let r = form.text(ui, &t!("order.pieces"), pieces, f::PIECES);
                replace_prefilled(ui, &r, pieces, "1");
                let ui = &mut cols[1];
                let empty = Vec::new();
                let lists = dirs.map(|d| (&d.data.packaging_types, &d.data.shipment_types));
                let (packages, kinds) = lists.unwrap_or((&empty, &empty));
                let (package, kind) = (t!("order.package"), t!("order.post_type"));
                let (d, e) = (&mut self.draft, |k| form.error(k));
                let r = id_name_picker(ui, &package, packages, &mut d.package_id, e(f::PACKAGE));
                form.bring_first_error(&r, e(f::PACKAGE).is_some());
                let r = id_name_picker(ui, &kind, kinds, &mut d.post_type_id, e(f::POST_TYPE));
                form.bring_first_error(&r, e(f::POST_TYPE).is_some());
                ui.checkbox(&mut self.draft.take_photo, t!("order.take_photo"));
                ui.checkbox(&mut self.draft.return_waybill, t!("order.return_waybill"));
                ui.checkbox(&mut self.draft.is_test, t!("order.is_test"));
            });
            ui.separator();
            crate::ui::screens::order_form::item_lines::item_lines(
                ui,
                &mut self.draft.items,
                &mut self.removed_items,
                err(&errors, f::ITEMS).as_deref(),
            );
            self.cod_block(ui, desk, &errors);
            ui.separator();
            let d = &mut self.draft;
            ui.columns(3, |cols| {
                form.texts_across(
                    cols,
                    [
                        (t!("order.client_ref"), &mut d.client_ref, f::CLIENT_REF),
                        (t!("order.wcs_code"), &mut d.wcs_code, f::WCS_CODE),
                        (t!("order.remarks"), &mut d.remarks, f::REMARKS),
                    ],
                );
            });
            ui.columns(3, |cols| {
                form.texts_across(
                    cols,
                    [
                        (t!("order.sender_date"), &mut d.sender.date, f::SENDER_DATE),
                        (
                            t!("order.receiver_date"),
                            &mut d.receiver.date,
                            f::RECEIVER_DATE,
                        ),
                    ],
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
            // Wrapped: Clear's undo goes to the next line in a narrow window, never past its edge.
            ui.horizontal_wrapped(|ui| {
                let shortcut = crate::ui::frame::commands::Command::Send.shortcut_text(ui.ctx());
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
                if self.waiting_scale.is_some() {
                    ui.spinner();
                    ui.label(t!("order.waiting_scale"));
                } else if self.creating.is_some() || self.saving_edit.is_some() {
                    ui.spinner();
                    ui.label(t!("order.creating"));
                } else if self.editing.is_none() {
                    if ui.button(t!("order.clear")).clicked() {
                        self.clear(desk);
                    }
                    self.undo_offer(ui, desk);
                }
            });
        });
    }
}
