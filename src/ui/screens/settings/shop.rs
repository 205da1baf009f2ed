//! The part of Settings that says where the shop's records are: this counter's own file, or a
//! PostgreSQL database the shop's counters share, and the name this counter goes by there.

use crate::desk::settings::ShopSettings;
use crate::ui::widgets::field;
use rust_i18n::t;

pub struct ShopForm {
    database: String,
    counter: String,
    error: Option<String>,
    counter_error: Option<String>,
}

impl ShopForm {
    pub fn new(shop: &ShopSettings) -> ShopForm {
        ShopForm {
            database: shop.database.clone(),
            counter: shop.counter.clone(),
            error: None,
            counter_error: None,
        }
    }

    /// The shop settings typed, or the error shown under the database's field.
    pub fn settings(&mut self) -> Option<ShopSettings> {
        let shop = ShopSettings {
            database: self.database.trim().to_string(),
            counter: self.counter.trim().to_string(),
        };
        self.error = (!shop.database_readable()).then(|| t!("settings.shop_bad").to_string());
        let max = ShopSettings::COUNTER_NAME_MAX;
        self.counter_error = (shop.counter.chars().count() > max)
            .then(|| t!("settings.counter_long", max = max).to_string());
        (self.error.is_none() && self.counter_error.is_none()).then_some(shop)
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        ui.strong(t!("settings.shop"));
        ui.label(egui::RichText::new(t!("settings.shop_hint")).weak());
        let error = self.error.clone();
        field(
            ui,
            &t!("settings.shop_database"),
            &mut self.database,
            error.as_deref(),
            false,
        );
        let counter_error = self.counter_error.clone();
        field(
            ui,
            &t!("settings.counter"),
            &mut self.counter,
            counter_error.as_deref(),
            false,
        );
    }
}
