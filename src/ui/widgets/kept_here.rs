//! One truth about a shop database that is away, said the same on every screen that lists orders
//! (Orders, Unsent orders, End of day, the order form) as the status bar says it: how many are
//! kept at this counter, that nothing is lost, and that the shop's records come back when the
//! database answers.

use desk::Desk;
use egui::RichText;
use rust_i18n::t;

/// The notice, while the shop's database is away or something is still kept at this counter.
pub fn notice(ui: &mut egui::Ui, desk: &Desk) {
    let Some(kept) = desk.kept_here() else {
        return;
    };
    let text = if desk.shop_away() {
        t!("kept.away", n = kept)
    } else {
        t!("kept.returning", n = kept)
    };
    ui.add(
        egui::Label::new(RichText::new(text).color(egui::Color32::from_rgb(200, 120, 30))).wrap(),
    );
}
