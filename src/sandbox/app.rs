//! The running twin: shared state, the router of all three interfaces plus the control routes,
//! and the background tasks (status clock, webhook delivery).

use super::world::{WebhookJob, World};
use super::{SandboxConfig, control, current_routes, faults, legacy_routes, webhooks, wms_routes};
use axum::Router;
use axum::routing::any;
use std::sync::{Arc, Mutex, MutexGuard};

pub struct AppState {
    world: Mutex<World>,
    pub config: SandboxConfig,
    /// Client for webhook delivery.
    pub hooks: reqwest::Client,
}

pub type Shared = Arc<AppState>;

impl AppState {
    pub fn new(world: World, config: SandboxConfig) -> Result<AppState, reqwest::Error> {
        let hooks = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .build()?;
        Ok(AppState {
            world: Mutex::new(world),
            config,
            hooks,
        })
    }

    /// The world, for a short synchronous section (never held across an await).
    pub fn world(&self) -> MutexGuard<'_, World> {
        self.world
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn send_webhooks(self: &Arc<Self>, jobs: Vec<WebhookJob>) {
        for job in jobs {
            webhooks::spawn(self.clone(), job);
        }
    }
}

pub fn router(state: Shared) -> Router {
    let faulty = Router::new()
        .route("/legacy/index.php", any(legacy_routes::entry))
        .nest("/api", current_routes::router())
        .nest("/wms", wms_routes::router())
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            faults::layer,
        ));
    faulty
        .merge(control::router())
        .fallback(|| async {
            super::http_util::framework(axum::http::StatusCode::NOT_FOUND, "Page not found.")
        })
        .with_state(state)
}
