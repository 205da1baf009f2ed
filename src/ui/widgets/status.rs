//! How an order's status and times read on every screen: a coloured chip with the status in the
//! clerk's language, and a moment as the counter's local date and time.

use egui::RichText;
use rust_i18n::t;

/// A status chip colour by legacy status id.
pub fn status_color(status_id: i64) -> egui::Color32 {
    match status_id {
        0 => egui::Color32::from_rgb(190, 60, 60),
        1 => egui::Color32::from_rgb(90, 110, 140),
        6 => egui::Color32::from_rgb(40, 140, 70),
        7 => egui::Color32::from_rgb(200, 120, 30),
        _ => egui::Color32::from_rgb(40, 100, 180),
    }
}

pub fn status_chip(ui: &mut egui::Ui, status_id: i64, name: &str) {
    let name = status_text(status_id, name);
    egui::Frame::new()
        .fill(status_color(status_id))
        .corner_radius(8.0)
        .inner_margin(egui::Margin::symmetric(6, 1))
        .show(ui, |ui| {
            ui.add(
                egui::Label::new(RichText::new(&name).color(egui::Color32::WHITE).small())
                    .truncate(),
            );
        });
}

/// A status in the clerk's language, by its legacy id (what the journal keeps): the catalog's
/// name, so a list never shows one status in the language of the day it was read; the name the
/// service gave only for an id the catalog does not know.
pub fn status_text(status_id: i64, service_name: &str) -> String {
    let key = format!("legacy_status.{status_id}");
    let text = t!(&key).to_string();
    if text == key || text.is_empty() {
        service_name.to_string()
    } else {
        text
    }
}

/// A moment in the counter's time, as every date the clerk reads or types is written
/// (DD.MM.YYYY HH:MM).
pub fn when(epoch: i64) -> String {
    chrono::DateTime::from_timestamp(epoch, 0)
        .map(|d| {
            d.with_timezone(&crate::ui::widgets::period::counter_zone())
                .format("%d.%m.%Y %H:%M")
                .to_string()
        })
        .unwrap_or_default()
}
