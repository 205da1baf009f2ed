//! The print log: every label printed, reprinted (with the clerk's reason), saved to a file, or
//! failed (with what the printer said), so "was this label printed?" has an answer.

use super::db::{Sql, args};
use super::{ServiceKey, Store, StoreError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintOutcome {
    Printed,
    Reprinted,
    Saved,
    Failed,
}

impl PrintOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            PrintOutcome::Printed => "printed",
            PrintOutcome::Reprinted => "reprinted",
            PrintOutcome::Saved => "saved",
            PrintOutcome::Failed => "failed",
        }
    }

    fn parse(s: &str) -> PrintOutcome {
        match s {
            "printed" => PrintOutcome::Printed,
            "reprinted" => PrintOutcome::Reprinted,
            "saved" => PrintOutcome::Saved,
            _ => PrintOutcome::Failed,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct PrintRecord {
    pub order_id: i64,
    pub barcode: String,
    pub at: i64,
    pub outcome: PrintOutcome,
    /// The printer or file it went to.
    pub printer: String,
    pub reason: Option<String>,
    pub error: Option<String>,
    /// The counter it was printed at and the clerk who printed it, where named.
    pub counter: Option<String>,
    pub clerk: Option<String>,
}

impl Store {
    pub fn log_print(&self, service: &ServiceKey, r: &PrintRecord) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO print_log (service, order_id, barcode, at, outcome, printer, reason, error,
                                    counter, clerk)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            args![
                service.as_str(),
                r.order_id,
                r.barcode,
                r.at,
                r.outcome.as_str(),
                r.printer,
                r.reason,
                r.error,
                r.counter,
                r.clerk
            ],
        )?;
        Ok(())
    }

    /// An order's print history, oldest first.
    pub fn prints_of(
        &self,
        service: &ServiceKey,
        order_id: i64,
    ) -> Result<Vec<PrintRecord>, StoreError> {
        self.conn().query(
            "SELECT order_id, barcode, at, outcome, printer, reason, error, counter, clerk
             FROM print_log
             WHERE service = ?1 AND order_id = ?2 ORDER BY at, id",
            args![service.as_str(), order_id],
            |row| {
                Ok(PrintRecord {
                    order_id: row.get(0)?,
                    barcode: row.get(1)?,
                    at: row.get(2)?,
                    outcome: PrintOutcome::parse(&row.get::<String>(3)?),
                    printer: row.get(4)?,
                    reason: row.get(5)?,
                    error: row.get(6)?,
                    counter: row.get(7)?,
                    clerk: row.get(8)?,
                })
            },
        )
    }

    /// Whether a label of this order has reached a printer before.
    pub fn was_printed(&self, service: &ServiceKey, order_id: i64) -> Result<bool, StoreError> {
        self.conn().query_one(
            "SELECT EXISTS (SELECT 1 FROM print_log WHERE service = ?1 AND order_id = ?2
                            AND outcome IN ('printed', 'reprinted'))",
            args![service.as_str(), order_id],
            |row| row.get(0),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    on_both_backends! {
        fn prints_are_kept_in_order_and_a_failure_is_not_a_print(s) {
            let svc = ServiceKey::new("one");
            let other = ServiceKey::new("two");
            let mut r = PrintRecord {
                order_id: 7,
                barcode: "019910000007".into(),
                at: 100,
                outcome: PrintOutcome::Failed,
                printer: "ZPL → 10.0.0.9:9100".into(),
                reason: None,
                error: Some("connection refused".into()),
                counter: Some("Kassa 2".into()),
                clerk: Some("aziza".into()),
            };
            s.log_print(&svc, &r).expect("logged");
            assert_eq!(s.was_printed(&svc, 7).ok(), Some(false));
            r.at = 101;
            r.outcome = PrintOutcome::Printed;
            r.error = None;
            s.log_print(&svc, &r).expect("logged");
            assert_eq!(s.was_printed(&svc, 7).ok(), Some(true));
            assert_eq!(
                s.was_printed(&other, 7).ok(),
                Some(false),
                "another service's order 7 was never printed"
            );
            let log = s.prints_of(&svc, 7).unwrap_or_default();
            assert_eq!(log.len(), 2);
            assert_eq!(
                (log[1].counter.as_deref(), log[1].clerk.as_deref()),
                (Some("Kassa 2"), Some("aziza")),
                "who printed it is kept"
            );
            assert_eq!(log[0].outcome, PrintOutcome::Failed);
            assert_eq!(log[1].outcome, PrintOutcome::Printed);
        }
    }
}
