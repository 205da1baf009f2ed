//! A crate of its own because the desk and the twin both speak it, and it changes when the
//! service's contract does: a shape is defined once here, and neither side can use another.
//!
//! The wire: serde types for every request and response of the service's three interfaces, one
//! client per interface, and one error type. Nothing of the app lives here (no UI, no SQLite),
//! so the twin (`twin`) uses the very same types.

pub mod codes;
pub mod current;
pub mod current_client;
mod decode;
pub mod decode_any;
#[cfg(test)]
mod decode_props;
pub mod directory;
pub mod envelope;
pub mod error;
mod http;
pub mod international;
pub mod known_places;
pub mod legacy;
mod legacy_client;
pub mod lenient;
pub mod pacer;
pub mod phone;
pub mod quantity;
pub mod sandbox_client;
mod token;
mod token_auth;
mod token_refusal;
pub mod tracking;
pub mod warehouse;
pub mod warehouse_client;
pub mod webhook;

pub use current_client::CurrentClient;
pub use error::{ApiError, FieldErrors};
pub use http::{ClientConfig, LanguageCell, RetryPolicy};
pub use legacy_client::LegacyClient;
pub use quantity::{Sum, Weight};
pub use warehouse_client::WarehouseClient;
