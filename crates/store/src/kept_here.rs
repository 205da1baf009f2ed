//! What a counter does while the shop's database is away is kept in its own file: new creates
//! go to its own outbox and are sent at once (the key makes each unique at the service), and the
//! orders the service confirms go to its own journal, marked as kept here; the customer has the
//! barcode and the label at once. When the database answers again, [`Store::return_kept`]
//! brings both to the shop: an entry still waiting to its outbox (from there it is sent once,
//! like any other), an order to its journal under the register of the first day still open
//! (and its shop outbox entry, if the database was lost mid-request, goes). Each move writes the
//! shop's row before dropping this counter's, and a row already in the shop is left as it is,
//! so a move cut short is finished by the next one, never doubled.

use super::db::{Sql, args};
use super::outbox::INSERT_ENTRY;
use super::{Store, StoreError};

/// An order confirmed here while the shop was away, as its journal row holds it.
struct KeptOrder {
    service: String,
    order_id: i64,
    barcode: String,
    wcs_code: Option<String>,
    created_at: i64,
    texts: [String; 4],
    status: (i64, String),
    money: (Option<i64>, i64),
    record: String,
    updated_at: i64,
    /// Its form, clerk and counter.
    made: [Option<String>; 3],
}

impl Store {
    /// How many creates and orders wait in this counter's file for the shop's database (0 for a
    /// counter whose file is the shop's).
    pub fn kept_here(&self) -> Result<i64, StoreError> {
        if !self.is_shared() {
            return Ok(0);
        }
        self.local().query_one(
            "SELECT (SELECT COUNT(*) FROM outbox) + (SELECT COUNT(*) FROM journal
                 WHERE kept_here = 1)",
            args![],
            |r| r.get(0),
        )
    }

    /// Brings what was kept here to the shop: the creates to its outbox, the confirmed orders
    /// to its journal; how many moved.
    pub fn return_kept(&self) -> Result<usize, StoreError> {
        if !self.is_shared() {
            return Ok(0);
        }
        let moved = self.return_entries()? + self.return_orders()?;
        if moved > 0 {
            self.away.store(false, std::sync::atomic::Ordering::Relaxed);
            self.journal_touched();
        }
        Ok(moved)
    }

    /// The creates kept here, to the shop's outbox in the state they are in (one being sent now
    /// keeps its claim, so no counter sends it beside this one).
    fn return_entries(&self) -> Result<usize, StoreError> {
        type Entry = (String, String, String, i64, Option<String>);
        type Who = (Option<String>, Option<String>, String, i64);
        let kept: Vec<(Entry, Who)> = self.local().query(
            "SELECT service, wcs_code, payload, created_at, draft, clerk, counter, state,
                 updated_at FROM outbox ORDER BY created_at, rowid",
            args![],
            |r| r.columns(),
        )?;
        let mut moved = 0;
        for ((service, key, payload, at, draft), (clerk, counter, state, updated)) in kept {
            {
                let mut shop = self.conn();
                let mut tx = shop.transaction()?;
                let new = tx.execute(
                    &format!("{INSERT_ENTRY} ON CONFLICT (service, wcs_code) DO NOTHING"),
                    args![service, key, payload, at, draft, clerk, counter],
                )?;
                if new == 1 {
                    tx.execute(
                        "UPDATE outbox SET state = ?3, updated_at = ?4
                         WHERE service = ?1 AND wcs_code = ?2",
                        args![service, key, state, updated],
                    )?;
                }
                tx.commit()?;
            }
            self.local().execute(
                "DELETE FROM outbox WHERE service = ?1 AND wcs_code = ?2",
                args![service, key],
            )?;
            moved += 1;
        }
        Ok(moved)
    }

    /// The orders confirmed here, to the shop's journal; one the shop holds under the same id as
    /// another order is left here, said in the log, never written over.
    fn return_orders(&self) -> Result<usize, StoreError> {
        let kept: Vec<KeptOrder> = self.local().query(
            "SELECT service, order_id, barcode, wcs_code, created_at, receiver, receiver_phone,
                 city, status_id, status_name, cod, cost, record, updated_at, draft, clerk,
                 counter FROM journal WHERE kept_here = 1 ORDER BY created_at, order_id",
            args![],
            |r| {
                Ok(KeptOrder {
                    service: r.get(0)?,
                    order_id: r.get(1)?,
                    barcode: r.get(2)?,
                    wcs_code: r.get(3)?,
                    created_at: r.get(4)?,
                    texts: [r.get(5)?, r.get(6)?, r.get(7)?, r.get(9)?],
                    status: (r.get(8)?, String::new()),
                    money: (r.get(10)?, r.get(11)?),
                    record: r.get(12)?,
                    updated_at: r.get(13)?,
                    made: [r.get(14)?, r.get(15)?, r.get(16)?],
                })
            },
        )?;
        let mut moved = 0;
        for o in kept {
            let [receiver, phone, city, status_name] = &o.texts;
            let [draft, clerk, counter] =
                [&o.made[0], &o.made[1], &o.made[2]].map(Option::as_deref);
            let held = {
                let mut shop = self.conn();
                let mut tx = shop.transaction()?;
                tx.execute(
                    "INSERT INTO journal (service, order_id, barcode, wcs_code, created_at,
                         receiver, receiver_phone, city, status_id, status_name, cod, cost,
                         record, updated_at, draft, clerk, counter)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
                         ?16, ?17)
                     ON CONFLICT (service, order_id) DO NOTHING",
                    args![
                        o.service,
                        o.order_id,
                        o.barcode,
                        o.wcs_code,
                        o.created_at,
                        receiver,
                        phone,
                        city,
                        o.status.0,
                        status_name,
                        o.money.0,
                        o.money.1,
                        o.record,
                        o.updated_at,
                        draft,
                        clerk,
                        counter
                    ],
                )?;
                let held: String = tx.query_one(
                    "SELECT barcode FROM journal WHERE service = ?1 AND order_id = ?2",
                    args![o.service, o.order_id],
                    |r| r.get(0),
                )?;
                if held == o.barcode {
                    let service = super::ServiceKey::new(o.service.clone());
                    let day =
                        super::days::open_day(&mut tx, &service, super::counter_day(o.created_at))?;
                    tx.execute(
                        "UPDATE journal SET register_day = COALESCE(register_day, ?3)
                         WHERE service = ?1 AND order_id = ?2",
                        args![o.service, o.order_id, day],
                    )?;
                    if let Some(key) = &o.wcs_code {
                        tx.execute(
                            "DELETE FROM outbox WHERE service = ?1 AND wcs_code = ?2",
                            args![o.service, key],
                        )?;
                    }
                    tx.commit()?;
                }
                held
            };
            if held != o.barcode {
                tracing::error!(
                    order_id = o.order_id,
                    barcode = %o.barcode,
                    held = %held,
                    "the shop's journal holds another order under this id; this one stays here"
                );
                continue;
            }
            let mut here = self.local();
            let mut tx = here.transaction()?;
            tx.execute(
                "DELETE FROM journal WHERE service = ?1 AND order_id = ?2 AND kept_here = 1",
                args![o.service, o.order_id],
            )?;
            tx.execute(
                "DELETE FROM status_history WHERE service = ?1 AND order_id = ?2",
                args![o.service, o.order_id],
            )?;
            tx.commit()?;
            moved += 1;
        }
        Ok(moved)
    }
}
