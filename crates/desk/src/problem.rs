//! What can be wrong with a typed field before anything is sent: one closed set shared by the
//! order form, its item lines and the international parcel form, so none imports another for it.

/// What is wrong with a field before sending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    Required,
    Phone,
    Weight,
    Number,
    /// A number still being typed ("1.", "-"): its last digits are missing.
    Unfinished,
    TooLong(usize),
    BranchNotInCity,
    /// Not a day written as DD.MM.YYYY.
    Date,
    /// A latitude without its longitude, or a number off the globe.
    Coordinates,
    /// A personal number (PINFL) that is not 14 digits.
    Pinfl,
    /// A passport series that is not two letters.
    PassportSeries,
    /// A passport number that is not seven digits.
    PassportNumber,
    /// An HS code that is not 6 to 10 digits.
    HsCode,
    /// An IMEI that is not 15 digits with a right check digit.
    Imei,
    /// A link that is not an http(s) address.
    Url,
    /// A currency that is not three capital letters.
    Currency,
    /// A quantity that is not a whole number of at least one.
    Count,
    /// A value that is not one of the field's choices (a unit, a delivery mode).
    Choice,
    /// A GTIN that is not 8, 12, 13 or 14 digits with a right check digit.
    Gtin,
    /// A number outside what the field takes (from, to).
    Between(u32, u32),
}

impl Problem {
    /// What is wrong with a number field whose text does not give a value the field takes: nothing
    /// typed, a number not finished ("1."), not a number at all ("2kg"), or a number the field
    /// does not take (`wrong`).
    pub fn of_number(typed: &str, wrong: Problem) -> Problem {
        use api::quantity::{Typed, read_decimal};
        match read_decimal(typed) {
            Typed::Blank => Problem::Required,
            Typed::Unfinished => Problem::Unfinished,
            Typed::NotANumber => Problem::Number,
            Typed::Number(_) => wrong,
        }
    }

    /// What is wrong with a field whose value could not be read: nothing typed, or `wrong`.
    pub fn unread(typed: &str, wrong: Problem) -> Problem {
        if typed.trim().is_empty() {
            Problem::Required
        } else {
            wrong
        }
    }
}
