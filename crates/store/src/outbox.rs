//! The outbox: every order create is written here with its idempotency key before the request
//! leaves. An entry leaves the outbox only when the service has confirmed the order (it then
//! moves to the journal in the same transaction) or refused it.

use super::db::{Row, Sql, args};
use super::{ServiceKey, Store, StoreError};

/// Where an unconfirmed create stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutboxState {
    /// Not sent, or known not to have reached the service: safe to send.
    Pending,
    /// Sent without an answer: it may exist. Resolved by looking it up, never by sending again.
    Unknown,
    /// Leaving right now: neither to be sent again nor forgotten until its request ends. Only
    /// the process that set it knows it is live; a later start reads it as `Unknown`.
    Sending,
    /// The service confirmed it under an id the journal holds for another order
    /// ([`OutboxEntry::conflict`]). It exists on the service; only the clerk settles it.
    Conflict,
    /// The service refused it again as its key already taken: proof the order exists there, its
    /// number not known yet. Never sent again; settled by the service's lookup, a status
    /// notification of the order, or the clerk scanning its label.
    Exists,
}

impl OutboxState {
    fn as_str(self) -> &'static str {
        match self {
            OutboxState::Pending => "pending",
            OutboxState::Unknown => "unknown",
            OutboxState::Sending => "sending",
            OutboxState::Conflict => "conflict",
            OutboxState::Exists => "exists",
        }
    }

    fn parse(s: &str) -> OutboxState {
        match s {
            "pending" => OutboxState::Pending,
            "conflict" => OutboxState::Conflict,
            "exists" => OutboxState::Exists,
            // A crash while sending leaves "unknown" too: the safe reading.
            _ => OutboxState::Unknown,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct OutboxEntry {
    pub wcs_code: String,
    /// The legacy order body as JSON.
    pub payload: String,
    pub state: OutboxState,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub created_at: i64,
    /// For a [`OutboxState::Conflict`]: the id and barcode the service gave it.
    pub conflict: Option<(i64, String)>,
    /// Kept in this counter's file while the shop's database is away.
    pub kept_here: bool,
}

/// Seconds a counter's claim to send an entry holds: far longer than any request's timeout, so
/// a claim older than this was left by a counter that stopped mid-request.
pub const SENDING_LEASE: i64 = 120;

/// Where a new create was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// In the shop's outbox (a counter's own file, when it is the shop's).
    Shop,
    /// The shop's database was away: kept in this counter's file, not sent yet.
    Here,
}

pub(super) const INSERT_ENTRY: &str = "INSERT INTO outbox (service, wcs_code, payload, state,
        attempts, created_at, updated_at, draft, clerk, counter)
    VALUES (?1, ?2, ?3, 'pending', 0, ?4, ?4, ?5, ?6, ?7)";

const DROP_DRAFT: &str = "DELETE FROM drafts WHERE name = ?1";

const SELECT_ENTRY: &str = "SELECT wcs_code, payload, state, attempts, last_error, created_at,
    conflict_order_id, conflict_barcode FROM outbox WHERE service = ?1";

impl Store {
    /// Writes a new create; fails if the key is already in the outbox. With a shop database
    /// that cannot be reached it is kept in this counter's file instead ([`Kept::Here`]), not
    /// to be sent until [`Store::return_kept`] has moved it to the shop's outbox.
    pub fn outbox_add(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
        payload: &str,
        draft: Option<&str>,
        clerk: &str,
        at: i64,
    ) -> Result<Kept, StoreError> {
        self.add_entry(service, wcs_code, payload, (draft, None), clerk, at)
    }

    /// Writes a new create made from a form and drops the form's draft: after a crash the order
    /// is in the outbox (shown with its state), never also a filled form that would send it a
    /// second time. `form` is the draft's text and name. In one file both happen in one
    /// transaction; with a shop database the entry is written there first and the draft dropped
    /// after, so a crash between leaves a draft [`Store::outbox_with_draft`] recognises.
    pub fn outbox_add_from_form(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
        payload: &str,
        (draft, draft_name): (&str, &str),
        clerk: &str,
        at: i64,
    ) -> Result<Kept, StoreError> {
        self.add_entry(
            service,
            wcs_code,
            payload,
            (Some(draft), Some(draft_name)),
            clerk,
            at,
        )
    }

    fn add_entry(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
        payload: &str,
        (draft, draft_name): (Option<&str>, Option<&str>),
        clerk: &str,
        at: i64,
    ) -> Result<Kept, StoreError> {
        let counter = self.counter();
        let counter = Some(counter.as_str()).filter(|c| !c.is_empty());
        let row = args![
            service.as_str(),
            wcs_code,
            payload,
            at,
            draft,
            clerk,
            counter
        ];
        if self.is_shared() {
            // Bound first: the connection's lock must be let go before `shop_lost` takes it.
            let written = self.conn().execute(INSERT_ENTRY, row);
            match written {
                Ok(_) => {
                    if let Some(name) = draft_name {
                        self.local().execute(DROP_DRAFT, args![name])?;
                    }
                    return Ok(Kept::Shop);
                }
                Err(e) if !self.shop_lost() => return Err(e),
                Err(e) => tracing::warn!("shop database away, the order is kept here: {e}"),
            }
        }
        let mut conn = self.local();
        let mut tx = conn.transaction()?;
        tx.execute(INSERT_ENTRY, row)?;
        if let Some(name) = draft_name {
            tx.execute(DROP_DRAFT, args![name])?;
        }
        tx.commit()?;
        Ok(if self.is_shared() {
            Kept::Here
        } else {
            Kept::Shop
        })
    }

    /// Claims an entry for sending now: until an answer says otherwise its outcome is unknown (a
    /// crash mid-request leaves "sending", which a later start reads as unknown). `false`: another
    /// counter of the shop is sending it (claimed less than [`SENDING_LEASE`] ago), so this one
    /// must not — the claim is one statement, so two counters never both win it.
    pub fn outbox_sending(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        // An entry kept here (the shop's database away) is claimed here: only this counter knows
        // of it. One written to the shop's outbox just before the database went away is neither
        // reachable there nor kept here: it is sent all the same (its key makes it one order at
        // the service), its answer is kept here, and bringing that to the shop settles the
        // shop's entry.
        let claimed = self.shop_or_here(|db, at_where| {
            let n = db.execute(
                "UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = ?3
                 WHERE service = ?1 AND wcs_code = ?2
                     AND (state <> 'sending' OR updated_at + ?4 <= ?3)",
                args![service.as_str(), wcs_code, at, SENDING_LEASE],
            )?;
            Ok(match at_where {
                super::Where::Here if n == 0 => 1,
                _ => n,
            })
        })?;
        Ok(claimed == 1)
    }

    /// Records that the service confirmed the entry as order `order_id` (`barcode`) while the
    /// journal holds another order under that id.
    pub fn outbox_conflict(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
        order_id: i64,
        barcode: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        self.shop_or_here(|db, _| {
            db.execute(
                "UPDATE outbox SET state = 'conflict', conflict_order_id = ?3,
                     conflict_barcode = ?4, updated_at = ?5 WHERE service = ?1 AND wcs_code = ?2",
                args![service.as_str(), wcs_code, order_id, barcode, at],
            )
        })?;
        Ok(())
    }

    pub fn outbox_set(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
        state: OutboxState,
        error: Option<&str>,
        at: i64,
    ) -> Result<(), StoreError> {
        self.shop_or_here(|db, _| {
            db.execute(
                "UPDATE outbox SET state = ?3, last_error = ?4, updated_at = ?5
                 WHERE service = ?1 AND wcs_code = ?2",
                args![service.as_str(), wcs_code, state.as_str(), error, at],
            )
        })?;
        Ok(())
    }

    pub fn outbox_remove(&self, service: &ServiceKey, wcs_code: &str) -> Result<(), StoreError> {
        let sql = "DELETE FROM outbox WHERE service = ?1 AND wcs_code = ?2";
        let key = args![service.as_str(), wcs_code];
        self.shop_or_here(|db, _| db.execute(sql, key))?;
        if self.is_shared() {
            // Kept here, and refused or forgotten before the shop answered again.
            self.local().execute(sql, key)?;
        }
        Ok(())
    }

    /// An entry by its key: in the shop's outbox, or, while the shop's database is away, among
    /// those kept here.
    pub fn outbox_get(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
    ) -> Result<Option<OutboxEntry>, StoreError> {
        let sql = format!("{SELECT_ENTRY} AND wcs_code = ?2");
        let key = args![service.as_str(), wcs_code];
        // Bound first: the connection's lock must be let go before `shop_lost` takes it.
        let answer = self.conn().query_opt(&sql, key, row);
        match answer {
            Err(_) if self.shop_lost() => self.local().query_opt(&sql, key, row),
            answer => answer,
        }
    }

    /// Every unconfirmed create of one service, oldest first: the shop's, and those kept at this
    /// counter while the shop's database is away (all of these only, while it is).
    pub fn outbox(&self, service: &ServiceKey) -> Result<Vec<OutboxEntry>, StoreError> {
        let sql = format!("{SELECT_ENTRY} ORDER BY created_at, rowid");
        if !self.is_shared() {
            return self.local().query(&sql, args![service.as_str()], row);
        }
        // Bound first: the connection's lock must be let go before `shop_lost` takes it.
        let shop = self.conn().query(&sql, args![service.as_str()], row);
        let mut entries = self.shop_part(shop)?;
        let kept = self.local().query(&sql, args![service.as_str()], row)?;
        entries.extend(kept.into_iter().map(|e| OutboxEntry {
            kept_here: true,
            ..e
        }));
        entries.sort_by_key(|e| e.created_at);
        Ok(entries)
    }

    /// How many creates of one service wait: in the shop's outbox (while it answers) and kept
    /// at this counter.
    pub fn outbox_count(&self, service: &ServiceKey) -> Result<i64, StoreError> {
        if !self.is_shared() {
            return self.rows_of("outbox", service);
        }
        let shop = self.rows_of("outbox", service);
        let shop = match shop {
            Err(_) if self.shop_lost() => 0,
            shop => shop?,
        };
        let here: i64 = self.local().query_one(
            "SELECT COUNT(*) FROM outbox WHERE service = ?1",
            args![service.as_str()],
            |r| r.get(0),
        )?;
        Ok(shop + here)
    }

    /// Whether a form draft is the one an outbox entry was made from (the same text).
    pub fn outbox_with_draft(
        &self,
        service: &ServiceKey,
        draft: &str,
    ) -> Result<Option<OutboxEntry>, StoreError> {
        self.conn().query_opt(
            &format!("{SELECT_ENTRY} AND draft = ?2 ORDER BY created_at DESC LIMIT 1"),
            args![service.as_str(), draft],
            row,
        )
    }
}

fn row(r: &Row<'_>) -> Result<OutboxEntry, StoreError> {
    Ok(OutboxEntry {
        wcs_code: r.get(0)?,
        payload: r.get(1)?,
        state: OutboxState::parse(&r.get::<String>(2)?),
        attempts: r.get(3)?,
        last_error: r.get(4)?,
        created_at: r.get(5)?,
        conflict: match (r.get::<Option<i64>>(6)?, r.get::<Option<String>>(7)?) {
            (Some(id), Some(barcode)) => Some((id, barcode)),
            _ => None,
        },
        kept_here: false,
    })
}
