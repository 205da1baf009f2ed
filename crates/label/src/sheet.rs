//! From orders to printed pages: one label per piece ("1/3, 2/3, 3/3"), one label a page on
//! label stock, four a sheet on A4.

use super::design::{DesignError, Piece, design};
use super::layout::Page;
use super::order::LabelOrder;
use super::size::{Dpi, LabelSize};
use api::codes::Language;

/// What to print and how.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stock {
    pub size: LabelSize,
    pub dpi: Dpi,
    pub lang: Language,
}

/// The pages for these orders, every piece of every order, in order.
pub fn pages(orders: &[LabelOrder], stock: Stock) -> Result<Vec<Page>, DesignError> {
    let pieces: Vec<(&LabelOrder, Piece)> = orders
        .iter()
        .flat_map(|order| {
            (1..=order.pieces).map(move |index| {
                let count = order.pieces;
                (order, Piece { index, count })
            })
        })
        .collect();
    let labels = super::spread::each(&pieces, |(order, piece)| {
        design(order, *piece, stock.size, stock.dpi, stock.lang)
    })
    .into_iter()
    .collect::<Result<Vec<_>, _>>()?;
    let Some((width_mm, height_mm)) = stock.size.sheet() else {
        return Ok(labels
            .into_iter()
            .map(|l| Page {
                width_mm: l.width_mm,
                height_mm: l.height_mm,
                dpi: stock.dpi,
                // Label stock goes to thermal printers as ZPL, whose text is the printer's.
                items: l.items.into_iter().map(|i| i.on_dots(stock.dpi)).collect(),
            })
            .collect());
    };
    let per = stock.size.per_page();
    Ok(labels
        .chunks(per)
        .map(|group| {
            let mut items = Vec::new();
            for (slot, label) in group.iter().enumerate() {
                // Whole dots, so the bars stay on the printer's grid.
                let (dx, dy) = stock.size.slot_origin(slot);
                let dpmm = stock.dpi.dots_per_mm();
                let (dx, dy) = (
                    stock.dpi.dots(dx) as f32 / dpmm,
                    stock.dpi.dots(dy) as f32 / dpmm,
                );
                items.extend(label.items.iter().map(|i| i.shifted(dx, dy)));
            }
            Page {
                width_mm,
                height_mm,
                dpi: stock.dpi,
                items,
            }
        })
        .collect())
}
