//! The new-order form: sender, receiver (with a branch of the receiver's city when the parcel is
//! collected at an office), parcel, options. The price follows the inputs a moment after the
//! clerk stops typing; the form is kept as a draft while typed; Ctrl+Enter creates the order
//! exactly once through the outbox.

mod body;
mod cod;
mod doubts;
pub mod exact_places;
pub mod item_lines;
mod people;
mod scale_line;

use crate::ui::screens::goods::GoodsBook;
use crate::ui::widgets::errors::{problem_words, tell, tell_desk};
use crate::ui::widgets::lines::LineUndo;
use crate::ui::widgets::pickers::CityPicker;
use crate::ui::widgets::price_box::{PRICE_PANE, PriceBox};
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, Toasts, beside};
use api::codes::Delivery;
use api::{ApiError, Sum};
use desk::domestic::order_draft::GoodLine;
use desk::domestic::order_draft::{OrderDraft, field as f};
use desk::domestic::orders::CreateResult;
use desk::domestic::plausible::{Doubt, doubts};
use desk::international::item_draft::ItemDraft;
use desk::task::{Task, take};
use desk::{Desk, DeskError};
use egui::RichText;
use rust_i18n::t;
use scale::Shown;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use store::JournalRow;

const DRAFT_PAUSE: Duration = Duration::from_millis(500);
/// How long a send waits for the scale to settle before it stops and says so.
const SCALE_WAIT: Duration = Duration::from_secs(4);
/// How long a cleared form can be brought back.
const UNDO_FOR: Duration = Duration::from_secs(10);

pub struct OrderForm {
    pub draft: OrderDraft,
    sender_city: CityPicker,
    receiver_city: CityPicker,
    /// What is wrong with each field, said in the language of the moment.
    errors: BTreeMap<&'static str, Words>,
    creating: Option<Task<CreateResult>>,
    price: PriceBox,
    saved_draft: OrderDraft,
    draft_since: Instant,
    draft_loading: Option<Task<Option<(OrderDraft, i64)>>>,
    /// A draft kept from before came back into the form: when it was typed, and the form as it
    /// came back (the notice goes once the clerk types on).
    restored: Option<(i64, OrderDraft)>,
    /// The form the clerk cleared, for a few seconds' undo.
    cleared: Option<(OrderDraft, Instant)>,
    focus_first: bool,
    /// The first field with a problem is to be brought into view and given the cursor.
    to_first_error: bool,
    /// The form is to be shown from its top (a new one).
    scroll_top: bool,
    /// Registered goods for the receipt lines (and registering one on the spot).
    pub goods: GoodsBook,
    /// Set when this form edits an existing order (no draft is kept then).
    editing: Option<i64>,
    saving_edit: Option<Task<Result<JournalRow, DeskError>>>,
    /// The form as it was when the errors shown were found: a field edited since is checked
    /// again (its error goes, or becomes the new one), the others keep theirs.
    checked: OrderDraft,
    /// Unusual values found at the last Create, while the clerk is asked about them.
    doubting: Option<Vec<Doubt>>,
    /// The form exactly as the clerk confirmed its unusual values (changed: asked again).
    confirmed: Option<OrderDraft>,
    /// Known people offered under each side's name and phone.
    sender_people: people::Acquaintances,
    receiver_people: people::Acquaintances,
    /// The fields a pick moves the cursor to (as drawn in the last frame), and the one it is
    /// to move to in the next.
    receiver_name: Option<egui::Id>,
    weight_field: Option<egui::Id>,
    move_to: Option<egui::Id>,
    /// The item line and the cash-on-delivery line removed last, to be brought back.
    removed_items: LineUndo<ItemDraft>,
    removed_goods: LineUndo<GoodLine>,
    /// The weight field's text as the scale put it there (typed over: the clerk's).
    from_scale: Option<String>,
    /// A send waiting for the scale to settle, since when.
    waiting_scale: Option<Instant>,
    /// The counter's own city, as the clerk chose it in the sender's city (a known sender
    /// taken from the list brings their own, which the next customer's form does not keep).
    counter_city: Option<i64>,
    /// The sender is a known person taken from the list.
    sender_picked: bool,
    /// The pan was settling when the last order went: the weight it settles on is that
    /// order's parcel's, not the next customer's.
    pan_of_sent: bool,
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
            draft_loading: Some(desk.load_form()),
            restored: None,
            cleared: None,
            focus_first: true,
            to_first_error: false,
            scroll_top: true,
            goods: GoodsBook::default(),
            editing: None,
            saving_edit: None,
            checked: OrderDraft::new(),
            doubting: None,
            confirmed: None,
            sender_people: Default::default(),
            receiver_people: Default::default(),
            receiver_name: None,
            weight_field: None,
            move_to: None,
            removed_items: LineUndo::default(),
            removed_goods: LineUndo::default(),
            from_scale: None,
            waiting_scale: None,
            counter_city: None,
            sender_picked: false,
            pan_of_sent: false,
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

    /// Shown again (New order): from the top, the cursor in its first field.
    pub fn come_back(&mut self, desk: &Desk) {
        let sender = &self.draft.sender;
        if sender.name.trim().is_empty() && sender.phone.trim().is_empty() {
            // A shop that ships its own goods (set since the form was made) sends this one too.
            self.shop_sends_by_default(desk);
        }
        self.focus_first = true;
        self.scroll_top = true;
    }

    pub fn is_busy(&self) -> bool {
        self.creating.is_some()
            || self.waiting_scale.is_some()
            || self.price.is_busy()
            || self.draft_loading.is_some()
            || self.goods.is_busy()
            || self.saving_edit.is_some()
    }

    /// Whether the form shows an error under any field.
    pub fn has_errors(&self) -> bool {
        self.errors.values().any(|e| !e.text().is_empty())
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
        match take(&mut self.draft_loading) {
            Some(Ok(Some((d, typed_at)))) if self.draft.is_blank() && !d.is_blank() => {
                // Said, with when it was typed and a way to start blank: a form that comes back
                // half filled without a word could be mistaken for a new customer's.
                self.restored = Some((typed_at, d.clone()));
                self.draft = d.clone();
                self.saved_draft = d;
            }
            Some(_) if self.draft.is_blank() => self.shop_sends_by_default(desk),
            _ => {}
        }
        self.follow_scale(ctx, desk);
        self.price.poll(ctx, desk, &self.draft);
        match take(&mut self.saving_edit) {
            Some(Ok(Ok(row))) => {
                toasts.info(t!("order.updated", barcode = row.barcode().to_string()));
                return Some(row);
            }
            Some(Ok(Err(DeskError::Service(e)))) => self.place_service_errors(&e, toasts),
            Some(Ok(Err(e))) => {
                let told = tell_desk(&e);
                toasts.error(told.message, told.details);
            }
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
        // Keep the draft (of a new order; an edit is saved by sending it).
        if self.editing.is_none() && self.draft != self.saved_draft {
            if self.draft_since.elapsed() >= DRAFT_PAUSE {
                desk.save_form(&self.draft);
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
                if desk.kept_here().is_some() {
                    // Said the same as the status bar says it: the order is made, its record
                    // waits at this counter for the shop's database.
                    toasts.info(t!("order.created_here", barcode = row.barcode()));
                } else {
                    toasts.info(t!("order.created", barcode = row.barcode()));
                }
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
                toasts.act(move || {
                    (
                        t!("order.outcome_unknown").to_string(),
                        Some(tell_desk(&reason).message),
                    )
                });
                self.reset(desk);
                None
            }
            Ok(CreateResult::Conflict {
                order_id, barcode, ..
            }) => {
                toasts.act(move || {
                    let said = t!("order.conflict", id = order_id, barcode = barcode);
                    (said.to_string(), None)
                });
                self.reset(desk);
                None
            }
            Ok(CreateResult::InFlight { .. } | CreateResult::AlreadyWaiting { .. }) => {
                self.errors
                    .insert(f::WCS_CODE, crate::words!("order.key_waiting"));
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
                // What the database said, after what it most likely means (a full disk).
                toasts.error(
                    t!("order.not_saved"),
                    Some(format!("{}\n{e}", t!("error.store"))),
                );
                self.keep_draft(desk);
                None
            }
        }
    }

    /// The scale's weight, and a send waiting for it. A weight settled on the scale goes into
    /// the field (typed over, it stays typed until the next parcel settles) — but never while an
    /// order is on its way or being edited: it would land in the next customer's form, where it
    /// is no one's (the clerk takes it there with the scale line's button). A send that waits
    /// goes once the scale settles with its weight in the field, or stops with the reason.
    fn follow_scale(&mut self, ctx: &egui::Context, desk: &Desk) {
        let settled = desk.take_scale_weight();
        if matches!(desk.scale_state().map(|s| s.shown), Some(Shown::Empty)) {
            // The pan emptied: the next parcel put on it is the next customer's.
            self.pan_of_sent = false;
        }
        if let Some(weight) = settled
            && self.editing.is_none()
            && self.creating.is_none()
            && !std::mem::take(&mut self.pan_of_sent)
        {
            self.take_weight(weight);
        }
        let Some(since) = self.waiting_scale else {
            return;
        };
        let shown = desk.scale_state().map(|s| s.shown);
        match shown {
            Some(Shown::Weighing(_)) if since.elapsed() < SCALE_WAIT => {
                ctx.request_repaint_after(Duration::from_millis(100));
            }
            Some(Shown::Settled(g)) if self.holds_scale_weight(g) => {
                self.waiting_scale = None;
                self.submit(desk);
            }
            _ => {
                // Not sent: said under the weight, with the cursor there.
                self.waiting_scale = None;
                self.errors.clear();
                self.errors
                    .insert(f::WEIGHT, crate::words!("scale.not_settled"));
                self.checked = self.draft.clone();
                self.to_first_error = true;
            }
        }
    }

    /// Puts the scale's weight into the field.
    pub(super) fn take_weight(&mut self, weight: api::Weight) {
        // Written as the clerk reads it (2,5 in Uzbek and Russian), as they would type it.
        let text = crate::ui::widgets::numbers::kg_number(weight.grams());
        self.draft.weight.clone_from(&text);
        self.from_scale = Some(text);
    }

    /// Whether the field holds `grams` as the scale put them there.
    fn holds_scale_weight(&self, grams: u64) -> bool {
        let text = crate::ui::widgets::numbers::kg_number(grams);
        self.draft.weight.trim() == text && self.from_scale.as_deref() == Some(text.as_str())
    }

    /// Whether a send must wait for the scale: it is settling, and the field holds what the
    /// scale put there before (or nothing), not a weight the clerk typed.
    fn scale_unsettled(&self, desk: &Desk) -> bool {
        let Some(state) = desk.scale_state() else {
            return false;
        };
        let weight = self.draft.weight.trim();
        let the_scales = weight.is_empty() || self.from_scale.as_deref() == Some(weight);
        self.editing.is_none() && the_scales && matches!(state.shown, Shown::Weighing(_))
    }

    fn place_service_errors(&mut self, e: &ApiError, toasts: &mut Toasts) {
        self.errors.clear();
        self.checked = self.draft.clone();
        self.to_first_error = true;
        match e {
            ApiError::Validation { fields, .. } if !fields.is_empty() => {
                for (wire, messages) in fields {
                    let key = f::from_wire(wire);
                    let text = messages.join(" ");
                    if key == f::GENERAL {
                        toasts.error(text, Some(wire.clone()));
                    } else {
                        // The service's own words, asked in the clerk's language.
                        let joined = match self.errors.get(key) {
                            Some(before) => format!("{} {text}", before.text()),
                            None => text,
                        };
                        self.errors.insert(key, Words::said(joined));
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
        desk.save_form(&self.draft);
        self.saved_draft = self.draft.clone();
    }

    /// Empties the form at the clerk's word; for a few seconds it can be brought back.
    pub fn clear(&mut self, desk: &Desk) {
        let before = self.draft.clone();
        self.reset(desk);
        if !before.is_blank() {
            self.cleared = Some((before, Instant::now()));
        }
    }

    /// Brings back the form cleared a moment ago.
    fn undo_clear(&mut self, desk: &Desk) {
        if let Some((draft, _)) = self.cleared.take() {
            self.draft = draft;
            self.keep_draft(desk);
        }
    }

    /// The notice above the form: a draft that came back.
    fn notices(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        // Typed over since it came back: no longer a restored draft.
        self.restored.take_if(|(_, d)| *d != self.draft);
        if let Some((at, _)) = &self.restored {
            let text = t!("order.restored", at = desk::day::moment(*at));
            let mut blank = false;
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(text).color(egui::Color32::from_rgb(200, 120, 30)));
                blank = ui.button(t!("order.start_blank")).clicked();
            });
            if blank {
                self.restored = None;
                self.clear(desk);
            }
        }
    }

    /// Beside the buttons, where the clerk pressed Clear: that it is cleared, and Undo for a few
    /// seconds.
    fn undo_offer(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        self.cleared.take_if(|(_, at)| at.elapsed() > UNDO_FOR);
        if self.cleared.is_some() {
            ui.label(t!("order.cleared"));
            if ui.button(t!("order.undo_clear")).clicked() {
                self.undo_clear(desk);
            }
            ui.ctx().request_repaint_after(Duration::from_millis(500));
        }
    }

    /// A blank form. The sender's city stays when it is the counter's own (not a known sender's
    /// brought from the list); so do the package and the kind of post, which a counter's parcels
    /// mostly share (the price shows them).
    fn reset(&mut self, desk: &Desk) {
        let mut blank = OrderDraft::new();
        blank.sender.city = match (self.counter_city, self.sender_picked) {
            (Some(city), _) => Some(city),
            (None, false) => self.draft.sender.city,
            (None, true) => None,
        };
        self.sender_picked = false;
        blank.package_id = self.draft.package_id;
        blank.post_type_id = self.draft.post_type_id;
        self.draft = blank;
        self.saved_draft = self.draft.clone();
        self.removed_items.forget();
        self.removed_goods.forget();
        self.from_scale = None;
        self.waiting_scale = None;
        // A pan still settling when the order went holds that order's parcel: its weight is no
        // one's in the next form (the scale line's Take puts it in when the clerk asks).
        self.pan_of_sent = matches!(
            desk.scale_state().map(|s| s.shown),
            Some(Shown::Weighing(_))
        );
        self.errors.clear();
        self.focus_first = true;
        self.scroll_top = true;
        desk.clear_form();
        self.shop_sends_by_default(desk);
    }

    /// The shop as the sender (its profile in Settings), the sender's city included.
    pub(super) fn shop_sends(&mut self, desk: &Desk) {
        let shop = &desk.settings().sender;
        if !shop.is_complete() {
            return;
        }
        let sender = &mut self.draft.sender;
        sender.name.clone_from(&shop.name);
        sender.phone.clone_from(&shop.phone);
        sender.city = shop.city;
        sender.address.clone_from(&shop.address);
        sender.delivery = Delivery::Office;
    }

    /// A new form of a shop that ships only its own goods starts with the shop as the sender
    /// (not kept as a draft: it is no one's typing).
    fn shop_sends_by_default(&mut self, desk: &Desk) {
        if self.editing.is_none() && desk.settings().sender.every_order {
            self.shop_sends(desk);
            self.saved_draft = self.draft.clone();
        }
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
            .check(desk.directories())
            .err()
            .unwrap_or_default();
        let (draft, checked) = (&self.draft, &self.checked);
        self.errors.retain(|k, text| {
            if draft.same_field(checked, k) {
                return true;
            }
            match problems.get(k) {
                Some(p) => {
                    *text = problem_words(*p);
                    true
                }
                // Mended: its line stays, blank, until the next send, so the fields below do
                // not move up under the clerk's next click.
                None => {
                    *text = Words::said("");
                    true
                }
            }
        });
        self.checked = self.draft.clone();
    }

    /// Checks and sends; errors land under their fields.
    pub fn submit(&mut self, desk: &Desk) {
        if self.creating.is_some() || self.saving_edit.is_some() || self.waiting_scale.is_some() {
            return;
        }
        // A parcel still settling on the scale: the send waits for its weight (see
        // `follow_scale`), never goes with the weight of the parcel before.
        if self.scale_unsettled(desk) {
            self.waiting_scale = Some(Instant::now());
            return;
        }
        // A city field left showing a name the form did not take stops the send there.
        let dirs = desk.directories();
        let unchosen: Vec<(&'static str, Words)> = [
            (
                &mut self.sender_city,
                &mut self.draft.sender.city,
                f::SENDER_CITY,
            ),
            (
                &mut self.receiver_city,
                &mut self.draft.receiver.city,
                f::RECEIVER_CITY,
            ),
        ]
        .into_iter()
        .filter_map(|(picker, city, key)| {
            let typed = picker.query.trim().to_string();
            picker.settle(city, dirs).err()?;
            Some((key, crate::words!("dir.not_chosen", typed = typed)))
        })
        .collect();
        self.errors.clear();
        self.checked = self.draft.clone();
        match self.draft.check(dirs) {
            Err(problems) => {
                for (k, p) in problems {
                    self.errors.insert(k, problem_words(p));
                }
                self.errors.extend(unchosen);
                self.to_first_error = true;
            }
            Ok(_) if !unchosen.is_empty() => {
                self.errors.extend(unchosen);
                self.to_first_error = true;
            }
            Ok(input) => {
                let unusual = doubts(&self.draft, &desk.settings().limits);
                if !unusual.is_empty() && self.confirmed.as_ref() != Some(&self.draft) {
                    self.doubting = Some(unusual);
                    return;
                }
                // The desk makes the idempotency key (and keeps it in the form it keeps with
                // the order, so an edit sends it again).
                let draft = self.draft.clone();
                match self.editing {
                    Some(id) => {
                        let places = self.draft.places.clone();
                        self.saving_edit = desk.edit_order(id, input, draft, places);
                    }
                    None => self.creating = desk.create_order_from(input, Some(draft)),
                }
            }
        }
    }

    fn price_pane(ui: &mut egui::Ui, f: &mut OrderForm) {
        f.price.show(ui, &mut f.draft);
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        if !desk.can_take_orders() {
            ui.label(RichText::new(t!("order.no_database")).color(ERROR_COLOR));
            return;
        }
        // The form beside the price, each in its own column: never under it.
        beside(
            ui,
            PRICE_PANE,
            self,
            |ui, f| f.body(ui, desk),
            Self::price_pane,
        );
        // In the frame of the edit, so the next one already shows the field as it now is.
        self.recheck_edited(desk);
        self.ask_about_doubts(ui.ctx(), desk);
    }
}

/// A side's hand-over mode as three choices. Each is named with its group for a screen reader
/// and for tests ("Delivery: Courier"), so the sender's and the receiver's are told apart.
pub(crate) fn delivery_choice(ui: &mut egui::Ui, label: &str, value: &mut Delivery, id: &str) {
    ui.label(label);
    ui.push_id(id, |ui| {
        // Wrapped: in a narrow column the third choice goes to the next line, never over the
        // column beside.
        ui.horizontal_wrapped(|ui| {
            for (mode, key) in [
                (Delivery::Office, "order.mode_office"),
                (Delivery::Courier, "order.mode_courier"),
                (Delivery::RemoteCourier, "order.mode_remote"),
            ] {
                let r = ui.radio_value(value, mode, t!(key));
                let name = t!("order.choice_named", group = label, choice = t!(key));
                let selected = *value == mode;
                r.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::RadioButton, true, selected, &name)
                });
            }
        });
    });
    ui.add_space(4.0);
}
