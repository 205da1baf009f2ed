//! Glyph coverage drawn once and reused. A label sets the same few dozen letters at a handful of
//! sizes; outlining each letter again for every line, label and preview was most of a ZPL label's
//! time. A glyph is kept per face, size and position within the dot (to a quarter dot, finer than
//! the print head can show), on the thread that drew it.

use super::font::Face;
use ab_glyph::{Font, GlyphId, PxScale, point};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Positions within a dot a glyph is drawn at, each way.
const STEPS: f32 = 4.0;
/// Glyphs kept per thread before starting over (a few hundred make a label set).
const MOST: usize = 8192;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    face: Face,
    glyph: u16,
    scale: u32,
    fx: u8,
    fy: u8,
}

/// A glyph's ink: coverage 0–255 over a box whose corner is `left`, `top` dots from the origin.
struct Coverage {
    left: i64,
    top: i64,
    width: usize,
    alpha: Vec<u8>,
}

thread_local! {
    static KEPT: RefCell<HashMap<Key, Rc<Coverage>>> = RefCell::new(HashMap::new());
}

/// Splits a position in dots into whole dots and the quarter within.
fn split(v: f32) -> (i64, u8) {
    let whole = v.floor();
    let steps = ((v - whole) * STEPS).round();
    if steps >= STEPS {
        (whole as i64 + 1, 0)
    } else {
        (whole as i64, steps as u8)
    }
}

/// Calls `put(x, y, coverage)` for every inked dot of `glyph` drawn with its origin at `x`, `y`
/// (dots, baseline left).
pub(crate) fn draw(
    face: Face,
    glyph: GlyphId,
    scale: PxScale,
    x: f32,
    y: f32,
    mut put: impl FnMut(i64, i64, u8),
) {
    let (wx, fx) = split(x);
    let (wy, fy) = split(y);
    let key = Key {
        face,
        glyph: glyph.0,
        scale: scale.y.to_bits(),
        fx,
        fy,
    };
    let coverage = KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        if let Some(c) = kept.get(&key) {
            return c.clone();
        }
        if kept.len() >= MOST {
            kept.clear();
        }
        let c = Rc::new(outline(face, glyph, scale, fx, fy));
        kept.insert(key, c.clone());
        c
    });
    if coverage.width == 0 {
        return;
    }
    for (row, line) in coverage.alpha.chunks_exact(coverage.width).enumerate() {
        for (col, a) in line.iter().enumerate() {
            if *a > 0 {
                put(
                    wx + coverage.left + col as i64,
                    wy + coverage.top + row as i64,
                    *a,
                );
            }
        }
    }
}

fn outline(face: Face, glyph: GlyphId, scale: PxScale, fx: u8, fy: u8) -> Coverage {
    let placed =
        glyph.with_scale_and_position(scale, point(f32::from(fx) / STEPS, f32::from(fy) / STEPS));
    let Some(outlined) = face.font().outline_glyph(placed) else {
        return Coverage {
            left: 0,
            top: 0,
            width: 0,
            alpha: Vec::new(),
        };
    };
    let b = outlined.px_bounds();
    let width = b.width().max(0.0) as usize;
    let height = b.height().max(0.0) as usize;
    let mut alpha = vec![0u8; width * height];
    outlined.draw(|gx, gy, cov| {
        let (gx, gy) = (gx as usize, gy as usize);
        if gx < width && gy < height {
            alpha[gy * width + gx] = (cov.clamp(0.0, 1.0) * 255.0) as u8;
        }
    });
    Coverage {
        left: b.min.x as i64,
        top: b.min.y as i64,
        width,
        alpha,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inked(x: f32, y: f32) -> Vec<(i64, i64, u8)> {
        let face = Face::Regular;
        let mut dots = Vec::new();
        draw(
            face,
            face.font().glyph_id('Қ'),
            PxScale::from(40.0),
            x,
            y,
            |x, y, a| dots.push((x, y, a)),
        );
        dots
    }

    #[test]
    fn a_kept_glyph_lands_where_it_is_asked_for() {
        let here = inked(10.0, 50.0);
        assert!(here.len() > 50, "the letter has ink");
        // Drawn again a whole number of dots away: the same ink, moved.
        let there = inked(110.0, 80.0);
        let moved: Vec<_> = here.iter().map(|(x, y, a)| (x + 100, y + 30, *a)).collect();
        assert_eq!(there, moved);
        // A quarter dot further is drawn afresh, not rounded onto the whole dot.
        assert_ne!(inked(10.25, 50.0), here);
    }

    #[test]
    fn positions_round_to_the_nearest_quarter() {
        assert_eq!(split(3.0), (3, 0));
        assert_eq!(split(3.3), (3, 1));
        assert_eq!(split(3.9), (4, 0));
        assert_eq!(split(-0.25), (-1, 3));
    }
}
