//! The room of parcels from abroad: drafts, the import from a file, customs lines, the quote,
//! sending exactly once, tracking, manifests, the service's international orders.
//!
//! International parcels as the screens start them: send exactly once, track, list. Each runs on
//! the background runtime and notes what the answer says about reachability.

pub mod customs;
pub mod import_template;
pub mod international_list;
pub mod intl_quote;
pub mod item_draft;
pub mod parcel_draft;
pub mod parcel_import;
pub mod parcels;

use crate::international::parcels::SendResult;
use crate::labels::printing;
use crate::*;
use api::envelope::Page;
use api::international::{
    IntlCalcRequest, IntlCalcResponse, IntlListQuery, IntlOrder, ParcelInput, ParcelTrack,
};
use store::ParcelRow;

impl Desk {
    /// Sends a parcel once (its number is the key); `None` before login or without a database.
    /// Its extras (the lines' countries of origin, its city abroad) are kept with it here for
    /// its papers, never sent: the service's parcel has no field for them.
    pub fn send_parcel(
        &self,
        input: ParcelInput,
        extras: store::ParcelExtras,
    ) -> Option<Task<SendResult>> {
        let parcels = self.parcels.clone()?;
        let reach = self.reach.clone();
        Some(self.spawn(async move {
            let result = parcels.send(input, extras).await;
            match &result {
                SendResult::Unknown(e) => {
                    if let Some(e) = e.service() {
                        reach.note::<(), ApiError>(&Err(e.clone()));
                    }
                }
                SendResult::Failed(_) => {}
                _ => reach.note::<(), ApiError>(&Ok(())),
            }
            result
        }))
    }

    /// Where a parcel is now, by its number (a scan or typed).
    pub fn track_parcel(&self, number: String) -> Option<Task<Result<ParcelTrack, DeskError>>> {
        let parcels = self.parcels.clone()?;
        let reach = self.reach.clone();
        Some(self.spawn(async move {
            let result = parcels.track(&number).await;
            if let Err(DeskError::Service(e)) = &result {
                reach.note::<(), ApiError>(&Err(e.clone()));
            }
            result
        }))
    }

    /// Hands these parcels over together under `number`, once.
    pub fn submit_manifest(
        &self,
        number: String,
        date: chrono::NaiveDate,
        parcels: Vec<String>,
    ) -> Option<Task<crate::international::parcels::ManifestOutcome>> {
        let p = self.parcels.clone()?;
        Some(self.spawn(async move { p.submit_manifest(number, date, parcels).await }))
    }

    /// This desk's parcels and manifests, newest first (what the manifest screen shows).
    pub fn manifest_view(
        &self,
    ) -> Option<Task<Result<crate::international::parcels::ManifestView, DeskError>>> {
        let p = self.parcels.clone()?;
        Some(self.spawn(async move { Ok((p.list().await?, p.manifests().await?)) }))
    }

    /// This desk's parcels, newest first.
    pub fn parcel_list(&self) -> Option<Task<Result<Vec<ParcelRow>, DeskError>>> {
        let parcels = self.parcels.clone()?;
        Some(self.spawn(async move { parcels.list().await }))
    }
}

/// The draft name of the new-parcel form.
pub(crate) const PARCEL_DRAFT: &str = "new-parcel";

impl Desk {
    /// Keeps the new-parcel form as typed (disk, in the background), so nothing typed is lost.
    pub fn save_parcel_form(&self, draft: &crate::international::parcel_draft::ParcelDraft) {
        self.keep_form(PARCEL_DRAFT, draft);
    }

    /// The new-parcel form as it was kept, if any.
    pub fn load_parcel_form(
        &self,
    ) -> Task<Option<crate::international::parcel_draft::ParcelDraft>> {
        self.kept_form(PARCEL_DRAFT)
    }
}

impl Desk {
    /// The international price (current interface) for a request as the clerk filled it.
    pub fn price_international(
        &self,
        req: IntlCalcRequest,
    ) -> Task<Result<IntlCalcResponse, ApiError>> {
        let current = self.services.current.clone();
        self.spawn_noted(async move { current.calculate_international(&req).await })
    }

    /// One page of the company's international orders in a date range.
    pub fn international_page(
        &self,
        query: IntlListQuery,
    ) -> Task<Result<Page<IntlOrder>, ApiError>> {
        let current = self.services.current.clone();
        self.spawn_noted(async move { current.international_orders(&query).await })
    }

    /// Every page of the range, with progress and a stop.
    pub fn international_all(
        &self,
        begin: Option<chrono::NaiveDate>,
        end: Option<chrono::NaiveDate>,
        progress: std::sync::Arc<api::envelope::LoadProgress>,
    ) -> Task<Result<Vec<IntlOrder>, ApiError>> {
        let current = self.services.current.clone();
        self.spawn_noted(async move {
            crate::international::international_list::all_pages(current, begin, end, progress).await
        })
    }
}

impl Desk {
    /// Reads and checks a parcels file (CSV, or a workbook: xlsx, xls, ods) on the background
    /// runtime: its cells as read (for writing the rows to fix back), its parcels, and the
    /// numbers among them the service already has from this desk (a file imported twice).
    pub fn read_parcel_file(
        &self,
        path: PathBuf,
    ) -> Task<
        Result<
            crate::international::parcel_import::ReadFile,
            crate::international::parcel_import::ImportError,
        >,
    > {
        use crate::international::parcel_import::{
            ImportError, ReadFile, csv_table, workbook_table,
        };
        let parcels = self.parcels.clone();
        self.spawn_blocking(move || {
            let bytes = std::fs::read(&path)
                .map_err(|e| ImportError::Io(format!("{}: {e}", path.display())))?;
            let workbook = path
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
                .is_some_and(|e| matches!(e.as_str(), "xlsx" | "xlsm" | "xls" | "ods"));
            let table = if workbook {
                workbook_table(bytes)?
            } else {
                csv_table(&String::from_utf8_lossy(&bytes))?
            };
            let read = crate::international::parcel_import::from_rows(table.clone())?;
            // What this desk has sent and the service holds (a store that cannot be read
            // hides nothing: sending again is exactly-once anyway).
            let sent = parcels
                .and_then(|p| p.store.parcels(&p.service).ok())
                .unwrap_or_default()
                .into_iter()
                .filter(|r| r.state == store::ParcelState::Saved)
                .map(|r| r.number)
                .filter(|n| read.iter().any(|p| p.draft.number == *n))
                .collect();
            Ok(ReadFile {
                table,
                parcels: read,
                sent,
            })
        })
    }

    /// Asks which CSV file to read (the system's dialog, off the UI thread).
    pub fn choose_csv_to_open(&self) -> Task<Option<PathBuf>> {
        let dir = documents_folder();
        self.spawn_blocking(move || {
            rfd::FileDialog::new()
                .add_filter("CSV / Excel", &["csv", "txt", "xlsx", "xls", "ods"])
                .set_directory(dir)
                .pick_file()
        })
    }
}

impl Desk {
    /// Prints a parcel's label on the configured label printer (its format and resolution).
    pub fn print_parcel_label(
        &self,
        input: ParcelInput,
        city: String,
    ) -> Task<Result<(), printing::PrintProblem>> {
        use label::print;
        let (settings, lang) = (self.settings.printing.clone(), self.settings.language);
        let spooler = self.spooler.clone();
        self.spawn(async move {
            let Some(printer) = settings.printer.clone() else {
                return Err(print::PrintError::NoPrinter.into());
            };
            let format = printer.format();
            let title = input.parcel_number.clone();
            let rendered = tokio::task::spawn_blocking(move || {
                let page = label::documents::parcel_label(&input, &city, lang, settings.dpi)
                    .map_err(|e| e.to_string())?;
                label::export::render_pages(&[page], format, &input.parcel_number)
                    .map_err(|e| e.to_string())
            })
            .await
            .map_err(|e| printing::PrintProblem::Render(e.to_string()))?
            .map_err(printing::PrintProblem::Render)?;
            let bytes = rendered.single_file().unwrap_or_default().to_vec();
            let job = print::Job {
                document: &bytes,
                size: label::LabelSize::L100x150,
                page_height_mm: 150.0,
                copies: settings.copies,
                title: &title,
            };
            print::send(&printer, &spooler, job)
                .await
                .map_err(printing::PrintProblem::from)
        })
    }
}
