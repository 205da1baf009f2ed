//! The part of Settings that says where the shop's records are: this counter's own file, or a
//! PostgreSQL database the shop's counters share, and the name this counter goes by there.

use crate::ui::widgets::field;
use crate::ui::widgets::words::Words;
use desk::session::settings::ShopSettings;
use rust_i18n::t;

pub struct ShopForm {
    database: String,
    password: String,
    counter: String,
    error: Option<Words>,
    counter_error: Option<String>,
}

impl ShopForm {
    pub fn new(shop: &ShopSettings) -> ShopForm {
        ShopForm {
            database: shop.database.clone(),
            password: shop.password.clone(),
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
            password: self.password.clone(),
        }
        .password_moved_out();
        // The fields show what is kept: a password typed into the address is in its own now.
        self.database.clone_from(&shop.database);
        self.password.clone_from(&shop.password);
        self.error = (!shop.database_readable()).then(|| crate::words!("settings.shop_bad"));
        let max = ShopSettings::COUNTER_NAME_MAX;
        self.counter_error = (shop.counter.chars().count() > max)
            .then(|| t!("settings.counter_long", max = max).to_string());
        (self.error.is_none() && self.counter_error.is_none()).then_some(shop)
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        ui.strong(t!("settings.shop"));
        ui.label(egui::RichText::new(t!("settings.shop_hint")).weak());
        let error = self.error.as_ref().map(Words::text);
        field(
            ui,
            &t!("settings.shop_database"),
            &mut self.database,
            error.as_deref(),
            false,
        );
        field(
            ui,
            &t!("settings.shop_password"),
            &mut self.password,
            None,
            true,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_typed_into_the_address_moves_to_its_own_field() {
        let mut form = ShopForm::new(&ShopSettings::default());
        form.database = " postgres://desk:pa%20ss@db.shop.lan/shop?sslmode=require ".into();
        let shop = form.settings().expect("a readable address");
        assert_eq!(
            shop.database,
            "postgres://desk@db.shop.lan/shop?sslmode=require"
        );
        assert_eq!(shop.password, "pa ss");
        assert_eq!(
            form.database, shop.database,
            "the field shows the address without it"
        );
        // Typed again in its own field, it replaces the one kept.
        form.password = "new".into();
        assert_eq!(form.settings().map(|s| s.password).as_deref(), Some("new"));
        // An empty one in the address leaves the field's as it is.
        form.database = "postgres://desk:@db.shop.lan/shop".into();
        assert_eq!(form.settings().map(|s| s.password).as_deref(), Some("new"));
    }
}
