//! The print log: every label printed, reprinted (with the clerk's reason), saved to a file, or
//! failed (with what the printer said), so "was this label printed?" has an answer.

use super::db::{Sql, args};
use super::{Hands, ServiceKey, Store, StoreError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrintOutcome {
    /// Written before the label leaves, settled once it has been handed over in full. One left
    /// like this means the desk stopped while sending: the label may or may not have printed.
    Sending,
    Printed,
    Reprinted,
    Saved,
    /// The sender's receipt, printed or saved (never a label: a label printed after it is not
    /// a reprint).
    ReceiptPrinted,
    ReceiptSaved,
    /// What the printer (or the rendering) said.
    Failed(String),
}

impl PrintOutcome {
    pub fn as_str(&self) -> &'static str {
        match self {
            PrintOutcome::Sending => "sending",
            PrintOutcome::Printed => "printed",
            PrintOutcome::Reprinted => "reprinted",
            PrintOutcome::Saved => "saved",
            PrintOutcome::ReceiptPrinted => "receipt_printed",
            PrintOutcome::ReceiptSaved => "receipt_saved",
            PrintOutcome::Failed(_) => "failed",
        }
    }

    /// What went wrong, for a failure.
    pub fn error(&self) -> Option<&str> {
        match self {
            PrintOutcome::Failed(e) => Some(e),
            _ => None,
        }
    }

    fn parse(s: &str, error: Option<String>) -> PrintOutcome {
        match s {
            "sending" => PrintOutcome::Sending,
            "printed" => PrintOutcome::Printed,
            "reprinted" => PrintOutcome::Reprinted,
            "saved" => PrintOutcome::Saved,
            "receipt_printed" => PrintOutcome::ReceiptPrinted,
            "receipt_saved" => PrintOutcome::ReceiptSaved,
            _ => PrintOutcome::Failed(error.unwrap_or_default()),
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
    /// The clerk's reason, for a reprint.
    pub reason: Option<String>,
    /// The clerk who printed it, and at which counter.
    pub hands: Hands,
}

impl Store {
    /// Writes a print's record; its id, for settling one written as [`PrintOutcome::Sending`].
    pub fn log_print(&self, service: &ServiceKey, r: &PrintRecord) -> Result<i64, StoreError> {
        let ids = self.log_prints(service, std::slice::from_ref(r))?;
        ids.first()
            .copied()
            .ok_or_else(|| StoreError::Shape("no id for the print record".into()))
    }

    /// Writes the records of one job together (all or none); their ids, in order.
    pub fn log_prints(
        &self,
        service: &ServiceKey,
        records: &[PrintRecord],
    ) -> Result<Vec<i64>, StoreError> {
        let mut conn = self.conn();
        let mut tx = conn.transaction()?;
        let mut ids = Vec::with_capacity(records.len());
        for r in records {
            ids.push(tx.query_one(
                "INSERT INTO print_log (service, order_id, barcode, at, outcome, printer, reason,
                                        error, counter, clerk)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) RETURNING id",
                args![
                    service.as_str(),
                    r.order_id,
                    r.barcode,
                    r.at,
                    r.outcome.as_str(),
                    r.printer,
                    r.reason,
                    r.outcome.error(),
                    r.hands.counter,
                    r.hands.clerk
                ],
                |row| row.get(0),
            )?);
        }
        tx.commit()?;
        Ok(ids)
    }

    /// Settles a record written as sending: handed over (printed or reprinted) or failed (a
    /// failed print keeps no reprint reason). A record already settled stays as it is.
    pub fn settle_print(&self, id: i64, outcome: &PrintOutcome) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE print_log
             SET outcome = ?2, error = ?3,
                 reason = CASE WHEN ?2 = 'failed' THEN NULL ELSE reason END
             WHERE id = ?1 AND outcome = 'sending'",
            args![id, outcome.as_str(), outcome.error()],
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
                    outcome: PrintOutcome::parse(&row.get::<String>(3)?, row.get(6)?),
                    printer: row.get(4)?,
                    reason: row.get(5)?,
                    hands: Hands {
                        counter: row.get(7)?,
                        clerk: row.get(8)?,
                    },
                })
            },
        )
    }

    /// Whether a label of this order has reached a printer before (or may have: one whose
    /// sending was never confirmed).
    pub fn was_printed(&self, service: &ServiceKey, order_id: i64) -> Result<bool, StoreError> {
        self.conn().query_one(
            "SELECT EXISTS (SELECT 1 FROM print_log WHERE service = ?1 AND order_id = ?2
                            AND outcome IN ('printed', 'reprinted', 'sending'))",
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
                outcome: PrintOutcome::Failed("connection refused".into()),
                printer: "ZPL → 10.0.0.9:9100".into(),
                reason: None,
                hands: Hands {
                    clerk: Some("aziza".into()),
                    counter: Some("Kassa 2".into()),
                },
            };
            s.log_print(&svc, &r).expect("logged");
            assert_eq!(s.was_printed(&svc, 7).ok(), Some(false));
            r.at = 101;
            r.outcome = PrintOutcome::Printed;
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
                (log[1].hands.counter.as_deref(), log[1].hands.clerk.as_deref()),
                (Some("Kassa 2"), Some("aziza")),
                "who printed it is kept"
            );
            assert_eq!(log[0].outcome, PrintOutcome::Failed("connection refused".into()));
            assert_eq!(log[1].outcome, PrintOutcome::Printed);

            // A label being sent is settled once; a settled one is not changed again.
            r.at = 102;
            r.outcome = PrintOutcome::Sending;
            let sending = s.log_print(&svc, &r).expect("logged");
            let (svc8, mut r8) = (svc.clone(), r.clone());
            r8.order_id = 8;
            let never_settled = s.log_print(&svc8, &r8).expect("logged");
            assert_ne!(sending, never_settled);
            assert_eq!(s.was_printed(&svc8, 8).ok(), Some(true), "it may have printed");
            s.settle_print(sending, &PrintOutcome::Reprinted).expect("settled");
            s.settle_print(sending, &PrintOutcome::Failed("late".into())).expect("no-op");
            let log = s.prints_of(&svc, 7).unwrap_or_default();
            assert_eq!(log[2].outcome, PrintOutcome::Reprinted);
            let left = s.prints_of(&svc8, 8).unwrap_or_default();
            assert_eq!(left[0].outcome, PrintOutcome::Sending);
        }
    }
}
