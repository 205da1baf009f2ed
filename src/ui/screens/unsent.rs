//! The Unsent orders screen: what is still in the outbox, with what was typed, and for a create
//! whose answer was lost the clerk's choice — "this is the order" (after checking its barcode),
//! "it was not created, send it", or "forget it". Sending again and forgetting ask first.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::errors::{tell, tell_desk};
use crate::ui::widgets::errors::{told, told_desk};
use crate::ui::widgets::status::when;
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, Toasts, button_if, entered};
use desk::Desk;
use desk::domestic::orders::CreateResult;
use desk::domestic::unsent::{Candidate, Decided, Decision, DecisionError, Unsent, Verdict};
use desk::task::{Task, take};
use egui::RichText;
use rust_i18n::t;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use store::OutboxState;

/// How often the list is read again while it is on screen when nothing said it changed: entries
/// also change state by themselves (the background pass's attempts). Between, it is read when the
/// outbox's count or the journal changed, the moment they do (the desk wakes the window then).
const FOLLOW_EVERY: Duration = Duration::from_secs(15);

/// A decision that waits for "yes".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asking {
    SendAgain,
    Discard,
}

/// The clerk's work on one entry.
#[derive(Default)]
struct EntryWork {
    barcode: String,
    checking: Option<Task<Result<Candidate, DecisionError>>>,
    candidate: Option<Candidate>,
    problem: Option<Words>,
    asking: Option<Asking>,
}

#[derive(Default)]
pub struct UnsentScreen {
    entries: Vec<Unsent>,
    loading: Option<Task<Result<Vec<Unsent>, desk::DeskError>>>,
    work: HashMap<String, EntryWork>,
    deciding: Option<Task<Result<Decided, DecisionError>>>,
    /// The entry the running decision is about.
    deciding_key: String,
    loaded_at: Option<Instant>,
    /// The outbox's count and the journal's generation when the list was read.
    read_for: (i64, u64),
}

fn decision_problem(e: &DecisionError) -> String {
    match e {
        DecisionError::Gone => t!("unsent.gone").to_string(),
        DecisionError::OtherOrder => t!("unsent.other_order").to_string(),
        DecisionError::InFlight => t!("unsent.in_flight").to_string(),
        DecisionError::Conflict => t!("unsent.conflict_only_forget").to_string(),
        DecisionError::Exists => t!("unsent.exists_explain").to_string(),
        DecisionError::Service(e) => tell(e).message,
        DecisionError::Local(e) => format!("{} {e}", t!("order.not_saved")),
    }
}

impl UnsentScreen {
    pub fn is_busy(&self) -> bool {
        self.loading.is_some()
            || self.deciding.is_some()
            || self.work.values().any(|w| w.checking.is_some())
    }

    pub fn reload(&mut self, desk: &Desk) {
        if self.loading.is_none() {
            self.loading = desk.unsent_orders();
            self.loaded_at = Some(Instant::now());
            self.read_for = (desk.outbox_waiting(), desk.journal_generation());
        }
    }

    /// Picks up background results; returns an order to open once one is journaled.
    pub fn poll(&mut self, desk: &Desk, toasts: &mut Toasts) -> Option<i64> {
        match take(&mut self.loading) {
            Some(Ok(Ok(entries))) => {
                self.work
                    .retain(|k, _| entries.iter().any(|u| &u.entry.wcs_code == k));
                self.entries = entries;
            }
            Some(Ok(Err(e))) => {
                let told = crate::ui::widgets::errors::tell_desk(&e);
                toasts.error(t!("orders.unreadable"), Some(told.message));
            }
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
        for work in self.work.values_mut() {
            match take(&mut work.checking) {
                Some(Ok(Ok(c))) => {
                    work.problem = None;
                    work.candidate = Some(c);
                }
                Some(Ok(Err(e))) => {
                    work.candidate = None;
                    work.problem = Some(Words::said(decision_problem(&e)));
                }
                Some(Err(_)) => work.problem = Some(crate::words!("error.lost")),
                None => {}
            }
        }
        let mut open = None;
        let key = self.deciding_key.clone();
        match take(&mut self.deciding) {
            Some(Ok(Ok(decided))) => {
                match decided {
                    Decided::Journaled(row) => {
                        toasts.info(t!("unsent.linked", barcode = row.barcode()));
                        open = Some(row.order_id);
                    }
                    Decided::Sent(CreateResult::Created(row)) => {
                        toasts.info(t!("order.created", barcode = row.barcode()));
                        open = Some(row.order_id);
                    }
                    Decided::Sent(CreateResult::Refused(e)) => {
                        let told = tell(&e);
                        toasts.error(t!("unsent.refused"), Some(told.message));
                    }
                    Decided::Sent(CreateResult::Queued { reason, .. }) => {
                        self.work.entry(key).or_default().problem = Some(told(&reason));
                    }
                    Decided::Sent(CreateResult::Unknown { reason, .. }) => {
                        self.work.entry(key).or_default().problem = Some(told_desk(&reason));
                    }
                    Decided::Sent(CreateResult::Conflict {
                        order_id, barcode, ..
                    }) => {
                        toasts.act(move || {
                            let said = t!("order.conflict", id = order_id, barcode = barcode);
                            (said.to_string(), None)
                        });
                    }
                    Decided::Sent(
                        CreateResult::InFlight { .. } | CreateResult::AlreadyWaiting { .. },
                    ) => {
                        self.work.entry(key).or_default().problem =
                            Some(crate::words!("unsent.in_flight"));
                    }
                    Decided::Sent(CreateResult::Local(e)) => {
                        toasts.error(t!("order.not_saved"), Some(tell_desk(&e).message));
                    }
                    Decided::Discarded => toasts.info(t!("unsent.discarded")),
                }
                self.reload(desk);
            }
            Some(Ok(Err(e))) => {
                self.work.entry(key).or_default().problem = Some(Words::said(decision_problem(&e)));
                self.reload(desk);
            }
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
        open
    }

    fn decide(&mut self, desk: &Desk, key: &str, decision: Decision) {
        if self.deciding.is_some() {
            return;
        }
        self.deciding_key = key.to_string();
        self.deciding = desk.unsent_decide(key.to_string(), decision);
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        crate::ui::widgets::kept_here::notice(
            ui,
            desk,
            crate::ui::widgets::kept_here::Above::Unsent,
        );
        let changed = self.read_for != (desk.outbox_waiting(), desk.journal_generation());
        if changed || self.loaded_at.is_none_or(|t| t.elapsed() >= FOLLOW_EVERY) {
            self.reload(desk);
        }
        ui.ctx().request_repaint_after(FOLLOW_EVERY);
        ui.horizontal(|ui| {
            ui.heading(t!("unsent.title"));
            if button_if(ui, self.loading.is_none(), t!("dir.refresh")) {
                self.reload(desk);
            }
            if self.is_busy() {
                ui.spinner();
            }
        });
        ui.label(RichText::new(t!("unsent.explain")).weak());
        ui.add_space(6.0);
        if self.entries.is_empty() && self.loading.is_none() {
            ui.label(t!("unsent.empty"));
            return;
        }
        let entries = self.entries.clone();
        egui::ScrollArea::vertical()
            .id_salt("unsent-list")
            .show(ui, |ui| {
                for e in &entries {
                    ui.push_id(&e.entry.wcs_code, |ui| {
                        egui::Frame::group(ui.style()).show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            self.show_entry(ui, desk, e);
                        });
                    });
                    ui.add_space(6.0);
                }
            });
    }

    fn show_entry(&mut self, ui: &mut egui::Ui, desk: &Desk, unsent: &Unsent) {
        let e = &unsent.entry;
        let busy = self.deciding.is_some();
        ui.horizontal(|ui| {
            let (text, color) = match e.state {
                OutboxState::Pending => {
                    (t!("unsent.pending"), egui::Color32::from_rgb(90, 110, 140))
                }
                OutboxState::Unknown => {
                    (t!("unsent.unknown"), egui::Color32::from_rgb(200, 120, 30))
                }
                OutboxState::Sending => {
                    (t!("unsent.sending"), egui::Color32::from_rgb(110, 110, 110))
                }
                OutboxState::Conflict => (t!("unsent.conflict"), ERROR_COLOR),
                OutboxState::Exists => (t!("unsent.exists"), egui::Color32::from_rgb(30, 130, 60)),
            };
            egui::Frame::new()
                .fill(color)
                .corner_radius(8.0)
                .inner_margin(egui::Margin::symmetric(6, 1))
                .show(ui, |ui| {
                    ui.label(RichText::new(text).color(egui::Color32::WHITE).small());
                });
            match &unsent.order {
                Some(o) => {
                    ui.strong(format!("{} · {}", o.receiver, o.receiver_phone));
                    ui.label(crate::ui::widgets::numbers::kg(o.weight.grams()));
                }
                None => {
                    ui.label(RichText::new(t!("unsent.unreadable")).color(ERROR_COLOR));
                }
            }
            ui.label(RichText::new(when(e.created_at)).weak());
            if e.kept_here {
                ui.label(RichText::new(t!("kept.entry")).weak());
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t!("unsent.key")).weak());
            ui.label(RichText::new(&e.wcs_code).monospace());
            ui.label(RichText::new(t!("unsent.attempts", n = e.attempts)).weak());
            if let Some(err) = &e.last_error {
                ui.label(RichText::new(err).weak().italics());
            }
        });
        if e.state == OutboxState::Sending {
            // Its request is on the wire: nothing to decide until it ends.
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t!("unsent.in_flight"));
            });
            return;
        }
        if let (OutboxState::Conflict, Some((id, barcode))) = (e.state, &e.conflict) {
            ui.add(
                egui::Label::new(
                    RichText::new(t!("unsent.conflict_explain", id = id, barcode = barcode))
                        .color(ERROR_COLOR),
                )
                .wrap(),
            );
        }
        if e.state == OutboxState::Exists {
            ui.add(egui::Label::new(RichText::new(t!("unsent.exists_explain"))).wrap());
        }
        let work = self.work.entry(e.wcs_code.clone()).or_default();
        let mut decision = None;
        if matches!(e.state, OutboxState::Unknown | OutboxState::Exists) {
            ui.horizontal(|ui| {
                let l = ui.label(t!("unsent.barcode"));
                let r = ui
                    .add(
                        egui::TextEdit::singleline(&mut work.barcode)
                            .id_salt("unsent-barcode")
                            .desired_width(150.0),
                    )
                    .labelled_by(l.id);
                let enter = entered(ui, &r);
                let can = work.checking.is_none() && !work.barcode.trim().is_empty();
                if ui
                    .add_enabled(can, egui::Button::new(t!("unsent.check")))
                    .clicked()
                    || (enter && can)
                {
                    work.candidate = None;
                    work.problem = None;
                    work.checking =
                        desk.unsent_candidate(e.wcs_code.clone(), work.barcode.trim().to_string());
                }
            });
            if let Some(c) = &work.candidate {
                let d = &c.detail;
                ui.label(format!(
                    "{} · {} · {} · {}",
                    d.core.barcode,
                    d.core.receiver,
                    d.core.receiver_phone,
                    d.core.receiver_city.name.clone().unwrap_or_default()
                ));
                let verdict = match c.verdict {
                    Verdict::SameKey => RichText::new(t!("unsent.same_key"))
                        .color(egui::Color32::from_rgb(30, 130, 60)),
                    Verdict::OtherKey => RichText::new(t!("unsent.other_order")).color(ERROR_COLOR),
                    Verdict::NoKey => RichText::new(t!("unsent.no_key")).strong(),
                };
                ui.label(verdict);
                if c.verdict != Verdict::OtherKey
                    && ui
                        .add_enabled(!busy, egui::Button::new(t!("unsent.is_order")))
                        .clicked()
                {
                    decision = Some(Decision::IsOrder(Box::new(c.clone())));
                }
            }
        }
        if let Some(p) = &work.problem {
            ui.label(RichText::new(p).color(ERROR_COLOR));
        }
        ui.horizontal_wrapped(|ui| match work.asking {
            Some(asking) => {
                let question = match asking {
                    Asking::SendAgain => t!("unsent.send_confirm"),
                    Asking::Discard => t!("unsent.discard_confirm"),
                };
                ui.label(RichText::new(question).strong());
                if button_if(ui, !busy, t!("unsent.yes")) {
                    decision = Some(match asking {
                        Asking::SendAgain => Decision::SendAgain,
                        Asking::Discard => Decision::Discard,
                    });
                    work.asking = None;
                }
                if ui.button(t!("detail.cancel_no")).clicked() {
                    work.asking = None;
                }
            }
            None => {
                // Waiting ones are known not to have arrived: no question needed. A conflict
                // exists on the service: it is never sent again.
                let send = match e.state {
                    OutboxState::Pending => Some((t!("unsent.send_now"), None)),
                    OutboxState::Unknown => {
                        Some((t!("unsent.send_again"), Some(Asking::SendAgain)))
                    }
                    // Exists at the service (its key was refused as taken): never sent again.
                    OutboxState::Sending | OutboxState::Conflict | OutboxState::Exists => None,
                };
                if let Some((label, ask)) = send
                    && unsent.order.is_some()
                    && ui.add_enabled(!busy, egui::Button::new(label)).clicked()
                {
                    match ask {
                        None => decision = Some(Decision::SendAgain),
                        Some(a) => work.asking = Some(a),
                    }
                }
                if button_if(ui, !busy, t!("unsent.discard")) {
                    work.asking = Some(Asking::Discard);
                }
            }
        });
        if let Some(d) = decision {
            self.decide(desk, &e.wcs_code, d);
        }
    }
}

impl Screen for UnsentScreen {
    fn poll(&mut self, cx: &mut Cx) {
        if let Some(id) = UnsentScreen::poll(self, cx.desk, cx.toasts) {
            cx.emit(AppEvent::OpenOrder(id));
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.show(ui, cx.desk);
    }

    fn entered(&mut self, cx: &mut Cx) {
        self.reload(cx.desk);
    }

    fn is_busy(&self) -> bool {
        UnsentScreen::is_busy(self)
    }
}
