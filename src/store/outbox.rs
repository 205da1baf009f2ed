//! The outbox: every order create is written here with its idempotency key before the request
//! leaves. An entry leaves the outbox only when the service has confirmed the order (it then
//! moves to the journal in the same transaction) or refused it.

use super::{Store, StoreError};
use rusqlite::{OptionalExtension, params};

/// Where an unconfirmed create stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutboxState {
    /// Not sent, or known not to have reached the service: safe to send.
    Pending,
    /// Sent without an answer: it may exist. Resolved by looking it up, never by sending again.
    Unknown,
}

impl OutboxState {
    fn as_str(self) -> &'static str {
        match self {
            OutboxState::Pending => "pending",
            OutboxState::Unknown => "unknown",
        }
    }

    fn parse(s: &str) -> OutboxState {
        match s {
            "pending" => OutboxState::Pending,
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
}

impl Store {
    /// Writes a new create; fails if the key is already in the outbox.
    pub fn outbox_add(
        &self,
        wcs_code: &str,
        payload: &str,
        draft: Option<&str>,
        at: i64,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO outbox (wcs_code, payload, state, attempts, created_at, updated_at, draft)
             VALUES (?1, ?2, 'pending', 0, ?3, ?3, ?4)",
            params![wcs_code, payload, at, draft],
        )?;
        Ok(())
    }

    /// Marks an entry as leaving now: until an answer says otherwise its outcome is unknown.
    pub fn outbox_sending(&self, wcs_code: &str, at: i64) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE outbox SET state = 'unknown', attempts = attempts + 1, updated_at = ?2 WHERE wcs_code = ?1",
            params![wcs_code, at],
        )?;
        Ok(())
    }

    pub fn outbox_set(
        &self,
        wcs_code: &str,
        state: OutboxState,
        error: Option<&str>,
        at: i64,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE outbox SET state = ?2, last_error = ?3, updated_at = ?4 WHERE wcs_code = ?1",
            params![wcs_code, state.as_str(), error, at],
        )?;
        Ok(())
    }

    pub fn outbox_remove(&self, wcs_code: &str) -> Result<(), StoreError> {
        self.conn()
            .execute("DELETE FROM outbox WHERE wcs_code = ?1", params![wcs_code])?;
        Ok(())
    }

    pub fn outbox_get(&self, wcs_code: &str) -> Result<Option<OutboxEntry>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT wcs_code, payload, state, attempts, last_error, created_at FROM outbox WHERE wcs_code = ?1",
                params![wcs_code],
                row,
            )
            .optional()?)
    }

    /// Every unconfirmed create, oldest first.
    pub fn outbox(&self) -> Result<Vec<OutboxEntry>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT wcs_code, payload, state, attempts, last_error, created_at FROM outbox ORDER BY created_at, rowid",
        )?;
        let rows = stmt.query_map([], row)?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    pub fn outbox_count(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn()
            .query_row("SELECT COUNT(*) FROM outbox", [], |r| r.get(0))?)
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
    })
}
