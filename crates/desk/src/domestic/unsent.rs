//! Orders the outbox cannot settle by itself, and the clerk's decisions on them.
//!
//! Against a service that offers no lookup by key, a create whose answer was lost stays "outcome
//! unknown": only the clerk can tell whether it exists (the customer's SMS, the service's cabinet,
//! a sticker already printed). The desk lists such entries with what was typed, checks a barcode
//! the clerk gives against the entry (the service echoes the key the order was created with), and
//! sends again only when the clerk says so. Every decision holds the outbox gate, so the
//! background pass never works on the same entry at the same moment.

use crate::domestic::orders::{CreateResult, Orders, journal_row, now, order_id_in_barcode};
use api::ApiError;
use api::legacy::{OrderDetail, OrderInput};
use store::{JournalRow, OutboxEntry, OutboxState, StoreError};

/// One unconfirmed create as the clerk sees it: the outbox's entry (shown as sending while its
/// request is on the wire here) with what was sent read back.
#[derive(Debug, Clone)]
pub struct Unsent {
    pub entry: OutboxEntry,
    /// What was sent; `None` if the stored body cannot be read any more.
    pub order: Option<OrderInput>,
}

/// What the service holds under a barcode the clerk gave, set beside an unsent entry.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub detail: OrderDetail,
    pub verdict: Verdict,
}

/// Whether the order found is the unsent one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The service recorded this entry's key on it: it is this order.
    SameKey,
    /// The service recorded another key: it is some other order.
    OtherKey,
    /// The service did not say; the clerk compares receiver, phone and weight.
    NoKey,
}

/// Why a decision could not be carried out.
#[derive(Debug, Clone)]
pub enum DecisionError {
    /// The entry was settled meanwhile (by the background pass or another window).
    Gone,
    /// The barcode names an order created under another key.
    OtherOrder,
    /// Its request is on the wire right now; decide when it has ended.
    InFlight,
    /// The service created it under an id the journal holds for another order: it can only be
    /// forgotten here (it exists on the service).
    Conflict,
    /// The service already has it (its key was refused as taken): it is never sent again.
    Exists,
    Service(ApiError),
    Local(String),
}

impl std::fmt::Display for DecisionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecisionError::Gone => f.write_str("the entry is no longer in the outbox"),
            DecisionError::OtherOrder => f.write_str("that order was created under another key"),
            DecisionError::InFlight => f.write_str("its request has not ended yet"),
            DecisionError::Conflict => {
                f.write_str("the journal holds another order under the id the service gave it")
            }
            DecisionError::Exists => f.write_str("the service already has it: never sent again"),
            DecisionError::Service(e) => write!(f, "{e}"),
            DecisionError::Local(e) => f.write_str(e),
        }
    }
}

/// What the clerk decided about an unsent entry.
#[derive(Debug, Clone)]
pub enum Decision {
    /// "This is that order" (after checking the barcode).
    IsOrder(Box<Candidate>),
    /// "It was never created: send it."
    SendAgain,
    /// "Forget it."
    Discard,
}

/// What came of a decision.
#[derive(Debug, Clone)]
pub enum Decided {
    /// The order is in the journal now.
    Journaled(JournalRow),
    /// Sent again; the outcome as for any create.
    Sent(CreateResult),
    Discarded,
}

impl Orders {
    /// Carries out a clerk's decision.
    pub async fn decide(&self, key: &str, decision: Decision) -> Result<Decided, DecisionError> {
        match decision {
            Decision::IsOrder(c) => self.settle_as(key, &c).await.map(Decided::Journaled),
            Decision::SendAgain => self.send_again(key).await.map(Decided::Sent),
            Decision::Discard => self.discard(key).await.map(|()| Decided::Discarded),
        }
    }

    /// Everything still in the outbox, oldest first.
    pub async fn unsent(&self) -> Result<Vec<Unsent>, crate::DeskError> {
        let entries = self.books(|s, svc| s.outbox(svc)).await?;
        Ok(entries
            .into_iter()
            .map(|mut entry| {
                if self.is_in_flight(&entry.wcs_code) {
                    entry.state = OutboxState::Sending;
                }
                Unsent {
                    order: serde_json::from_str(&entry.payload).ok(),
                    entry,
                }
            })
            .collect())
    }

    /// Reads the order a barcode names and says whether it is the unsent entry `key`.
    pub async fn candidate(&self, key: &str, barcode: &str) -> Result<Candidate, DecisionError> {
        let id = order_id_in_barcode(barcode).ok_or_else(|| {
            DecisionError::Service(ApiError::NotFound {
                message: barcode.trim().to_string(),
            })
        })?;
        let detail = self
            .legacy
            .order_detail(id)
            .await
            .map_err(DecisionError::Service)?;
        let verdict = match detail.core.wcs_code.as_deref().map(str::trim) {
            Some(k) if k == key => Verdict::SameKey,
            Some(k) if !k.is_empty() => Verdict::OtherKey,
            _ => Verdict::NoKey,
        };
        Ok(Candidate { detail, verdict })
    }

    /// The clerk confirmed that `detail` is the order the entry `key` created: journal it and
    /// clear the entry in one step.
    pub async fn settle_as(
        &self,
        key: &str,
        candidate: &Candidate,
    ) -> Result<JournalRow, DecisionError> {
        if candidate.verdict == Verdict::OtherKey {
            return Err(DecisionError::OtherOrder);
        }
        let _held = self.gate.lock().await;
        let input = self.entry(key, false).await?;
        let cod = input.and_then(|i| i.cash_on_delivery()).map(|s| s.0);
        let d = &candidate.detail;
        self.confirm(journal_row(&d.core, d.order_id, cod, now()), d, Some(key))
            .await
            .map_err(|e| match e {
                StoreError::Collision { .. } => DecisionError::Conflict,
                e => DecisionError::Local(e.to_string()),
            })
    }

    /// The clerk knows the order was never created: send it now. The key goes with it, so a
    /// service that checks keys still refuses a double (the entry then stays unknown, with the
    /// service's words).
    pub async fn send_again(&self, key: &str) -> Result<CreateResult, DecisionError> {
        let _held = self.gate.lock().await;
        let k = key.to_string();
        let state = self
            .books(move |s, svc| s.outbox_get(svc, &k))
            .await
            .map_err(|e| DecisionError::Local(e.to_string()))?
            .map(|e| e.state);
        if state == Some(OutboxState::Exists) {
            return Err(DecisionError::Exists);
        }
        let input = self
            .entry(key, false)
            .await?
            .ok_or_else(|| DecisionError::Local("the stored order cannot be read".into()))?;
        Ok(self.send(key, &input, false).await)
    }

    /// The clerk gives up on the entry (the customer left, or it was created by other means).
    pub async fn discard(&self, key: &str) -> Result<(), DecisionError> {
        let _held = self.gate.lock().await;
        self.entry(key, true).await?;
        let k = key.to_string();
        self.books(move |s, svc| s.outbox_remove(svc, &k))
            .await
            .map_err(|e| DecisionError::Local(e.to_string()))
    }

    /// The entry's order, or why no decision can touch it now: `Gone` if it left the outbox
    /// meanwhile, `InFlight` while its request is on the wire, `Conflict` unless `forgetting`.
    async fn entry(
        &self,
        key: &str,
        forgetting: bool,
    ) -> Result<Option<OrderInput>, DecisionError> {
        if self.is_in_flight(key) {
            return Err(DecisionError::InFlight);
        }
        let k = key.to_string();
        let entry = self
            .books(move |s, svc| s.outbox_get(svc, &k))
            .await
            .map_err(|e| DecisionError::Local(e.to_string()))?
            .ok_or(DecisionError::Gone)?;
        if entry.state == OutboxState::Conflict && !forgetting {
            return Err(DecisionError::Conflict);
        }
        Ok(serde_json::from_str(&entry.payload).ok())
    }
}
