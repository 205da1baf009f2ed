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
pub(crate) fn fit(text: &str, b: TextBox) -> Fitted {
    let words: Vec<&str> = text.split_whitespace().collect();
    let max_lines = b.max_lines.max(1);
    let mut size = b.size_mm;
    loop {
        let lines = wrap(&words, b.face, b.width_mm / size);
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
    let mut lines = wrap(&words, b.face, b.width_mm / size);
    if lines.len() > max_lines {
        let rest = lines.split_off(max_lines - 1).join(" ");
        lines.push(ellipsize(&rest, b.face, b.width_mm / size, true));
    }
    Fitted {
        lines,
        size_mm: size,
    }
}

/// Greedy word wrap at a width given in ems; a word wider than a line is broken by characters.
fn wrap(words: &[&str], face: Face, width_em: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in words {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if face.width_em(&candidate) <= width_em {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if face.width_em(word) <= width_em {
            line = word.to_string();
            continue;
        }
        for c in word.chars() {
            line.push(c);
            if face.width_em(&line) > width_em && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::take(&mut line));
                line.push(c);
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` cut so that it and a trailing ellipsis fit; `forced` adds the ellipsis even when the
/// text fits (because lines after it were dropped).
fn ellipsize(text: &str, face: Face, width_em: f32, forced: bool) -> String {
    if !forced && face.width_em(text) <= width_em {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    loop {
        let mut candidate = chars.iter().collect::<String>().trim_end().to_string();
        candidate.push(ELLIPSIS);
        if face.width_em(&candidate) <= width_em || chars.is_empty() {
            return candidate;
        }
        chars.pop();
    }
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
}
