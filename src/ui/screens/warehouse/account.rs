//! The warehouse account at the head of the warehouse screens: a login of its own when the
//! warehouse session is not open (tax number or phone, password of at least six characters; the
//! order session stays as it is), else who is logged in, from the account's own details.

use crate::ui::frame::cx::Cx;
use crate::ui::widgets::errors::told_desk;
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, entered, inline_field, inline_secret};
use api::warehouse::AboutMe;
use desk::DeskError;
use desk::task::{Task, ready};
use egui::RichText;
use rust_i18n::t;

#[derive(Default)]
pub struct Account {
    pub login: String,
    pub password: String,
    logging_in: Option<Task<Result<Option<AboutMe>, DeskError>>>,
    reading: Option<Task<Result<AboutMe, DeskError>>>,
    /// The account's details were asked for once this session (asked again only by the clerk,
    /// never each frame: every request counts against the warehouse's limit).
    asked: bool,
    error: Option<Words>,
}

impl Account {
    /// Whether the warehouse can be asked (its session is open).
    pub fn open(cx: &Cx) -> bool {
        cx.desk.warehouse_logged_in()
    }

    pub fn is_busy(&self) -> bool {
        self.logging_in.is_some() || self.reading.is_some()
    }

    /// Picks up a login or the account's details; true when the session has just opened.
    pub fn poll(&mut self, cx: &mut Cx) -> bool {
        let mut opened = false;
        match ready(&mut self.logging_in) {
            Some(Ok(me)) => {
                // Without the details the account line offers to read them again.
                self.asked = me.is_none();
                cx.desk.note_warehouse_login(&self.login, me);
                self.password.clear();
                self.error = None;
                opened = true;
            }
            Some(Err(e)) => self.error = Some(told_desk(&e)),
            None => {}
        }
        match ready(&mut self.reading) {
            Some(Ok(me)) => cx.desk.note_warehouse_account(me),
            Some(Err(e)) => self.error = Some(told_desk(&e)),
            None => {}
        }
        opened
    }

    /// The head of a warehouse screen: the account, or its login.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        let account = cx.desk.session().and_then(|s| s.warehouse_account.clone());
        if Self::open(cx) {
            match account {
                Some(me) => {
                    let email = me.email.unwrap_or_default();
                    let who = t!("wms.account", name = me.username, email = email, id = me.id);
                    ui.label(RichText::new(who).weak());
                }
                None if !self.asked => {
                    self.asked = true;
                    self.reading = Some(cx.desk.warehouse_about_me());
                }
                None => {
                    if ui.button(t!("wms.about_again")).clicked() && self.reading.is_none() {
                        self.error = None;
                        self.reading = Some(cx.desk.warehouse_about_me());
                    }
                }
            }
            if let Some(e) = &self.error {
                ui.label(RichText::new(e).color(ERROR_COLOR));
            }
            return;
        }
        ui.label(t!("wms.login_needed"));
        let mut go = false;
        ui.horizontal_wrapped(|ui| {
            let r = inline_field(ui, &t!("wms.login"), &mut self.login, "wms-login", 160.0);
            go |= entered(ui, &r);
            let at = ("wms-password", 140.0);
            let r = inline_secret(ui, &t!("wms.password"), &mut self.password, at, false);
            go |= entered(ui, &r);
            let idle = self.logging_in.is_none();
            go |= ui
                .add_enabled(idle, egui::Button::new(t!("wms.log_in")))
                .clicked();
            if !idle {
                ui.spinner();
            }
        });
        if go && self.logging_in.is_none() {
            if self.login.trim().is_empty() {
                self.error = Some(crate::words!("wms.login_required"));
            } else if self.password.chars().count() < 6 {
                self.error = Some(crate::words!("wms.password_short"));
            } else {
                self.error = None;
                let (login, password) = (self.login.clone(), self.password.clone());
                self.logging_in = Some(cx.desk.warehouse_login(login, password));
            }
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
    }
}
