//! A crate of its own (with its own binary, `parcel-desk-twin`) because an integrator who wants
//! only the twin should build no window toolkit, and it changes with the service, not the desk.
//!
//! The twin of the service: all three interfaces over HTTP with the contract's envelopes, status
//! codes and error bodies, seeded directories, a price formula, a status clock with webhook
//! delivery, and fault injection. It is a product feature (demo and training mode, a test double
//! for integrators: `parcel-desk sandbox --listen 127.0.0.1:8080`) and the backbone of the tests.
//! It uses the wire types of `api`, so the twin and the clients cannot drift apart.

// Route helpers return the finished failure `Response` as their error: boxing it would only add
// noise to every handler, and these are not hot paths.
#![allow(clippy::result_large_err)]

// First, so that its `or_reply!` is known to the route modules below.
#[macro_use]
mod http_util;

pub mod abroad_seed;
mod app;
pub mod command;
mod control;
mod current_gate;
mod current_routes;
mod faults;
mod intl_seed;
mod label_pdf;
mod legacy_routes;
mod limits;
mod links;
mod messages;
mod model;
mod order_checks;
mod persist;
mod pricing;
mod public_pages;
mod render;
mod rng;
pub mod seed;
mod serve;
mod shared;
mod webhook_reg;
mod webhooks;
mod wms_gate;
mod wms_records;
mod wms_routes;
pub mod world;

pub use intl_seed::SEEDED_INTL_ORDERS;
pub use serve::ConnectionLimits;
pub use world::{Faults, TokenRefusal};

use self::model::Iface;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How to run the twin.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    pub listen: SocketAddr,
    /// Keep records in this SQLite file across restarts; in memory when `None`.
    pub data: Option<PathBuf>,
    /// Advance every open order one status this often.
    pub clock: Option<Duration>,
    pub lifetimes: world::Lifetimes,
    pub webhook_attempts: u32,
    pub webhook_backoff: Duration,
    /// Warehouse requests per window per user (the server: 50 per 600 s).
    pub wms_rate_limit: (u32, Duration),
    pub rng_seed: u64,
    /// The HTTP status of the legacy answer to a wrong or expired token: 400 as the deployments
    /// integrators meet, or 401 as others and the contract.
    pub legacy_bad_token_status: u16,
    /// Answer the legacy directories as production does (`{code: 200, message, data}`, cities
    /// named by `nameRu` only, branches with `address_ru`) instead of in the contract's form.
    pub real_shapes: bool,
    /// Also serve each interface at the root of its own address (legacy, current, warehouse),
    /// so that a client written for production's three hosts works unchanged.
    pub split: Option<[SocketAddr; 3]>,
    /// Serve the control routes (`/sandbox/...`: advance, faults, tokens, deliveries) on this
    /// loopback address; they are not served at all without it.
    pub control: Option<SocketAddr>,
    /// Header deadline, connection cap and stop grace of every listener.
    pub limits: ConnectionLimits,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        SandboxConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            data: None,
            clock: None,
            lifetimes: world::Lifetimes::default(),
            webhook_attempts: 6,
            webhook_backoff: webhooks::DEFAULT_BACKOFF,
            wms_rate_limit: (50, Duration::from_secs(600)),
            rng_seed: 0x005E_ED0F_DE5C,
            legacy_bad_token_status: 400,
            real_shapes: false,
            split: None,
            control: None,
            limits: ConnectionLimits::default(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot open the data file {path}: {source}")]
    Data {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("the control routes are served on loopback only, not on {0}")]
    ControlNotLoopback(SocketAddr),
    #[error("cannot build the webhook client: {0}")]
    Client(#[from] reqwest::Error),
}

/// A twin that is serving. Dropping the handle does not stop it; call [`RunningSandbox::stop`].
pub struct RunningSandbox {
    pub addr: SocketAddr,
    state: app::Shared,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
    /// The interfaces on their own ports (legacy, current, warehouse), when asked for.
    pub split: Option<[SocketAddr; 3]>,
    /// The control listener, when asked for.
    pub control: Option<SocketAddr>,
    side_tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl RunningSandbox {
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// `{legacy}?r=route`
    pub fn legacy_url(&self) -> String {
        format!("{}/legacy/index.php", self.base())
    }

    /// `{current}/v1/...`
    pub fn current_url(&self) -> String {
        format!("{}/api", self.base())
    }

    /// `{wms}/v1/...`
    pub fn wms_url(&self) -> String {
        format!("{}/wms", self.base())
    }

    /// The three interfaces at the roots of their own ports, when the twin was asked to split.
    pub fn split_urls(&self) -> Option<[String; 3]> {
        self.split.map(|addrs| addrs.map(|a| format!("http://{a}")))
    }

    /// The control routes' root (`{control}/sandbox/...`), when the twin serves them.
    pub fn control_url(&self) -> Option<String> {
        self.control.map(|a| format!("http://{a}"))
    }

    /// The lines the command prints on start: the three interfaces, their own ports if split,
    /// and the control listener if there is one.
    pub fn banner(&self) -> String {
        let mut text = format!(
            "legacy  {}\ncurrent {}\nwms     {}",
            self.legacy_url(),
            self.current_url(),
            self.wms_url()
        );
        if let Some([legacy, current, wms]) = self.split_urls() {
            text.push_str(&format!(
                "\nlegacy  {legacy}\ncurrent {current}\nwms     {wms}"
            ));
        }
        if let Some(control) = self.control_url() {
            text.push_str(&format!("\ncontrol {control}"));
        }
        text
    }

    /// Sets faults directly (the same as `POST /sandbox/faults`).
    pub fn set_faults(&self, faults: Faults) {
        self.state.world().faults = faults;
    }

    /// The name of this twin's records (see [`new_instance_id`]): the same after a restart on the
    /// same data file, different for a twin that started over.
    pub fn instance(&self) -> String {
        self.state.world().instance.clone()
    }

    /// Number of orders the twin holds, for tests of exactly-once delivery.
    pub fn order_count(&self) -> usize {
        self.state.world().orders.len()
    }

    pub async fn stop(mut self) {
        for t in &self.side_tasks {
            t.abort();
        }
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        let _ = (&mut self.task).await;
    }

    /// Serves until the task ends (the standalone command).
    pub async fn wait(self) {
        let _ = self.task.await;
    }
}

/// A fresh name for a twin's records: time and a per-process random salt, hex.
pub(crate) fn new_instance_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(nanos);
    format!("{nanos:x}-{:016x}", h.finish())
}

async fn bind(at: SocketAddr) -> Result<(tokio::net::TcpListener, SocketAddr), SandboxError> {
    let listener = tokio::net::TcpListener::bind(at)
        .await
        .map_err(|source| SandboxError::Listen { addr: at, source })?;
    let local = listener
        .local_addr()
        .map_err(|source| SandboxError::Listen { addr: at, source })?;
    Ok((listener, local))
}

/// Binds and starts serving on the current tokio runtime.
pub async fn start(config: SandboxConfig) -> Result<RunningSandbox, SandboxError> {
    if let Some(at) = config.control
        && !at.ip().is_loopback()
    {
        return Err(SandboxError::ControlNotLoopback(at));
    }
    let (listener, addr) = bind(config.listen).await?;
    let mut split_listeners = Vec::new();
    for at in config.split.into_iter().flatten() {
        split_listeners.push(bind(at).await?);
    }
    let control = match config.control {
        Some(at) => Some(bind(at).await?),
        None => None,
    };
    let persist = match &config.data {
        Some(path) => Some(
            persist::Persist::open(path).map_err(|source| SandboxError::Data {
                path: path.clone(),
                source,
            })?,
        ),
        None => None,
    };
    let seed = Arc::new(seed::Seed::build());
    let world = world::World::new(
        seed,
        format!("http://{addr}"),
        config.lifetimes,
        config.rng_seed,
        persist,
    );
    let mut addresses = vec![addr];
    addresses.extend(split_listeners.iter().map(|(_, a)| *a));
    addresses.extend(control.iter().map(|(_, a)| *a));
    let state: app::Shared = Arc::new(app::AppState::new(world, config.clone(), addresses)?);
    let limits = config.limits;
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let mut side_tasks = Vec::new();
    if let Some(every) = config.clock {
        let clock_state = state.clone();
        side_tasks.push(tokio::spawn(async move {
            let mut interval = tokio::time::interval(every);
            interval.tick().await;
            loop {
                interval.tick().await;
                let jobs = clock_state.world().tick();
                webhooks::send(&clock_state, jobs);
            }
        }));
    }
    let task = tokio::spawn(serve::serve(
        listener,
        app::router(state.clone()),
        limits,
        Some(rx),
    ));
    let mut split_addrs = Vec::new();
    for ((listener, local), iface) in
        split_listeners
            .into_iter()
            .zip([Iface::Legacy, Iface::Current, Iface::Warehouse])
    {
        let router = app::interface_router(state.clone(), iface);
        side_tasks.push(tokio::spawn(serve::serve(listener, router, limits, None)));
        split_addrs.push(local);
    }
    let control = control.map(|(listener, local)| {
        let router = app::control_router(state.clone());
        side_tasks.push(tokio::spawn(serve::serve(listener, router, limits, None)));
        local
    });
    Ok(RunningSandbox {
        addr,
        state,
        shutdown: Some(tx),
        task,
        split: <[SocketAddr; 3]>::try_from(split_addrs).ok(),
        control,
        side_tasks,
    })
}
