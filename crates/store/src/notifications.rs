//! The delivery log: every status notification received (or status found by the poller) under
//! the service it belongs to, with its headers and raw body as they came and the verdict on it;
//! and the latest status applied to an order, which decides whether a new one moves it on.

use super::db::{Sql, args};
use super::journal::StatusMove;
use super::{ServiceKey, Store, StoreError};

/// What became of a notification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The order's status moved on.
    Applied,
    /// Already known (the same status and date), or older than what the order already shows.
    Duplicate,
    /// No order of this desk's journal has that id.
    UnknownOrder,
    /// Refused at the door (a wrong key) or unreadable.
    Rejected,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Applied => "applied",
            Verdict::Duplicate => "duplicate",
            Verdict::UnknownOrder => "unknown_order",
            Verdict::Rejected => "rejected",
        }
    }

    pub fn parse(text: &str) -> Verdict {
        match text {
            "applied" => Verdict::Applied,
            "duplicate" => Verdict::Duplicate,
            "unknown_order" => Verdict::UnknownOrder,
            _ => Verdict::Rejected,
        }
    }
}

/// What arrived (a notification, or a status the poller read), as the log keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notice {
    /// `receiver`, `poller` or `replay`.
    pub source: String,
    pub order_id: Option<i64>,
    pub barcode: String,
    /// The legacy status id (what the journal keeps).
    pub status_id: Option<i64>,
    pub status_name: String,
    /// As the service wrote it: `YYYY-MM-DD HH:MM:SS`, counter time.
    pub status_date: String,
    pub environment: String,
    /// One `name: value` a line.
    pub headers: String,
    pub body: String,
}

/// A line of the delivery log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotificationRow {
    pub id: i64,
    pub received_at: i64,
    pub notice: Notice,
    pub verdict: Verdict,
}

impl Store {
    /// Keeps a notification; its id.
    pub fn notification_add(
        &self,
        service: &ServiceKey,
        n: &NotificationRow,
    ) -> Result<i64, StoreError> {
        self.conn().query_one(
            "INSERT INTO notifications (service, received_at, source, order_id, barcode, status_id,
                status_name, status_date, environment, headers, body, verdict)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING id",
            args![
                service.as_str(),
                n.received_at,
                n.notice.source,
                n.notice.order_id,
                n.notice.barcode,
                n.notice.status_id,
                n.notice.status_name,
                n.notice.status_date,
                n.notice.environment,
                n.notice.headers,
                n.notice.body,
                n.verdict.as_str()
            ],
            |r| r.get(0),
        )
    }

    /// The newest notifications first, at most `limit`.
    pub fn notifications(
        &self,
        service: &ServiceKey,
        limit: i64,
    ) -> Result<Vec<NotificationRow>, StoreError> {
        let mut conn = self.conn();
        conn.query(
            "SELECT id, received_at, source, order_id, barcode, status_id, status_name,
                    status_date, environment, headers, body, verdict
             FROM notifications WHERE service = ?1 ORDER BY id DESC LIMIT ?2",
            args![service.as_str(), limit],
            |r| {
                Ok(NotificationRow {
                    id: r.get(0)?,
                    received_at: r.get(1)?,
                    notice: Notice {
                        source: r.get(2)?,
                        order_id: r.get(3)?,
                        barcode: r.get(4)?,
                        status_id: r.get(5)?,
                        status_name: r.get(6)?,
                        status_date: r.get(7)?,
                        environment: r.get(8)?,
                        headers: r.get(9)?,
                        body: r.get(10)?,
                    },
                    verdict: Verdict::parse(&r.get::<String>(11)?),
                })
            },
        )
    }

    /// The latest status entry of an order's history: its time and status.
    pub fn latest_status(
        &self,
        service: &ServiceKey,
        order_id: i64,
    ) -> Result<Option<(i64, i64)>, StoreError> {
        self.conn().query_opt(
            "SELECT at, status_id FROM status_history WHERE service = ?1 AND order_id = ?2
                 ORDER BY at DESC, rowid DESC LIMIT 1",
            args![service.as_str(), order_id],
            |r| r.columns(),
        )
    }

    /// Moves an order to a status at a time: its journal status and one more history entry.
    pub fn journal_move(
        &self,
        service: &ServiceKey,
        status: StatusMove<'_>,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let mut tx = conn.transaction()?;
        status.write(&mut tx, service)?;
        tx.execute(
            "INSERT INTO status_history (service, order_id, at, status_id, message, location)
             VALUES (?1, ?2, ?3, ?4, ?5, '') ON CONFLICT DO NOTHING",
            args![
                service.as_str(),
                status.order_id,
                status.at,
                status.id,
                status.name
            ],
        )?;
        tx.commit()?;
        drop(conn);
        self.journal_touched();
        Ok(())
    }
}
