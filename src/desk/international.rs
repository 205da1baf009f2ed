//! International parcels as the screens start them: send exactly once, track, list. Each runs on
//! the background runtime and notes what the answer says about reachability.

use super::parcels::SendResult;
use super::*;
use crate::api::international::{ParcelInput, ParcelTrack};
use crate::store::ParcelRow;

impl Desk {
    /// Sends a parcel once (its number is the key); `None` before login or without a database.
    pub fn send_parcel(&self, input: ParcelInput) -> Option<Task<SendResult>> {
        let parcels = self.parcels.clone()?;
        let reach = self.reach.clone();
        Some(self.spawn(async move {
            let result = parcels.send(input).await;
            match &result {
                SendResult::Unknown(e) => {
                    if let Some(e) = e.service() {
                        reach.note::<(), ApiError>(&Err(e.clone()));
                    }
                }
                SendResult::Failed(_) => {}
                _ => reach.note::<(), ApiError>(&Ok(())),
            }
            result
        }))
    }

    /// Where a parcel is now, by its number (a scan or typed).
    pub fn track_parcel(&self, number: String) -> Option<Task<Result<ParcelTrack, DeskError>>> {
        let parcels = self.parcels.clone()?;
        let reach = self.reach.clone();
        Some(self.spawn(async move {
            let result = parcels.track(&number).await;
            if let Err(DeskError::Service(e)) = &result {
                reach.note::<(), ApiError>(&Err(e.clone()));
            }
            result
        }))
    }

    /// Hands these parcels over together under `number`, once.
    pub fn submit_manifest(
        &self,
        number: String,
        date: chrono::NaiveDate,
        parcels: Vec<String>,
    ) -> Option<Task<super::parcels::ManifestOutcome>> {
        let p = self.parcels.clone()?;
        Some(self.spawn(async move { p.submit_manifest(number, date, parcels).await }))
    }

    /// This desk's parcels and manifests, newest first (what the manifest screen shows).
    pub fn manifest_view(&self) -> Option<Task<Result<super::parcels::ManifestView, DeskError>>> {
        let p = self.parcels.clone()?;
        Some(self.spawn(async move { Ok((p.list().await?, p.manifests().await?)) }))
    }

    /// This desk's parcels, newest first.
    pub fn parcel_list(&self) -> Option<Task<Result<Vec<ParcelRow>, DeskError>>> {
        let parcels = self.parcels.clone()?;
        Some(self.spawn(async move { parcels.list().await }))
    }
}

/// The draft name of the new-parcel form.
pub const PARCEL_DRAFT: &str = "new-parcel";

impl Desk {
    /// Keeps the new-parcel form as typed (disk, in the background), so nothing typed is lost.
    pub fn save_parcel_form(&self, draft: &super::parcel_draft::ParcelDraft) {
        let (Some(store), Ok(json)) = (self.store.clone(), serde_json::to_string(draft)) else {
            return;
        };
        let _ = self.spawn_blocking(move || {
            if let Err(e) = store.put_draft(PARCEL_DRAFT, &json, chrono::Utc::now().timestamp()) {
                tracing::warn!("cannot save the parcel draft: {e}");
            }
        });
    }

    /// Forgets the kept new-parcel form (it was sent).
    pub fn clear_parcel_form(&self) {
        if let Some(store) = self.store.clone() {
            let _ = self.spawn_blocking(move || store.delete_draft(PARCEL_DRAFT));
        }
    }

    /// The new-parcel form as it was kept, if any.
    pub fn load_parcel_form(&self) -> Task<Option<super::parcel_draft::ParcelDraft>> {
        let store = self.store.clone();
        self.spawn_blocking(move || {
            let json = store.and_then(|s| s.draft(PARCEL_DRAFT).ok().flatten())?;
            serde_json::from_str(&json).ok()
        })
    }
}
