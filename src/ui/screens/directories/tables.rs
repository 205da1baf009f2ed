//! What the Directories screen draws besides its tabs: a plain table of one list, a branch's
//! detail (address, phone, the week of opening hours with today marked, open now, map link), and
//! the status lists of all three generations.

use api::directory::{Branch, DayHours};
use chrono::{Datelike, Timelike};
use desk::reference::directories::{Directories, DirectoryData, parcel_statuses};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;

/// Weekday (Monday = 0) and minute of the day in Tashkent, where the branches are.
fn tashkent_now() -> (usize, u16) {
    let now = chrono::Utc::now().with_timezone(&text::day::counter_zone());
    (
        now.weekday().num_days_from_monday() as usize,
        (now.hour() * 60 + now.minute()) as u16,
    )
}

pub(super) fn simple_table(
    ui: &mut egui::Ui,
    id: &str,
    header: &[std::borrow::Cow<'_, str>],
    (n, total): (usize, usize),
    row: impl Fn(usize) -> Vec<String>,
) {
    ui.label(RichText::new(t!("dir.count", shown = n, total = total)).weak());
    let mut tb = TableBuilder::new(ui)
        .id_salt(id)
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for i in 0..header.len() {
        tb = if i + 1 == header.len() {
            tb.column(Column::remainder())
        } else {
            tb.column(Column::initial(if i == 0 { 70.0 } else { 220.0 }).resizable(true))
        };
    }
    tb.header(22.0, |mut h| {
        for title in header {
            h.col(|ui| {
                ui.strong(title.as_ref());
            });
        }
    })
    .body(|body| {
        body.rows(22.0, n, |mut r| {
            for cell in row(r.index()) {
                r.col(|ui| {
                    ui.add(egui::Label::new(cell).truncate());
                });
            }
        });
    });
}

pub(super) fn branch_detail(ui: &mut egui::Ui, dirs: &Directories, b: &Branch) {
    ui.heading(&b.name);
    if let Some(c) = dirs.city(b.city_id) {
        let region = dirs
            .region(c.region_id)
            .map(|r| r.name.as_str())
            .unwrap_or("");
        ui.label(format!("{}, {}", c.name, region));
    }
    ui.label(&b.address);
    ui.label(&b.phone);
    let (today, minute) = tashkent_now();
    let open = b.working_hours.is_open(today, minute);
    let (text, color) = if open {
        (t!("dir.open_now"), egui::Color32::from_rgb(30, 130, 60))
    } else {
        (t!("dir.closed_now"), crate::ui::widgets::ERROR_COLOR)
    };
    ui.label(RichText::new(text).color(color).strong());
    ui.add_space(6.0);
    ui.strong(t!("dir.hours"));
    egui::Grid::new("week").striped(true).show(ui, |ui| {
        for day in 0..7 {
            let key = format!("day.{}", day + 1);
            let name = t!(key.as_str()).to_string();
            let hours = match b.working_hours.day(day) {
                None => t!("dir.closed").to_string(),
                Some(DayHours::AllDay) => t!("dir.all_day").to_string(),
                Some(h) => h.to_string(),
            };
            if day == today {
                ui.label(RichText::new(format!("▶ {name} ({})", t!("dir.today"))).strong());
                ui.label(RichText::new(hours).strong());
            } else {
                ui.label(name);
                ui.label(hours);
            }
            ui.end_row();
        }
    });
    ui.add_space(8.0);
    if let Some((lat, lon)) = b.coordinates()
        && ui.button(t!("dir.open_map")).clicked()
    {
        ui.ctx().open_url(egui::OpenUrl::new_tab(format!(
            "https://www.openstreetmap.org/?mlat={lat}&mlon={lon}#map=17/{lat}/{lon}"
        )));
    }
}

pub(super) fn statuses(ui: &mut egui::Ui, data: &DirectoryData) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.strong(t!("dir.statuses_current"));
        if data.statuses.is_empty() {
            ui.label(t!("dir.needs_current"));
        }
        for s in &data.statuses {
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{:>5}", s.code.code())).monospace());
                ui.label(&s.name);
                if s.next_possible_statuses.is_empty() {
                    ui.label(RichText::new(format!("■ {}", t!("dir.final"))).weak());
                } else {
                    for n in &s.next_possible_statuses {
                        let name = data
                            .statuses
                            .iter()
                            .find(|x| x.code == *n)
                            .map(|x| x.name.as_str())
                            .unwrap_or("");
                        ui.label(RichText::new(format!("→ {} {}", n.code(), name)).weak());
                    }
                }
            });
        }
        ui.add_space(10.0);
        ui.strong(t!("dir.statuses_legacy"));
        for s in &data.legacy_statuses {
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{:>5}", s.id.code())).monospace());
                ui.label(&s.name);
            });
        }
        ui.add_space(10.0);
        ui.strong(t!("dir.statuses_parcel"));
        for s in parcel_statuses() {
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{:>5}", s.code())).monospace());
                let key = format!("parcel_status.{}", s.code());
                ui.label(t!(key.as_str()));
            });
        }
    });
}
