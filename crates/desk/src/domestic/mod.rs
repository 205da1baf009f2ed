//! The room of domestic orders: drafts, creating exactly once, editing, cancelling, the identity
//! of an order, the unsent outbox. Its face (below) is what the screens ask of the `Desk`.
//!
//! The counter's work with orders as the screens start it: create exactly once, edit, cancel,
//! price, read and refresh the journal, find by barcode, the unsent outbox, the form drafts.
//! Each runs on the background runtime and notes what the answer says about reachability.

pub mod address_book;
pub mod current_edit;
pub(crate) mod draft_from_service;
pub mod identity;
pub mod order_draft;
pub mod orders;
pub mod people;
pub mod plausible;
pub mod unsent;
pub mod weighing;

use crate::domestic::order_draft::OrderDraft;
use crate::*;

impl Desk {
    /// False when the database could not be opened (orders cannot be kept safe then).
    pub fn can_take_orders(&self) -> bool {
        self.orders.is_some()
    }

    /// Creates an order exactly once through the outbox.
    pub fn create_order(&self, input: OrderInput) -> Option<Task<CreateResult>> {
        self.create_order_from(input, None)
    }

    /// The same, keeping the form the order came from for a later edit.
    pub fn create_order_from(
        &self,
        input: OrderInput,
        draft: Option<OrderDraft>,
    ) -> Option<Task<CreateResult>> {
        let orders = self.orders.clone()?;
        let (count, reach) = (self.outbox.clone(), self.reach.clone());
        Some(self.spawn(async move {
            let result = orders.create_from(input, draft).await;
            match &result {
                CreateResult::Queued { reason, .. } => {
                    reach.note::<(), ApiError>(&Err(reason.clone()))
                }
                CreateResult::Unknown { reason, .. } => {
                    if let Some(e) = reason.service() {
                        reach.note::<(), ApiError>(&Err(e.clone()))
                    }
                }
                CreateResult::Local(_) => {}
                _ => reach.note::<(), ApiError>(&Ok(())),
            }
            count.store(orders.outbox_waiting().await, Ordering::Relaxed);
            result
        }))
    }

    /// The orders still in the outbox, for the clerk to see and decide on.
    pub fn unsent_orders(&self) -> Option<Task<Result<Vec<unsent::Unsent>, DeskError>>> {
        let orders = self.orders.clone()?;
        let count = self.outbox.clone();
        Some(self.spawn(async move {
            let unsent = orders.unsent().await;
            // The status bar's count follows what the clerk is shown.
            if let Ok(entries) = &unsent {
                count.store(
                    i64::try_from(entries.len()).unwrap_or(i64::MAX),
                    Ordering::Relaxed,
                );
            }
            unsent
        }))
    }

    /// Reads the order a barcode names, set beside the unsent entry `key`.
    pub fn unsent_candidate(
        &self,
        key: String,
        barcode: String,
    ) -> Option<Task<Result<unsent::Candidate, unsent::DecisionError>>> {
        let orders = self.orders.clone()?;
        Some(self.spawn(async move { orders.candidate(&key, &barcode).await }))
    }

    /// A clerk's decision on an unsent entry; the outbox count follows.
    pub fn unsent_decide(
        &self,
        key: String,
        decision: unsent::Decision,
    ) -> Option<Task<Result<unsent::Decided, unsent::DecisionError>>> {
        let orders = self.orders.clone()?;
        let count = self.outbox.clone();
        Some(self.spawn(async move {
            let result = orders.decide(&key, decision).await;
            count.store(orders.outbox_waiting().await, Ordering::Relaxed);
            result
        }))
    }

    /// The legacy price for a form's inputs.
    pub fn calculate(&self, req: CalculateRequest) -> Task<Result<CalculateResponse, ApiError>> {
        let legacy = self.services.legacy.clone();
        self.spawn_noted(async move { legacy.calculate(&req).await })
    }

    /// The whole journal (disk, in the background).
    pub fn load_journal(&self) -> Task<Result<Vec<JournalRow>, DeskError>> {
        let books = self.books();
        self.spawn_blocking(move || match books {
            Some((s, svc)) => Ok(s.journal(&svc)?),
            None => Ok(Vec::new()),
        })
    }

    /// Reads an order's status and history from the service into the journal.
    pub fn refresh_order(&self, order_id: i64) -> Option<Task<Result<Vec<HistoryRow>, ApiError>>> {
        let orders = self.orders.clone()?;
        Some(self.spawn_noted(async move { orders.refresh(order_id).await }))
    }

    /// A journaled order with the tracking link of its record (disk, in the background).
    pub fn journal_entry(&self, order_id: i64) -> Task<Option<JournalEntry>> {
        let books = self.books();
        self.spawn_blocking(move || {
            let (store, svc) = books?;
            let row = store.journal_get(&svc, order_id).ok().flatten()?;
            let tracking = store
                .journal_record(&svc, order_id)
                .ok()
                .flatten()
                .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
                .and_then(|v| {
                    v.get("tracking")
                        .and_then(|t| t.as_str())
                        .map(str::to_string)
                });
            Some((row, tracking))
        })
    }

    /// Finds an order by barcode (journal first, then the service).
    pub fn find_by_barcode(&self, barcode: String) -> Option<Task<Result<Option<i64>, DeskError>>> {
        let orders = self.orders.clone()?;
        Some(self.spawn_noted(async move { orders.find_by_barcode(&barcode).await }))
    }

    /// Re-reads the status of these orders from the service into the journal, a few at a time,
    /// counting progress; stops early when cancelled.
    pub fn refresh_statuses(&self, ids: Vec<i64>) -> Option<(Arc<Progress>, Task<()>)> {
        let orders = self.orders.clone()?;
        let progress = Arc::new(Progress::default());
        progress.total.store(ids.len(), Ordering::Relaxed);
        let (p, repaint, reach) = (progress.clone(), self.repaint.clone(), self.reach.clone());
        let task = self.spawn(async move {
            use futures_util::StreamExt;
            let work = futures_util::stream::iter(ids).map(|id| {
                let (orders, p) = (orders.clone(), p.clone());
                async move {
                    if p.cancel.load(Ordering::Relaxed) {
                        return None;
                    }
                    Some(orders.refresh_status(id).await)
                }
            });
            let mut results = work.buffer_unordered(4);
            while let Some(r) = results.next().await {
                match r {
                    Some(Ok(())) => {
                        p.done.fetch_add(1, Ordering::Relaxed);
                    }
                    Some(Err(e)) => {
                        let failed: Result<(), DeskError> = Err(e);
                        reach.note(&failed);
                        if let Err(e) = failed {
                            p.fail(e);
                        }
                    }
                    None => {}
                }
                repaint();
            }
        });
        Some((progress, task))
    }

    /// Edits an order on the service and in the journal.
    ///
    /// With exact places or "ready to take" in the form and a current-interface session, the
    /// edit goes through the current interface (the only one that carries them).
    pub fn edit_order(
        &self,
        order_id: i64,
        input: OrderInput,
        draft: OrderDraft,
        places: current_edit::ExactPlaces,
    ) -> Option<Task<Result<JournalRow, DeskError>>> {
        let orders = self.orders.clone()?;
        let via_current = (places.is_set() && self.has_current_session())
            .then(|| (self.services.current.clone(), places));
        Some(
            self.spawn_noted(async move { orders.edit(order_id, input, draft, via_current).await }),
        )
    }

    /// The form an order came from, when this desk created it.
    pub fn order_draft(&self, order_id: i64) -> Task<Option<OrderDraft>> {
        let books = self.books();
        self.spawn_blocking(move || {
            let json = books.and_then(|(s, svc)| s.journal_draft(&svc, order_id).ok().flatten())?;
            serde_json::from_str(&json).ok()
        })
    }

    /// The order form rebuilt from both interfaces' details, for an order whose form this desk
    /// never kept.
    pub fn order_form_from_service(&self, order_id: i64) -> Task<Result<OrderDraft, DeskError>> {
        let (legacy, current) = (self.services.legacy.clone(), self.services.current.clone());
        let lang = self.settings.language;
        self.spawn(async move {
            let (l, c) = tokio::join!(
                legacy.order_detail(order_id),
                current.order_detail(order_id)
            );
            draft_from_service::draft_from_records(&l?, &c?, lang)
                .map_err(|e| DeskError::Unreadable(e.to_string()))
        })
    }

    /// The order's full record from the service.
    pub fn order_detail(&self, order_id: i64) -> Task<Result<api::legacy::OrderDetail, ApiError>> {
        let legacy = self.services.legacy.clone();
        self.spawn(async move { legacy.order_detail(order_id).await })
    }

    /// Why an order was cancelled, as the service recorded it (who, when, what).
    pub fn cancellation_reasons(
        &self,
        order_id: i64,
    ) -> Task<Result<Vec<api::legacy::CancellationReason>, ApiError>> {
        let legacy = self.services.legacy.clone();
        self.spawn(async move { legacy.cancellation(order_id).await })
    }

    /// Cancels an order, then re-reads its status and history.
    pub fn cancel_order(&self, order_id: i64) -> Option<Task<Result<Vec<HistoryRow>, ApiError>>> {
        let orders = self.orders.clone()?;
        Some(self.spawn(async move { orders.cancel(order_id).await }))
    }

    /// Keeps the new-order form as typed (disk, in the background), so nothing typed is lost.
    pub fn save_form(&self, draft: &OrderDraft) {
        let (Some(store), Ok(json)) = (self.store.clone(), serde_json::to_string(draft)) else {
            return;
        };
        let _ = self.spawn_blocking(move || {
            if let Err(e) = store.put_draft(ORDER_DRAFT, &json, chrono::Utc::now().timestamp()) {
                tracing::warn!("cannot save draft: {e}");
            }
        });
    }

    /// Forgets the kept new-order form (it became an order).
    pub fn clear_form(&self) {
        if let Some(store) = self.store.clone() {
            let _ = self.spawn_blocking(move || store.delete_draft(ORDER_DRAFT));
        }
    }

    /// The new-order form as it was kept, and when it was typed, if any.
    pub fn load_form(&self) -> Task<Option<(OrderDraft, i64)>> {
        let store = self.store.clone();
        self.spawn_blocking(move || {
            let (json, at) = store.and_then(|s| s.draft_typed_at(ORDER_DRAFT).ok().flatten())?;
            Some((serde_json::from_str(&json).ok()?, at))
        })
    }
}
