//! The login screen: company account (legacy interface, required), the current interface (same
//! credentials or its own), and the warehouse (optional). Enter submits; errors land under the
//! field they concern; the form keeps what was typed.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::frame::screen_id::ScreenId;
use crate::ui::widgets::errors::{tell, told};
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{Form, Toasts};
use api::ApiError;
use desk::task::{Task, take};
use desk::{Credentials, Desk, LoginOutcome};
use egui::RichText;
use rust_i18n::t;
use std::collections::HashMap;

pub struct LoginScreen {
    creds: Credentials,
    same_as_above: bool,
    /// What is wrong with each field, said in the language of the moment.
    errors: HashMap<&'static str, Words>,
    pending: Option<Task<LoginOutcome>>,
    recall: Option<Task<Credentials>>,
    focus_first: bool,
}

impl LoginScreen {
    pub fn new(desk: &Desk) -> LoginScreen {
        let creds = desk.login_prefill();
        let same_as_above = creds.current_login.is_empty() || creds.current_login == creds.username;
        let recall = creds.remember.then(|| desk.recall_passwords(creds.clone()));
        LoginScreen {
            creds,
            same_as_above,
            errors: HashMap::new(),
            pending: None,
            recall,
            focus_first: true,
        }
    }

    pub fn is_waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// Picks up background results; `Some` once the login succeeded.
    pub fn poll(&mut self, toasts: &mut Toasts) -> Option<LoginOutcome> {
        if let Some(Ok(c)) = take(&mut self.recall) {
            self.creds = c;
        }
        match take(&mut self.pending)? {
            Err(_) => {
                toasts.error(t!("error.lost"), None);
                None
            }
            Ok(outcome) if outcome.succeeded() => Some(outcome),
            Ok(outcome) => {
                self.place_errors(&outcome, toasts);
                None
            }
        }
    }

    fn place_errors(&mut self, outcome: &LoginOutcome, toasts: &mut Toasts) {
        self.errors.clear();
        let general = |err: &ApiError, toasts: &mut Toasts| {
            let told = tell(err);
            toasts.error(told.message, told.details);
        };
        if let Err(e) = &outcome.legacy {
            match e {
                ApiError::Unauthorized { .. } => {
                    self.errors.insert("password", told(e));
                }
                ApiError::Validation { fields, .. } if !fields.is_empty() => {
                    for (name, key) in [
                        ("username", "username"),
                        ("password", "password"),
                        ("inn", "inn"),
                    ] {
                        if let Some(m) = fields.get(name) {
                            self.errors.insert(key, Words::said(m.join(" ")));
                        }
                    }
                }
                other => general(other, toasts),
            }
        }
        if let Some(Err(e)) = &outcome.current {
            let message = told(e);
            if matches!(
                e,
                ApiError::Unauthorized { .. } | ApiError::Validation { .. }
            ) {
                if self.same_as_above {
                    let said = Words::new(move || {
                        t!("login.current_prefix", message = message.text()).to_string()
                    });
                    self.errors.insert("password", said);
                } else {
                    self.errors.insert("current_password", message);
                }
            } else {
                general(e, toasts);
            }
        }
        if let Some(Err(e)) = &outcome.warehouse {
            if matches!(
                e,
                ApiError::Unauthorized { .. } | ApiError::Validation { .. }
            ) {
                self.errors.insert("warehouse_password", told(e));
            } else {
                general(e, toasts);
            }
        }
    }

    fn submit(&mut self, desk: &Desk) {
        self.errors.clear();
        let required = crate::words!("login.required");
        for (key, value) in [
            ("username", &self.creds.username),
            ("password", &self.creds.password),
            ("inn", &self.creds.inn),
        ] {
            if value.trim().is_empty() {
                self.errors.insert(key, required.clone());
            }
        }
        if !self.same_as_above
            && !self.creds.current_login.trim().is_empty()
            && self.creds.current_password.is_empty()
        {
            self.errors.insert("current_password", required.clone());
        }
        if !self.creds.warehouse_login.trim().is_empty() && self.creds.warehouse_password.is_empty()
        {
            self.errors.insert("warehouse_password", required);
        }
        if !self.errors.is_empty() {
            return;
        }
        let mut creds = self.creds.clone();
        if self.same_as_above {
            creds.current_login = creds.username.clone();
            creds.current_password = creds.password.clone();
        }
        self.pending = Some(desk.login(creds));
    }

    /// The three services' credentials, top to bottom; their responses, to submit on Enter.
    fn credential_fields(&mut self, ui: &mut egui::Ui) -> Vec<egui::Response> {
        // Said in the language of the moment.
        let errors: HashMap<&'static str, String> =
            self.errors.iter().map(|(k, w)| (*k, w.text())).collect();
        let form = Form::new(&errors);
        let c = &mut self.creds;
        ui.strong(t!("login.section_orders"));
        ui.add_space(6.0);
        let first = form.text(ui, &t!("login.username"), &mut c.username, "username");
        if std::mem::take(&mut self.focus_first) {
            first.request_focus();
        }
        let mut responses = vec![first];
        responses.push(form.secret(ui, &t!("login.password"), &mut c.password, "password"));
        responses.push(form.text(ui, &t!("login.inn"), &mut c.inn, "inn"));
        ui.checkbox(&mut self.same_as_above, t!("login.same_as_above"));
        if !self.same_as_above {
            let (login, password) = (&mut c.current_login, &mut c.current_password);
            responses.push(form.text(ui, &t!("login.current_login"), login, "current_login"));
            let said = t!("login.current_password");
            responses.push(form.secret(ui, &said, password, "current_password"));
        }
        egui::CollapsingHeader::new(t!("login.warehouse"))
            .id_salt("warehouse-login")
            .default_open(!c.warehouse_login.is_empty())
            .show(ui, |ui| {
                let (login, password) = (&mut c.warehouse_login, &mut c.warehouse_password);
                let said = t!("login.warehouse_login");
                responses.push(form.text(ui, &said, login, "warehouse_login"));
                let said = t!("login.warehouse_password");
                responses.push(form.secret(ui, &said, password, "warehouse_password"));
            });
        responses
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        ui.vertical_centered(|ui| {
            ui.add_space(24.0);
            ui.set_max_width(420.0);
            ui.heading(t!("app.title"));
            if desk.is_demo() {
                sandbox_badge(ui);
            }
            ui.add_space(12.0);
        });
        // While the clients for another service are built, nothing can be logged in to yet.
        let waiting = self.pending.is_some() || desk.is_connecting();
        let mut submit = false;
        ui.vertical_centered(|ui| {
            ui.set_max_width(420.0);
            egui::Frame::group(ui.style())
                .inner_margin(16.0)
                .show(ui, |ui| {
                    ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                        ui.add_enabled_ui(!waiting, |ui| {
                            let responses = self.credential_fields(ui);
                            ui.checkbox(&mut self.creds.remember, t!("login.remember"));
                            // Enter submits from any field, and also when nothing has focus yet.
                            let nothing_focused = ui.memory(|m| m.focused().is_none());
                            let entered = (nothing_focused
                                || responses.iter().any(|r| r.lost_focus()))
                                && ui.input(|i| i.key_pressed(egui::Key::Enter));
                            ui.add_space(8.0);
                            ui.horizontal(|ui| {
                                if ui.button(t!("login.submit")).clicked() || entered {
                                    submit = true;
                                }
                                if desk.is_connecting() {
                                    ui.spinner();
                                    ui.label(t!("status.connecting"));
                                } else if waiting {
                                    ui.spinner();
                                    ui.label(t!("login.waiting"));
                                }
                            });
                        });
                        if desk.is_demo() && !waiting {
                            ui.add_space(6.0);
                            ui.label(RichText::new(t!("login.demo_hint")).weak());
                        }
                    });
                });
        });
        if submit && !waiting {
            self.submit(desk);
        }
    }
}

pub fn sandbox_badge(ui: &mut egui::Ui) {
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(255, 196, 0))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(8, 3))
        .show(ui, |ui| {
            ui.label(
                RichText::new(t!("app.sandbox_badge"))
                    .color(egui::Color32::BLACK)
                    .strong(),
            );
        });
}

impl Screen for LoginScreen {
    fn poll(&mut self, cx: &mut Cx) {
        if cx.desk.session().is_none()
            && let Some(outcome) = LoginScreen::poll(self, cx.toasts)
        {
            cx.emit(AppEvent::LoggedIn(Box::new(outcome)));
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.show(ui, cx.desk);
        ui.add_space(8.0);
        ui.vertical_centered(|ui| {
            if ui.link(t!("nav.settings")).clicked() {
                cx.emit(AppEvent::Go(ScreenId::Settings));
            }
        });
    }

    fn is_busy(&self) -> bool {
        self.is_waiting()
    }
}
