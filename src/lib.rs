//! Parcel Desk: the counter clerk's desktop application for the parcel delivery service, and a
//! faithful twin of that service for demo mode, integrators and tests.

pub mod api;
pub mod sandbox;
pub mod text;
