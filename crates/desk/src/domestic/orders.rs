//! Creating an order exactly once, and keeping the journal.
//!
//! The order is written to the outbox with its idempotency key (`wcs_code`, generated unless the
//! clerk gave one) before the request leaves. A confirmed answer moves it to the journal in one
//! transaction. No answer leaves it "outcome unknown": it is resolved by looking the key up,
//! never by sending it blindly again. Only an entry known not to exist is sent again.

use crate::DeskError;
use crate::domestic::current_edit::{ExactPlaces, look_up_codes, to_current};
use crate::domestic::order_draft::OrderDraft;
use api::codes::LegacyStatus;
use api::legacy::{OrderCore, OrderInput};
use api::sandbox_client::SandboxClient;
use api::{ApiError, CurrentClient, LegacyClient};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use store::{
    HistoryRow, JournalRow, Kept, OutboxEntry, OutboxState, RowFields, ServiceKey, SharedNames,
    StatusMove, Store, StoreError, Verdict,
};

/// Everything an order operation needs, cheap to clone into a task.
#[derive(Clone)]
pub struct Orders {
    /// The service these orders belong to: every row read or written is that service's.
    pub service: ServiceKey,
    pub store: Arc<Store>,
    pub legacy: Arc<LegacyClient>,
    /// How to find an order by its key after a lost answer; `None` against the real service.
    pub lookup: Option<Arc<SandboxClient>>,
    /// Held while the outbox is worked on (the background pass, or a clerk's decision on an
    /// entry), so an entry is never sent by both at once.
    pub(crate) gate: Arc<tokio::sync::Mutex<()>>,
    /// The keys whose request is on the wire right now: neither sent again nor forgotten until
    /// it ends.
    in_flight: Arc<std::sync::Mutex<HashSet<String>>>,
    /// Who is creating orders now (the session's login), written with each create.
    clerk: Clerk,
    /// Keys whose request ended but whose outcome could not be written (the shop's database was
    /// lost meanwhile): left "sending" there, they are marked unknown as soon as it answers and
    /// examined at once, not after a claim runs out.
    unsettled: Arc<std::sync::Mutex<HashSet<String>>>,
}

/// The login of the clerk at the desk, shared with the desk that changes it at each login.
pub use store::Clerk;

/// Marks a key as on the wire for as long as it lives.
struct InFlight {
    keys: Arc<std::sync::Mutex<HashSet<String>>>,
    key: String,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.keys
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&self.key);
    }
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
    /// It may or may not exist; the outbox resolves it by looking it up where the service
    /// offers that, otherwise it waits for the clerk (Unsent orders).
    Unknown {
        wcs_code: String,
        reason: Arc<DeskError>,
    },
    /// The service created it as order `order_id`, but this desk's journal holds another order
    /// under that id. Nothing was overwritten; the entry waits in the outbox for the clerk.
    Conflict {
        wcs_code: String,
        order_id: i64,
        barcode: String,
    },
    /// Its request is still on the wire (another window, the background pass, or another
    /// counter of the shop sent it).
    InFlight { wcs_code: String },
    /// An order with this key already waits in the outbox: nothing new was written or sent.
    AlreadyWaiting { wcs_code: String },
    /// The desk could not write the outbox, so nothing was sent.
    Local(Arc<DeskError>),
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
    JournalRow::new(
        RowFields {
            order_id,
            barcode: &core.barcode,
            wcs_code: core.wcs_code.as_deref(),
            created_at,
            receiver: &core.receiver,
            receiver_phone: &core.receiver_phone,
            city: core.receiver_city.name.as_deref().unwrap_or_default(),
            status_id: core.status.id.code(),
            status_name: &core.status.info,
            cod,
            cost: core.cost.0,
            counter: None,
        },
        &mut SharedNames::default(),
    )
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
    /// It exists, under an id the journal holds for another order.
    Collides(JournalRow),
    Absent,
    /// The lookup failed (the service, or the database here while recording what it found).
    Undecided(DeskError),
}

fn is_key_taken(e: &ApiError) -> bool {
    !e.field("wcs_code").is_empty()
}

impl Orders {
    pub fn new(
        service: ServiceKey,
        store: Arc<Store>,
        legacy: Arc<LegacyClient>,
        lookup: Option<Arc<SandboxClient>>,
    ) -> Orders {
        Orders {
            service,
            store,
            legacy,
            lookup,
            gate: Arc::new(tokio::sync::Mutex::new(())),
            in_flight: Arc::default(),
            clerk: Clerk::default(),
            unsettled: Arc::default(),
        }
    }

    /// Creates in the name of whoever `clerk` holds.
    pub fn with_clerk(mut self, clerk: Clerk) -> Orders {
        self.clerk = clerk;
        self
    }

    fn clerk(&self) -> String {
        self.clerk.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Runs a store call for this service on the blocking pool.
    pub(crate) async fn books<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store, &ServiceKey) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let svc = self.service.clone();
        db(&self.store, move |s| f(s, &svc)).await
    }

    /// Whether a key's request is on the wire right now.
    pub fn is_in_flight(&self, key: &str) -> bool {
        self.in_flight
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(key)
    }

    /// Claims a key for one request; `None` when it is already on the wire.
    fn take_off(&self, key: &str) -> Option<InFlight> {
        let mut keys = self.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        keys.insert(key.to_string()).then(|| InFlight {
            keys: self.in_flight.clone(),
            key: key.to_string(),
        })
    }

    /// Moves the creates kept at this counter while the shop's database was away to the shop's
    /// outbox, once it answers; how many wait here still (while it is away, all of them), or
    /// `-1` when this counter's own file cannot say.
    pub async fn return_kept(&self) -> i64 {
        self.books(|s, _| {
            s.notice_shop();
            // A counter that has just joined a shop brings its earlier records first; until the
            // database answers this waits, like the orders kept here.
            match s.bring_history() {
                Ok(_) | Err(store::StoreError::ShopAway) => {}
                Err(e) => tracing::warn!("this counter's earlier records are not in the shop: {e}"),
            }
            let kept = s.kept_here()?;
            if kept > 0 {
                match s.return_kept() {
                    Ok(_) => {}
                    // Still away (or lost mid-move: the next look finishes it): still kept.
                    Err(store::StoreError::ShopAway) => return Ok(kept),
                    Err(e) => {
                        tracing::warn!("what is kept at this counter waits: {e}");
                        return Ok(kept);
                    }
                }
            }
            s.kept_here()
        })
        .await
        .unwrap_or(-1)
    }

    /// How many orders wait in the outbox (0 when the store cannot say), read off the UI thread.
    pub async fn outbox_waiting(&self) -> i64 {
        self.books(|s, svc| s.outbox_count(svc)).await.unwrap_or(0)
    }

    /// Creates an order exactly once (see the module doc).
    pub async fn create(&self, input: OrderInput) -> CreateResult {
        self.create_from(input, None).await
    }

    /// The same, keeping the form (`draft`, JSON) the order came from for a later edit.
    pub async fn create_from(
        &self,
        mut input: OrderInput,
        draft: Option<OrderDraft>,
    ) -> CreateResult {
        input.order_id = None;
        // The idempotency key is made here and only here; the form kept with the order carries
        // it, so an edit sends it again.
        let key = input
            .wcs_code
            .clone()
            .filter(|k| !k.trim().is_empty())
            .unwrap_or_else(new_wcs_code);
        input.wcs_code = Some(key.clone());
        let draft = match draft
            .map(|mut d| {
                d.wcs_code = key.clone();
                serde_json::to_string(&d)
            })
            .transpose()
        {
            Ok(d) => d,
            Err(e) => return CreateResult::Local(Arc::new(e.into())),
        };
        let payload = match serde_json::to_string(&input) {
            Ok(p) => p,
            Err(e) => return CreateResult::Local(Arc::new(e.into())),
        };
        // Claimed before the entry is written: the background pass, which may read the outbox
        // between the write and the send, leaves a claimed key alone, so the clerk's own
        // create is the one that sends it and answers with the barcode.
        let Some(flying) = self.take_off(&key) else {
            return CreateResult::InFlight { wcs_code: key };
        };
        let k = key.clone();
        match self.books(move |s, svc| s.outbox_get(svc, &k)).await {
            Ok(Some(_)) => return CreateResult::AlreadyWaiting { wcs_code: key },
            Ok(None) => {}
            Err(e) => return CreateResult::Local(Arc::new(e.into())),
        }
        let (k, p, who) = (key.clone(), payload, self.clerk());
        match self
            .books(move |s, svc| match draft {
                Some(d) => {
                    s.outbox_add_from_form(svc, &k, &p, (&d, crate::ORDER_DRAFT), &who, now())
                }
                None => s.outbox_add(svc, &k, &p, None, &who, now()),
            })
            .await
        {
            // Kept in the shop's outbox or, the shop's database away, in this counter's file:
            // sent at once either way (its key makes it one order at the service), so the
            // customer has the barcode now; the store brings it to the shop's journal later.
            Ok(Kept::Shop | Kept::Here) => self.send_claimed(&key, &input, true, flying).await,
            Err(e) => CreateResult::Local(Arc::new(e.into())),
        }
    }

    /// Sends one outbox entry and settles it by the answer.
    pub(crate) async fn send(
        &self,
        key: &str,
        input: &OrderInput,
        first_attempt: bool,
    ) -> CreateResult {
        let Some(flying) = self.take_off(key) else {
            return CreateResult::InFlight {
                wcs_code: key.to_string(),
            };
        };
        self.send_claimed(key, input, first_attempt, flying).await
    }

    /// [`Orders::send`] with the key already claimed by this desk (held until it returns).
    async fn send_claimed(
        &self,
        key: &str,
        input: &OrderInput,
        first_attempt: bool,
        _flying: InFlight,
    ) -> CreateResult {
        let k = key.to_string();
        match self
            .books(move |s, svc| s.outbox_sending(svc, &k, now()))
            .await
        {
            Ok(true) => {}
            // Another counter of the shop is sending it right now.
            Ok(false) => {
                return CreateResult::InFlight {
                    wcs_code: key.to_string(),
                };
            }
            Err(e) => return CreateResult::Local(Arc::new(e.into())),
        }
        let cod = input.cash_on_delivery().map(|s| s.0);
        match self.legacy.add_order(input).await {
            Ok(rec) => {
                let row = journal_row(&rec.core, rec.order_id, cod, now());
                match self.confirm(row.clone(), &rec, Some(key)).await {
                    Ok(row) => CreateResult::Created(row),
                    Err(StoreError::Collision { .. }) => self.hold_conflict(key, &row).await,
                    // The service has it; this computer could not write it down (a full
                    // disk). Not "nothing was sent": the entry stays in the outbox, marked
                    // unknown where the database still lets it, and is looked up again.
                    Err(e) => {
                        let (k, msg) = (key.to_string(), e.to_string());
                        let marked = self
                            .books(move |s, svc| {
                                s.outbox_set(svc, &k, OutboxState::Unknown, Some(&msg), now())
                            })
                            .await;
                        if marked.is_err() {
                            self.unsettled_insert(key);
                        }
                        CreateResult::Unknown {
                            wcs_code: key.to_string(),
                            reason: Arc::new(e.into()),
                        }
                    }
                }
            }
            // A first attempt whose key is taken is the clerk's own duplicate key: refuse it.
            Err(e) if is_key_taken(&e) && first_attempt => self.refuse(key, e).await,
            // Sent before and refused now as taken: the order exists (see `settle_taken`).
            Err(e) if is_key_taken(&e) => self.settle_taken(key, cod, e).await,
            Err(e) if e.outcome_unknown() || matches!(e, ApiError::Server { .. }) => {
                self.settle_unknown(key, cod, e).await
            }
            Err(e @ (ApiError::Connect { .. } | ApiError::RateLimited { .. })) => {
                self.mark(key, OutboxState::Pending, &e).await;
                CreateResult::Queued {
                    wcs_code: key.to_string(),
                    reason: e,
                }
            }
            Err(e) => self.refuse(key, e).await,
        }
    }

    /// The service confirmed the entry under an id the journal holds for another order: keep
    /// both, mark the entry for the clerk, and say so loudly.
    async fn hold_conflict(&self, key: &str, row: &JournalRow) -> CreateResult {
        tracing::error!(
            order_id = row.order_id,
            barcode = %row.barcode(),
            key,
            "the service confirmed an order under an id this journal holds for another order; \
             nothing was overwritten, the new order waits in the outbox"
        );
        let (k, id, barcode) = (key.to_string(), row.order_id, row.barcode().to_string());
        if let Err(e) = self
            .books(move |s, svc| s.outbox_conflict(svc, &k, id, &barcode, now()))
            .await
        {
            tracing::error!("cannot mark the outbox entry {key}: {e}");
        }
        CreateResult::Conflict {
            wcs_code: key.to_string(),
            order_id: row.order_id,
            barcode: row.barcode().to_string(),
        }
    }

    async fn refuse(&self, key: &str, e: ApiError) -> CreateResult {
        let k = key.to_string();
        let _ = self.books(move |s, svc| s.outbox_remove(svc, &k)).await;
        CreateResult::Refused(e)
    }

    /// After a lost answer: look it up at once; found → journal, absent → pending again.
    async fn settle_unknown(&self, key: &str, cod: Option<i64>, reason: ApiError) -> CreateResult {
        match self.resolve(key, cod).await {
            Resolution::Found(row) => CreateResult::Created(row),
            Resolution::Collides(row) => self.hold_conflict(key, &row).await,
            Resolution::Absent => {
                self.mark(key, OutboxState::Pending, &reason).await;
                CreateResult::Queued {
                    wcs_code: key.to_string(),
                    reason,
                }
            }
            Resolution::Undecided(_) => {
                self.mark(key, OutboxState::Unknown, &reason).await;
                CreateResult::Unknown {
                    wcs_code: key.to_string(),
                    reason: Arc::new(reason.into()),
                }
            }
        }
    }

    /// A key sent again was refused as already taken: that is the service saying the order
    /// exists. It is never sent again: found by the service's lookup it is journaled, else it
    /// waits as existing for its number (a status notification, or the clerk's scan, settles it).
    async fn settle_taken(&self, key: &str, cod: Option<i64>, reason: ApiError) -> CreateResult {
        match self.resolve(key, cod).await {
            Resolution::Found(row) => CreateResult::Created(row),
            Resolution::Collides(row) => self.hold_conflict(key, &row).await,
            Resolution::Absent | Resolution::Undecided(_) => {
                self.mark(key, OutboxState::Exists, &reason).await;
                CreateResult::Unknown {
                    wcs_code: key.to_string(),
                    reason: Arc::new(reason.into()),
                }
            }
        }
    }

    /// Sets an outbox entry's state with the reason it is in it (best effort: the entry stays
    /// in the outbox either way, so nothing is lost when this write fails; it is then marked
    /// unknown when the database answers again).
    async fn mark(&self, key: &str, state: OutboxState, reason: &ApiError) {
        let (k, msg) = (key.to_string(), reason.to_string());
        let marked = self
            .books(move |s, svc| s.outbox_set(svc, &k, state, Some(&msg), now()))
            .await;
        if marked.is_err() {
            self.unsettled_insert(key);
        }
    }

    fn unsettled_insert(&self, key: &str) {
        self.unsettled
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key.to_string());
    }

    /// Marks the entries whose outcome could not be written as unknown, now that the database
    /// takes writes; those that still cannot be written stay for the next pass.
    async fn mark_unsettled(&self) {
        let keys: Vec<String> = self
            .unsettled
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .cloned()
            .collect();
        for key in keys {
            if self.is_in_flight(&key) {
                continue;
            }
            let k = key.clone();
            let marked = self
                .books(move |s, svc| {
                    match s.outbox_get(svc, &k)? {
                        // Left claimed by the request that ended: unknown now.
                        Some(e) if e.state == OutboxState::Sending => {
                            s.outbox_set(svc, &k, OutboxState::Unknown, None, now())
                        }
                        _ => Ok(()),
                    }
                })
                .await;
            if marked.is_ok() {
                self.unsettled
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&key);
            }
        }
    }

    /// The evidence of the status notifications: an order the journal does not know that the
    /// service notified of since the entry was made is read, and when it carries the entry's
    /// key it is that order.
    async fn found_by_notification(
        &self,
        entry: &OutboxEntry,
        cod: Option<i64>,
    ) -> Option<JournalRow> {
        let since = entry.created_at - 60;
        let notified = self.books(|s, svc| s.notifications(svc, 200)).await.ok()?;
        let mut ids: Vec<i64> = notified
            .iter()
            .filter(|n| n.received_at >= since && n.verdict == Verdict::UnknownOrder)
            .filter_map(|n| n.notice.order_id)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        for id in ids.into_iter().take(20) {
            let Ok(d) = self.legacy.order_detail(id).await else {
                continue;
            };
            if d.core.wcs_code.as_deref().map(str::trim) == Some(entry.wcs_code.as_str()) {
                let row = journal_row(&d.core, d.order_id, cod, now());
                return self.confirm(row, &d, Some(&entry.wcs_code)).await.ok();
            }
        }
        None
    }

    pub(crate) async fn confirm(
        &self,
        row: JournalRow,
        record: &impl serde::Serialize,
        from_outbox: Option<&str>,
    ) -> Result<JournalRow, StoreError> {
        let json = serde_json::to_string(record).unwrap_or_default();
        let (r, key) = (row.clone(), from_outbox.map(str::to_string));
        self.books(move |s, svc| s.journal_confirm(svc, &r, &json, key.as_deref(), now()))
            .await?;
        Ok(row)
    }

    /// Finds out whether an order with this key exists.
    async fn resolve(&self, key: &str, cod: Option<i64>) -> Resolution {
        let Some(lookup) = &self.lookup else {
            return Resolution::Undecided(DeskError::NoLookup);
        };
        let found = match lookup.find_by_wcs(key).await {
            Ok(f) => f,
            Err(e) => return Resolution::Undecided(e.into()),
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
                Err(StoreError::Collision { .. }) => {
                    Resolution::Collides(journal_row(&d.core, d.order_id, cod, now()))
                }
                Err(e) => Resolution::Undecided(e.into()),
            },
            Err(e) => Resolution::Undecided(e.into()),
        }
    }

    /// One pass over the outbox: resolves unknown entries, sends pending ones.
    pub async fn drain(&self) -> DrainReport {
        let _held = self.gate.lock().await;
        self.mark_unsettled().await;
        let mut report = DrainReport::default();
        let entries: Vec<OutboxEntry> = match self.books(|s, svc| s.outbox(svc)).await {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!("outbox unreadable: {e}");
                return report;
            }
        };
        for entry in entries {
            // On the wire now, or already known to be a conflict: not the pass's to settle.
            if entry.state == OutboxState::Conflict || self.is_in_flight(&entry.wcs_code) {
                report.still_unknown += 1;
                continue;
            }
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
                OutboxState::Unknown
                | OutboxState::Sending
                | OutboxState::Conflict
                | OutboxState::Exists => match self.resolve(&entry.wcs_code, cod).await {
                    Resolution::Found(row) => CreateResult::Created(row),
                    Resolution::Collides(row) => self.hold_conflict(&entry.wcs_code, &row).await,
                    // Known to exist: never sent again, whatever a lookup says.
                    Resolution::Absent if entry.state == OutboxState::Exists => {
                        CreateResult::Unknown {
                            wcs_code: entry.wcs_code.clone(),
                            reason: Arc::new(DeskError::NoLookup),
                        }
                    }
                    Resolution::Absent => self.send(&entry.wcs_code, &input, false).await,
                    Resolution::Undecided(e) => {
                        match self.found_by_notification(&entry, cod).await {
                            Some(row) => CreateResult::Created(row),
                            None => CreateResult::Unknown {
                                wcs_code: entry.wcs_code.clone(),
                                reason: Arc::new(e),
                            },
                        }
                    }
                },
                OutboxState::Pending => self.send(&entry.wcs_code, &input, false).await,
            };
            match result {
                CreateResult::Created(_) => report.confirmed += 1,
                CreateResult::Refused(_) => report.refused += 1,
                CreateResult::Queued { .. } | CreateResult::Local(_) => report.still_pending += 1,
                CreateResult::Unknown { .. }
                | CreateResult::Conflict { .. }
                | CreateResult::InFlight { .. }
                | CreateResult::AlreadyWaiting { .. } => report.still_unknown += 1,
            }
        }
        report
    }

    /// Finds an order by its barcode: in the journal, or on the service by the order id the
    /// barcode carries (`01991` + the id, as in the published `019914293640` for 4293640); an
    /// order found on the service is added to the journal.
    pub async fn find_by_barcode(&self, barcode: &str) -> Result<Option<i64>, DeskError> {
        let code = barcode.trim().to_string();
        let c = code.clone();
        if let Ok(Some(row)) = self
            .books(move |s, svc| s.journal_by_barcode(svc, &c))
            .await
        {
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
                    .await?;
                Ok(Some(d.order_id))
            }
            Ok(_) | Err(ApiError::NotFound { .. } | ApiError::Forbidden { .. }) => Ok(None),
            Err(e) => Err(e.into()),
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
        draft: OrderDraft,
        via_current: Option<(Arc<CurrentClient>, ExactPlaces)>,
    ) -> Result<JournalRow, DeskError> {
        // The service is not asked for a change the journal could not keep.
        if let Some(why) = self.store.read_only() {
            return Err(StoreError::ReadOnly(why.to_string()).into());
        }
        let known = self
            .books(move |s, svc| s.journal_get(svc, order_id))
            .await?;
        let created = known.as_ref().map(|r| r.created_at).unwrap_or_else(now);
        // An edit sent without the order's key would drop it on the service: keep the known one.
        if input
            .wcs_code
            .as_deref()
            .is_none_or(|k| k.trim().is_empty())
        {
            input.wcs_code = known.and_then(|r| r.wcs_code().map(str::to_string));
        }
        input.order_id = Some(order_id);
        let cod = input.cash_on_delivery().map(|s| s.0);
        let row = match via_current {
            None => {
                let rec = self.legacy.edit_order(&input).await?;
                let row = journal_row(&rec.core, rec.order_id, cod, created);
                self.confirm(row, &rec, None).await?
            }
            Some((current, places)) => {
                let codes = look_up_codes(&current, &input).await?;
                current
                    .edit_order(order_id, &to_current(&input, &places, &codes))
                    .await?;
                let rec = self.legacy.order_detail(order_id).await?;
                let row = journal_row(&rec.core, rec.order_id, cod, created);
                self.confirm(row, &rec, None).await?
            }
        };
        let draft = serde_json::to_string(&draft)?;
        self.books(move |s, svc| s.journal_set_draft(svc, order_id, &draft))
            .await?;
        Ok(row)
    }

    /// Reads an order's current status from the service into the journal.
    pub async fn refresh_status(&self, order_id: i64) -> Result<(), DeskError> {
        let track = self.legacy.track(order_id).await?;
        let name = track.status.name.clone();
        self.books(move |s, svc| {
            let status = StatusMove {
                order_id,
                id: track.status.id.code(),
                name: &name,
                at: now(),
            };
            s.journal_status(svc, status)
        })
        .await?;
        Ok(())
    }

    /// Cancels an order and reads it again. A second cancel is answered with a 400 envelope whose
    /// message is a sentence in the clerk's language: the envelope, not its words, is what counts
    /// here; the order is read again, and when it is cancelled the clerk's wish already holds.
    pub async fn cancel(&self, order_id: i64) -> Result<Vec<HistoryRow>, ApiError> {
        match self.legacy.cancel_order(order_id).await {
            Ok(_) => self.refresh(order_id).await,
            Err(e @ ApiError::BadRequest { .. }) => {
                let rows = self.refresh(order_id).await?;
                let cancelled =
                    rows.last().map(|r| r.status_id) == Some(LegacyStatus::Refused.code());
                if cancelled { Ok(rows) } else { Err(e) }
            }
            Err(e) => Err(e),
        }
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
        let saved = self
            .books(move |s, svc| {
                let status = StatusMove {
                    order_id,
                    id: track.status.id.code(),
                    name: &name,
                    at: now(),
                };
                s.journal_status(svc, status)?;
                s.journal_history(svc, order_id, &r)
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
