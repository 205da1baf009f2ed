//! The journal: every order this desk created or looked up, with its last known status and its
//! status history. Keyed by the service's order id, so an order can never be in it twice.

use super::{Store, StoreError};
use rusqlite::{OptionalExtension, params};

/// The columns of a [`JournalRow`], in the order `journal_row` reads them.
const SELECT_ROWS: &str =
    "SELECT order_id, barcode, wcs_code, created_at, receiver, receiver_phone, city,
    status_id, status_name, cod, cost FROM journal";

/// One order as the Orders screen lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct JournalRow {
    pub order_id: i64,
    pub barcode: String,
    pub wcs_code: Option<String>,
    pub created_at: i64,
    pub receiver: String,
    pub receiver_phone: String,
    pub city: String,
    pub status_id: i64,
    pub status_name: String,
    /// Cash on delivery, whole sum.
    pub cod: Option<i64>,
    pub cost: i64,
}

/// One entry of an order's status history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    pub at: i64,
    pub status_id: i64,
    pub message: String,
    pub location: String,
}

impl Store {
    /// Records a confirmed order and, when it came from the outbox, removes that entry in the
    /// same transaction: the order is never both unconfirmed and journaled, nor neither.
    pub fn journal_confirm(
        &self,
        row: &JournalRow,
        record_json: &str,
        from_outbox: Option<&str>,
        at: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO journal (order_id, barcode, wcs_code, created_at, receiver, receiver_phone, city,
                                  status_id, status_name, cod, cost, record, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
             ON CONFLICT (order_id) DO UPDATE SET
                barcode = excluded.barcode, receiver = excluded.receiver,
                receiver_phone = excluded.receiver_phone, city = excluded.city,
                status_id = excluded.status_id, status_name = excluded.status_name,
                cod = COALESCE(excluded.cod, journal.cod), cost = excluded.cost,
                record = excluded.record, updated_at = excluded.updated_at,
                wcs_code = COALESCE(journal.wcs_code, excluded.wcs_code)",
            params![
                row.order_id,
                row.barcode,
                row.wcs_code,
                row.created_at,
                row.receiver,
                row.receiver_phone,
                row.city,
                row.status_id,
                row.status_name,
                row.cod,
                row.cost,
                record_json,
                at
            ],
        )?;
        if let Some(key) = from_outbox {
            tx.execute(
                "UPDATE journal SET draft = (SELECT draft FROM outbox WHERE wcs_code = ?1) WHERE order_id = ?2 AND draft IS NULL",
                params![key, row.order_id],
            )?;
            tx.execute("DELETE FROM outbox WHERE wcs_code = ?1", params![key])?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Updates the last known status of a journaled order.
    pub fn journal_status(
        &self,
        order_id: i64,
        status_id: i64,
        status_name: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE journal SET status_id = ?2, status_name = ?3, updated_at = ?4 WHERE order_id = ?1",
            params![order_id, status_id, status_name, at],
        )?;
        Ok(())
    }

    /// Replaces an order's history with the service's.
    pub fn journal_history(&self, order_id: i64, history: &[HistoryRow]) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM status_history WHERE order_id = ?1",
            params![order_id],
        )?;
        for h in history {
            tx.execute(
                "INSERT OR IGNORE INTO status_history (order_id, at, status_id, message, location) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![order_id, h.at, h.status_id, h.message, h.location],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    pub fn history_of(&self, order_id: i64) -> Result<Vec<HistoryRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT at, status_id, message, location FROM status_history WHERE order_id = ?1 ORDER BY at, rowid")?;
        let rows = stmt.query_map(params![order_id], |r| {
            Ok(HistoryRow {
                at: r.get(0)?,
                status_id: r.get(1)?,
                message: r.get(2)?,
                location: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// The whole journal, newest first.
    pub fn journal(&self) -> Result<Vec<JournalRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "{SELECT_ROWS} ORDER BY created_at DESC, order_id DESC"
        ))?;
        let rows = stmt.query_map([], journal_row)?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    pub fn journal_count(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn()
            .query_row("SELECT COUNT(*) FROM journal", [], |r| r.get(0))?)
    }

    pub fn journal_by_barcode(&self, barcode: &str) -> Result<Option<JournalRow>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                &format!("{SELECT_ROWS} WHERE barcode = ?1"),
                params![barcode],
                journal_row,
            )
            .optional()?)
    }

    pub fn journal_get(&self, order_id: i64) -> Result<Option<JournalRow>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                &format!("{SELECT_ROWS} WHERE order_id = ?1"),
                params![order_id],
                journal_row,
            )
            .optional()?)
    }

    /// The form an order was created or last edited from (JSON), when this desk made it.
    pub fn journal_draft(&self, order_id: i64) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT draft FROM journal WHERE order_id = ?1",
                params![order_id],
                |r| r.get(0),
            )
            .optional()?
            .flatten())
    }

    pub fn journal_set_draft(&self, order_id: i64, draft: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE journal SET draft = ?2 WHERE order_id = ?1",
            params![order_id, draft],
        )?;
        Ok(())
    }

    /// The last record the service gave for an order (JSON).
    pub fn journal_record(&self, order_id: i64) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT record FROM journal WHERE order_id = ?1",
                params![order_id],
                |r| r.get(0),
            )
            .optional()?)
    }
}

fn journal_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<JournalRow> {
    Ok(JournalRow {
        order_id: r.get(0)?,
        barcode: r.get(1)?,
        wcs_code: r.get(2)?,
        created_at: r.get(3)?,
        receiver: r.get(4)?,
        receiver_phone: r.get(5)?,
        city: r.get(6)?,
        status_id: r.get(7)?,
        status_name: r.get(8)?,
        cod: r.get(9)?,
        cost: r.get(10)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64) -> JournalRow {
        JournalRow {
            order_id: id,
            barcode: format!("01991{id:07}"),
            wcs_code: Some(format!("k{id}")),
            created_at: id,
            receiver: "Vali".into(),
            receiver_phone: "+998 90 1234567".into(),
            city: "Samarqand".into(),
            status_id: 1,
            status_name: "Joʻnatuvchida".into(),
            cod: None,
            cost: 25_000,
        }
    }

    #[test]
    fn confirming_moves_from_outbox_to_journal_atomically_and_once() {
        let s = Store::open_in_memory().unwrap();
        s.outbox_add("k1", "{}", Some("{\"form\":1}"), 1).unwrap();
        assert!(
            s.outbox_add("k1", "{}", None, 1).is_err(),
            "a key enters the outbox once"
        );
        s.outbox_sending("k1", 2).unwrap();
        assert_eq!(
            s.outbox_get("k1").unwrap().unwrap().state,
            OutboxState::Unknown
        );
        s.journal_confirm(&row(1), "{}", Some("k1"), 3).unwrap();
        s.journal_confirm(&row(1), "{}", None, 4).unwrap();
        assert_eq!(s.outbox_count().unwrap(), 0);
        assert_eq!(s.journal_count().unwrap(), 1);
        assert_eq!(
            s.journal_draft(1).unwrap().as_deref(),
            Some("{\"form\":1}"),
            "the form follows the order"
        );
        assert_eq!(
            s.journal_by_barcode("019910000001")
                .unwrap()
                .unwrap()
                .order_id,
            1
        );
        s.journal_status(1, 6, "Yetkazildi", 5).unwrap();
        assert_eq!(s.journal().unwrap()[0].status_id, 6);
    }

    use super::super::OutboxState;
}
