//! A crate of its own because the clerk's logic must be tested and changed without a window: it
//! builds no egui, and its tests drive it the way the screens do, through the `Desk`.
//!
//! The application core without pixels, in rooms by capability, each a folder whose `mod.rs` is
//! its face (what the screens ask of the `Desk`) over the parts that do the work: `domestic`
//! (orders), `international` (parcels from abroad), `warehouse`, `day` (the day's end), `live`
//! (statuses kept live), `reference` (directories, goods), `session` (login, settings, wiring),
//! `labels` (printing, documents). `Desk` itself (here) is the wiring: which service it talks to,
//! who is logged in, the background runtime the screens' tasks run on, the settings and the
//! store. Everything here can be tested without a window.

pub mod day;
pub mod domestic;
mod error;
pub mod international;
mod kept_forms;
pub mod labels;
pub mod live;
pub mod problem;
pub mod reference;
pub mod session;
pub mod sheets;
pub mod task;
pub mod warehouse;

use api::codes::Language;
use api::legacy::{CalculateRequest, CalculateResponse, OrderInput, TokenRequest};
use api::sandbox_client::SandboxClient;
use api::{ApiError, ClientConfig, CurrentClient, LanguageCell, LegacyClient, WarehouseClient};
use domestic::orders;
use domestic::orders::{CreateResult, Orders};
use international::parcels;
use labels::printing;
use labels::printing::PrintProblem;
use reference::directories::{Directories, DirectoryData};
use reference::directory_sync;
use session::settings::{LastLogin, ServiceEnvironment, Settings};
use session::{reach, settings};
use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicI64;
use std::sync::atomic::Ordering;
use std::time::Duration;
use store::{HistoryRow, JournalRow};
use store::{ServiceKey, Store};
use task::Task;
use twin::{self, RunningSandbox, SandboxConfig};

pub use error::DeskError;
pub use reference::directory_sync::DeskNote;
pub use session::paths::{DeskPaths, documents_folder};
pub use session::reach::{Progress, Reach, ReachFlag};
pub use session::wiring::{Environment, Services};
use session::wiring::{connect, system_file_dialog_available};
pub use session::{Credentials, LoginOutcome, Session};

type Repaint = Arc<dyn Fn() + Send + Sync>;

/// The clients for one service, and the embedded twin behind them in demo mode.
type Wired = (Services, Option<RunningSandbox>);

pub struct Desk {
    /// The settings file found unreadable at start and set aside (the desk opens on Settings).
    settings_set_aside: Option<settings::SettingsSetAside>,
    /// Whether the clerk was told of a damaged file set aside by the store.
    said_set_aside: bool,
    rt: tokio::runtime::Handle,
    repaint: Repaint,
    paths: DeskPaths,
    settings: Settings,
    services: Services,
    store: Option<Arc<Store>>,
    store_error: Option<String>,
    session: Option<Session>,
    reach: Arc<ReachFlag>,
    directories: Option<Directories>,
    sync: directory_sync::DirectorySync,
    /// The clients being built for another service (see `apply_settings`).
    rewiring: Option<Task<Result<Wired, DeskError>>>,
    twin: Option<RunningSandbox>,
    /// Whose orders the journal shows: set at login (the service and the company).
    scope: Option<ServiceKey>,
    /// The language the clients ask the service in; switched live with the clerk's.
    language: LanguageCell,
    orders: Option<Orders>,
    printing: Option<printing::Printing>,
    parcels: Option<parcels::Parcels>,
    /// The programs labels are printed with; kept when the service is re-wired.
    spooler: label::print::Spooler,
    /// Orders waiting in the outbox, as the worker last counted them.
    outbox: Arc<AtomicI64>,
    /// Creates kept at this counter while the shop's database is away, as last counted.
    kept: Arc<AtomicI64>,
    /// Whether the system's file dialog can be shown (else the clerk types a path).
    file_dialogs: bool,
    worker: Option<tokio::task::AbortHandle>,
    /// Statuses kept live while a session is open (receiver, poller).
    live: Option<live::Live>,
    /// The login of the clerk at the desk, written with every order created.
    clerk: orders::Clerk,
    /// The shop's shared database being opened (`store` is `None` until it is).
    store_opening: Option<Task<Result<Store, store::StoreError>>>,
    /// The address book as the order form searches it.
    people: domestic::people::People,
    /// The scale on the counter.
    weighing: domestic::weighing::Weighing,
    /// Where to save a document, being asked inside the window.
    save_ask: Option<session::folders::SaveAsk>,
}

/// A journaled order and the tracking link from its record.
pub type JournalEntry = (JournalRow, Option<String>);

/// The draft name of the new-order form.
pub const ORDER_DRAFT: &str = "new-order";

/// What keeps this counter's records from being written (see [`Desk::store_trouble`]); each
/// holds the database's own words.
#[derive(Debug, Clone, PartialEq)]
pub enum StoreTrouble<'a> {
    /// Nothing could be opened: no journal, no orders taken.
    Unavailable(&'a str),
    /// The journal can be read, nothing written: no orders taken.
    ReadOnly(&'a str),
}

impl Desk {
    /// Reads the settings, opens the store and connects the clients: to the configured service,
    /// or with no settings to an embedded twin on a free loopback port. Runs before the first
    /// frame.
    pub fn start(rt: tokio::runtime::Handle, paths: DeskPaths) -> Result<Desk, DeskError> {
        let (settings, settings_set_aside) = Settings::load_or_set_aside(&paths.config_dir);
        let language = LanguageCell::new(settings.language);
        let (services, twin) = connect(&rt, &settings, &language, &paths)?;
        // A shop database is opened in the background (it is across the network); the
        // counter's own file at once.
        let shop = settings.shop.connection();
        let (store, store_error) = match shop {
            Some(_) => (None, None),
            None => match Store::open(&paths.database()) {
                Ok(s) => (Some(Arc::new(s)), None),
                Err(e) => {
                    tracing::error!("store unavailable: {e}");
                    (None, Some(e.to_string()))
                }
            },
        };
        let mut desk = Desk {
            rt,
            repaint: Arc::new(|| {}),
            paths,
            settings,
            services,
            store,
            store_error,
            session: None,
            reach: Arc::new(ReachFlag::default()),
            directories: None,
            sync: Default::default(),
            rewiring: None,
            twin,
            scope: None,
            language,
            orders: None,
            printing: None,
            parcels: None,
            spooler: label::print::Spooler::default(),
            outbox: Arc::new(AtomicI64::new(0)),
            kept: Arc::new(AtomicI64::new(0)),
            file_dialogs: system_file_dialog_available(),
            worker: None,
            live: None,
            clerk: Default::default(),
            store_opening: None,
            people: Default::default(),
            weighing: Default::default(),
            save_ask: None,
            settings_set_aside,
            said_set_aside: false,
        };
        if shop.is_some() {
            desk.open_store();
        }
        desk.wire_orders();
        desk.wire_scale();
        Ok(desk)
    }

    /// Where this desk keeps its files.
    pub fn paths(&self) -> &DeskPaths {
        &self.paths
    }

    /// The settings in force; they change through [`Desk::apply_settings`] and
    /// [`Desk::set_language`] only, which save them.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The clerk's session, while one is open.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The directories of the session's service, once read (or taken from the cache).
    pub fn directories(&self) -> Option<&Directories> {
        self.directories.as_ref()
    }

    /// Whether the service answers, as its last answers said.
    pub fn reach(&self) -> Reach {
        self.reach.get()
    }

    /// Orders waiting in the outbox, as last counted (by the worker, a decision or a read of
    /// Unsent orders).
    pub fn outbox_waiting(&self) -> i64 {
        self.outbox.load(Ordering::Relaxed)
    }

    /// Whether the system's file dialog can be shown; otherwise the clerk types a path.
    pub fn file_dialogs(&self) -> bool {
        self.file_dialogs
    }

    /// Asks for typed paths instead of the system's file dialog (a desktop without one).
    pub fn without_file_dialogs(&mut self) {
        self.file_dialogs = false;
    }

    /// Why this counter's records cannot be written now, for the status bar: the database could
    /// not be opened, or only to read. `None` while all is well (or while it is being opened).
    pub fn store_trouble(&self) -> Option<StoreTrouble<'_>> {
        if let Some(why) = self.store.as_ref().and_then(|s| s.read_only()) {
            return Some(StoreTrouble::ReadOnly(why));
        }
        let why = self
            .store_error
            .as_deref()
            .filter(|_| self.store.is_none())?;
        Some(StoreTrouble::Unavailable(why))
    }

    /// Changes whenever the journal is written (by any task or worker of this desk).
    pub fn journal_generation(&self) -> u64 {
        self.store.as_ref().map_or(0, |s| s.journal_generation())
    }

    /// With a shop database that is away, or creates still kept here: how many are kept here.
    pub fn kept_here(&self) -> Option<i64> {
        let store = self.store.as_ref().filter(|s| s.is_shared())?;
        let kept = self.kept.load(std::sync::atomic::Ordering::Relaxed);
        (store.shop_away() || kept != 0).then_some(kept.max(0))
    }

    /// The settings file found unreadable at start and set aside, if it was.
    pub fn settings_set_aside(&self) -> Option<&settings::SettingsSetAside> {
        self.settings_set_aside.as_ref()
    }

    /// Whether the shop's database was away when last asked (a counter of its own never is).
    pub fn shop_away(&self) -> bool {
        self.store
            .as_ref()
            .is_some_and(|s| s.is_shared() && s.shop_away())
    }

    /// Whether the shop's database refuses this counter's login (its password is missing or
    /// wrong): only the settings mend it.
    pub fn shop_refuses_login(&self) -> bool {
        self.store.as_ref().is_some_and(|s| s.shop_refuses_login())
    }

    pub(crate) fn books(&self) -> Option<(Arc<Store>, ServiceKey)> {
        Some((self.store.clone()?, self.scope.clone()?))
    }

    /// Whose orders the journal shows now (the service and company of the session).
    pub fn scope(&self) -> Option<&ServiceKey> {
        self.scope.as_ref()
    }

    pub fn environment(&self) -> Environment {
        self.services.environment
    }

    pub fn is_demo(&self) -> bool {
        self.services.environment == Environment::Sandbox
    }

    pub fn services(&self) -> &Services {
        &self.services
    }

    /// The embedded twin's base URL in demo mode.
    pub fn twin_base(&self) -> Option<String> {
        self.twin.as_ref().map(RunningSandbox::base)
    }

    /// The embedded twin's control listener in demo mode (`{control}/sandbox/...`).
    pub fn twin_control(&self) -> Option<String> {
        self.twin.as_ref().and_then(RunningSandbox::control_url)
    }

    /// Runs `fut` on the background runtime; the result comes back through the task.
    pub fn spawn<T, F>(&self, fut: F) -> Task<T>
    where
        T: Send + 'static,
        F: Future<Output = T> + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let repaint = self.repaint.clone();
        self.rt.spawn(async move {
            let _ = tx.send(fut.await);
            repaint();
        });
        Task::new(rx)
    }

    /// Runs a service call like [`Desk::spawn`], and notes what its answer says about whether
    /// the service can be reached (the status bar shows it).
    pub fn spawn_noted<T, E, F>(&self, call: F) -> Task<Result<T, E>>
    where
        T: Send + 'static,
        E: reach::ServiceFailure + Send + 'static,
        F: Future<Output = Result<T, E>> + Send + 'static,
    {
        let reach = self.reach.clone();
        self.spawn(async move {
            let r = call.await;
            reach.note(&r);
            r
        })
    }

    /// Runs blocking work (disk, keyring) on the runtime's blocking pool.
    pub fn spawn_blocking<T, F>(&self, work: F) -> Task<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let repaint = self.repaint.clone();
        self.rt.spawn_blocking(move || {
            let _ = tx.send(work());
            repaint();
        });
        Task::new(rx)
    }
}

// The translation catalog the documents are written from (the window has its own copy of the
// same files): English where a key is missing.
rust_i18n::i18n!("../../assets/locales", fallback = "en");
