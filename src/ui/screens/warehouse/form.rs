//! The form that creates or edits a warehouse record (a supplier/buyer or a product): what is
//! typed is kept on this computer while it changes (a crash loses nothing), checked before it is
//! sent, and sent once; the service's refusals land under the field they name. One screen type
//! serves both kinds through [`Fields`].

use super::account::Account;
use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::{AppEvent, Edited};
use crate::ui::frame::screen::{Screen, ScreenId};
use crate::ui::widgets::errors::told_desk;
use crate::ui::widgets::errors::{problem_text, tell_desk};
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, ErrorRooms, Form};
use api::ApiError;
use api::warehouse_client::{Kind, Record, RecordInput};
use desk::DeskError;
use desk::task::{Task, any_running, ready};
use desk::warehouse::record_draft::{RecordDraft, RecordOf};
use egui::RichText;
use rust_i18n::t;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;

/// What the form of one kind of record knows: how it is kept, checked, drawn and sent.
pub trait Fields:
    RecordDraft<Input: RecordInput<Record: Edited>>
    + Clone
    + PartialEq
    + Serialize
    + DeserializeOwned
    + Send
    + 'static
{
    /// What the form needs beside its fields (the product form's list of suppliers).
    type Aid: Default;
    /// Starts what the aid needs (when the form opens).
    fn prepare(_aid: &mut Self::Aid, _cx: &mut Cx) {}
    fn poll_aid(_aid: &mut Self::Aid, _cx: &mut Cx) {}
    fn aid_busy(_aid: &Self::Aid) -> bool {
        false
    }
    /// What the aid hears of the app (the suppliers changed: read them again when next needed).
    fn aid_event(_aid: &mut Self::Aid, _event: &AppEvent) {}
    /// The form brought back at another warehouse: what points at that warehouse's records
    /// (a product's supplier) no longer applies.
    fn forget_references(&mut self) {}
    fn fields_ui(&mut self, ui: &mut egui::Ui, form: &Form<'_>, aid: &mut Self::Aid);
}

/// How the two kinds' forms differ beside their fields.
struct Facts {
    /// The name a form is kept under on this computer.
    kept: &'static str,
    /// The list it returns to.
    list: ScreenId,
    /// The catalog keys of its heading: for a new record, and for one being edited (`{id}`).
    titles: [&'static str; 2],
}

fn facts<D: Fields>() -> Facts {
    match RecordOf::<D>::KIND {
        Kind::Purveyor => Facts {
            kept: "warehouse-supplier",
            list: ScreenId::Suppliers,
            titles: ["wms.new_supplier", "wms.edit_supplier"],
        },
        Kind::Product => Facts {
            kept: "warehouse-product",
            list: ScreenId::Products,
            titles: ["wms.new_product", "wms.edit_product"],
        },
    }
}

/// A form as kept: whose warehouse it was typed for, the record it edits (none for a new one;
/// an id means something only at that warehouse) and what was typed.
type Kept<D> = (Option<String>, Option<i64>, D);

pub struct WarehouseForm<D: Fields> {
    account: Account,
    pub draft: D,
    /// The record being edited; none for a new one.
    pub editing: Option<i64>,
    /// The form as it was opened (empty, or the record being edited): typing differs from it.
    opened_as: D,
    aid: D::Aid,
    loading: Option<Task<Option<Kept<D>>>>,
    loaded: bool,
    kept_as: Option<Kept<D>>,
    sending: Option<Task<Result<RecordOf<D>, DeskError>>>,
    /// Problems shown: after a first try to send, and the service's own.
    shown: bool,
    /// What the service refused, by field, and the form as it was sent: a field changed since
    /// is no longer under the service's word (it is checked again when sent).
    refused: BTreeMap<String, String>,
    refused_draft: serde_json::Value,
    /// The first field with a problem is to be brought into view (after a send was refused).
    to_first_error: bool,
    pub message: Option<Words>,
    pub error: Option<Words>,
    /// Errors' lines kept until the next send.
    rooms: ErrorRooms,
}

impl<D: Fields> Default for WarehouseForm<D> {
    fn default() -> Self {
        WarehouseForm {
            account: Account::default(),
            draft: D::default(),
            editing: None,
            opened_as: D::default(),
            aid: D::Aid::default(),
            loading: None,
            loaded: false,
            kept_as: None,
            sending: None,
            shown: false,
            refused: BTreeMap::new(),
            refused_draft: serde_json::Value::Null,
            to_first_error: false,
            message: None,
            error: None,
            rooms: ErrorRooms::default(),
        }
    }
}

impl<D: Fields> WarehouseForm<D> {
    fn errors(&self) -> BTreeMap<String, String> {
        let now = serde_json::to_value(&self.draft).unwrap_or_default();
        let unchanged = |k: &str| now.get(k) == self.refused_draft.get(k);
        let mut out: BTreeMap<String, String> = self
            .refused
            .iter()
            .filter(|(k, _)| unchanged(k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if self.shown {
            for (k, p) in self.draft.problems() {
                out.entry(k.to_string()).or_insert_with(|| problem_text(p));
            }
        }
        out
    }

    fn submit(&mut self, cx: &mut Cx) {
        self.shown = true;
        self.rooms.sent();
        self.refused.clear();
        self.message = None;
        self.error = None;
        match self.draft.input() {
            Some(input) => self.sending = Some(cx.desk.save_record(self.editing, input)),
            // Said under the buttons while any field is wrong; the first one comes into view.
            None => self.to_first_error = true,
        }
    }

    /// The fields a new record cannot be sent without.
    fn required() -> Vec<&'static str> {
        D::default()
            .problems()
            .into_iter()
            .filter(|(_, p)| *p == desk::problem::Problem::Required)
            .map(|(k, _)| k)
            .collect()
    }

    fn landed(&mut self, result: Result<RecordOf<D>, DeskError>, cx: &mut Cx) {
        match result {
            Ok(record) => {
                // Said where the clerk goes next: the list, which shows the saved record.
                let (id, name) = (record.id(), record.name());
                cx.toasts.info(t!("wms.saved", id = id, name = name));
                self.message = None;
                self.draft = D::default();
                self.opened_as = D::default();
                self.editing = None;
                self.shown = false;
                cx.desk.forget_form(facts::<D>().kept);
                self.kept_as = Some((cx.desk.warehouse_identity(), None, D::default()));
                cx.emit(AppEvent::WarehouseChanged(RecordOf::<D>::KIND));
                cx.emit(AppEvent::Go(facts::<D>().list));
            }
            Err(DeskError::Service(ApiError::Validation { message, fields })) => {
                for (k, v) in fields {
                    // `products[0].x` and `products.0.x` alike; here names are flat.
                    self.refused.insert(k, v.join(" "));
                }
                self.refused_draft = serde_json::to_value(&self.draft).unwrap_or_default();
                self.to_first_error = true;
                self.error = Some(match message {
                    Some(said) => Words::said(said),
                    None => crate::words!("wms.refused"),
                });
            }
            Err(e) if e.service().is_some_and(ApiError::outcome_unknown) => {
                // Not found by its code either: only the clerk can tell, with the list.
                self.error = Some(crate::words!("wms.unknown", detail = tell_desk(&e).message));
            }
            Err(e) => self.error = Some(told_desk(&e)),
        }
    }
}

impl<D: Fields> Screen for WarehouseForm<D> {
    fn entered(&mut self, cx: &mut Cx) {
        D::prepare(&mut self.aid, cx);
    }

    fn poll(&mut self, cx: &mut Cx) {
        if self.account.poll(cx) {
            D::prepare(&mut self.aid, cx);
        }
        // What was typed before comes back once the warehouse is open (whose it was is known
        // then), before the clerk can ask for the form.
        if !self.loaded && self.loading.is_none() && cx.desk.warehouse_logged_in() {
            self.loading = Some(cx.desk.kept_form(facts::<D>().kept));
        }
        D::poll_aid(&mut self.aid, cx);
        let was_loading = self.loading.is_some();
        if let Some(Some(kept)) = ready(&mut self.loading) {
            // Typed before and not sent: it comes back, unless the clerk opened another form.
            if self.kept_as.is_none() {
                let (whose, editing, draft) = kept.clone();
                // Typed for another warehouse or account: what was typed stays, as a new record.
                let here = whose.is_some() && whose == cx.desk.warehouse_identity();
                self.editing = editing.filter(|_| here);
                self.draft = draft;
                if !here {
                    self.draft.forget_references();
                }
                self.kept_as = Some(kept);
            }
        }
        if was_loading && self.loading.is_none() {
            self.loaded = true;
        }
        if let Some(result) = ready(&mut self.sending) {
            self.landed(result, cx);
        }
        let now = (
            cx.desk.warehouse_identity(),
            self.editing,
            self.draft.clone(),
        );
        if self.loaded && self.kept_as.as_ref() != Some(&now) {
            cx.desk.keep_form(facts::<D>().kept, &now);
            self.kept_as = Some(now);
        }
    }

    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        D::aid_event(&mut self.aid, event);
        if let Some(record) = RecordOf::<D>::edited(event) {
            let id = record.map(Record::id);
            let draft = record.map_or_else(D::default, D::from_record);
            D::prepare(&mut self.aid, cx);
            // "New" over a new record's form that holds typing (kept from before, or left when
            // the clerk went back to the list) shows that typing again rather than losing it;
            // Clear empties it. An edit opens the record asked for.
            // Unsaved typing: a new record's form that holds something, or an edit changed from
            // the record it opened with.
            let unsaved = self.draft != self.opened_as;
            // The same record (or New over a new record's typing) asked for again: it stays.
            let same = id == self.editing;
            if same && (unsaved || id.is_some()) {
                if self.loading.is_none() {
                    self.loaded = true;
                }
                return;
            }
            // Another record while this form holds unsaved typing: the typing stays and the
            // clerk is told to save it or clear it first (there is one form, nothing is lost).
            if unsaved {
                self.error = Some(crate::words!("wms.unsaved_first"));
                return;
            }
            self.editing = id;
            self.opened_as = draft.clone();
            self.draft = draft;
            self.shown = false;
            self.refused.clear();
            self.message = None;
            self.error = None;
            self.loaded = true;
            // What was kept before is replaced, not read back over the opened form.
            self.loading = None;
        } else if matches!(event, AppEvent::SessionEnded) {
            // Another session may be another warehouse: the record's id no longer applies.
            self.editing = None;
            self.draft.forget_references();
            self.message = None;
            self.error = None;
        }
    }

    /// Ctrl+Enter sends the form, as its button does.
    fn command(&mut self, command: Command, cx: &mut Cx) -> bool {
        if command == Command::Send && self.sending.is_none() && Account::open(cx) {
            self.submit(cx);
            return true;
        }
        false
    }

    fn is_busy(&self) -> bool {
        any_running(&[&self.sending, &self.loading])
            || self.account.is_busy()
            || D::aid_busy(&self.aid)
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(match self.editing {
            None => t!(facts::<D>().titles[0]),
            Some(id) => t!(facts::<D>().titles[1], id = id),
        });
        self.account.ui(ui, cx);
        if !Account::open(cx) {
            return;
        }
        let errors = self.errors();
        let required = Self::required();
        let to_first_error = std::mem::take(&mut self.to_first_error);
        let form = Form::new(&errors)
            .required(&required)
            .rooms(&self.rooms)
            .to_first_error(to_first_error);
        let mut send = false;
        // Each form (a new one, each record's) opens at its top.
        egui::ScrollArea::vertical()
            .id_salt((facts::<D>().kept, "scroll", self.editing))
            .auto_shrink([false, true])
            .max_height(ui.available_height() - 60.0)
            .show(ui, |ui| {
                ui.set_max_width(720.0);
                self.draft.fields_ui(ui, &form, &mut self.aid);
            });
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let idle = self.sending.is_none();
            let label = if self.editing.is_some() {
                t!("wms.save")
            } else {
                t!("wms.create")
            };
            send = ui.add_enabled(idle, egui::Button::new(label)).clicked();
            if !idle {
                ui.spinner();
            }
            if ui.button(t!("wms.back")).clicked() {
                cx.emit(AppEvent::Go(facts::<D>().list));
            }
            // A new record's form is emptied; an edit goes back to the record as it was.
            let (label, back_to) = if self.editing.is_some() {
                (t!("wms.discard"), self.opened_as.clone())
            } else {
                (t!("wms.clear"), D::default())
            };
            if ui.button(label).clicked() {
                self.draft = back_to;
                self.shown = false;
                self.refused.clear();
                self.error = None;
            }
        });
        if let Some(m) = &self.message {
            ui.label(RichText::new(m).strong());
        }
        if !self.refused.is_empty() && errors.is_empty() {
            // Every field the service named is changed since: its word no longer stands.
            self.refused.clear();
            self.error = None;
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        } else if !errors.is_empty() {
            // While any field is wrong (and only then): what to do.
            ui.label(RichText::new(t!("wms.fix_fields")).color(ERROR_COLOR));
        }
        if send {
            self.submit(cx);
        }
    }
}
