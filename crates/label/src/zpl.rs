//! Pages as ZPL for thermal printers at 203 or 300 dpi. The barcode is the printer's own Code 128
//! (`^BC`, set C invoked explicitly, module width from the layout), so bars are as crisp as the
//! head allows. Text leaves as text (`^A@`, UTF-8 by `^CI28`) in the label's own faces: the
//! printer's fonts lack Uzbek letters (ʻ ў қ ғ ҳ) and measure differently, so the two bundled
//! DejaVu faces are downloaded to the printer's memory once ([`font_download`], `~DY`) and every
//! field names them. A field's character block is the layout's, on whole dots
//! ([`TextLine::on_dots`]), so the printer sets each line where the preview shows it. The QR
//! leaves as a graphic (`^GFA`, deflated as `:Z64:`), module for module the preview's.

use super::font::Face;
use super::layout::{Area, Bars, Item, Page, QrBlock, TextLine};
use super::raster::Raster;
use super::size::Dpi;
use super::symbols::{CodeSet, code128_segments};
use std::fmt::Write;
use std::sync::OnceLock;

/// The widest page a label printer takes; wider pages are sheets, printed as PDF.
pub const WIDEST_LABEL_MM: f32 = 110.0;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ZplError {
    #[error("ZPL is for label printers; print A4 sheets as PDF")]
    SheetNotLabel,
}

/// One ZPL stream: a `^XA … ^XZ` format per page.
pub fn render_zpl(pages: &[Page]) -> Result<String, ZplError> {
    if pages.iter().any(|p| p.width_mm > WIDEST_LABEL_MM) {
        return Err(ZplError::SheetNotLabel);
    }
    let formats = super::spread::each(pages, |page| {
        let mut one = String::new();
        page_zpl(&mut one, page);
        one
    });
    Ok(formats.concat())
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
            Item::Text(t) => text(out, t, d),
            Item::Barcode(b) => bars(out, b, d),
            Item::Qr(q) => qr(out, q, d),
        }
    }
    out.push_str("^XZ\n");
}

/// A line of text as a font field: its block's top-left corner (`^FO`), reversed on a black box
/// (`^FR`), its face and block height (`^A@`), the text with ZPL's own characters escaped.
fn text(out: &mut String, t: &TextLine, d: Dpi) {
    let dpmm = d.dots_per_mm();
    let top = t.baseline - t.face.ascent_em() * t.size_mm;
    let (x, y) = ((t.x * dpmm).round() as i64, (top * dpmm).round() as i64);
    let h = (t.block_dots(d).round() as u32).max(1);
    let reverse = if t.inverse { "^FR" } else { "" };
    let _ = write!(
        out,
        "^FO{x},{y}{reverse}^A@N,{h},{h},{}^FH_^FD",
        font_file(t.face)
    );
    field_text(out, &t.text);
    out.push_str("^FS\n");
}

/// Text as a `^FD` field after `^FH_`: the characters ZPL reads as commands (`^`, `~`) and the
/// escape itself (`_`) as `_XX`; line breaks and other control characters left out.
fn field_text(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '^' | '~' | '_' => {
                let _ = write!(out, "_{:02X}", c as u32);
            }
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

/// Where a face is kept on the printer: its flash memory (`E:`), under a name that carries a
/// check of the face's bytes, so a desk with another face never prints with an old download.
pub fn font_file(face: Face) -> &'static str {
    static NAMES: OnceLock<[String; 2]> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        [Face::Regular, Face::Bold]
            .map(|f| format!("E:PD{}{:04X}.TTF", letter(f), crc16(f.bytes())))
    });
    match face {
        Face::Regular => &names[0],
        Face::Bold => &names[1],
    }
}

fn letter(face: Face) -> char {
    match face {
        Face::Regular => 'R',
        Face::Bold => 'B',
    }
}

/// Both faces as `~DY` downloads (TrueType, deflated `:Z64:`), to send a printer before its
/// first label from this desk: about a megabyte, made once per run. The printer keeps them in
/// flash, so a restart of the printer does not lose them.
pub fn font_download() -> &'static str {
    static DOWNLOAD: OnceLock<String> = OnceLock::new();
    DOWNLOAD.get_or_init(|| {
        let mut out = String::new();
        for face in [Face::Regular, Face::Bold] {
            let bytes = face.bytes();
            let _ = writeln!(
                out,
                "~DY{},A,T,{},,{}",
                font_file(face),
                bytes.len(),
                z64(bytes)
            );
        }
        out
    })
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

/// `^GFA` of a raster: dots where `ink` holds are printed. The rows are packed eight dots a byte,
/// deflated and sent as `:Z64:` (base 64 of the zlib stream, then its CRC): a third of the bytes of
/// ZPL's ASCII run-length scheme, and no per-byte hex formatting.
fn graphic(r: &Raster, ink: impl Fn(u8) -> bool) -> String {
    let row_bytes = (r.width as usize).div_ceil(8);
    let total = row_bytes * r.height as usize;
    let mut packed = vec![0u8; total];
    for (row, pixels) in packed
        .chunks_exact_mut(row_bytes)
        .zip(r.pixels.chunks_exact(r.width as usize))
    {
        for (x, p) in pixels.iter().enumerate() {
            if ink(*p) {
                row[x / 8] |= 0x80 >> (x % 8);
            }
        }
    }
    format!("^GFA,{total},{total},{row_bytes},{}", z64(&packed))
}

/// `:Z64:` data: zlib-deflated, base 64 (standard alphabet, padded), and the CRC-16 of the base 64
/// text as four hex digits.
pub fn z64(bytes: &[u8]) -> String {
    use base64::Engine;
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(bytes.len() / 3),
        flate2::Compression::new(6),
    );
    // Writing to memory cannot fail.
    let deflated = z
        .write_all(bytes)
        .and_then(|()| z.finish())
        .unwrap_or_default();
    let text = base64::engine::general_purpose::STANDARD.encode(deflated);
    let crc = crc16(text.as_bytes());
    format!(":Z64:{text}:{crc:04X}")
}

/// CRC-16/XMODEM (polynomial 0x1021, start 0), the check ZPL puts after base 64 data.
fn crc16(bytes: &[u8]) -> u16 {
    let mut crc = 0u16;
    for b in bytes {
        crc ^= u16::from(*b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dots a `^GFA` field carries, unpacked: rows of bytes.
    fn unpack(field: &str) -> (usize, Vec<u8>) {
        let parts: Vec<&str> = field.splitn(5, ',').collect();
        let row_bytes: usize = parts[3].parse().expect("row bytes");
        let data = parts[4].strip_prefix(":Z64:").expect("Z64");
        let (text, crc) = data.rsplit_once(':').expect("CRC");
        assert_eq!(crc, format!("{:04X}", crc16(text.as_bytes())));
        use base64::Engine;
        let deflated = base64::engine::general_purpose::STANDARD
            .decode(text)
            .expect("base 64");
        let mut bytes = Vec::new();
        use std::io::Read;
        flate2::read::ZlibDecoder::new(&deflated[..])
            .read_to_end(&mut bytes)
            .expect("zlib");
        (row_bytes, bytes)
    }

    #[test]
    fn graphics_carry_exactly_the_inked_dots() {
        let mut r = Raster::blank(100, 3, Dpi::D203);
        for x in 10..60 {
            r.pixels[x] = 0;
            r.pixels[100 + x] = 0;
        }
        r.pixels[2 * 100 + 99] = 0;
        let g = graphic(&r, |p| p < 128);
        assert!(g.starts_with("^GFA,39,39,13,:Z64:"), "{g}");
        let (row_bytes, bytes) = unpack(&g);
        assert_eq!(row_bytes, 13);
        assert_eq!(bytes.len(), 39);
        let mut first = [0u8; 13];
        first[1] = 0x3F;
        first[2..7].fill(0xFF);
        first[7] = 0xF0;
        assert_eq!(&bytes[..13], &first[..]);
        assert_eq!(&bytes[13..26], &first[..]);
        let mut last = [0u8; 13];
        last[12] = 0x10;
        assert_eq!(&bytes[26..], &last[..]);
    }

    #[test]
    fn the_check_is_crc16_xmodem() {
        // The catalogue check value of CRC-16/XMODEM.
        assert_eq!(crc16(b"123456789"), 0x31C3);
    }

    #[test]
    fn a_text_field_escapes_what_zpl_reads_as_commands() {
        let mut out = String::new();
        field_text(&mut out, "A^B~C_D\nEʻ\tҚ");
        assert_eq!(out, "A_5EB_7EC_5FDEʻҚ");
    }

    #[test]
    fn barcode_fields_start_in_set_c() {
        assert_eq!(barcode_field("019914293640"), ">;019914293640");
        assert_eq!(barcode_field("12345"), ">;1234>65");
        assert_eq!(barcode_field("A>^1"), ">:A><_5E1");
    }
}
