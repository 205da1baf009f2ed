//! A crate of its own because labels change with the stock, the printer and the paper, never with
//! a screen; the shop's label command and the desk draw them the same way.
//!
//! Labels the desk renders itself, from one layout: an order becomes placed items (`design`,
//! `sheet`), which become a PDF (`pdf`), ZPL for thermal printers (`zpl`) or pixels for the preview
//! and PNG (`raster`). `print` sends the result to a printer or a file. International parcels'
//! paper (parcel label, CN 23 declaration, manifest handover sheet) is drawn in the same layout
//! (`documents`), and so is the sender's receipt (`receipt`), which also goes to raw receipt
//! printers as ESC/POS (`escpos`). Nothing here knows egui.

pub mod command;
mod command_receipt;
mod design;
pub mod documents;
pub mod escpos;
mod excerpt;
pub mod export;
mod fit;
pub mod font;
mod glyphs;
pub mod layout;
pub mod order;
pub mod pdf;
pub mod print;
mod printer_fonts;
pub mod probe;
mod qr_mask;
mod qr_penalty;
pub mod queues;
pub mod raster;
pub mod receipt;
pub mod receipt_print;
pub mod register;
mod sheet;
mod size;
mod spread;
mod staged;
pub mod symbols;
#[cfg(windows)]
mod winspool;
pub mod zpl;

pub use design::DesignError;
pub use export::{Format, LabelError, Rendered, render};
pub use layout::Page;
pub use order::LabelOrder;
pub use sheet::{Stock, pages};
pub use size::{Dpi, LabelSize};

// The translation catalog the documents are written from (the window has its own copy of the
// same files): English where a key is missing.
rust_i18n::i18n!("../../assets/locales", fallback = "en");
