//! Reading a paged list, as the lists that page through the service show it: the row of
//! previous / page N of M / next, and the progress of "load all" with its stop (drawn by the
//! one "working on it" row that other long jobs show too).

use crate::api::envelope::LoadProgress;
use rust_i18n::t;
use std::sync::atomic::{AtomicBool, Ordering};

/// Previous, "page N of M", next; the page asked for when one of them was pressed.
pub fn pager(ui: &mut egui::Ui, page: u64, pages: u64, idle: bool) -> Option<u64> {
    let mut asked = None;
    let prev = egui::Button::new(t!("intl_list.prev"));
    if ui.add_enabled(idle && page > 1, prev).clicked() {
        asked = Some(page - 1);
    }
    ui.label(t!("intl_list.page", page = page, pages = pages));
    let next = egui::Button::new(t!("intl_list.next"));
    if ui.add_enabled(idle && page < pages, next).clicked() {
        asked = Some(page + 1);
    }
    asked
}

/// "Read N of M pages" with a spinner and the stop button; repaints while it runs.
pub fn progress(ui: &mut egui::Ui, progress: &LoadProgress) {
    let read = progress.read.load(Ordering::Relaxed);
    let total = progress.total.load(Ordering::Relaxed);
    let text = t!("intl_list.progress", read = read, total = total);
    working(ui, &text, Some(&progress.stop));
}

/// A spinner beside what is being done and, when `stop` is given, a button that sets it; the
/// screen repaints while the work runs, so the counts move.
pub fn working(ui: &mut egui::Ui, text: &str, stop: Option<&AtomicBool>) {
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label(text);
        if let Some(stop) = stop
            && ui.button(t!("intl_list.stop")).clicked()
        {
            stop.store(true, Ordering::Relaxed);
        }
    });
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_millis(200));
}
