//! One error for what the desk does: a service's answer, the store on this computer, the
//! settings file, the embedded twin, a form that cannot be read. The UI turns any of them into
//! the clerk's words in one place (`ui::widgets::errors::tell_desk`); a full disk is never told
//! as "an unreadable answer from the service".

use crate::session::settings;
use api::ApiError;

#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    #[error(transparent)]
    Settings(#[from] settings::SettingsError),
    #[error("the embedded twin could not start: {0}")]
    Sandbox(#[from] twin::SandboxError),
    /// The database on this computer.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// The service answered with a failure, or did not answer.
    #[error(transparent)]
    Service(#[from] ApiError),
    #[error("the {0} address is not a valid http(s) URL")]
    BadUrl(&'static str),
    /// An order's fate cannot be settled here: the service offers no lookup by key.
    #[error("the service offers no lookup by key")]
    NoLookup,
    /// Something kept or received cannot be read back (a kept form, a record).
    #[error("unreadable: {0}")]
    Unreadable(String),
}

impl DeskError {
    /// The service's failure, when it is one (for the status bar's reachability).
    pub fn service(&self) -> Option<&ApiError> {
        match self {
            DeskError::Service(e) => Some(e),
            _ => None,
        }
    }
}

impl From<serde_json::Error> for DeskError {
    fn from(e: serde_json::Error) -> DeskError {
        DeskError::Unreadable(e.to_string())
    }
}
