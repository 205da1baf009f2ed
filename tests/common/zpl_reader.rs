//! Reads back the ZPL the desk writes and draws it into dots as a printer would, so a test can
//! decode what a printer would print and set it beside the preview. It knows the commands the desk
//! sends (`^XA ^CI ^PW ^LL ^LH ^FO ^FR ^GB ^BY ^BC ^FH ^FD ^GF ^FS ^XZ`) and refuses anything else,
//! so a new command in the output has to be taught here first. Code 128 is drawn from the field's
//! own subset invocations by a separate encoder (barcoders, told the sets explicitly).

use base64::Engine;
use std::io::Read;

/// One printed label: `width` × `height` dots, true where ink falls.
pub struct Dots {
    pub width: usize,
    pub height: usize,
    pub ink: Vec<bool>,
}

impl Dots {
    /// 8-bit grey, 0 = ink, for decoders.
    pub fn luma(&self) -> Vec<u8> {
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
}

fn numbers(params: &str) -> Vec<usize> {
    params
        .split(',')
        .map(|p| p.trim().parse().unwrap_or(0))
        .collect()
}

/// Every label in `zpl`, drawn.
pub fn read(zpl: &str) -> Result<Vec<Dots>, String> {
    let mut labels = Vec::new();
    let (mut width, mut height) = (0usize, 0usize);
    let mut page: Option<Dots> = None;
    let mut field = Field::default();
    let mut module = 2usize;
    for command in zpl.split('^').skip(1) {
        let command = command.trim_end_matches(['\n', '\r']);
        let (name, params) = command.split_at(2.min(command.len()));
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

/// `^GFA,total,total,row bytes,:Z64:data:crc`, drawn at the field's origin.
fn graphic(dots: &mut Dots, field: &Field, params: &str) -> Result<(), String> {
    let parts: Vec<&str> = params.splitn(5, ',').collect();
    if parts.len() != 5 || parts[0] != "A" {
        return Err(format!("an unknown graphic: ^GF{params}"));
    }
    let total: usize = parts[1].parse().map_err(|_| "total")?;
    let row_bytes: usize = parts[3].parse().map_err(|_| "row bytes")?;
    let z64 = parts[4].strip_prefix(":Z64:").ok_or("not Z64")?;
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
