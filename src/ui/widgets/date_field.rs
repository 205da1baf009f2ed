//! A day field as the desk writes days (DD.MM.YYYY) with a calendar under it: typed from the
//! keyboard, or picked from a month shown in the clerk's language (the month's name, the
//! weekdays), opened and closed by the button beside the field.

use crate::ui::widgets::Form;
use chrono::{Datelike, Months, NaiveDate};
use rust_i18n::t;
use text::day::parse_day;

/// The month the calendar shows, while it is open.
#[derive(Clone, Copy)]
struct Open(NaiveDate);

/// The field and its calendar; whether the day was typed or picked this frame.
pub fn show(
    ui: &mut egui::Ui,
    form: &Form<'_>,
    label: &str,
    value: &mut String,
    key: &str,
) -> bool {
    let id = ui.make_persistent_id(("calendar", key));
    let mut open: Option<Open> = ui.data(|d| d.get_temp(id));
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.vertical(|ui| {
            ui.set_max_width(220.0);
            changed = form.text(ui, label, value, key).changed();
        });
        let toggle = ui
            .button(t!("wms.calendar_button"))
            .on_hover_text(t!("wms.calendar"))
            .clicked();
        if toggle {
            open = match open {
                Some(_) => None,
                None => Some(Open(
                    parse_day(value).unwrap_or_else(|| chrono::Local::now().date_naive()),
                )),
            };
        }
    });
    if let Some(Open(month)) = open {
        let (next, picked) = month_grid(ui, key, month, parse_day(value));
        open = match picked {
            Some(day) => {
                *value = day.format("%d.%m.%Y").to_string();
                changed = true;
                None
            }
            None => Some(Open(next)),
        };
    }
    ui.data_mut(|d| match open {
        Some(o) => {
            d.insert_temp(id, o);
        }
        None => d.remove::<Open>(id),
    });
    changed
}

/// One month: its name with the way to the months around it, the weekdays, the days. Returns
/// the month to show next and the day picked, if one was.
fn month_grid(
    ui: &mut egui::Ui,
    key: &str,
    month: NaiveDate,
    chosen: Option<NaiveDate>,
) -> (NaiveDate, Option<NaiveDate>) {
    let first = month.with_day(1).unwrap_or(month);
    let mut shown = first;
    let mut picked = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            if ui
                .button("◀")
                .on_hover_text(t!("wms.month_before"))
                .clicked()
            {
                shown = first - Months::new(1);
            }
            let name = t!(format!("wms.month_{}", first.month()));
            ui.label(format!("{name} {}", first.year()));
            if ui
                .button("▶")
                .on_hover_text(t!("wms.month_after"))
                .clicked()
            {
                shown = first + Months::new(1);
            }
        });
        let weekdays = t!("wms.weekdays");
        egui::Grid::new(("month", key)).show(ui, |ui| {
            for w in weekdays.split(',') {
                ui.label(w.trim());
            }
            ui.end_row();
            let lead = first.weekday().num_days_from_monday();
            for _ in 0..lead {
                ui.label("");
            }
            let mut day = first;
            let mut column = lead;
            while day.month() == first.month() {
                let text = day.day().to_string();
                let button = egui::Button::selectable(chosen == Some(day), text);
                if ui.add(button).clicked() {
                    picked = Some(day);
                }
                column += 1;
                if column.is_multiple_of(7) {
                    ui.end_row();
                }
                match day.succ_opt() {
                    Some(d) => day = d,
                    None => break,
                }
            }
        });
    });
    (shown, picked)
}
