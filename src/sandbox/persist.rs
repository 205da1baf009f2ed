//! `--data FILE`: the twin's records kept in SQLite across restarts. Each record is stored as
//! JSON under its kind and key; writes happen as records change.

use rusqlite::{Connection, params};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::Path;

pub struct Persist {
    conn: Connection,
}

impl Persist {
    pub fn open(path: &Path) -> Result<Persist, rusqlite::Error> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS records (
                kind TEXT NOT NULL,
                key TEXT NOT NULL,
                json TEXT NOT NULL,
                PRIMARY KEY (kind, key)
            );",
        )?;
        Ok(Persist { conn })
    }

    pub fn put<T: Serialize>(&self, kind: &str, key: &str, value: &T) {
        let json = match serde_json::to_string(value) {
            Ok(j) => j,
            Err(e) => {
                tracing::error!("cannot encode {kind} {key}: {e}");
                return;
            }
        };
        if let Err(e) = self.conn.execute(
            "INSERT INTO records (kind, key, json) VALUES (?1, ?2, ?3)
             ON CONFLICT (kind, key) DO UPDATE SET json = excluded.json",
            params![kind, key, json],
        ) {
            tracing::error!("cannot store {kind} {key}: {e}");
        }
    }

    pub fn all<T: DeserializeOwned>(&self, kind: &str) -> Vec<T> {
        let mut out = Vec::new();
        let Ok(mut stmt) = self
            .conn
            .prepare("SELECT key, json FROM records WHERE kind = ?1 ORDER BY rowid")
        else {
            return out;
        };
        let rows = stmt.query_map(params![kind], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        });
        if let Ok(rows) = rows {
            for (key, json) in rows.flatten() {
                match serde_json::from_str(&json) {
                    Ok(v) => out.push(v),
                    Err(e) => tracing::warn!("skipping unreadable {kind} {key}: {e}"),
                }
            }
        }
        out
    }
}
