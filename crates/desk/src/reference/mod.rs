//! The room of what the forms pick from: directories and their sync, place names, goods.
//!
//! Reference data the forms pick from: the service's directories (cached per language) and the
//! goods registered for electronic receipts.

pub mod directories;
pub(crate) mod directory_sync;
pub(crate) mod place_names;

use crate::*;
use api::legacy::{GoodInput, RegisteredGood};

impl Desk {
    /// The goods registered for electronic receipts.
    pub fn list_goods(&self) -> Task<Result<Vec<RegisteredGood>, ApiError>> {
        let legacy = self.services.legacy.clone();
        self.spawn_noted(async move { legacy.list_goods().await })
    }

    /// Registers a good for electronic receipts.
    pub fn register_good(&self, good: GoodInput) -> Task<Result<RegisteredGood, ApiError>> {
        let legacy = self.services.legacy.clone();
        self.spawn_noted(async move { legacy.register_good(&good).await })
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
}
