//! Whether the service answers, as the last answers showed it, and the progress of batches of
//! background work (shared between the desk, its workers and the screens).

use api::ApiError;
use std::sync::atomic::{AtomicU8, Ordering};

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

    /// Records what an answer says about reachability (a failure on this computer says
    /// nothing about the service).
    pub fn note<T, E: ServiceFailure>(&self, result: &Result<T, E>) {
        let v = match result.as_ref().err().map(|e| e.service_failure()) {
            Some(None) => return,
            Some(Some(ApiError::Connect { .. } | ApiError::NoAnswer { .. })) => 2,
            Some(Some(ApiError::Server { .. } | ApiError::RateLimited { .. })) => 3,
            _ => 1,
        };
        self.0.store(v, Ordering::Relaxed);
    }
}

/// An error that may be the service's.
pub trait ServiceFailure {
    fn service_failure(&self) -> Option<&ApiError>;
}

impl ServiceFailure for ApiError {
    fn service_failure(&self) -> Option<&ApiError> {
        Some(self)
    }
}

impl ServiceFailure for crate::DeskError {
    fn service_failure(&self) -> Option<&ApiError> {
        self.service()
    }
}

/// Progress of a batch of background work that the clerk can cancel.
#[derive(Default)]
pub struct Progress {
    pub done: std::sync::atomic::AtomicUsize,
    pub failed: std::sync::atomic::AtomicUsize,
    pub total: std::sync::atomic::AtomicUsize,
    pub cancel: std::sync::atomic::AtomicBool,
    /// Why the last failure failed, for the clerk.
    last_error: std::sync::Mutex<Option<std::sync::Arc<crate::DeskError>>>,
}

impl Progress {
    /// Counts one failure and keeps why.
    pub fn fail(&self, error: impl Into<crate::DeskError>) {
        self.failed.fetch_add(1, Ordering::Relaxed);
        *self.last_error.lock().unwrap_or_else(|p| p.into_inner()) =
            Some(std::sync::Arc::new(error.into()));
    }

    pub fn last_error(&self) -> Option<std::sync::Arc<crate::DeskError>> {
        self.last_error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}
