//! The window's look, set once on every context (the window's and the tests'): the bundled font
//! (DejaVu Sans) goes first in every family, since egui's own fonts lack U+02BB, the letter mark
//! of Uzbek oʻ and gʻ, and some Uzbek Cyrillic letters; scroll bars take room of their own
//! beside what they scroll (egui's float over the content, over the right edge of every input);
//! and the text cursor holds still (a blinking one redraws the window at rest).

use egui::epaint::text::{FontInsert, InsertFontFamily};
use egui::{FontData, FontFamily};

/// The same bytes the labels are drawn with.
pub const DEJAVU_SANS: &[u8] = label::font::REGULAR_TTF;

pub fn install(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| {
        style.spacing.scroll = egui::style::ScrollStyle::solid();
        // A steady text cursor: a blinking one redraws the window twice a second for nothing
        // (a counter at rest with the cursor in a field).
        style.visuals.text_cursor.blink = false;
    });
    ctx.add_font(FontInsert::new(
        "DejaVuSans",
        FontData::from_static(DEJAVU_SANS),
        vec![
            InsertFontFamily {
                family: FontFamily::Proportional,
                priority: egui::epaint::text::FontPriority::Highest,
            },
            InsertFontFamily {
                family: FontFamily::Monospace,
                priority: egui::epaint::text::FontPriority::Lowest,
            },
        ],
    ));
}
