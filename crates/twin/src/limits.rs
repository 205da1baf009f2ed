//! The twin's limits on what it takes, in one place (the README's twin section lists them). The
//! contract names a few (`wcs_code` 70, `partner-apiKey` 512, item names 20) and the warehouse
//! server's source names its column widths; everything else gets a documented sane bound, so
//! that no input can overflow a price, panic on a date or fill the data file.

use chrono::NaiveDate;

/// A request body larger than this is refused with 413 before it is read.
pub(crate) const BODY_MAX_BYTES: usize = 1024 * 1024;

/// Any text field the table below does not name.
pub(crate) const TEXT_MAX: usize = 1000;

/// Signatures (`senderSign`, `receiverSign`) may carry a small image as text.
pub(crate) const SIGNATURE_MAX: usize = 65_536;

/// Text limits by the field's own name (the last part of its path), wherever it appears.
const TEXT_LIMITS: &[(&str, usize)] = &[
    // Names and addresses of people and places: legacy, current and international bodies.
    ("name", 255),
    ("full_name", 255),
    ("name_eng", 255),
    ("tsd_name", 255),
    ("group", 255),
    ("senderReal", 255),
    ("receiver", 255),
    ("senderAddress", 255),
    ("receiverAddress", 255),
    ("address", 255),
    ("SenderName", 255),
    ("ReceiverName", 255),
    ("SenderAddress", 255),
    ("ReceiverAddress", 255),
    // Phones: the strictest valid form is 12 digits; room for spaces and brackets.
    ("senderPhone", 32),
    ("receiverPhone", 32),
    ("receiverPhone1", 32),
    ("phone", 32),
    ("phone1", 32),
    // The warehouse server's column widths (its public source).
    ("code", 100),
    ("article", 100),
    ("nomenclature_type", 100),
    ("gtin", 50),
    ("unit", 50),
    ("kis_code", 50),
    ("inn", 20),
    ("kpp", 20),
    ("okpo", 20),
    // The contract's own.
    ("wcs_code", 70),
    ("partner-apiKey", 512),
    ("senderSign", SIGNATURE_MAX),
    ("receiverSign", SIGNATURE_MAX),
];

/// The longest text the field named `key` may hold.
pub(crate) fn text_max(key: &str) -> usize {
    TEXT_LIMITS
        .iter()
        .find(|(name, _)| *name == key)
        .map(|(_, max)| *max)
        .unwrap_or(TEXT_MAX)
}

/// Pieces of one order.
pub(crate) const PIECES_MAX: i64 = 1_000;

/// Weight of one order, in kilograms (freight by the wagon; the desk asks before 50 kg).
pub(crate) const WEIGHT_MAX_KG: u64 = 100_000;

/// Volume of one order, in cm³ (100 m³); the volume weight of this is 16 667 kg.
pub(crate) const VOLUME_MAX_CM3: f64 = 1.0e8;

/// Cash on delivery, receipt goods' prices and sums of any kind, in sum.
pub(crate) const SUM_MAX: i64 = 1_000_000_000_000;

/// How many of one receipt good or item line an order may declare.
pub(crate) const COUNT_MAX: i64 = 100_000;

/// Dates the twin takes: dispatch, receipt, contract and list dates.
pub(crate) fn date_in_range(d: NaiveDate) -> bool {
    let first = NaiveDate::from_ymd_opt(2000, 1, 1);
    let last = NaiveDate::from_ymd_opt(2100, 12, 31);
    matches!((first, last), (Some(f), Some(l)) if (f..=l).contains(&d))
}

/// Warehouse weights and volumes (kg and m³, as decimals in text).
pub(crate) const MEASURE_MAX: f64 = 1.0e6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_fields_have_their_own_limits_and_others_the_default() {
        assert_eq!(text_max("wcs_code"), 70);
        assert_eq!(text_max("receiverAddress"), 255);
        assert_eq!(text_max("comment"), TEXT_MAX);
        assert!(date_in_range(
            NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
        ));
        assert!(!date_in_range(
            NaiveDate::from_ymd_opt(1999, 12, 31).unwrap()
        ));
        assert!(!date_in_range(NaiveDate::MAX));
    }
}
