//! What can be wrong with a typed field before anything is sent: one closed set shared by the
//! order form and its item lines, so neither imports the other for it.

/// What is wrong with a field before sending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    Required,
    Phone,
    Weight,
    Number,
    TooLong(usize),
    BranchNotInCity,
    /// Not a day written as DD.MM.YYYY.
    Date,
    /// A latitude without its longitude, or a number off the globe.
    Coordinates,
}
