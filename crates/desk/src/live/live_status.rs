//! One way into the journal for statuses that arrive on their own: the receiver's notifications
//! and the poller's readings both come through [`LiveStatus::take`], one at a time, so an update
//! applied by one is a duplicate to the other. Every arrival is kept in the delivery log with its
//! verdict; a known order moves on only forward: along the status chain, or, off the chain (a
//! return, a cancellation), to something newer than what it shows.

use api::codes::OrderStatus;
use std::sync::{Arc, Mutex};
use store::{Notice, NotificationRow, ServiceKey, StatusMove, Store, StoreError, Verdict};

/// A status that arrived, with everything the log keeps of it.
#[derive(Debug, Clone, Default)]
pub struct Arrival {
    pub notice: Notice,
    /// Refused at the door (a wrong key, an unreadable body): only logged.
    pub refused: bool,
}

/// An order whose status moved on, for the screens to say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    pub order_id: i64,
    pub barcode: String,
    pub status_id: i64,
    pub status_name: String,
}

/// The journal's door for statuses that arrive on their own (cheap to clone).
#[derive(Clone)]
pub struct LiveStatus {
    store: Arc<Store>,
    scope: ServiceKey,
    /// One arrival at a time: the check and the move are one step.
    gate: Arc<tokio::sync::Mutex<()>>,
    moved: Arc<Mutex<Vec<Moved>>>,
}

/// Where a legacy status stands on the chain up to delivery (`None` off it: refused, return,
/// draft — those move an order only when newer).
fn rank(status_id: i64) -> Option<usize> {
    let s = OrderStatus::from_legacy(status_id)?;
    if s.is_final() && s != OrderStatus::Delivered {
        return None;
    }
    OrderStatus::ALL.iter().position(|x| *x == s)
}

/// Whether a status at a time moves an order on from the latest it shows.
pub(crate) fn moves_on(latest: Option<(i64, i64)>, at: i64, status_id: i64) -> bool {
    let Some((latest_at, latest_id)) = latest else {
        return true;
    };
    if latest_id == status_id {
        return false;
    }
    match (rank(latest_id), rank(status_id)) {
        (Some(before), Some(now)) => now > before,
        _ => at > latest_at,
    }
}

/// `YYYY-MM-DD HH:MM:SS` in counter time, as seconds since the epoch.
pub(crate) fn service_time(text: &str) -> Option<i64> {
    let t = chrono::NaiveDateTime::parse_from_str(text.trim(), "%Y-%m-%d %H:%M:%S").ok()?;
    t.and_local_timezone(text::day::counter_zone())
        .single()
        .map(|t| t.timestamp())
}

impl LiveStatus {
    pub fn new(store: Arc<Store>, scope: ServiceKey) -> LiveStatus {
        LiveStatus {
            store,
            scope,
            gate: Arc::new(tokio::sync::Mutex::new(())),
            moved: Arc::new(Mutex::new(Vec::new())),
        }
    }

    /// Logs an arrival and applies it when it moves a known order on; its verdict.
    pub async fn take(&self, arrival: Arrival) -> Result<Verdict, StoreError> {
        let _turn = self.gate.lock().await;
        let (store, scope) = (self.store.clone(), self.scope.clone());
        let (verdict, moved) = tokio::task::spawn_blocking(move || {
            let verdict = judge(&store, &scope, &arrival)?;
            // A reading that found nothing new is not worth a line of the log (a round of
            // readings would bury the notifications).
            if arrival.notice.source == "poller" && verdict == Verdict::Duplicate {
                return Ok((verdict, None));
            }
            let row = NotificationRow {
                id: 0,
                received_at: chrono::Utc::now().timestamp(),
                notice: arrival.notice,
                verdict,
            };
            store.notification_add(&scope, &row)?;
            let n = row.notice;
            let moved = (verdict == Verdict::Applied).then(|| Moved {
                order_id: n.order_id.unwrap_or_default(),
                barcode: n.barcode,
                status_id: n.status_id.unwrap_or_default(),
                status_name: n.status_name,
            });
            Ok::<_, StoreError>((verdict, moved))
        })
        .await
        .map_err(|e| StoreError::Interrupted(e.to_string()))??;
        if let Some(m) = moved {
            self.moved.lock().unwrap_or_else(|p| p.into_inner()).push(m);
        }
        Ok(verdict)
    }

    /// Orders that moved since last asked.
    pub fn take_moved(&self) -> Vec<Moved> {
        std::mem::take(&mut *self.moved.lock().unwrap_or_else(|p| p.into_inner()))
    }

    pub fn scope(&self) -> &ServiceKey {
        &self.scope
    }

    pub fn store(&self) -> &Arc<Store> {
        &self.store
    }
}

/// The verdict on an arrival, applying it when it moves a known order on.
fn judge(store: &Store, scope: &ServiceKey, arrival: &Arrival) -> Result<Verdict, StoreError> {
    let a = &arrival.notice;
    let (Some(order_id), Some(status_id)) = (a.order_id, a.status_id) else {
        return Ok(Verdict::Rejected);
    };
    if arrival.refused {
        return Ok(Verdict::Rejected);
    }
    let Some(row) = store.journal_get(scope, order_id)? else {
        return Ok(Verdict::UnknownOrder);
    };
    // The same id with another barcode is another order (another account, environment or
    // service): never moved on a coincidence of ids.
    if !a.barcode.trim().is_empty() && a.barcode.trim() != row.barcode().trim() {
        return Ok(Verdict::UnknownOrder);
    }
    let at = service_time(&a.status_date).unwrap_or_else(|| chrono::Utc::now().timestamp());
    let latest = store
        .latest_status(scope, order_id)?
        .or(Some((row.created_at, row.status_id)));
    if !moves_on(latest, at, status_id) {
        return Ok(Verdict::Duplicate);
    }
    let status = StatusMove {
        order_id,
        id: status_id,
        name: &a.status_name,
        at,
    };
    store.journal_move(scope, status)?;
    Ok(Verdict::Applied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_moves_only_forward() {
        // 1 at sender (legacy), 3 at the sending office, 6 delivered? Take codes from the chain.
        let code = |s: OrderStatus| s.legacy().code();
        let at_sender = code(OrderStatus::AtSender);
        let office = code(OrderStatus::AtSendingOffice);
        let delivered = code(OrderStatus::Delivered);
        assert!(moves_on(None, 10, at_sender));
        assert!(moves_on(Some((10, at_sender)), 20, office));
        // The same status again, later: nothing new.
        assert!(!moves_on(Some((20, office)), 30, office));
        // An older status arriving late never moves it back, whatever its date.
        assert!(!moves_on(Some((20, office)), 40, at_sender));
        assert!(moves_on(Some((20, office)), 15, delivered));
        // A cancellation or a return moves it only when newer, never past a later delivery.
        let refused = api::codes::LegacyStatus::Refused.code();
        assert!(!moves_on(Some((50, delivered)), 40, refused));
        assert!(moves_on(Some((50, delivered)), 60, refused));
    }

    #[test]
    fn the_services_time_is_counter_time() {
        let t = service_time("2026-11-24 10:00:00").expect("time");
        assert_eq!(t, 1_795_496_400);
        assert!(service_time("24.11.2026").is_none());
    }
}
