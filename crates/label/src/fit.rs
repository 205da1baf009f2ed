//! Fitting text into a box: wrap at word boundaries, then shrink, then cut the last line with an
//! ellipsis. A label's text never runs off its edge, whatever the clerk or the service typed.

use super::font::Face;

/// Text broken into lines at one size.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Fitted {
    pub lines: Vec<String>,
    pub size_mm: f32,
}

/// How a block of text may be set.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TextBox {
    pub face: Face,
    pub width_mm: f32,
    pub max_lines: usize,
    /// The size to use when the text fits.
    pub size_mm: f32,
    /// The smallest size the text may shrink to before it is cut.
    pub min_size_mm: f32,
}

const ELLIPSIS: char = '…';

/// Fits `text` (whitespace, including newlines, collapsed) into the box.
///
/// Every step stops at the box: wrapping ends one line past the last that can be shown, and a
/// word or a cut line is measured only as far as the line's width. A field of any length costs
/// about what a full box costs, so one pasted novel cannot hold up the print queue.
pub(crate) fn fit(text: &str, b: TextBox) -> Fitted {
    let max_lines = b.max_lines.max(1);
    let mut size = b.size_mm;
    loop {
        let lines = wrap(text, b.face, b.width_mm / size, max_lines);
        if lines.len() <= max_lines {
            return Fitted {
                lines,
                size_mm: size,
            };
        }
        let smaller = size * 0.92;
        if smaller < b.min_size_mm {
            break;
        }
        size = smaller;
    }
    let size = b.min_size_mm.min(b.size_mm);
    let mut lines = wrap(text, b.face, b.width_mm / size, max_lines);
    if lines.len() > max_lines {
        let rest = lines.split_off(max_lines - 1).join(" ");
        lines.push(ellipsize(&rest, b.face, b.width_mm / size));
    }
    Fitted {
        lines,
        size_mm: size,
    }
}

/// The width of `text` in ems when it is at most `room`; `None` as soon as it is wider (the rest
/// of the text is not looked at).
fn width_within(face: Face, text: &str, room: f32) -> Option<f32> {
    let mut width = 0.0;
    for c in text.chars() {
        width += face.advance_em(c);
        if width > room {
            return None;
        }
    }
    Some(width)
}

/// Greedy word wrap at a width given in ems; a word wider than a line is broken by characters.
/// Stops once there are more than `most` lines: what follows could not be shown anyway.
fn wrap(text: &str, face: Face, width_em: f32, most: usize) -> Vec<String> {
    let space = face.advance_em(' ');
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut line_w = 0.0;
    for word in text.split_whitespace() {
        if lines.len() > most {
            return lines;
        }
        if !line.is_empty() {
            if let Some(w) = width_within(face, word, width_em - line_w - space) {
                line.push(' ');
                line.push_str(word);
                line_w += space + w;
                continue;
            }
            lines.push(std::mem::take(&mut line));
            line_w = 0.0;
        }
        if let Some(w) = width_within(face, word, width_em) {
            line.push_str(word);
            line_w = w;
            continue;
        }
        for c in word.chars() {
            let a = face.advance_em(c);
            if line_w + a > width_em && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                line_w = 0.0;
                if lines.len() > most {
                    return lines;
                }
            }
            line.push(c);
            line_w += a;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The longest start of `text` that fits with a trailing ellipsis, and the ellipsis (always
/// added: the lines after it were dropped). Measured a character at a time, once.
fn ellipsize(text: &str, face: Face, width_em: f32) -> String {
    let room = width_em - face.advance_em(ELLIPSIS);
    let mut width = 0.0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        width += face.advance_em(c);
        if width > room {
            break;
        }
        end = i + c.len_utf8();
    }
    let mut cut = text[..end].trim_end().to_string();
    cut.push(ELLIPSIS);
    cut
}

/// One line, shrunk down to `min_size_mm` and then cut with an ellipsis.
pub(crate) fn fit_line(
    text: &str,
    face: Face,
    width_mm: f32,
    size_mm: f32,
    min_size_mm: f32,
) -> Fitted {
    fit(
        text,
        TextBox {
            face,
            width_mm,
            max_lines: 1,
            size_mm,
            min_size_mm,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxed(width_mm: f32, max_lines: usize) -> TextBox {
        TextBox {
            face: Face::Regular,
            width_mm,
            max_lines,
            size_mm: 4.0,
            min_size_mm: 2.5,
        }
    }

    #[test]
    fn short_text_keeps_its_size_and_line() {
        let f = fit("Aziza Karimova", boxed(90.0, 2));
        assert_eq!(f.lines, vec!["Aziza Karimova".to_string()]);
        assert_eq!(f.size_mm, 4.0);
    }

    #[test]
    fn long_text_wraps_then_shrinks_then_is_cut() {
        let long = "Toshkent shahri, Yunusobod tumani, 19-mavze, Amir Temur shoh koʻchasi, 108-uy, 45-xonadon, moʻljal: Oʻzbekiston pochta boʻlimi yonida";
        let two = fit(long, boxed(60.0, 2));
        assert_eq!(two.lines.len(), 2);
        assert_eq!(two.size_mm, 2.5);
        assert!(two.lines[1].ends_with('…'));
        for line in &two.lines {
            assert!(Face::Regular.width_mm(line, two.size_mm) <= 60.0 + 1e-3);
        }
        let wrapped = fit("Ўзбекистон Республикаси Қашқадарё вилояти", boxed(60.0, 3));
        assert!(wrapped.lines.len() >= 2 && wrapped.size_mm == 4.0);
    }

    #[test]
    fn a_word_longer_than_the_line_is_broken() {
        let f = fit(&"Ж".repeat(80), boxed(30.0, 10));
        assert!(f.lines.len() > 1);
        for line in &f.lines {
            assert!(Face::Regular.width_mm(line, f.size_mm) <= 30.0 + 1e-3);
        }
        assert!(fit("", boxed(30.0, 1)).lines.is_empty());
    }

    #[test]
    fn a_field_of_any_length_is_cut_quickly_and_keeps_to_its_box() {
        for text in ["Ж".repeat(200_000), "Qoʻchqorova Gʻulomjon ".repeat(10_000)] {
            let started = std::time::Instant::now();
            let f = fit(&text, boxed(90.0, 2));
            assert!(
                started.elapsed() < std::time::Duration::from_millis(500),
                "{:?} for {} characters",
                started.elapsed(),
                text.chars().count()
            );
            assert_eq!(f.lines.len(), 2);
            assert!(f.lines[1].ends_with('…'));
            for line in &f.lines {
                assert!(Face::Regular.width_mm(line, f.size_mm) <= 90.0 + 1e-3);
            }
        }
    }

    #[test]
    fn wrapping_stops_one_line_past_the_box() {
        let lines = wrap(&"Toshkent ".repeat(50_000), Face::Regular, 20.0, 3);
        assert_eq!(lines.len(), 4);
    }
}
