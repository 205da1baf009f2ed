//! The desk at rest asks for no frames: on every main screen, logged in, in demo mode with its
//! simulated scale reporting an empty pan several times a second, once the screen's own reads
//! have landed, nothing asks the window to draw again (a scale repeating itself, a timer with
//! nothing due, a blinking cursor did: a third of a core under software GL). What it costs in CPU
//! is measured by `benches/at-rest`.

mod common;

use common::ui::{ready_desk, step_until};
use egui::{Key, Modifiers};
use parcel_desk::scale::Shown;
use parcel_desk::ui::ScreenId;
use std::time::Duration;

#[test]
fn every_main_screen_at_rest_asks_for_no_frame() {
    let (_env, mut h) = ready_desk("at-rest");
    step_until(&mut h, "the empty pan read", |h| {
        h.state().desk.scale_state().map(|s| s.shown) == Some(Shown::Empty)
    });
    let screens = [
        (Modifiers::COMMAND, Key::N, ScreenId::NewOrder),
        (Modifiers::COMMAND, Key::O, ScreenId::Orders),
        (Modifiers::COMMAND, Key::E, ScreenId::EndOfDay),
        (Modifiers::COMMAND, Key::D, ScreenId::Directories),
        (
            Modifiers::COMMAND | Modifiers::SHIFT,
            Key::N,
            ScreenId::NewParcel,
        ),
        (
            Modifiers::COMMAND | Modifiers::SHIFT,
            Key::O,
            ScreenId::Parcels,
        ),
        (Modifiers::COMMAND, Key::U, ScreenId::Unsent),
        (Modifiers::COMMAND, Key::K, ScreenId::Calculator),
    ];
    for (mods, key, screen) in screens {
        h.key_press_modifiers(mods, key);
        step_until(&mut h, "the screen, its reads landed", |h| {
            h.state().screen() == screen && !h.state().is_busy()
        });
        // A second of the scale's reports (an empty pan) arrives meanwhile.
        std::thread::sleep(Duration::from_secs(1));
        let frames = h.try_run();
        assert!(
            frames.is_ok(),
            "{screen:?} keeps asking for frames at rest: {frames:?}"
        );
    }
}
