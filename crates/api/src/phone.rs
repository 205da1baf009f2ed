//! The service's rule for a phone number, in one place: the desk warns about what the twin
//! refuses, by the same test.

/// `+998 XX XXXXXXX`, spaces, dashes and brackets allowed: 12 digits starting 998.
pub fn valid_phone(text: &str) -> bool {
    let allowed = text
        .chars()
        .all(|c| c.is_ascii_digit() || " +-()".contains(c));
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    allowed && digits.len() == 12 && digits.starts_with("998")
}

/// The digits a phone number is known by, however it was typed: the nine of the national number
/// (`+998 90 123 45 67`, `998901234567`, `901234567` and `90-123-45-67` are all `901234567`).
/// A number of another length keeps its digits as they are: what was typed is still findable.
pub fn phone_digits(text: &str) -> String {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    match digits.strip_prefix("998") {
        Some(national) if digits.len() == 12 => national.to_string(),
        _ => digits,
    }
}

/// The digits of a phone number being typed, as the start of [`phone_digits`]: a country code
/// typed so far is left off (`+998 9` is `9`, `+99` is nothing yet); without a `+`, digits are
/// taken as the national number unless there are more than nine.
pub fn phone_prefix(typed: &str) -> String {
    let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
    let international = typed.trim_start().starts_with('+') || digits.len() > 9;
    if !international {
        return digits;
    }
    match digits.strip_prefix("998") {
        Some(national) => national.to_string(),
        None if "998".starts_with(digits.as_str()) => String::new(),
        None => digits,
    }
}

/// Every start of a national number the typed digits may be: as [`phone_prefix`] reads them,
/// and, for digits typed without a `+` that begin with the country code (`998901`), also what
/// follows it (`901`): a national number may begin with 998 too (99 8…), so both are asked.
pub fn phone_starts(typed: &str) -> Vec<String> {
    let first = phone_prefix(typed);
    let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
    let mut starts = vec![first];
    if let Some(national) = digits.strip_prefix("998")
        && !typed.trim_start().starts_with('+')
        && !national.is_empty()
        && starts[0] != national
    {
        starts.push(national.to_string());
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::{phone_digits, phone_prefix, phone_starts, valid_phone};

    #[test]
    fn digits_that_begin_with_the_country_code_are_read_both_ways() {
        assert_eq!(phone_starts("998901"), ["998901", "901"]);
        assert_eq!(phone_starts("998 90 123 45 67"), ["901234567"]);
        assert_eq!(phone_starts("+998 90"), ["90"]);
        assert_eq!(phone_starts("90123"), ["90123"]);
        assert_eq!(phone_starts("998"), ["998"]);
    }

    #[test]
    fn a_number_is_known_by_its_national_digits_however_typed() {
        for typed in [
            "+998 90 123 45 67",
            "998901234567",
            "901234567",
            "90-123-45-67",
            "+998 (90) 123-45-67",
        ] {
            assert_eq!(phone_digits(typed), "901234567", "{typed}");
        }
        assert_eq!(phone_digits("+7 900 123 45 67"), "79001234567");
        let starts = [
            ("+998 90 1", "901"),
            ("+99", ""),
            ("+9", ""),
            ("901", "901"),
            ("90-12", "9012"),
            ("99890123", "99890123"),
            ("9989012345", "9012345"),
            ("+7 900", "7900"),
        ];
        for (typed, start) in starts {
            assert_eq!(phone_prefix(typed), start, "{typed}");
        }
    }

    #[test]
    fn phones() {
        let taken = ["+998 90 1234567", "998901234567", "+998 (90) 123-45-67"];
        let refused = ["+7 900 1234567", "+998 90 123456", "+998 90 12345678a"];
        testkit::sorts(valid_phone, &taken, &refused);
    }
}
