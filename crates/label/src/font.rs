//! The two bundled faces every label renderer draws with, and the one way text is measured, so a
//! line the layout decided fits also fits in the PDF, in the ZPL graphics and in the preview.
//! DejaVu Sans covers Uzbek Latin (with ʻ U+02BB) and Cyrillic (with ў қ ғ ҳ).

use ab_glyph::{Font, FontRef, GlyphId};
use std::sync::OnceLock;

pub const REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
pub const BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// Latin, Latin Extended, spacing modifiers (ʻ) and Cyrillic are measured from a table.
const TABLE: u32 = 0x0530;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Face {
    Regular,
    Bold,
}

impl Face {
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => REGULAR_TTF,
            Face::Bold => BOLD_TTF,
        }
    }

    /// The parsed face. The bytes are part of the program, and a test parses both.
    pub fn font(self) -> &'static FontRef<'static> {
        static REGULAR: OnceLock<FontRef<'static>> = OnceLock::new();
        static BOLD: OnceLock<FontRef<'static>> = OnceLock::new();
        let cell = match self {
            Face::Regular => &REGULAR,
            Face::Bold => &BOLD,
        };
        cell.get_or_init(|| {
            FontRef::try_from_slice(self.bytes()).expect("the bundled DejaVu face parses")
        })
    }

    fn units_per_em(self) -> f32 {
        self.font().units_per_em().unwrap_or(2048.0)
    }

    pub fn glyph(self, c: char) -> GlyphId {
        self.font().glyph_id(c)
    }

    /// Advances (em) of the characters below `TABLE`, read once: text fitting measures the same
    /// few hundred letters over and over.
    fn advances(self) -> &'static [f32] {
        static REGULAR: OnceLock<Vec<f32>> = OnceLock::new();
        static BOLD: OnceLock<Vec<f32>> = OnceLock::new();
        let cell = match self {
            Face::Regular => &REGULAR,
            Face::Bold => &BOLD,
        };
        cell.get_or_init(|| {
            let font = self.font();
            let em = self.units_per_em();
            (0..TABLE)
                .map(|u| {
                    char::from_u32(u)
                        .map(|c| font.h_advance_unscaled(font.glyph_id(c)) / em)
                        .unwrap_or(0.0)
                })
                .collect()
        })
    }

    /// Width of one character at an em size of 1.
    pub fn advance_em(self, c: char) -> f32 {
        match self.advances().get(c as usize) {
            Some(a) => *a,
            None => {
                let font = self.font();
                font.h_advance_unscaled(font.glyph_id(c)) / self.units_per_em()
            }
        }
    }

    /// Width of `text` at an em size of 1 (no kerning: the PDF does not kern either).
    pub fn width_em(self, text: &str) -> f32 {
        text.chars().map(|c| self.advance_em(c)).sum()
    }

    /// Width of `text` in mm at an em size of `size_mm`.
    pub fn width_mm(self, text: &str, size_mm: f32) -> f32 {
        self.width_em(text) * size_mm
    }

    /// Distance from the baseline up to the top of the tallest glyphs, per em.
    pub fn ascent_em(self) -> f32 {
        self.font().ascent_unscaled() / self.units_per_em()
    }

    /// Distance from the baseline down to the lowest descender, per em (positive).
    pub fn descent_em(self) -> f32 {
        -self.font().descent_unscaled() / self.units_per_em()
    }

    /// Ascent plus descent per em: the character block a printer scales a font by.
    pub fn block_em(self) -> f32 {
        self.ascent_em() + self.descent_em()
    }

    /// Whether the face draws this character (not the empty-box glyph).
    pub fn covers(self, c: char) -> bool {
        c.is_whitespace() || self.font().glyph_id(c).0 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_faces_cover_uzbek_and_russian_letters() {
        for face in [Face::Regular, Face::Bold] {
            for c in "Oʻzbekiston Gʻ ўқғҳ ЎҚҒҲ Ёё Щщ №".chars() {
                assert!(face.covers(c), "{face:?} lacks {c:?}");
            }
            assert!(face.width_em("Toshkent") > 3.0);
            assert!(face.ascent_em() > 0.5 && face.descent_em() > 0.1);
        }
        assert!(Face::Bold.width_em("MMMM") > Face::Regular.width_em("MMMM"));
    }
}
