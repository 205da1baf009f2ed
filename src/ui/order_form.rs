//! The new-order form: sender, receiver (with a branch of the receiver's city when the parcel is
//! collected at an office), parcel, options. The price follows the inputs a moment after the
//! clerk stops typing; the form is kept as a draft while typed; Ctrl+Enter creates the order
//! exactly once through the outbox.

use super::confirm::{Question, ask};
use super::errors::{problem_text, tell};
use super::goods::GoodsBook;
use super::pickers::{CityPicker, branch_picker, id_name_picker};
use super::price_box::PriceBox;
use super::widgets::{ERROR_COLOR, Toasts, field};
use crate::api::{ApiError, Sum};
use crate::desk::order_draft::{OrderDraft, field as f};
use crate::desk::orders::CreateResult;
use crate::desk::plausible::{Doubt, doubts};
use crate::desk::task::{Task, take};
use crate::desk::{Desk, ORDER_DRAFT};
use crate::store::JournalRow;
use egui::RichText;
use rust_i18n::t;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

const DRAFT_PAUSE: Duration = Duration::from_millis(500);

pub struct OrderForm {
    pub draft: OrderDraft,
    sender_city: CityPicker,
    receiver_city: CityPicker,
    errors: BTreeMap<&'static str, String>,
    creating: Option<Task<CreateResult>>,
    price: PriceBox,
    saved_draft: OrderDraft,
    draft_since: Instant,
    draft_loading: Option<Task<Option<String>>>,
    focus_first: bool,
    /// Registered goods for the receipt lines (and registering one on the spot).
    pub goods: GoodsBook,
    /// Set when this form edits an existing order (no draft is kept then).
    editing: Option<i64>,
    saving_edit: Option<Task<Result<JournalRow, ApiError>>>,
    /// The form as it was when the errors shown were found: a field edited since is checked
    /// again (its error goes, or becomes the new one), the others keep theirs.
    checked: OrderDraft,
    /// Unusual values found at the last Create, while the clerk is asked about them.
    doubting: Option<Vec<Doubt>>,
    /// The form exactly as the clerk confirmed its unusual values (changed: asked again).
    confirmed: Option<OrderDraft>,
}

impl OrderForm {
    pub fn new(desk: &Desk) -> OrderForm {
        OrderForm {
            draft: OrderDraft::new(),
            sender_city: CityPicker::new("sender"),
            receiver_city: CityPicker::new("receiver"),
            errors: BTreeMap::new(),
            creating: None,
            price: PriceBox::default(),
            saved_draft: OrderDraft::new(),
            draft_since: Instant::now(),
            draft_loading: Some(desk.load_draft(ORDER_DRAFT)),
            focus_first: true,
            goods: GoodsBook::default(),
            editing: None,
            saving_edit: None,
            checked: OrderDraft::new(),
            doubting: None,
            confirmed: None,
        }
    }

    /// A form that edits an order, filled with the form it was created from.
    pub fn edit(desk: &Desk, order_id: i64, draft: OrderDraft) -> OrderForm {
        let mut form = OrderForm::new(desk);
        form.draft_loading = None;
        form.saved_draft = draft.clone();
        form.draft = draft;
        form.editing = Some(order_id);
        form
    }

    pub fn editing(&self) -> Option<i64> {
        self.editing
    }

    pub fn is_busy(&self) -> bool {
        self.creating.is_some()
            || self.price.is_busy()
            || self.draft_loading.is_some()
            || self.goods.is_busy()
            || self.saving_edit.is_some()
    }

    /// The price shown for the current inputs, if known.
    pub fn price(&self) -> Option<&Result<Sum, String>> {
        self.price.price()
    }

    /// Picks up background results; returns the created order once.
    pub fn poll(
        &mut self,
        ctx: &egui::Context,
        desk: &Desk,
        toasts: &mut Toasts,
    ) -> Option<JournalRow> {
        if self.goods.poll(toasts) {
            // Registered from this form: the first line without a good takes it.
            if let Some(good) = self.goods.newest().cloned()
                && let Some(line) = self.draft.goods.iter_mut().find(|l| l.good_id.is_none())
            {
                line.good_id = Some(good.id);
                line.price = good.good_price.0.to_string();
                if line.amount.trim().is_empty() {
                    line.amount = "1".into();
                }
            }
        }
        if let Some(Ok(Some(json))) = take(&mut self.draft_loading)
            && self.draft.is_blank()
            && let Ok(d) = serde_json::from_str::<OrderDraft>(&json)
        {
            self.draft = d.clone();
            self.saved_draft = d;
        }
        self.price.poll(ctx, desk, &self.draft);
        match take(&mut self.saving_edit) {
            Some(Ok(Ok(row))) => {
                toasts.info(t!("order.updated", barcode = row.barcode.clone()));
                return Some(row);
            }
            Some(Ok(Err(e))) => self.place_service_errors(&e, toasts),
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
        // Keep the draft (of a new order; an edit is saved by sending it).
        if self.editing.is_none() && self.draft != self.saved_draft {
            if self.draft_since.elapsed() >= DRAFT_PAUSE {
                if let Ok(json) = serde_json::to_string(&self.draft) {
                    desk.save_draft(ORDER_DRAFT, json);
                }
                self.saved_draft = self.draft.clone();
            } else {
                ctx.request_repaint_after(DRAFT_PAUSE);
            }
        } else {
            self.draft_since = Instant::now();
        }
        match take(&mut self.creating)? {
            Err(_) => {
                toasts.error(t!("error.lost"), None);
                None
            }
            Ok(CreateResult::Created(row)) => {
                toasts.info(t!("order.created", barcode = row.barcode));
                self.reset(desk);
                Some(row)
            }
            Ok(CreateResult::Queued { .. }) => {
                toasts.info(t!("order.queued"));
                self.reset(desk);
                None
            }
            Ok(CreateResult::Unknown { reason, .. }) => {
                // Not offline: the request left and its answer was lost. Only the lookup or the
                // clerk can settle it, and nothing is sent again until then.
                toasts.act(t!("order.outcome_unknown"), Some(tell(&reason).message));
                self.reset(desk);
                None
            }
            Ok(CreateResult::Conflict {
                order_id, barcode, ..
            }) => {
                toasts.act(t!("order.conflict", id = order_id, barcode = barcode), None);
                self.reset(desk);
                None
            }
            Ok(CreateResult::InFlight { .. } | CreateResult::AlreadyWaiting { .. }) => {
                self.errors
                    .insert(f::WCS_CODE, t!("order.key_waiting").to_string());
                self.checked = self.draft.clone();
                self.keep_draft(desk);
                None
            }
            Ok(CreateResult::Refused(e)) => {
                self.place_service_errors(&e, toasts);
                self.keep_draft(desk);
                None
            }
            Ok(CreateResult::Local(e)) => {
                toasts.error(t!("order.not_saved"), Some(e));
                self.keep_draft(desk);
                None
            }
        }
    }

    fn place_service_errors(&mut self, e: &ApiError, toasts: &mut Toasts) {
        self.errors.clear();
        self.checked = self.draft.clone();
        match e {
            ApiError::Validation { fields, .. } if !fields.is_empty() => {
                for (wire, messages) in fields {
                    let key = f::from_wire(wire);
                    let text = messages.join(" ");
                    if key == f::GENERAL {
                        toasts.error(text, Some(wire.clone()));
                    } else {
                        self.errors
                            .entry(key)
                            .and_modify(|m| m.push_str(&format!(" {text}")))
                            .or_insert(text);
                    }
                }
            }
            other => {
                let told = tell(other);
                toasts.error(told.message, told.details);
            }
        }
    }

    /// Writes the form as the draft again: the outbox entry that replaced it is gone (refused,
    /// or never written), and what was typed must survive a restart.
    fn keep_draft(&mut self, desk: &Desk) {
        if let Ok(json) = serde_json::to_string(&self.draft) {
            desk.save_draft(ORDER_DRAFT, json);
        }
        self.saved_draft = self.draft.clone();
    }

    /// A blank form (the sender's city stays: it is the counter's own).
    fn reset(&mut self, desk: &Desk) {
        let sender_city = self.draft.sender_city;
        self.draft = OrderDraft {
            sender_city,
            ..OrderDraft::new()
        };
        self.saved_draft = self.draft.clone();
        self.errors.clear();
        self.focus_first = true;
        desk.clear_draft(ORDER_DRAFT);
    }

    /// Errors of fields edited since they were found: gone once the field is right, replaced by
    /// the new problem otherwise. Service errors on untouched fields stay.
    fn recheck_edited(&mut self, desk: &Desk) {
        // `checked` is set whenever errors are set (submit, service answer), so with no error
        // shown, or nothing edited since, there is nothing to do and nothing to copy.
        if self.errors.is_empty() || self.draft == self.checked {
            return;
        }
        let problems = self
            .draft
            .check(desk.directories.as_ref())
            .err()
            .unwrap_or_default();
        let (draft, checked) = (&self.draft, &self.checked);
        self.errors.retain(|k, text| {
            if draft.same_field(checked, k) {
                return true;
            }
            match problems.get(k) {
                Some(p) => {
                    *text = problem_text(*p);
                    true
                }
                None => false,
            }
        });
        self.checked = self.draft.clone();
    }

    /// Checks and sends; errors land under their fields.
    pub fn submit(&mut self, desk: &Desk) {
        if self.creating.is_some() || self.saving_edit.is_some() {
            return;
        }
        self.errors.clear();
        self.checked = self.draft.clone();
        match self.draft.check(desk.directories.as_ref()) {
            Err(problems) => {
                for (k, p) in problems {
                    self.errors.insert(k, problem_text(p));
                }
            }
            Ok(mut input) => {
                let unusual = doubts(&self.draft, &desk.settings.limits);
                if !unusual.is_empty() && self.confirmed.as_ref() != Some(&self.draft) {
                    self.doubting = Some(unusual);
                    return;
                }
                // The key is made here, not in the outbox, so that the form kept with the order
                // carries it and an edit sends it again.
                if self.editing.is_none() && self.draft.wcs_code.trim().is_empty() {
                    let key = crate::desk::orders::new_wcs_code();
                    input.wcs_code = Some(key.clone());
                    self.draft.wcs_code = key;
                }
                let json = serde_json::to_string(&self.draft).unwrap_or_default();
                match self.editing {
                    Some(id) => {
                        let places = self.draft.places.clone();
                        self.saving_edit = desk.edit_order(id, input, json, places);
                    }
                    None => self.creating = desk.create_order_from(input, Some(json)),
                }
            }
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        let dirs = desk.directories.as_ref();
        if !desk.can_take_orders() {
            ui.label(RichText::new(t!("order.no_database")).color(ERROR_COLOR));
            return;
        }
        let err = |e: &BTreeMap<&'static str, String>, k: &str| e.get(k).cloned();
        let errors = self.errors.clone();
        egui::Panel::right("price")
            .resizable(false)
            .exact_size(260.0)
            .show(ui, |ui| self.price_panel(ui));
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
            super::item_lines::item_lines(
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
                cols[2].weak(t!("order.dates_hint"));
            });
            if self.editing.is_some() && desk.has_current_session() {
                ui.separator();
                super::exact_places::exact_places(
                    ui,
                    &mut self.draft.places,
                    err(&errors, f::PLACES).as_deref(),
                );
            }
            ui.horizontal(|ui| {
                let shortcut = ui
                    .ctx()
                    .format_shortcut(&super::commands::Command::CreateOrder.shortcut());
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
        // In the frame of the edit, so the next one already shows the field as it now is.
        self.recheck_edited(desk);
        self.ask_about_doubts(ui.ctx(), desk);
    }

    /// Unusual values are the clerk's call: asked once for this exact form, then sent.
    fn ask_about_doubts(&mut self, ctx: &egui::Context, desk: &Desk) {
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

    fn cod_block(
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
        if none_registered {
            // An empty list to pick from says nothing: say what to do, with the form at hand.
            ui.label(
                RichText::new(t!("order.goods_none")).color(egui::Color32::from_rgb(200, 120, 30)),
            );
            if self.draft.goods.is_empty() {
                self.draft.goods.push(Default::default());
            }
        }
        let mut remove = None;
        let registered = &self.goods.list;
        for (i, line) in self.draft.goods.iter_mut().enumerate() {
            ui.push_id(("good-line", i), |ui| {
                ui.horizontal(|ui| {
                    let l = ui.label(t!("order.good"));
                    let chosen = line
                        .good_id
                        .and_then(|id| registered.iter().find(|g| g.id == id))
                        .map(|g| g.name.clone())
                        .unwrap_or_default();
                    egui::ComboBox::from_id_salt("good")
                        .width(220.0)
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
                    let l = ui.label(t!("order.good_amount"));
                    ui.add(
                        egui::TextEdit::singleline(&mut line.amount)
                            .id_salt("amount")
                            .desired_width(50.0),
                    )
                    .labelled_by(l.id);
                    let l = ui.label(t!("order.good_price"));
                    ui.add(
                        egui::TextEdit::singleline(&mut line.price)
                            .id_salt("price")
                            .desired_width(90.0),
                    )
                    .labelled_by(l.id);
                    if ui
                        .small_button("✕")
                        .on_hover_text(t!("order.good_remove"))
                        .clicked()
                    {
                        remove = Some(i);
                    }
                });
            });
        }
        if let Some(i) = remove {
            self.draft.goods.remove(i);
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

    fn price_panel(&mut self, ui: &mut egui::Ui) {
        self.price.show(ui, &mut self.draft);
    }
}

/// An unusual value in the clerk's words.
fn doubt_text(d: &Doubt) -> String {
    match d {
        Doubt::Weight { kg, max_kg } => {
            t!("order.doubt_weight", kg = format!("{kg}"), max = max_kg).to_string()
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

pub(super) fn delivery_choice(ui: &mut egui::Ui, label: &str, value: &mut i64, id: &str) {
    ui.label(label);
    ui.push_id(id, |ui| {
        ui.horizontal(|ui| {
            ui.radio_value(value, 0, t!("order.mode_office"));
            ui.radio_value(value, 1, t!("order.mode_courier"));
            ui.radio_value(value, 2, t!("order.mode_remote"));
        });
    });
    ui.add_space(4.0);
}
