//! The status bar: which service (and whether it is the twin), who is logged in on which
//! interface, what waits in the outbox (a link to it), and whether the service answers.

use crate::ui::ScreenId;
use crate::ui::widgets::{ERROR_COLOR, quiet_link};
use desk::session::settings::ServiceEnvironment;
use desk::{Desk, Environment, Reach};
use egui::RichText;
use rust_i18n::t;

/// Draws the bar; the screen to open when the clerk clicked a link in it (the outbox count, or
/// Settings when the shop's database refuses the password).
pub(crate) fn status_bar(ui: &mut egui::Ui, desk: &Desk) -> Option<ScreenId> {
    let mut open = None;
    ui.horizontal(|ui| {
        match desk.environment() {
            Environment::Sandbox => crate::ui::screens::login::sandbox_badge(ui),
            Environment::Service(ServiceEnvironment::Production) => {
                ui.label(RichText::new(t!("status.env_production")).strong());
            }
            Environment::Service(ServiceEnvironment::Test) => {
                ui.label(
                    RichText::new(t!("status.env_test"))
                        .strong()
                        .color(egui::Color32::from_rgb(180, 100, 0)),
                );
            }
        }
        let clear = desk
            .settings()
            .service
            .as_ref()
            .is_some_and(|u| u.unencrypted());
        if matches!(desk.environment(), Environment::Service(_)) && clear {
            let warn = ui.visuals().warn_fg_color;
            ui.colored_label(warn, format!("⚠ {}", t!("status.unencrypted")))
                .on_hover_text(t!("settings.unencrypted"));
        }
        // What changes and needs the clerk's eye sits on the right, always whole; who is logged
        // in takes what is left and is cut at a narrow window (whole on hover).
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let (text, color) = match desk.reach() {
                _ if desk.is_connecting() => {
                    (t!("status.connecting"), ui.visuals().weak_text_color())
                }
                Reach::Online => (t!("status.online"), egui::Color32::from_rgb(30, 130, 60)),
                Reach::Offline => (t!("status.offline"), ERROR_COLOR),
                Reach::Failing => (t!("status.failing"), ERROR_COLOR),
                Reach::Unknown => (t!("status.unchecked"), ui.visuals().weak_text_color()),
            };
            ui.label(RichText::new(format!("● {text}")).color(color));
            ui.separator();
            let waiting = desk.outbox_waiting();
            let outbox = RichText::new(t!("status.outbox", n = waiting));
            if waiting > 0 {
                // A way to the entries themselves, for the clerk to see or decide on them.
                let link = quiet_link(
                    ui,
                    outbox
                        .strong()
                        .underline()
                        .color(egui::Color32::from_rgb(200, 120, 30)),
                );
                if link.clicked() && desk.session().is_some() {
                    open = Some(ScreenId::Unsent);
                }
            } else {
                ui.label(outbox.weak());
            }
            if let Some(kept) = desk.kept_here() {
                ui.separator();
                let text = match kept {
                    0 => t!("status.shop_away"),
                    n => t!("status.kept_here", n = n),
                };
                let hover = t!("status.kept_here_hover");
                if desk.shop_refuses_login() {
                    // Waiting will not bring back a database that refuses the password: the
                    // way to where it is typed, what is kept here on hover.
                    let link = RichText::new(t!("status.shop_login")).strong();
                    let link = quiet_link(ui, link.underline().color(ERROR_COLOR));
                    if link.on_hover_text(format!("{text}\n{hover}")).clicked() {
                        open = Some(ScreenId::Settings);
                    }
                } else {
                    ui.label(RichText::new(text).strong().color(ERROR_COLOR))
                        .on_hover_text(hover);
                }
            }
            if let Some(trouble) = desk.store_trouble() {
                // New orders are refused on this computer until it can write again: said
                // where the clerk always looks, the database's own words on hover.
                ui.separator();
                let (text, why) = match trouble {
                    desk::StoreTrouble::ReadOnly(why) => (t!("status.read_only"), why),
                    desk::StoreTrouble::Unavailable(why) => (t!("status.no_store"), why),
                };
                ui.label(RichText::new(text).strong().color(ERROR_COLOR))
                    .on_hover_text(format!("{}\n{why}", t!("status.store_hover")));
            }
            if desk.store_opening() {
                ui.separator();
                ui.label(RichText::new(t!("settings.shop_opening")).weak());
            }
            if let Some(wait) = desk.session().and(desk.warehouse_waiting()) {
                // Held back under the warehouse's limit of requests: said, not hidden.
                ui.separator();
                let text = t!("wms.waiting", s = wait.as_secs().max(1));
                ui.label(RichText::new(text).color(egui::Color32::from_rgb(200, 120, 30)));
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs(1));
            }
            ui.separator();
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                let who = match desk.session() {
                    None => t!("status.not_logged_in").to_string(),
                    Some(s) => {
                        let mut who =
                            format!("{}: {} ({})", t!("status.legacy"), s.legacy_user, s.inn);
                        if let Some(c) = &s.current_login {
                            who.push_str(&format!(" · {}: {c}", t!("status.current")));
                        }
                        if let Some(w) = &s.warehouse_login {
                            who.push_str(&format!(" · {}: {w}", t!("status.warehouse")));
                        }
                        who
                    }
                };
                ui.add(egui::Label::new(who).truncate());
            });
        });
    });
    open
}
