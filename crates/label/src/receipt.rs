//! The sender's receipt: the paper the clerk hands over when the counter accepts a parcel, so the
//! sender leaves with its barcode, where it goes, what was paid and what the receiver will be
//! asked to pay. What it says is decided once (`says`), in the sender's language; it is drawn in
//! the label's layout for the PDF and the preview (`draw`), and written as ESC/POS for a raw
//! receipt printer (`crate::escpos`).

mod draw;
mod says;
#[cfg(test)]
pub(crate) mod tests;

pub use draw::pages;
pub(crate) use says::{Said, says};

use super::order::LabelOrder;
use api::{Sum, Weight};
use chrono::NaiveDateTime;

/// The shop that accepted the parcel, as its receipts head it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ShopLine {
    pub name: String,
    pub address: Option<String>,
    pub phone: Option<String>,
}

/// What a sender's receipt says.
#[derive(Debug, Clone, PartialEq)]
pub struct Receipt {
    pub shop: ShopLine,
    /// When the counter accepted the parcel.
    pub at: NaiveDateTime,
    pub barcode: String,
    /// The public tracking link; the QR code is left off without one.
    pub tracking: Option<String>,
    pub from_city: String,
    pub to_city: String,
    pub weight: Weight,
    /// What the sender paid for the shipping.
    pub paid: Sum,
    /// Cash the receiver pays on delivery, when there is some.
    pub cod: Option<Sum>,
    /// What the sender agrees to by signing, when the shop prints it.
    pub agreement: Option<String>,
}

impl Receipt {
    /// The receipt of an order, with what the order does not carry: the shop, the moment the
    /// counter accepted it and the price the sender paid (the order records what the receiver
    /// pays, never what the sender did).
    pub fn of(order: &LabelOrder, shop: ShopLine, at: NaiveDateTime, paid: Sum) -> Receipt {
        Receipt {
            shop,
            at,
            barcode: order.barcode.trim().to_string(),
            tracking: order
                .tracking
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_string),
            from_city: order.sender.city.trim().to_string(),
            to_city: order.receiver.city.trim().to_string(),
            weight: order.weight,
            paid,
            cod: order.cod.filter(|c| c.0 > 0),
            agreement: None,
        }
    }

    /// The same receipt with the line the sender signs under.
    pub fn with_agreement(self, text: impl Into<String>) -> Receipt {
        let text = text.into();
        Receipt {
            agreement: (!text.trim().is_empty()).then_some(text),
            ..self
        }
    }
}

/// The receipt printer's paper.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum ReceiptWidth {
    /// 58 mm roll: 48 mm printed, 384 dots at 203 dpi, 32 columns of Font A.
    Mm58,
    /// 80 mm roll: 72 mm printed, 576 dots at 203 dpi, 48 columns of Font A.
    #[default]
    Mm80,
}

impl ReceiptWidth {
    pub const ALL: [ReceiptWidth; 2] = [ReceiptWidth::Mm58, ReceiptWidth::Mm80];

    pub fn paper_mm(self) -> f32 {
        match self {
            ReceiptWidth::Mm58 => 58.0,
            ReceiptWidth::Mm80 => 80.0,
        }
    }

    /// The dots the print head has across the paper, at 203 dpi.
    pub fn dots(self) -> u32 {
        match self {
            ReceiptWidth::Mm58 => 384,
            ReceiptWidth::Mm80 => 576,
        }
    }

    /// The width the head prints, centred on the paper.
    pub fn printable_mm(self) -> f32 {
        match self {
            ReceiptWidth::Mm58 => 48.0,
            ReceiptWidth::Mm80 => 72.0,
        }
    }

    /// Characters of Font A (12 dots wide) on one line.
    pub fn columns(self) -> usize {
        self.dots() as usize / 12
    }
}

/// Dots a Code 128 module takes when `modules` bars and their quiet zones fit in `room` dots:
/// three where they fit, else two; none when even two do not (thinner bars do not scan from
/// thermal paper, and printers refuse them), and then only the characters are printed.
pub(crate) fn bar_dots(modules: usize, room: u32) -> Option<u32> {
    let total = (modules + 2 * super::symbols::BAR_QUIET) as u32;
    (2..=3).rev().find(|dots| total * dots <= room)
}

/// Dots a QR module takes for a symbol `width` modules across, its quiet zone within `room`
/// dots: up to six (a 33-module link is then about 31 mm), never below one.
pub(crate) fn qr_dots(width: usize, room: u32) -> u32 {
    let total = (width + 2 * super::symbols::QR_QUIET) as u32;
    (room / total.max(1)).clamp(1, 6)
}
