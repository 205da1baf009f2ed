//! Which service the desk talks to: the three clients for the configured URLs or the embedded
//! twin, re-wired when the settings change, and the outbox worker started for the session.

use crate::labels::printing;
use crate::reference::directory_sync::DeskNote;
use crate::session::settings;
use crate::task::take;
use crate::*;

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

/// How often the worker looks whether today's copy of this counter's file is made.
const COPY_EVERY: Duration = Duration::from_secs(3600);

/// How often the outbox worker retries what is waiting.
const OUTBOX_EVERY: Duration = Duration::from_secs(15);
/// How often the service is asked whether it is back, while it is out of reach or failing, and
/// the shop's database whether it answers again (what was kept here then goes to it).
const PROBE_EVERY: Duration = Duration::from_secs(1);

/// The system file dialog needs the desktop portal (a session bus) or `zenity` on Linux and the
/// BSDs; Windows and macOS always have theirs.
pub(crate) fn system_file_dialog_available() -> bool {
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
    /// Builds the order context for the current service and (re)starts the outbox worker.
    pub(crate) fn wire_orders(&mut self) {
        if let Some(w) = self.worker.take() {
            w.abort();
        }
        let (Some(store), Some(scope)) = (self.store.clone(), self.scope.clone()) else {
            self.orders = None;
            self.printing = None;
            self.parcels = None;
            return;
        };
        let repaint = self.repaint.clone();
        store.on_shop_change(Arc::new(move || repaint()));
        store.set_counter(&self.settings.shop.counter_name());
        store.follow_clerk(self.clerk.clone());
        let shared = store.is_shared();
        self.parcels = Some(crate::international::parcels::Parcels {
            store: store.clone(),
            service: scope.clone(),
            legacy: self.services.legacy.clone(),
        });
        let names = self
            .directories
            .as_ref()
            .map(|d| d.renamer())
            .unwrap_or_default();
        self.printing = Some(printing::Printing {
            store: store.clone(),
            service: scope.clone(),
            legacy: self.services.legacy.clone(),
            spooler: self.spooler.clone(),
            names: Arc::new(std::sync::RwLock::new(names)),
        });
        let lookup = self.twin.as_ref().and_then(|t| {
            let base = settings::valid_url(&t.control_url()?)?;
            SandboxClient::new(base, client_config(&self.language))
                .ok()
                .map(Arc::new)
        });
        let orders = Orders::new(scope, store, self.services.legacy.clone(), lookup)
            .with_clerk(self.clerk.clone());
        let (o, count, reach) = (orders.clone(), self.outbox.clone(), self.reach.clone());
        let kept = self.kept.clone();
        let repaint = self.repaint.clone();
        let backups = self.paths.backups();
        let handle = self.rt.spawn(async move {
            let mut since_pass = OUTBOX_EVERY;
            let mut since_copy = COPY_EVERY;
            loop {
                // This counter's file, copied once a day (a look an hour: is today's there?).
                if since_copy >= COPY_EVERY {
                    since_copy = Duration::ZERO;
                    let (store, folder) = (o.store.clone(), backups.clone());
                    let copied =
                        tokio::task::spawn_blocking(move || store.daily_copy(&folder)).await;
                    match copied {
                        Ok(Ok(Some(path))) => tracing::info!("copied to {}", path.display()),
                        Ok(Ok(None)) => {}
                        Ok(Err(e)) => tracing::warn!("the daily copy was not made: {e}"),
                        Err(e) => tracing::warn!("the daily copy stopped: {e}"),
                    }
                }
                since_copy += PROBE_EVERY;
                // Creates kept here while the shop's database was away go to its outbox as
                // soon as it answers, then out with the next pass.
                if shared {
                    let before = kept.load(Ordering::Relaxed);
                    let was_away = o.store.shop_away();
                    let now = o.return_kept().await;
                    // A count that could not be read keeps the last one shown.
                    let now = if now < 0 { before } else { now };
                    kept.store(now, Ordering::Relaxed);
                    if now < before {
                        since_pass = OUTBOX_EVERY;
                    }
                    // The status bar and the lists follow the database's going and coming at
                    // once, even on a counter nobody is using.
                    if now != before || o.store.shop_away() != was_away {
                        repaint();
                    }
                }
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
                            reach.note::<(), ApiError>(&Ok(()));
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

    /// Opens where the settings keep the shop's records, in the background: this counter's
    /// file, or the shop's database. Until it is open the desk has no journal.
    pub(crate) fn open_store(&mut self) {
        let path = self.paths.database();
        let shop = self.settings.shop.connection();
        self.store = None;
        self.store_error = None;
        self.store_opening = Some(self.spawn_blocking(move || match shop {
            Some(url) => Store::open_shop(&path, &url),
            None => Store::open(&path),
        }));
        self.wire_orders();
    }

    /// Whether the shop's records are being opened.
    pub fn store_opening(&self) -> bool {
        self.store_opening.is_some()
    }

    /// Called by workers when a result is ready (the UI passes `ctx.request_repaint`).
    pub fn set_repaint(&mut self, repaint: impl Fn() + Send + Sync + 'static) {
        self.repaint = Arc::new(repaint);
        // The outbox worker and the scale report through the new callback too.
        self.wire_orders();
        self.wake_for_scale();
    }

    /// Switches the clerk's language at once: the clients ask the service in it from the next
    /// request on, the session stays, and the choice is saved (in the background).
    pub fn set_language(&mut self, language: Language) -> Task<Result<(), String>> {
        self.language.set(language);
        let switched = self.settings.language != language;
        self.settings.language = language;
        if switched {
            self.reread_directories();
        }
        let (settings, dir) = (self.settings.clone(), self.paths.config_dir.clone());
        self.spawn_blocking(move || settings.save(&dir).map_err(|e| e.to_string()))
    }

    /// Whether the clients are being built for another service (logging in waits for it).
    pub fn is_connecting(&self) -> bool {
        self.rewiring.is_some()
    }

    /// Installs the clients built for another service, once ready.
    pub(crate) fn finish_rewiring(&mut self) -> Option<DeskNote> {
        match take(&mut self.rewiring)? {
            Ok(Ok((services, twin))) => {
                self.services = services;
                self.twin = twin;
                self.wire_orders();
                None
            }
            Ok(Err(e)) => Some(DeskNote::Rewiring(e)),
            Err(_) => Some(DeskNote::Lost),
        }
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
        let shop_before = self.settings.shop.clone();
        let reopen = new.shop.connection() != self.settings.shop.connection();
        if new.service != self.settings.service {
            // Another service: the session ends at once; the clients are built in the
            // background (starting the twin takes a moment) and installed by `poll`.
            let old = self.twin.take();
            let (s, l, p) = (new.clone(), self.language.clone(), self.paths.clone());
            self.rewiring = Some(self.spawn(async move {
                if let Some(old) = old {
                    old.stop().await;
                }
                connect_to(s, l, p).await
            }));
            self.session = None;
            self.scope = None;
            self.forget_directories();
            self.wire_orders();
        } else {
            self.services.environment = environment_of(&new);
            if new.language != self.settings.language {
                self.settings.language = new.language;
                self.reread_directories();
            }
        }
        let recount = new.shop.counter != self.settings.shop.counter;
        self.settings = new.clone();
        if reopen {
            self.open_store();
        } else if recount {
            self.wire_orders();
        }
        self.wire_scale();
        let dir = self.paths.config_dir.clone();
        Ok(self.spawn_blocking(move || {
            if !new.shop.keep_password(&shop_before) {
                tracing::warn!(
                    "no keyring: the shop database's password holds until the desk closes"
                );
            }
            new.save(&dir).map_err(|e| e.to_string())
        }))
    }
}

fn environment_of(settings: &Settings) -> Environment {
    match settings.service {
        Some(_) => Environment::Service(settings.environment),
        None => Environment::Sandbox,
    }
}

/// Builds the clients for the settings (blocking: only before the first frame).
pub(crate) fn connect(
    rt: &tokio::runtime::Handle,
    settings: &Settings,
    language: &LanguageCell,
    paths: &DeskPaths,
) -> Result<(Services, Option<RunningSandbox>), DeskError> {
    rt.block_on(connect_to(
        settings.clone(),
        language.clone(),
        paths.clone(),
    ))
}

/// Builds the clients for the settings: the configured URLs, or an embedded twin keeping its
/// records beside the desk's database.
pub(crate) async fn connect_to(
    settings: Settings,
    language: LanguageCell,
    paths: DeskPaths,
) -> Result<(Services, Option<RunningSandbox>), DeskError> {
    let cfg = client_config(&language);
    let (urls, twin) = match &settings.service {
        Some(urls) => (urls.clone(), None),
        None => {
            files::create_dir(&paths.data_dir).map_err(|source| store::StoreError::Folder {
                path: paths.data_dir.display().to_string(),
                source,
            })?;
            let twin = ::twin::start(SandboxConfig {
                data: Some(paths.twin_data()),
                // The desk finds an order whose answer was lost through the control routes.
                control: Some(std::net::SocketAddr::from(([127, 0, 0, 1], 0))),
                ..SandboxConfig::default()
            })
            .await?;
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
        environment: environment_of(&settings),
    };
    Ok((services, twin))
}
