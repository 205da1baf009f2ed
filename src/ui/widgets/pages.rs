//! Reading a paged list, as the lists that page through the service show it: what is being read
//! ([`Paging`]), the row of previous / page N of M / next, and the progress of "load all" with
//! its stop (drawn by the one "working on it" row that other long jobs show too).

use api::envelope::{LoadProgress, Page};
use desk::task::{Slot, Task, ready, ready_with};
use rust_i18n::t;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Previous, "page N of M", next; the page asked for when one of them was pressed.
fn pager(ui: &mut egui::Ui, page: u64, pages: u64, idle: bool) -> Option<u64> {
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
fn progress(ui: &mut egui::Ui, progress: &LoadProgress) {
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

/// "Load all" under way: its progress (and stop) and its task.
type ReadingAll<T, E> = (Arc<LoadProgress>, Task<Result<Vec<T>, E>>);

/// A list read from the service a page at a time, or every page at once with progress and a
/// stop: what is under way, and which page is shown.
pub struct Paging<T, E> {
    /// The page shown and the pages in all, when reading a page at a time.
    pub page: Option<(u64, u64)>,
    one: Option<Task<Result<Page<T>, E>>>,
    all: Option<ReadingAll<T, E>>,
}

impl<T, E> Default for Paging<T, E> {
    fn default() -> Self {
        Paging {
            page: None,
            one: None,
            all: None,
        }
    }
}

impl<T, E> Paging<T, E> {
    /// Whether a page, or every page, is being read.
    pub fn busy(&self) -> bool {
        self.one.is_some() || self.all.is_some()
    }

    /// Reads one page (what `task` asks for).
    pub fn read_page(&mut self, task: Task<Result<Page<T>, E>>) {
        self.one = Some(task);
    }

    /// Reads every page; `start` begins it, counting on the progress it is given.
    pub fn read_all(&mut self, start: impl FnOnce(Arc<LoadProgress>) -> Task<Result<Vec<T>, E>>) {
        let progress = Arc::new(LoadProgress::default());
        self.all = Some((progress.clone(), start(progress)));
    }

    /// The rows read, once a page or every page has come (or why not).
    pub fn poll(&mut self) -> Option<Result<Vec<T>, E>> {
        if let Some(answer) = ready(&mut self.one) {
            return Some(answer.map(|p| {
                self.page = Some((p.meta.current_page, p.meta.page_count));
                p.items
            }));
        }
        let (_, answer) = ready_with(&mut self.all)?;
        if answer.is_ok() {
            self.page = None;
        }
        Some(answer)
    }

    /// While every page is being read: how far it is, and its stop.
    pub fn progress(&self, ui: &mut egui::Ui) {
        if let Some((p, _)) = &self.all {
            progress(ui, p);
        }
    }

    /// When reading a page at a time: previous, "page N of M", next; the page asked for.
    pub fn pager(&self, ui: &mut egui::Ui) -> Option<u64> {
        let (page, pages) = self.page?;
        pager(ui, page, pages, !self.busy())
    }

    /// Whether only a single page is being read (a spinner is enough for it).
    pub fn reading_one(&self) -> bool {
        self.one.is_some()
    }
}

impl<T, E> Slot for Paging<T, E> {
    fn running(&self) -> bool {
        self.busy()
    }
}
