//! The international parcel form: the receiver and their documents, the parcel, and its product
//! lines, each field over its own error. The customs rules are checked as the clerk types (said
//! once they have tried to save), the service's refusals land under the field it names, the
//! lines' totals are set beside the parcel's, and the form is kept on disk as typed.

use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::errors::{problem_text, tell, tell_desk};
use crate::ui::widgets::intl_quote::LiveIntlQuote;
use crate::ui::widgets::lines::LineUndo;
use crate::ui::widgets::pickers::{CityPicker, branch_picker};
use crate::ui::widgets::suggestions::{ROWS, Rest, Room, Row, Suggestions, move_on};
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, ErrorRooms, Form, replace_prefilled, send_button};
use api::ApiError;
use api::codes::{Delivery, ProductUnit};
use api::international::{line_field as pf, parcel_field as f};
use desk::Desk;
use desk::international::customs::CURRENCIES;
use desk::international::parcel_draft::{ParcelDraft, ProductDraft, normalise_key, product_key};
use desk::international::parcels::SendResult;
use desk::task::{Task, ready};
use egui::RichText;
use rust_i18n::t;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Errors by the wire's field names (lines' fields as `products.N.Name`).
type Errors = BTreeMap<String, String>;

pub struct ParcelFormScreen {
    pub draft: ParcelDraft,
    city: CityPicker,
    /// Problems are said once the clerk has tried to save.
    tried: bool,
    /// What the service refused, by field, until the field is typed in again.
    refused: BTreeMap<String, String>,
    /// The service's sentence when it named no field.
    refused_message: Option<Words>,
    sending: Option<Task<SendResult>>,
    loading: Option<Task<Option<ParcelDraft>>>,
    loaded: bool,
    saved_as: Option<ParcelDraft>,
    submit_requested: bool,
    open_import: bool,
    /// Product lines declared before, for suggestions.
    earlier: Vec<ProductDraft>,
    earlier_loading: Option<Task<Result<Vec<store::ParcelRow>, desk::DeskError>>>,
    /// The parcel's price, asked as it is typed.
    pub quote: LiveIntlQuote,
    /// The next parcel starts at the receiver's surname (after one was sent).
    focus_first: bool,
    /// Each product line's list of lines declared before.
    line_lists: Vec<Suggestions>,
    /// The line removed last, until it is brought back or the parcel is sent.
    removed: LineUndo<ProductDraft>,
    /// Errors' lines kept until the next send.
    rooms: ErrorRooms,
}

impl Default for ParcelFormScreen {
    fn default() -> Self {
        ParcelFormScreen {
            draft: ParcelDraft::default(),
            city: CityPicker::new("parcel-city"),
            tried: false,
            refused: BTreeMap::new(),
            refused_message: None,
            sending: None,
            loading: None,
            loaded: false,
            saved_as: None,
            submit_requested: false,
            open_import: false,
            earlier: Vec::new(),
            earlier_loading: None,
            focus_first: false,
            quote: LiveIntlQuote::new("parcel-quote-city"),
            line_lists: Vec::new(),
            removed: LineUndo::default(),
            rooms: ErrorRooms::default(),
        }
    }
}

impl ParcelFormScreen {
    fn errors(&self) -> Errors {
        let mut shown: BTreeMap<String, String> = if self.tried {
            self.draft
                .problems()
                .into_iter()
                .map(|(k, p)| (k, problem_text(p)))
                .collect()
        } else {
            BTreeMap::new()
        };
        for (k, m) in &self.refused {
            shown.entry(k.clone()).or_insert_with(|| m.clone());
        }
        shown
    }

    /// Sends the parcel when the form holds; otherwise says what is wrong under each field.
    pub fn submit(&mut self, desk: &Desk, toasts: &mut crate::ui::widgets::Toasts) {
        if self.sending.is_some() {
            return;
        }
        self.tried = true;
        self.rooms.sent();
        // A place field left showing a name the form did not take stops the send there: the
        // parcel's papers would go without it.
        let dirs = desk.directories();
        let city = self.city.settle(&mut self.draft.to.city, dirs);
        if city.is_err() {
            self.city.focus();
        }
        let route = self.quote.settle(&mut self.draft.route, dirs);
        if city.is_err() || !route {
            toasts.error(t!("parcel.fix_fields"), None);
            return;
        }
        match self.draft.to_input() {
            Err(_) => toasts.error(t!("parcel.fix_fields"), None),
            Ok(input) => match desk.send_parcel(input, self.draft.extras()) {
                Some(task) => {
                    self.refused.clear();
                    self.refused_message = None;
                    self.sending = Some(task);
                }
                None => toasts.error(t!("error.store"), None),
            },
        }
    }

    fn landed(&mut self, result: SendResult, cx: &mut Cx) {
        match result {
            SendResult::Saved(row) | SendResult::AlreadySaved(row) => {
                // What it asked to fix is fixed: said no more beside the parcel sent.
                cx.toasts.withdraw(&t!("parcel.fix_fields"));
                cx.toasts.withdraw(&t!("parcel.refused"));
                cx.toasts.info(t!("parcel.saved", number = row.number));
                self.focus_first = true;
                // The next customer's parcel starts from nothing of this one's: its route abroad
                // and price are asked anew (one kept would be sent with the next parcel's
                // papers unnoticed). The kept form is overwritten by this blank one (saved below,
                // not cleared first: two writes in the background could land in either order).
                self.draft = ParcelDraft::default();
                self.removed.forget();
                self.line_lists.clear();
                self.saved_as = None;
                self.tried = false;
                cx.emit(crate::ui::frame::event::AppEvent::ParcelsChanged);
            }
            SendResult::Refused(ApiError::Validation { message, fields }) => {
                self.refused = fields
                    .iter()
                    .map(|(k, v)| (normalise_key(k), v.join(" ")))
                    .collect();
                self.refused_message = message.filter(|_| fields.is_empty()).map(Words::said);
                cx.toasts.error(t!("parcel.refused"), None);
            }
            SendResult::Refused(e) => {
                self.refused_message = Some(crate::ui::widgets::errors::told(&e));
                let told = tell(&e);
                cx.toasts.error(told.message, told.details);
            }
            SendResult::Unknown(e) => {
                let told = tell_desk(&e);
                cx.toasts.error(t!("parcel.unknown"), Some(told.message));
            }
            SendResult::Failed(e) => {
                let told = tell_desk(&e);
                cx.toasts.error(told.message, told.details);
            }
        }
    }

    /// The product lines, each under its heading with its Remove button at the heading's right
    /// (kept, not pressable, while it is the only line), then Add. A removed line can be
    /// brought back ([`LineUndo`]).
    fn product_lines(&mut self, ui: &mut egui::Ui, errors: &Errors, rooms: &ErrorRooms) {
        let d = &mut self.draft;
        self.line_lists
            .resize_with(d.products.len(), Suggestions::default);
        let lines = d.products.len();
        let mut remove = None;
        let mut undo = false;
        for (i, (line, list)) in d.products.iter_mut().zip(&mut self.line_lists).enumerate() {
            ui.push_id(("product", i), |ui| {
                undo |= self.removed.row_before(ui, i);
                ui.horizontal(|ui| {
                    ui.label(t!("parcel.line", n = i + 1));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let button = egui::Button::new(t!("parcel.remove_line"));
                        if ui.add_enabled(lines > 1, button).clicked() {
                            remove = Some(i);
                        }
                    });
                });
                product_line(ui, errors, i, line, (&self.earlier, list, rooms));
            });
            ui.separator();
        }
        undo |= self.removed.row_before(ui, lines);
        if undo {
            let at = self.removed.at().unwrap_or(0).min(lines);
            self.removed.restore(&mut d.products);
            self.line_lists.insert(at, Suggestions::default());
        } else if let Some(i) = remove {
            self.removed.remove(&mut d.products, i);
            self.line_lists.remove(i);
        }
        if ui.button(t!("parcel.add_line")).clicked() {
            d.products.push(ProductDraft::default());
        }
    }

    fn show(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        let errors = self.errors();
        // Out of the form while it is drawn (the form's fields borrow it), back after.
        let rooms = std::mem::take(&mut self.rooms);
        // The fields the service requires carry the asterisk (the city picker marks its own).
        let form = Form::new(&errors)
            .required(&api::international::PARCEL_REQUIRED)
            .rooms(&rooms);
        let dirs = desk.directories();
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.heading(t!("parcel.title"));
                if ui.button(t!("import.open")).clicked() {
                    self.open_import = true;
                }
            });
            if let Some(m) = &self.refused_message {
                ui.label(RichText::new(m).color(ERROR_COLOR));
            }
            let d = &mut self.draft;
            ui.columns(2, |cols| {
                cols[0].strong(t!("parcel.receiver"));
                let surname = form.text(
                    &mut cols[0],
                    &t!("parcel.surname"),
                    &mut d.surname,
                    f::SURNAME,
                );
                if std::mem::take(&mut self.focus_first) {
                    surname.request_focus();
                }
                form.texts(
                    &mut cols[0],
                    [
                        (t!("parcel.first_name"), &mut d.first_name, f::FIRST_NAME),
                        (t!("parcel.patronymic"), &mut d.patronymic, f::PATRONYMIC),
                        (t!("parcel.phone"), &mut d.phone, f::PHONE),
                        (t!("parcel.phone1"), &mut d.phone1, f::PHONE1),
                        (
                            t!("parcel.passport_series"),
                            &mut d.passport_serial,
                            f::PASSPORT_SERIAL,
                        ),
                        (
                            t!("parcel.passport_number"),
                            &mut d.passport_number,
                            f::PASSPORT_NUMBER,
                        ),
                        (t!("parcel.pinfl"), &mut d.pinfl, f::PINFL),
                        (t!("parcel.address"), &mut d.address, f::ADDRESS),
                    ],
                );
                let ui = &mut cols[1];
                ui.strong(t!("parcel.parcel"));
                form.texts(
                    ui,
                    [
                        (t!("parcel.number"), &mut d.number, f::NUMBER),
                        (t!("parcel.weight"), &mut d.weight, f::WEIGHT),
                        (t!("parcel.value"), &mut d.value, f::VALUE),
                    ],
                );
                let l = ui.label(t!("parcel.currency"));
                crate::ui::widgets::dropdown::Dropdown::new("parcel-currency")
                    .selected_text(d.currency.clone())
                    .show_ui(ui, |ui| {
                        for c in CURRENCIES {
                            ui.selectable_value(&mut d.currency, (*c).to_string(), *c);
                        }
                    })
                    .response
                    .labelled_by(l.id);
                if let Some(e) = form.error(f::CURRENCY) {
                    ui.label(RichText::new(e).color(ERROR_COLOR));
                }
                ui.checkbox(&mut d.customs_agree, t!("parcel.customs_agree"));
                ui.label(t!("parcel.delivery"));
                ui.horizontal_wrapped(|ui| {
                    ui.radio_value(
                        &mut d.to.delivery,
                        Delivery::Courier,
                        t!("order.mode_courier"),
                    );
                    ui.radio_value(
                        &mut d.to.delivery,
                        Delivery::Office,
                        t!("parcel.self_pickup"),
                    );
                });
                self.city.show(
                    ui,
                    &t!("parcel.city"),
                    &mut d.to.city,
                    dirs,
                    form.error(f::CITY),
                );
                if d.to.delivery == Delivery::Office && d.to.city.is_none() {
                    ui.label(RichText::new(t!("parcel.city_first")).weak());
                    if let Some(e) = form.error(f::BRANCH) {
                        ui.label(RichText::new(e).color(ERROR_COLOR));
                    }
                } else if d.to.delivery == Delivery::Office {
                    branch_picker(
                        ui,
                        &t!("parcel.branch"),
                        d.to.city,
                        &mut d.to.branch,
                        dirs,
                        form.error(f::BRANCH),
                    );
                }
            });
            ui.separator();
            ui.strong(t!("parcel.products"));
            if let Some(e) = form.error(f::PRODUCTS) {
                ui.label(RichText::new(e).color(ERROR_COLOR));
            }
            self.product_lines(ui, &errors, &rooms);
            let d = &mut self.draft;
            let totals = d.totals();
            ui.label(t!(
                "parcel.totals",
                weight = crate::ui::widgets::numbers::kg_of(totals.weight),
                value = crate::ui::widgets::numbers::amount(totals.value),
                currency = d.currency.clone()
            ));
            // The two warnings' room is kept whether they show or not: one coming or going as
            // the clerk types never moves the fields and the button below under the pointer.
            let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
            for (warn, key) in [
                (totals.weight_over, "parcel.weight_over"),
                (totals.value_differs, "parcel.value_differs"),
            ] {
                if warn {
                    ui.label(RichText::new(t!(key)).color(ERROR_COLOR));
                } else {
                    ui.add_space(line);
                }
            }
            ui.separator();
            self.quote
                .show(ui, &mut d.route, dirs, &d.weight, d.to.delivery);
            ui.add_space(8.0);
            let busy = self.sending.is_some();
            if send_button(ui, busy, &t!("parcel.save"), &t!("parcel.sending")) {
                self.submit_requested = true;
            }
        });
        self.rooms = rooms;
    }
}

/// One product line: its fields in three columns, each over its own error, and the lines
/// declared before that match its description in the room under it (one pick fills the line's
/// description, Russian description, link, unit, HS code and origin).
fn product_line(
    ui: &mut egui::Ui,
    errors: &Errors,
    i: usize,
    line: &mut ProductDraft,
    (earlier, list, rooms): (&[ProductDraft], &mut Suggestions, &ErrorRooms),
) {
    // A line's required fields carry the asterisk, under the line's own keys.
    let keys: Vec<String> = api::international::PARCEL_LINE_REQUIRED
        .iter()
        .map(|name| product_key(i, name))
        .collect();
    let required: Vec<&str> = keys.iter().map(String::as_str).collect();
    let form = Form::new(errors).required(&required).rooms(rooms);
    // Each field's problem is kept under its line's own key.
    let field = |ui: &mut egui::Ui, label: Cow<'_, str>, value: &mut String, name: &str| {
        form.text(ui, &label, value, &product_key(i, name))
    };
    ui.columns(3, |cols| {
        let [left, middle, right] = cols else { return };
        list.take_keys(left);
        let described = field(
            left,
            t!("parcel.description"),
            &mut line.description,
            pf::DESCRIPTION,
        );
        let room = Room::reserve(left);
        let offered: Vec<&ProductDraft> = if line.hs_code.trim().is_empty() {
            desk::international::parcel_draft::suggest(earlier, &line.description, ROWS)
        } else {
            Vec::new()
        };
        let rows: Vec<Row> = offered
            .iter()
            .map(|s| Row {
                text: s.description.clone(),
                side: s.hs_code.clone(),
            })
            .collect();
        let under = list.under(left, &room, &[&described]);
        let typed = under.map(|_| (&described, line.description.as_str()));
        if let Some(n) = list.show(left, &room, typed, &rows, None) {
            let s = offered[n];
            line.description = s.description.clone();
            line.description_ru = s.description_ru.clone();
            line.url = s.url.clone();
            line.unit = s.unit;
            line.hs_code = s.hs_code.clone();
            line.origin = s.origin.clone();
            move_on(left, described.id);
        }
        room.rest(left, Rest::Note(&t!("parcel.earlier_hint")));
        field(
            left,
            t!("parcel.description_ru"),
            &mut line.description_ru,
            pf::DESCRIPTION_RU,
        );
        field(left, t!("parcel.url"), &mut line.url, pf::URL);
        // The desk's own: on the customs declaration only (blank: the shop's, from Settings).
        field(
            left,
            t!("parcel.origin"),
            &mut line.origin,
            desk::international::parcel_import::ORIGIN,
        );
        let quantity = field(
            middle,
            t!("parcel.quantity"),
            &mut line.quantity,
            pf::QUANTITY,
        );
        replace_prefilled(middle, &quantity, &line.quantity, "1");
        let l = middle.label(t!("parcel.unit"));
        crate::ui::widgets::dropdown::Dropdown::new(("unit", i))
            .selected_text(unit_name(line.unit))
            .show_ui(middle, |ui| {
                for u in ProductUnit::ALL {
                    ui.selectable_value(&mut line.unit, *u, unit_name(*u));
                }
            })
            .response
            .labelled_by(l.id);
        field(
            middle,
            t!("parcel.net_weight"),
            &mut line.weight,
            pf::WEIGHT,
        );
        field(middle, t!("parcel.unit_value"), &mut line.value, pf::VALUE);
        field(right, t!("parcel.hs_code"), &mut line.hs_code, pf::HS_CODE);
        field(right, t!("parcel.model"), &mut line.model, pf::MODEL);
        field(right, t!("parcel.imei"), &mut line.imei, pf::IMEI);
    });
}

fn unit_name(u: ProductUnit) -> String {
    t!(format!("unit.{}", u.as_str().replace('³', "3"))).to_string()
}

impl Screen for ParcelFormScreen {
    fn entered(&mut self, cx: &mut Cx) {
        if !self.loaded && self.loading.is_none() {
            self.loading = Some(cx.desk.load_parcel_form());
        }
        if self.earlier_loading.is_none() {
            self.earlier_loading = cx.desk.parcel_list();
        }
    }

    fn poll(&mut self, cx: &mut Cx) {
        if let Some(Ok(rows)) = ready(&mut self.earlier_loading) {
            self.earlier = desk::international::parcel_draft::earlier_lines(&rows);
        }
        let was_loading = self.loading.is_some();
        if let Some(Some(kept)) = ready(&mut self.loading) {
            self.draft = kept.clone();
            self.saved_as = Some(kept);
        }
        if was_loading && self.loading.is_none() {
            self.loaded = true;
        }
        if let Some(result) = ready(&mut self.sending) {
            self.landed(result, cx);
        }
        self.quote.poll(cx.ctx, cx.desk, &self.draft.quote());
        if self.loaded && self.saved_as.as_ref() != Some(&self.draft) {
            cx.desk.save_parcel_form(&self.draft);
            self.saved_as = Some(self.draft.clone());
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.show(ui, cx.desk);
        if std::mem::take(&mut self.submit_requested) {
            self.submit(cx.desk, cx.toasts);
        }
        if std::mem::take(&mut self.open_import) {
            cx.emit(crate::ui::frame::event::AppEvent::Go(
                crate::ui::frame::screen::ScreenId::ParcelImport,
            ));
        }
    }

    fn on_event(&mut self, event: &crate::ui::frame::event::AppEvent, cx: &mut Cx) {
        use crate::ui::frame::event::AppEvent;
        match event {
            AppEvent::ParcelsChanged if self.earlier_loading.is_none() => {
                self.earlier_loading = cx.desk.parcel_list();
            }
            AppEvent::SessionEnded => {
                // Another clerk (or service) prices afresh.
                self.earlier.clear();
                self.quote = LiveIntlQuote::new("parcel-quote-city");
            }
            _ => {}
        }
    }

    fn command(&mut self, command: Command, cx: &mut Cx) -> bool {
        if command == Command::Send {
            self.submit(cx.desk, cx.toasts);
            return true;
        }
        false
    }

    fn is_busy(&self) -> bool {
        self.sending.is_some() || self.loading.is_some() || self.quote.is_busy()
    }
}
