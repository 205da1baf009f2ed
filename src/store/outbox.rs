//! The outbox: every order create is written here with its idempotency key before the request
//! leaves. An entry leaves the outbox only when the service has confirmed the order (it then
//! moves to the journal in the same transaction) or refused it.

use super::{ServiceKey, Store, StoreError};
use rusqlite::{OptionalExtension, params};

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
}

impl OutboxState {
    fn as_str(self) -> &'static str {
        match self {
            OutboxState::Pending => "pending",
            OutboxState::Unknown => "unknown",
            OutboxState::Sending => "sending",
            OutboxState::Conflict => "conflict",
        }
    }

    fn parse(s: &str) -> OutboxState {
        match s {
            "pending" => OutboxState::Pending,
            "conflict" => OutboxState::Conflict,
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
}

const SELECT_ENTRY: &str = "SELECT wcs_code, payload, state, attempts, last_error, created_at,
    conflict_order_id, conflict_barcode FROM outbox WHERE service = ?1";

impl Store {
    /// Writes a new create; fails if the key is already in the outbox.
    pub fn outbox_add(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
        payload: &str,
        draft: Option<&str>,
        clerk: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO outbox (service, wcs_code, payload, state, attempts, created_at, updated_at, draft, clerk)
             VALUES (?1, ?2, ?3, 'pending', 0, ?4, ?4, ?5, ?6)",
            params![service.as_str(), wcs_code, payload, at, draft, clerk],
        )?;
        Ok(())
    }

    /// Writes a new create made from a form and drops the form's draft in the same
    /// transaction: after a crash the order is in the outbox (shown with its state), never also
    /// a filled form that would send it a second time. `form` is the draft's text and name.
    pub fn outbox_add_from_form(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
        payload: &str,
        (draft, draft_name): (&str, &str),
        clerk: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO outbox (service, wcs_code, payload, state, attempts, created_at, updated_at, draft, clerk)
             VALUES (?1, ?2, ?3, 'pending', 0, ?4, ?4, ?5, ?6)",
            params![service.as_str(), wcs_code, payload, at, draft, clerk],
        )?;
        tx.execute("DELETE FROM drafts WHERE name = ?1", params![draft_name])?;
        tx.commit()?;
        Ok(())
    }

    /// Marks an entry as leaving now: until an answer says otherwise its outcome is unknown (a
    /// crash mid-request leaves "sending", which a later start reads as unknown).
    pub fn outbox_sending(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = ?3
             WHERE service = ?1 AND wcs_code = ?2",
            params![service.as_str(), wcs_code, at],
        )?;
        Ok(())
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
        self.conn().execute(
            "UPDATE outbox SET state = 'conflict', conflict_order_id = ?3, conflict_barcode = ?4,
                 updated_at = ?5 WHERE service = ?1 AND wcs_code = ?2",
            params![service.as_str(), wcs_code, order_id, barcode, at],
        )?;
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
        self.conn().execute(
            "UPDATE outbox SET state = ?3, last_error = ?4, updated_at = ?5
             WHERE service = ?1 AND wcs_code = ?2",
            params![service.as_str(), wcs_code, state.as_str(), error, at],
        )?;
        Ok(())
    }

    pub fn outbox_remove(&self, service: &ServiceKey, wcs_code: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "DELETE FROM outbox WHERE service = ?1 AND wcs_code = ?2",
            params![service.as_str(), wcs_code],
        )?;
        Ok(())
    }

    pub fn outbox_get(
        &self,
        service: &ServiceKey,
        wcs_code: &str,
    ) -> Result<Option<OutboxEntry>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                &format!("{SELECT_ENTRY} AND wcs_code = ?2"),
                params![service.as_str(), wcs_code],
                row,
            )
            .optional()?)
    }

    /// Every unconfirmed create of one service, oldest first.
    pub fn outbox(&self, service: &ServiceKey) -> Result<Vec<OutboxEntry>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!("{SELECT_ENTRY} ORDER BY created_at, rowid"))?;
        let rows = stmt.query_map(params![service.as_str()], row)?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    pub fn outbox_count(&self, service: &ServiceKey) -> Result<i64, StoreError> {
        Ok(self.conn().query_row(
            "SELECT COUNT(*) FROM outbox WHERE service = ?1",
            params![service.as_str()],
            |r| r.get(0),
        )?)
    }

    /// Whether a form draft is the one an outbox entry was made from (the same text).
    pub fn outbox_with_draft(
        &self,
        service: &ServiceKey,
        draft: &str,
    ) -> Result<Option<OutboxEntry>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                &format!("{SELECT_ENTRY} AND draft = ?2 ORDER BY created_at DESC LIMIT 1"),
                params![service.as_str(), draft],
                row,
            )
            .optional()?)
    }
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<OutboxEntry> {
    Ok(OutboxEntry {
        wcs_code: r.get(0)?,
        payload: r.get(1)?,
        state: OutboxState::parse(&r.get::<_, String>(2)?),
        attempts: r.get(3)?,
        last_error: r.get(4)?,
        created_at: r.get(5)?,
        conflict: match (r.get::<_, Option<i64>>(6)?, r.get::<_, Option<String>>(7)?) {
            (Some(id), Some(barcode)) => Some((id, barcode)),
            _ => None,
        },
    })
}
