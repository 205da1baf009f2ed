//! The journal's row as lists read it, and how a row of the `journal` table becomes one: shared
//! by the journal and the days' registers, so neither imports the other for it.

use super::StoreError;
use super::db::Row;
use std::sync::Arc;

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
    /// The counter that took the order, where one named in Settings did (orders looked up from
    /// the service, or taken before the counter had a name, have none). Written from the
    /// outbox entry the counter made, never from a row: read only. One name is shared by every
    /// row of that counter, so 100,000 rows do not hold 100,000 copies of it.
    pub counter: Option<Arc<str>>,
}

/// A row selected with the columns of `JournalRow` first, in its order (`counter` last).
pub(super) fn journal_row(r: &Row<'_>) -> Result<JournalRow, StoreError> {
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
        counter: r.get::<Option<String>>(11)?.map(Arc::from),
    })
}

/// Makes rows of one counter share one copy of its name.
pub(super) fn share_counter_names(rows: &mut [JournalRow]) {
    let mut names: Vec<Arc<str>> = Vec::new();
    for row in rows {
        let Some(name) = &row.counter else { continue };
        match names.iter().find(|n| n.as_ref() == name.as_ref()) {
            Some(kept) => row.counter = Some(kept.clone()),
            None => names.push(name.clone()),
        }
    }
}
