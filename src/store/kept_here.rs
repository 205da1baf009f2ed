//! Orders taken while the shop's database was away: a counter that cannot reach it keeps new
//! creates in its own file's outbox, unsent, and moves them to the shop's outbox when the
//! database answers again; from there they are sent once, like any other. A move writes the
//! shop's row before dropping this counter's, and a row already in the shop under the key is
//! left as it is, so a move cut short is finished by the next one, never doubled.

use super::db::{Sql, args};
use super::outbox::INSERT_ENTRY;
use super::{Store, StoreError};

impl Store {
    /// How many creates wait in this counter's file for the shop's database (0 for a counter
    /// whose file is the shop's).
    pub fn kept_here(&self) -> Result<i64, StoreError> {
        if !self.is_shared() {
            return Ok(0);
        }
        self.local()
            .query_one("SELECT COUNT(*) FROM outbox", args![], |r| r.get(0))
    }

    /// Moves the creates kept here to the shop's outbox; how many moved.
    pub fn return_kept(&self) -> Result<usize, StoreError> {
        if !self.is_shared() {
            return Ok(0);
        }
        type Entry = (String, String, String, i64, Option<String>);
        type Who = (Option<String>, Option<String>);
        let kept: Vec<(Entry, Who)> = self.local().query(
            "SELECT service, wcs_code, payload, created_at, draft, clerk, counter FROM outbox
             ORDER BY created_at, rowid",
            args![],
            |r| {
                let entry = (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?);
                Ok((entry, (r.get(5)?, r.get(6)?)))
            },
        )?;
        let mut moved = 0;
        for ((service, key, payload, at, draft), (clerk, counter)) in kept {
            self.conn().execute(
                &format!("{INSERT_ENTRY} ON CONFLICT (service, wcs_code) DO NOTHING"),
                args![service, key, payload, at, draft, clerk, counter],
            )?;
            self.local().execute(
                "DELETE FROM outbox WHERE service = ?1 AND wcs_code = ?2",
                args![service, key],
            )?;
            moved += 1;
        }
        if moved > 0 {
            self.away.store(false, std::sync::atomic::Ordering::Relaxed);
            self.journal_touched();
        }
        Ok(moved)
    }
}
