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

#[cfg(test)]
mod tests {
    use super::valid_phone;

    #[test]
    fn phones() {
        let taken = ["+998 90 1234567", "998901234567", "+998 (90) 123-45-67"];
        let refused = ["+7 900 1234567", "+998 90 123456", "+998 90 12345678a"];
        testkit::sorts(valid_phone, &taken, &refused);
    }
}
