//! What is this counter's alone and never the shop's: the directory lists read from the service
//! and the form drafts, each a JSON text kept in the counter's own file under a name, with when
//! it was written. Both tables are the same shape, so one pair of statements serves both.

use super::db::{Sql, args};
use super::{Store, StoreError};

/// One of the counter's tables of named JSON texts: its name, its key's and its time's columns
/// (the store's own names, never text from outside).
struct Named {
    table: &'static str,
    key: &'static str,
    time: &'static str,
}

/// The directory lists, by kind, with when each was read from the service.
const DIRECTORY: Named = Named {
    table: "directory_cache",
    key: "kind",
    time: "fetched_at",
};

/// The form drafts, by name, with when each was last typed in.
const DRAFTS: Named = Named {
    table: "drafts",
    key: "name",
    time: "updated_at",
};

impl Store {
    /// Writes `json` under `name`, replacing what was there.
    fn put_named(&self, t: &Named, name: &str, json: &str, at: i64) -> Result<(), StoreError> {
        let Named { table, key, time } = t;
        self.local().execute(
            &format!(
                "INSERT INTO {table} ({key}, json, {time}) VALUES (?1, ?2, ?3)
                 ON CONFLICT ({key}) DO UPDATE SET json = excluded.json, {time} = excluded.{time}"
            ),
            args![name, json, at],
        )?;
        Ok(())
    }

    /// The JSON under `name` and when it was written.
    fn named(&self, t: &Named, name: &str) -> Result<Option<(String, i64)>, StoreError> {
        let Named { table, key, time } = t;
        self.local().query_opt(
            &format!("SELECT json, {time} FROM {table} WHERE {key} = ?1"),
            args![name],
            |r| r.columns(),
        )
    }

    /// Stores one directory list (as JSON) with the time it was read from the service.
    pub fn put_directory(&self, kind: &str, json: &str, fetched_at: i64) -> Result<(), StoreError> {
        self.put_named(&DIRECTORY, kind, json, fetched_at)
    }

    /// One cached directory list and when it was read.
    pub fn directory(&self, kind: &str) -> Result<Option<(String, i64)>, StoreError> {
        self.named(&DIRECTORY, kind)
    }

    /// Saves a form draft under a name (the open form is saved as the clerk types).
    pub fn put_draft(&self, name: &str, json: &str, at: i64) -> Result<(), StoreError> {
        self.put_named(&DRAFTS, name, json, at)
    }

    pub fn draft(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(self.draft_typed_at(name)?.map(|(json, _)| json))
    }

    /// A kept draft and when it was last written (seconds since the epoch).
    pub fn draft_typed_at(&self, name: &str) -> Result<Option<(String, i64)>, StoreError> {
        self.named(&DRAFTS, name)
    }

    pub fn delete_draft(&self, name: &str) -> Result<(), StoreError> {
        self.local()
            .execute("DELETE FROM drafts WHERE name = ?1", args![name])?;
        Ok(())
    }
}
