//! The receipt drawn in the label's layout, one strip as long as what it says, so the PDF
//! renderer and the rasterizer (preview, PNG) print it unchanged. Everything stays inside the
//! printed width of the roll: text is wrapped, shrunk and at last cut to fit; bars and modules
//! land on whole dots of a 203 dpi head.

use super::says::{Said, says};
use super::{Receipt, ReceiptWidth, bar_dots, qr_dots};
use crate::fit::{TextBox, fit};
use crate::font::Face;
use crate::layout::{Area, Bars, Item, Page, QrBlock, TextLine};
use crate::size::Dpi;
use crate::symbols;
use api::codes::Language;

/// Receipt printers print at 203 dpi.
const DPI: Dpi = Dpi::D203;
/// Room above the first line, and below the last for the cutter.
const TOP: f32 = 3.0;
const BOTTOM: f32 = 5.0;
/// Text keeps this far inside the printed width, so no glyph's edge or rounding to dots leaves
/// it.
const INSET: f32 = 0.5;
const LINE: f32 = 1.2;
const RULE: f32 = 0.3;

/// Type sizes (em, mm) of one paper width.
struct Type {
    title: f32,
    body: f32,
    note: f32,
    min: f32,
    bar_height: f32,
}

impl Type {
    fn of(width: ReceiptWidth) -> Type {
        match width {
            ReceiptWidth::Mm58 => Type {
                title: 5.0,
                body: 3.2,
                note: 2.6,
                min: 2.2,
                bar_height: 12.0,
            },
            ReceiptWidth::Mm80 => Type {
                title: 6.0,
                body: 3.6,
                note: 2.8,
                min: 2.4,
                bar_height: 14.0,
            },
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Align {
    Left,
    Centre,
}

/// Places items top-down in the printed column.
struct Strip {
    items: Vec<Item>,
    left: f32,
    width: f32,
    y: f32,
}

impl Strip {
    fn text(&mut self, text: &str, b: TextBox, align: Align) {
        let fitted = fit(text, b);
        for line in fitted.lines {
            self.line(line, b.face, fitted.size_mm, align);
        }
    }

    /// `label: value` on one line when it fits; else the label, then the value on lines of its
    /// own, kept whole (its thin spaces too) when it fits a line.
    fn fact(&mut self, (label, value): (&str, &str), face: Face, t: &Type, align: Align) {
        let whole = format!("{label}: {value}");
        if face.width_mm(&whole, t.body) <= self.width {
            self.line(whole, face, t.body, align);
            return;
        }
        let b = self.boxed(face, t.body, t.min, 2);
        self.text(&format!("{label}:"), b, align);
        if face.width_mm(value, t.body) <= self.width {
            self.line(value.to_string(), face, t.body, align);
        } else {
            let b = self.boxed(face, t.body, t.min, 3);
            self.text(value, b, align);
        }
    }

    /// One line that fits, as it is.
    fn line(&mut self, text: String, face: Face, size: f32, align: Align) {
        let x = match align {
            Align::Left => self.left,
            Align::Centre => self.left + ((self.width - face.width_mm(&text, size)) / 2.0).max(0.0),
        };
        self.items
            .push(Item::Text(TextLine::at_top(x, self.y, size, face, text)));
        self.y += size * LINE;
    }

    fn boxed(&self, face: Face, size: f32, min: f32, max_lines: usize) -> TextBox {
        TextBox {
            face,
            width_mm: self.width,
            max_lines,
            size_mm: size,
            min_size_mm: min,
        }
    }

    fn rule(&mut self, gap: f32) {
        self.y += gap;
        self.items.push(Item::Fill(Area {
            x: self.left,
            y: self.y,
            w: self.width,
            h: RULE,
        }));
        self.y += RULE + gap;
    }

    fn room_dots(&self) -> u32 {
        (self.width * DPI.dots_per_mm()).floor() as u32
    }

    /// The bars, centred, and their characters under them; only the characters when the data
    /// cannot be drawn as Code 128 or does not fit (the receipt must still print).
    fn bars(&mut self, data: &str, t: &Type) {
        match symbols::code128(data) {
            Ok(modules) => match bar_dots(modules.len(), self.room_dots()) {
                Some(dots) => {
                    let w = modules.len() as f32 * DPI.mm(dots);
                    self.y += 1.0;
                    self.items.push(Item::Barcode(Bars {
                        x: snap(self.left + (self.width - w) / 2.0),
                        y: snap(self.y),
                        height: t.bar_height,
                        dots_per_module: dots,
                        modules,
                        data: data.to_string(),
                    }));
                    self.y += t.bar_height + 0.8;
                }
                None => tracing::warn!("{data:?} is too long for bars on this receipt"),
            },
            Err(e) => tracing::warn!("{e}"),
        }
        let b = self.boxed(Face::Bold, t.body, t.min, 2);
        self.text(data, b, Align::Centre);
    }

    fn qr(&mut self, caption: &str, link: &str, t: &Type) {
        let matrix = match symbols::qr(link) {
            Ok(m) => m,
            Err(e) => {
                tracing::warn!("{e}");
                return;
            }
        };
        let b = self.boxed(Face::Regular, t.body, t.min, 2);
        self.text(caption, b, Align::Centre);
        let dots = qr_dots(matrix.width, self.room_dots());
        let module = DPI.mm(dots);
        let side = matrix.width as f32 * module;
        let quiet = symbols::QR_QUIET as f32 * module;
        self.y += quiet;
        self.items.push(Item::Qr(QrBlock {
            x: snap(self.left + (self.width - side) / 2.0),
            y: snap(self.y),
            dots_per_module: dots,
            width: matrix.width,
            dark: matrix.dark,
            data: link.to_string(),
        }));
        self.y += side + quiet;
    }

    /// The caption, then room to sign above a line.
    fn sign(&mut self, caption: &str, t: &Type) {
        let b = self.boxed(Face::Regular, t.body, t.min, 2);
        self.text(&format!("{caption}:"), b, Align::Left);
        self.y += 8.0;
        self.rule(0.0);
    }
}

/// Snaps a length to whole dots.
fn snap(mm: f32) -> f32 {
    DPI.dots(mm) as f32 / DPI.dots_per_mm()
}

/// The receipt as one page as wide as the roll and as long as its content.
pub fn pages(r: &Receipt, width: ReceiptWidth, lang: Language) -> Page {
    let t = Type::of(width);
    let margin = (width.paper_mm() - width.printable_mm()) / 2.0;
    let mut strip = Strip {
        items: Vec::new(),
        left: margin + INSET,
        width: width.printable_mm() - 2.0 * INSET,
        y: TOP,
    };
    for block in says(r, lang) {
        match block {
            Said::Title(text) => {
                let b = strip.boxed(Face::Bold, t.title, t.body, 2);
                strip.text(&text, b, Align::Centre);
                strip.y += 0.8;
            }
            Said::Head { text, strong } => {
                let face = if strong { Face::Bold } else { Face::Regular };
                let b = strip.boxed(face, t.body, t.min, 3);
                strip.text(&text, b, Align::Centre);
            }
            Said::Rule => strip.rule(1.2),
            Said::Bars(data) => strip.bars(&data, &t),
            Said::Fact {
                label,
                value,
                strong,
            } => {
                let face = if strong { Face::Bold } else { Face::Regular };
                strip.fact((&label, &value), face, &t, Align::Left);
            }
            Said::When { label, value } => {
                strip.fact((&label, &value), Face::Regular, &t, Align::Centre);
            }
            Said::Qr { caption, link } => strip.qr(&caption, &link, &t),
            Said::Note(text) => {
                let b = strip.boxed(Face::Regular, t.note, t.min, 8);
                strip.text(&text, b, Align::Left);
                strip.y += 1.0;
            }
            Said::Sign(caption) => strip.sign(&caption, &t),
        }
    }
    Page {
        width_mm: width.paper_mm(),
        height_mm: snap(strip.y + BOTTOM),
        dpi: DPI,
        // Text on whole dots, as the label strips a thermal head prints.
        items: strip.items.into_iter().map(|i| i.on_dots(DPI)).collect(),
    }
}
