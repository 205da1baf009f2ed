//! The journal: every order this desk created or looked up, with its last known status and its
//! status history. Keyed by the service and its order id, so an order can never be in it twice,
//! and two orders are never one row: a confirmation whose id the journal holds for another order
//! (another key or barcode) is refused, never written over the old one.

use super::db::Db;
use super::db::{Arg, Column, Sql, args};
use super::journal_row::journal_row;
pub use super::journal_row::{JournalRow, RowFields, SharedNames};
use super::{ServiceKey, Store, StoreError, Where};

/// The columns of a [`JournalRow`], in the order `journal_row` reads them.
const SELECT_ROWS: &str =
    "SELECT order_id, barcode, wcs_code, created_at, receiver, receiver_phone, city,
    status_id, status_name, cod, cost, counter FROM journal WHERE service = ?1";

/// One entry of an order's status history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    pub at: i64,
    pub status_id: i64,
    pub message: String,
    pub location: String,
}

/// An order moved to a status: the service's status, named, and since when (Unix seconds).
#[derive(Debug, Clone, Copy)]
pub struct StatusMove<'a> {
    pub order_id: i64,
    pub id: i64,
    pub name: &'a str,
    pub at: i64,
}

impl StatusMove<'_> {
    /// Writes the move into the journal row of `service`'s order (on a connection, or inside a
    /// transaction that writes more with it).
    pub(super) fn write<'t>(
        &self,
        sql: &mut impl Sql<'t>,
        service: &ServiceKey,
    ) -> Result<(), StoreError> {
        sql.execute(
            "UPDATE journal SET status_id = ?3, status_name = ?4, updated_at = ?5
             WHERE service = ?1 AND order_id = ?2",
            args![service.as_str(), self.order_id, self.id, self.name, self.at],
        )?;
        Ok(())
    }
}

impl Store {
    /// Records a confirmed order and, when it came from the outbox, removes that entry in the
    /// same transaction: the order is never both unconfirmed and journaled, nor neither.
    ///
    /// A row already under this id must be the same order: for a create (`from_outbox`), one the
    /// service recorded under that entry's key; otherwise one with the same barcode and no other
    /// key. Anything else is [`StoreError::Collision`] and nothing is written.
    ///
    /// With a shop database that is away it is written in this counter's file instead (the
    /// customer gets the barcode and the label at once) and brought to the shop's journal when
    /// it answers ([`Store::return_kept`]).
    pub fn journal_confirm(
        &self,
        service: &ServiceKey,
        row: &JournalRow,
        record_json: &str,
        from_outbox: Option<&str>,
        at: i64,
    ) -> Result<(), StoreError> {
        let hands = self.hands();
        let confirmed = Confirmed {
            service,
            row,
            record_json,
            from_outbox,
            at,
        };
        let wrote = self.shop_or_here(|db, place| confirmed.write(db, place, &hands))?;
        if let (Where::Shop, true, Some(key)) = (wrote, self.is_shared(), from_outbox) {
            // Sent from this counter's file and confirmed once the shop answered again.
            self.local().execute(
                "DELETE FROM outbox WHERE service = ?1 AND wcs_code = ?2",
                args![service.as_str(), key],
            )?;
        }
        self.journal_touched();
        Ok(())
    }
}

/// An order the service confirmed, to be written in the journal.
struct Confirmed<'a> {
    service: &'a ServiceKey,
    row: &'a JournalRow,
    record_json: &'a str,
    from_outbox: Option<&'a str>,
    at: i64,
}

impl Confirmed<'_> {
    fn write(&self, db: &mut Db, place: Where, hands: &super::Hands) -> Result<Where, StoreError> {
        let Confirmed {
            service,
            row,
            record_json,
            from_outbox,
            at,
        } = *self;
        let mut tx = db.transaction()?;
        let kept: Option<(Option<String>, String)> = tx.query_opt(
            "SELECT wcs_code, barcode FROM journal WHERE service = ?1 AND order_id = ?2",
            args![service.as_str(), row.order_id],
            |r| r.columns(),
        )?;
        let new_order = kept.is_none();
        if let Some((kept_key, kept_barcode)) = kept
            && !same_order(&kept_key, &kept_barcode, row, from_outbox)
        {
            return Err(StoreError::Collision {
                order_id: row.order_id,
                kept_key,
                kept_barcode,
            });
        }
        tx.execute(
            "INSERT INTO journal (service, order_id, barcode, wcs_code, created_at, receiver,
                                  receiver_phone, city, status_id, status_name, cod, cost, record,
                                  updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
             ON CONFLICT (service, order_id) DO UPDATE SET
                receiver = excluded.receiver,
                receiver_phone = excluded.receiver_phone, city = excluded.city,
                status_id = excluded.status_id, status_name = excluded.status_name,
                cod = COALESCE(excluded.cod, journal.cod), cost = excluded.cost,
                record = excluded.record, updated_at = excluded.updated_at,
                wcs_code = COALESCE(journal.wcs_code, excluded.wcs_code)",
            args![
                service.as_str(),
                row.order_id,
                row.barcode(),
                row.wcs_code(),
                row.created_at,
                row.receiver(),
                row.receiver_phone(),
                row.city(),
                row.status_id,
                row.status_name(),
                row.cod(),
                row.cost,
                record_json,
                at
            ],
        )?;
        // Its sender and receiver, into the address book (an order counts once for each).
        if let Ok(core) = serde_json::from_str::<api::legacy::OrderCore>(record_json) {
            for seen in super::people::Seen::both(&core) {
                super::people::learn(&mut tx, service, &seen, at, i64::from(new_order))?;
            }
        }
        if let Some(key) = from_outbox {
            // Made here: it keeps its form, its clerk and counter (this counter's, when the
            // entry is in a database out of reach), and the register of the first day not yet
            // closed from the day the clerk took it (the outbox entry's, not the confirmation's:
            // an order taken at 23:50 and confirmed after midnight is the earlier day's). Kept
            // at this counter, its register day is the shop's to give when it is brought there.
            let taken: Option<i64> = tx.query_opt(
                "SELECT created_at FROM outbox WHERE service = ?1 AND wcs_code = ?2",
                args![service.as_str(), key],
                |r| r.get(0),
            )?;
            let taken = super::days::counter_day(taken.unwrap_or(row.created_at));
            let day = match place {
                Where::Shop => Some(super::days::open_day(&mut tx, service, taken)?),
                Where::Here => None,
            };
            tx.execute(
                "UPDATE journal SET
                    draft = COALESCE(draft,
                        (SELECT draft FROM outbox WHERE service = ?1 AND wcs_code = ?2)),
                    clerk = COALESCE(clerk,
                        (SELECT clerk FROM outbox WHERE service = ?1 AND wcs_code = ?2), ?5),
                    counter = COALESCE(counter,
                        (SELECT counter FROM outbox WHERE service = ?1 AND wcs_code = ?2), ?6),
                    register_day = COALESCE(register_day, ?4)
                 WHERE service = ?1 AND order_id = ?3",
                args![
                    service.as_str(),
                    key,
                    row.order_id,
                    day,
                    hands.clerk,
                    hands.counter
                ],
            )?;
            tx.execute(
                "DELETE FROM outbox WHERE service = ?1 AND wcs_code = ?2",
                args![service.as_str(), key],
            )?;
        }
        if place == Where::Here {
            tx.execute(
                "UPDATE journal SET kept_here = 1 WHERE service = ?1 AND order_id = ?2",
                args![service.as_str(), row.order_id],
            )?;
        }
        tx.commit()?;
        Ok(place)
    }
}

impl Store {
    /// Updates the last known status of a journaled order.
    pub fn journal_status(
        &self,
        service: &ServiceKey,
        status: StatusMove<'_>,
    ) -> Result<(), StoreError> {
        status.write(&mut *self.conn(), service)?;
        self.journal_touched();
        Ok(())
    }

    /// Replaces an order's history with the service's.
    pub fn journal_history(
        &self,
        service: &ServiceKey,
        order_id: i64,
        history: &[HistoryRow],
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let mut tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM status_history WHERE service = ?1 AND order_id = ?2",
            args![service.as_str(), order_id],
        )?;
        for h in history {
            tx.execute(
                "INSERT INTO status_history (service, order_id, at, status_id, message, location)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING",
                args![
                    service.as_str(),
                    order_id,
                    h.at,
                    h.status_id,
                    h.message,
                    h.location
                ],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The whole journal of one service, newest first: the shop's, and the orders confirmed at
    /// this counter while the shop's database was away (all of these only, while it is).
    pub fn journal(&self, service: &ServiceKey) -> Result<Vec<JournalRow>, StoreError> {
        let mut names = SharedNames::default();
        let sql = format!("{SELECT_ROWS} ORDER BY created_at DESC, order_id DESC");
        let read = |db: &mut Db, names: &mut SharedNames, sql: &str| {
            db.query(sql, args![service.as_str()], |r| journal_row(r, names))
        };
        if !self.is_shared() {
            return read(&mut self.local(), &mut names, &sql);
        }
        // Bound first: the connection's lock must be let go before `shop_lost` takes it.
        let shop = read(&mut self.conn(), &mut names, &sql);
        let mut rows = self.shop_part(shop)?;
        let kept_sql = format!("{SELECT_ROWS} AND kept_here = 1");
        let kept = read(&mut self.local(), &mut names, &kept_sql)?;
        if !kept.is_empty() {
            super::kept_beside(&mut rows, kept, |r| r.order_id);
            rows.sort_by_key(|r| std::cmp::Reverse((r.created_at, r.order_id)));
        }
        Ok(rows)
    }

    /// One row by a condition on the journal (`AND …`): the shop's, else (away, or not brought
    /// there yet) this counter's.
    fn journal_one<T>(
        &self,
        sql: &str,
        args: &[super::db::Arg<'_>],
        read: impl Fn(&super::db::Row<'_>) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        // Bound first: the connection's lock must be let go before `shop_lost` takes it.
        let shop = self.conn().query_opt(sql, args, &read);
        match shop {
            Ok(Some(found)) => Ok(Some(found)),
            Ok(None) if !self.is_shared() => Ok(None),
            Err(e) if !(self.is_shared() && self.shop_lost()) => Err(e),
            _ => self.local().query_opt(sql, args, &read),
        }
    }

    pub fn journal_count(&self, service: &ServiceKey) -> Result<i64, StoreError> {
        self.rows_of("journal", service)
    }

    pub fn journal_by_barcode(
        &self,
        service: &ServiceKey,
        barcode: &str,
    ) -> Result<Option<JournalRow>, StoreError> {
        self.journal_row_by(service, "barcode", Arg::Text(barcode))
    }

    pub fn journal_get(
        &self,
        service: &ServiceKey,
        order_id: i64,
    ) -> Result<Option<JournalRow>, StoreError> {
        self.journal_row_by(service, "order_id", Arg::Int(order_id))
    }

    /// The order whose `column` (one of the journal's, never text from outside) is `value`.
    fn journal_row_by(
        &self,
        service: &ServiceKey,
        column: &str,
        value: Arg<'_>,
    ) -> Result<Option<JournalRow>, StoreError> {
        self.journal_one(
            &format!("{SELECT_ROWS} AND {column} = ?2"),
            &[Arg::Text(service.as_str()), value],
            |r| journal_row(r, &mut SharedNames::default()),
        )
    }

    /// The form an order was created or last edited from (JSON), when this desk made it.
    pub fn journal_draft(
        &self,
        service: &ServiceKey,
        order_id: i64,
    ) -> Result<Option<String>, StoreError> {
        let draft = self.journal_value::<Option<String>>(service, order_id, "draft")?;
        Ok(draft.flatten())
    }

    pub fn journal_set_draft(
        &self,
        service: &ServiceKey,
        order_id: i64,
        draft: &str,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE journal SET draft = ?3 WHERE service = ?1 AND order_id = ?2",
            args![service.as_str(), order_id, draft],
        )?;
        Ok(())
    }

    /// The last record the service gave for an order (JSON).
    pub fn journal_record(
        &self,
        service: &ServiceKey,
        order_id: i64,
    ) -> Result<Option<String>, StoreError> {
        self.journal_value(service, order_id, "record")
    }

    /// One column of an order (one of the journal's, never text from outside), when the order
    /// is in the journal.
    fn journal_value<T: Column>(
        &self,
        service: &ServiceKey,
        order_id: i64,
        column: &str,
    ) -> Result<Option<T>, StoreError> {
        self.journal_one(
            &format!("SELECT {column} FROM journal WHERE service = ?1 AND order_id = ?2"),
            args![service.as_str(), order_id],
            |r| r.get(0),
        )
    }
}

/// Whether the row kept under an id is the order now being confirmed under it.
fn same_order(
    kept_key: &Option<String>,
    kept_barcode: &str,
    row: &JournalRow,
    from_outbox: Option<&str>,
) -> bool {
    if kept_barcode != row.barcode() {
        return false;
    }
    match (from_outbox, kept_key, row.wcs_code()) {
        // A create: the kept row is this entry's order only if it carries this entry's key, or
        // carries none and the service says this order has it.
        (Some(key), Some(kept), _) => kept == key,
        (Some(key), None, Some(said)) => said == key,
        (Some(_), None, None) => false,
        // A lookup or refresh: two different keys are two different orders.
        (None, Some(kept), Some(said)) => kept == said,
        (None, _, _) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OutboxState;

    fn row(id: i64) -> JournalRow {
        super::super::journal_row::sample_row(id, &format!("k{id}"), id)
    }

    fn svc() -> ServiceKey {
        ServiceKey::new("twin:a|123456789")
    }

    on_both_backends! {
        fn confirming_moves_from_outbox_to_journal_atomically_and_once(s) {
            let svc = svc();
            s.outbox_add(&svc, "k1", "{}", Some("{\"form\":1}"), "clerk", 1)
                .unwrap();
            assert!(
                s.outbox_add(&svc, "k1", "{}", None, "clerk", 1).is_err(),
                "a key enters the outbox once"
            );
            s.outbox_sending(&svc, "k1", 2).unwrap();
            assert_eq!(
                s.outbox_get(&svc, "k1").unwrap().unwrap().state,
                OutboxState::Unknown
            );
            s.journal_confirm(&svc, &row(1), "{}", Some("k1"), 3)
                .unwrap();
            s.journal_confirm(&svc, &row(1), "{}", None, 4).unwrap();
            assert_eq!(s.outbox_count(&svc).unwrap(), 0);
            assert_eq!(s.journal_count(&svc).unwrap(), 1);
            assert_eq!(
                s.journal_draft(&svc, 1).unwrap().as_deref(),
                Some("{\"form\":1}"),
                "the form follows the order"
            );
            assert_eq!(
                s.journal_by_barcode(&svc, "019910000001")
                    .unwrap()
                    .unwrap()
                    .order_id,
                1
            );
            let moved = StatusMove { order_id: 1, id: 6, name: "Yetkazildi", at: 5 };
            s.journal_status(&svc, moved).unwrap();
            assert_eq!(s.journal(&svc).unwrap()[0].status_id, 6);
        }
    }

    on_both_backends! {
        fn another_order_under_a_kept_id_is_refused_and_nothing_is_overwritten(s) {
            let svc = svc();
            let a = JournalRow::new(
                RowFields { cod: Some(300_000), wcs_code: Some("KA"), ..row(7).fields() },
                &mut SharedNames::default(),
            );
            s.outbox_add(&svc, "KA", "{}", None, "clerk", 1).unwrap();
            s.journal_confirm(&svc, &a, "{\"a\":1}", Some("KA"), 2)
                .unwrap();
            // The service, started over, gives a new order the same id.
            let b = JournalRow::new(
                RowFields { wcs_code: Some("KB"), receiver: "Boshqa", ..row(7).fields() },
                &mut SharedNames::default(),
            );
            s.outbox_add(&svc, "KB", "{}", None, "clerk", 3).unwrap();
            let e = s.journal_confirm(&svc, &b, "{\"b\":1}", Some("KB"), 4);
            assert!(
                matches!(e, Err(StoreError::Collision { order_id: 7, .. })),
                "{e:?}"
            );
            // A lookup that reads another key under the id is refused too.
            let e = s.journal_confirm(&svc, &b, "{\"b\":1}", None, 5);
            assert!(matches!(e, Err(StoreError::Collision { .. })), "{e:?}");
            let kept = s.journal_get(&svc, 7).unwrap().unwrap();
            assert_eq!(kept, a, "the first order is untouched");
            assert_eq!(
                s.journal_record(&svc, 7).unwrap().as_deref(),
                Some("{\"a\":1}")
            );
            assert!(
                s.outbox_get(&svc, "KB").unwrap().is_some(),
                "the new order stays in the outbox"
            );
        }
    }

    on_both_backends! {
        fn two_services_never_see_each_others_orders(s) {
            let (one, two) = (ServiceKey::new("one"), ServiceKey::new("two"));
            let a = JournalRow::new(
                RowFields { cod: Some(300_000), ..row(5).fields() },
                &mut SharedNames::default(),
            );
            s.journal_confirm(&one, &a, "{}", None, 1).unwrap();
            let b = JournalRow::new(
                RowFields { wcs_code: Some("other"), ..row(5).fields() },
                &mut SharedNames::default(),
            );
            s.journal_confirm(&two, &b, "{}", None, 2).unwrap();
            assert_eq!(s.journal_get(&one, 5).unwrap().unwrap().cod(), Some(300_000));
            assert_eq!(s.journal_get(&two, 5).unwrap().unwrap().cod(), None);
            assert_eq!(s.journal(&one).unwrap().len(), 1);
            assert_eq!(s.journal_count(&two).unwrap(), 1);
        }
    }
}
