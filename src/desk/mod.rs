//! The application core without pixels: which service the desk talks to (the embedded twin in
//! demo mode, or the configured URLs), the logged-in session, the background runtime and the
//! tasks the screens start on it, settings and the store. Every screen action is a method here,
//! so it can be tested without a window.

pub mod current_edit;
pub mod directories;
pub mod draft_from_service;
pub mod identity;
pub mod item_draft;
pub mod order_draft;
pub mod orders;
pub mod plausible;
pub mod printing;
pub mod problem;
pub mod secrets;
pub mod settings;
pub mod task;
pub mod unsent;

use crate::api::codes::Language;
use crate::api::legacy::{CalculateRequest, CalculateResponse, OrderInput, TokenRequest};
use crate::api::sandbox_client::SandboxClient;
use crate::api::{
    ApiError, ClientConfig, CurrentClient, LanguageCell, LegacyClient, WarehouseClient,
};
use crate::sandbox::{self, RunningSandbox, SandboxConfig};
use crate::store::{HistoryRow, JournalRow};
use crate::store::{ServiceKey, Store};
use directories::{Directories, DirectoryData};
use orders::{CreateResult, Orders};
use printing::PrintProblem;
use settings::{LastLogin, ServiceEnvironment, Settings};
use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicI64;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;
use task::Task;

/// Where the desk keeps its files.
#[derive(Debug, Clone)]
pub struct DeskPaths {
    pub config_dir: PathBuf,
    pub data_dir: PathBuf,
}

impl DeskPaths {
    /// The platform folders, or `PARCEL_DESK_CONFIG_DIR` / `PARCEL_DESK_DATA_DIR` when set.
    pub fn platform() -> Option<DeskPaths> {
        let dirs = ::directories::ProjectDirs::from("uz", "Parcel Desk", "parcel-desk")?;
        let pick = |var: &str, default: &std::path::Path| {
            std::env::var_os(var)
                .map(PathBuf::from)
                .unwrap_or_else(|| default.to_path_buf())
        };
        Some(DeskPaths {
            config_dir: pick("PARCEL_DESK_CONFIG_DIR", dirs.config_dir()),
            data_dir: pick("PARCEL_DESK_DATA_DIR", dirs.data_dir()),
        })
    }

    pub fn database(&self) -> PathBuf {
        self.data_dir.join("desk.sqlite")
    }

    /// The embedded twin's records in demo mode: kept, so a restart continues them.
    pub fn twin_data(&self) -> PathBuf {
        self.data_dir.join("twin.sqlite")
    }
}

/// Which service the clients reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    /// The embedded twin: not the real service.
    Sandbox,
    Service(ServiceEnvironment),
}

/// The three clients for one service.
#[derive(Clone)]
pub struct Services {
    pub legacy: Arc<LegacyClient>,
    pub current: Arc<CurrentClient>,
    pub warehouse: Arc<WarehouseClient>,
    pub environment: Environment,
}

#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    #[error("{0}")]
    Settings(#[from] settings::SettingsError),
    #[error("the embedded twin could not start: {0}")]
    Sandbox(#[from] sandbox::SandboxError),
    #[error("{0}")]
    Store(#[from] crate::store::StoreError),
    #[error("{0}")]
    Client(#[from] ApiError),
    #[error("the {0} address is not a valid http(s) URL")]
    BadUrl(&'static str),
}

/// Reachability as the last answer showed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Unknown,
    Online,
    /// Not reached, or no answer.
    Offline,
    /// It answers, but with failures (5xx, or too many requests).
    Failing,
}

/// Shared between the desk and its workers.
#[derive(Default)]
pub struct ReachFlag(AtomicU8);

impl ReachFlag {
    pub fn get(&self) -> Reach {
        match self.0.load(Ordering::Relaxed) {
            1 => Reach::Online,
            2 => Reach::Offline,
            3 => Reach::Failing,
            _ => Reach::Unknown,
        }
    }

    /// Records what an answer says about reachability.
    pub fn note<T>(&self, result: &Result<T, ApiError>) {
        let v = match result {
            Err(ApiError::Connect { .. } | ApiError::NoAnswer { .. }) => 2,
            Err(ApiError::Server { .. } | ApiError::RateLimited { .. }) => 3,
            _ => 1,
        };
        self.0.store(v, Ordering::Relaxed);
    }
}

/// Who is logged in on which interface.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub legacy_user: String,
    pub inn: String,
    pub current_login: Option<String>,
    pub warehouse_login: Option<String>,
}

/// What the clerk typed on the login screen.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Credentials {
    pub username: String,
    pub password: String,
    pub inn: String,
    pub current_login: String,
    pub current_password: String,
    pub warehouse_login: String,
    pub warehouse_password: String,
    pub remember: bool,
}

impl Credentials {
    /// The demo account of the twin.
    pub fn demo() -> Credentials {
        Credentials {
            username: "demo".into(),
            password: "demo12345".into(),
            inn: "123456789".into(),
            current_login: "demo".into(),
            current_password: "demo12345".into(),
            warehouse_login: "123456789".into(),
            warehouse_password: "demo12345".into(),
            remember: false,
        }
    }
}

/// The answer of each interface to a login.
#[derive(Debug, Clone)]
pub struct LoginOutcome {
    pub legacy: Result<(), ApiError>,
    /// `None` when no current-interface login was given.
    pub current: Option<Result<(), ApiError>>,
    pub warehouse: Option<Result<(), ApiError>>,
    pub credentials: Credentials,
}

impl LoginOutcome {
    /// The desk opens when the legacy login (the orders interface) succeeded and no optional
    /// login the clerk asked for failed.
    pub fn succeeded(&self) -> bool {
        self.legacy.is_ok()
            && !matches!(self.current, Some(Err(_)))
            && !matches!(self.warehouse, Some(Err(_)))
    }
}

type Repaint = Arc<dyn Fn() + Send + Sync>;

pub struct Desk {
    rt: tokio::runtime::Handle,
    repaint: Repaint,
    paths: DeskPaths,
    pub settings: Settings,
    services: Services,
    store: Option<Arc<Store>>,
    pub store_error: Option<String>,
    pub session: Option<Session>,
    pub reach: Arc<ReachFlag>,
    pub directories: Option<Directories>,
    twin: Option<RunningSandbox>,
    /// Whose orders the journal shows: set at login (the service and the company).
    scope: Option<ServiceKey>,
    /// The language the clients ask the service in; switched live with the clerk's.
    language: LanguageCell,
    orders: Option<Orders>,
    printing: Option<printing::Printing>,
    /// The programs labels are printed with; kept when the service is re-wired.
    spooler: crate::label::print::Spooler,
    /// Orders waiting in the outbox, as the worker last counted them.
    pub outbox: Arc<AtomicI64>,
    /// Whether the system's file dialog can be shown (else the clerk types a path).
    pub file_dialogs: bool,
    worker: Option<tokio::task::AbortHandle>,
}

/// How often the outbox worker retries what is waiting.
const OUTBOX_EVERY: Duration = Duration::from_secs(15);
/// How often the service is asked whether it is back, while it is out of reach or failing.
const PROBE_EVERY: Duration = Duration::from_secs(3);

/// Progress of a batch of background work that the clerk can cancel.
#[derive(Default)]
pub struct Progress {
    pub done: std::sync::atomic::AtomicUsize,
    pub failed: std::sync::atomic::AtomicUsize,
    pub total: std::sync::atomic::AtomicUsize,
    pub cancel: std::sync::atomic::AtomicBool,
    /// Why the last failure failed, for the clerk.
    pub last_error: std::sync::Mutex<Option<ApiError>>,
}

impl Progress {
    /// Counts one failure and keeps why.
    pub fn fail(&self, error: ApiError) {
        self.failed.fetch_add(1, Ordering::Relaxed);
        *self.last_error.lock().unwrap_or_else(|p| p.into_inner()) = Some(error);
    }

    pub fn last_error(&self) -> Option<ApiError> {
        self.last_error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

/// A journaled order and the tracking link from its record.
pub type JournalEntry = (JournalRow, Option<String>);

/// The draft name of the new-order form.
pub const ORDER_DRAFT: &str = "new-order";

/// The system file dialog needs the desktop portal (a session bus) or `zenity` on Linux and the
/// BSDs; Windows and macOS always have theirs.
fn system_file_dialog_available() -> bool {
    if cfg!(any(windows, target_os = "macos")) {
        return true;
    }
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|v| !v.is_empty());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("zenity").is_file()));
    bus || zenity
}

fn client_config(language: &LanguageCell) -> ClientConfig {
    ClientConfig {
        language: language.clone(),
        ..ClientConfig::default()
    }
}

impl Desk {
    /// Reads the settings, opens the store and connects the clients: to the configured service,
    /// or with no settings to an embedded twin on a free loopback port. Runs before the first
    /// frame.
    pub fn start(rt: tokio::runtime::Handle, paths: DeskPaths) -> Result<Desk, DeskError> {
        let settings = Settings::load(&paths.config_dir)?.unwrap_or_default();
        let language = LanguageCell::new(settings.language);
        let (services, twin) = connect(&rt, &settings, &language, &paths)?;
        let (store, store_error) = match Store::open(&paths.database()) {
            Ok(s) => (Some(Arc::new(s)), None),
            Err(e) => {
                tracing::error!("store unavailable: {e}");
                (None, Some(e.to_string()))
            }
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
            twin,
            scope: None,
            language,
            orders: None,
            printing: None,
            spooler: crate::label::print::Spooler::default(),
            outbox: Arc::new(AtomicI64::new(0)),
            file_dialogs: system_file_dialog_available(),
            worker: None,
        };
        desk.wire_orders();
        Ok(desk)
    }

    /// Builds the order context for the current service and (re)starts the outbox worker.
    fn wire_orders(&mut self) {
        if let Some(w) = self.worker.take() {
            w.abort();
        }
        let (Some(store), Some(scope)) = (self.store.clone(), self.scope.clone()) else {
            self.orders = None;
            self.printing = None;
            return;
        };
        self.printing = Some(printing::Printing {
            store: store.clone(),
            service: scope.clone(),
            legacy: self.services.legacy.clone(),
            spooler: self.spooler.clone(),
        });
        let lookup = self.twin.as_ref().and_then(|t| {
            let base = settings::valid_url(&t.base())?;
            SandboxClient::new(base, client_config(&self.language))
                .ok()
                .map(Arc::new)
        });
        let orders = Orders::new(scope, store, self.services.legacy.clone(), lookup);
        let (o, count, reach) = (orders.clone(), self.outbox.clone(), self.reach.clone());
        let repaint = self.repaint.clone();
        let handle = self.rt.spawn(async move {
            let mut since_pass = OUTBOX_EVERY;
            loop {
                // While the service is out of reach or failing, ask it something light often,
                // so the status bar and the outbox follow its return within seconds.
                let down = matches!(reach.get(), Reach::Offline | Reach::Failing);
                if down && o.legacy.is_logged_in().await {
                    let answer = o.legacy.statuses().await;
                    reach.note(&answer);
                    repaint();
                    if answer.is_ok() {
                        since_pass = OUTBOX_EVERY;
                    }
                }
                if since_pass >= OUTBOX_EVERY {
                    since_pass = Duration::ZERO;
                    let waiting = o.outbox_waiting().await;
                    count.store(waiting, Ordering::Relaxed);
                    if waiting > 0 && o.legacy.is_logged_in().await {
                        let report = o.drain().await;
                        if report.confirmed > 0 {
                            reach.note::<()>(&Ok(()));
                        }
                        count.store(o.outbox_waiting().await, Ordering::Relaxed);
                    }
                    repaint();
                }
                tokio::time::sleep(PROBE_EVERY).await;
                since_pass += PROBE_EVERY;
            }
        });
        self.worker = Some(handle.abort_handle());
        self.orders = Some(orders);
    }

    /// Replaces the programs labels are printed with (tests use stand-ins for `lp`).
    pub fn set_spooler(&mut self, spooler: crate::label::print::Spooler) {
        if let Some(p) = &mut self.printing {
            p.spooler = spooler.clone();
        }
        self.spooler = spooler;
    }

    /// What the printer itself is set to (resolution, media), to warn of a mismatch.
    pub fn probe_printer(
        &self,
        printer: crate::label::print::Printer,
    ) -> Option<Task<Result<crate::label::probe::PrinterMedia, String>>> {
        let spooler = self.spooler.clone();
        Some(self.spawn(async move { crate::label::probe::probe(&printer, &spooler).await }))
    }

    /// The print queues this computer knows, for the settings screen's picker.
    pub fn printer_queues(&self) -> Option<Task<Result<Vec<String>, String>>> {
        let spooler = self.spooler.clone();
        Some(self.spawn(async move { crate::label::queues::list(&spooler).await }))
    }

    /// A journaled order's label drawn for the screen with the counter's print settings.
    pub fn label_preview(
        &self,
        order_id: i64,
    ) -> Option<Task<Result<printing::Preview, PrintProblem>>> {
        let p = self.printing.clone()?;
        let (settings, lang) = (self.settings.printing.clone(), self.settings.language);
        Some(self.spawn(async move { p.preview(order_id, &settings, lang).await }))
    }

    /// Prints these orders' labels, a job at a time (one order, or one A4 sheet of four), with
    /// progress and cancel; a reprint carries the clerk's reason. Each outcome is logged.
    pub fn print_labels(
        &self,
        ids: Vec<i64>,
        reason: Option<String>,
    ) -> Option<(Arc<Progress>, Task<Vec<PrintProblem>>)> {
        let p = self.printing.clone()?;
        let (settings, lang) = (self.settings.printing.clone(), self.settings.language);
        let progress = Arc::new(Progress::default());
        progress.total.store(ids.len(), Ordering::Relaxed);
        let (pr, repaint) = (progress.clone(), self.repaint.clone());
        let per_job = settings.size.per_page();
        let task = self.spawn(async move {
            let mut errors = Vec::new();
            for chunk in ids.chunks(per_job) {
                if pr.cancel.load(Ordering::Relaxed) {
                    break;
                }
                if let Err(e) = p.print(chunk, &settings, lang, reason.clone()).await {
                    pr.failed.fetch_add(chunk.len(), Ordering::Relaxed);
                    errors.push(e);
                }
                pr.done.fetch_add(chunk.len(), Ordering::Relaxed);
                repaint();
            }
            errors
        });
        Some((progress, task))
    }

    /// Writes these orders' labels to a PDF file.
    pub fn save_labels(
        &self,
        ids: Vec<i64>,
        path: PathBuf,
    ) -> Option<Task<Result<(), PrintProblem>>> {
        let p = self.printing.clone()?;
        let (settings, lang) = (self.settings.printing.clone(), self.settings.language);
        Some(self.spawn(async move { p.save_pdf(&ids, &settings, lang, path).await }))
    }

    /// An order's print history.
    pub fn print_log(&self, order_id: i64) -> Task<Vec<crate::store::PrintRecord>> {
        let books = self.books();
        self.spawn_blocking(move || {
            books
                .and_then(|(s, svc)| s.prints_of(&svc, order_id).ok())
                .unwrap_or_default()
        })
    }

    /// The store and whose orders it is to show: `None` before login or without a database.
    fn books(&self) -> Option<(Arc<Store>, ServiceKey)> {
        Some((self.store.clone()?, self.scope.clone()?))
    }

    /// Whose orders the journal shows now (the service and company of the session).
    pub fn scope(&self) -> Option<&ServiceKey> {
        self.scope.as_ref()
    }

    /// Where "Save as PDF" proposes to write a label: the documents folder (the clerk's own
    /// files, never the desk's data folder, which holds the database).
    pub fn label_file_for(&self, barcode: &str) -> PathBuf {
        documents_folder().join(format!("label-{barcode}.pdf"))
    }

    /// Asks where to save, through the system's own dialog (on the background runtime: the
    /// dialog blocks its thread, never the UI's). `None` when the clerk cancels.
    pub fn choose_save_path(&self, suggested: PathBuf) -> Task<Option<PathBuf>> {
        self.spawn_blocking(move || {
            let mut dialog = rfd::FileDialog::new().add_filter("PDF", &["pdf"]);
            if let Some(dir) = suggested.parent() {
                dialog = dialog.set_directory(dir);
            }
            if let Some(name) = suggested.file_name() {
                dialog = dialog.set_file_name(name.to_string_lossy());
            }
            dialog.save_file()
        })
    }

    /// False when the database could not be opened (orders cannot be kept safe then).
    pub fn can_take_orders(&self) -> bool {
        self.orders.is_some()
    }

    /// Creates an order exactly once through the outbox.
    pub fn create_order(&self, input: OrderInput) -> Option<Task<CreateResult>> {
        self.create_order_from(input, None)
    }

    /// The same, keeping the form the order came from (JSON) for a later edit.
    pub fn create_order_from(
        &self,
        input: OrderInput,
        draft: Option<String>,
    ) -> Option<Task<CreateResult>> {
        let orders = self.orders.clone()?;
        let (count, reach) = (self.outbox.clone(), self.reach.clone());
        Some(self.spawn(async move {
            let result = orders.create_from(input, draft).await;
            match &result {
                CreateResult::Queued { reason, .. } | CreateResult::Unknown { reason, .. } => {
                    reach.note::<()>(&Err(reason.clone()))
                }
                CreateResult::Local(_) => {}
                _ => reach.note::<()>(&Ok(())),
            }
            count.store(orders.outbox_waiting().await, Ordering::Relaxed);
            result
        }))
    }

    /// The orders still in the outbox, for the clerk to see and decide on.
    pub fn unsent_orders(&self) -> Option<Task<Result<Vec<unsent::Unsent>, String>>> {
        let orders = self.orders.clone()?;
        Some(self.spawn(async move { orders.unsent().await }))
    }

    /// Reads the order a barcode names, set beside the unsent entry `key`.
    pub fn unsent_candidate(
        &self,
        key: String,
        barcode: String,
    ) -> Option<Task<Result<unsent::Candidate, unsent::DecisionError>>> {
        let orders = self.orders.clone()?;
        Some(self.spawn(async move { orders.candidate(&key, &barcode).await }))
    }

    /// A clerk's decision on an unsent entry; the outbox count follows.
    pub fn unsent_decide(
        &self,
        key: String,
        decision: unsent::Decision,
    ) -> Option<Task<Result<unsent::Decided, unsent::DecisionError>>> {
        let orders = self.orders.clone()?;
        let count = self.outbox.clone();
        Some(self.spawn(async move {
            let result = orders.decide(&key, decision).await;
            count.store(orders.outbox_waiting().await, Ordering::Relaxed);
            result
        }))
    }

    /// The legacy price for a form's inputs.
    pub fn calculate(&self, req: CalculateRequest) -> Task<Result<CalculateResponse, ApiError>> {
        let legacy = self.services.legacy.clone();
        let reach = self.reach.clone();
        self.spawn(async move {
            let r = legacy.calculate(&req).await;
            reach.note(&r);
            r
        })
    }

    /// The whole journal (disk, in the background).
    pub fn load_journal(&self) -> Task<Result<Vec<JournalRow>, String>> {
        let books = self.books();
        self.spawn_blocking(move || match books {
            Some((s, svc)) => s.journal(&svc).map_err(|e| e.to_string()),
            None => Ok(Vec::new()),
        })
    }

    /// Reads an order's status and history from the service into the journal.
    pub fn refresh_order(&self, order_id: i64) -> Option<Task<Result<Vec<HistoryRow>, ApiError>>> {
        let orders = self.orders.clone()?;
        let reach = self.reach.clone();
        Some(self.spawn(async move {
            let r = orders.refresh(order_id).await;
            reach.note(&r);
            r
        }))
    }

    /// A journaled order with the tracking link of its record (disk, in the background).
    pub fn journal_entry(&self, order_id: i64) -> Task<Option<JournalEntry>> {
        let books = self.books();
        self.spawn_blocking(move || {
            let (store, svc) = books?;
            let row = store.journal_get(&svc, order_id).ok().flatten()?;
            let tracking = store
                .journal_record(&svc, order_id)
                .ok()
                .flatten()
                .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
                .and_then(|v| {
                    v.get("tracking")
                        .and_then(|t| t.as_str())
                        .map(str::to_string)
                });
            Some((row, tracking))
        })
    }

    /// Finds an order by barcode (journal first, then the service).
    pub fn find_by_barcode(&self, barcode: String) -> Option<Task<Result<Option<i64>, ApiError>>> {
        let orders = self.orders.clone()?;
        let reach = self.reach.clone();
        Some(self.spawn(async move {
            let r = orders.find_by_barcode(&barcode).await;
            reach.note(&r);
            r
        }))
    }

    /// Re-reads the status of these orders from the service into the journal, a few at a time,
    /// counting progress; stops early when cancelled.
    pub fn refresh_statuses(&self, ids: Vec<i64>) -> Option<(Arc<Progress>, Task<()>)> {
        let orders = self.orders.clone()?;
        let progress = Arc::new(Progress::default());
        progress.total.store(ids.len(), Ordering::Relaxed);
        let (p, repaint, reach) = (progress.clone(), self.repaint.clone(), self.reach.clone());
        let task = self.spawn(async move {
            use futures_util::StreamExt;
            let work = futures_util::stream::iter(ids).map(|id| {
                let (orders, p) = (orders.clone(), p.clone());
                async move {
                    if p.cancel.load(Ordering::Relaxed) {
                        return None;
                    }
                    Some(orders.refresh_status(id).await)
                }
            });
            let mut results = work.buffer_unordered(4);
            while let Some(r) = results.next().await {
                match r {
                    Some(Ok(())) => {
                        p.done.fetch_add(1, Ordering::Relaxed);
                    }
                    Some(Err(e)) => {
                        reach.note::<()>(&Err(e.clone()));
                        p.fail(e);
                    }
                    None => {}
                }
                repaint();
            }
        });
        Some((progress, task))
    }

    /// The goods registered for electronic receipts.
    pub fn list_goods(&self) -> Task<Result<Vec<crate::api::legacy::RegisteredGood>, ApiError>> {
        let legacy = self.services.legacy.clone();
        self.spawn(async move { legacy.list_goods().await })
    }

    /// Registers a good for electronic receipts.
    pub fn register_good(
        &self,
        good: crate::api::legacy::GoodInput,
    ) -> Task<Result<crate::api::legacy::RegisteredGood, ApiError>> {
        let legacy = self.services.legacy.clone();
        self.spawn(async move { legacy.register_good(&good).await })
    }

    /// Edits an order on the service and in the journal.
    ///
    /// With exact places or "ready to take" in the form and a current-interface session, the
    /// edit goes through the current interface (the only one that carries them).
    pub fn edit_order(
        &self,
        order_id: i64,
        input: OrderInput,
        draft: String,
        places: current_edit::ExactPlaces,
    ) -> Option<Task<Result<JournalRow, ApiError>>> {
        let orders = self.orders.clone()?;
        let reach = self.reach.clone();
        let via_current = (places.is_set() && self.has_current_session())
            .then(|| (self.services.current.clone(), places));
        Some(self.spawn(async move {
            let r = orders.edit(order_id, input, draft, via_current).await;
            reach.note(&r);
            r
        }))
    }

    /// Whether the clerk is logged in on the current interface too.
    pub fn has_current_session(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.current_login.is_some())
    }

    /// The form an order came from, when this desk created it.
    pub fn order_draft(&self, order_id: i64) -> Task<Option<String>> {
        let books = self.books();
        self.spawn_blocking(move || {
            books.and_then(|(s, svc)| s.journal_draft(&svc, order_id).ok().flatten())
        })
    }

    /// The order form rebuilt from both interfaces' details, for an order whose form this desk
    /// never kept (JSON, as `order_draft` gives it).
    pub fn order_form_from_service(&self, order_id: i64) -> Task<Result<String, String>> {
        let (legacy, current) = (self.services.legacy.clone(), self.services.current.clone());
        self.spawn(async move {
            let (l, c) = tokio::join!(
                legacy.order_detail(order_id),
                current.order_detail(order_id)
            );
            let (l, c) = (l.map_err(|e| e.to_string())?, c.map_err(|e| e.to_string())?);
            let draft =
                draft_from_service::draft_from_records(&l, &c).map_err(|e| e.to_string())?;
            serde_json::to_string(&draft).map_err(|e| e.to_string())
        })
    }

    /// The order's full record from the service.
    pub fn order_detail(
        &self,
        order_id: i64,
    ) -> Task<Result<crate::api::legacy::OrderDetail, ApiError>> {
        let legacy = self.services.legacy.clone();
        self.spawn(async move { legacy.order_detail(order_id).await })
    }

    /// Why an order was cancelled, as the service recorded it (who, when, what).
    pub fn cancellation_reasons(
        &self,
        order_id: i64,
    ) -> Task<Result<Vec<crate::api::legacy::CancellationReason>, ApiError>> {
        let legacy = self.services.legacy.clone();
        self.spawn(async move { legacy.cancellation(order_id).await })
    }

    /// Cancels an order, then re-reads its status and history.
    pub fn cancel_order(&self, order_id: i64) -> Option<Task<Result<Vec<HistoryRow>, ApiError>>> {
        let orders = self.orders.clone()?;
        Some(self.spawn(async move {
            orders.legacy.cancel_order(order_id).await?;
            orders.refresh(order_id).await
        }))
    }

    /// Keeps the open form as a draft (disk, in the background).
    pub fn save_draft(&self, name: &'static str, json: String) {
        if let Some(store) = self.store.clone() {
            let _ = self.spawn_blocking(move || {
                if let Err(e) = store.put_draft(name, &json, chrono::Utc::now().timestamp()) {
                    tracing::warn!("cannot save draft: {e}");
                }
            });
        }
    }

    pub fn clear_draft(&self, name: &'static str) {
        if let Some(store) = self.store.clone() {
            let _ = self.spawn_blocking(move || store.delete_draft(name));
        }
    }

    pub fn load_draft(&self, name: &'static str) -> Task<Option<String>> {
        let store = self.store.clone();
        self.spawn_blocking(move || store.and_then(|s| s.draft(name).ok().flatten()))
    }

    /// Called by workers when a result is ready (the UI passes `ctx.request_repaint`).
    pub fn set_repaint(&mut self, repaint: impl Fn() + Send + Sync + 'static) {
        self.repaint = Arc::new(repaint);
        // The outbox worker reports through the new callback too.
        self.wire_orders();
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

    /// The login form as the desk would pre-fill it: the demo account in demo mode, otherwise
    /// the last login names.
    pub fn login_prefill(&self) -> Credentials {
        if self.is_demo() {
            return Credentials::demo();
        }
        let last = self.settings.last_login.clone().unwrap_or_default();
        Credentials {
            username: last.username,
            inn: last.inn,
            current_login: last.current_login,
            warehouse_login: last.warehouse_login,
            remember: last.remember,
            ..Credentials::default()
        }
    }

    /// Looks up remembered passwords for the pre-filled names in the keyring.
    pub fn recall_passwords(&self, creds: Credentials) -> Task<Credentials> {
        self.spawn_blocking(move || {
            let mut c = creds;
            if !c.remember {
                return c;
            }
            if c.password.is_empty() && !c.username.is_empty() {
                c.password =
                    secrets::recall(&secrets::account("legacy", &c.username)).unwrap_or_default();
            }
            if c.current_password.is_empty() && !c.current_login.is_empty() {
                c.current_password =
                    secrets::recall(&secrets::account("current", &c.current_login))
                        .unwrap_or_default();
            }
            if c.warehouse_password.is_empty() && !c.warehouse_login.is_empty() {
                c.warehouse_password =
                    secrets::recall(&secrets::account("warehouse", &c.warehouse_login))
                        .unwrap_or_default();
            }
            c
        })
    }

    /// Logs in on every interface the clerk filled in.
    pub fn login(&self, creds: Credentials) -> Task<LoginOutcome> {
        let services = self.services.clone();
        let reach = self.reach.clone();
        self.spawn(async move {
            let legacy = services
                .legacy
                .get_token(TokenRequest {
                    username: creds.username.trim().to_string(),
                    password: creds.password.clone(),
                    inn: creds.inn.trim().to_string(),
                })
                .await
                .map(|_| ());
            reach.note(&legacy);
            let current = if creds.current_login.trim().is_empty() {
                None
            } else {
                Some(
                    services
                        .current
                        .login(creds.current_login.trim(), &creds.current_password)
                        .await
                        .map(|_| ()),
                )
            };
            let warehouse = if creds.warehouse_login.trim().is_empty() {
                None
            } else {
                Some(
                    services
                        .warehouse
                        .login(creds.warehouse_login.trim(), &creds.warehouse_password)
                        .await
                        .map(|_| ()),
                )
            };
            LoginOutcome {
                legacy,
                current,
                warehouse,
                credentials: creds,
            }
        })
    }

    /// Opens the session after a successful login; remembers names in the settings and, when the
    /// clerk asked, passwords in the keyring (in the background).
    pub fn open_session(&mut self, outcome: &LoginOutcome) {
        let c = &outcome.credentials;
        self.session = Some(Session {
            legacy_user: c.username.trim().to_string(),
            inn: c.inn.trim().to_string(),
            current_login: matches!(outcome.current, Some(Ok(())))
                .then(|| c.current_login.trim().to_string()),
            warehouse_login: matches!(outcome.warehouse, Some(Ok(())))
                .then(|| c.warehouse_login.trim().to_string()),
        });
        self.enter_scope(c.inn.trim());
        if self.is_demo() {
            return;
        }
        self.settings.last_login = Some(LastLogin {
            username: c.username.trim().to_string(),
            inn: c.inn.trim().to_string(),
            current_login: c.current_login.trim().to_string(),
            warehouse_login: c.warehouse_login.trim().to_string(),
            remember: c.remember,
        });
        let settings = self.settings.clone();
        let dir = self.paths.config_dir.clone();
        let creds = c.clone();
        let _ = self.spawn_blocking(move || {
            if let Err(e) = settings.save(&dir) {
                tracing::warn!("cannot save settings: {e}");
            }
            let pairs = [
                ("legacy", &creds.username, &creds.password),
                ("current", &creds.current_login, &creds.current_password),
                (
                    "warehouse",
                    &creds.warehouse_login,
                    &creds.warehouse_password,
                ),
            ];
            for (iface, login, password) in pairs {
                if login.trim().is_empty() {
                    continue;
                }
                let account = secrets::account(iface, login.trim());
                if creds.remember {
                    secrets::remember(&account, password);
                } else {
                    secrets::forget(&account);
                }
            }
        });
    }

    /// Points the journal, outbox and print log at this company's orders at the wired service
    /// (see [`identity`]). Rows from before services were told apart go to the first configured
    /// service logged in.
    fn enter_scope(&mut self, company: &str) {
        let key = match (&self.twin, &self.settings.service) {
            (Some(twin), _) => identity::service_key(
                &identity::ServiceOrigin::Twin {
                    instance: &twin.instance(),
                },
                company,
            ),
            (None, Some(urls)) => identity::service_key(
                &identity::ServiceOrigin::Urls {
                    legacy: &urls.legacy,
                    current: &urls.current,
                },
                company,
            ),
            (None, None) => ServiceKey::new(format!("unwired|{company}")),
        };
        if self.scope.as_ref() == Some(&key) && self.orders.is_some() {
            return;
        }
        if !self.is_demo()
            && let Some(store) = self.store.clone()
        {
            let k = key.clone();
            let _ = self.spawn_blocking(move || match store.claim_unscoped(&k) {
                Ok(0) => {}
                Ok(n) => {
                    tracing::info!("{n} rows from before services were told apart joined {k:?}")
                }
                Err(e) => tracing::warn!("cannot attribute older rows: {e}"),
            });
        }
        self.scope = Some(key);
        self.wire_orders();
    }

    pub fn logout(&mut self) {
        self.session = None;
        let services = self.services.clone();
        let _ = self.spawn(async move {
            services.legacy.logout().await;
            services.current.logout().await;
            services.warehouse.logout().await;
        });
    }

    /// Reads the cached directories (disk, in the background).
    pub fn load_cached_directories(&self) -> Task<Result<Option<DirectoryData>, String>> {
        let (store, language) = (self.store.clone(), self.settings.language);
        self.spawn_blocking(move || match store {
            Some(s) => directories::load(&s, language),
            None => Ok(None),
        })
    }

    /// Reads the directories from the service and caches them.
    pub fn refresh_directories(&self) -> Task<Result<DirectoryData, ApiError>> {
        let services = self.services.clone();
        let with_current = self
            .session
            .as_ref()
            .is_some_and(|s| s.current_login.is_some());
        let store = self.store.clone();
        let reach = self.reach.clone();
        let language = self.settings.language;
        self.spawn(async move {
            let current = with_current.then_some(services.current.as_ref());
            let result = directories::fetch(&services.legacy, current).await;
            reach.note(&result);
            if let (Ok(data), Some(store)) = (&result, store) {
                let data = data.clone();
                let saved =
                    tokio::task::spawn_blocking(move || directories::save(&store, &data, language))
                        .await;
                if let Ok(Err(e)) | Err(e) = saved.map_err(|e| e.to_string()) {
                    tracing::warn!("cannot cache directories: {e}");
                }
            }
            result
        })
    }

    /// Switches the clerk's language at once: the clients ask the service in it from the next
    /// request on, the session stays, and the choice is saved (in the background).
    pub fn set_language(&mut self, language: Language) -> Task<Result<(), String>> {
        self.language.set(language);
        self.settings.language = language;
        let (settings, dir) = (self.settings.clone(), self.paths.config_dir.clone());
        self.spawn_blocking(move || settings.save(&dir).map_err(|e| e.to_string()))
    }

    /// Applies new settings: saves them; the language switches at once (the clients ask the
    /// service in it from the next request on, the session stays); the clients are re-wired only
    /// when the service's addresses change, which ends the session (another service, other
    /// tokens) but keeps every order in the store under its own service. Invalid URLs are
    /// refused here too.
    pub fn apply_settings(&mut self, new: Settings) -> Result<Task<Result<(), String>>, DeskError> {
        if let Some(urls) = &new.service
            && let Some(settings::SettingsProblem::BadUrl(name)) =
                urls.problems().into_iter().next()
        {
            return Err(DeskError::BadUrl(name));
        }
        self.language.set(new.language);
        if new.service != self.settings.service {
            let (services, twin) = connect(&self.rt, &new, &self.language, &self.paths)?;
            if let Some(old) = self.twin.take() {
                self.rt.spawn(old.stop());
            }
            self.services = services;
            self.twin = twin;
            self.session = None;
            self.scope = None;
            self.directories = None;
            self.wire_orders();
        } else {
            self.services.environment = environment_of(&new);
        }
        self.settings = new.clone();
        let dir = self.paths.config_dir.clone();
        Ok(self.spawn_blocking(move || new.save(&dir).map_err(|e| e.to_string())))
    }
}

fn environment_of(settings: &Settings) -> Environment {
    match settings.service {
        Some(_) => Environment::Service(settings.environment),
        None => Environment::Sandbox,
    }
}

/// Builds the clients for the settings: the configured URLs, or an embedded twin keeping its
/// records beside the desk's database.
fn connect(
    rt: &tokio::runtime::Handle,
    settings: &Settings,
    language: &LanguageCell,
    paths: &DeskPaths,
) -> Result<(Services, Option<RunningSandbox>), DeskError> {
    let cfg = client_config(language);
    let (urls, twin) = match &settings.service {
        Some(urls) => (urls.clone(), None),
        None => {
            crate::private_files::create_dir(&paths.data_dir).map_err(|source| {
                crate::store::StoreError::Folder {
                    path: paths.data_dir.display().to_string(),
                    source,
                }
            })?;
            let twin = rt.block_on(sandbox::start(SandboxConfig {
                data: Some(paths.twin_data()),
                ..SandboxConfig::default()
            }))?;
            let urls = settings::ServiceUrls {
                legacy: twin.legacy_url(),
                current: twin.current_url(),
                warehouse: twin.wms_url(),
            };
            (urls, Some(twin))
        }
    };
    let demo = twin.is_some();
    let parse = |name: &'static str, v: &str| {
        settings::valid_url(v).ok_or(DeskError::BadUrl(if demo { "sandbox" } else { name }))
    };
    let services = Services {
        legacy: Arc::new(LegacyClient::new(
            parse("legacy", &urls.legacy)?,
            cfg.clone(),
        )?),
        current: Arc::new(CurrentClient::new(
            parse("current", &urls.current)?,
            cfg.clone(),
        )?),
        warehouse: Arc::new(WarehouseClient::new(
            parse("warehouse", &urls.warehouse)?,
            cfg,
        )?),
        environment: environment_of(settings),
    };
    Ok((services, twin))
}

/// The user's documents folder: the one the system names, else `Documents` in the home folder
/// when it exists, else the home folder itself.
pub fn documents_folder() -> PathBuf {
    let dirs = ::directories::UserDirs::new();
    if let Some(d) = dirs.as_ref().and_then(|u| u.document_dir()) {
        return d.to_path_buf();
    }
    let home = dirs
        .map(|u| u.home_dir().to_path_buf())
        .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("."));
    let documents = home.join("Documents");
    if documents.is_dir() { documents } else { home }
}
