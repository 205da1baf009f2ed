//! The window: the list of screens, the rail, the status bar and the toasts, the scanner and
//! the shortcuts. Each frame it polls the desk and every screen, draws the open screen, and then
//! handles the events the screens emitted — in one place, [`DeskApp::handle`].

mod find;
mod list;
mod rail;
pub mod scanner;
mod status_bar;

use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Entry;
use crate::ui::frame::screen_id::ScreenId;
use crate::ui::screens::order_form_screen::OrderFormScreen;
use crate::ui::screens::{order_detail::DetailScreen, order_form::OrderForm};
use crate::ui::widgets::Toasts;
use crate::ui::widgets::errors::tell;
use crate::ui::widgets::file_chooser::{Chosen, FileChooser};
use desk::{Desk, DeskNote};
use rust_i18n::t;

pub struct DeskApp {
    pub desk: Desk,
    pub toasts: Toasts,
    screens: Vec<Entry>,
    current: ScreenId,
    events: Vec<AppEvent>,
    finding: find::Finding,
    repaint_wired: bool,
    /// The window's own "save as" chooser (a desktop with no file dialog).
    saving_to: FileChooser,
}

impl DeskApp {
    pub fn new(desk: Desk) -> DeskApp {
        // A settings file that could not be read: the window opens where it is mended.
        let first = match desk.settings_set_aside() {
            Some(_) => ScreenId::Settings,
            None => ScreenId::NewOrder,
        };
        DeskApp {
            screens: list::screens(&desk),
            desk,
            toasts: Toasts::default(),
            current: first,
            events: Vec::new(),
            finding: find::Finding::default(),
            repaint_wired: false,
            saving_to: FileChooser::new(&[]),
        }
    }

    /// The screen the clerk is on (the login screen stands in while nobody is logged in).
    pub fn screen(&self) -> ScreenId {
        self.current
    }

    /// True while any background work of the desk or a screen is under way.
    pub fn is_busy(&self) -> bool {
        self.desk.directories_loading()
            || self.desk.is_connecting()
            || self.finding.is_busy()
            || self.screens.iter().any(|s| s.screen.is_busy())
    }

    /// The screens of the navigation rail, in the list's order.
    pub fn rail_screens(&self) -> Vec<ScreenId> {
        self.screens
            .iter()
            .filter(|s| s.rail.is_some())
            .map(|s| s.id)
            .collect()
    }

    /// The screen of this type (the first, where two share one), as tests read its state.
    pub fn screen_of<T: 'static>(&self) -> Option<&T> {
        self.screens
            .iter()
            .find_map(|s| s.screen.as_any().downcast_ref())
    }

    /// The screen of this id, as its own type (tests read a screen's state through it).
    pub fn find_screen<T: 'static>(&self, id: ScreenId) -> Option<&T> {
        let entry = self.screens.iter().find(|s| s.id == id)?;
        entry.screen.as_any().downcast_ref()
    }

    /// The open new-order form.
    pub fn order_form(&self) -> Option<&OrderForm> {
        self.find_screen::<OrderFormScreen>(ScreenId::NewOrder)?
            .form()
    }

    /// The open form editing an existing order.
    pub fn edit_form(&self) -> Option<&OrderForm> {
        self.find_screen::<OrderFormScreen>(ScreenId::EditOrder)?
            .form()
    }

    /// The order whose detail is open.
    pub fn open_order(&self) -> Option<i64> {
        self.find_screen::<DetailScreen>(ScreenId::OrderDetail)?
            .order_id()
    }

    /// Opens the order a scan or the Find box asked for.
    pub fn find(&mut self, barcode: String) {
        self.finding.start(&self.desk, barcode);
    }

    /// Runs before each frame: picks up the results of background work, then handles the
    /// events that came of it.
    pub fn logic(&mut self, ctx: &egui::Context) {
        if !self.repaint_wired {
            let c = ctx.clone();
            self.desk.set_repaint(move || c.request_repaint());
            // From the next frame on, the scanner's gate reads the input before egui does.
            scanner::Scanner::install(ctx);
            self.repaint_wired = true;
        }
        for note in self.desk.poll() {
            match note {
                DeskNote::DirectoriesFailed(e) => {
                    let told = tell(&e);
                    self.toasts.error(told.message, told.details);
                }
                DeskNote::Rewiring(e) | DeskNote::ShopDatabase(e) => {
                    let told = crate::ui::widgets::errors::tell_desk(&e);
                    self.toasts.error(told.message, told.details);
                }
                DeskNote::Lost => self.toasts.error(t!("error.lost"), None),
                DeskNote::FileSetAside(aside) => {
                    // Stays until the clerk closes it: it says what happened to the records.
                    let (path, rows) = (aside.damaged.display().to_string(), aside.salvaged);
                    let why = aside.why.clone();
                    self.toasts.act(move || {
                        let said = t!("store.set_aside", path = path.clone(), rows = rows);
                        (said.to_string(), Some(why.clone()))
                    });
                }
                DeskNote::StatusMoved(m) => {
                    let status =
                        crate::ui::widgets::status::status_text(m.status_id, &m.status_name);
                    let barcode = m.barcode.clone();
                    self.toasts
                        .info(t!("live.moved", barcode = barcode, status = status));
                    self.events.push(AppEvent::OrderMoved(m.order_id));
                }
            }
        }
        let logged_in = self.desk.session().is_some();
        let mut cx = Cx::new(&mut self.desk, &mut self.toasts, ctx, &mut self.events);
        for s in &mut self.screens {
            if s.open_to(logged_in) {
                s.screen.poll(&mut cx);
            }
        }
        if let Some(found) = self.finding.poll(&mut self.toasts) {
            self.events.push(found);
        }
        self.handle(ctx);
    }

    /// Every event of this frame: each screen hears it, then the app does its part.
    fn handle(&mut self, ctx: &egui::Context) {
        // Handling may emit more; a bound keeps a loop of events from hanging the frame.
        for _ in 0..8 {
            if self.events.is_empty() {
                return;
            }
            let events = std::mem::take(&mut self.events);
            for event in events {
                let mut cx = Cx::new(&mut self.desk, &mut self.toasts, ctx, &mut self.events);
                for s in &mut self.screens {
                    s.screen.on_event(&event, &mut cx);
                }
                match event {
                    AppEvent::LoggedIn(outcome) => {
                        self.desk.open_session(&outcome);
                        self.go(ScreenId::NewOrder, ctx);
                    }
                    AppEvent::Go(id) => self.go(id, ctx),
                    AppEvent::OpenOrder(_) | AppEvent::OrderCreated(_) => {
                        self.current = ScreenId::OrderDetail
                    }
                    AppEvent::EditOrder { .. } => self.current = ScreenId::EditOrder,
                    AppEvent::Find(code)
                        if desk::international::customs::is_parcel_number(&code) =>
                    {
                        self.events.push(AppEvent::TrackParcel(code));
                    }
                    AppEvent::Find(code) => self.find(code),
                    AppEvent::TrackParcel(_) => self.go(ScreenId::Parcels, ctx),
                    AppEvent::SessionEnded => {
                        self.renew_session_screens();
                        self.current = ScreenId::NewOrder;
                    }
                    AppEvent::EditSupplier(_) => self.current = ScreenId::SupplierForm,
                    AppEvent::EditProduct(_) => self.current = ScreenId::ProductForm,
                    AppEvent::GoodsChanged
                    | AppEvent::ParcelsChanged
                    | AppEvent::WarehouseChanged(_)
                    | AppEvent::OrderMoved(_)
                    | AppEvent::LanguageChanged => {}
                }
            }
        }
    }

    /// After a session ends, every screen not kept across sessions starts again as new.
    fn renew_session_screens(&mut self) {
        for new in list::screens(&self.desk) {
            if let Some(entry) = self.screens.iter_mut().find(|s| s.id == new.id)
                && !entry.kept_across_sessions
            {
                *entry = new;
            }
        }
    }

    /// Opens a screen (one that needs a session only once logged in).
    fn go(&mut self, id: ScreenId, ctx: &egui::Context) {
        let logged_in = self.desk.session().is_some();
        let mut cx = Cx::new(&mut self.desk, &mut self.toasts, ctx, &mut self.events);
        if let Some(s) = self.screens.iter_mut().find(|s| s.id == id)
            && s.open_to(logged_in)
        {
            s.screen.entered(&mut cx);
            self.current = id;
        }
    }

    fn run(&mut self, cmd: Command, ctx: &egui::Context) {
        let logged_in = self.desk.session().is_some();
        match cmd {
            Command::Logout if logged_in => {
                self.desk.logout();
                self.events.push(AppEvent::SessionEnded);
                return;
            }
            Command::Find if logged_in => return self.go(ScreenId::Orders, ctx),
            _ => {}
        }
        let current = self.current;
        let mut cx = Cx::new(&mut self.desk, &mut self.toasts, ctx, &mut self.events);
        if let Some(s) = self.screens.iter_mut().find(|s| s.id == current)
            && s.open_to(logged_in)
            && s.screen.command(cmd, &mut cx)
        {
            return;
        }
        if let Command::Open(id) = cmd {
            self.go(id, ctx);
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if let Some(code) = scanner::Scanner::take(&ctx) {
            // Through the event: a parcel number opens the parcel, any other the order.
            self.events.push(AppEvent::Find(code));
        }
        if let Some(cmd) = Command::pressed(&ctx) {
            self.run(cmd, &ctx);
        }
        let mut open = None;
        egui::Panel::bottom("status").show(ui, |ui| {
            open = status_bar::status_bar(ui, &self.desk);
        });
        if let Some(screen) = open {
            self.go(screen, &ctx);
        }
        self.toasts.show(ui);
        let logged_in = self.desk.session().is_some();
        if logged_in {
            let mut clicked = None;
            egui::Panel::left("nav")
                .resizable(false)
                .exact_size(230.0)
                .show(ui, |ui| {
                    clicked = rail::rail(ui, &self.screens, self.current)
                });
            if let Some(cmd) = clicked {
                self.run(cmd, &ctx);
            }
        }
        let current = self.current;
        let mut cx = Cx::new(&mut self.desk, &mut self.toasts, &ctx, &mut self.events);
        egui::CentralPanel::default().show(ui, |ui| {
            // Without a session, the login screen stands in for those that need one.
            let shown = self
                .screens
                .iter_mut()
                .find(|s| s.id == current && s.open_to(logged_in));
            let shown = match shown {
                Some(s) => Some(s),
                None => self.screens.iter_mut().find(|s| s.id == ScreenId::Login),
            };
            if let Some(s) = shown {
                s.screen.ui(ui, &mut cx);
            }
        });
        // Where to save a document, asked inside the window when the system has no dialog.
        if let Some(proposed) = cx.desk.save_asked().map(std::path::Path::to_path_buf) {
            if !self.saving_to.is_open() {
                self.saving_to.open_to_save(&mut cx, &proposed);
            }
            match self.saving_to.show(&ctx, &mut cx) {
                Chosen::File(path) => cx.desk.answer_save(Some(path)),
                Chosen::Cancelled => cx.desk.answer_save(None),
                Chosen::Not => {}
            }
        }
        self.handle(&ctx);
    }
}

impl eframe::App for DeskApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        DeskApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        if std::env::var_os("PARCEL_DESK_TRACE_FRAMES").is_some() {
            // Why this frame was drawn (the calls that asked for it), for measuring rest.
            let causes: Vec<String> = ui
                .ctx()
                .repaint_causes()
                .iter()
                .map(|c| format!("{}:{} {:?}", c.file, c.line, c.reason))
                .collect();
            tracing::info!("frame: {causes:?}");
        }
        self.show(ui);
    }
}
