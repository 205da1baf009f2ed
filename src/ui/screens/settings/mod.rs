//! The settings screen: demo twin or real service (three URLs, checked before saving),
//! environment, the language, which switches at once, and the label printer.

pub mod limits;
pub mod printer;
pub mod receipt;
pub mod scale;
pub mod sender;
pub mod shop;

use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::frame::screen_id::ScreenId;
use crate::ui::screens::settings::limits::LimitsForm;
use crate::ui::screens::settings::printer::PrinterForm;
use crate::ui::screens::settings::receipt::ReceiptForm;
use crate::ui::screens::settings::scale::ScaleForm;
use crate::ui::screens::settings::sender::SenderForm;
use crate::ui::screens::settings::shop::ShopForm;
use crate::ui::widgets::{Toasts, button_if, choice, environment_text, field};
use api::codes::Language;
use desk::Desk;
use desk::session::settings::{
    ServiceEnvironment, ServiceUrls, Settings, SettingsProblem, valid_url,
};
use desk::task::{Task, take};
use rust_i18n::t;
use std::collections::HashMap;

pub struct SettingsScreen {
    use_service: bool,
    urls: ServiceUrls,
    environment: ServiceEnvironment,
    language: Language,
    errors: HashMap<&'static str, String>,
    printer: PrinterForm,
    limits: LimitsForm,
    shop: ShopForm,
    sender: SenderForm,
    receipt: ReceiptForm,
    scale: ScaleForm,
    saving: Option<Task<Result<(), String>>>,
}

pub fn language_name(l: Language) -> &'static str {
    match l {
        Language::Uz => "Oʻzbekcha",
        Language::Ru => "Русский",
        Language::En => "English",
    }
}

impl SettingsScreen {
    pub fn new(settings: &Settings) -> SettingsScreen {
        SettingsScreen {
            use_service: settings.service.is_some(),
            urls: settings.service.clone().unwrap_or_default(),
            environment: settings.environment,
            language: settings.language,
            errors: HashMap::new(),
            printer: PrinterForm::new(&settings.printing),
            limits: LimitsForm::new(&settings.limits),
            shop: ShopForm::new(&settings.shop),
            sender: SenderForm::new(&settings.sender),
            receipt: ReceiptForm::new(&settings.receipt),
            scale: ScaleForm::new(&settings.scale),
            saving: None,
        }
    }

    pub fn poll(&mut self, toasts: &mut Toasts) {
        match take(&mut self.saving) {
            Some(Ok(Ok(()))) => toasts.info(t!("settings.saved")),
            Some(Ok(Err(e))) => toasts.error(t!("settings.save_failed"), Some(e)),
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
    }

    fn draft(&self, current: &Settings) -> Settings {
        let mut s = current.clone();
        s.service = self.use_service.then(|| ServiceUrls {
            legacy: self.urls.legacy.trim().to_string(),
            current: self.urls.current.trim().to_string(),
            warehouse: self.urls.warehouse.trim().to_string(),
        });
        s.environment = self.environment;
        s.language = self.language;
        s
    }

    /// Returns true when the service changed and the clerk must log in again.
    fn save(&mut self, desk: &mut Desk, toasts: &mut Toasts) -> bool {
        self.errors.clear();
        let mut draft = self.draft(desk.settings());
        // Every part read (each shows its own errors at once), then saved only when all are right.
        let parts = (
            self.printer.settings(),
            self.limits.limits(),
            self.shop.settings(),
            self.sender.profile(desk.directories()),
            self.receipt.settings(),
            self.scale.settings(),
        );
        let (Some(printing), Some(limits), Some(shop), Some(sender), Some(receipt), Some(scale)) =
            parts
        else {
            return false;
        };
        draft.printing = printing;
        draft.limits = limits;
        draft.shop = shop;
        draft.sender = sender;
        draft.receipt = receipt;
        draft.scale = scale;
        if let Some(urls) = &draft.service {
            for problem in urls.problems() {
                let SettingsProblem::BadUrl(name) = problem;
                self.errors.insert(name, t!("settings.bad_url").to_string());
            }
        }
        if !self.errors.is_empty() {
            return false;
        }
        let service_changed = draft.service != desk.settings().service;
        match desk.apply_settings(draft) {
            Ok(task) => {
                self.saving = Some(task);
                if service_changed {
                    toasts.info(t!("settings.relogin"));
                }
                service_changed
            }
            Err(e) => {
                toasts.error(t!("settings.save_failed"), Some(e.to_string()));
                false
            }
        }
    }

    /// Shows the form; true when the session ended because the service changed.
    pub fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk, toasts: &mut Toasts) -> bool {
        // Taller than a small window: the whole form scrolls, Save included.
        egui::ScrollArea::vertical()
            .id_salt("settings-scroll")
            .show(ui, |ui| self.form(ui, desk, toasts))
            .inner
    }

    fn form(&mut self, ui: &mut egui::Ui, desk: &mut Desk, toasts: &mut Toasts) -> bool {
        let mut relogin = false;
        ui.heading(t!("nav.settings"));
        ui.add_space(8.0);
        ui.set_max_width(560.0);
        ui.strong(t!("settings.mode"));
        ui.radio_value(&mut self.use_service, false, t!("settings.mode_demo"));
        ui.radio_value(&mut self.use_service, true, t!("settings.mode_service"));
        if self.use_service {
            ui.add_space(6.0);
            let err = |k: &str| self.errors.get(k).cloned();
            let (e1, e2, e3) = (err("legacy"), err("current"), err("warehouse"));
            field(
                ui,
                &t!("settings.legacy_url"),
                &mut self.urls.legacy,
                e1.as_deref(),
                false,
            );
            field(
                ui,
                &t!("settings.current_url"),
                &mut self.urls.current,
                e2.as_deref(),
                false,
            );
            field(
                ui,
                &t!("settings.warehouse_url"),
                &mut self.urls.warehouse,
                e3.as_deref(),
                false,
            );
            // Allowed, but said: passwords and orders would cross the network in the clear.
            if self.urls.unencrypted() {
                let warn = ui.visuals().warn_fg_color;
                ui.colored_label(warn, t!("settings.unencrypted"));
            }
            // Live hint while typing, before Save.
            for (k, v) in [
                ("legacy", &self.urls.legacy),
                ("current", &self.urls.current),
                ("warehouse", &self.urls.warehouse),
            ] {
                if !v.trim().is_empty() && valid_url(v).is_some() {
                    self.errors.remove(k);
                }
            }
            let environments = [ServiceEnvironment::Production, ServiceEnvironment::Test];
            choice(
                ui,
                &t!("settings.environment"),
                "environment",
                &mut self.environment,
                environments,
                |e| environment_text(e.as_str()),
            );
        }
        ui.add_space(8.0);
        let before = self.language;
        let languages = [Language::Uz, Language::Ru, Language::En];
        choice(
            ui,
            &t!("settings.language"),
            "language",
            &mut self.language,
            languages,
            |l| language_name(*l).to_string(),
        );
        if self.language != before {
            // The language applies on pick and touches nothing else: no Save, no new login.
            rust_i18n::set_locale(self.language.as_str());
            self.saving = Some(desk.set_language(self.language));
        }
        ui.add_space(12.0);
        self.printer.show(ui, desk);
        ui.add_space(12.0);
        self.limits.show(ui);
        ui.add_space(12.0);
        self.shop.show(ui);
        ui.add_space(12.0);
        self.sender.show(ui, desk.directories());
        ui.add_space(12.0);
        self.receipt.show(ui);
        ui.add_space(12.0);
        self.scale.show(ui, desk);
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            if button_if(ui, self.saving.is_none(), t!("settings.save")) {
                relogin = self.save(desk, toasts);
            }
            if self.saving.is_some() {
                ui.spinner();
            }
        });
        relogin
    }
}

impl Screen for SettingsScreen {
    fn poll(&mut self, cx: &mut Cx) {
        SettingsScreen::poll(self, cx.toasts);
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        if let Some(aside) = cx.desk.settings_set_aside() {
            // Why the desk opened here, and where the old file is.
            let kept = aside
                .kept_as
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_else(|| "—".into());
            let said = t!("settings.unreadable", path = kept);
            let said = egui::RichText::new(said).color(crate::ui::widgets::ERROR_COLOR);
            ui.add(egui::Label::new(said).wrap()).on_hover_text(format!(
                "{}: {}",
                t!("error.details"),
                aside.why
            ));
            ui.add_space(6.0);
        }
        let language = cx.desk.settings().language;
        if self.show(ui, cx.desk, cx.toasts) {
            // Another service: another session, other orders.
            cx.emit(AppEvent::SessionEnded);
        }
        if cx.desk.settings().language != language {
            cx.emit(AppEvent::LanguageChanged);
        }
        if cx.desk.session().is_none() {
            ui.add_space(12.0);
            if ui.link(t!("login.title")).clicked() {
                cx.emit(AppEvent::Go(ScreenId::NewOrder));
            }
        }
    }

    fn is_busy(&self) -> bool {
        self.saving.is_some()
    }
}
