//! The three outputs a label can be written as, behind one call, for the command line, "Save as"
//! and the print queue alike.

use super::design::DesignError;
use super::layout::Page;
use super::order::LabelOrder;
use super::pdf::{PdfError, render_pdf};
use super::raster::rasterize;
use super::sheet::{Stock, pages};
use super::zpl::{ZplError, render_zpl};
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Pdf,
    Zpl,
    Png,
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pdf" => Ok(Format::Pdf),
            "zpl" => Ok(Format::Zpl),
            "png" => Ok(Format::Png),
            _ => Err(format!("unknown format {s:?}: use pdf, zpl or png")),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LabelError {
    #[error(transparent)]
    Design(#[from] DesignError),
    #[error(transparent)]
    Pdf(#[from] PdfError),
    #[error(transparent)]
    Zpl(#[from] ZplError),
    #[error("cannot write the PNG: {0}")]
    Png(String),
    #[error("no labels to render")]
    Nothing,
}

/// Rendered labels: one document, or one PNG a page.
#[derive(Debug, Clone)]
pub enum Rendered {
    Pdf(Vec<u8>),
    Zpl(String),
    Png(Vec<Vec<u8>>),
}

impl Rendered {
    /// The bytes of a single-file output (PDF, ZPL); PNG pages joined only when there is one.
    pub fn single_file(&self) -> Option<&[u8]> {
        match self {
            Rendered::Pdf(b) => Some(b),
            Rendered::Zpl(s) => Some(s.as_bytes()),
            Rendered::Png(pages) if pages.len() == 1 => Some(&pages[0]),
            Rendered::Png(_) => None,
        }
    }
}

/// Designs and renders these orders' labels.
pub fn render(orders: &[LabelOrder], stock: Stock, format: Format) -> Result<Rendered, LabelError> {
    let title = orders
        .iter()
        .map(|o| o.barcode.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    render_pages(&pages(orders, stock)?, format, &title)
}

/// Renders pages already designed (the print queue also reads their size).
pub fn render_pages(pages: &[Page], format: Format, title: &str) -> Result<Rendered, LabelError> {
    if pages.is_empty() {
        return Err(LabelError::Nothing);
    }
    Ok(match format {
        Format::Pdf => Rendered::Pdf(render_pdf(pages, title)?),
        Format::Zpl => Rendered::Zpl(render_zpl(pages)?),
        Format::Png => Rendered::Png(
            pages
                .iter()
                .map(|p| {
                    rasterize(p)
                        .to_png()
                        .map_err(|e| LabelError::Png(e.to_string()))
                })
                .collect::<Result<_, _>>()?,
        ),
    })
}
