//! The part of Settings that names the shop as a sender: its name, phone, city and address, put
//! into an order's sender side with one click ("The shop sends"), or into every new order when
//! the shop ships only its own goods.

use crate::ui::widgets::field;
use crate::ui::widgets::pickers::CityPicker;
use api::phone::valid_phone;
use desk::reference::directories::Directories;
use desk::session::settings::SenderProfile;
use rust_i18n::t;

pub struct SenderForm {
    profile: SenderProfile,
    city: CityPicker,
    phone_error: Option<String>,
}

impl SenderForm {
    pub fn new(profile: &SenderProfile) -> SenderForm {
        SenderForm {
            profile: profile.clone(),
            city: CityPicker::new("shop sender"),
            phone_error: None,
        }
    }

    /// The profile typed, or `None` with the errors shown under the phone and the city (a city
    /// typed but not taken is not saved as none).
    pub fn profile(&mut self, dirs: Option<&Directories>) -> Option<SenderProfile> {
        let city = self.city.settle(&mut self.profile.city, dirs);
        let p = &self.profile;
        let phone = p.phone.trim();
        self.phone_error =
            (!phone.is_empty() && !valid_phone(phone)).then(|| t!("order.bad_phone").to_string());
        (self.phone_error.is_none() && city.is_ok()).then(|| SenderProfile {
            name: p.name.trim().to_string(),
            phone: phone.to_string(),
            city: p.city,
            address: p.address.trim().to_string(),
            every_order: p.every_order,
            origin: p.origin.trim().to_string(),
        })
    }

    pub fn show(&mut self, ui: &mut egui::Ui, dirs: Option<&Directories>) {
        ui.strong(t!("settings.sender"));
        ui.label(egui::RichText::new(t!("settings.sender_hint")).weak());
        let p = &mut self.profile;
        field(ui, &t!("settings.sender_name"), &mut p.name, None, false);
        let phone_error = self.phone_error.clone();
        field(
            ui,
            &t!("settings.sender_phone"),
            &mut p.phone,
            phone_error.as_deref(),
            false,
        );
        self.city
            .show(ui, &t!("settings.sender_city"), &mut p.city, dirs, None);
        field(
            ui,
            &t!("settings.sender_address"),
            &mut p.address,
            None,
            false,
        );
        ui.checkbox(&mut p.every_order, t!("settings.sender_every_order"));
        field(
            ui,
            &t!("settings.sender_origin"),
            &mut p.origin,
            None,
            false,
        );
    }
}
