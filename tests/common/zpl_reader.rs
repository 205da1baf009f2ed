//! Reads back the ZPL the desk writes and draws it into dots as a printer would, so a test can
//! decode what a printer would print and set it beside the preview. It knows the commands the desk
//! sends (`~DY ^XA ^CI ^PW ^LL ^LH ^FO ^FR ^GB ^BY ^BC ^A@ ^FH ^FD ^GF ^FS ^XZ`) and refuses
//! anything else, so a new command in the output has to be taught here first. Code 128 is drawn
//! from the field's own subset invocations by a separate encoder (barcoders, told the sets
//! explicitly). A font field is drawn as a printer draws a downloaded TrueType face: the face the
//! `~DY` download carried (it must be one the desk bundles), scaled so its character block
//! (ascent to descent) is the field's height, its top-left corner at the field's origin; a field
//! naming a face never downloaded is refused, as a printer would print it in another font.

use base64::Engine;
use parcel_desk::label::Dpi;
use parcel_desk::label::font::Face;
use parcel_desk::label::layout::TextLine;
use parcel_desk::label::raster::{Raster, text};
use std::collections::HashMap;
use std::io::Read;

/// One printed label: `width` × `height` dots, true where ink falls.
pub(crate) struct Dots {
    pub width: usize,
    pub height: usize,
    pub ink: Vec<bool>,
}

impl Dots {
    /// 8-bit grey, 0 = ink, for decoders.
    pub(crate) fn luma(&self) -> Vec<u8> {
        self.ink.iter().map(|i| if *i { 0 } else { 255 }).collect()
    }

    /// Marks (or with `reverse`, flips) the dots of a box, clipped to the label.
    fn paint(&mut self, x: usize, y: usize, w: usize, h: usize, reverse: bool) {
        for row in y..(y + h).min(self.height) {
            for col in x..(x + w).min(self.width) {
                let dot = &mut self.ink[row * self.width + col];
                *dot = if reverse { !*dot } else { true };
            }
        }
    }
}

#[derive(Default)]
struct Field {
    x: usize,
    y: usize,
    reverse: bool,
    barcode_height: Option<usize>,
    escapes: Option<char>,
    /// `^A@`: the face and the character block's height in dots.
    font: Option<(Face, u32)>,
}

fn numbers(params: &str) -> Vec<usize> {
    params
        .split(',')
        .map(|p| p.trim().parse().unwrap_or(0))
        .collect()
}

/// The commands of a stream: each with its prefix (`^` or `~`), its two-letter name and its
/// parameters. Nothing the desk sends has either prefix inside a parameter (text escapes them).
fn commands(zpl: &str) -> Vec<(char, &str, &str)> {
    let starts: Vec<usize> = zpl.match_indices(['^', '~']).map(|(i, _)| i).collect();
    let mut out = Vec::new();
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(zpl.len());
        let prefix = zpl[start..].chars().next().unwrap_or('^');
        let body = zpl[start + 1..end].trim_end_matches(['\n', '\r']);
        let cut = body.char_indices().nth(2).map_or(body.len(), |(i, _)| i);
        let (name, params) = body.split_at(cut);
        out.push((prefix, name, params));
    }
    out
}

/// Every label in `zpl`, drawn by a printer of this resolution.
pub(crate) fn read(zpl: &str, dpi: Dpi) -> Result<Vec<Dots>, String> {
    let mut labels = Vec::new();
    let (mut width, mut height) = (0usize, 0usize);
    let mut page: Option<Dots> = None;
    let mut field = Field::default();
    let mut module = 2usize;
    let mut fonts: HashMap<String, Face> = HashMap::new();
    if !zpl.trim_start().starts_with(['^', '~']) {
        return Err("text before the first command".into());
    }
    for (prefix, name, params) in commands(zpl) {
        if prefix == '~' {
            if name != "DY" {
                return Err(format!("a command the desk never sends: ~{name}"));
            }
            let (file, face) = download(params)?;
            fonts.insert(file, face);
            continue;
        }
        match name {
            "XA" => {
                page = None;
                field = Field::default();
            }
            "CI" | "LH" => {}
            "PW" => width = numbers(params)[0],
            "LL" => height = numbers(params)[0],
            "FO" => {
                let n = numbers(params);
                field.x = n[0];
                field.y = n.get(1).copied().unwrap_or(0);
            }
            "FR" => field.reverse = true,
            "FH" => field.escapes = params.chars().next().or(Some('_')),
            "BY" => module = numbers(params)[0],
            "BC" => field.barcode_height = Some(numbers(&params[2..])[0]),
            "GB" => {
                let n = numbers(params);
                let (w, h, thickness) = (n[0], n[1], n[2]);
                let dots = canvas(&mut page, width, height)?;
                if thickness * 2 >= w.min(h) {
                    dots.paint(field.x, field.y, w, h, field.reverse);
                } else {
                    let (x, y, t) = (field.x, field.y, thickness);
                    dots.paint(x, y, w, t, field.reverse);
                    dots.paint(x, y + h - t, w, t, field.reverse);
                    dots.paint(x, y + t, t, h - 2 * t, field.reverse);
                    dots.paint(x + w - t, y + t, t, h - 2 * t, field.reverse);
                }
            }
            "GF" => {
                let dots = canvas(&mut page, width, height)?;
                graphic(dots, &field, params)?;
            }
            "A@" => {
                let parts: Vec<&str> = params.splitn(4, ',').collect();
                let [orientation, h, w, file] = parts[..] else {
                    return Err(format!("a font field the desk never sends: ^A@{params}"));
                };
                if orientation != "N" || h != w {
                    return Err(format!("a font field turned or stretched: ^A@{params}"));
                }
                let face = *fonts
                    .get(file)
                    .ok_or_else(|| format!("the face {file} was never downloaded"))?;
                let h: u32 = h.parse().map_err(|_| format!("height {h}"))?;
                field.font = Some((face, h));
            }
            "FD" if let Some((face, h)) = field.font => {
                let line = unescape(params, field.escapes)?;
                let dots = canvas(&mut page, width, height)?;
                draw_text(dots, &field, face, h, &line, dpi);
            }
            "FD" => {
                let Some(bar_height) = field.barcode_height else {
                    return Err(format!("a text field the desk never sends: {params}"));
                };
                let plan = code128_plan(params, field.escapes)?;
                let bars = barcoders::sym::code128::Code128::new(&plan)
                    .map_err(|e| format!("Code 128 {plan:?}: {e}"))?
                    .encode();
                let dots = canvas(&mut page, width, height)?;
                for (i, bar) in bars.iter().enumerate() {
                    if *bar == 1 {
                        dots.paint(field.x + i * module, field.y, module, bar_height, false);
                    }
                }
            }
            "FS" => field = Field::default(),
            "XZ" => labels.push(page.take().ok_or("an empty label")?),
            other => return Err(format!("a command the desk never sends: ^{other}")),
        }
    }
    Ok(labels)
}

fn canvas(page: &mut Option<Dots>, width: usize, height: usize) -> Result<&mut Dots, String> {
    if width == 0 || height == 0 {
        return Err("drawing before ^PW and ^LL".into());
    }
    Ok(page.get_or_insert_with(|| Dots {
        width,
        height,
        ink: vec![false; width * height],
    }))
}

/// `~DYE:NAME.TTF,A,T,size,,:Z64:data:crc`: the file's name and which bundled face it carries.
fn download(params: &str) -> Result<(String, Face), String> {
    let parts: Vec<&str> = params.splitn(6, ',').collect();
    let [file, "A", "T", size, "", data] = parts[..] else {
        return Err(format!(
            "a download the desk never sends: ~DY{}",
            &params[..params.len().min(40)]
        ));
    };
    let bytes = z64_bytes(data)?;
    if size.parse::<usize>().ok() != Some(bytes.len()) {
        return Err(format!("{} bytes where {size} were announced", bytes.len()));
    }
    let face = [Face::Regular, Face::Bold]
        .into_iter()
        .find(|f| f.bytes() == bytes.as_slice())
        .ok_or("a face the desk does not bundle")?;
    Ok((file.to_string(), face))
}

/// A field's text with its `_XX` escapes read (each one byte of UTF-8).
fn unescape(data: &str, escape: Option<char>) -> Result<String, String> {
    let mut bytes = Vec::new();
    let mut chars = data.chars();
    while let Some(c) = chars.next() {
        if Some(c) == escape {
            let hex: String = chars.by_ref().take(2).collect();
            bytes.push(u8::from_str_radix(&hex, 16).map_err(|_| format!("escape {hex}"))?);
        } else {
            let mut buf = [0u8; 4];
            bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// A line in a downloaded face, as the printer sets it: the block `h` dots high with its top-left
/// corner at the field's origin; a dot is inked where the glyphs cover at least half of it (or,
/// reversed, flipped).
fn draw_text(dots: &mut Dots, field: &Field, face: Face, h: u32, line: &str, dpi: Dpi) {
    let dpmm = dpi.dots_per_mm();
    let size_mm = TextLine::size_for_block(face, h, dpi);
    let top = field.y as f32 / dpmm;
    let t = TextLine {
        x: field.x as f32 / dpmm,
        baseline: top + face.ascent_em() * size_mm,
        size_mm,
        face,
        text: line.to_string(),
        inverse: false,
    };
    let mut alone = Raster::blank(dots.width as u32, dots.height as u32, dpi);
    text(&mut alone, &t, 0.0, 0.0);
    for (i, p) in alone.pixels.iter().enumerate() {
        if *p < 128 {
            let (x, y) = (i % dots.width, i / dots.width);
            dots.paint(x, y, 1, 1, field.reverse);
        }
    }
}

/// The bytes of `:Z64:data:crc` (zlib under base 64, the CRC-16 of the base 64 text).
fn z64_bytes(data: &str) -> Result<Vec<u8>, String> {
    let z64 = data.strip_prefix(":Z64:").ok_or("not Z64")?;
    let (text, crc) = z64.rsplit_once(':').ok_or("no CRC")?;
    if crc.len() != 4 || u16::from_str_radix(crc, 16).ok() != Some(crc16(text.as_bytes())) {
        return Err("a CRC that does not match".into());
    }
    let deflated = base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    flate2::read::ZlibDecoder::new(&deflated[..])
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// `^GFA,total,total,row bytes,:Z64:data:crc`, drawn at the field's origin.
fn graphic(dots: &mut Dots, field: &Field, params: &str) -> Result<(), String> {
    let parts: Vec<&str> = params.splitn(5, ',').collect();
    if parts.len() != 5 || parts[0] != "A" {
        return Err(format!("an unknown graphic: ^GF{params}"));
    }
    let total: usize = parts[1].parse().map_err(|_| "total")?;
    let row_bytes: usize = parts[3].parse().map_err(|_| "row bytes")?;
    let bytes = z64_bytes(parts[4])?;
    if bytes.len() != total || row_bytes == 0 {
        return Err(format!(
            "{} bytes where {total} were announced",
            bytes.len()
        ));
    }
    for (row, line) in bytes.chunks(row_bytes).enumerate() {
        for col in 0..row_bytes * 8 {
            if line[col / 8] & (0x80 >> (col % 8)) != 0 {
                dots.paint(field.x + col, field.y + row, 1, 1, field.reverse);
            }
        }
    }
    Ok(())
}

/// CRC-16/XMODEM, written here again from its definition: the message, most significant bit
/// first, divided by x^16 + x^12 + x^5 + 1 from a zero register.
fn crc16(bytes: &[u8]) -> u16 {
    let bits = bytes
        .iter()
        .flat_map(|b| (0..8).rev().map(move |i| (b >> i) & 1 == 1));
    let mut register = 0u16;
    for bit in bits {
        let feedback = (register & 0x8000 != 0) != bit;
        register <<= 1;
        if feedback {
            register ^= 0x1021;
        }
    }
    register
}

/// The field's subset invocations (`>;` start C, `>:` start B, `>5` to C, `>6` to B, `><` a
/// `>`; `_XX` a character by its hex code) as barcoders' set markers (Ć = C, Ɓ = B).
fn code128_plan(data: &str, escape: Option<char>) -> Result<String, String> {
    let mut plan = String::new();
    let mut chars = data.chars().peekable();
    while let Some(c) = chars.next() {
        if Some(c) == escape {
            let hex: String = chars.by_ref().take(2).collect();
            let code = u8::from_str_radix(&hex, 16).map_err(|_| format!("escape {hex}"))?;
            plan.push(code as char);
            continue;
        }
        if c != '>' {
            plan.push(c);
            continue;
        }
        match chars.next() {
            Some(';' | '5') => plan.push('Ć'),
            Some(':' | '6') => plan.push('Ɓ'),
            Some('<') => plan.push('>'),
            other => return Err(format!("an invocation the desk never sends: >{other:?}")),
        }
    }
    Ok(plan)
}
