//! Numbers on the screens, in the clerk's language (the decimal comma in Uzbek and Russian,
//! thousands grouped): what `text::number` writes, for the language of the moment.

use rust_i18n::t;

/// The catalog's code of the language of the moment.
fn lang() -> String {
    rust_i18n::locale().to_string()
}

/// A weight's kilograms, as typed into and shown in a field: `2,5`.
pub fn kg_number(grams: u64) -> String {
    text::number::kilograms(grams, &lang())
}

/// A weight with its unit: `2,5 kg`.
pub fn kg(grams: u64) -> String {
    kg_in(grams, &lang())
}

/// A weight with its unit in `lang`.
fn kg_in(grams: u64, lang: &str) -> String {
    let unit = t!("scale.kg", locale = lang);
    format!("{} {unit}", text::number::kilograms(grams, lang))
}

/// A weight's kilograms given as a float (a parcel's lines' total): `2,5`.
pub fn kg_of(kilograms: f64) -> String {
    text::number::float_trimmed(kilograms, 3, &lang())
}

/// An amount in a currency with cents (a parcel's declared value): `12,50`.
pub fn amount(value: f64) -> String {
    text::number::float(value, 2, &lang())
}

/// A whole number with its thousands grouped: `125 000`.
pub fn whole(n: i64) -> String {
    text::number::whole(n)
}

/// A number with one decimal (megabytes): `1,5`.
pub fn one_decimal(value: f64) -> String {
    text::number::float(value, 1, &lang())
}

#[cfg(test)]
mod tests {
    use super::kg_in;

    #[test]
    fn a_weight_on_screen_reads_right_in_each_language() {
        assert_eq!(kg_in(2_500, "uz"), "2,5 kg");
        assert_eq!(kg_in(2_500, "ru"), "2,5 кг");
        assert_eq!(kg_in(2_500, "en"), "2.5 kg");
        assert_eq!(kg_in(1_234_500, "ru"), "1\u{2009}234,5 кг");
        assert_eq!(kg_in(350, "uz"), "0,35 kg");
    }
}
