//! Days of the counter: which orders made here belong to a day's handover register, the light
//! per-order points the charts count, and the closed days with their register exactly as
//! printed. An order joins the register of the first day from its creation that is not closed
//! (`journal_confirm` asks [`open_day`]), so after closing, new orders go to the next day's; a
//! closed day is written once and never changed.

use super::db::{Sql, args};
use super::journal_row::{JournalRow, SharedNames, journal_row};
use super::{Hands, ServiceKey, Store, StoreError};
use chrono::{Days, NaiveDate};
use text::day::counter_zone;

/// The counter's calendar day of a moment (seconds since the epoch), as the register names days.
pub fn counter_day(at: i64) -> NaiveDate {
    chrono::DateTime::from_timestamp(at, 0)
        .unwrap_or_default()
        .with_timezone(&counter_zone())
        .date_naive()
}

fn day_text(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

/// The first day from `day` on whose register is still open.
pub(super) fn open_day<'t>(
    tx: &mut impl Sql<'t>,
    service: &ServiceKey,
    day: NaiveDate,
) -> Result<String, StoreError> {
    let mut day = day;
    loop {
        let text = day_text(day);
        let closed: Option<i64> = tx.query_opt(
            "SELECT 1 FROM closed_days WHERE service = ?1 AND day = ?2",
            args![service.as_str(), text],
            |r| r.get(0),
        )?;
        if closed.is_none() {
            return Ok(text);
        }
        day = day.checked_add_days(Days::new(1)).unwrap_or(day);
    }
}

/// An order made at this desk, on a day's register.
#[derive(Debug, Clone, PartialEq)]
pub struct DayOrder {
    pub row: JournalRow,
    /// The service's last record of it (JSON), for weight, pieces, region and hand-over mode.
    pub record: String,
    /// Who created it (its login), when known.
    pub clerk: Option<String>,
}

/// One order as the charts count it.
#[derive(Debug, Clone, PartialEq)]
pub struct DayPoint {
    pub day: NaiveDate,
    pub created_at: i64,
    pub status_id: i64,
    pub cod: Option<i64>,
    /// Who made it, at which counter.
    pub hands: Hands,
}

/// A day whose register was closed.
#[derive(Debug, Clone, PartialEq)]
pub struct ClosedDay {
    pub day: NaiveDate,
    pub closed_at: i64,
    pub clerk: String,
    /// The register's lines as printed (JSON the desk wrote).
    pub lines: String,
}

impl Store {
    /// The orders made here on `day`'s register, oldest first; with them, the orders of that day
    /// confirmed at this counter while the shop's database was away (they join the register
    /// when they are brought to the shop, while the day is open).
    pub fn day_orders(
        &self,
        service: &ServiceKey,
        day: NaiveDate,
    ) -> Result<Vec<DayOrder>, StoreError> {
        let mut names = SharedNames::default();
        let columns = "SELECT order_id, barcode, wcs_code, created_at, receiver, receiver_phone,
                city, status_id, status_name, cod, cost, counter, record, clerk FROM journal";
        let mut read = |db: &mut super::db::Db, sql: &str, arg: &str| {
            db.query(sql, args![service.as_str(), arg], |r| {
                Ok(DayOrder {
                    row: journal_row(r, &mut names)?,
                    record: r.get(12)?,
                    clerk: r.get(13)?,
                })
            })
        };
        let sql = format!(
            "{columns} WHERE service = ?1 AND register_day = ?2 ORDER BY created_at, order_id"
        );
        if !self.is_shared() {
            return read(&mut self.local(), &sql, &day_text(day));
        }
        // Bound first: the connection's lock must be let go before `shop_lost` takes it.
        let shop = read(&mut self.conn(), &sql, &day_text(day));
        let mut orders = self.shop_part(shop)?;
        let kept_sql = format!("{columns} WHERE service = ?1 AND kept_here = 1 AND ?2 = ?2");
        let mut kept = read(&mut self.local(), &kept_sql, "")?;
        kept.retain(|o| counter_day(o.row.created_at) == day);
        super::kept_beside(&mut orders, kept, |o| o.row.order_id);
        orders.sort_by_key(|o| (o.row.created_at, o.row.order_id));
        Ok(orders)
    }

    /// Every order made here on the registers from `first` to `last`, as the charts count them;
    /// with them, as `day_orders` does, those confirmed at this counter while the shop's database
    /// was away (by the day they were made), and only those while it still is.
    pub fn day_points(
        &self,
        service: &ServiceKey,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<DayPoint>, StoreError> {
        type Point = (i64, Option<String>, i64, i64, Option<i64>, Hands);
        let columns = "SELECT order_id, register_day, created_at, status_id, cod, clerk, counter FROM journal";
        let read = |db: &mut super::db::Db, sql: &str, args: &[super::db::Arg<'_>]| {
            db.query(sql, args, |r| r.columns::<Point>())
        };
        let (from, to) = (day_text(first), day_text(last));
        let sql = format!("{columns} WHERE service = ?1 AND register_day BETWEEN ?2 AND ?3");
        let on_registers = args![service.as_str(), from, to];
        let mut rows = if !self.is_shared() {
            read(&mut self.local(), &sql, on_registers)?
        } else {
            // Bound first: the connection's lock must be let go before `shop_lost` takes it.
            let shop = read(&mut self.conn(), &sql, on_registers);
            self.shop_part(shop)?
        };
        if self.is_shared() {
            let kept_sql = format!("{columns} WHERE service = ?1 AND kept_here = 1");
            let kept = read(&mut self.local(), &kept_sql, args![service.as_str()])?;
            // A kept order is on the register of the day it was made until it is brought.
            let kept = kept
                .into_iter()
                .map(|(id, _, created_at, status, cod, hands)| {
                    let day = day_text(counter_day(created_at));
                    (id, Some(day), created_at, status, cod, hands)
                });
            super::kept_beside(&mut rows, kept.collect(), |r| r.0);
        }
        let mut points = Vec::new();
        for (_, text, created_at, status_id, cod, hands) in rows {
            let day = text.and_then(|t| NaiveDate::parse_from_str(&t, "%Y-%m-%d").ok());
            if let Some(day) = day.filter(|d| (first..=last).contains(d)) {
                points.push(DayPoint {
                    day,
                    created_at,
                    status_id,
                    cod,
                    hands,
                });
            }
        }
        Ok(points)
    }

    /// Closes `day`: keeps `lines` (the register as printed) and moves any order of that day
    /// not among `order_ids` (made while the register was being drawn) to the next open day.
    /// A day already closed stays as it was: [`StoreError::DayClosed`].
    pub fn close_day(
        &self,
        service: &ServiceKey,
        day: NaiveDate,
        order_ids: &[i64],
        clerk: &str,
        lines: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let mut tx = conn.transaction()?;
        let text = day_text(day);
        let inserted = tx.execute(
            "INSERT INTO closed_days (service, day, closed_at, clerk, lines)
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (service, day) DO NOTHING",
            args![service.as_str(), text, at, clerk, lines],
        )?;
        if inserted == 0 {
            return Err(StoreError::DayClosed(text));
        }
        let late: Vec<i64> = tx
            .query(
                "SELECT order_id FROM journal WHERE service = ?1 AND register_day = ?2",
                args![service.as_str(), text],
                |r| r.get(0),
            )?
            .into_iter()
            .filter(|id| !order_ids.contains(id))
            .collect();
        if !late.is_empty() {
            let next = open_day(&mut tx, service, day)?;
            for id in late {
                tx.execute(
                    "UPDATE journal SET register_day = ?3 WHERE service = ?1 AND order_id = ?2",
                    args![service.as_str(), id, next],
                )?;
            }
        }
        tx.commit()?;
        self.journal_touched();
        Ok(())
    }

    /// A closed day and its register, if `day` was closed. While the shop's database is away
    /// nobody can say: `StoreError::ShopAway` (the day's orders are still shown, see
    /// `day_orders`).
    pub fn closed_day(
        &self,
        service: &ServiceKey,
        day: NaiveDate,
    ) -> Result<Option<ClosedDay>, StoreError> {
        // Bound first: the connection's lock must be let go before `shop_lost` takes it.
        let answer = self.conn().query_opt(
            "SELECT closed_at, clerk, lines FROM closed_days WHERE service = ?1 AND day = ?2",
            args![service.as_str(), day_text(day)],
            |r| {
                Ok(ClosedDay {
                    day,
                    closed_at: r.get(0)?,
                    clerk: r.get(1)?,
                    lines: r.get(2)?,
                })
            },
        );
        match answer {
            Err(_) if self.shop_lost() => Err(StoreError::ShopAway),
            answer => answer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, at: i64) -> JournalRow {
        super::super::journal_row::sample_row(id, &format!("k{id}"), at)
    }

    fn made(s: &Store, svc: &ServiceKey, id: i64, at: i64) {
        let key = format!("k{id}");
        s.outbox_add(svc, &key, "{}", None, "aziza", at).unwrap();
        s.journal_confirm(svc, &row(id, at), "{}", Some(&key), at)
            .unwrap();
    }

    /// The orders on a day's register, by id.
    fn ids_on(s: &Store, svc: &ServiceKey, day: NaiveDate) -> Vec<i64> {
        let on = s.day_orders(svc, day).unwrap();
        on.iter().map(|o| o.row.order_id).collect()
    }

    on_both_backends! {
        fn after_closing_new_orders_go_to_the_next_days_register(s) {
            let svc = ServiceKey::new("svc");
            let noon = 1_763_967_600; // 12:00 at the counter
            let today = counter_day(noon);
            made(&s, &svc, 1, noon);
            made(&s, &svc, 2, noon + 60);
            s.journal_confirm(&svc, &row(3, noon), "{}", None, noon)
                .unwrap();
            assert_eq!(ids_on(&s, &svc, today), [1, 2]);
            let on = s.day_orders(&svc, today).unwrap();
            assert_eq!(on[0].clerk.as_deref(), Some("aziza"));
            // Order 2 came in while the register was drawn without it: it moves on.
            s.close_day(&svc, today, &[1], "aziza", "[]", noon + 120)
                .unwrap();
            made(&s, &svc, 4, noon + 180);
            let tomorrow = today.succ_opt().unwrap();
            assert_eq!(s.day_orders(&svc, today).unwrap().len(), 1);
            assert_eq!(ids_on(&s, &svc, tomorrow), [2, 4]);
            assert!(matches!(
                s.close_day(&svc, today, &[], "x", "[1]", noon + 240),
                Err(StoreError::DayClosed(_))
            ));
            let closed = s.closed_day(&svc, today).unwrap().unwrap();
            assert_eq!(
                (closed.lines.as_str(), closed.clerk.as_str()),
                ("[]", "aziza")
            );
            assert!(
                s.closed_day(&ServiceKey::new("other"), today)
                    .unwrap()
                    .is_none()
            );
            let points = s.day_points(&svc, today, tomorrow).unwrap();
            assert_eq!(points.len(), 3);
        }
    }

    on_both_backends! {
        fn the_counter_that_took_an_order_stays_with_it(s) {
            let svc = ServiceKey::new("svc");
            let noon = 1_763_967_600;
            s.set_counter("Kassa 2");
            made(&s, &svc, 1, noon);
            let on = s.day_orders(&svc, counter_day(noon)).unwrap();
            assert_eq!(on[0].row.counter.as_deref(), Some("Kassa 2"));
            assert_eq!(s.journal(&svc).unwrap()[0].counter.as_deref(), Some("Kassa 2"));
            let day = counter_day(noon);
            let points = s.day_points(&svc, day, day).unwrap();
            assert_eq!(points[0].hands.counter.as_deref(), Some("Kassa 2"));
        }
    }

    on_both_backends! {
        fn an_order_taken_before_midnight_is_that_days_whenever_it_is_confirmed(s) {
            let svc = ServiceKey::new("svc");
            let late = 1_764_010_200; // 23:50 at the counter (18:50 UTC)
            let day = counter_day(late);
            s.outbox_add(&svc, "k9", "{}", None, "aziza", late).unwrap();
            let confirmed = late + 15 * 60; // 00:05, the next day
            assert_ne!(counter_day(confirmed), day);
            s.journal_confirm(&svc, &row(9, confirmed), "{}", Some("k9"), confirmed)
                .unwrap();
            assert_eq!(ids_on(&s, &svc, day), [9]);
        }
    }
}
