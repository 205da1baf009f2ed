//! `parcel-desk label --receipt`: the sender's receipt of each order record, for an integrator
//! who prints receipts without the window. The same receipt the desk prints (`receipt`,
//! `escpos`), from the same records the label command reads; the price paid is the record's
//! cost, the moment is now (the counter's clock), the shop is named on the command line.

use super::escpos::receipt_bytes;
use super::export::Format;
use super::order::LabelOrder;
use super::receipt::{Receipt, ReceiptWidth, ShopLine, pages};
use super::staged::numbered;
use api::Sum;
use std::path::PathBuf;

/// What the command was asked for a receipt run (its arguments, as the label command read them).
pub(crate) struct ReceiptRun<'a> {
    pub records: &'a [PathBuf],
    pub out: &'a PathBuf,
    pub format: Format,
    pub escpos: bool,
    pub lang: api::codes::Language,
    pub shop_name: Option<&'a str>,
    pub shop_phone: Option<&'a str>,
    pub shop_address: Option<&'a str>,
    pub agreement: Option<&'a str>,
}

/// Writes the receipts (all files or none); what was written, a line a file.
pub(crate) fn write(
    args: &ReceiptRun<'_>,
    orders: &[LabelOrder],
    texts: &[String],
    width: ReceiptWidth,
) -> Result<Vec<String>, String> {
    let named = |s: Option<&str>| {
        s.map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let shop = ShopLine {
        name: named(args.shop_name).unwrap_or_default(),
        phone: named(args.shop_phone),
        address: named(args.shop_address),
    };
    let now = chrono::Utc::now().with_timezone(&text_zone()).naive_local();
    let mut receipts = Vec::with_capacity(orders.len());
    for ((order, text), path) in orders.iter().zip(texts).zip(args.records) {
        let paid = paid_of(text).ok_or_else(|| {
            format!(
                "{}: the record has no cost to print as paid",
                path.display()
            )
        })?;
        let r = Receipt::of(order, shop.clone(), now, paid);
        receipts.push(match args.agreement {
            Some(a) => r.with_agreement(a),
            None => r,
        });
    }
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    if args.escpos {
        let bytes = receipts
            .iter()
            .flat_map(|r| receipt_bytes(r, width, args.lang))
            .collect();
        files.push((args.out.clone(), bytes));
    } else {
        let drawn: Vec<_> = receipts
            .iter()
            .map(|r| pages(r, width, args.lang))
            .collect();
        match args.format {
            Format::Pdf => {
                let pdf = super::pdf::render_pdf(&drawn, "receipts").map_err(|e| e.to_string())?;
                files.push((args.out.clone(), pdf));
            }
            Format::Png => {
                for (i, page) in drawn.iter().enumerate() {
                    let png = super::raster::rasterize(page)
                        .to_png()
                        .map_err(|e| e.to_string())?;
                    let path = match drawn.len() {
                        1 => args.out.clone(),
                        _ => numbered(args.out, i + 1),
                    };
                    files.push((path, png));
                }
            }
            Format::Zpl => {
                return Err(
                    "a receipt is written as PDF, PNG or ESC/POS (--escpos), not ZPL".into(),
                );
            }
        }
    }
    let borrowed: Vec<(PathBuf, &[u8])> = files
        .iter()
        .map(|(p, b)| (p.clone(), b.as_slice()))
        .collect();
    super::staged::write_all(&borrowed)?;
    Ok(files.iter().map(|(p, _)| p.display().to_string()).collect())
}

/// The counter's time zone (the receipt says the time the sender reads on the wall).
fn text_zone() -> chrono::FixedOffset {
    use chrono::Offset;
    // Uzbekistan keeps UTC+5 all year.
    chrono::FixedOffset::east_opt(5 * 3600).unwrap_or_else(|| chrono::Utc.fix())
}

/// The record's cost (`cost`, a number or a decimal string; in the record or its `data`).
fn paid_of(text: &str) -> Option<Sum> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let record = v.get("data").filter(|d| d.is_object()).unwrap_or(&v);
    match record.get("cost")? {
        serde_json::Value::String(s) => Sum::parse(s),
        serde_json::Value::Number(n) => n
            .as_i64()
            .map(Sum)
            .or_else(|| n.as_f64().map(|f| Sum(f.round() as i64))),
        _ => None,
    }
}
