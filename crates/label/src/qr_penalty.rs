//! The QR mask penalty (`qr_mask.rs`) scored a whole row or column at a time: each line of the
//! symbol is a 128-bit word, module `i` at bit `i + PAD`, so a mask is applied with one XOR a
//! line and each rule is a handful of shifts and bit counts instead of a branch a module. The
//! rules and the choice (the first mask of the lowest score) are those of `qr_mask::penalty`; a
//! test there compares the symbols with the crate's for hundreds of links.

/// Light modules of padding on each side of a line, for the finder-like pattern's margins.
const PAD: u32 = 4;

/// The widest symbol a line word holds with its padding and the pattern's window: the right
/// margin test reads 11 bits past a pattern that starts 7 modules before the edge (version 24,
/// 113 modules).
pub(crate) const WIDEST: usize = 113;

/// Lines of a symbol: rows then columns.
struct Lines {
    rows: Vec<u128>,
    columns: Vec<u128>,
}

impl Lines {
    fn blank(side: usize) -> Lines {
        Lines {
            rows: vec![0; side],
            columns: vec![0; side],
        }
    }

    fn set(&mut self, side: usize, i: usize) {
        let (y, x) = (i / side, i % side);
        self.rows[y] |= 1 << (x as u32 + PAD);
        self.columns[x] |= 1 << (y as u32 + PAD);
    }

    fn flip(&mut self, side: usize, i: usize) {
        let (y, x) = (i / side, i % side);
        self.rows[y] ^= 1 << (x as u32 + PAD);
        self.columns[x] ^= 1 << (y as u32 + PAD);
    }
}

/// Which of the eight masks the crate would choose: `base` the unmasked modules, `flips` which
/// masks invert each (bit n for mask n), `format_at` where the format modules stand and
/// `formats` their values under each mask.
pub(crate) fn best_mask(
    side: usize,
    base: &[bool],
    flips: &[u8],
    format_at: &[usize],
    formats: &[[bool; 30]; 8],
) -> usize {
    let mut unmasked = Lines::blank(side);
    let mut by_mask: Vec<Lines> = (0..8).map(|_| Lines::blank(side)).collect();
    for (i, (b, f)) in base.iter().zip(flips).enumerate() {
        if *b {
            unmasked.set(side, i);
        }
        for (n, lines) in by_mask.iter_mut().enumerate() {
            if (f >> n) & 1 == 1 {
                lines.set(side, i);
            }
        }
    }
    let mut best = (i32::MAX, 0);
    for (n, flip) in by_mask.iter().enumerate() {
        let mut lines = Lines {
            rows: unmasked
                .rows
                .iter()
                .zip(&flip.rows)
                .map(|(a, b)| a ^ b)
                .collect(),
            columns: (unmasked.columns.iter().zip(&flip.columns))
                .map(|(a, b)| a ^ b)
                .collect(),
        };
        for (k, &i) in format_at.iter().enumerate() {
            let dark = lines.rows[i / side] >> (i % side + PAD as usize) & 1 == 1;
            if dark != formats[n][k] {
                lines.flip(side, i);
            }
        }
        let score = score(side, &lines);
        if score < best.0 {
            best = (score, n);
        }
    }
    best.1
}

fn score(side: usize, lines: &Lines) -> i32 {
    let mut score = 0;
    for line in lines.rows.iter().chain(&lines.columns) {
        score += runs(side, *line) + finder_like(side, *line);
    }
    // The three real finder patterns, counted in both directions by the rule, are taken back.
    score -= 2 * 360;
    // Rule 2: each 2×2 block of one colour costs 3.
    let inner = ones(side - 1) << PAD;
    for pair in lines.rows.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let same = !(a ^ (a >> 1)) & !(a ^ b) & !(b ^ (b >> 1)) & inner;
        score += 3 * same.count_ones() as i32;
    }
    // Rule 4: the share of dark modules away from half.
    let darks: u32 = lines.rows.iter().map(|r| r.count_ones()).sum();
    let ratio = (darks as usize * 200 / (side * side).max(1)) as i32;
    score + (ratio - 100).abs()
}

/// `n` low bits set.
fn ones(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Rule 1: a run of five or more modules of one colour costs its length minus two. Bit `i` of
/// `five` marks modules `i..i+5` all alike; a run of length L has L − 4 of those, and one where
/// it starts, so L − 2 is their count plus twice the starts.
fn runs(side: usize, line: u128) -> i32 {
    if side < 5 {
        return 0;
    }
    let l = line >> PAD;
    // Bit i: module i is like module i + 1 (within the line).
    let like = !(l ^ (l >> 1)) & ones(side - 1);
    let five = like & (like >> 1) & (like >> 2) & (like >> 3);
    let starts = five & !(like << 1);
    (five.count_ones() + 2 * starts.count_ones()) as i32
}

/// Rule 3: dark-light-dark-dark-dark-light-dark with four light modules (or the edge) on at
/// least one side costs 40. Outside the line counts as light, which the padding gives.
fn finder_like(side: usize, line: u128) -> i32 {
    if side < 7 {
        return 0;
    }
    let d = line;
    let l = !line;
    // Bit j + PAD: the pattern starts at module j.
    let at = PAD;
    let pattern = d & (l >> 1) & (d >> 2) & (d >> 3) & (d >> 4) & (l >> 5) & (d >> 6);
    let left = (l << 1) & (l << 2) & (l << 3) & (l << 4);
    let right = (l >> 7) & (l >> 8) & (l >> 9) & (l >> 10);
    let found = pattern & (left | right) & (ones(side - 6) << at);
    40 * found.count_ones() as i32
}

/// The penalty of a symbol given module by module (row by row, true = dark).
#[cfg(test)]
pub(crate) fn score_of(side: usize, dark: &[bool]) -> i32 {
    let mut lines = Lines::blank(side);
    for (i, d) in dark.iter().enumerate() {
        if *d {
            lines.set(side, i);
        }
    }
    score(side, &lines)
}
