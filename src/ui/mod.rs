//! The egui front: the window frame (navigation rail, status bar, toasts) and one file per
//! screen. Screens read the desk's state and start its tasks; they never wait on I/O.

pub mod calculator;
pub mod commands;
pub mod confirm;
pub mod detail_record;
pub mod directories;
pub mod errors;
pub mod exact_places;
pub mod fonts;
pub mod goods;
pub mod item_lines;
pub mod label_panel;
pub mod limits_form;
pub mod login;
pub mod order_detail;
pub mod order_form;
pub mod orders;
pub mod period;
mod pickers;
pub mod price_box;
pub mod printer_settings;
pub mod scanner;
pub mod settings;
pub mod unsent;
pub mod widgets;

use crate::desk::settings::ServiceEnvironment;
use crate::desk::{Desk, Environment, Reach};
use commands::Command;
use egui::RichText;
use rust_i18n::t;

/// A barcode being looked up, journal first, then the service.
type FindTask = crate::desk::task::Task<Result<Option<i64>, crate::api::ApiError>>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    NewOrder,
    EditOrder,
    Calculator,
    Orders,
    OrderDetail,
    Directories,
    Goods,
    Unsent,
    Settings,
}

pub struct DeskApp {
    pub desk: Desk,
    screen: Screen,
    login: login::LoginScreen,
    directories: directories::DirectoryScreen,
    settings: settings::SettingsScreen,
    orders: Option<orders::OrdersScreen>,
    order_form: Option<order_form::OrderForm>,
    /// Editing an existing order, apart from the new-order form so neither loses what was typed.
    edit_form: Option<order_form::OrderForm>,
    detail: Option<order_detail::OrderDetail>,
    calculator: calculator::Calculator,
    goods: goods::GoodsBook,
    unsent: unsent::UnsentScreen,
    pub toasts: widgets::Toasts,
    repaint_wired: bool,
    scanner: scanner::Scanner,
    finding: Option<(String, FindTask)>,
    /// The language the directories on screen were read in.
    language_seen: crate::api::codes::Language,
}

/// A catalog text in the current language (for callers outside the UI code, such as tests).
pub fn tr(key: &str) -> String {
    t!(key).to_string()
}

/// Sets up a context for the desk: fonts and the language from the settings.
pub fn setup_context(ctx: &egui::Context, desk: &Desk) {
    fonts::install(ctx);
    rust_i18n::set_locale(desk.settings.language.as_str());
}

impl DeskApp {
    pub fn new(desk: Desk) -> DeskApp {
        let language_seen = desk.settings.language;
        DeskApp {
            login: login::LoginScreen::new(&desk),
            settings: settings::SettingsScreen::new(&desk.settings),
            directories: directories::DirectoryScreen::default(),
            orders: None,
            order_form: None,
            edit_form: None,
            detail: None,
            calculator: calculator::Calculator::default(),
            goods: goods::GoodsBook::default(),
            unsent: unsent::UnsentScreen::default(),
            screen: Screen::NewOrder,
            toasts: widgets::Toasts::default(),
            desk,
            repaint_wired: false,
            scanner: scanner::Scanner::default(),
            finding: None,
            language_seen,
        }
    }

    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// True while any background work of the visible screens is under way.
    pub fn is_busy(&self) -> bool {
        self.login.is_waiting()
            || self.directories.is_loading()
            || self.orders.as_ref().is_some_and(|o| o.is_busy())
            || self.order_form.as_ref().is_some_and(|f| f.is_busy())
            || self.detail.as_ref().is_some_and(|d| d.is_busy())
            || self.finding.is_some()
            || self.calculator.price.is_busy()
            || self.goods.is_busy()
            || self.unsent.is_busy()
            || self.edit_form.as_ref().is_some_and(|f| f.is_busy())
    }

    /// The open new-order form.
    pub fn order_form(&self) -> Option<&order_form::OrderForm> {
        self.order_form.as_ref()
    }

    /// The open form editing an existing order.
    pub fn edit_form(&self) -> Option<&order_form::OrderForm> {
        self.edit_form.as_ref()
    }

    /// The order whose detail is open.
    pub fn open_order(&self) -> Option<i64> {
        self.detail.as_ref().map(|d| d.order_id)
    }

    fn open_detail(&mut self, order_id: i64) {
        self.detail = Some(order_detail::OrderDetail::open(&self.desk, order_id));
        self.screen = Screen::OrderDetail;
    }

    fn go(&mut self, screen: Screen) {
        match screen {
            Screen::Orders => match &mut self.orders {
                Some(o) => {
                    o.reload(&self.desk);
                    o.focus_filter();
                }
                None => self.orders = Some(orders::OrdersScreen::new(&self.desk)),
            },
            // Another desk may have registered goods since the last visit.
            Screen::Goods => self.goods.reload(&self.desk),
            Screen::Unsent => self.unsent.reload(&self.desk),
            Screen::NewOrder if self.order_form.is_none() => {
                self.order_form = Some(order_form::OrderForm::new(&self.desk));
            }
            _ => {}
        }
        self.screen = screen;
    }

    /// Runs before each frame: picks up the results of background work.
    pub fn logic(&mut self, ctx: &egui::Context) {
        if !self.repaint_wired {
            let c = ctx.clone();
            self.desk.set_repaint(move || c.request_repaint());
            self.repaint_wired = true;
        }
        if self.language_seen != self.desk.settings.language {
            // The service names cities, statuses and types in the language asked: read them
            // again in the new one (its cache first).
            self.language_seen = self.desk.settings.language;
            if self.desk.session.is_some() {
                self.directories.reset();
                self.directories.start(&self.desk);
            }
        }
        if self.desk.session.is_none() {
            if let Some(outcome) = self.login.poll(&mut self.toasts) {
                self.desk.open_session(&outcome);
                self.directories.reset();
                // The order form picks from the directories: read them at once.
                self.directories.start(&self.desk);
                self.go(Screen::NewOrder);
            }
        } else {
            self.directories.poll(&mut self.desk, &mut self.toasts);
            let created = match &mut self.order_form {
                Some(f) => f.poll(ctx, &self.desk, &mut self.toasts),
                None => None,
            };
            if let Some(o) = &mut self.orders {
                o.poll(&self.desk, &mut self.toasts);
                if o.refresh_requested {
                    o.start_refresh(&self.desk);
                }
            }
            let edited = match &mut self.edit_form {
                Some(f) => f.poll(ctx, &self.desk, &mut self.toasts),
                None => None,
            };
            if let Some(row) = edited {
                self.edit_form = None;
                if let Some(o) = &mut self.orders {
                    o.reload(&self.desk);
                }
                self.open_detail(row.order_id);
            }
            let wants_edit = self
                .detail
                .as_mut()
                .and_then(|d| d.edit_requested.take().map(|draft| (d.order_id, draft)));
            if let Some((id, json)) = wants_edit {
                match serde_json::from_str::<crate::desk::order_draft::OrderDraft>(&json) {
                    Ok(draft) => {
                        self.edit_form = Some(order_form::OrderForm::edit(&self.desk, id, draft));
                        self.screen = Screen::EditOrder;
                    }
                    Err(e) => self
                        .toasts
                        .error(t!("error.unexpected"), Some(e.to_string())),
                }
            }
            if self.goods.poll(&mut self.toasts) {
                // The forms pick from the same list: they read it again when next needed.
                for f in [&mut self.order_form, &mut self.edit_form]
                    .into_iter()
                    .flatten()
                {
                    f.goods.mark_stale();
                }
            }
            if let Some(id) = self.unsent.poll(&self.desk, &mut self.toasts) {
                if let Some(o) = &mut self.orders {
                    o.reload(&self.desk);
                }
                self.open_detail(id);
            }
            if self.screen == Screen::Calculator {
                self.calculator.poll(ctx, &self.desk);
            }
            let changed = match &mut self.detail {
                Some(d) => d.poll(ctx, &self.desk, &mut self.toasts),
                None => false,
            };
            if (created.is_some() || changed)
                && let Some(o) = &mut self.orders
            {
                o.reload(&self.desk);
            }
            if let Some(row) = created {
                self.open_detail(row.order_id);
                if self.desk.settings.printing.auto_print
                    && let Some(d) = &mut self.detail
                {
                    d.label.print_when_ready();
                }
            }
        }
        self.settings.poll(&mut self.toasts);
        self.poll_finding();
    }

    /// Opens the order a scan or the Find box asked for.
    pub fn find(&mut self, barcode: String) {
        if self.desk.session.is_none() || self.finding.is_some() {
            return;
        }
        if let Some(task) = self.desk.find_by_barcode(barcode.clone()) {
            self.finding = Some((barcode, task));
        }
    }

    fn poll_finding(&mut self) {
        let Some((code, task)) = &mut self.finding else {
            return;
        };
        let code = code.clone();
        match task.poll() {
            crate::desk::task::Poll::Pending => return,
            crate::desk::task::Poll::Ready(Ok(Some(id))) => {
                self.open_detail(id);
                if let Some(o) = &mut self.orders {
                    o.reload(&self.desk);
                }
            }
            crate::desk::task::Poll::Ready(Ok(None)) => self
                .toasts
                .error(t!("orders.not_found", barcode = code), None),
            crate::desk::task::Poll::Ready(Err(e)) => {
                let told = errors::tell(&e);
                self.toasts.error(told.message, told.details);
            }
            crate::desk::task::Poll::Lost => self.toasts.error(t!("error.lost"), None),
        }
        self.finding = None;
    }

    fn run(&mut self, cmd: Command) {
        let logged_in = self.desk.session.is_some();
        match cmd {
            Command::Orders | Command::Find if logged_in => self.go(Screen::Orders),
            Command::NewOrder if logged_in => self.go(Screen::NewOrder),
            Command::Calculator if logged_in => self.screen = Screen::Calculator,
            Command::CreateOrder if logged_in && self.screen == Screen::NewOrder => {
                if let Some(f) = &mut self.order_form {
                    f.submit(&self.desk);
                }
            }
            Command::CreateOrder if logged_in && self.screen == Screen::EditOrder => {
                if let Some(f) = &mut self.edit_form {
                    f.submit(&self.desk);
                }
            }
            Command::Directories if logged_in => self.screen = Screen::Directories,
            Command::Goods if logged_in => self.go(Screen::Goods),
            Command::Unsent if logged_in => self.go(Screen::Unsent),
            Command::Settings => self.screen = Screen::Settings,
            Command::Refresh if logged_in && self.screen == Screen::Directories => {
                self.directories.refresh(&self.desk)
            }
            Command::Refresh if logged_in && self.screen == Screen::Orders => {
                if let Some(o) = &mut self.orders {
                    o.start_refresh(&self.desk);
                }
            }
            Command::Print if logged_in && self.screen == Screen::OrderDetail => {
                if let Some(d) = &mut self.detail {
                    d.label.request_print(&self.desk, &mut self.toasts);
                }
            }
            Command::Print if logged_in && self.screen == Screen::Orders => {
                if let Some(o) = &mut self.orders {
                    o.print_selected(&self.desk, &mut self.toasts);
                }
            }
            Command::Logout if logged_in => {
                self.desk.logout();
                self.login = login::LoginScreen::new(&self.desk);
                self.screen = Screen::NewOrder;
                self.orders = None;
                self.order_form = None;
                self.detail = None;
            }
            _ => {}
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if let Some(code) = self.scanner.feed(&ctx) {
            self.find(code);
        }
        if let Some(cmd) = Command::pressed(&ctx) {
            self.run(cmd);
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        self.toasts.show(ui);
        let logged_in = self.desk.session.is_some();
        if logged_in {
            egui::Panel::left("nav")
                .resizable(false)
                .exact_size(230.0)
                .show(ui, |ui| self.nav(ui));
        }
        egui::CentralPanel::default().show(ui, |ui| match (logged_in, self.screen) {
            (_, Screen::Settings) => {
                if self.settings.show(ui, &mut self.desk, &mut self.toasts) {
                    self.login = login::LoginScreen::new(&self.desk);
                    self.directories.reset();
                    self.orders = None;
                    self.order_form = None;
                    self.detail = None;
                    self.screen = Screen::NewOrder;
                }
                if !logged_in {
                    ui.add_space(12.0);
                    if ui.link(t!("login.title")).clicked() {
                        self.screen = Screen::NewOrder;
                    }
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
            (true, Screen::Calculator) => self.calculator.show(ui, &self.desk),
            (true, Screen::Goods) => self.goods.show_screen(ui, &self.desk),
            (true, Screen::Unsent) => self.unsent.show(ui, &self.desk),
            (true, Screen::EditOrder) => match &mut self.edit_form {
                Some(f) => f.show(ui, &self.desk),
                None => self.screen = Screen::Orders,
            },
            (true, Screen::NewOrder) => {
                let form = self
                    .order_form
                    .get_or_insert_with(|| order_form::OrderForm::new(&self.desk));
                form.show(ui, &self.desk);
            }
            (true, Screen::Orders) => {
                let list = self
                    .orders
                    .get_or_insert_with(|| orders::OrdersScreen::new(&self.desk));
                let (found, print_now) = list.show(ui);
                if print_now {
                    list.print_selected(&self.desk, &mut self.toasts);
                }
                match found {
                    Some(orders::Found::Order(id)) => self.open_detail(id),
                    Some(orders::Found::Lookup(code)) => self.find(code),
                    None => {}
                }
            }
            (true, Screen::OrderDetail) => match &mut self.detail {
                Some(d) => d.show(ui, &self.desk, &mut self.toasts),
                None => self.screen = Screen::Orders,
            },
        });
    }

    fn nav(&mut self, ui: &mut egui::Ui) {
        ui.add_space(8.0);
        ui.heading(t!("app.title"));
        ui.add_space(8.0);
        let ctx = ui.ctx().clone();
        let items = [
            (Command::NewOrder, Some(Screen::NewOrder)),
            (Command::Orders, Some(Screen::Orders)),
            (Command::Calculator, Some(Screen::Calculator)),
            (Command::Directories, Some(Screen::Directories)),
            (Command::Goods, Some(Screen::Goods)),
            (Command::Unsent, Some(Screen::Unsent)),
            (Command::Settings, Some(Screen::Settings)),
            (Command::Logout, None),
        ];
        for (cmd, screen) in items {
            let selected = screen == Some(self.screen)
                || (cmd == Command::Orders && self.screen == Screen::OrderDetail);
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
            let waiting = self.desk.outbox.load(std::sync::atomic::Ordering::Relaxed);
            let outbox = RichText::new(t!("status.outbox", n = waiting));
            if waiting > 0 {
                // A way to the entries themselves, for the clerk to see or decide on them.
                let link = ui.link(outbox.strong().color(egui::Color32::from_rgb(200, 120, 30)));
                if link.clicked() && self.desk.session.is_some() {
                    self.go(Screen::Unsent);
                }
            } else {
                ui.label(outbox.weak());
            }
            ui.separator();
            let (text, color) = match self.desk.reach.get() {
                Reach::Online => (t!("status.online"), egui::Color32::from_rgb(30, 130, 60)),
                Reach::Offline => (t!("status.offline"), widgets::ERROR_COLOR),
                Reach::Failing => (t!("status.failing"), widgets::ERROR_COLOR),
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
