//! Numbers as a person reads them in each language: Uzbek and Russian write the decimal comma
//! ("2,5 kg"), English the point; all three group thousands with a thin space, as money already
//! is ("125 000"). "2.500 kg" reads as two thousand five hundred in Uzbek and Russian, so every
//! weight, size and amount the clerk or a document shows is written here, and nowhere else.
//!
//! The language is its catalog's code (`uz`, `ru`, `en`), as [`crate::plural`] takes it.

/// The space between groups of thousands (a thin space, as the money's).
pub const GROUP: char = '\u{2009}';

/// The decimal sign of `lang`.
pub fn decimal_sign(lang: &str) -> char {
    match lang {
        "uz" | "ru" => ',',
        _ => '.',
    }
}

/// A whole number with its thousands grouped: `1 234 567`.
pub fn whole(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(GROUP);
        }
        out.push(c);
    }
    out
}

/// `units` hundredths, thousandths… (`places` digits after the sign) in `lang`: every place
/// written (`12,50`), thousands grouped.
pub fn fixed(units: i64, places: u32, lang: &str) -> String {
    let scale = 10_i64.pow(places);
    let sign = if units < 0 { "-" } else { "" };
    let (int, frac) = (
        units.unsigned_abs() / scale as u64,
        units.unsigned_abs() % scale as u64,
    );
    let int = whole(int as i64);
    if places == 0 {
        return format!("{sign}{int}");
    }
    let width = places as usize;
    format!("{sign}{int}{}{frac:0width$}", decimal_sign(lang))
}

/// As [`fixed`], without the zeros that end the fraction (`2,5`; `3` for `3,000`).
pub fn trimmed(units: i64, places: u32, lang: &str) -> String {
    let text = fixed(units, places, lang);
    if places == 0 {
        return text;
    }
    let text = text.trim_end_matches('0');
    text.strip_suffix(decimal_sign(lang))
        .unwrap_or(text)
        .to_string()
}

/// A weight in kilograms from its grams, as read in `lang`: `2,5`, `0,35`, `12`, `1 250,4`.
pub fn kilograms(grams: u64, lang: &str) -> String {
    trimmed(i64::try_from(grams).unwrap_or(i64::MAX), 3, lang)
}

/// A number that came as a float (a value declared in a currency, a volume): rounded to
/// `places` and written as [`fixed`].
pub fn float(value: f64, places: u32, lang: &str) -> String {
    let units = (value * 10_f64.powi(places as i32)).round();
    fixed(units as i64, places, lang)
}

/// As [`float`], without the zeros that end the fraction.
pub fn float_trimmed(value: f64, places: u32, lang: &str) -> String {
    let units = (value * 10_f64.powi(places as i32)).round();
    trimmed(units as i64, places, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uzbek_and_russian_write_the_decimal_comma_english_the_point() {
        assert_eq!(kilograms(2_500, "uz"), "2,5");
        assert_eq!(kilograms(2_500, "ru"), "2,5");
        assert_eq!(kilograms(2_500, "en"), "2.5");
        assert_eq!(kilograms(350, "ru"), "0,35");
        assert_eq!(kilograms(3_000, "uz"), "3");
        assert_eq!(kilograms(1_250_400, "ru"), "1\u{2009}250,4");
        assert_eq!(kilograms(1_250_400, "en"), "1\u{2009}250.4");
        assert_eq!(fixed(1250, 2, "ru"), "12,50");
        assert_eq!(fixed(1250, 2, "en"), "12.50");
        assert_eq!(fixed(-5, 2, "uz"), "-0,05");
        assert_eq!(float(19.999, 2, "ru"), "20,00");
        assert_eq!(float_trimmed(0.5, 1, "uz"), "0,5");
        assert_eq!(whole(125_000), "125\u{2009}000");
        assert_eq!(whole(-1_000), "-1\u{2009}000");
        assert_eq!(whole(999), "999");
        assert_eq!(fixed(7, 0, "ru"), "7");
    }
}
