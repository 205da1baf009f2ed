//! The one description of a printed page every renderer draws from: filled boxes, lines of text
//! already fitted, the barcode's modules and the QR's modules, placed in millimetres from the
//! page's top-left corner. Symbols carry their module size in printer dots so every renderer puts
//! each bar on whole dots.

use super::font::Face;
use super::size::Dpi;

#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub width_mm: f32,
    pub height_mm: f32,
    /// The resolution the symbols were sized for.
    pub dpi: Dpi,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A filled black box.
    Fill(Area),
    Text(TextLine),
    Barcode(Bars),
    Qr(QrBlock),
}

impl Item {
    /// The item as a printer places it: text on whole dots (see [`TextLine::on_dots`]); the
    /// rest is already placed on the printer's grid where it matters.
    pub fn on_dots(self, dpi: Dpi) -> Item {
        match self {
            Item::Text(t) => Item::Text(t.on_dots(dpi)),
            other => other,
        }
    }

    /// The same item moved by `dx`, `dy` mm.
    pub fn shifted(&self, dx: f32, dy: f32) -> Item {
        let mut item = self.clone();
        match &mut item {
            Item::Fill(a) => {
                a.x += dx;
                a.y += dy;
            }
            Item::Text(t) => {
                t.x += dx;
                t.baseline += dy;
            }
            Item::Barcode(b) => {
                b.x += dx;
                b.y += dy;
            }
            Item::Qr(q) => {
                q.x += dx;
                q.y += dy;
            }
        }
        item
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

/// One line of text at its baseline.
#[derive(Debug, Clone, PartialEq)]
pub struct TextLine {
    pub x: f32,
    pub baseline: f32,
    pub size_mm: f32,
    pub face: Face,
    pub text: String,
    /// White on a black box drawn before it.
    pub inverse: bool,
}

impl TextLine {
    /// A line whose glyphs start at `top` (its baseline one ascent lower).
    pub fn at_top(x: f32, top: f32, size_mm: f32, face: Face, text: impl Into<String>) -> TextLine {
        TextLine {
            x,
            baseline: top + face.ascent_em() * size_mm,
            size_mm,
            face,
            text: text.into(),
            inverse: false,
        }
    }

    /// The same line in white, for a black box drawn before it.
    pub fn inverse(self) -> TextLine {
        TextLine {
            inverse: true,
            ..self
        }
    }

    pub fn width_mm(&self) -> f32 {
        self.face.width_mm(&self.text, self.size_mm)
    }

    /// The height of the line's character block (ascent to descent), in dots at `dpi`: the size
    /// a printer's scalable font is asked for (ZPL `^A@`). Whole for a line [`on_dots`](Self::on_dots).
    pub fn block_dots(&self, dpi: Dpi) -> f32 {
        self.face.block_em() * self.size_mm * dpi.dots_per_mm()
    }

    /// The size (mm per em) of a line whose character block is `dots` high at `dpi`.
    pub fn size_for_block(face: Face, dots: u32, dpi: Dpi) -> f32 {
        dots as f32 / (face.block_em() * dpi.dots_per_mm())
    }

    /// The line as a printer places a font field: the top-left corner of its character block on
    /// whole dots and the block a whole number of dots high, never larger than it was (so it
    /// still fits). The preview, the PDF and the ZPL then draw the same line, and a printer
    /// given `^FO` and `^A@` puts it where the preview shows it.
    pub fn on_dots(self, dpi: Dpi) -> TextLine {
        let dpmm = dpi.dots_per_mm();
        // A hair above, so a block already whole stays whole despite rounding.
        let dots = ((self.block_dots(dpi) + 1e-3).floor() as u32).max(1);
        let size_mm = Self::size_for_block(self.face, dots, dpi);
        let top = self.baseline - self.face.ascent_em() * self.size_mm;
        let top = (top * dpmm).round() / dpmm;
        TextLine {
            x: (self.x * dpmm).round() / dpmm,
            baseline: top + self.face.ascent_em() * size_mm,
            size_mm,
            ..self
        }
    }

    /// The box the line's glyphs can touch.
    pub fn area(&self) -> Area {
        let top = self.baseline - self.face.ascent_em() * self.size_mm;
        Area {
            x: self.x,
            y: top,
            w: self.width_mm(),
            h: (self.face.ascent_em() + self.face.descent_em()) * self.size_mm,
        }
    }
}

/// A Code 128 symbol; `x` is the left edge of the first bar (quiet zones lie outside it).
#[derive(Debug, Clone, PartialEq)]
pub struct Bars {
    pub x: f32,
    pub y: f32,
    pub height: f32,
    pub dots_per_module: u32,
    pub modules: Vec<bool>,
    /// What the bars encode.
    pub data: String,
}

impl Bars {
    pub fn module_mm(&self, dpi: Dpi) -> f32 {
        dpi.mm(self.dots_per_module)
    }

    pub fn width_mm(&self, dpi: Dpi) -> f32 {
        self.modules.len() as f32 * self.module_mm(dpi)
    }

    /// Runs of dark modules as (first module, count).
    pub fn dark_runs(&self) -> Vec<(usize, usize)> {
        runs(&self.modules)
    }
}

/// A QR symbol; `x`, `y` is the top-left of its first module (the quiet zone lies outside).
#[derive(Debug, Clone, PartialEq)]
pub struct QrBlock {
    pub x: f32,
    pub y: f32,
    pub dots_per_module: u32,
    pub width: usize,
    pub dark: Vec<bool>,
    pub data: String,
}

impl QrBlock {
    pub fn module_mm(&self, dpi: Dpi) -> f32 {
        dpi.mm(self.dots_per_module)
    }

    /// Runs of dark modules in one row, as (first column, count).
    pub fn row_runs(&self, row: usize) -> Vec<(usize, usize)> {
        runs(&self.dark[row * self.width..(row + 1) * self.width])
    }

    /// The dark modules as few rectangles: each row's runs, with a run continued downwards
    /// while the rows below have a run over exactly the same columns (fewer shapes to draw and
    /// store; the union is the same modules).
    pub fn boxes(&self) -> Vec<ModuleBox> {
        let mut done = Vec::new();
        let mut open: Vec<ModuleBox> = Vec::new();
        for row in 0..self.width {
            let mut next = Vec::new();
            for (col, cols) in self.row_runs(row) {
                match open.iter().position(|b| b.col == col && b.cols == cols) {
                    Some(i) => {
                        let mut b = open.swap_remove(i);
                        b.rows += 1;
                        next.push(b);
                    }
                    None => next.push(ModuleBox {
                        col,
                        row,
                        cols,
                        rows: 1,
                    }),
                }
            }
            done.append(&mut open);
            open = next;
        }
        done.append(&mut open);
        done
    }
}

/// A rectangle of dark QR modules, in modules from the symbol's top-left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModuleBox {
    pub col: usize,
    pub row: usize,
    pub cols: usize,
    pub rows: usize,
}

fn runs(modules: &[bool]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, dark) in modules.iter().chain(std::iter::once(&false)).enumerate() {
        match (start, *dark) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i - s));
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_join_neighbouring_dark_modules() {
        assert_eq!(
            runs(&[true, true, false, true, false, false, true]),
            vec![(0, 2), (3, 1), (6, 1)]
        );
        assert!(runs(&[false, false]).is_empty());
    }

    #[test]
    fn qr_boxes_cover_exactly_the_dark_modules_once() {
        let symbol =
            crate::symbols::qr("https://track.example.uz/t/4300001?b=0199104300001").expect("QR");
        let q = QrBlock {
            x: 0.0,
            y: 0.0,
            dots_per_module: 3,
            width: symbol.width,
            dark: symbol.dark.clone(),
            data: String::new(),
        };
        let boxes = q.boxes();
        let mut covered = vec![0u8; q.width * q.width];
        for b in &boxes {
            for r in b.row..b.row + b.rows {
                for c in b.col..b.col + b.cols {
                    covered[r * q.width + c] += 1;
                }
            }
        }
        let expected: Vec<u8> = q.dark.iter().map(|&d| u8::from(d)).collect();
        assert_eq!(covered, expected);
        let runs: usize = (0..q.width).map(|r| q.row_runs(r).len()).sum();
        assert!(boxes.len() < runs, "{} boxes for {runs} runs", boxes.len());
    }
}
