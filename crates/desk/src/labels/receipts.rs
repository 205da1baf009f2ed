//! The sender's receipt of a journaled order: what the label says of it, with the shop (its
//! profile in Settings), the moment the counter took it and the price paid; printed on the
//! counter's receipt printer or saved as PDF, each logged in the order's print history. Runs on
//! the background runtime only.

use super::printing::{PrintProblem, Printing};
use crate::domestic::orders::db;
use crate::session::settings::{ReceiptSettings, Settings};
use api::codes::Language;
use api::quantity::Sum;
use label::receipt::{Receipt, ShopLine};
use label::receipt_print::{print_receipt, receipt_pdf};
use std::path::PathBuf;
use store::{PrintOutcome, PrintRecord};

/// The shop as its receipts head it: the shop's profile as a sender, else this counter's name.
pub fn shop_line(settings: &Settings) -> ShopLine {
    let p = &settings.sender;
    let named = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
    ShopLine {
        name: named(&p.name)
            .or_else(|| named(&settings.shop.counter))
            .unwrap_or_default(),
        address: named(&p.address),
        phone: named(&p.phone),
    }
}

impl Printing {
    /// The receipt of a journaled order.
    pub async fn receipt(
        &self,
        order_id: i64,
        settings: &ReceiptSettings,
        shop: ShopLine,
    ) -> Result<Receipt, PrintProblem> {
        let order = self.label_order(order_id).await?;
        let svc = self.service.clone();
        let row = db(&self.store, move |store| store.journal_get(&svc, order_id))
            .await
            .map_err(|e| PrintProblem::Store(e.to_string()))?
            .ok_or(PrintProblem::NotJournaled(order_id))?;
        let zone = text::day::counter_zone();
        let at = chrono::DateTime::from_timestamp(row.created_at, 0)
            .map(|t| t.with_timezone(&zone).naive_local())
            .unwrap_or_default();
        Ok(Receipt::of(&order, shop, at, Sum(row.cost)).with_agreement(settings.agreement.clone()))
    }

    /// Prints an order's receipt on the counter's receipt printer, and logs it.
    pub async fn print_receipt(
        &self,
        order_id: i64,
        settings: &ReceiptSettings,
        shop: ShopLine,
        lang: Language,
    ) -> Result<(), PrintProblem> {
        let printer = settings
            .printer
            .clone()
            .ok_or(PrintProblem::Printer(label::print::PrintError::NoPrinter))?;
        let r = self.receipt(order_id, settings, shop).await?;
        let sent = print_receipt(&printer, &self.spooler, &r, settings.width, lang).await;
        let outcome = match &sent {
            Ok(()) => PrintOutcome::ReceiptPrinted,
            Err(e) => PrintOutcome::Failed(e.to_string()),
        };
        self.log_receipt(&r, order_id, outcome, printer.target())
            .await;
        sent.map_err(PrintProblem::Printer)
    }

    /// Writes an order's receipt to a PDF file, and logs it.
    pub async fn save_receipt(
        &self,
        order_id: i64,
        settings: &ReceiptSettings,
        shop: ShopLine,
        lang: Language,
        path: PathBuf,
    ) -> Result<(), PrintProblem> {
        let r = self.receipt(order_id, settings, shop).await?;
        let (receipt, width) = (r.clone(), settings.width);
        let pdf = tokio::task::spawn_blocking(move || receipt_pdf(&receipt, width, lang))
            .await
            .map_err(|e| PrintProblem::Render(e.to_string()))?
            .map_err(PrintProblem::Render)?;
        let shown = path.display().to_string();
        // Readable by the user only (names, phones, addresses), written whole, and into what is
        // there when it is a device or a pipe.
        tokio::task::spawn_blocking(move || files::write_document(&path, &pdf))
            .await
            .map_err(|e| PrintProblem::File(shown.clone(), e.to_string()))?
            .map_err(|e| PrintProblem::File(shown.clone(), e.to_string()))?;
        self.log_receipt(&r, order_id, PrintOutcome::ReceiptSaved, &shown)
            .await;
        Ok(())
    }

    async fn log_receipt(&self, r: &Receipt, order_id: i64, outcome: PrintOutcome, target: &str) {
        let record = PrintRecord {
            order_id,
            barcode: r.barcode.clone(),
            at: chrono::Utc::now().timestamp(),
            outcome,
            // The outcome says it was the receipt; the printer or file is said as it is.
            printer: target.to_string(),
            reason: None,
            hands: self.store.hands(),
        };
        let svc = self.service.clone();
        let _ = db(&self.store, move |store| store.log_print(&svc, &record)).await;
    }
}
