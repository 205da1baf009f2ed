//! Parcel Desk: the counter clerk's desktop application for the parcel delivery service. This
//! package is the window (`ui`) and the program; the clerk's logic, the service's clients, the
//! journal, the labels and the twin of the service are crates of their own (`crates/`), named
//! again here so that the integration tests and benches reach them through one door.

pub use api;
pub use desk;
pub use files;
pub use label;
pub use scale;
pub use store;
pub use text;
pub use twin;
pub mod ui;

// The translation catalog: assets/locales/{uz,ru,en}.toml, English where a key is missing.
rust_i18n::i18n!("assets/locales", fallback = "en");
