//! Keeping the directories the forms pick from: at login (and on a language switch) the copy on
//! disk is shown at once, then the service's is read and replaces it; Refresh reads it again.
//! The desk owns this, so no screen has to be opened for the order form to have its cities.

use crate::Desk;
use crate::reference::directories::{Directories, DirectoryData};
use crate::task::{Task, take};
use api::ApiError;

/// The reads under way and the last failure.
#[derive(Default)]
pub(crate) struct DirectorySync {
    cached: Option<Task<Result<Option<DirectoryData>, String>>>,
    fresh: Option<Task<Result<DirectoryData, ApiError>>>,
    /// Why the last read from the service failed (the copy on disk is shown meanwhile).
    failed: Option<ApiError>,
}

/// What the desk's own background work has to tell the clerk.
#[derive(Debug)]
pub enum DeskNote {
    /// The directories could not be read from the service.
    DirectoriesFailed(ApiError),
    /// The clients for another service could not be built (the twin did not start).
    Rewiring(crate::DeskError),
    /// The shop's shared database could not be opened.
    ShopDatabase(crate::DeskError),
    /// A background task ended without an answer.
    Lost,
    /// This counter's file was found damaged when it opened: set aside, a fresh one in its place.
    FileSetAside(store::SetAside),
    /// A journaled order's status moved (a notification or a reading).
    StatusMoved(crate::live::live_status::Moved),
}

impl Desk {
    /// Shows the copy on disk (when nothing is shown yet) and reads the service's.
    pub fn sync_directories(&mut self) {
        if self.sync.cached.is_none() && self.directories.is_none() {
            self.sync.cached = Some(self.load_cached_directories());
        }
        self.refresh_directories_now();
    }

    /// Reads the directories from the service again (Refresh), unless a read is under way.
    pub fn refresh_directories_now(&mut self) {
        if self.sync.fresh.is_none() {
            self.sync.fresh = Some(self.refresh_directories());
        }
    }

    /// Forgets the directories shown (another service or language) and any read under way.
    pub(crate) fn forget_directories(&mut self) {
        self.directories = None;
        self.sync = DirectorySync::default();
    }

    /// The service names cities, statuses and types in the language asked: read them again in
    /// the new one (what is shown stays until the new answer replaces it).
    pub(crate) fn reread_directories(&mut self) {
        if self.session.is_some() {
            self.sync = DirectorySync::default();
            self.sync_directories();
        }
    }

    pub fn directories_loading(&self) -> bool {
        self.sync.cached.is_some() || self.sync.fresh.is_some()
    }

    /// Why the last read from the service failed, while no later one succeeded.
    pub fn directories_failed(&self) -> Option<&ApiError> {
        self.sync.failed.as_ref()
    }

    /// Picks up the desk's own finished work; what the clerk should hear comes back.
    pub fn poll(&mut self) -> Vec<DeskNote> {
        let mut notes: Vec<DeskNote> = self.finish_rewiring().into_iter().collect();
        match take(&mut self.store_opening) {
            Some(Ok(Ok(store))) => {
                self.store = Some(std::sync::Arc::new(store));
                self.store_error = None;
                self.wire_orders();
            }
            Some(Ok(Err(e))) => {
                tracing::error!("shop database unavailable: {e}");
                self.store_error = Some(e.to_string());
                notes.push(DeskNote::ShopDatabase(e.into()));
            }
            Some(Err(_)) => notes.push(DeskNote::Lost),
            None => {}
        }
        notes.extend(self.poll_live().into_iter().map(DeskNote::StatusMoved));
        self.follow_people();
        self.follow_scale();
        if !self.said_set_aside
            && let Some(aside) = self.store.as_ref().and_then(|s| s.set_aside())
        {
            self.said_set_aside = true;
            notes.push(DeskNote::FileSetAside(aside.clone()));
        }
        match take(&mut self.sync.cached) {
            Some(Ok(Ok(Some(data)))) if self.directories.is_none() => {
                let dirs = Directories::new(data, true, self.settings.language);
                if let Some(p) = &self.printing {
                    *p.names.write().unwrap_or_else(|p| p.into_inner()) = dirs.renamer();
                }
                self.directories = Some(dirs);
            }
            Some(Ok(Ok(_))) | None => {}
            Some(Ok(Err(e))) => tracing::warn!("directory cache unreadable: {e}"),
            Some(Err(_)) => notes.push(DeskNote::Lost),
        }
        match take(&mut self.sync.fresh) {
            Some(Ok(Ok(data))) => {
                self.sync.failed = None;
                let dirs = Directories::new(data, false, self.settings.language);
                if let Some(p) = &self.printing {
                    *p.names.write().unwrap_or_else(|p| p.into_inner()) = dirs.renamer();
                }
                self.directories = Some(dirs);
            }
            Some(Ok(Err(e))) => {
                self.sync.failed = Some(e.clone());
                notes.push(DeskNote::DirectoriesFailed(e));
            }
            Some(Err(_)) => notes.push(DeskNote::Lost),
            None => {}
        }
        notes
    }
}
