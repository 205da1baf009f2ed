//! Printing at the desk: an order in the journal becomes a label (its record, the cash on
//! delivery and return-waybill facts the form knew, the tracking link from the record or the
//! service's history), is rendered to the printer's format and sent, and every outcome lands in
//! the print log. Runs on the background runtime only.

use crate::domestic::orders::db;
use crate::session::settings::PrintSettings;
use api::LegacyClient;
use api::codes::{Language, LegacyStatus};
use api::quantity::Sum;
use label::export::{Format, Rendered, render, render_pages};
use label::print::{self, PrintError, Spooler};
use label::raster::{Raster, rasterize};
use label::{LabelOrder, Stock, pages};
use std::path::PathBuf;
use std::sync::Arc;
use store::{PrintOutcome, PrintRecord, ServiceKey, Store};

#[derive(Clone)]
pub struct Printing {
    pub store: Arc<Store>,
    /// The service whose orders these are.
    pub service: ServiceKey,
    pub legacy: Arc<LegacyClient>,
    pub spooler: Spooler,
    /// The places a label names, in the clerk's language (the desk keeps it to its directories).
    pub names: Arc<std::sync::RwLock<crate::reference::place_names::Renamer>>,
}

/// A label drawn for the screen: its pages as pixels, and the stock they were drawn for.
#[derive(Debug, Clone)]
pub struct Preview {
    pub order_id: i64,
    pub barcode: String,
    pub pages: Vec<Raster>,
    pub stock: Stock,
    /// The record had no tracking link, so the label has no QR code.
    pub without_qr: bool,
    /// The order is cancelled (the label says so; printing it is asked first).
    pub cancelled: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum PrintProblem {
    #[error("order {0} is not in this desk's journal")]
    NotJournaled(i64),
    #[error("the journal's record of order {0} is unreadable: {1}")]
    Record(i64, String),
    #[error("{0}")]
    Render(String),
    #[error(transparent)]
    Printer(#[from] PrintError),
    #[error("cannot write {0}: {1}")]
    File(String, String),
    #[error("database: {0}")]
    Store(String),
    /// A page of A4 (a register) for a printer that takes ZPL labels only.
    #[error("the printer takes ZPL labels, not documents")]
    NotForDocuments,
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// Runs rendering (CPU work) on the blocking pool.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

impl Printing {
    /// What a label of this journaled order says.
    pub async fn label_order(&self, order_id: i64) -> Result<LabelOrder, PrintProblem> {
        let svc = self.service.clone();
        let (row, record, draft) = db(&self.store, move |store| {
            Ok((
                store.journal_get(&svc, order_id)?,
                store.journal_record(&svc, order_id)?,
                store.journal_draft(&svc, order_id)?,
            ))
        })
        .await
        .map_err(|e| PrintProblem::Store(e.to_string()))?;
        let (Some(row), Some(record)) = (row, record) else {
            return Err(PrintProblem::NotJournaled(order_id));
        };
        let order = LabelOrder::from_json(&record)
            .map_err(|e| PrintProblem::Record(order_id, e.to_string()))?;
        let waybill = draft
            .and_then(|d| serde_json::from_str::<serde_json::Value>(&d).ok())
            .and_then(|d| d.get("return_waybill").and_then(|v| v.as_bool()))
            .unwrap_or(false);
        let mut order = order.with_form_facts(row.cod().map(Sum), waybill);
        order.cancelled = row.status_id == LegacyStatus::Refused.code();
        {
            // The record keeps the language of the day it was read: places in the clerk's.
            let names = self.names.read().unwrap_or_else(|p| p.into_inner());
            for party in [&mut order.receiver, &mut order.sender] {
                for place in [&mut party.city, &mut party.region] {
                    if let Some(shown) = names.place(place) {
                        *place = shown.to_string();
                    }
                }
            }
        }
        if order.tracking.is_none()
            && let Ok(history) = self.legacy.history(order_id).await
        {
            order.tracking = history.into_iter().find_map(|h| h.tracking_link);
        }
        Ok(order)
    }

    /// The label of one order drawn for the screen.
    pub async fn preview(
        &self,
        order_id: i64,
        settings: &PrintSettings,
        lang: Language,
    ) -> Result<Preview, PrintProblem> {
        let order = self.label_order(order_id).await?;
        let stock = stock(settings, lang);
        let (without_qr, barcode) = (order.tracking.is_none(), order.barcode.clone());
        let cancelled = order.cancelled;
        let drawn = blocking(move || {
            pages(&[order], stock).map(|p| p.iter().map(rasterize).collect::<Vec<_>>())
        })
        .await
        .ok_or_else(|| PrintProblem::Render("worker stopped".into()))?
        .map_err(|e| PrintProblem::Render(e.to_string()))?;
        Ok(Preview {
            order_id,
            barcode,
            pages: drawn,
            stock,
            without_qr,
            cancelled,
        })
    }

    /// Renders these orders for the configured printer and sends them as one job; logs each
    /// order's outcome. `reason` is the clerk's reason for a reprint.
    pub async fn print(
        &self,
        ids: &[i64],
        settings: &PrintSettings,
        lang: Language,
        reason: Option<String>,
    ) -> Result<(), PrintProblem> {
        let Some(printer) = settings.printer.clone() else {
            return Err(PrintError::NoPrinter.into());
        };
        let mut orders = Vec::with_capacity(ids.len());
        for id in ids {
            orders.push(self.label_order(*id).await?);
        }
        let stock = stock(settings, lang);
        let format = printer.format();
        let (orders_for_render, job_title) = (orders.clone(), title(&orders));
        let title_for_render = job_title.clone();
        let rendered = blocking(move || {
            let pages = pages(&orders_for_render, stock)?;
            let page_h = pages.first().map_or(0.0, |p| p.height_mm);
            render_pages(&pages, format, &title_for_render).map(|r| (r, page_h))
        })
        .await
        .ok_or_else(|| PrintProblem::Render("worker stopped".into()))?
        .map_err(|e| PrintProblem::Render(e.to_string()));
        let hands = self.store.hands();
        let mut printed_before = Vec::with_capacity(orders.len());
        for order in &orders {
            let (id, svc) = (order.order_id, self.service.clone());
            let before = db(&self.store, move |s| s.was_printed(&svc, id)).await;
            printed_before.push(before.unwrap_or(false));
        }
        let record = |order: &LabelOrder, outcome: PrintOutcome, before: bool| PrintRecord {
            order_id: order.order_id,
            barcode: order.barcode.clone(),
            at: now(),
            // A reason belongs to reprints only (a batch may mix both).
            reason: reason
                .clone()
                .filter(|r| before && outcome.error().is_none() && !r.trim().is_empty()),
            outcome,
            printer: printer.describe(),
            hands: hands.clone(),
        };
        let (doc, page_h) = match rendered {
            Ok(r) => r,
            Err(e) => {
                let records = orders
                    .iter()
                    .zip(&printed_before)
                    .map(|(o, before)| record(o, PrintOutcome::Failed(e.to_string()), *before))
                    .collect();
                self.log(records).await;
                return Err(e);
            }
        };
        // Each label is on record before it leaves, and settled as it is handed over: a desk
        // stopped mid-batch leaves the ones it never confirmed as "sending".
        let svc = self.service.clone();
        let sending: Vec<PrintRecord> = orders
            .iter()
            .zip(&printed_before)
            .map(|(o, before)| record(o, PrintOutcome::Sending, *before))
            .collect();
        let kept = sending.clone();
        let ids = match db(&self.store, move |store| store.log_prints(&svc, &kept)).await {
            Ok(ids) => ids,
            Err(e) => {
                // The clerk's queue is not held up by the log: the labels print, and their
                // outcome is written afterwards if the database is back by then.
                tracing::warn!("print log not written before sending: {e}");
                Vec::new()
            }
        };
        let settled = |i: usize| {
            if printed_before.get(i).copied().unwrap_or(false) {
                PrintOutcome::Reprinted
            } else {
                PrintOutcome::Printed
            }
        };
        let bytes = doc.single_file().unwrap_or_default().to_vec();
        let ends = match format {
            Format::Zpl => order_ends(&bytes, orders.iter().map(|o| o.pieces)),
            _ => vec![bytes.len()],
        };
        let job = print::Job {
            document: &bytes,
            size: settings.size,
            page_height_mm: page_h,
            copies: settings.copies,
            title: &job_title,
        };
        let mut handed = vec![false; ids.len()];
        // Settled as each order's labels leave (so a desk killed mid-batch has said which went),
        // and all waited for before the job's own settling below.
        let mut settling = Vec::new();
        let result = print::send_in_parts(&printer, &self.spooler, job, &ends, |part| {
            // One part per order for ZPL, one for the whole job otherwise.
            let within: Vec<usize> = if ends.len() == ids.len() {
                vec![part]
            } else {
                (0..ids.len()).collect()
            };
            for i in within {
                if let (Some(id), Some(h)) = (ids.get(i), handed.get_mut(i)) {
                    *h = true;
                    let (store, outcome, id) = (self.store.clone(), settled(i), *id);
                    settling.push(tokio::task::spawn_blocking(move || {
                        store.settle_print(id, &outcome)
                    }));
                }
            }
        })
        .await
        .map_err(PrintProblem::from);
        for s in settling {
            let _ = s.await;
        }
        let error = result.as_ref().err().map(|e| e.to_string());
        // Every record once more (settling only changes one still sending): one settled as it
        // left but not written then is written now.
        // What one not handed over ended as: failed with the job's error, or printed.
        let ended = |i: usize, handed: bool| match &error {
            Some(e) if !handed => PrintOutcome::Failed(e.clone()),
            _ => settled(i),
        };
        let rest: Vec<(i64, PrintOutcome)> = ids
            .iter()
            .zip(&handed)
            .enumerate()
            .map(|(i, (id, h))| (*id, ended(i, *h)))
            .collect();
        if ids.is_empty() {
            let records = sending
                .into_iter()
                .enumerate()
                .map(|(i, r)| PrintRecord {
                    outcome: ended(i, false),
                    ..r
                })
                .collect();
            self.log(records).await;
        } else {
            let _ = db(&self.store, move |store| {
                for (id, outcome) in rest {
                    store.settle_print(id, &outcome)?;
                }
                Ok(())
            })
            .await;
        }
        result
    }

    /// Writes these orders' labels to a PDF file.
    pub async fn save_pdf(
        &self,
        ids: &[i64],
        settings: &PrintSettings,
        lang: Language,
        path: PathBuf,
    ) -> Result<(), PrintProblem> {
        let mut orders = Vec::with_capacity(ids.len());
        for id in ids {
            orders.push(self.label_order(*id).await?);
        }
        let stock = stock(settings, lang);
        let o = orders.clone();
        let pdf = blocking(move || render(&o, stock, Format::Pdf))
            .await
            .ok_or_else(|| PrintProblem::Render("worker stopped".into()))?
            .map_err(|e| PrintProblem::Render(e.to_string()))?;
        let Rendered::Pdf(bytes) = pdf else {
            return Err(PrintProblem::Render("not a PDF".into()));
        };
        let shown = path.display().to_string();
        // Readable by the user only (names, phones, addresses), written whole, and into what is
        // there when it is a device or a pipe.
        tokio::task::spawn_blocking(move || files::write_document(&path, &bytes))
            .await
            .map_err(|e| PrintProblem::File(shown.clone(), e.to_string()))?
            .map_err(|e| PrintProblem::File(shown.clone(), e.to_string()))?;
        let hands = self.store.hands();
        let records = orders
            .iter()
            .map(|o| PrintRecord {
                order_id: o.order_id,
                barcode: o.barcode.clone(),
                at: now(),
                outcome: PrintOutcome::Saved,
                printer: shown.clone(),
                reason: None,
                hands: hands.clone(),
            })
            .collect();
        self.log(records).await;
        Ok(())
    }

    async fn log(&self, records: Vec<PrintRecord>) {
        let svc = self.service.clone();
        let _ = db(&self.store, move |store| {
            for r in &records {
                if let Err(e) = store.log_print(&svc, r) {
                    tracing::warn!("print log not written for {}: {e}", r.order_id);
                }
            }
            Ok(())
        })
        .await;
    }
}

/// Where each order's labels end in a ZPL document: one format (`^XA … ^XZ`) per label, as many
/// labels as the order has pieces. One part for the whole document when they do not add up.
fn order_ends(zpl: &[u8], pieces: impl IntoIterator<Item = u32>) -> Vec<usize> {
    const END: &[u8] = b"^XZ\n";
    let label_ends: Vec<usize> = zpl
        .windows(END.len())
        .enumerate()
        .filter(|(_, w)| *w == END)
        .map(|(i, _)| i + END.len())
        .collect();
    let mut ends = Vec::new();
    let mut labels = 0usize;
    for count in pieces {
        labels += count as usize;
        match labels.checked_sub(1).and_then(|last| label_ends.get(last)) {
            Some(end) => ends.push(*end),
            None => return vec![zpl.len()],
        }
    }
    if labels != label_ends.len() {
        return vec![zpl.len()];
    }
    ends
}

pub fn stock(settings: &PrintSettings, lang: Language) -> Stock {
    Stock {
        size: settings.size,
        dpi: settings.dpi,
        lang,
    }
}

fn title(orders: &[LabelOrder]) -> String {
    match orders {
        [one] => format!("Parcel Desk {}", one.barcode),
        many => format!("Parcel Desk, {} orders", many.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::order_ends;

    #[test]
    fn each_order_ends_after_its_own_labels() {
        let label = |n: u32| format!("^XA^FO0,0^FDlabel {n}^FS^XZ\n");
        let doc: String = (1..=4).map(label).collect();
        let one = label(1).len();
        // Orders of 1, 2 and 1 pieces.
        assert_eq!(
            order_ends(doc.as_bytes(), [1, 2, 1]),
            [one, 3 * one, 4 * one]
        );
        // Pieces that do not add up to the labels: one part for the whole document.
        assert_eq!(order_ends(doc.as_bytes(), [1, 2]), [doc.len()]);
        assert_eq!(order_ends(doc.as_bytes(), [2, 3]), [doc.len()]);
    }
}
