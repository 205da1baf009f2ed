//! Printing at the desk: an order in the journal becomes a label (its record, the cash on
//! delivery and return-waybill facts the form knew, the tracking link from the record or the
//! service's history), is rendered to the printer's format and sent, and every outcome lands in
//! the print log. Runs on the background runtime only.

use super::settings::PrintSettings;
use crate::api::LegacyClient;
use crate::api::codes::Language;
use crate::api::quantity::Sum;
use crate::label::export::{Format, Rendered, render};
use crate::label::print::{self, PrintError, Spooler};
use crate::label::raster::{Raster, rasterize};
use crate::label::{LabelOrder, Stock, pages};
use crate::store::{PrintOutcome, PrintRecord, Store};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Clone)]
pub struct Printing {
    pub store: Arc<Store>,
    pub legacy: Arc<LegacyClient>,
    pub spooler: Spooler,
}

/// A label drawn for the screen: its pages as pixels, and the stock they were drawn for.
#[derive(Debug, Clone)]
pub struct Preview {
    pub order_id: i64,
    pub pages: Vec<Raster>,
    pub stock: Stock,
    /// Set when the label could be drawn but lacks something (no tracking link: no QR).
    pub note: Option<String>,
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
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

impl Printing {
    /// What a label of this journaled order says.
    pub async fn label_order(&self, order_id: i64) -> Result<LabelOrder, PrintProblem> {
        let store = self.store.clone();
        let (row, record, draft) = blocking(move || {
            let row = store.journal_get(order_id)?;
            let record = store.journal_record(order_id)?;
            let draft = store.journal_draft(order_id)?;
            Ok::<_, crate::store::StoreError>((row, record, draft))
        })
        .await
        .ok_or_else(|| PrintProblem::Store("worker stopped".into()))?
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
        let mut order = order.with_form_facts(row.cod.map(Sum), waybill);
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
        let note = order
            .tracking
            .is_none()
            .then(|| "no tracking link".to_string());
        let drawn = blocking(move || {
            pages(&[order], stock).map(|p| p.iter().map(rasterize).collect::<Vec<_>>())
        })
        .await
        .ok_or_else(|| PrintProblem::Render("worker stopped".into()))?
        .map_err(|e| PrintProblem::Render(e.to_string()))?;
        Ok(Preview {
            order_id,
            pages: drawn,
            stock,
            note,
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
        let rendered = blocking(move || {
            let page_h = pages(&orders_for_render[..1], stock)
                .ok()
                .and_then(|p| p.first().map(|p| p.height_mm))
                .unwrap_or(150.0);
            render(&orders_for_render, stock, format).map(|r| (r, page_h))
        })
        .await
        .ok_or_else(|| PrintProblem::Render("worker stopped".into()))?
        .map_err(|e| PrintProblem::Render(e.to_string()));
        let result = match rendered {
            Ok((doc, page_h)) => {
                let bytes = doc.single_file().unwrap_or_default().to_vec();
                let job = print::Job {
                    document: &bytes,
                    size: settings.size,
                    page_height_mm: page_h,
                    copies: settings.copies,
                    title: &job_title,
                };
                print::send(&printer, &self.spooler, job)
                    .await
                    .map_err(PrintProblem::from)
            }
            Err(e) => Err(e),
        };
        let mut records = Vec::with_capacity(orders.len());
        for order in &orders {
            let printed_before = {
                let (store, id) = (self.store.clone(), order.order_id);
                blocking(move || store.was_printed(id).unwrap_or(false))
                    .await
                    .unwrap_or(false)
            };
            records.push(PrintRecord {
                order_id: order.order_id,
                barcode: order.barcode.clone(),
                at: now(),
                outcome: match (&result, printed_before) {
                    (Err(_), _) => PrintOutcome::Failed,
                    (Ok(()), true) => PrintOutcome::Reprinted,
                    (Ok(()), false) => PrintOutcome::Printed,
                },
                printer: printer.describe(),
                // A reason belongs to reprints only (a batch may mix both).
                reason: reason
                    .clone()
                    .filter(|r| printed_before && result.is_ok() && !r.trim().is_empty()),
                error: result.as_ref().err().map(|e| e.to_string()),
            });
        }
        self.log(records).await;
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
        tokio::fs::write(&path, bytes)
            .await
            .map_err(|e| PrintProblem::File(shown.clone(), e.to_string()))?;
        let records = orders
            .iter()
            .map(|o| PrintRecord {
                order_id: o.order_id,
                barcode: o.barcode.clone(),
                at: now(),
                outcome: PrintOutcome::Saved,
                printer: shown.clone(),
                reason: None,
                error: None,
            })
            .collect();
        self.log(records).await;
        Ok(())
    }

    async fn log(&self, records: Vec<PrintRecord>) {
        let store = self.store.clone();
        let _ = blocking(move || {
            for r in &records {
                if let Err(e) = store.log_print(r) {
                    tracing::warn!("print log not written for {}: {e}", r.order_id);
                }
            }
        })
        .await;
    }
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
