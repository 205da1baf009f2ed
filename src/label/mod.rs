//! Labels the desk renders itself, from one layout: an order becomes placed items (`design`,
//! `sheet`), which become a PDF (`pdf`), ZPL for thermal printers (`zpl`) or pixels for the preview
//! and PNG (`raster`). `print` sends the result to a printer or a file. Nothing here knows egui.

pub mod command;
pub mod design;
pub mod export;
pub mod fit;
pub mod font;
pub mod layout;
pub mod order;
pub mod pdf;
pub mod print;
pub mod probe;
pub mod queues;
pub mod raster;
pub mod sheet;
pub mod size;
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
