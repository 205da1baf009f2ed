//! Text as the bytes of code page 866 (DOS Cyrillic), which receipt printers carry as table 17:
//! ASCII below 0x80, the Russian alphabet and Ў ў № above. Uzbek Latin's letter marks (ʻ ʼ) and
//! typographic quotes and dashes become their ASCII forms; a character the page lacks becomes `?`
//! rather than a wrong letter.

/// One byte a character (`…` three); never a control byte.
pub(crate) fn encode(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '…' => out.extend_from_slice(b"..."),
            c => out.push(byte(c)),
        }
    }
    out
}

fn byte(c: char) -> u8 {
    let u = c as u32;
    match c {
        ' '..='~' => u as u8,
        // Thin and no-break spaces (money is grouped with them), tabs and line ends.
        c if c.is_whitespace() => b' ',
        'ʻ' | 'ʼ' | '‘' | '’' | '′' => b'\'',
        '“' | '”' | '„' | '«' | '»' => b'"',
        '‐' | '‑' | '–' | '—' | '−' => b'-',
        'А'..='Я' => 0x80 + (u - 0x410) as u8,
        'а'..='п' => 0xA0 + (u - 0x430) as u8,
        'р'..='я' => 0xE0 + (u - 0x440) as u8,
        'Ё' => 0xF0,
        'ё' => 0xF1,
        'Є' => 0xF2,
        'є' => 0xF3,
        'Ї' => 0xF4,
        'ї' => 0xF5,
        'Ў' => 0xF6,
        'ў' => 0xF7,
        '°' => 0xF8,
        '·' => 0xFA,
        '№' => 0xFC,
        _ => b'?',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_uzbek_and_money_become_page_866() {
        assert_eq!(encode("Ая яЁ"), vec![0x80, 0xEF, b' ', 0xEF, 0xF0]);
        assert_eq!(encode("Ўз № 1"), vec![0xF6, 0xA7, b' ', 0xFC, b' ', b'1']);
        assert_eq!(encode("Toʻlov Maʼlumot"), b"To'lov Ma'lumot".to_vec());
        assert_eq!(encode("125\u{2009}000"), b"125 000".to_vec());
        // Uzbek Cyrillic letters the page lacks, and anything else, print as `?`.
        assert_eq!(encode("Қ€ғ"), b"???".to_vec());
        assert_eq!(encode("\u{1b}\n\u{1d}"), b"? ?".to_vec());
    }
}
