//! Pickers shared by the order screens: a city field that searches as the clerk types (Latin or
//! Cyrillic) and picks with Enter or a click, and a branch list limited to one city.

use crate::api::directory::DayHours;
use crate::desk::directories::Directories;
use crate::ui::widgets::{ERROR_COLOR, entered};
use egui::RichText;
use rust_i18n::t;

/// The text typed into a city field and whether its suggestions are showing.
#[derive(Clone)]
pub struct CityPicker {
    pub query: String,
    shown_for: Option<i64>,
    /// Distinguishes two pickers with the same label (sender's and receiver's city).
    salt: &'static str,
    focus: bool,
}

impl CityPicker {
    pub fn new(salt: &'static str) -> CityPicker {
        CityPicker {
            query: String::new(),
            shown_for: None,
            salt,
            focus: false,
        }
    }

    /// Takes the keyboard on the next frame.
    pub fn focus(&mut self) {
        self.focus = true;
    }

    /// Shows the city's name when the value was set elsewhere (a draft, a reset).
    pub fn sync(&mut self, value: Option<i64>, dirs: Option<&Directories>) {
        if value != self.shown_for {
            self.query = value
                .and_then(|id| dirs?.city(id))
                .map(|c| c.name.clone())
                .unwrap_or_default();
            self.shown_for = value;
        }
    }

    /// Returns true when the value changed.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        label: &str,
        value: &mut Option<i64>,
        dirs: Option<&Directories>,
        error: Option<&str>,
    ) -> bool {
        self.sync(*value, dirs);
        let l = ui.label(label);
        let edit = egui::TextEdit::singleline(&mut self.query)
            .id_salt(("city", self.salt))
            .desired_width(f32::INFINITY)
            .hint_text(t!("dir.search_hint"));
        let r = ui.add(edit).labelled_by(l.id);
        if std::mem::take(&mut self.focus) {
            r.request_focus();
        }
        let mut changed = false;
        if r.changed() && value.is_some() {
            *value = None;
            self.shown_for = None;
            changed = true;
        }
        if value.is_none()
            && !self.query.trim().is_empty()
            && let Some(d) = dirs
        {
            let hits: Vec<usize> = d.find_cities(&self.query).into_iter().take(6).collect();
            let enter = entered(ui, &r);
            for (n, i) in hits.iter().enumerate() {
                let c = &d.data.cities[*i];
                let region = d.region(c.region_id).map(|r| r.name.as_str()).unwrap_or("");
                let pick = ui
                    .selectable_label(false, format!("{} — {}", c.name, region))
                    .clicked()
                    || (enter && n == 0);
                if pick {
                    *value = Some(c.id);
                    self.query = c.name.clone();
                    self.shown_for = *value;
                    changed = true;
                }
            }
        }
        if let Some(e) = error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        ui.add_space(4.0);
        changed
    }
}

/// Today's opening hours as text.
fn today_hours(hours: &crate::api::directory::WorkingHours) -> String {
    use chrono::Datelike;
    let day = chrono::Utc::now()
        .with_timezone(&crate::text::day::counter_zone())
        .weekday()
        .num_days_from_monday() as usize;
    match hours.day(day) {
        None => t!("dir.closed").to_string(),
        Some(DayHours::AllDay) => t!("dir.all_day").to_string(),
        Some(h) => h.to_string(),
    }
}

/// A branch of one city, with today's hours beside each name.
pub fn branch_picker(
    ui: &mut egui::Ui,
    label: &str,
    city: Option<i64>,
    value: &mut Option<i64>,
    dirs: Option<&Directories>,
    error: Option<&str>,
) {
    let l = ui.label(label);
    let branches: Vec<&crate::api::directory::Branch> = match (city, dirs) {
        (Some(c), Some(d)) => d.data.branches.iter().filter(|b| b.city_id == c).collect(),
        _ => Vec::new(),
    };
    if value.is_some_and(|v| !branches.iter().any(|b| b.id == v)) {
        *value = None;
    }
    if value.is_none() && branches.len() == 1 {
        *value = Some(branches[0].id);
    }
    let text = |b: &crate::api::directory::Branch| {
        format!(
            "{} — {} ({})",
            b.name,
            today_hours(&b.working_hours),
            t!("dir.today")
        )
    };
    let selected = value
        .and_then(|v| branches.iter().find(|b| b.id == v))
        .map(|b| text(b))
        .unwrap_or_default();
    egui::ComboBox::from_id_salt(("branch", label))
        .width(ui.available_width())
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for b in &branches {
                ui.selectable_value(value, Some(b.id), text(b));
            }
        })
        .response
        .labelled_by(l.id);
    if let Some(e) = error {
        ui.label(RichText::new(e).color(ERROR_COLOR));
    }
    ui.add_space(4.0);
}

/// Something chosen by its id and shown by its name: a directory's `{id, name}` rows, countries.
pub trait Named {
    fn id(&self) -> i64;
    fn name(&self) -> &str;
}

impl Named for crate::api::directory::IdName {
    fn id(&self) -> i64 {
        self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
}

impl Named for crate::api::directory::Country {
    fn id(&self) -> i64 {
        self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
}

/// A choice from a list of named rows, as the directory holds them (nothing copied per frame).
pub fn id_name_picker<T: Named>(
    ui: &mut egui::Ui,
    label: &str,
    list: &[T],
    value: &mut Option<i64>,
    error: Option<&str>,
) {
    let l = ui.label(label);
    let selected = value
        .and_then(|v| list.iter().find(|x| x.id() == v))
        .map(|x| x.name().to_string())
        .unwrap_or_default();
    egui::ComboBox::from_id_salt(("pick", label))
        .width(ui.available_width())
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for x in list {
                ui.selectable_value(value, Some(x.id()), x.name());
            }
        })
        .response
        .labelled_by(l.id);
    if let Some(e) = error {
        ui.label(RichText::new(e).color(ERROR_COLOR));
    }
    ui.add_space(4.0);
}
