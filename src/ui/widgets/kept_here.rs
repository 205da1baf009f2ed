//! One truth about a shop database that is away, said the same on every screen that lists orders
//! (Orders, Unsent orders, End of day, the order form) as the status bar says it: how many are
//! kept at this counter, that nothing is lost, and that the shop's records come back when the
//! database answers.

use desk::Desk;
use egui::RichText;
use rust_i18n::t;

/// What the notice stands above: the list of orders, the orders waiting for the service (the
/// kept ones are confirmed: none of them waits), or a day's totals (which, while the database
/// is away, count only what this counter kept, and only today).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Above {
    Orders,
    Unsent,
    Today,
    OtherDay,
}

/// The notice, while the shop's database is away or something is still kept at this counter.
pub fn notice(ui: &mut egui::Ui, desk: &Desk, above: Above) {
    let Some(kept) = desk.kept_here() else {
        return;
    };
    let text = match (desk.shop_away(), above) {
        (true, Above::Orders) => t!("kept.away", n = kept),
        (true, Above::Unsent) => t!("kept.away_unsent", n = kept),
        (true, Above::Today) => t!("kept.away_day", n = kept),
        (true, Above::OtherDay) => t!("kept.away_other_day"),
        (false, _) => t!("kept.returning", n = kept),
    };
    ui.add(
        egui::Label::new(RichText::new(text).color(egui::Color32::from_rgb(200, 120, 30))).wrap(),
    );
}
