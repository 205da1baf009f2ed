//! Pages as ZPL for thermal printers at 203 or 300 dpi. The barcode is the printer's own Code 128
//! (`^BC`, set C invoked explicitly, module width from the layout), so bars are as crisp as the
//! head allows. Text and the QR are sent as graphics (`^GFA`, ZPL's ASCII compression) drawn from
//! the bundled font: printer fonts lack Uzbek letters (ʻ ў қ ғ ҳ) and measure differently, and a
//! graphic prints exactly what the preview showed. `^CI28` declares UTF-8 for every field.

use super::layout::{Area, Bars, Item, Page, QrBlock};
use super::raster::{Raster, text_alone};
use super::size::Dpi;
use super::symbols::{CodeSet, code128_segments};
use std::fmt::Write;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ZplError {
    #[error("ZPL is for label printers; print A4 sheets as PDF")]
    SheetNotLabel,
}

/// One ZPL stream: a `^XA … ^XZ` format per page.
pub fn render_zpl(pages: &[Page]) -> Result<String, ZplError> {
    let mut out = String::new();
    for page in pages {
        if page.width_mm > 110.0 {
            return Err(ZplError::SheetNotLabel);
        }
        page_zpl(&mut out, page);
    }
    Ok(out)
}

fn page_zpl(out: &mut String, page: &Page) {
    let d = page.dpi;
    let _ = write!(
        out,
        "^XA\n^CI28\n^PW{}\n^LL{}\n^LH0,0\n",
        d.dots(page.width_mm),
        d.dots(page.height_mm)
    );
    for item in &page.items {
        match item {
            Item::Fill(a) => fill(out, a, d),
            Item::Text(t) => {
                let (r, x, y) = text_alone(t, d);
                let reverse = if t.inverse { "^FR" } else { "" };
                let _ = writeln!(out, "^FO{x},{y}{reverse}{}^FS", graphic(&r, |p| p < 128));
            }
            Item::Barcode(b) => bars(out, b, d),
            Item::Qr(q) => qr(out, q, d),
        }
    }
    out.push_str("^XZ\n");
}

fn fill(out: &mut String, a: &Area, d: Dpi) {
    let (x, y) = (d.dots(a.x), d.dots(a.y));
    let w = (d.dots(a.x + a.w) - x).max(1);
    let h = (d.dots(a.y + a.h) - y).max(1);
    let _ = writeln!(out, "^FO{x},{y}^GB{w},{h},{},B,0^FS", w.min(h));
}

/// The `^FD` content for `^BC` in no-mode: the layout's set plan as subset invocations
/// (`>;` start C, `>:` start B, `>5` switch to C, `>6` switch to B).
pub fn barcode_field(data: &str) -> String {
    let mut f = String::new();
    for (i, (set, part)) in code128_segments(data)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        f.push_str(match (i, set) {
            (0, CodeSet::C) => ">;",
            (0, CodeSet::B) => ">:",
            (_, CodeSet::C) => ">5",
            (_, CodeSet::B) => ">6",
        });
        for c in part.chars() {
            match c {
                '>' => f.push_str("><"),
                '^' | '~' | '_' => {
                    let _ = write!(f, "_{:02X}", c as u32);
                }
                c if c.is_ascii() => f.push(c),
                _ => {}
            }
        }
    }
    f
}

fn bars(out: &mut String, b: &Bars, d: Dpi) {
    let h = d.dots(b.height);
    let _ = writeln!(
        out,
        "^FO{},{}^BY{},3,{h}^BCN,{h},N,N,N,N^FH_^FD{}^FS",
        d.dots(b.x),
        d.dots(b.y),
        b.dots_per_module,
        barcode_field(&b.data)
    );
}

fn qr(out: &mut String, q: &QrBlock, d: Dpi) {
    let m = q.dots_per_module as usize;
    let side = (q.width * m) as u32;
    let mut r = Raster::blank(side, side, d);
    for row in 0..q.width {
        for (start, count) in q.row_runs(row) {
            for y in row * m..(row + 1) * m {
                let line = y * side as usize;
                r.pixels[line + start * m..line + (start + count) * m].fill(0);
            }
        }
    }
    let _ = writeln!(
        out,
        "^FO{},{}{}^FS",
        d.dots(q.x),
        d.dots(q.y),
        graphic(&r, |p| p < 128)
    );
}

/// `^GFA` of a raster: dots where `ink` holds are printed; rows compressed with ZPL's scheme
/// (repeat counts G–Y = 1–19, g–z = 20–400; `,` = zeros to the row's end; `:` = same row again).
fn graphic(r: &Raster, ink: impl Fn(u8) -> bool) -> String {
    let row_bytes = (r.width as usize).div_ceil(8);
    let total = row_bytes * r.height as usize;
    let mut data = String::new();
    let mut previous: Option<Vec<u8>> = None;
    for y in 0..r.height {
        let mut row = vec![0u8; row_bytes];
        for x in 0..r.width {
            if ink(r.get(x, y)) {
                row[x as usize / 8] |= 0x80 >> (x % 8);
            }
        }
        if previous.as_ref() == Some(&row) {
            data.push(':');
            continue;
        }
        compress_row(&mut data, &row);
        previous = Some(row);
    }
    format!("^GFA,{total},{total},{row_bytes},{data}")
}

fn compress_row(out: &mut String, row: &[u8]) {
    let mut hex: Vec<u8> = Vec::with_capacity(row.len() * 2);
    for b in row {
        hex.extend_from_slice(format!("{b:02X}").as_bytes());
    }
    let end = hex.iter().rposition(|c| *c != b'0').map_or(0, |i| i + 1);
    let mut i = 0;
    while i < end {
        let c = hex[i];
        let mut n = 1;
        while i + n < end && hex[i + n] == c {
            n += 1;
        }
        i += n;
        while n > 0 {
            let chunk = n.min(419);
            if chunk > 1 {
                repeat_count(out, chunk);
            }
            out.push(c as char);
            n -= chunk;
        }
    }
    if end < hex.len() {
        out.push(',');
    }
}

fn repeat_count(out: &mut String, n: usize) {
    let (twenties, ones) = (n / 20, n % 20);
    if twenties > 0 {
        out.push((b'g' + twenties as u8 - 1) as char);
    }
    if ones > 0 {
        out.push((b'G' + ones as u8 - 1) as char);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Expands ZPL's ASCII compression back into rows of hex, for checking what was sent.
    pub fn expand(data: &str, row_bytes: usize) -> Vec<String> {
        let width = row_bytes * 2;
        let mut rows: Vec<String> = Vec::new();
        let mut row = String::new();
        let mut count = 0usize;
        for c in data.chars() {
            match c {
                'G'..='Y' => count += (c as u8 - b'G' + 1) as usize,
                'g'..='z' => count += (c as u8 - b'g' + 1) as usize * 20,
                ',' => {
                    while row.len() < width {
                        row.push('0');
                    }
                }
                ':' => {
                    let last = rows.last().cloned().unwrap_or_else(|| "0".repeat(width));
                    rows.push(last);
                    continue;
                }
                _ => {
                    for _ in 0..count.max(1) {
                        row.push(c);
                    }
                    count = 0;
                }
            }
            if row.len() >= width {
                rows.push(std::mem::take(&mut row));
            }
        }
        rows
    }

    #[test]
    fn rows_compress_and_expand_to_the_same_dots() {
        let mut r = Raster::blank(100, 3, Dpi::D203);
        for x in 10..60 {
            r.pixels[x] = 0;
            r.pixels[100 + x] = 0;
        }
        r.pixels[2 * 100 + 99] = 0;
        let g = graphic(&r, |p| p < 128);
        let parts: Vec<&str> = g.splitn(5, ',').collect();
        assert_eq!(&parts[..4], &["^GFA", "39", "39", "13"]);
        let rows = expand(parts[4], 13);
        assert_eq!(rows.len(), 3);
        assert_eq!(
            rows[0],
            format!("003F{}F0{}", "FF".repeat(5), "00".repeat(5))
        );
        assert_eq!(rows[0], rows[1]);
        assert_eq!(rows[2], format!("{}10", "00".repeat(12)));
        assert!(parts[4].contains(':'));
    }

    #[test]
    fn barcode_fields_start_in_set_c() {
        assert_eq!(barcode_field("019914293640"), ">;019914293640");
        assert_eq!(barcode_field("12345"), ">;1234>65");
        assert_eq!(barcode_field("A>^1"), ">:A><_5E1");
    }
}
