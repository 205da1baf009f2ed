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
        // The twin's records name customers too: user-only, like the desk's own database.
        if let Err(e) = files::ensure_file(path) {
            tracing::warn!("cannot make {} private: {e}", path.display());
        }
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // FULL: an order the twin acknowledged survives a power cut, not only a crash of the
        // process; the twin writes one small record per change, so the cost is small.
        conn.pragma_update(None, "synchronous", "FULL")?;
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

    /// This data file's own name, made once when the file is new. Two twins never share one,
    /// so a client can tell a twin that kept its records from one that started over.
    pub fn instance(&self) -> String {
        if let Some(id) = self.all::<String>("meta-instance").into_iter().next() {
            return id;
        }
        let id = super::new_instance_id();
        self.put("meta-instance", "instance", &id);
        id
    }

    /// The secret that signs this data file's label links, made once when the file is new.
    pub fn link_key(&self) -> String {
        if let Some(key) = self.all::<String>("meta-link-key").into_iter().next() {
            return key;
        }
        let key = super::links::random_hex(32);
        self.put("meta-link-key", "key", &key);
        key
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
