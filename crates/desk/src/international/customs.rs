//! The customs data of an international parcel as the clerk types it, checked before anything is
//! sent: a personal number (PINFL) of 14 digits, a passport of two letters and seven digits, an HS
//! code of 6 to 10 digits, an IMEI of 15 digits whose last is its Luhn check digit, a product link
//! that parses, and a three-letter currency. Each is a pure function, tested below.

/// The currencies the desk offers for a declaration (ISO 4217), most used first.
pub const CURRENCIES: &[&str] = &[
    "USD", "EUR", "UZS", "RUB", "CNY", "TRY", "KRW", "AED", "GBP", "KZT", "JPY",
];

fn digits(text: &str, n: std::ops::RangeInclusive<usize>) -> bool {
    let t = text.trim();
    n.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
}

/// The personal identification number: exactly 14 digits.
pub fn pinfl_ok(text: &str) -> bool {
    digits(text, 14..=14)
}

/// A passport series: two Latin letters (either case; sent in capitals).
pub fn passport_series_ok(text: &str) -> bool {
    let t = text.trim();
    t.len() == 2 && t.bytes().all(|b| b.is_ascii_alphabetic())
}

/// A passport number: seven digits.
pub fn passport_number_ok(text: &str) -> bool {
    digits(text, 7..=7)
}

/// A Harmonized System code: 6 to 10 digits (the world's six, a country's extension).
pub fn hs_code_ok(text: &str) -> bool {
    digits(text, 6..=10)
}

/// An IMEI: 15 digits, the last being the Luhn check digit of the first fourteen.
pub fn imei_ok(text: &str) -> bool {
    let t = text.trim();
    if !digits(t, 15..=15) {
        return false;
    }
    let sum: u32 = t
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let twice = d * 2;
                if twice > 9 { twice - 9 } else { twice }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// A product link the service can open: http or https with a host.
pub fn url_ok(text: &str) -> bool {
    url::Url::parse(text.trim())
        .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
}

/// A currency code: three capital Latin letters.
pub fn currency_ok(text: &str) -> bool {
    let t = text.trim();
    t.len() == 3 && t.bytes().all(|b| b.is_ascii_uppercase())
}

/// An international parcel number as the UPU's S10 writes it: two letters, eight digits and a
/// check digit, two letters (`CN000000101UZ`). A scan of one opens the parcel, not an order.
pub fn is_parcel_number(text: &str) -> bool {
    let t = text.trim().as_bytes();
    t.len() == 13
        && t[..2].iter().all(u8::is_ascii_uppercase)
        && t[2..11].iter().all(u8::is_ascii_digit)
        && t[11..].iter().all(u8::is_ascii_uppercase)
}

/// A non-negative decimal as typed ("12,5" reads as 12.5); `None` when it is not one.
pub fn decimal(text: &str) -> Option<f64> {
    let v: f64 = text.trim().replace(',', ".").parse().ok()?;
    (v.is_finite() && v >= 0.0).then_some(v)
}

/// A whole count of at least one.
pub fn count(text: &str) -> Option<u32> {
    text.trim().parse().ok().filter(|n| *n >= 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::sorts;

    #[test]
    fn personal_numbers_and_passports() {
        let pinfl = ["31234567890123", " 31234567890123 "];
        sorts(
            pinfl_ok,
            &pinfl,
            &["3123456789012", "312345678901234", "3123456789012a"],
        );
        // The last refused series is in Cyrillic letters, which are not the passport's.
        sorts(passport_series_ok, &["AA", "ab"], &["A1", "AAA", "АА"]);
        sorts(passport_number_ok, &["1234567"], &["123456", "12345678"]);
    }

    #[test]
    fn hs_codes_and_imeis() {
        let short_long_dotted = ["64041", "64041100001", "6404.11"];
        sorts(hs_code_ok, &["640411", "6404110000"], &short_long_dotted);
        // A published example IMEI; then a wrong check digit, fourteen digits, a letter.
        let refused = ["490154203237517", "49015420323751", "49015420323751x"];
        sorts(imei_ok, &["490154203237518"], &refused);
    }

    #[test]
    fn links_currencies_and_numbers() {
        assert!(url_ok("https://shop.example/p/1"));
        assert!(!url_ok("shop.example/p/1"));
        assert!(!url_ok("ftp://shop.example/p/1"));
        assert!(currency_ok("USD"));
        assert!(!currency_ok("usd"));
        assert!(!currency_ok("US"));
        assert_eq!(decimal("12,5"), Some(12.5));
        assert_eq!(decimal("-1"), None);
        assert_eq!(decimal("NaN"), None);
        assert_eq!(decimal("abc"), None);
        assert_eq!(count("3"), Some(3));
        assert_eq!(count("0"), None);
        assert_eq!(count("1.5"), None);
        assert!(CURRENCIES.iter().all(|c| currency_ok(c)));
        assert!(is_parcel_number("CN000000101UZ"));
        assert!(!is_parcel_number("019914300001"), "a domestic barcode");
        assert!(!is_parcel_number("cn000000101uz"));
    }
}
