//! Creating an order exactly once, and keeping the journal.
//!
//! The order is written to the outbox with its idempotency key (`wcs_code`, generated unless the
//! clerk gave one) before the request leaves. A confirmed answer moves it to the journal in one
//! transaction. No answer leaves it "outcome unknown": it is resolved by looking the key up,
//! never by sending it blindly again. Only an entry known not to exist is sent again.

use crate::api::legacy::{OrderCore, OrderInput};
use crate::api::sandbox_client::SandboxClient;
use crate::api::{ApiError, CurrentClient, LegacyClient};
use crate::desk::current_edit::{ExactPlaces, look_up_codes, to_current};
use crate::store::{HistoryRow, JournalRow, OutboxEntry, OutboxState, Store, StoreError};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Everything an order operation needs, cheap to clone into a task.
#[derive(Clone)]
pub struct Orders {
    pub store: Arc<Store>,
    pub legacy: Arc<LegacyClient>,
    /// How to find an order by its key after a lost answer; `None` against the real service.
    pub lookup: Option<Arc<SandboxClient>>,
    /// Held while the outbox is worked on (the background pass, or a clerk's decision on an
    /// entry), so an entry is never sent by both at once.
    pub(crate) gate: Arc<tokio::sync::Mutex<()>>,
}

/// What became of a create.
#[derive(Debug, Clone)]
pub enum CreateResult {
    /// Confirmed by the service and in the journal.
    Created(JournalRow),
    /// The service refused it (field errors inside); nothing was created, the outbox is clean.
    Refused(ApiError),
    /// It did not reach the service; the outbox sends it when the service answers again.
    Queued { wcs_code: String, reason: ApiError },
    /// It may or may not exist; the outbox resolves it by looking it up.
    Unknown { wcs_code: String, reason: ApiError },
    /// The desk could not write the outbox, so nothing was sent.
    Local(String),
}

/// What a pass over the outbox did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrainReport {
    pub confirmed: usize,
    pub refused: usize,
    pub still_pending: usize,
    pub still_unknown: usize,
}

/// A new idempotency key: unique per desk and moment, well under the 70-character limit.
pub fn new_wcs_code() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let salt = {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(nanos);
        h.finish() & 0xffff_ffff
    };
    format!("PD-{nanos:x}-{n:x}-{salt:08x}")
}

pub(crate) fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// Runs a store call on the blocking pool.
pub(crate) async fn db<T: Send + 'static>(
    store: &Arc<Store>,
    f: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    let s = store.clone();
    match tokio::task::spawn_blocking(move || f(&s)).await {
        Ok(r) => r,
        Err(e) => Err(StoreError::Folder {
            path: "database worker".into(),
            source: std::io::Error::other(e.to_string()),
        }),
    }
}

/// The journal row for a record the service returned.
pub fn journal_row(
    core: &OrderCore,
    order_id: i64,
    cod: Option<i64>,
    created_at: i64,
) -> JournalRow {
    JournalRow {
        order_id,
        barcode: core.barcode.clone(),
        wcs_code: core.wcs_code.clone(),
        created_at,
        receiver: core.receiver.clone(),
        receiver_phone: core.receiver_phone.clone(),
        city: core.receiver_city.name.clone().unwrap_or_default(),
        status_id: core.status.id.code(),
        status_name: core.status.info.clone(),
        cod,
        cost: core.cost.0,
    }
}

/// The order id inside a barcode of the service's form, if it is one.
pub fn order_id_in_barcode(barcode: &str) -> Option<i64> {
    let b = barcode.trim();
    if b.len() != 12 || !b.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    b.strip_prefix("01991")?.parse().ok().filter(|id| *id > 0)
}

enum Resolution {
    Found(JournalRow),
    Absent,
    Undecided(ApiError),
}

fn is_key_taken(e: &ApiError) -> bool {
    !e.field("wcs_code").is_empty()
}

impl Orders {
    pub fn new(
        store: Arc<Store>,
        legacy: Arc<LegacyClient>,
        lookup: Option<Arc<SandboxClient>>,
    ) -> Orders {
        Orders {
            store,
            legacy,
            lookup,
            gate: Arc::new(tokio::sync::Mutex::new(())),
        }
    }

    /// How many orders wait in the outbox (0 when the store cannot say), read off the UI thread.
    pub async fn outbox_waiting(&self) -> i64 {
        db(&self.store, |s| s.outbox_count()).await.unwrap_or(0)
    }

    /// Creates an order exactly once (see the module doc).
    pub async fn create(&self, input: OrderInput) -> CreateResult {
        self.create_from(input, None).await
    }

    /// The same, keeping the form (`draft`, JSON) the order came from for a later edit.
    pub async fn create_from(&self, mut input: OrderInput, draft: Option<String>) -> CreateResult {
        input.order_id = None;
        let key = input
            .wcs_code
            .clone()
            .filter(|k| !k.trim().is_empty())
            .unwrap_or_else(new_wcs_code);
        input.wcs_code = Some(key.clone());
        let payload = match serde_json::to_string(&input) {
            Ok(p) => p,
            Err(e) => return CreateResult::Local(e.to_string()),
        };
        let (k, p) = (key.clone(), payload);
        if let Err(e) = db(&self.store, move |s| {
            s.outbox_add(&k, &p, draft.as_deref(), now())
        })
        .await
        {
            return CreateResult::Local(e.to_string());
        }
        self.send(&key, &input, true).await
    }

    /// Sends one outbox entry and settles it by the answer.
    pub(crate) async fn send(
        &self,
        key: &str,
        input: &OrderInput,
        first_attempt: bool,
    ) -> CreateResult {
        let k = key.to_string();
        if let Err(e) = db(&self.store, move |s| s.outbox_sending(&k, now())).await {
            return CreateResult::Local(e.to_string());
        }
        let cod = input.cash_on_delivery().map(|s| s.0);
        match self.legacy.add_order(input).await {
            Ok(rec) => match self
                .confirm(
                    journal_row(&rec.core, rec.order_id, cod, now()),
                    &rec,
                    Some(key),
                )
                .await
            {
                Ok(row) => CreateResult::Created(row),
                Err(e) => CreateResult::Local(e.to_string()),
            },
            // A first attempt whose key is taken is the clerk's own duplicate key: refuse it.
            Err(e) if is_key_taken(&e) && first_attempt => self.refuse(key, e).await,
            Err(e)
                if is_key_taken(&e)
                    || e.outcome_unknown()
                    || matches!(e, ApiError::Server { .. }) =>
            {
                self.settle_unknown(key, cod, e).await
            }
            Err(e @ (ApiError::Connect { .. } | ApiError::RateLimited { .. })) => {
                let (k, msg) = (key.to_string(), e.to_string());
                let _ = db(&self.store, move |s| {
                    s.outbox_set(&k, OutboxState::Pending, Some(&msg), now())
                })
                .await;
                CreateResult::Queued {
                    wcs_code: key.to_string(),
                    reason: e,
                }
            }
            Err(e) => self.refuse(key, e).await,
        }
    }

    async fn refuse(&self, key: &str, e: ApiError) -> CreateResult {
        let k = key.to_string();
        let _ = db(&self.store, move |s| s.outbox_remove(&k)).await;
        CreateResult::Refused(e)
    }

    /// After a lost answer: look it up at once; found → journal, absent → pending again.
    async fn settle_unknown(&self, key: &str, cod: Option<i64>, reason: ApiError) -> CreateResult {
        match self.resolve(key, cod).await {
            Resolution::Found(row) => CreateResult::Created(row),
            Resolution::Absent => {
                let (k, msg) = (key.to_string(), reason.to_string());
                let _ = db(&self.store, move |s| {
                    s.outbox_set(&k, OutboxState::Pending, Some(&msg), now())
                })
                .await;
                CreateResult::Queued {
                    wcs_code: key.to_string(),
                    reason,
                }
            }
            Resolution::Undecided(_) => {
                let (k, msg) = (key.to_string(), reason.to_string());
                let _ = db(&self.store, move |s| {
                    s.outbox_set(&k, OutboxState::Unknown, Some(&msg), now())
                })
                .await;
                CreateResult::Unknown {
                    wcs_code: key.to_string(),
                    reason,
                }
            }
        }
    }

    pub(crate) async fn confirm(
        &self,
        row: JournalRow,
        record: &impl serde::Serialize,
        from_outbox: Option<&str>,
    ) -> Result<JournalRow, StoreError> {
        let json = serde_json::to_string(record).unwrap_or_default();
        let (r, key) = (row.clone(), from_outbox.map(str::to_string));
        db(&self.store, move |s| {
            s.journal_confirm(&r, &json, key.as_deref(), now())
        })
        .await?;
        Ok(row)
    }

    /// Finds out whether an order with this key exists.
    async fn resolve(&self, key: &str, cod: Option<i64>) -> Resolution {
        let Some(lookup) = &self.lookup else {
            return Resolution::Undecided(ApiError::NotFound {
                message: "the service offers no lookup by key".into(),
            });
        };
        let found = match lookup.find_by_wcs(key).await {
            Ok(f) => f,
            Err(e) => return Resolution::Undecided(e),
        };
        let Some(first) = found.first() else {
            return Resolution::Absent;
        };
        match self.legacy.order_detail(first.order_id).await {
            Ok(d) => match self
                .confirm(journal_row(&d.core, d.order_id, cod, now()), &d, Some(key))
                .await
            {
                Ok(row) => Resolution::Found(row),
                Err(e) => Resolution::Undecided(ApiError::Decode {
                    status: 0,
                    detail: e.to_string(),
                    body_head: String::new(),
                }),
            },
            Err(e) => Resolution::Undecided(e),
        }
    }

    /// One pass over the outbox: resolves unknown entries, sends pending ones.
    pub async fn drain(&self) -> DrainReport {
        let _held = self.gate.lock().await;
        let mut report = DrainReport::default();
        let entries: Vec<OutboxEntry> = match db(&self.store, |s| s.outbox()).await {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!("outbox unreadable: {e}");
                return report;
            }
        };
        for entry in entries {
            let Ok(input) = serde_json::from_str::<OrderInput>(&entry.payload) else {
                tracing::error!(
                    "outbox entry {} is unreadable; left for the clerk",
                    entry.wcs_code
                );
                report.still_unknown += 1;
                continue;
            };
            let cod = input.cash_on_delivery().map(|s| s.0);
            let result = match entry.state {
                OutboxState::Unknown => match self.resolve(&entry.wcs_code, cod).await {
                    Resolution::Found(row) => CreateResult::Created(row),
                    Resolution::Absent => self.send(&entry.wcs_code, &input, false).await,
                    Resolution::Undecided(e) => CreateResult::Unknown {
                        wcs_code: entry.wcs_code.clone(),
                        reason: e,
                    },
                },
                OutboxState::Pending => self.send(&entry.wcs_code, &input, false).await,
            };
            match result {
                CreateResult::Created(_) => report.confirmed += 1,
                CreateResult::Refused(_) => report.refused += 1,
                CreateResult::Queued { .. } | CreateResult::Local(_) => report.still_pending += 1,
                CreateResult::Unknown { .. } => report.still_unknown += 1,
            }
        }
        report
    }

    /// Finds an order by its barcode: in the journal, or on the service by the order id the
    /// barcode carries (`01991` + the id, as in the published `019914293640` for 4293640); an
    /// order found on the service is added to the journal.
    pub async fn find_by_barcode(&self, barcode: &str) -> Result<Option<i64>, ApiError> {
        let code = barcode.trim().to_string();
        let c = code.clone();
        if let Ok(Some(row)) = db(&self.store, move |s| s.journal_by_barcode(&c)).await {
            return Ok(Some(row.order_id));
        }
        let Some(id) = order_id_in_barcode(&code) else {
            return Ok(None);
        };
        match self.legacy.order_detail(id).await {
            Ok(d) if d.core.barcode == code => {
                let created =
                    chrono::NaiveDateTime::new(d.core.sender_date, chrono::NaiveTime::MIN)
                        .and_utc()
                        .timestamp();
                self.confirm(journal_row(&d.core, d.order_id, None, created), &d, None)
                    .await
                    .map_err(|e| ApiError::Decode {
                        status: 0,
                        detail: e.to_string(),
                        body_head: String::new(),
                    })?;
                Ok(Some(d.order_id))
            }
            Ok(_) | Err(ApiError::NotFound { .. } | ApiError::Forbidden { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Edits an order (legacy `v1/order/edit`) and updates the journal and the kept form. An edit
    /// carries the order id, so sending it again after a lost answer changes nothing twice.
    ///
    /// `via_current` sends it through the current interface instead, with the exact places; the
    /// journal is then updated from the legacy detail read back.
    pub async fn edit(
        &self,
        order_id: i64,
        mut input: OrderInput,
        draft: String,
        via_current: Option<(Arc<CurrentClient>, ExactPlaces)>,
    ) -> Result<JournalRow, ApiError> {
        let local = |e: StoreError| ApiError::Decode {
            status: 0,
            detail: e.to_string(),
            body_head: String::new(),
        };
        let known = db(&self.store, move |s| s.journal_get(order_id))
            .await
            .map_err(local)?;
        let created = known.as_ref().map(|r| r.created_at).unwrap_or_else(now);
        // An edit sent without the order's key would drop it on the service: keep the known one.
        if input
            .wcs_code
            .as_deref()
            .is_none_or(|k| k.trim().is_empty())
        {
            input.wcs_code = known.and_then(|r| r.wcs_code);
        }
        input.order_id = Some(order_id);
        let cod = input.cash_on_delivery().map(|s| s.0);
        let row = match via_current {
            None => {
                let rec = self.legacy.edit_order(&input).await?;
                let row = journal_row(&rec.core, rec.order_id, cod, created);
                self.confirm(row, &rec, None).await.map_err(local)?
            }
            Some((current, places)) => {
                let codes = look_up_codes(&current, &input).await?;
                current
                    .edit_order(order_id, &to_current(&input, &places, &codes))
                    .await?;
                let rec = self.legacy.order_detail(order_id).await?;
                let row = journal_row(&rec.core, rec.order_id, cod, created);
                self.confirm(row, &rec, None).await.map_err(local)?
            }
        };
        db(&self.store, move |s| s.journal_set_draft(order_id, &draft))
            .await
            .map_err(local)?;
        Ok(row)
    }

    /// Reads an order's current status from the service into the journal.
    pub async fn refresh_status(&self, order_id: i64) -> Result<(), ApiError> {
        let track = self.legacy.track(order_id).await?;
        let name = track.status.name.clone();
        db(&self.store, move |s| {
            s.journal_status(order_id, track.status.id.code(), &name, now())
        })
        .await
        .map_err(|e| ApiError::Decode {
            status: 0,
            detail: e.to_string(),
            body_head: String::new(),
        })
    }

    /// Reads an order's status and history from the service into the journal.
    pub async fn refresh(&self, order_id: i64) -> Result<Vec<HistoryRow>, ApiError> {
        let (track, history) =
            tokio::try_join!(self.legacy.track(order_id), self.legacy.history(order_id))?;
        let rows: Vec<HistoryRow> = history
            .iter()
            .map(|h| HistoryRow {
                at: h.timestamp,
                status_id: h.status_id.code(),
                message: h.message.clone(),
                location: h.location.clone(),
            })
            .collect();
        let (r, name) = (rows.clone(), track.status.name.clone());
        let saved = db(&self.store, move |s| {
            s.journal_status(order_id, track.status.id.code(), &name, now())?;
            s.journal_history(order_id, &r)
        })
        .await;
        if let Err(e) = saved {
            tracing::warn!("cannot store history of {order_id}: {e}");
        }
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_barcode_carries_its_order_id() {
        assert_eq!(order_id_in_barcode("019914293640"), Some(4293640));
        assert_eq!(order_id_in_barcode(" 019914300001 "), Some(4300001));
        assert_eq!(order_id_in_barcode("01991429364"), None);
        assert_eq!(order_id_in_barcode("029914293640"), None);
        assert_eq!(order_id_in_barcode("01991ABCDEFG"), None);
    }

    #[test]
    fn generated_keys_are_unique_and_short_enough() {
        let a = new_wcs_code();
        let b = new_wcs_code();
        assert_ne!(a, b);
        assert!(a.len() <= 70);
    }
}
