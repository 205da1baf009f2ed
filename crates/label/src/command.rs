//! `parcel-desk label`: labels from the JSON records the service returned, for scripts and
//! integrators, through the same layout and renderers the desk prints with.

use super::export::{Format, Rendered, render};
use super::order::LabelOrder;
use super::receipt::ReceiptWidth;
use super::sheet::{Stock, pages};
use super::size::{Dpi, LabelSize};
use api::codes::Language;
use std::path::PathBuf;

/// The command's arguments (parsed by clap in `main`).
#[derive(Debug, clap::Args)]
pub struct LabelArgs {
    /// An order record as JSON (the whole answer or its `data`); repeat for several.
    #[arg(long = "order", required = true)]
    pub orders: Vec<PathBuf>,
    /// pdf, zpl or png (PNG writes one file a page when there are several).
    #[arg(long, default_value = "pdf")]
    pub format: Format,
    /// 100x150, 100x100, 58mm or a4 (four labels a sheet).
    #[arg(long, default_value = "100x150")]
    pub size: LabelSize,
    /// Printer resolution the bars and modules are sized for: 203 or 300.
    #[arg(long, default_value = "203")]
    pub dpi: Dpi,
    /// Language of the label's captions: uz, ru or en.
    #[arg(long, default_value = "uz", value_parser = parse_language)]
    pub lang: Language,
    /// The public tracking page (e.g. https://example.uz/track), for records without a tracking
    /// link (the legacy detail).
    #[arg(long)]
    pub tracking_page: Option<url::Url>,
    /// Where to write the labels.
    #[arg(long)]
    pub out: PathBuf,
    /// ZPL only: put the label's two faces (about 1 MB of `~DY` font downloads) ahead of the
    /// labels. Without it the file holds the labels alone, for a printer that already has the
    /// faces (the desk sends them once to each printer it prints to, and the printer keeps them
    /// in flash); a printer that never received them needs one file made with --with-fonts once.
    #[arg(long)]
    pub with_fonts: bool,
    /// Write the sender's receipt of each order instead of its label, for a roll of this width:
    /// 58 or 80 (mm). As PDF (a page a receipt), PNG, or with --escpos the bytes a raw receipt
    /// printer takes.
    #[arg(long, value_parser = parse_width)]
    pub receipt: Option<ReceiptWidth>,
    /// With --receipt: ESC/POS for a receipt printer instead of --format.
    #[arg(long, requires = "receipt")]
    pub escpos: bool,
    /// With --receipt: the shop that heads it (its name, then optionally its phone and address).
    #[arg(long, requires = "receipt")]
    pub shop_name: Option<String>,
    #[arg(long, requires = "receipt")]
    pub shop_phone: Option<String>,
    #[arg(long, requires = "receipt")]
    pub shop_address: Option<String>,
    /// With --receipt: the line the sender signs under.
    #[arg(long, requires = "receipt")]
    pub agreement: Option<String>,
}

fn parse_width(s: &str) -> Result<ReceiptWidth, String> {
    match s.trim().trim_end_matches("mm").trim() {
        "58" => Ok(ReceiptWidth::Mm58),
        "80" => Ok(ReceiptWidth::Mm80),
        other => Err(format!("a receipt roll is 58 or 80 mm, not {other:?}")),
    }
}

fn parse_language(s: &str) -> Result<Language, String> {
    Language::parse(s).ok_or_else(|| format!("unknown language {s:?}: use uz, ru or en"))
}

/// Writes the labels; returns what was written, one line a file, for the terminal. All files or
/// none: a run that fails leaves no output behind.
pub fn run(args: &LabelArgs) -> Result<Vec<String>, String> {
    let mut orders = Vec::new();
    let mut texts = Vec::new();
    for path in &args.orders {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        texts.push(text.clone());
        let mut order =
            LabelOrder::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        printable(&order).map_err(|e| format!("{}: {e}", path.display()))?;
        if order.tracking.is_none()
            && let Some(page) = &args.tracking_page
        {
            order.tracking = Some(api::tracking::tracking_link(
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
    if let Some(width) = args.receipt {
        let run = super::command_receipt::ReceiptRun {
            records: &args.orders,
            out: &args.out,
            format: args.format,
            escpos: args.escpos,
            lang: args.lang,
            shop_name: args.shop_name.as_deref(),
            shop_phone: args.shop_phone.as_deref(),
            shop_address: args.shop_address.as_deref(),
            agreement: args.agreement.as_deref(),
        };
        return super::command_receipt::write(&run, &orders, &texts, width);
    }
    let stock = Stock {
        size: args.size,
        dpi: args.dpi,
        lang: args.lang,
    };
    let rendered = render(&orders, stock, args.format).map_err(|e| {
        // Name the record the layout refused, when one alone is refused.
        let culprit = orders
            .iter()
            .zip(&args.orders)
            .find(|(o, _)| pages(std::slice::from_ref(*o), stock).is_err());
        match culprit {
            Some((_, path)) => format!("{}: {e}", path.display()),
            None => e.to_string(),
        }
    })?;
    let zpl_with_fonts;
    let files: Vec<(PathBuf, &[u8])> = match &rendered {
        Rendered::Png(pages) if pages.len() > 1 => pages
            .iter()
            .enumerate()
            .map(|(i, png)| (super::staged::numbered(&args.out, i + 1), png.as_slice()))
            .collect(),
        Rendered::Zpl(labels) if args.with_fonts => {
            zpl_with_fonts = [super::zpl::font_download(), labels.as_str()].concat();
            vec![(args.out.clone(), zpl_with_fonts.as_bytes())]
        }
        other => vec![(args.out.clone(), other.single_file().unwrap_or_default())],
    };
    super::staged::write_all(&files)?;
    Ok(files
        .iter()
        .map(|(path, _)| path.display().to_string())
        .collect())
}

/// What a record must say for its label to mean anything: the order's id the service gave
/// (above zero) and the barcode the bars carry.
fn printable(order: &LabelOrder) -> Result<(), String> {
    if order.order_id <= 0 {
        return Err(format!(
            "the order id is {}: a created order's id is above zero",
            order.order_id
        ));
    }
    if order.barcode.trim().is_empty() {
        return Err("the record has no barcode".into());
    }
    Ok(())
}
