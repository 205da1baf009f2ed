//! International parcels as the screens start them: send exactly once, track, list. Each runs on
//! the background runtime and notes what the answer says about reachability.

use super::parcels::SendResult;
use super::*;
use crate::api::international::{ParcelInput, ParcelTrack};
use crate::store::ParcelRow;

impl Desk {
    /// Sends a parcel once (its number is the key); `None` before login or without a database.
    pub fn send_parcel(&self, input: ParcelInput) -> Option<Task<SendResult>> {
        let parcels = self.parcels.clone()?;
        let reach = self.reach.clone();
        Some(self.spawn(async move {
            let result = parcels.send(input).await;
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
    ) -> Option<Task<super::parcels::ManifestOutcome>> {
        let p = self.parcels.clone()?;
        Some(self.spawn(async move { p.submit_manifest(number, date, parcels).await }))
    }

    /// This desk's parcels and manifests, newest first (what the manifest screen shows).
    pub fn manifest_view(&self) -> Option<Task<Result<super::parcels::ManifestView, DeskError>>> {
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
pub const PARCEL_DRAFT: &str = "new-parcel";

impl Desk {
    /// Keeps the new-parcel form as typed (disk, in the background), so nothing typed is lost.
    pub fn save_parcel_form(&self, draft: &super::parcel_draft::ParcelDraft) {
        self.keep_form(PARCEL_DRAFT, draft);
    }

    /// The new-parcel form as it was kept, if any.
    pub fn load_parcel_form(&self) -> Task<Option<super::parcel_draft::ParcelDraft>> {
        self.kept_form(PARCEL_DRAFT)
    }
}

impl Desk {
    /// The international price (current interface) for a request as the clerk filled it.
    pub fn price_international(
        &self,
        req: crate::api::international::IntlCalcRequest,
    ) -> Task<Result<crate::api::international::IntlCalcResponse, ApiError>> {
        let current = self.services.current.clone();
        self.spawn_noted(async move { current.calculate_international(&req).await })
    }

    /// One page of the company's international orders in a date range.
    pub fn international_page(
        &self,
        query: crate::api::international::IntlListQuery,
    ) -> Task<Result<crate::api::envelope::Page<crate::api::international::IntlOrder>, ApiError>>
    {
        let current = self.services.current.clone();
        self.spawn_noted(async move { current.international_orders(&query).await })
    }

    /// Every page of the range, with progress and a stop.
    pub fn international_all(
        &self,
        begin: Option<chrono::NaiveDate>,
        end: Option<chrono::NaiveDate>,
        progress: std::sync::Arc<crate::api::envelope::LoadProgress>,
    ) -> Task<Result<Vec<crate::api::international::IntlOrder>, ApiError>> {
        let current = self.services.current.clone();
        self.spawn_noted(async move {
            super::international_list::all_pages(current, begin, end, progress).await
        })
    }
}

impl Desk {
    /// Reads and checks a parcels file (CSV, or a workbook: xlsx, xls, ods) on the background
    /// runtime.
    pub fn read_parcel_file(
        &self,
        path: PathBuf,
    ) -> Task<Result<Vec<super::parcel_import::ImportedParcel>, String>> {
        self.spawn_blocking(move || {
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let workbook = path
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
                .is_some_and(|e| matches!(e.as_str(), "xlsx" | "xlsm" | "xls" | "ods"));
            if workbook {
                return super::parcel_import::read_workbook(bytes).map_err(|e| e.to_string());
            }
            let text = String::from_utf8_lossy(&bytes);
            super::parcel_import::read(&text).map_err(|e| e.to_string())
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
    /// Makes a document on the background runtime and writes it where the clerk chose; with
    /// `keep_existing` (no dialog asked about replacing) a file already there is left alone and
    /// the document takes the next free name (`register-2026-11-24 (2).pdf`).
    pub fn write_document(
        &self,
        path: PathBuf,
        keep_existing: bool,
        make: impl FnOnce() -> Result<Vec<u8>, String> + Send + 'static,
    ) -> Task<Result<PathBuf, String>> {
        self.spawn_blocking(move || {
            let bytes = make()?;
            if let Some(folder) = path.parent() {
                // The documents folder of a fresh account may not exist yet.
                std::fs::create_dir_all(folder)
                    .map_err(|e| format!("{}: {e}", folder.display()))?;
            }
            let written = if keep_existing {
                write_new(&path, &bytes)
            } else {
                std::fs::write(&path, &bytes).map(|()| path.clone())
            };
            written.map_err(|e| format!("{}: {e}", path.display()))
        })
    }
}

/// Writes `bytes` to `path`, or to the first of `name (2).ext`, `name (3).ext`, … that names no
/// file yet; a file already there is never opened for writing (each name is created new).
fn write_new(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
    use std::io::Write;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let names = std::iter::once(path.to_path_buf())
        .chain((2..10_000).map(|n| path.with_file_name(format!("{stem} ({n}){ext}"))));
    for name in names {
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&name)
        {
            Ok(mut file) => {
                file.write_all(bytes)?;
                return Ok(name);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        "every free name is taken",
    ))
}

impl Desk {
    /// Prints a parcel's label on the configured label printer (its format and resolution).
    pub fn print_parcel_label(
        &self,
        input: ParcelInput,
        city: String,
    ) -> Task<Result<(), printing::PrintProblem>> {
        use crate::label::print;
        let (settings, lang) = (self.settings.printing.clone(), self.settings.language);
        let spooler = self.spooler.clone();
        self.spawn(async move {
            let Some(printer) = settings.printer.clone() else {
                return Err(print::PrintError::NoPrinter.into());
            };
            let format = printer.format();
            let title = input.parcel_number.clone();
            let rendered = tokio::task::spawn_blocking(move || {
                let page = crate::label::documents::parcel_label(&input, &city, lang, settings.dpi)
                    .map_err(|e| e.to_string())?;
                crate::label::export::render_pages(&[page], format, &input.parcel_number)
                    .map_err(|e| e.to_string())
            })
            .await
            .map_err(|e| printing::PrintProblem::Render(e.to_string()))?
            .map_err(printing::PrintProblem::Render)?;
            let bytes = rendered.single_file().unwrap_or_default().to_vec();
            let job = print::Job {
                document: &bytes,
                size: crate::label::LabelSize::L100x150,
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

#[cfg(test)]
mod tests {
    use super::write_new;

    #[test]
    fn a_document_saved_without_a_dialog_never_replaces_a_file() {
        let dir = crate::test_support::fresh_dir("free");
        let first = dir.join("register-2026-11-24.pdf");
        assert_eq!(write_new(&first, b"one").unwrap(), first);
        let second = write_new(&first, b"two").unwrap();
        assert_eq!(second, dir.join("register-2026-11-24 (2).pdf"));
        let third = write_new(&first, b"three").unwrap();
        assert_eq!(third, dir.join("register-2026-11-24 (3).pdf"));
        assert_eq!(std::fs::read(&first).unwrap(), b"one", "kept as it was");
        assert_eq!(std::fs::read(&second).unwrap(), b"two");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
