//! What can stop the desk itself from starting or re-wiring (as opposed to one call failing).

use super::settings;
use crate::api::ApiError;
use crate::sandbox;

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
