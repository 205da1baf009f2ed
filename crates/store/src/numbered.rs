//! Parcels and manifests are both kept under their service and the service's number for them,
//! written "sending" before the request and forgotten when the service refuses it: how such a
//! row is read, listed, written as being sent and forgotten is written once here for both
//! tables.

use super::db::{Db, Row, Sql, args};
use super::{Hands, ServiceKey, Store, StoreError};

/// A table of rows kept by service and number, and the columns a row is read from (the
/// store's own names, never text from outside).
pub(crate) struct Numbered {
    pub(crate) table: &'static str,
    pub(crate) columns: &'static str,
}

impl Store {
    /// The row under `number`, if the desk has it.
    pub(crate) fn numbered<T>(
        &self,
        of: &Numbered,
        service: &ServiceKey,
        number: &str,
        read: impl FnOnce(&Row<'_>) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        let Numbered { table, columns } = of;
        self.conn().query_opt(
            &format!("SELECT {columns} FROM {table} WHERE service = ?1 AND number = ?2"),
            args![service.as_str(), number],
            read,
        )
    }

    /// Every row of this service, newest first (rows of one second by number, highest first, as
    /// a file sends them); a row that cannot be read, or that `read` finds
    /// unusable (`None`), is left out.
    pub(crate) fn all_numbered<T>(
        &self,
        of: &Numbered,
        service: &ServiceKey,
        read: impl Fn(&Row<'_>) -> Result<Option<T>, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        let Numbered { table, columns } = of;
        let rows = self.conn().query(
            &format!(
                "SELECT {columns} FROM {table} WHERE service = ?1 ORDER BY created_at DESC, number DESC"
            ),
            args![service.as_str()],
            |r| Ok(read(r).ok().flatten()),
        )?;
        Ok(rows.into_iter().flatten().collect())
    }

    /// Writes a row as being sent (`write`, told who sends it), unless `found`, the row under its
    /// number, is one the service has saved (`saved`): that one is returned and left as it is,
    /// its number taken.
    pub(crate) fn sending_unless_saved<T>(
        &self,
        found: Option<T>,
        saved: impl FnOnce(&T) -> bool,
        write: impl FnOnce(&mut Db, Hands) -> Result<usize, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        if let Some(row) = found
            && saved(&row)
        {
            return Ok(Some(row));
        }
        let hands = self.hands();
        write(&mut self.conn(), hands)?;
        Ok(None)
    }

    /// Forgets an attempt the service refused; a row the service has saved stays.
    pub(crate) fn forget_refused(
        &self,
        of: &Numbered,
        service: &ServiceKey,
        number: &str,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            &format!(
                "DELETE FROM {} WHERE service = ?1 AND number = ?2 AND state = 'sending'",
                of.table
            ),
            args![service.as_str(), number],
        )?;
        Ok(())
    }
}
