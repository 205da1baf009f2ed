//! The label stocks the desk prints on and the printer resolutions it knows, as closed sets: a
//! size or DPI that no layout was drawn for cannot be asked for.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A label stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum LabelSize {
    /// 100 × 150 mm thermal label, the courier standard.
    #[default]
    #[serde(rename = "100x150")]
    L100x150,
    /// 100 × 100 mm thermal label.
    #[serde(rename = "100x100")]
    L100x100,
    /// 58 mm receipt-printer roll; the label is as long as its content.
    #[serde(rename = "58mm")]
    Strip58,
    /// A4 office paper, four labels a sheet (the standard 105 × 148.5 mm A4 quarters: four
    /// 100 × 150 labels do not fit on 297 mm, so each label is drawn 100 × 145 in its quarter).
    #[serde(rename = "a4")]
    A4,
}

impl LabelSize {
    pub const ALL: [LabelSize; 4] = [
        LabelSize::L100x150,
        LabelSize::L100x100,
        LabelSize::Strip58,
        LabelSize::A4,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LabelSize::L100x150 => "100x150",
            LabelSize::L100x100 => "100x100",
            LabelSize::Strip58 => "58mm",
            LabelSize::A4 => "a4",
        }
    }

    /// The label's own frame in mm: width and, for fixed stocks, height.
    pub fn frame(self) -> Frame {
        match self {
            LabelSize::L100x150 => Frame::fixed(100.0, 150.0),
            LabelSize::L100x100 => Frame::fixed(100.0, 100.0),
            LabelSize::Strip58 => Frame {
                width: 58.0,
                height: None,
            },
            LabelSize::A4 => Frame::fixed(100.0, 145.0),
        }
    }

    /// How many labels share one page.
    pub fn per_page(self) -> usize {
        match self {
            LabelSize::A4 => 4,
            _ => 1,
        }
    }

    /// The page in mm, for sizes whose page is not the label itself.
    pub fn sheet(self) -> Option<(f32, f32)> {
        match self {
            LabelSize::A4 => Some((210.0, 297.0)),
            _ => None,
        }
    }

    /// Where the `slot`-th label of a sheet sits (top-left corner, mm).
    pub fn slot_origin(self, slot: usize) -> (f32, f32) {
        match self {
            LabelSize::A4 => {
                let (col, row) = ((slot % 2) as f32, ((slot / 2) % 2) as f32);
                // Centre the 100 × 145 label in its 105 × 148.5 quarter.
                (col * 105.0 + 2.5, row * 148.5 + 1.75)
            }
            _ => (0.0, 0.0),
        }
    }
}

impl fmt::Display for LabelSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LabelSize::L100x150 => "100 × 150 mm",
            LabelSize::L100x100 => "100 × 100 mm",
            LabelSize::Strip58 => "58 mm",
            LabelSize::A4 => "A4 (4 × 100 × 145 mm)",
        })
    }
}

impl LabelSize {
    /// The size in the clerk's language (the unit is a word of that language).
    pub fn localized(self) -> String {
        let mm = rust_i18n::t!("label.mm");
        match self {
            LabelSize::L100x150 => format!("100 × 150 {mm}"),
            LabelSize::L100x100 => format!("100 × 100 {mm}"),
            LabelSize::Strip58 => format!("58 {mm}"),
            LabelSize::A4 => format!("A4 (4 × 100 × 145 {mm})"),
        }
    }
}

impl FromStr for LabelSize {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase().replace(['×', '*', ' '], "x");
        LabelSize::ALL
            .into_iter()
            .find(|z| z.as_str() == t || (t == "58" && *z == LabelSize::Strip58))
            .ok_or_else(|| format!("unknown label size {s:?}: use 100x150, 100x100, 58mm or a4"))
    }
}

/// A label's frame: width, and height unless the stock is a roll.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub width: f32,
    pub height: Option<f32>,
}

impl Frame {
    pub const fn fixed(width: f32, height: f32) -> Frame {
        Frame {
            width,
            height: Some(height),
        }
    }
}

/// Printer resolution in dots per inch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Dpi {
    #[default]
    #[serde(rename = "203")]
    D203,
    #[serde(rename = "300")]
    D300,
}

impl Dpi {
    pub const ALL: [Dpi; 2] = [Dpi::D203, Dpi::D300];

    pub fn value(self) -> u32 {
        match self {
            Dpi::D203 => 203,
            Dpi::D300 => 300,
        }
    }

    pub fn dots_per_mm(self) -> f32 {
        self.value() as f32 / 25.4
    }

    /// The nearest whole dot to a length in mm.
    pub fn dots(self, mm: f32) -> i64 {
        (mm * self.dots_per_mm()).round() as i64
    }

    /// The length of a whole number of dots, in mm.
    pub fn mm(self, dots: u32) -> f32 {
        dots as f32 / self.dots_per_mm()
    }
}

impl fmt::Display for Dpi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} dpi", self.value())
    }
}

impl FromStr for Dpi {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().trim_end_matches("dpi").trim() {
            "203" | "200" => Ok(Dpi::D203),
            "300" => Ok(Dpi::D300),
            _ => Err(format!("unknown resolution {s:?}: use 203 or 300")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_back_from_their_names() {
        for size in LabelSize::ALL {
            assert_eq!(size.as_str().parse::<LabelSize>(), Ok(size));
        }
        assert_eq!("100×150".parse::<LabelSize>(), Ok(LabelSize::L100x150));
        assert!("90x90".parse::<LabelSize>().is_err());
        assert_eq!("300".parse::<Dpi>(), Ok(Dpi::D300));
        assert!("600".parse::<Dpi>().is_err());
    }

    #[test]
    fn four_a4_labels_stay_on_the_sheet_and_apart() {
        let (w, h) = LabelSize::A4.sheet().unwrap_or_default();
        let frame = LabelSize::A4.frame();
        let fh = frame.height.unwrap_or_default();
        for slot in 0..4 {
            let (x, y) = LabelSize::A4.slot_origin(slot);
            assert!(x >= 0.0 && y >= 0.0 && x + frame.width <= w && y + fh <= h);
        }
        assert_eq!(LabelSize::A4.slot_origin(3), (107.5, 150.25));
    }
}
