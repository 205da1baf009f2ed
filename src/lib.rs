//! Parcel Desk: the counter clerk's desktop application for the parcel delivery service, and a
//! faithful twin of that service for demo mode, integrators and tests.

pub mod api;
pub mod desk;
pub mod label;
pub mod private_files;
pub mod sandbox;
pub mod store;
#[cfg(test)]
mod test_support;
pub mod text;
pub mod ui;

// The translation catalog: assets/locales/{uz,ru,en}.toml, English where a key is missing.
rust_i18n::i18n!("assets/locales", fallback = "en");
