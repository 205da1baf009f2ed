//! The sender's receipt for a raw receipt printer, as ESC/POS commands: most counter printers
//! take nothing else, and their own font, bars and QR print sharper and faster than a picture of
//! the page. Text is in code page 866 (table 17), which prints English, Uzbek Latin and Russian
//! alike (a city may come in either script whatever the sender's language), wrapped to the
//! paper's columns of Font A; the barcode follows the labels' one Code 128 plan, its characters
//! printed under it by the printer; the QR is model 2 at level M, as on the label.

mod cp866;
#[cfg(test)]
pub(crate) mod read;
#[cfg(test)]
mod tests;

use super::receipt::{Receipt, ReceiptWidth, Said, bar_dots, qr_dots, says};
use super::symbols::{self, CodeSet};
use api::codes::Language;

const ESC: u8 = 0x1B;
const GS: u8 = 0x1D;
const LF: u8 = 0x0A;
/// `ESC t 17`: code table PC866.
const PAGE_866: u8 = 17;
/// Bars 10 mm tall.
const BAR_HEIGHT: u8 = 80;
/// Dots fed past the cutting position before the cut, so the last line is clear of the blade.
const CUT_FEED: u8 = 24;

#[derive(Clone, Copy)]
enum Align {
    Left = 0,
    Centre = 1,
}

/// Builds the command stream.
struct Writer {
    out: Vec<u8>,
    columns: usize,
}

impl Writer {
    fn command(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    fn align(&mut self, a: Align) {
        self.command(&[ESC, b'a', a as u8]);
    }

    fn bold(&mut self, on: bool) {
        self.command(&[ESC, b'E', u8::from(on)]);
    }

    /// `GS !`: width and height magnified twice, or normal.
    fn double(&mut self, on: bool) {
        self.command(&[GS, b'!', if on { 0x11 } else { 0x00 }]);
    }

    /// Text wrapped to `columns`, a line feed after each line.
    fn lines(&mut self, text: &str, columns: usize) {
        for line in wrap(&cp866::encode(text), columns) {
            self.out.extend_from_slice(&line);
            self.out.push(LF);
        }
    }

    fn text(&mut self, text: &str, align: Align, strong: bool) {
        self.align(align);
        self.bold(strong);
        self.lines(text, self.columns);
        if strong {
            self.bold(false);
        }
    }

    /// `label: value` on one line when it fits; else the label, then the value under it.
    fn fact(&mut self, (label, value): (&str, &str), align: Align, strong: bool) {
        let whole = format!("{label}: {value}");
        if cp866::encode(&whole).len() <= self.columns {
            self.text(&whole, align, strong);
        } else {
            self.text(&format!("{label}:"), align, strong);
            self.text(value, align, strong);
        }
    }

    fn rule(&mut self) {
        self.align(Align::Left);
        self.out.extend(std::iter::repeat_n(b'-', self.columns));
        self.out.push(LF);
    }

    /// `GS k` Code 128 with the characters under the bars (`GS H 2`); only the characters
    /// when the data cannot be bars or they would not fit the paper.
    fn bars(&mut self, data: &str, room: u32) {
        let symbol = code128_data(data).and_then(|bytes| {
            let modules = symbols::code128(data).ok()?.len();
            Some((bytes, bar_dots(modules, room)?))
        });
        let Some((bytes, dots)) = symbol else {
            tracing::warn!("{data:?} printed without bars on the receipt");
            self.text(data, Align::Centre, true);
            return;
        };
        self.align(Align::Centre);
        self.command(&[GS, b'H', 2, GS, b'h', BAR_HEIGHT, GS, b'w', dots as u8]);
        self.command(&[GS, b'k', 73, bytes.len() as u8]);
        self.out.extend_from_slice(&bytes);
        self.out.push(LF);
    }

    /// The QR, model 2, level M: stored in the printer, then printed.
    fn qr(&mut self, caption: &str, link: &str, room: u32) {
        let Ok(matrix) = symbols::qr(link) else {
            tracing::warn!("the tracking link is too long for a QR code on the receipt");
            return;
        };
        self.text(caption, Align::Centre, false);
        let size = qr_dots(matrix.width, room) as u8;
        self.align(Align::Centre);
        self.command(&[GS, b'(', b'k', 4, 0, 49, 65, 50, 0]);
        self.command(&[GS, b'(', b'k', 3, 0, 49, 67, size]);
        self.command(&[GS, b'(', b'k', 3, 0, 49, 69, 49]);
        let stored = link.len() + 3;
        self.command(&[GS, b'(', b'k', (stored % 256) as u8, (stored / 256) as u8]);
        self.command(&[49, 80, 48]);
        self.out.extend_from_slice(link.as_bytes());
        self.command(&[GS, b'(', b'k', 3, 0, 49, 81, 48]);
        self.out.push(LF);
    }
}

/// The `GS k` function B data: the labels' plan of sets, `{C` before digit pairs (one byte a
/// pair) and `{B` before text (a `{` written twice). None when it would not be Code 128 the
/// printer takes: characters outside printable ASCII, or longer than the command allows.
fn code128_data(data: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for (set, part) in symbols::code128_segments(data).ok()? {
        match set {
            CodeSet::C => {
                out.extend_from_slice(b"{C");
                for pair in part.as_bytes().chunks(2) {
                    out.push((pair[0] - b'0') * 10 + pair.get(1).map_or(0, |d| d - b'0'));
                }
            }
            CodeSet::B => {
                out.extend_from_slice(b"{B");
                for c in part.bytes() {
                    if !(b' '..=b'~').contains(&c) {
                        return None;
                    }
                    if c == b'{' {
                        out.push(b'{');
                    }
                    out.push(c);
                }
            }
        }
    }
    (out.len() <= 255).then_some(out)
}

/// Greedy wrap at spaces; a word longer than a line is broken.
fn wrap(text: &[u8], columns: usize) -> Vec<Vec<u8>> {
    let columns = columns.max(1);
    let mut lines = Vec::new();
    let mut line: Vec<u8> = Vec::new();
    for word in text.split(|&b| b == b' ').filter(|w| !w.is_empty()) {
        if !line.is_empty() && line.len() + 1 + word.len() <= columns {
            line.push(b' ');
            line.extend_from_slice(word);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut rest = word;
        while rest.len() > columns {
            let (head, tail) = rest.split_at(columns);
            lines.push(head.to_vec());
            rest = tail;
        }
        line = rest.to_vec();
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The receipt as the bytes a raw ESC/POS printer takes, ending with a partial cut.
pub fn receipt_bytes(r: &Receipt, width: ReceiptWidth, lang: Language) -> Vec<u8> {
    let mut w = Writer {
        out: Vec::with_capacity(1024),
        columns: width.columns(),
    };
    w.command(&[ESC, b'@', ESC, b't', PAGE_866]);
    for block in says(r, lang) {
        match block {
            Said::Title(text) => {
                w.align(Align::Centre);
                w.bold(true);
                w.double(true);
                w.lines(&text, w.columns / 2);
                w.double(false);
                w.bold(false);
            }
            Said::Head { text, strong } => w.text(&text, Align::Centre, strong),
            Said::Rule => w.rule(),
            Said::Bars(data) => w.bars(&data, width.dots()),
            Said::Fact {
                label,
                value,
                strong,
            } => w.fact((&label, &value), Align::Left, strong),
            Said::When { label, value } => w.fact((&label, &value), Align::Centre, false),
            Said::Qr { caption, link } => w.qr(&caption, &link, width.dots()),
            Said::Note(text) => w.text(&text, Align::Left, false),
            Said::Sign(caption) => {
                w.text(&format!("{caption}:"), Align::Left, false);
                w.out.extend_from_slice(&[LF, LF]);
                w.out.extend(std::iter::repeat_n(b'_', w.columns));
                w.out.push(LF);
            }
        }
    }
    w.command(&[GS, b'V', 66, CUT_FEED]);
    w.out
}
