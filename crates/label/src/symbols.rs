//! The two machine-readable symbols of a label: Code 128 of the barcode (set C for digit pairs,
//! started explicitly) and the QR code (level M) of the tracking link, as module patterns. Sizes in
//! dots are chosen by the layout; quiet zones are part of what it reserves.

use super::excerpt::excerpt;
use barcoders::sym::code128::Code128;
use qrcode::EcLevel;

/// Light modules each side of a Code 128 symbol (the standard asks for at least ten).
pub const BAR_QUIET: usize = 10;
/// Light modules around a QR symbol (the standard asks for four).
pub const QR_QUIET: usize = 4;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum SymbolError {
    #[error("the barcode is empty")]
    Empty,
    #[error("cannot draw {0:?} as Code 128: {1}")]
    Code128(String, String),
    #[error("cannot draw the tracking link as a QR code: {0}")]
    Qr(String),
}

/// A Code 128 character set the desk uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeSet {
    /// Printable ASCII, one character a symbol.
    B,
    /// Digit pairs, two digits a symbol.
    C,
}

/// How `data` is split between sets: set C for every digit pair; a trailing odd digit, or text
/// that is not all digits, in set B. Every renderer follows this one plan.
pub fn code128_segments(data: &str) -> Result<Vec<(CodeSet, &str)>, SymbolError> {
    let data = data.trim();
    if data.is_empty() {
        return Err(SymbolError::Empty);
    }
    if !data.chars().all(|c| c.is_ascii_digit()) {
        return Ok(vec![(CodeSet::B, data)]);
    }
    let even = data.len() - data.len() % 2;
    Ok([(CodeSet::C, &data[..even]), (CodeSet::B, &data[even..])]
        .into_iter()
        .filter(|(_, part)| !part.is_empty())
        .collect())
}

/// The plan in barcoders' notation (`Ć` starts or switches to set C, `Ɓ` to set B).
pub fn code128_plan(data: &str) -> Result<String, SymbolError> {
    let mut plan = String::new();
    for (set, part) in code128_segments(data)? {
        plan.push(match set {
            CodeSet::B => 'Ɓ',
            CodeSet::C => 'Ć',
        });
        plan.push_str(part);
    }
    Ok(plan)
}

/// The bars (true = dark) of `data`, without quiet zones.
pub fn code128(data: &str) -> Result<Vec<bool>, SymbolError> {
    let plan = code128_plan(data)?;
    let symbol =
        Code128::new(&plan).map_err(|e| SymbolError::Code128(excerpt(data), e.to_string()))?;
    Ok(symbol.encode().into_iter().map(|m| m == 1).collect())
}

/// A QR symbol's modules, row by row, without the quiet zone.
#[derive(Debug, Clone, PartialEq)]
pub struct QrMatrix {
    pub width: usize,
    pub dark: Vec<bool>,
}

impl QrMatrix {
    pub fn is_dark(&self, col: usize, row: usize) -> bool {
        self.dark[row * self.width + col]
    }
}

pub fn qr(data: &str) -> Result<QrMatrix, SymbolError> {
    // The smallest version for the data at level M, with the mask the standard's penalty rules
    // score best.
    let (width, dark) = super::qr_mask::encode(data.as_bytes(), EcLevel::M)
        .map_err(|e| SymbolError::Qr(e.to_string()))?;
    Ok(QrMatrix { width, dark })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_service_barcode_is_pure_set_c() {
        assert_eq!(code128_plan("019914293640").as_deref(), Ok("Ć019914293640"));
        assert_eq!(code128_plan("12345").as_deref(), Ok("Ć1234Ɓ5"));
        assert_eq!(code128_plan("AB-1").as_deref(), Ok("ƁAB-1"));
        assert_eq!(code128_plan(" "), Err(SymbolError::Empty));
        // Start C (11) + six pairs (6 × 11) + check (11) + stop (13).
        let bars = code128("019914293640").unwrap_or_default();
        assert_eq!(bars.len(), 101);
        assert!(bars[0] && bars[bars.len() - 1]);
    }

    #[test]
    fn a_tracking_link_is_a_square_qr() {
        let m = qr("https://example.uz/track?term=eyJ3YXliaWxsX2lkIjo0MzAwMDAx").ok();
        let m = m.as_ref().map(|m| (m.width, m.dark.len()));
        assert!(matches!(m, Some((w, n)) if w >= 21 && n == w * w));
    }
}
