//! The journal's row as lists read it, and how a row of the `journal` table becomes one: shared
//! by the journal and the days' registers, so neither imports the other for it.

use super::StoreError;
use super::db::Row;

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

/// A row selected with the columns of `JournalRow` first, in its order.
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
    })
}
