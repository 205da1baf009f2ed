//! The room of what the forms pick from: directories and their sync, place names, goods.
//!
//! Reference data the forms pick from: the service's directories (cached per language) and the
//! goods registered for electronic receipts.

pub mod abroad_cities;
pub mod directories;
pub(crate) mod directory_sync;
pub(crate) mod place_names;

use crate::*;
use api::codes::Language;
use api::legacy::{GoodInput, RegisteredGood};
use directories::Directories;

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
            let (Ok(mut data), Some(store)) = (result.clone(), store) else {
                return result;
            };
            // Cities abroad learned before (from older orders, or lists read since) stay.
            let saved = tokio::task::spawn_blocking(move || {
                if let Ok(Some(before)) = directories::load(&store, language) {
                    let fresh = std::mem::take(&mut data.abroad_cities);
                    data.abroad_cities = before.abroad_cities;
                    abroad_cities::merge(&mut data.abroad_cities, fresh);
                }
                // The same cities as read in the other languages name them too.
                for other in [Language::Uz, Language::Ru, Language::En] {
                    if other != language
                        && let Ok(Some(read)) = directories::load(&store, other)
                    {
                        abroad_cities::name_in_others(&mut data.abroad_cities, &read.abroad_cities);
                    }
                }
                directories::save(&store, &data, language).map(|_| data)
            })
            .await;
            match saved.map_err(|e| e.to_string()) {
                Ok(Ok(data)) => Ok(data),
                Ok(Err(e)) | Err(e) => {
                    tracing::warn!("cannot cache directories: {e}");
                    result
                }
            }
        })
    }

    /// Learns the cities abroad a list of international orders names; the directories shown
    /// and their copy on disk get the new ones (the pickers offer them at once).
    pub fn learn_abroad_cities(&mut self, orders: &[api::international::IntlOrder]) {
        let Some(dirs) = &self.directories else {
            return;
        };
        let mut data = dirs.data.clone();
        if !abroad_cities::learn(&mut data.abroad_cities, orders) {
            return;
        }
        let (from_cache, language) = (dirs.from_cache, self.settings.language);
        self.directories = Some(Directories::new(data.clone(), from_cache, language));
        if let Some(store) = self.store.clone() {
            drop(self.spawn_blocking(move || {
                if let Err(e) = directories::save(&store, &data, language) {
                    tracing::warn!("cannot cache directories: {e}");
                }
            }));
        }
    }
}
