//! One order: its journal facts, the status timeline from the service's history (the current
//! status emphasised, the statuses still to come greyed from the status chain), cancellation
//! while it is still at the sender (after a confirmation), its tracking link, and its label.

pub mod label_panel;
pub mod receipt_panel;
pub mod record;

use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::frame::screen_id::ScreenId;
use crate::ui::screens::order_detail::label_panel::LabelPanel;
use crate::ui::screens::order_detail::record::RecordView;
use crate::ui::widgets::Toasts;
use crate::ui::widgets::beside;
use crate::ui::widgets::button_if;
use crate::ui::widgets::confirm::{Question, ask};
use crate::ui::widgets::errors::{tell, tell_desk};
use crate::ui::widgets::status::{status_chip, when};
use api::ApiError;
use api::codes::LegacyStatus;
use api::codes::OrderStatus;
use api::legacy::CancellationReason;
use desk::DeskError;
use desk::domestic::order_draft::OrderDraft;
use desk::reference::directories::Directories;
use desk::task::{Task, any_running, take};
use desk::{Desk, JournalEntry};
use egui::RichText;
use rust_i18n::t;
use store::{HistoryRow, JournalRow};

pub struct OrderDetail {
    pub order_id: i64,
    row: Option<JournalRow>,
    tracking: Option<String>,
    history: Vec<HistoryRow>,
    loading: Option<Task<Option<JournalEntry>>>,
    refreshing: Option<Task<Result<Vec<HistoryRow>, ApiError>>>,
    cancelling: Option<Task<Result<Vec<HistoryRow>, ApiError>>>,
    confirm_cancel: bool,
    /// Asked for once the order is seen cancelled.
    reasons: Option<Vec<CancellationReason>>,
    reasons_loading: Option<Task<Result<Vec<CancellationReason>, ApiError>>>,
    /// The service could not be asked (it is not asked again until the next refresh).
    reasons_unreadable: bool,
    /// The form the order came from, when this desk created it (makes it editable).
    draft: Option<OrderDraft>,
    draft_loading: Option<Task<Option<OrderDraft>>>,
    /// The form being rebuilt from the service (an order this desk did not create).
    rebuilding: Option<Task<Result<OrderDraft, DeskError>>>,
    /// Set when the clerk asks to edit; the app opens the edit form.
    pub edit_requested: Option<OrderDraft>,
    pub label: LabelPanel,
    /// The sender's receipt.
    pub receipt: receipt_panel::ReceiptPanel,
    /// Everything the service records of the order.
    record: RecordView,
}

impl OrderDetail {
    pub fn open(desk: &Desk, order_id: i64) -> OrderDetail {
        OrderDetail {
            order_id,
            row: None,
            tracking: None,
            history: Vec::new(),
            loading: Some(desk.journal_entry(order_id)),
            refreshing: desk.refresh_order(order_id),
            cancelling: None,
            confirm_cancel: false,
            reasons: None,
            reasons_loading: None,
            reasons_unreadable: false,
            draft: None,
            draft_loading: Some(desk.order_draft(order_id)),
            rebuilding: None,
            edit_requested: None,
            label: LabelPanel::open(desk, order_id),
            receipt: receipt_panel::ReceiptPanel::open(order_id),
            record: RecordView::open(desk, order_id),
        }
    }

    pub fn is_busy(&self) -> bool {
        let s = self;
        any_running(&[
            &s.loading,
            &s.refreshing,
            &s.cancelling,
            &s.reasons_loading,
            &s.rebuilding,
            &s.label,
            &s.record,
        ]) || s.receipt.is_busy()
    }

    /// True when something changed that the Orders list shows.
    pub fn poll(&mut self, ctx: &egui::Context, desk: &Desk, toasts: &mut Toasts) -> bool {
        self.label.poll(ctx, desk, toasts);
        if self.receipt.poll(desk, toasts) {
            self.label.reread_log(desk);
        }
        let mut changed = false;
        if let Some(Ok(draft)) = take(&mut self.draft_loading) {
            self.draft = draft;
        }
        match take(&mut self.rebuilding) {
            Some(Ok(Ok(draft))) => self.edit_requested = Some(draft),
            Some(Ok(Err(why))) => {
                toasts.error(t!("detail.edit_unreadable"), Some(tell_desk(&why).message))
            }
            Some(Err(_)) => toasts.error(t!("detail.edit_unreadable"), None),
            None => {}
        }
        if let Some(Ok(found)) = take(&mut self.loading)
            && let Some((row, tracking)) = found
        {
            self.row = Some(row);
            self.tracking = tracking;
        }
        for slot in [&mut self.refreshing, &mut self.cancelling] {
            match take(slot) {
                Some(Ok(Ok(history))) => {
                    self.history = history;
                    changed = true;
                }
                Some(Ok(Err(e))) => {
                    let told = tell(&e);
                    toasts.error(told.message, told.details);
                }
                Some(Err(_)) => toasts.error(t!("error.lost"), None),
                None => {}
            }
        }
        self.record.poll();
        if changed {
            self.loading = Some(desk.journal_entry(self.order_id));
            self.record.read(desk, self.order_id);
            // A fresh history may show a cancellation the last reading did not.
            self.reasons = None;
        }
        match take(&mut self.reasons_loading) {
            Some(Ok(Ok(reasons))) => {
                self.reasons = Some(reasons);
                self.reasons_unreadable = false;
            }
            Some(Ok(Err(e))) => {
                self.reasons = Some(Vec::new());
                self.reasons_unreadable = true;
                let told = tell(&e);
                toasts.error(told.message, told.details);
            }
            Some(Err(_)) => {
                self.reasons = Some(Vec::new());
                self.reasons_unreadable = true;
            }
            None => {}
        }
        if self.history.last().is_some() {
            self.label.follow_status(desk, self.is_cancelled());
        }
        if self.is_cancelled()
            && self.reasons.is_none()
            && self.reasons_loading.is_none()
            && self.refreshing.is_none()
            && self.cancelling.is_none()
        {
            self.reasons_loading = Some(desk.cancellation_reasons(self.order_id));
        }
        changed
    }

    fn current(&self) -> Option<i64> {
        self.history
            .last()
            .map(|h| h.status_id)
            .or(self.row.as_ref().map(|r| r.status_id))
    }

    fn is_cancelled(&self) -> bool {
        self.current() == Some(LegacyStatus::Refused.code())
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk, toasts: &mut Toasts) {
        let Some(row) = self.row.clone() else {
            ui.spinner();
            return;
        };
        // The order beside its label, each in its own column: a long record never runs over
        // the label.
        beside(
            ui,
            400.0,
            self,
            |ui, d| d.facts(ui, desk, &row),
            |ui, d| {
                egui::ScrollArea::vertical()
                    .id_salt("label-scroll")
                    .show(ui, |ui| {
                        // The receipt's row first: the label's print log below grows with each
                        // print, and a row under it would move under the clerk's pointer.
                        d.receipt.show(ui, desk, row.barcode());
                        ui.separator();
                        d.label.show(ui, desk, toasts);
                    });
            },
        );
    }

    fn facts(&mut self, ui: &mut egui::Ui, desk: &Desk, row: &JournalRow) {
        let row = row.clone();
        // In the clerk's language where the directories know the city.
        let dirs = desk.directories();
        let city = dirs
            .and_then(|d| d.city_named(row.city()))
            .unwrap_or(row.city())
            .to_string();
        ui.horizontal(|ui| {
            ui.heading(RichText::new(row.barcode()).monospace());
            status_chip(ui, row.status_id, row.status_name());
            if self.is_busy() {
                ui.spinner();
            }
        });
        egui::Grid::new("order-facts")
            .num_columns(2)
            .spacing([16.0, 4.0])
            .show(ui, |ui| {
                let facts = [
                    (
                        t!("orders.receiver"),
                        format!("{} · {}", row.receiver(), row.receiver_phone()),
                    ),
                    (t!("orders.city"), city.to_string()),
                    (t!("orders.created"), when(row.created_at)),
                    (
                        t!("orders.cost"),
                        format!("{} {}", api::Sum(row.cost), t!("order.sum")),
                    ),
                    (
                        t!("orders.cod"),
                        row.cod()
                            .map(|c| format!("{} {}", api::Sum(c), t!("order.sum")))
                            .unwrap_or_else(|| "—".into()),
                    ),
                    (t!("unsent.key"), row.wcs_code().unwrap_or("—").to_string()),
                ];
                for (k, v) in facts {
                    ui.label(RichText::new(k).weak());
                    // A long value is cut at the pane's edge; the whole of it shows on hover.
                    // Cut, whole on hover (a cut label says itself).
                    ui.add(egui::Label::new(&v).truncate());
                    ui.end_row();
                }
            });
        // Wrapped: beside the label pane the row is narrower than its buttons.
        ui.horizontal_wrapped(|ui| {
            if let Some(link) = self.tracking.clone() {
                if ui.button(t!("detail.copy_link")).clicked() {
                    ui.ctx().copy_text(link.clone());
                }
                if ui.button(t!("detail.open_link")).clicked() {
                    ui.ctx().open_url(egui::OpenUrl::new_tab(link));
                }
            }
            if button_if(ui, self.refreshing.is_none(), t!("dir.refresh")) {
                self.refreshing = desk.refresh_order(self.order_id);
            }
            let cancellable = self.current() == Some(1);
            // The form kept at create opens at once; another desk's order is read back first.
            if cancellable && self.draft_loading.is_none() {
                let edit = ui.add_enabled(
                    self.rebuilding.is_none(),
                    egui::Button::new(t!("detail.edit")),
                );
                if edit.clicked() {
                    match &self.draft {
                        Some(draft) => self.edit_requested = Some(draft.clone()),
                        None => self.rebuilding = Some(desk.order_form_from_service(self.order_id)),
                    }
                }
                if self.rebuilding.is_some() {
                    ui.spinner();
                }
            }
            if cancellable && self.cancelling.is_none() && ui.button(t!("detail.cancel")).clicked()
            {
                self.confirm_cancel = true;
            }
        });
        if self.confirm_cancel {
            // Asked in a modal: whatever the receiver's name, the answers never cover the label.
            let answer = ask(
                ui.ctx(),
                Question {
                    id: "cancel-order",
                    title: t!("detail.cancel_confirm").to_string(),
                    lines: vec![format!("{} · {} · {}", row.barcode(), row.receiver(), city)],
                    yes: t!("detail.cancel_yes").to_string(),
                    no: t!("detail.cancel_no").to_string(),
                },
            );
            if let Some(yes) = answer {
                self.confirm_cancel = false;
                if yes {
                    self.cancelling = desk.cancel_order(self.order_id);
                }
            }
        }
        egui::ScrollArea::vertical()
            .id_salt("detail-scroll")
            .show(ui, |ui| {
                if self.is_cancelled() {
                    self.show_reasons(ui);
                }
                ui.separator();
                self.show_timeline(ui, dirs);
                ui.separator();
                self.record.show(ui, dirs);
            });
    }

    fn show_timeline(&self, ui: &mut egui::Ui, dirs: Option<&Directories>) {
        ui.strong(t!("detail.timeline"));
        let last = self.history.len().saturating_sub(1);
        for (i, h) in self.history.iter().enumerate() {
            // Where it was, named in the clerk's language when it is a city the directory knows.
            let place = dirs
                .and_then(|d| d.city_named(&h.location))
                .unwrap_or(&h.location);
            let text = format!("{}  {}  {}", when(h.at), h.message, place);
            ui.horizontal(|ui| {
                ui.label(if i == last { "●" } else { "○" });
                let text = if i == last {
                    RichText::new(text).strong()
                } else {
                    RichText::new(text)
                };
                ui.add(egui::Label::new(text).wrap());
            });
        }
        // The statuses still to come, from the chain of the current one.
        let mut next = self.current().and_then(OrderStatus::from_legacy);
        let mut guard = 0;
        while let Some(s) = next.and_then(|s| s.next_possible().first().copied()) {
            let key = format!("order_status.{}", s.code());
            ui.horizontal(|ui| {
                ui.label(RichText::new("○").weak());
                ui.label(RichText::new(t!(key.as_str())).weak());
            });
            next = Some(s);
            guard += 1;
            if guard > 12 {
                break;
            }
        }
    }

    fn show_reasons(&self, ui: &mut egui::Ui) {
        ui.separator();
        ui.strong(t!("detail.cancel_reasons"));
        match &self.reasons {
            None => {
                ui.spinner();
            }
            Some(_) if self.reasons_unreadable => {
                ui.label(RichText::new(t!("detail.cancel_reasons_unreadable")).weak());
            }
            Some(list) if list.is_empty() => {
                ui.label(RichText::new(t!("detail.cancel_reasons_none")).weak());
            }
            Some(list) => {
                egui::Grid::new("cancel-reasons")
                    .num_columns(3)
                    .spacing([16.0, 4.0])
                    .show(ui, |ui| {
                        for r in list {
                            ui.label(r.date.format("%d.%m.%Y %H:%M").to_string());
                            ui.label(RichText::new(&r.employee).weak());
                            ui.label(&r.description);
                            ui.end_row();
                        }
                    });
            }
        }
    }
}

/// The detail of whichever order was opened last (by a click, a scan, a create).
#[derive(Default)]
pub struct DetailScreen {
    detail: Option<OrderDetail>,
}

impl DetailScreen {
    pub fn order_id(&self) -> Option<i64> {
        self.detail.as_ref().map(|d| d.order_id)
    }
}

impl Screen for DetailScreen {
    fn poll(&mut self, cx: &mut Cx) {
        let Some(d) = &mut self.detail else { return };
        d.poll(cx.ctx, cx.desk, cx.toasts);
        if let Some(draft) = d.edit_requested.take() {
            cx.emit(AppEvent::EditOrder {
                order_id: d.order_id,
                draft: Box::new(draft),
            });
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        match &mut self.detail {
            Some(d) => {
                d.show(ui, cx.desk, cx.toasts);
                // A document to save: where is asked of the desk, which holds the one question
                // (the system's dialog, or the window's chooser).
                if let Some(proposed) = d.label.ask_where.take() {
                    d.label.ask(cx.desk.ask_save_path(proposed));
                }
                if let Some(proposed) = d.receipt.ask_where.take() {
                    d.receipt.ask(cx.desk.ask_save_path(proposed));
                }
            }
            None => cx.emit(AppEvent::Go(ScreenId::Orders)),
        }
    }

    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        match event {
            AppEvent::OpenOrder(id) => self.detail = Some(OrderDetail::open(cx.desk, *id)),
            AppEvent::OrderCreated(id) => {
                let mut d = OrderDetail::open(cx.desk, *id);
                if cx.desk.settings().printing.auto_print {
                    d.label.print_when_ready();
                }
                let receipts = &cx.desk.settings().receipt;
                if receipts.after_create && receipts.printer.is_some() {
                    d.receipt.print(cx.desk);
                }
                self.detail = Some(d);
            }
            // Its status moved on its own (a notification, a reading): read it again, unless
            // the clerk is in the middle of something with it.
            AppEvent::OrderMoved(id)
                if self
                    .detail
                    .as_ref()
                    .is_some_and(|d| d.order_id == *id && !d.is_busy()) =>
            {
                self.detail = Some(OrderDetail::open(cx.desk, *id));
            }
            _ => {}
        }
    }

    fn command(&mut self, command: Command, cx: &mut Cx) -> bool {
        match (command, &mut self.detail) {
            (Command::Print, Some(d)) => {
                d.label.request_print(cx.desk, cx.toasts);
                true
            }
            _ => false,
        }
    }

    fn is_busy(&self) -> bool {
        self.detail.as_ref().is_some_and(|d| d.is_busy())
    }
}
