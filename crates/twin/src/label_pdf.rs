//! The twin's stand-in for the service's sticker: a one-page 100×150 mm PDF written by hand
//! (standard Helvetica, text only) so that `labelSticker` links and `labelEncode` content are
//! real PDF files. Parcel Desk renders its own labels; this only has to be a valid sticker.

use super::model::Order;
use super::seed::Seed;

const MM: f64 = 72.0 / 25.4;

/// Helvetica with WinAnsi covers Latin-1 only: the apostrophes of oʻ/gʻ become ', others ?.
fn pdf_text(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\u{02BB}' | '\u{02BC}' | '\u{2018}' | '\u{2019}' => out.push('\''),
            '(' | ')' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_ascii() && !c.is_ascii_control() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

pub(crate) fn render(seed: &Seed, base: &str, o: &Order) -> Vec<u8> {
    render_many(seed, base, std::slice::from_ref(o))
}

/// One page per order.
pub(crate) fn render_many(seed: &Seed, base: &str, orders: &[Order]) -> Vec<u8> {
    let (w, h) = (100.0 * MM, 150.0 * MM);
    let mut objects: Vec<String> = Vec::new();
    // 1 catalog, 2 pages, 3 font, then page/content pairs.
    let n = orders.len().max(1);
    let kids: Vec<String> = (0..n).map(|i| format!("{} 0 R", 4 + i * 2)).collect();
    objects.push("<< /Type /Catalog /Pages 2 0 R >>".into());
    objects.push(format!(
        "<< /Type /Pages /Kids [{}] /Count {} >>",
        kids.join(" "),
        n
    ));
    objects.push(
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".into(),
    );
    for (i, o) in orders.iter().enumerate() {
        let city = |id: i64| seed.city(id).map(|c| c.name.uz.clone()).unwrap_or_default();
        let lines = [
            (18.0, format!("Barcode {}", o.barcode)),
            (11.0, format!("Order {}", o.id)),
            (
                11.0,
                format!("To: {}  {}", o.body.receiver.name, o.body.receiver.phone),
            ),
            (
                11.0,
                format!(
                    "{}, {}",
                    city(o.body.receiver.city_id),
                    o.body.receiver.address
                ),
            ),
            (
                11.0,
                format!(
                    "From: {}  {}",
                    o.body.sender.name,
                    city(o.body.sender.city_id)
                ),
            ),
            (
                11.0,
                format!("Weight {} kg  Pieces {}", o.body.weight, o.body.piece),
            ),
            (11.0, format!("Cost {} sum", o.cost.0)),
            (8.0, super::world::tracking_link(base, o.id, &o.barcode)),
        ];
        let mut content = String::from("0.5 w 10 10 m 273.5 10 l 273.5 415 l 10 415 l h S\nBT\n");
        let mut y = h - 40.0;
        for (size, text) in lines {
            content.push_str(&format!(
                "/F1 {size} Tf 1 0 0 1 20 {y:.1} Tm ({}) Tj\n",
                pdf_text(&text)
            ));
            y -= size * 1.8;
        }
        content.push_str("ET\n");
        objects.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w:.2} {h:.2}] /Contents {} 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
            5 + i * 2
        ));
        objects.push(format!(
            "<< /Length {} >>\nstream\n{}endstream",
            content.len(),
            content
        ));
    }
    let mut pdf = String::from("%PDF-1.4\n");
    let mut offsets = Vec::new();
    for (i, obj) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.push_str(&format!("{} 0 obj\n{}\nendobj\n", i + 1, obj));
    }
    let xref = pdf.len();
    pdf.push_str(&format!(
        "xref\n0 {}\n0000000000 65535 f \n",
        objects.len() + 1
    ));
    for off in offsets {
        pdf.push_str(&format!("{off:010} 00000 n \n"));
    }
    pdf.push_str(&format!(
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{}\n%%EOF\n",
        objects.len() + 1,
        xref
    ));
    pdf.into_bytes()
}
