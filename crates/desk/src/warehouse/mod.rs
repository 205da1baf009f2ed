//! The room of the fulfilment warehouse: suppliers and buyers, products, their drafts.
//!
//! The warehouse (fulfilment) as the screens ask for it: its own login beside the order session,
//! the account's details, suppliers/buyers and products page by page or all with progress,
//! saving (create or edit), deleting and confirming. Every call runs on the background runtime
//! and goes through the client's pacer, which keeps the desk under the server's rate limit.
//!
//! A create whose answer was lost is settled before the clerk is asked to send again: the
//! company's records with that code are read, and one with the same code and names is the record
//! that was made.

pub mod product_draft;
pub mod record_draft;
pub mod supplier_draft;
pub(crate) mod wire_text;

use crate::*;
use api::envelope::{LoadProgress, Page, every_page};
use api::warehouse::AboutMe;
use api::warehouse_client::{Kind, Record, RecordInput, WarehouseClient};
use serde::de::DeserializeOwned;

/// Rows read per request by "load all": few requests against the limit of 50 in ten minutes.
const ALL_PER_PAGE: u32 = 100;

impl Desk {
    /// Whether the warehouse session is open.
    pub fn warehouse_logged_in(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.warehouse_login.is_some())
    }

    /// Logs in to the warehouse alone (the order session stays as it is) and reads the account.
    pub fn warehouse_login(
        &self,
        login: String,
        password: String,
    ) -> Task<Result<Option<AboutMe>, DeskError>> {
        let wms = self.services.warehouse.clone();
        self.spawn(async move {
            wms.login(login.trim(), &password).await?;
            // Logged in whatever "about me" answers; its details can be asked for again.
            Ok(wms.about_me().await.ok())
        })
    }

    /// Whose warehouse records the screens show: the warehouse (its address, or the embedded
    /// twin's records) and the account. A record's id means something only there, so a form that
    /// edits one is kept under it.
    pub fn warehouse_identity(&self) -> Option<String> {
        let login = self.session.as_ref()?.warehouse_login.clone()?;
        let place = match &self.twin {
            Some(twin) => format!("twin:{}", twin.instance()),
            None => self.services.warehouse.base().to_string(),
        };
        Some(format!("{place}|{login}"))
    }

    /// The warehouse session is open under this login (after [`Desk::warehouse_login`]), with
    /// the account's details.
    pub fn note_warehouse_login(&mut self, login: &str, account: Option<AboutMe>) {
        if let Some(s) = &mut self.session {
            s.warehouse_login = Some(login.trim().to_string());
            s.warehouse_account = account;
        }
    }

    /// The account's details were read (after a login on the login screen).
    pub fn note_warehouse_account(&mut self, account: AboutMe) {
        if let Some(s) = &mut self.session {
            s.warehouse_account = Some(account);
        }
    }

    /// The warehouse account's own details.
    pub fn warehouse_about_me(&self) -> Task<Result<AboutMe, DeskError>> {
        self.warehouse_call(|wms| async move { wms.about_me().await })
    }

    /// How long warehouse requests are held back to stay under its limit, when they are.
    pub fn warehouse_waiting(&self) -> Option<Duration> {
        self.services.warehouse.waiting()
    }

    /// One page of the company's suppliers/buyers or products (20 a page, as the server pages).
    pub fn warehouse_page<T>(&self, kind: Kind, page: u32) -> Task<Result<Page<T>, DeskError>>
    where
        T: DeserializeOwned + Send + 'static,
    {
        self.warehouse_call(move |wms| async move { wms.list(kind, page, 20, &[]).await })
    }

    /// Every record, page after page with progress, until the last or a stop (what was read
    /// before a stop is kept).
    pub fn warehouse_all<T>(
        &self,
        kind: Kind,
        progress: Arc<LoadProgress>,
    ) -> Task<Result<Vec<T>, DeskError>>
    where
        T: DeserializeOwned + Send + 'static,
    {
        self.warehouse_call(move |wms| async move {
            every_page(&progress, |page| {
                let wms = wms.clone();
                async move { wms.list(kind, page, ALL_PER_PAGE, &[]).await }
            })
            .await
        })
    }

    /// Creates a supplier/buyer or a product (`id` none) or replaces one's fields.
    pub fn save_record<I: RecordInput>(
        &self,
        id: Option<i64>,
        input: I,
    ) -> Task<Result<I::Record, DeskError>> {
        self.warehouse_call(move |wms| async move {
            let Some(id) = id else {
                let made = wms.create(&input).await;
                return settle(&wms, made, &input).await;
            };
            wms.update(id, &input).await
        })
    }

    /// Deletes one record (the server keeps it hidden).
    pub fn warehouse_delete(&self, kind: Kind, id: i64) -> Task<Result<(), DeskError>> {
        self.warehouse_call(move |wms| async move { wms.delete(kind, id).await })
    }

    /// Confirms records; the service's message says how many moved.
    pub fn warehouse_confirm(&self, kind: Kind, ids: Vec<i64>) -> Task<Result<String, DeskError>> {
        self.warehouse_call(move |wms| async move { wms.confirm(kind, &ids).await })
    }

    /// Runs one warehouse call in the background, noting what it says about reachability.
    fn warehouse_call<T, F, Fut>(&self, call: F) -> Task<Result<T, DeskError>>
    where
        T: Send + 'static,
        F: FnOnce(Arc<WarehouseClient>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        let wms = self.services.warehouse.clone();
        self.spawn_noted(async move { Ok(call(wms).await?) })
    }
}

/// A create's answer, or, when it was lost, the record it made if the service has it.
async fn settle<I: RecordInput>(
    wms: &WarehouseClient,
    made: Result<I::Record, ApiError>,
    input: &I,
) -> Result<I::Record, ApiError> {
    match made {
        Err(e) if e.outcome_unknown() => {
            let filter = [("code", input.code().to_string())];
            match wms.list::<I::Record>(I::Record::KIND, 1, 0, &filter).await {
                // Only one record like it can be the one just made; with two (an older one of
                // the same code and names) nobody can tell, and the clerk is asked.
                Ok(found) => {
                    let mut like: Vec<_> =
                        found.items.into_iter().filter(|r| input.made(r)).collect();
                    if like.len() == 1 {
                        Ok(like.remove(0))
                    } else {
                        Err(e)
                    }
                }
                Err(_) => Err(e),
            }
        }
        other => other,
    }
}
