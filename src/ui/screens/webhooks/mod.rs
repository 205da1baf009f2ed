//! Live status for the integrator: registering an address for the service's notifications (on
//! either route), this desk's own receiver and background readings (settings and what they are
//! doing), and the delivery log: every notification with its verdict, its headers and raw body,
//! replayed on demand; in demo mode a test notification through the twin.

use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::confirm::{Question, ask};
use crate::ui::widgets::errors::told_desk;
use crate::ui::widgets::errors::{tell, tell_desk};
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{
    ERROR_COLOR, Form, button_if, choice, environment_text, inline_field, inline_secret,
    status::when,
};
use api::codes::Environment;
use api::webhook::{WebhookConfig, WebhookConfigRequest};
use deliveries::verdict_text;
use desk::DeskError;
use desk::international::customs::url_ok;
use desk::live::Route;
use desk::session::settings::LiveSettings;
use desk::task::{Task, any_running, ready};
use store::{NotificationRow, Verdict};

use egui::RichText;
use rust_i18n::t;
use std::collections::BTreeMap;

/// The longest partner key the service takes.
const KEY_MAX: usize = 512;

pub struct WebhooksScreen {
    route: Route,
    pub address: String,
    has_token: bool,
    environment: Environment,
    pub key: String,
    show_key: bool,
    registering: Option<Task<Result<WebhookConfig, DeskError>>>,
    pub registered: Option<WebhookConfig>,
    /// A registration that would take the notifications away from this desk's receiver,
    /// waiting for the clerk's yes.
    moving: Option<WebhookConfigRequest>,
    errors: BTreeMap<String, String>,
    /// The receiver and readings as the clerk edits them (applied with a button).
    live: Option<LiveSettings>,
    poll_text: String,
    port_text: String,
    saving: Option<Task<Result<(), String>>>,
    live_error: Option<Words>,
    pub log: Vec<NotificationRow>,
    loading: Option<Task<Result<Vec<NotificationRow>, DeskError>>>,
    open: Option<i64>,
    replaying: Option<Task<Result<Verdict, DeskError>>>,
    test_order: String,
    testing: Option<Task<Result<(), DeskError>>>,
    pub message: Option<Words>,
}

impl Default for WebhooksScreen {
    fn default() -> Self {
        WebhooksScreen {
            route: Route::Current,
            address: String::new(),
            has_token: false,
            environment: Environment::Test,
            key: String::new(),
            show_key: false,
            registering: None,
            registered: None,
            moving: None,
            errors: BTreeMap::new(),
            live: None,
            poll_text: String::new(),
            port_text: String::new(),
            saving: None,
            live_error: None,
            log: Vec::new(),
            loading: None,
            open: None,
            replaying: None,
            test_order: String::new(),
            testing: None,
            message: None,
        }
    }
}

mod deliveries;

impl WebhooksScreen {
    fn reload(&mut self, cx: &mut Cx) {
        if self.loading.is_none() {
            self.loading = cx.desk.delivery_log();
        }
    }

    fn register(&mut self, cx: &mut Cx) {
        self.errors.clear();
        if !url_ok(&self.address) {
            self.errors
                .insert("webhook_url".into(), t!("parcel.bad_url").to_string());
        }
        if self.key.chars().count() > KEY_MAX {
            let long = t!("order.too_long", n = KEY_MAX).to_string();
            self.errors.insert("partner-apiKey".into(), long);
        }
        if !self.errors.is_empty() {
            return;
        }
        let key = self.key.trim();
        let request = WebhookConfigRequest {
            webhook_url: self.address.trim().to_string(),
            has_token: self.has_token,
            environment: Some(self.environment),
            partner_api_key: (!key.is_empty()).then(|| key.to_string()),
        };
        // The service sends to one address: another one takes them from this desk's receiver.
        if cx.desk.receiver_url().is_some_and(|here| {
            here.trim_end_matches('/') != request.webhook_url.trim_end_matches('/')
        }) {
            self.moving = Some(request);
            return;
        }
        self.send(cx, request);
    }

    fn send(&mut self, cx: &mut Cx, request: WebhookConfigRequest) {
        self.registered = None;
        self.registering = Some(cx.desk.register_webhook(self.route, request));
    }

    /// Registers this desk's own receiver again, so its live status comes back.
    fn back_here(&mut self, cx: &mut Cx) {
        if let Some(url) = cx.desk.receiver_url() {
            self.address = url;
            self.key = cx.desk.receiver_key().unwrap_or_default();
            self.route = Route::Current;
            self.register(cx);
        }
    }

    /// The question before notifications leave this desk: where they will go, what the desk
    /// then knows of statuses, and how to bring them back.
    fn ask_moving(&mut self, ui: &egui::Ui, cx: &mut Cx) {
        let Some(request) = &self.moving else {
            return;
        };
        let every = cx.desk.settings().live.poll_seconds;
        let readings = if every == 0 {
            t!("hooks.move_no_readings").to_string()
        } else {
            t!("hooks.move_readings", n = every).to_string()
        };
        let q = Question {
            id: "move notifications",
            title: t!("hooks.move_title").to_string(),
            lines: vec![
                t!("hooks.move_where", url = request.webhook_url.clone()).to_string(),
                readings,
                t!("hooks.move_back").to_string(),
            ],
            yes: t!("hooks.move_yes").to_string(),
            no: t!("hooks.move_no").to_string(),
        };
        match ask(ui.ctx(), q) {
            Some(true) => {
                if let Some(request) = self.moving.take() {
                    self.send(cx, request);
                }
            }
            Some(false) => self.moving = None,
            None => {}
        }
    }

    fn registration(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(t!("hooks.register"));
        let errors = self.errors.clone();
        let form = Form::new(&errors);
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut self.route, Route::Current, t!("hooks.route_current"));
            ui.radio_value(&mut self.route, Route::Legacy, t!("hooks.route_legacy"));
        });
        form.text(ui, &t!("hooks.address"), &mut self.address, "webhook_url");
        if let Some(url) = cx.desk.receiver_url()
            && ui.button(t!("hooks.use_receiver")).clicked()
        {
            // Its address and the key it expects: registered so, its notifications are taken.
            self.address = url;
            self.key = cx.desk.receiver_key().unwrap_or_default();
            self.errors.clear();
        }
        ui.checkbox(&mut self.has_token, t!("hooks.has_token"));
        let envs = [Environment::Test, Environment::Production];
        choice(
            ui,
            &t!("hooks.environment"),
            "hook-environment",
            &mut self.environment,
            envs,
            |e| environment_text(e.as_str()),
        );
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.set_max_width(420.0);
                if self.show_key {
                    form.text(ui, &t!("hooks.key"), &mut self.key, "partner-apiKey");
                } else {
                    form.secret(ui, &t!("hooks.key"), &mut self.key, "partner-apiKey");
                }
            });
            ui.checkbox(&mut self.show_key, t!("hooks.show"));
        });
        ui.horizontal(|ui| {
            let idle = self.registering.is_none();
            if button_if(ui, idle, t!("hooks.register_button")) {
                self.register(cx);
            }
            if !idle {
                ui.spinner();
            }
        });
        if let Some(e) = errors.get("") {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        if let Some(r) = &self.registered {
            let flags = format!(
                "{} · {} · {} · {}",
                r.method,
                r.date,
                environment_text(r.environment.as_str()),
                if r.has_token {
                    t!("hooks.with_token")
                } else {
                    t!("hooks.without_token")
                }
            );
            ui.label(RichText::new(t!("hooks.registered", url = r.webhook_url)).strong());
            ui.label(flags);
        }
    }

    fn receiver(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(t!("hooks.receiver"));
        let mut back = false;
        let demo = cx.desk.is_demo();
        if demo {
            ui.label(RichText::new(t!("hooks.demo_receiver")).weak());
        }
        let live = self
            .live
            .get_or_insert_with(|| cx.desk.settings().live.clone());
        if self.port_text.is_empty() {
            self.port_text = live.port.to_string();
            self.poll_text = live.poll_seconds.to_string();
        }
        let mut on = live.receiver_on(demo);
        if ui.checkbox(&mut on, t!("hooks.receiver_on")).changed() {
            live.receiver = Some(on);
        }
        ui.horizontal_wrapped(|ui| {
            inline_field(ui, &t!("hooks.bind"), &mut live.bind, "hook-bind", 140.0);
            inline_field(
                ui,
                &t!("hooks.port"),
                &mut self.port_text,
                "hook-port",
                70.0,
            );
        });
        ui.horizontal_wrapped(|ui| {
            let label = t!("hooks.expected_key");
            let at = ("hook-expected-key", 220.0);
            inline_secret(ui, &label, &mut live.key, at, self.show_key);
            let label = t!("hooks.expected_token");
            let at = ("hook-expected-token", 220.0);
            inline_secret(ui, &label, &mut live.token, at, self.show_key);
        });
        inline_field(
            ui,
            &t!("hooks.poll_seconds"),
            &mut self.poll_text,
            "hook-poll",
            70.0,
        );
        ui.horizontal(|ui| {
            let idle = self.saving.is_none();
            if button_if(ui, idle, t!("hooks.apply")) {
                let port = self.port_text.trim().parse::<u16>();
                let poll = self.poll_text.trim().parse::<u32>();
                match (port, poll) {
                    (Ok(port), Ok(poll)) => {
                        let mut settings = live.clone();
                        settings.port = port;
                        settings.poll_seconds = poll;
                        self.live_error = None;
                        self.saving = Some(cx.desk.set_live_settings(settings));
                    }
                    // Said with the field it is about.
                    (Err(_), _) => self.live_error = Some(crate::words!("hooks.bad_port")),
                    (_, Err(_)) => self.live_error = Some(crate::words!("hooks.bad_poll")),
                }
            }
        });
        match cx.desk.live() {
            Some(l) => {
                match (cx.desk.receiver_url(), &l.receiver_error) {
                    (Some(url), _) => {
                        ui.label(t!("hooks.listening", url = url));
                        if let Some(there) = cx.desk.notifications_elsewhere() {
                            let said = t!("hooks.elsewhere", url = there);
                            ui.label(RichText::new(said).color(ERROR_COLOR));
                            let idle = self.registering.is_none();
                            if button_if(ui, idle, t!("hooks.back_here")) {
                                back = true;
                            }
                        }
                    }
                    (None, Some(problem)) => {
                        use desk::live::ReceiverProblem as P;
                        let why = match problem {
                            P::NoKey => t!("hooks.key_needed").to_string(),
                            P::Address(a) => t!("hooks.bad_bind", addr = a).to_string(),
                            P::Listen { addr, detail } => {
                                t!("hooks.cannot_listen", addr = addr, detail = detail).to_string()
                            }
                            P::Register(e) => {
                                t!("hooks.not_registered", why = tell(e).message).to_string()
                            }
                        };
                        let said = t!("hooks.not_listening", why = why);
                        ui.label(RichText::new(said).color(ERROR_COLOR));
                    }
                    (None, None) => {
                        ui.label(t!("hooks.receiver_off"));
                    }
                }
                let p = l.poll.lock().map(|p| p.clone()).unwrap_or_default();
                if p.every_seconds == 0 {
                    ui.label(t!("hooks.poll_off"));
                } else {
                    let next = p.next_at.map(when).unwrap_or_default();
                    ui.label(t!(
                        "hooks.poll_state",
                        read = p.read,
                        open = p.open,
                        every = p.every_seconds,
                        next = next
                    ));
                }
                if let Some(problem) = p.last_error {
                    let e = match problem {
                        desk::live::PollProblem::Service(api) => tell(&api).message,
                        desk::live::PollProblem::Database(detail) => {
                            t!("hooks.poll_db", detail = detail).to_string()
                        }
                    };
                    ui.label(RichText::new(t!("hooks.poll_failed", why = e)).color(ERROR_COLOR));
                }
            }
            None => {
                ui.label(t!("hooks.no_session"));
            }
        }
        if let Some(e) = &self.live_error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        if back {
            self.back_here(cx);
        }
    }
}

impl Screen for WebhooksScreen {
    fn entered(&mut self, cx: &mut Cx) {
        if self.address.is_empty()
            && let Some(url) = cx.desk.receiver_url()
        {
            self.address = url;
        }
        self.reload(cx);
    }

    fn poll(&mut self, cx: &mut Cx) {
        match ready(&mut self.registering) {
            Some(Ok(r)) => {
                cx.desk.note_registered(r.clone());
                self.registered = Some(r);
            }
            Some(Err(DeskError::Service(api::ApiError::Validation { message, fields }))) => {
                for (k, v) in fields {
                    self.errors.insert(k, v.join(" "));
                }
                if let Some(m) = message {
                    self.errors.insert(String::new(), m);
                }
            }
            Some(Err(e)) => {
                let said = match &e {
                    DeskError::Service(api) => tell(api).message,
                    other => tell_desk(other).message,
                };
                self.errors.insert(String::new(), said);
            }
            None => {}
        }
        match ready(&mut self.saving) {
            Some(Ok(())) => self.live = None,
            Some(Err(e)) => self.live_error = Some(Words::said(e)),
            None => {}
        }
        match ready(&mut self.loading) {
            Some(Ok(rows)) => self.log = rows,
            Some(Err(e)) => self.message = Some(told_desk(&e)),
            None => {}
        }
        match ready(&mut self.replaying) {
            Some(Ok(v)) => {
                self.message = Some(crate::words!("hooks.replayed", verdict = verdict_text(v)));
                self.reload(cx);
            }
            Some(Err(e)) => self.message = Some(told_desk(&e)),
            None => {}
        }
        match ready(&mut self.testing) {
            Some(Ok(())) => self.message = Some(crate::words!("hooks.test_sent")),
            // The twin's own words are for the details: the clerk reads why in theirs.
            Some(Err(DeskError::Service(api::ApiError::Rejected { message, .. }))) => {
                cx.toasts.error(t!("hooks.test_refused"), Some(message));
            }
            Some(Err(e)) => self.message = Some(told_desk(&e)),
            None => {}
        }
    }

    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        match event {
            AppEvent::OrderMoved(_) => self.reload(cx),
            AppEvent::SessionEnded => {
                self.log.clear();
                self.open = None;
            }
            _ => {}
        }
    }

    /// Ctrl+Enter registers the address, as the button does.
    fn command(&mut self, command: Command, cx: &mut Cx) -> bool {
        if command == Command::Send && self.registering.is_none() {
            self.register(cx);
            return true;
        }
        false
    }

    fn is_busy(&self) -> bool {
        any_running(&[
            &self.registering,
            &self.loading,
            &self.replaying,
            &self.testing,
        ]) || self.saving.is_some()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        egui::ScrollArea::vertical()
            .id_salt("webhooks-screen")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.set_max_width(ui.available_width().min(1000.0));
                self.registration(ui, cx);
                self.ask_moving(ui, cx);
                ui.separator();
                self.receiver(ui, cx);
                ui.separator();
                self.deliveries(ui, cx);
                if let Some(m) = &self.message {
                    ui.label(RichText::new(m).strong());
                }
            });
    }
}
