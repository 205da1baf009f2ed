//! One language at a time: places are named in the clerk's language on every screen. In a test
//! binary of its own: switching the language sets the process's locale, which the other UI
//! tests (running beside it in one process) would otherwise read.

mod common;

use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use parcel_desk::ui::{ScreenId, tr};

/// A city is named in the clerk's language on every screen, whatever language the order was
/// read in (the real service names places in Russian only): the journal, the detail and the
/// city picker follow a switch of language.
#[test]
fn places_are_named_in_the_clerks_language_everywhere() {
    use parcel_desk::api::codes::Language;
    let (_env, mut h) = ready_desk("one-language");
    // Tashkent (Chilonzor) to Samarkand city, read in Uzbek (or in Russian, by the real shapes).
    let row = create_sample_order(&h);
    for (language, samarkand, chilonzor) in [
        (Language::Ru, "г.Самарканд", "Чилонзарский р-н"),
        (Language::En, "Samarkand city", "Chilonzor district"),
        (Language::Uz, "Samarqand shahar", "Chilonzor tumani"),
    ] {
        rust_i18n::set_locale(language.as_str());
        let _ = h.state_mut().desk.set_language(language);
        step_until(&mut h, "directories in the new language", |h| {
            let d = h.state().desk.directories();
            d.is_some_and(|d| d.language() == language && !d.from_cache) && !h.state().is_busy()
        });
        h.key_press_modifiers(Modifiers::COMMAND, Key::O);
        step_until(&mut h, "the journal", |h| {
            h.state().screen() == ScreenId::Orders && !h.state().is_busy()
        });
        step_until(&mut h, "the journal names the city", |h| {
            h.query_by_label(samarkand).is_some()
        });
        click_then_see(&mut h, row.barcode(), &tr("detail.all_fields"));
        assert!(
            h.query_all_by_label(samarkand).next().is_some(),
            "{language:?}: the detail names {samarkand}"
        );
        // Opened once; it stays open on the next visits.
        if language == Language::Ru {
            h.get_by_label(&tr("detail.all_fields")).click_accesskit();
        }
        step_until(&mut h, "the whole record", |h| {
            h.query_by_label(chilonzor).is_some()
        });
    }
    rust_i18n::set_locale("uz");
}
