//! The delivery log part of the webhooks screen: every notification with its verdict, a row's
//! headers and raw body, applying one again, and the demo's test notification.

use super::WebhooksScreen;
use crate::ui::frame::cx::Cx;
use crate::ui::widgets::{button_if, environment_text, inline_field, status::when, titled};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;
use store::Verdict;

pub(crate) fn verdict_text(v: Verdict) -> std::borrow::Cow<'static, str> {
    match v {
        Verdict::Applied => t!("hooks.applied"),
        Verdict::Duplicate => t!("hooks.duplicate"),
        Verdict::UnknownOrder => t!("hooks.unknown_order"),
        Verdict::Rejected => t!("hooks.rejected"),
    }
}

/// Where an arrival came from, in the clerk's words.
fn source_text(source: &str) -> String {
    match source {
        "receiver" => t!("hooks.source_receiver").to_string(),
        "poller" => t!("hooks.source_poller").to_string(),
        "replay" => t!("hooks.source_replay").to_string(),
        other => other.to_string(),
    }
}

impl WebhooksScreen {
    pub(super) fn deliveries(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(t!("hooks.log"));
        ui.horizontal_wrapped(|ui| {
            if button_if(ui, self.loading.is_none(), t!("hooks.reload")) {
                self.reload(cx);
            }
            if cx.desk.is_demo() {
                inline_field(
                    ui,
                    &t!("hooks.test_order"),
                    &mut self.test_order,
                    "hook-test-order",
                    130.0,
                );
                if button_if(ui, self.testing.is_none(), t!("hooks.test")) {
                    // The order's number as the journal shows it, or its barcode.
                    let typed = self.test_order.trim();
                    let id = desk::domestic::orders::order_id_in_barcode(typed)
                        .or_else(|| typed.parse::<i64>().ok());
                    self.message = None;
                    match id {
                        Some(id) => self.testing = cx.desk.send_test_notification(id),
                        None => self.message = Some(crate::words!("hooks.bad_test_order")),
                    }
                }
            }
        });
        if self.log.is_empty() {
            ui.label(t!("hooks.log_empty"));
            return;
        }
        let (open, said) = (&mut self.open, &mut self.message);
        let columns = [
            (t!("hooks.when"), Column::auto().at_least(130.0)),
            (t!("hooks.source"), Column::auto().at_least(70.0)),
            (t!("hooks.order"), Column::auto().at_least(80.0)),
            (t!("hooks.barcode"), Column::auto().at_least(110.0)),
            (
                t!("hooks.status"),
                Column::initial(160.0).at_least(80.0).clip(true),
            ),
            (t!("hooks.environment"), Column::auto().at_least(70.0)),
            (
                t!("hooks.verdict"),
                Column::remainder().at_least(100.0).clip(true),
            ),
        ];
        let ctx = ui.ctx().clone();
        let table = TableBuilder::new(ui)
            .id_salt("deliveries")
            .striped(true)
            .max_scroll_height(260.0);
        titled(&ctx, table, columns).body(|mut body| {
            for n in &self.log {
                body.row(22.0, |mut row| {
                    row.col(|ui| {
                        if ui.link(when(n.received_at)).clicked() {
                            *open = Some(n.id);
                            *said = None;
                        }
                    });
                    row.col(|ui| {
                        ui.label(source_text(&n.notice.source));
                    });
                    row.col(|ui| {
                        ui.label(n.notice.order_id.map(|o| o.to_string()).unwrap_or_default());
                    });
                    row.col(|ui| {
                        ui.label(&n.notice.barcode);
                    });
                    row.col(|ui| {
                        let status = n
                            .notice
                            .status_id
                            .map(|s| {
                                crate::ui::widgets::status::status_text(s, &n.notice.status_name)
                            })
                            .unwrap_or_default();
                        ui.add(egui::Label::new(status).truncate());
                    });
                    row.col(|ui| {
                        ui.label(environment_text(&n.notice.environment));
                    });
                    row.col(|ui| {
                        ui.label(verdict_text(n.verdict));
                    });
                });
            }
        });
        let Some(n) = self
            .open
            .and_then(|id| self.log.iter().find(|n| n.id == id))
        else {
            return;
        };
        ui.separator();
        ui.horizontal(|ui| {
            ui.label(RichText::new(t!("hooks.detail", when = when(n.received_at))).strong());
            // What was turned away at the door (a wrong key) is never applied from here.
            let can = self.replaying.is_none()
                && n.notice.order_id.is_some()
                && n.verdict != store::Verdict::Rejected;
            if button_if(ui, can, t!("hooks.replay")) {
                self.replaying = cx.desk.replay(n.clone());
            }
        });
        egui::ScrollArea::vertical()
            .id_salt(("delivery", n.id))
            .max_height(240.0)
            .show(ui, |ui| {
                ui.label(RichText::new(t!("hooks.headers")).weak());
                ui.label(RichText::new(&n.notice.headers).monospace());
                ui.label(RichText::new(t!("hooks.body")).weak());
                ui.add(egui::Label::new(RichText::new(&n.notice.body).monospace()).wrap());
            });
    }
}
