//! The part of Settings that sets when the order form asks before sending (heaviest parcel,
//! largest cash on delivery, longest name): typed as text, read as whole numbers on Save.

use crate::ui::widgets::field;
use desk::domestic::plausible::Limits;
use rust_i18n::t;

pub struct LimitsForm {
    weight: String,
    cod: String,
    name: String,
    errors: [Option<String>; 3],
}

fn whole<T: std::str::FromStr + PartialOrd + Default>(text: &str) -> Result<T, String> {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    match cleaned.parse::<T>() {
        Ok(v) if v > T::default() => Ok(v),
        _ => Err(t!("settings.limit_whole").to_string()),
    }
}

impl LimitsForm {
    pub fn new(limits: &Limits) -> LimitsForm {
        LimitsForm {
            weight: limits.max_weight_kg.to_string(),
            cod: limits.max_cod.to_string(),
            name: limits.max_name_chars.to_string(),
            errors: Default::default(),
        }
    }

    /// The limits typed, or the errors shown under their fields.
    pub fn limits(&mut self) -> Option<Limits> {
        let w = whole::<u32>(&self.weight);
        let c = whole::<i64>(&self.cod);
        let n = whole::<u32>(&self.name);
        self.errors = [w.clone().err(), c.clone().err(), n.clone().err()];
        Some(Limits {
            max_weight_kg: w.ok()?,
            max_cod: c.ok()?,
            max_name_chars: n.ok()?,
        })
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        ui.strong(t!("settings.limits"));
        ui.label(egui::RichText::new(t!("settings.limits_hint")).weak());
        let [e1, e2, e3] = self.errors.clone();
        field(
            ui,
            &t!("settings.limit_weight"),
            &mut self.weight,
            e1.as_deref(),
            false,
        );
        field(
            ui,
            &t!("settings.limit_cod"),
            &mut self.cod,
            e2.as_deref(),
            false,
        );
        field(
            ui,
            &t!("settings.limit_name"),
            &mut self.name,
            e3.as_deref(),
            false,
        );
    }
}
