//! `parcel-desk label`: labels from the JSON records the service returned, for scripts and
//! integrators, through the same layout and renderers the desk prints with.

use super::export::{Format, Rendered, render};
use super::order::LabelOrder;
use super::sheet::Stock;
use super::size::{Dpi, LabelSize};
use crate::api::codes::Language;
use std::path::{Path, PathBuf};

pub struct LabelArgs {
    pub orders: Vec<PathBuf>,
    pub format: Format,
    pub size: LabelSize,
    pub dpi: Dpi,
    pub lang: Language,
    /// The public tracking page, for records that carry no tracking link (legacy detail).
    pub tracking_page: Option<String>,
    pub out: PathBuf,
}

/// Writes the labels; returns what was written, one line a file, for the terminal.
pub fn run(args: &LabelArgs) -> Result<Vec<String>, String> {
    let mut orders = Vec::new();
    for path in &args.orders {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut order =
            LabelOrder::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if order.tracking.is_none()
            && let Some(page) = &args.tracking_page
        {
            order.tracking = Some(crate::api::tracking::tracking_link(
                page,
                order.order_id,
                &order.barcode,
            ));
        }
        if order.tracking.is_none() {
            eprintln!(
                "{}: the record has no tracking link (give --tracking-page): the label has no QR code",
                path.display()
            );
        }
        orders.push(order);
    }
    let stock = Stock {
        size: args.size,
        dpi: args.dpi,
        lang: args.lang,
    };
    let rendered = render(&orders, stock, args.format).map_err(|e| e.to_string())?;
    let mut written = Vec::new();
    match &rendered {
        Rendered::Png(pages) if pages.len() > 1 => {
            for (i, png) in pages.iter().enumerate() {
                let path = numbered(&args.out, i + 1);
                write(&path, png)?;
                written.push(path.display().to_string());
            }
        }
        other => {
            let bytes = other.single_file().unwrap_or_default();
            write(&args.out, bytes)?;
            written.push(args.out.display().to_string());
        }
    }
    Ok(written)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `labels.png` → `labels-2.png`.
fn numbered(path: &Path, n: usize) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "label".into());
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    path.with_file_name(format!("{stem}-{n}{ext}"))
}
