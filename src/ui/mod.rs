//! The egui front, in four parts: `app` (the window: the screen list, rail, status bar,
//! scanner), `frame` (what a screen is and is handed: the `Screen` trait, its context, events,
//! commands, the screens' declarations), `screens` (one file or folder per screen, each one type behind
//! the `Screen` trait), and `widgets` (pieces several screens share: fields, pickers, the price
//! box, toasts, confirmations, errors in the clerk's words). Screens read the desk's state and
//! start its tasks; they never wait on I/O.

pub mod app;
pub mod fonts;
pub mod frame;
pub mod screens;
pub mod widgets;

pub use app::DeskApp;
use desk::Desk;
pub use frame::screen_id::ScreenId;
use rust_i18n::t;

/// A catalog text in the current language (for callers outside the UI code, such as tests).
pub fn tr(key: &str) -> String {
    t!(key).to_string()
}

/// Sets up a context for the desk: fonts and the language from the settings.
pub fn setup_context(ctx: &egui::Context, desk: &Desk) {
    fonts::install(ctx);
    rust_i18n::set_locale(desk.settings().language.as_str());
}
