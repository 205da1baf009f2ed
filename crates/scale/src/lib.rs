//! A crate of its own because a scale's protocol changes with the scale on the counter, never
//! with a screen or the service: the desk reads whatever kind the shop has through one
//! [`Reading`], and a weight is put in the order only when [`Steady`] says it has settled.
//!
//! Two kinds of scale are read: USB HID scales of the point-of-sale usage page (0x8D, the
//! common postal scales: [`hid_pos`]) and serial or USB-serial scales that stream their
//! readings or answer a request ([`serial_text`]). [`simulated`] speaks both, for the tests and
//! the demo, on a pseudo terminal ([`pty_scale`]) or as a HID report stream. [`device`] follows a
//! connected scale on a thread of its own; which scale is the desk's to say (its settings).

pub mod device;
pub mod hid_pos;
#[cfg(unix)]
pub mod pty_scale;
pub mod reading;
pub mod serial_text;
pub mod simulated;
pub mod steady;

pub use reading::{Fault, Reading, Unit};
pub use steady::{SETTLED_REPORTS, Shown, Steady};
