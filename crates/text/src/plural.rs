//! Which form of a counted word a language takes for a number: the catalog keeps a counted
//! text under `.one`, `.few` and `.other`, and the screens pick by this (English says "1
//! parcel" and "2 parcels"; Russian "1 посылка", "2 посылки", "5 посылок"; Uzbek keeps one
//! form after a number).

/// The catalog's form for `n` in `lang` (`uz`, `ru`, `en`): "one", "few" or "other".
pub fn form(lang: &str, n: u64) -> &'static str {
    match lang {
        "ru" => match (n % 10, n % 100) {
            (1, h) if h != 11 => "one",
            (2..=4, h) if !(12..=14).contains(&h) => "few",
            _ => "other",
        },
        "uz" => "other",
        _ if n == 1 => "one",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::form;

    #[test]
    fn each_language_counts_as_its_grammar_does() {
        let ru: Vec<&str> = [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 0]
            .iter()
            .map(|n| form("ru", *n))
            .collect();
        assert_eq!(
            ru,
            [
                "one", "few", "few", "other", "other", "other", "other", "one", "few", "other",
                "one", "other", "other"
            ]
        );
        assert_eq!(
            (form("en", 1), form("en", 0), form("en", 2)),
            ("one", "other", "other")
        );
        assert_eq!((form("uz", 1), form("uz", 3)), ("other", "other"));
    }
}
