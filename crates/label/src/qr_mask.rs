//! Choosing a QR symbol's mask quickly. The `qrcode` crate encodes the data, adds the error
//! correction and draws the symbol; its own mask search scores the eight candidates with a boxed
//! closure per module and position, which cost about a millisecond a symbol (a tracking link is a
//! version 8 symbol, 49 × 49): half of a label's budget. The same four penalty rules, scored here
//! over a plain grid of dark modules, choose the very mask the crate would (the first of the
//! lowest score, in the crate's order), so the symbol is the one the crate draws, about nine
//! times sooner.

use qrcode::canvas::{Canvas, MaskPattern, Module};
use qrcode::types::{Color, EcLevel, QrResult};
use qrcode::{bits, ec};

/// The masks in the order the crate tries them; on equal scores the first wins.
const MASKS: [MaskPattern; 8] = [
    MaskPattern::Checkerboard,
    MaskPattern::HorizontalLines,
    MaskPattern::VerticalLines,
    MaskPattern::DiagonalLines,
    MaskPattern::LargeCheckerboard,
    MaskPattern::Fields,
    MaskPattern::Diamonds,
    MaskPattern::Meadow,
];

/// The smallest symbol for `data` at `level` with its best mask: the side and its modules row by
/// row (true = dark), without the quiet zone.
pub(crate) fn encode(data: &[u8], level: EcLevel) -> QrResult<(usize, Vec<bool>)> {
    let bits = bits::encode_auto(data, level)?;
    let version = bits.version();
    let (codewords, correction) = ec::construct_codewords(&bits.into_bytes(), version, level)?;
    let mut unmasked = Canvas::new(version, level);
    unmasked.draw_all_functional_patterns();
    unmasked.draw_data(&codewords, &correction);
    let side = version.width() as usize;
    let mut base = Vec::with_capacity(side * side);
    for y in 0..side {
        for x in 0..side {
            base.push(Color::from(unmasked.get(x as i16, y as i16)) == Color::Dark);
        }
    }
    let flips = flips(&unmasked, side);
    let formats = format_modules(level);
    if side <= super::qr_penalty::WIDEST {
        // Up to version 24, scored a row or column at a time (the same rules, the same choice).
        let corners: Vec<usize> = FORMAT_AT.iter().map(|(x, y)| at(side, *x, *y)).collect();
        let n = super::qr_penalty::best_mask(side, &base, &flips, &corners, &formats);
        let mut dark = base;
        for (d, f) in dark.iter_mut().zip(flips.iter()) {
            *d ^= (f >> n) & 1 == 1;
        }
        for (k, (x, y)) in FORMAT_AT.iter().enumerate() {
            dark[at(side, *x, *y)] = formats[n][k];
        }
        return Ok((side, dark));
    }
    let mut best: Option<(i32, Vec<bool>)> = None;
    let mut dark = base.clone();
    for (n, format) in formats.iter().enumerate() {
        for ((d, b), f) in dark.iter_mut().zip(&base).zip(flips.iter()) {
            *d = *b ^ ((f >> n) & 1 == 1);
        }
        for (k, (x, y)) in FORMAT_AT.iter().enumerate() {
            dark[at(side, *x, *y)] = format[k];
        }
        let score = penalty(side, &dark);
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, dark.clone()));
        }
    }
    Ok((side, best.map(|(_, dark)| dark).unwrap_or_default()))
}

/// Which masks invert each module (bit n for the n-th mask; only data modules and the remainder
/// bits left empty are masked). Where the data modules are depends on the version alone, so this
/// is read once per size of symbol and shared.
fn flips(unmasked: &Canvas, side: usize) -> std::sync::Arc<Vec<u8>> {
    type Kept = std::sync::Mutex<Vec<(usize, std::sync::Arc<Vec<u8>>)>>;
    static KEPT: Kept = std::sync::Mutex::new(Vec::new());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, f)) = kept.iter().find(|(s, _)| *s == side) {
        return f.clone();
    }
    let mut flips = Vec::with_capacity(side * side);
    for y in 0..side {
        for x in 0..side {
            let m = unmasked.get(x as i16, y as i16);
            let mut bits = 0u8;
            if matches!(m, Module::Unmasked(_) | Module::Empty) {
                for (n, mask) in MASKS.iter().enumerate() {
                    bits |= u8::from(inverts(*mask, x, y)) << n;
                }
            }
            flips.push(bits);
        }
    }
    let flips = std::sync::Arc::new(flips);
    kept.push((side, flips.clone()));
    flips
}

/// Where the two copies of the format information stand (the standard's places; negative
/// counts from the far edge).
const FORMAT_AT: [(i16, i16); 30] = [
    (0, 8),
    (1, 8),
    (2, 8),
    (3, 8),
    (4, 8),
    (5, 8),
    (7, 8),
    (8, 8),
    (8, 7),
    (8, 5),
    (8, 4),
    (8, 3),
    (8, 2),
    (8, 1),
    (8, 0),
    (8, -1),
    (8, -2),
    (8, -3),
    (8, -4),
    (8, -5),
    (8, -6),
    (8, -7),
    (-8, 8),
    (-7, 8),
    (-6, 8),
    (-5, 8),
    (-4, 8),
    (-3, 8),
    (-2, 8),
    (-1, 8),
];

fn at(side: usize, x: i16, y: i16) -> usize {
    let wrap = |v: i16| {
        if v < 0 {
            side - v.unsigned_abs() as usize
        } else {
            v as usize
        }
    };
    wrap(y) * side + wrap(x)
}

/// The format modules for each mask at `level`, as the crate draws them: read off the smallest
/// symbol (they are the same in every version), once per level.
fn format_modules(level: EcLevel) -> [[bool; 30]; 8] {
    static READ: std::sync::OnceLock<[[[bool; 30]; 8]; 4]> = std::sync::OnceLock::new();
    let all = READ
        .get_or_init(|| [EcLevel::L, EcLevel::M, EcLevel::Q, EcLevel::H].map(read_format_modules));
    all[level as usize]
}

fn read_format_modules(level: EcLevel) -> [[bool; 30]; 8] {
    let mut out = [[false; 30]; 8];
    for (n, mask) in MASKS.iter().enumerate() {
        let mut small = Canvas::new(qrcode::Version::Normal(1), level);
        small.draw_all_functional_patterns();
        small.apply_mask(*mask);
        for (k, (x, y)) in FORMAT_AT.iter().enumerate() {
            out[n][k] = small.get(*x, *y).is_dark();
        }
    }
    out
}

/// Whether `mask` inverts the data module at column `x`, row `y` (the standard's formulas).
fn inverts(mask: MaskPattern, x: usize, y: usize) -> bool {
    match mask {
        MaskPattern::Checkerboard => (x + y).is_multiple_of(2),
        MaskPattern::HorizontalLines => y.is_multiple_of(2),
        MaskPattern::VerticalLines => x.is_multiple_of(3),
        MaskPattern::DiagonalLines => (x + y).is_multiple_of(3),
        MaskPattern::LargeCheckerboard => (y / 2 + x / 3).is_multiple_of(2),
        MaskPattern::Fields => (x * y) % 2 + (x * y) % 3 == 0,
        MaskPattern::Diamonds => ((x * y) % 2 + (x * y) % 3).is_multiple_of(2),
        MaskPattern::Meadow => ((x + y) % 2 + (x * y) % 3).is_multiple_of(2),
    }
}

/// The penalty the crate gives a masked symbol (rows are `y`, columns `x`).
fn penalty(side: usize, dark: &[bool]) -> i32 {
    let mut score = 0;
    let mut column = vec![false; side];
    for i in 0..side {
        score += line(&dark[i * side..(i + 1) * side]);
        for (y, c) in column.iter_mut().enumerate() {
            *c = dark[y * side + i];
        }
        score += line(&column);
    }
    // The crate counts the three real finder patterns in both directions and takes them back.
    score -= 2 * 360;
    // Rule 2: each 2×2 block of one colour costs 3.
    for y in 0..side.saturating_sub(1) {
        let (top, bottom) = (
            &dark[y * side..(y + 1) * side],
            &dark[(y + 1) * side..(y + 2) * side],
        );
        for x in 0..side - 1 {
            let c = top[x];
            let same = (top[x + 1] == c) & (bottom[x] == c) & (bottom[x + 1] == c);
            score += 3 * i32::from(same);
        }
    }
    // Rule 4: the share of dark modules away from half.
    let darks = dark.iter().filter(|d| **d).count();
    let ratio = (darks * 200 / dark.len().max(1)) as i32;
    score + (ratio - 100).abs()
}

/// Rules 1 and 3 along one row or column: a run of five or more modules of one colour costs its
/// length minus two; dark-light-dark-dark-dark-light-dark with four light modules (or the edge)
/// on either side costs 40.
fn line(modules: &[bool]) -> i32 {
    /// Dark-light-dark-dark-dark-light-dark, first module highest.
    const PATTERN: u32 = 0b101_1101;
    let side = modules.len();
    let mut score = 0;
    let mut length = 0;
    let mut previous = None;
    for &c in modules {
        if previous == Some(c) {
            length += 1;
        } else {
            score += if length >= 5 { length - 2 } else { 0 };
            length = 1;
        }
        previous = Some(c);
    }
    score += if length >= 5 { length - 2 } else { 0 };
    // A window of fifteen modules, j-4 … j+10, the earliest highest; outside the line is light.
    let at = |k: usize| u32::from(k >= 4 && k - 4 < side && modules[k - 4]);
    let mut window = (0..15).fold(0u32, |w, k| (w << 1) | at(k));
    for j in 0..side.saturating_sub(6) {
        if (window >> 4) & 0x7F == PATTERN && (window >> 11 == 0 || window & 0xF == 0) {
            score += 40;
        }
        window = ((window << 1) | at(j + 15)) & 0x7FFF;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use qrcode::QrCode;

    /// The crate's own choice, for comparison.
    fn crate_symbol(data: &str) -> Vec<bool> {
        QrCode::with_error_correction_level(data.as_bytes(), EcLevel::M)
            .map(|c| {
                c.to_colors()
                    .into_iter()
                    .map(|c| c == Color::Dark)
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn the_same_mask_as_the_crate_for_many_links() {
        let mut masks_seen = std::collections::BTreeSet::new();
        for i in 0..300u32 {
            let data = format!(
                "https://track.example.uz/track?term={}{}",
                "eyJ3YXliaWxsX2lkIjo0".repeat(1 + (i % 4) as usize),
                i * 7919
            );
            let (side, ours) = encode(data.as_bytes(), EcLevel::M).expect("encodes");
            assert_eq!(side * side, ours.len());
            assert_eq!(ours, crate_symbol(&data), "{data}");
            // Row 8 beside the top-left finder carries the format bits, which name the mask.
            masks_seen.insert(ours[8 * side..8 * side + 9].to_vec());
        }
        // The links led to different masks, so the comparison covered more than one.
        assert!(masks_seen.len() > 1);
    }

    #[test]
    fn lines_a_word_at_a_time_score_as_module_by_module() {
        // Grids of every size a word holds, from a fixed pseudo-random sequence, with runs and
        // finder-like patterns planted so every rule scores.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for side in (21..=super::super::qr_penalty::WIDEST).step_by(4) {
            for _ in 0..4 {
                let mut dark: Vec<bool> = (0..side * side)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        seed.is_multiple_of(3)
                    })
                    .collect();
                let y = (seed as usize) % side;
                for (k, d) in [true, false, true, true, true, false, true]
                    .iter()
                    .enumerate()
                {
                    dark[y * side + k] = *d;
                    dark[k * side + y] = *d;
                }
                assert_eq!(
                    super::super::qr_penalty::score_of(side, &dark),
                    penalty(side, &dark),
                    "side {side}"
                );
            }
        }
    }

    #[test]
    fn data_too_long_is_an_error_not_a_panic() {
        assert!(encode(&[b'x'; 4000], EcLevel::M).is_err());
    }
}
