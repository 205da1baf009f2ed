//! The desk's memory in SQLite: opened once, WAL, schema migrations by `user_version`. Calls are
//! blocking; the desk runs them on the background runtime (`spawn_blocking`), never on the UI
//! thread. It holds the directory cache, the outbox of orders not yet confirmed by the service,
//! the journal of orders this desk created or looked up, form drafts, and the print log.

mod journal;
mod outbox;
mod print_log;

pub use journal::{HistoryRow, JournalRow};
pub use outbox::{OutboxEntry, OutboxState};
pub use print_log::{PrintOutcome, PrintRecord};

use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::Mutex;

/// Each entry moves the schema one version up; never edit a shipped entry, append a new one.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE directory_cache (
        kind TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        fetched_at INTEGER NOT NULL
    );",
    "CREATE TABLE outbox (
        wcs_code TEXT PRIMARY KEY,
        payload TEXT NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE TABLE journal (
        order_id INTEGER PRIMARY KEY,
        barcode TEXT NOT NULL,
        wcs_code TEXT,
        created_at INTEGER NOT NULL,
        receiver TEXT NOT NULL,
        receiver_phone TEXT NOT NULL,
        city TEXT NOT NULL,
        status_id INTEGER NOT NULL,
        status_name TEXT NOT NULL,
        cod INTEGER,
        cost INTEGER NOT NULL,
        record TEXT NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX journal_barcode ON journal (barcode);
    CREATE INDEX journal_created ON journal (created_at);
    CREATE TABLE status_history (
        order_id INTEGER NOT NULL,
        at INTEGER NOT NULL,
        status_id INTEGER NOT NULL,
        message TEXT NOT NULL,
        location TEXT NOT NULL,
        PRIMARY KEY (order_id, at, status_id)
    );
    CREATE TABLE drafts (
        name TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        updated_at INTEGER NOT NULL
    );",
    // The form a create came from, kept so an edit re-opens it whole.
    "ALTER TABLE outbox ADD COLUMN draft TEXT;
    ALTER TABLE journal ADD COLUMN draft TEXT;",
    // Every label sent to a printer or a file, and every failure.
    "CREATE TABLE print_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id INTEGER NOT NULL,
        barcode TEXT NOT NULL,
        at INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        printer TEXT NOT NULL,
        reason TEXT,
        error TEXT
    );
    CREATE INDEX print_log_order ON print_log (order_id, at);",
];

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("cannot create the data folder {path}: {source}")]
    Folder {
        path: String,
        source: std::io::Error,
    },
    #[error("the database is newer (schema {found}) than this Parcel Desk knows ({known})")]
    TooNew { found: i64, known: i64 },
}

pub struct Store {
    conn: Mutex<Connection>,
}

impl Store {
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|source| StoreError::Folder {
                path: parent.display().to_string(),
                source,
            })?;
        }
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        Self::migrate(conn)
    }

    pub fn open_in_memory() -> Result<Store, StoreError> {
        Self::migrate(Connection::open_in_memory()?)
    }

    fn migrate(mut conn: Connection) -> Result<Store, StoreError> {
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let known = MIGRATIONS.len() as i64;
        if version > known {
            return Err(StoreError::TooNew {
                found: version,
                known,
            });
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            let tx = conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", i as i64 + 1)?;
            tx.commit()?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    pub(crate) fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn schema_version(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn()
            .pragma_query_value(None, "user_version", |r| r.get(0))?)
    }

    /// Stores one directory list (as JSON) with the time it was read from the service.
    pub fn put_directory(&self, kind: &str, json: &str, fetched_at: i64) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO directory_cache (kind, json, fetched_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (kind) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at",
            params![kind, json, fetched_at],
        )?;
        Ok(())
    }

    /// One cached directory list and when it was read.
    pub fn directory(&self, kind: &str) -> Result<Option<(String, i64)>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT json, fetched_at FROM directory_cache WHERE kind = ?1",
                params![kind],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// Saves a form draft under a name (the open form is saved as the clerk types).
    pub fn put_draft(&self, name: &str, json: &str, at: i64) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO drafts (name, json, updated_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (name) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at",
            params![name, json, at],
        )?;
        Ok(())
    }

    pub fn draft(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT json FROM drafts WHERE name = ?1",
                params![name],
                |r| r.get(0),
            )
            .optional()?)
    }

    pub fn delete_draft(&self, name: &str) -> Result<(), StoreError> {
        self.conn()
            .execute("DELETE FROM drafts WHERE name = ?1", params![name])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrates_once_and_keeps_data_across_reopen() {
        let dir = std::env::temp_dir().join(format!("parcel-desk-store-{}", std::process::id()));
        let path = dir.join("desk.sqlite");
        let _ = std::fs::remove_dir_all(&dir);
        {
            let s = Store::open(&path).unwrap();
            assert_eq!(s.schema_version().unwrap(), MIGRATIONS.len() as i64);
            s.put_directory("regions", "[1]", 10).unwrap();
            s.put_directory("regions", "[1,2]", 20).unwrap();
        }
        let s = Store::open(&path).unwrap();
        assert_eq!(
            s.directory("regions").unwrap(),
            Some(("[1,2]".to_string(), 20))
        );
        assert_eq!(s.directory("cities").unwrap(), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
