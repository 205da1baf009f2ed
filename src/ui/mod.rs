//! The egui front: the window frame (navigation rail, status bar, toasts) and one file per
//! screen. Screens read the desk's state and start its tasks; they never wait on I/O.

pub mod commands;
pub mod directories;
pub mod errors;
pub mod fonts;
pub mod login;
pub mod settings;
pub mod widgets;

use crate::desk::settings::ServiceEnvironment;
use crate::desk::{Desk, Environment, Reach};
use commands::Command;
use egui::RichText;
use rust_i18n::t;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Directories,
    Settings,
}

pub struct DeskApp {
    pub desk: Desk,
    screen: Screen,
    login: login::LoginScreen,
    directories: directories::DirectoryScreen,
    settings: settings::SettingsScreen,
    pub toasts: widgets::Toasts,
    repaint_wired: bool,
}

/// Sets up a context for the desk: fonts and the language from the settings.
pub fn setup_context(ctx: &egui::Context, desk: &Desk) {
    fonts::install(ctx);
    rust_i18n::set_locale(desk.settings.language.as_str());
}

impl DeskApp {
    pub fn new(desk: Desk) -> DeskApp {
        DeskApp {
            login: login::LoginScreen::new(&desk),
            settings: settings::SettingsScreen::new(&desk.settings),
            directories: directories::DirectoryScreen::default(),
            screen: Screen::Directories,
            toasts: widgets::Toasts::default(),
            desk,
            repaint_wired: false,
        }
    }

    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// True while any background work of the visible screens is under way.
    pub fn is_busy(&self) -> bool {
        self.login.is_waiting() || self.directories.is_loading()
    }

    /// Runs before each frame: picks up the results of background work.
    pub fn logic(&mut self, ctx: &egui::Context) {
        if !self.repaint_wired {
            let c = ctx.clone();
            self.desk.set_repaint(move || c.request_repaint());
            self.repaint_wired = true;
        }
        if self.desk.session.is_none() {
            if let Some(outcome) = self.login.poll(&mut self.toasts) {
                self.desk.open_session(&outcome);
                self.directories.reset();
                self.screen = Screen::Directories;
            }
        } else {
            self.directories.poll(&mut self.desk, &mut self.toasts);
        }
        self.settings.poll(&mut self.toasts);
    }

    fn run(&mut self, cmd: Command) {
        let logged_in = self.desk.session.is_some();
        match cmd {
            Command::Directories if logged_in => self.screen = Screen::Directories,
            Command::Settings => self.screen = Screen::Settings,
            Command::Refresh if logged_in && self.screen == Screen::Directories => {
                self.directories.refresh(&self.desk)
            }
            Command::Logout if logged_in => {
                self.desk.logout();
                self.login = login::LoginScreen::new(&self.desk);
                self.screen = Screen::Directories;
            }
            _ => {}
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if let Some(cmd) = Command::pressed(&ctx) {
            self.run(cmd);
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        let logged_in = self.desk.session.is_some();
        if logged_in {
            egui::Panel::left("nav")
                .resizable(false)
                .exact_size(230.0)
                .show(ui, |ui| self.nav(ui));
        }
        egui::CentralPanel::default().show(ui, |ui| {
            match (logged_in, self.screen) {
                (_, Screen::Settings) => {
                    if self.settings.show(ui, &mut self.desk, &mut self.toasts) {
                        self.login = login::LoginScreen::new(&self.desk);
                        self.directories.reset();
                        self.screen = Screen::Directories;
                    }
                }
                (false, _) => {
                    self.login.show(ui, &self.desk);
                    ui.add_space(8.0);
                    ui.vertical_centered(|ui| {
                        if ui.link(t!("nav.settings")).clicked() {
                            self.screen = Screen::Settings;
                        }
                    });
                }
                (true, Screen::Directories) => self.directories.show(ui, &self.desk),
            }
            if !logged_in && self.screen == Screen::Settings {
                ui.add_space(12.0);
                if ui.link(t!("login.title")).clicked() {
                    self.screen = Screen::Directories;
                }
            }
        });
        self.toasts.show(&ctx);
    }

    fn nav(&mut self, ui: &mut egui::Ui) {
        ui.add_space(8.0);
        ui.heading(t!("app.title"));
        ui.add_space(8.0);
        let ctx = ui.ctx().clone();
        for (cmd, screen) in [
            (Command::Directories, Some(Screen::Directories)),
            (Command::Settings, Some(Screen::Settings)),
            (Command::Logout, None),
        ] {
            let selected = screen == Some(self.screen);
            let button = egui::Button::selectable(selected, cmd.label())
                .shortcut_text(RichText::new(cmd.shortcut_text(&ctx)).weak());
            if ui.add_sized([ui.available_width(), 28.0], button).clicked() {
                self.run(cmd);
            }
        }
    }

    fn status_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            match self.desk.environment() {
                Environment::Sandbox => login::sandbox_badge(ui),
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
            ui.separator();
            match &self.desk.session {
                None => {
                    ui.label(t!("status.not_logged_in"));
                }
                Some(s) => {
                    ui.label(format!(
                        "{}: {} ({})",
                        t!("status.legacy"),
                        s.legacy_user,
                        s.inn
                    ));
                    if let Some(c) = &s.current_login {
                        ui.label(format!("· {}: {c}", t!("status.current")));
                    }
                    if let Some(w) = &s.warehouse_login {
                        ui.label(format!("· {}: {w}", t!("status.warehouse")));
                    }
                }
            }
            ui.separator();
            let (text, color) = match self.desk.reach.get() {
                Reach::Online => (t!("status.online"), egui::Color32::from_rgb(30, 130, 60)),
                Reach::Offline => (t!("status.offline"), widgets::ERROR_COLOR),
                Reach::Unknown => (t!("status.unchecked"), ui.visuals().weak_text_color()),
            };
            ui.label(RichText::new(format!("● {text}")).color(color));
        });
    }
}

impl eframe::App for DeskApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        DeskApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
