//! The room of labels and documents: printing and its log, saving documents beside the clerk's.
//!
//! Labels at the desk as the screens ask for them: preview, print, save as PDF, the print log,
//! and the printer's own settings and queues.

pub(crate) mod documents;
pub mod printing;
pub mod receipts;

use crate::*;

impl Desk {
    /// Replaces the programs labels are printed with (tests use stand-ins for `lp`).
    pub fn set_spooler(&mut self, spooler: label::print::Spooler) {
        if let Some(p) = &mut self.printing {
            p.spooler = spooler.clone();
        }
        self.spooler = spooler;
    }

    /// What the printer itself is set to (resolution, media), to warn of a mismatch.
    pub fn probe_printer(
        &self,
        printer: label::print::Printer,
    ) -> Option<Task<Result<label::probe::PrinterMedia, String>>> {
        let spooler = self.spooler.clone();
        Some(self.spawn(async move { label::probe::probe(&printer, &spooler).await }))
    }

    /// The print queues this computer knows, for the settings screen's picker.
    pub fn printer_queues(&self) -> Option<Task<Result<Vec<String>, label::queues::QueuesError>>> {
        let spooler = self.spooler.clone();
        Some(self.spawn(async move { label::queues::list(&spooler).await }))
    }

    /// A journaled order's label drawn for the screen with the counter's print settings.
    pub fn label_preview(
        &self,
        order_id: i64,
    ) -> Option<Task<Result<printing::Preview, PrintProblem>>> {
        let p = self.printing.clone()?;
        let (settings, lang) = (self.settings.printing.clone(), self.settings.language);
        Some(self.spawn(async move { p.preview(order_id, &settings, lang).await }))
    }

    /// Prints these orders' labels, a job at a time (one order, or one A4 sheet of four), with
    /// progress and cancel; a reprint carries the clerk's reason. Each outcome is logged.
    pub fn print_labels(
        &self,
        ids: Vec<i64>,
        reason: Option<String>,
    ) -> Option<(Arc<Progress>, Task<Vec<PrintProblem>>)> {
        let p = self.printing.clone()?;
        let (settings, lang) = (self.settings.printing.clone(), self.settings.language);
        let progress = Arc::new(Progress::default());
        progress.total.store(ids.len(), Ordering::Relaxed);
        let (pr, repaint) = (progress.clone(), self.repaint.clone());
        let per_job = settings.size.per_page();
        let task = self.spawn(async move {
            let mut errors = Vec::new();
            for chunk in ids.chunks(per_job) {
                if pr.cancel.load(Ordering::Relaxed) {
                    break;
                }
                if let Err(e) = p.print(chunk, &settings, lang, reason.clone()).await {
                    pr.failed.fetch_add(chunk.len(), Ordering::Relaxed);
                    errors.push(e);
                }
                pr.done.fetch_add(chunk.len(), Ordering::Relaxed);
                repaint();
            }
            errors
        });
        Some((progress, task))
    }

    /// Writes these orders' labels to a PDF file.
    pub fn save_labels(
        &self,
        ids: Vec<i64>,
        path: PathBuf,
    ) -> Option<Task<Result<(), PrintProblem>>> {
        let p = self.printing.clone()?;
        let (settings, lang) = (self.settings.printing.clone(), self.settings.language);
        Some(self.spawn(async move { p.save_pdf(&ids, &settings, lang, path).await }))
    }

    /// Prints an order's receipt on the counter's receipt printer.
    pub fn print_receipt(&self, order_id: i64) -> Option<Task<Result<(), PrintProblem>>> {
        let p = self.printing.clone()?;
        let settings = self.settings.receipt.clone();
        let (shop, lang) = (receipts::shop_line(&self.settings), self.settings.language);
        Some(self.spawn(async move { p.print_receipt(order_id, &settings, shop, lang).await }))
    }

    /// Writes an order's receipt to a PDF file.
    pub fn save_receipt(
        &self,
        order_id: i64,
        path: PathBuf,
    ) -> Option<Task<Result<(), PrintProblem>>> {
        let p = self.printing.clone()?;
        let settings = self.settings.receipt.clone();
        let (shop, lang) = (receipts::shop_line(&self.settings), self.settings.language);
        Some(self.spawn(async move { p.save_receipt(order_id, &settings, shop, lang, path).await }))
    }

    /// Where "Save receipt" proposes to write it.
    pub fn receipt_file_for(&self, barcode: &str) -> PathBuf {
        documents_folder().join(format!("receipt-{barcode}.pdf"))
    }

    /// An order's print history.
    pub fn print_log(&self, order_id: i64) -> Task<Vec<store::PrintRecord>> {
        let books = self.books();
        self.spawn_blocking(move || {
            books
                .and_then(|(s, svc)| s.prints_of(&svc, order_id).ok())
                .unwrap_or_default()
        })
    }

    /// Where "Save as PDF" proposes to write a label: the documents folder (the clerk's own
    /// files, never the desk's data folder, which holds the database).
    pub fn label_file_for(&self, barcode: &str) -> PathBuf {
        documents_folder().join(format!("label-{barcode}.pdf"))
    }

    /// Asks where to save, through the system's own dialog (on the background runtime: the
    /// dialog blocks its thread, never the UI's), offering files of the suggested name's kind
    /// (PDF, CSV). `None` when the clerk cancels.
    pub fn choose_save_path(&self, suggested: PathBuf) -> Task<Option<PathBuf>> {
        self.spawn_blocking(move || {
            let ext = suggested
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
                .unwrap_or_else(|| "pdf".into());
            let mut dialog = rfd::FileDialog::new().add_filter(ext.to_uppercase(), &[ext.as_str()]);
            if let Some(dir) = suggested.parent() {
                dialog = dialog.set_directory(dir);
            }
            if let Some(name) = suggested.file_name() {
                dialog = dialog.set_file_name(name.to_string_lossy());
            }
            dialog.save_file()
        })
    }
}
