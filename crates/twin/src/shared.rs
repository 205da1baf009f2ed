//! The twin's state shared by every route and background task: the world behind one lock, the
//! configuration and the webhook client. A leaf: routes import it, it imports no route.

use super::SandboxConfig;
use super::world::World;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

pub(crate) struct AppState {
    world: Mutex<World>,
    pub config: SandboxConfig,
    /// Client for webhook delivery (it follows no redirects: a redirect could lead back here).
    pub hooks: reqwest::Client,
    /// Deliveries in flight at once: a tick that moves thousands of orders sends their
    /// notifications a few at a time over a few kept connections, as a service's sender does,
    /// instead of opening a connection each at the receiver all at once.
    pub sending: tokio::sync::Semaphore,
    /// Every address this twin listens on (service, split interfaces, control), so that a
    /// webhook address pointing at the twin itself can be refused.
    pub addresses: Vec<std::net::SocketAddr>,
    /// How often each interface was asked to log in and to refresh (read on the control
    /// listener), so a test can tell a refresh from a fresh login.
    pub auth_calls: AuthCalls,
}

/// Counts of the token routes, by interface.
#[derive(Default)]
pub(crate) struct AuthCalls {
    pub current_login: AtomicU64,
    pub current_refresh: AtomicU64,
    pub wms_login: AtomicU64,
    pub wms_refresh: AtomicU64,
}

impl AuthCalls {
    pub(crate) fn count(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

pub(crate) type Shared = Arc<AppState>;

/// Notifications on their way at once (see [`AppState::sending`]).
const SENDING: usize = 8;

impl AppState {
    pub(crate) fn new(
        world: World,
        config: SandboxConfig,
        addresses: Vec<std::net::SocketAddr>,
    ) -> Result<AppState, reqwest::Error> {
        let hooks = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .pool_max_idle_per_host(SENDING)
            .build()?;
        Ok(AppState {
            world: Mutex::new(world),
            config,
            hooks,
            sending: tokio::sync::Semaphore::new(SENDING),
            addresses,
            auth_calls: AuthCalls::default(),
        })
    }

    /// The world, for a short synchronous section (never held across an await).
    pub(crate) fn world(&self) -> MutexGuard<'_, World> {
        self.world
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
