//! Forms kept as typed: each form the clerk fills in (a parcel, a supplier, a product) is written
//! to this computer's database under its name while it changes, and read back when the screen
//! opens again, so a crash or a closed window loses nothing. Written in the background; a form
//! that cannot be kept is logged, never shown as an error mid-typing.

use crate::*;

impl Desk {
    /// Keeps a form as it stands now.
    pub fn keep_form<T: serde::Serialize>(&self, name: &'static str, form: &T) {
        let (Some(store), Ok(json)) = (self.store.clone(), serde_json::to_string(form)) else {
            return;
        };
        let _ = self.spawn_blocking(move || {
            if let Err(e) = store.put_draft(name, &json, chrono::Utc::now().timestamp()) {
                tracing::warn!("cannot keep the form {name}: {e}");
            }
        });
    }

    /// Forgets a kept form (it was sent, or the clerk cleared it).
    pub fn forget_form(&self, name: &'static str) {
        if let Some(store) = self.store.clone() {
            let _ = self.spawn_blocking(move || store.delete_draft(name));
        }
    }

    /// A form as it was kept, if any (one that no longer reads is left behind).
    pub fn kept_form<T>(&self, name: &'static str) -> Task<Option<T>>
    where
        T: serde::de::DeserializeOwned + Send + 'static,
    {
        let store = self.store.clone();
        self.spawn_blocking(move || {
            let json = store.and_then(|s| s.draft(name).ok().flatten())?;
            serde_json::from_str(&json).ok()
        })
    }
}
