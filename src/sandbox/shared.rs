//! The twin's state shared by every route and background task: the world behind one lock, the
//! configuration and the webhook client. A leaf: routes import it, it imports no route.

use super::SandboxConfig;
use super::world::World;
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
}
