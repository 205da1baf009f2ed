//! International parcels at the counter: sent exactly once (the parcel number is the key,
//! written before the request), tracked along the customs chain, listed from this desk's journal,
//! and handed over together on a manifest (also once, under its number).
//! An answer lost on the way is settled by asking the service for the number: it has the parcel,
//! or it does not and the parcel is sent again under the same number.

use api::codes::ParcelStatus;
use api::international::{
    ManifestDetails, ManifestInput, ManifestParcel, ParcelInput, ParcelTrack,
};
use api::{ApiError, LegacyClient};
use std::sync::Arc;
use store::{ManifestRow, ParcelExtras, ParcelRow, ServiceKey, Store};

use crate::DeskError;

/// The parcels of one service, cheap to clone into a task.
#[derive(Clone)]
pub struct Parcels {
    pub store: Arc<Store>,
    pub service: ServiceKey,
    pub legacy: Arc<LegacyClient>,
}

/// How a send ended.
#[derive(Debug)]
pub enum SendResult {
    /// The service has it now.
    Saved(ParcelRow),
    /// This number was saved before: nothing was sent.
    AlreadySaved(ParcelRow),
    /// The service refused it; the messages are keyed by its field names.
    Refused(ApiError),
    /// Whether the service has it could not be learnt; it stays "sending" and is asked about
    /// again the next time it is sent or tracked.
    Unknown(DeskError),
    /// The desk could not keep it (the database on this computer).
    Failed(DeskError),
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

impl Parcels {
    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store, &ServiceKey) -> Result<T, store::StoreError> + Send + 'static,
    ) -> Result<T, DeskError> {
        let (store, service) = (self.store.clone(), self.service.clone());
        tokio::task::spawn_blocking(move || f(&store, &service))
            .await
            .map_err(|e| DeskError::Unreadable(e.to_string()))?
            .map_err(DeskError::from)
    }

    /// Sends a parcel once. A "sending" entry under the same number (an earlier answer lost)
    /// is first asked about: if the service has it, it is saved without sending again.
    pub async fn send(&self, input: ParcelInput, extras: ParcelExtras) -> SendResult {
        let number = input.parcel_number.clone();
        let kept = input.clone();
        let before = match self
            .blocking(move |s, svc| {
                let earlier = s.parcel(svc, &kept.parcel_number)?;
                let saved = s.parcel_sending(svc, &kept, &extras, now())?;
                Ok((earlier, saved))
            })
            .await
        {
            Ok(b) => b,
            Err(e) => return SendResult::Failed(e),
        };
        match before {
            (_, Some(saved)) => return SendResult::AlreadySaved(saved),
            (Some(_), None) => {
                // Sent before without an answer: does the service have it?
                match self.legacy.track_parcel(&number).await {
                    Ok(track) => return self.mark_saved(&number, Some(track)).await,
                    Err(ApiError::NotFound { .. }) => {}
                    Err(e) => return SendResult::Unknown(DeskError::Service(e)),
                }
            }
            (None, None) => {}
        }
        match self.legacy.add_parcel(&input).await {
            Ok(_) => self.mark_saved(&number, None).await,
            Err(e) if e.outcome_unknown() => SendResult::Unknown(DeskError::Service(e)),
            Err(e) => {
                let n = number.clone();
                if let Err(store) = self.blocking(move |s, svc| s.parcel_refused(svc, &n)).await {
                    return SendResult::Failed(store);
                }
                SendResult::Refused(e)
            }
        }
    }

    async fn mark_saved(&self, number: &str, track: Option<ParcelTrack>) -> SendResult {
        let n = number.to_string();
        let status = track
            .map(|t| (t.status.code, t.status.message))
            .unwrap_or((ParcelStatus::AtSender, String::new()));
        let row = self
            .blocking(move |s, svc| {
                s.parcel_saved(svc, &n, now())?;
                s.parcel_status(svc, &n, status.0.code(), &status.1, now())?;
                s.parcel(svc, &n)
            })
            .await;
        match row {
            Ok(Some(r)) => SendResult::Saved(r),
            Ok(None) => SendResult::Failed(DeskError::Unreadable(number.to_string())),
            Err(e) => SendResult::Failed(e),
        }
    }

    /// Where a parcel is now (and the journal notes it, when it is this desk's).
    pub async fn track(&self, number: &str) -> Result<ParcelTrack, DeskError> {
        let track = self.legacy.track_parcel(number.trim()).await?;
        let (n, code, message) = (
            number.trim().to_string(),
            track.status.code.code(),
            track.status.message.clone(),
        );
        self.blocking(move |s, svc| {
            if let Some(row) = s.parcel(svc, &n)? {
                if row.state != store::ParcelState::Saved {
                    s.parcel_saved(svc, &n, now())?;
                }
                s.parcel_status(svc, &n, code, &message, now())?;
            }
            Ok(())
        })
        .await?;
        Ok(track)
    }

    /// This desk's parcels, newest first.
    pub async fn list(&self) -> Result<Vec<ParcelRow>, DeskError> {
        self.blocking(|s, svc| s.parcels(svc)).await
    }
}

/// What the manifest screen shows: this desk's parcels and manifests, newest first.
pub type ManifestView = (Vec<ParcelRow>, Vec<ManifestRow>);

/// How a manifest's submission ended.
#[derive(Debug)]
pub enum ManifestOutcome {
    Saved(ManifestRow),
    /// This number was saved before: nothing was sent.
    AlreadySaved(ManifestRow),
    /// Parcels that cannot go on it: not saved at the service yet, or on a manifest already.
    NotEligible(Vec<String>),
    /// The service refused it: its sentence and its messages by field.
    Refused(ApiError),
    /// No answer: it stays "sending" and is settled when submitted again.
    Unknown(DeskError),
    Failed(DeskError),
}

impl Parcels {
    /// Hands these parcels over together under `number`, once.
    pub async fn submit_manifest(
        &self,
        number: String,
        date: chrono::NaiveDate,
        parcels: Vec<String>,
    ) -> ManifestOutcome {
        let row = ManifestRow {
            number: number.trim().to_string(),
            date: date.format("%Y-%m-%d").to_string(),
            parcels,
            saved: false,
            created_at: now(),
        };
        let kept = row.clone();
        let before = self
            .blocking(move |s, svc| {
                let all = s.parcels(svc)?;
                let not_eligible: Vec<String> = kept
                    .parcels
                    .iter()
                    .filter(|n| {
                        !all.iter().any(|p| {
                            &p.number == *n
                                && p.state == store::ParcelState::Saved
                                && p.manifest.is_none()
                        })
                    })
                    .cloned()
                    .collect();
                if !not_eligible.is_empty() {
                    return Ok(Err(not_eligible));
                }
                let earlier = s.manifest(svc, &kept.number)?;
                let saved = s.manifest_sending(svc, &kept, now())?;
                Ok(Ok((earlier, saved)))
            })
            .await;
        let earlier = match before {
            Err(e) => return ManifestOutcome::Failed(e),
            Ok(Err(not_eligible)) => return ManifestOutcome::NotEligible(not_eligible),
            Ok(Ok((_, Some(saved)))) => return ManifestOutcome::AlreadySaved(saved),
            Ok(Ok((earlier, None))) => earlier,
        };
        let input = ManifestInput {
            manifest_number: row.number.clone(),
            parcels: row
                .parcels
                .iter()
                .map(|n| ManifestParcel {
                    parcel_number: n.clone(),
                })
                .collect(),
            details: ManifestDetails {
                parcels_count: row.parcels.len().to_string(),
                date: row.date.clone(),
            },
        };
        let number = row.number.clone();
        let answer = self.legacy.submit_manifest(&input).await;
        match answer {
            Ok(r) if r.success => {}
            Ok(r) => {
                return self
                    .forget_manifest(
                        &number,
                        ApiError::Rejected {
                            status: 200,
                            message: r.message,
                        },
                    )
                    .await;
            }
            // Sent before without an answer, and now the number is taken: that was this one.
            Err(e)
                if earlier.is_some()
                    && matches!(e, ApiError::Validation { .. })
                    && !e.field("ManifestNumber").is_empty() => {}
            Err(e) if e.outcome_unknown() => {
                return ManifestOutcome::Unknown(DeskError::Service(e));
            }
            Err(e) => return self.forget_manifest(&number, e).await,
        }
        let n = number.clone();
        match self
            .blocking(move |s, svc| {
                s.manifest_saved(svc, &n, now())?;
                s.manifest(svc, &n)
            })
            .await
        {
            Ok(Some(m)) => ManifestOutcome::Saved(m),
            Ok(None) => ManifestOutcome::Failed(DeskError::Unreadable(number)),
            Err(e) => ManifestOutcome::Failed(e),
        }
    }

    async fn forget_manifest(&self, number: &str, why: ApiError) -> ManifestOutcome {
        let n = number.to_string();
        match self
            .blocking(move |s, svc| s.manifest_refused(svc, &n))
            .await
        {
            Ok(()) => ManifestOutcome::Refused(why),
            Err(e) => ManifestOutcome::Failed(e),
        }
    }

    /// This desk's manifests, newest first.
    pub async fn manifests(&self) -> Result<Vec<ManifestRow>, DeskError> {
        self.blocking(|s, svc| s.manifests(svc)).await
    }
}
