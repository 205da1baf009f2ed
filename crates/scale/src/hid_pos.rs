//! USB HID scales of the point-of-sale usage page (0x8D): the postal scales shops plug in. Each
//! sends a six-byte Scale Data Report: report id 3, a status, the unit, a signed power of ten,
//! and the weight as a 16-bit little-endian count.

use crate::reading::{Amount, Fault, Reading, Unit};

/// The HID usage page of scales.
pub const USAGE_PAGE: u16 = 0x8D;
/// The id of the Scale Data Report.
pub const DATA_REPORT: u8 = 3;

/// What the report's status byte says (HID Point of Sale usage tables, Scale Status).
pub(crate) mod status {
    pub(crate) const FAULT: u8 = 1;
    pub(crate) const STABLE_ZERO: u8 = 2;
    pub(crate) const IN_MOTION: u8 = 3;
    pub(crate) const STABLE: u8 = 4;
    pub(crate) const UNDER_ZERO: u8 = 5;
    pub(crate) const OVER_LIMIT: u8 = 6;
    pub(crate) const NEEDS_CALIBRATION: u8 = 7;
    pub(crate) const NEEDS_REZERO: u8 = 8;
}

/// Why a report could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportError {
    /// Not a Scale Data Report of six bytes.
    NotData(Vec<u8>),
    /// A status or unit the tables do not name (or a unit no shop weighs parcels in).
    Unknown { status: u8, unit: u8 },
}

fn unit(code: u8) -> Option<Unit> {
    match code {
        1 => Some(Unit::Milligram),
        2 => Some(Unit::Gram),
        3 => Some(Unit::Kilogram),
        11 => Some(Unit::Ounce),
        12 => Some(Unit::Pound),
        _ => None,
    }
}

/// Reads one report as the device sent it (with its report id first).
pub fn read_report(report: &[u8]) -> Result<Reading, ReportError> {
    let &[DATA_REPORT, state, unit_code, exponent, low, high] = report else {
        return Err(ReportError::NotData(report.to_vec()));
    };
    let unknown = ReportError::Unknown {
        status: state,
        unit: unit_code,
    };
    let amount = |unit| Amount {
        digits: i64::from(u16::from_le_bytes([low, high])),
        exponent: i8::from_le_bytes([exponent]),
        unit,
    };
    let weighed = |stable| {
        unit(unit_code)
            .and_then(|u| Reading::of(amount(u), stable))
            .ok_or(unknown.clone())
    };
    match state {
        status::FAULT => Ok(Reading::Fault(Fault::Failed)),
        status::STABLE_ZERO => Ok(Reading::Stable(0)),
        status::IN_MOTION => weighed(false),
        status::STABLE => weighed(true),
        status::UNDER_ZERO => Ok(Reading::Negative),
        status::OVER_LIMIT => Ok(Reading::Overload),
        status::NEEDS_CALIBRATION => Ok(Reading::Fault(Fault::NeedsCalibration)),
        status::NEEDS_REZERO => Ok(Reading::Fault(Fault::NeedsZeroing)),
        _ => Err(unknown),
    }
}

/// The report a scale sends for `digits` × 10^`exponent` of the unit `unit_code` with `state`
/// (what the simulated scale sends).
pub(crate) fn report(state: u8, unit_code: u8, exponent: i8, digits: u16) -> [u8; 6] {
    let [low, high] = digits.to_le_bytes();
    let [exponent] = exponent.to_le_bytes();
    [DATA_REPORT, state, unit_code, exponent, low, high]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postal_scales_reports_read_as_weights() {
        // 3.5 oz, settled (an exponent of -1, as the common postal scales send ounces).
        assert_eq!(
            read_report(&[3, 4, 11, 0xFF, 35, 0]),
            Ok(Reading::Stable(99))
        );
        // 1234 g, still moving.
        assert_eq!(
            read_report(&[3, 3, 2, 0, 0xD2, 0x04]),
            Ok(Reading::Moving(1234))
        );
        // 2.50 lb.
        assert_eq!(
            read_report(&[3, 4, 12, 0xFE, 250, 0]),
            Ok(Reading::Stable(1134))
        );
        assert_eq!(read_report(&[3, 2, 2, 0, 0, 0]), Ok(Reading::Stable(0)));
        assert_eq!(read_report(&[3, 5, 2, 0, 0, 0]), Ok(Reading::Negative));
        assert_eq!(read_report(&[3, 6, 2, 0, 0, 0]), Ok(Reading::Overload));
        assert_eq!(
            read_report(&[3, 1, 2, 0, 0, 0]),
            Ok(Reading::Fault(Fault::Failed))
        );
        assert_eq!(
            read_report(&[3, 8, 2, 0, 0, 0]),
            Ok(Reading::Fault(Fault::NeedsZeroing))
        );
    }

    #[test]
    fn other_reports_and_unknown_codes_are_errors() {
        assert!(matches!(
            read_report(&[4, 4, 2, 0, 1, 0]),
            Err(ReportError::NotData(_))
        ));
        assert!(matches!(
            read_report(&[3, 4, 2, 0, 1]),
            Err(ReportError::NotData(_))
        ));
        // A carat (unit 4) weighs no parcel; status 9 is not in the tables.
        assert!(matches!(
            read_report(&[3, 4, 4, 0, 1, 0]),
            Err(ReportError::Unknown { .. })
        ));
        assert!(matches!(
            read_report(&[3, 9, 2, 0, 1, 0]),
            Err(ReportError::Unknown { .. })
        ));
    }
}
