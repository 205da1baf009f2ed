//! The Orders screen: the whole journal in a virtualized table (only visible rows are laid out,
//! so 100,000 rows cost what 30 do), one filter box over barcode, name, phone and city.

use super::confirm::{Question, ask};
use super::period::{Period, bounds, parse_day, today};
use super::widgets::Toasts;
use crate::api::codes::LegacyStatus;
use crate::desk::Desk;
use crate::desk::task::{Task, take};
use crate::store::JournalRow;
use crate::text::translit::search_key;
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;

/// What the clerk asked for on the Orders screen.
pub enum Found {
    Order(i64),
    /// A barcode that is not in the journal: ask the service.
    Lookup(String),
}

/// A status refresh under way.
struct Refreshing {
    progress: std::sync::Arc<crate::desk::Progress>,
    task: Task<()>,
}

/// A batch print under way; the task answers the printers' errors.
struct Batch {
    progress: std::sync::Arc<crate::desk::Progress>,
    task: Task<Vec<crate::desk::printing::PrintProblem>>,
}

/// A column the list can be sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortBy {
    Barcode,
    Created,
    Receiver,
    City,
    Status,
    Cost,
}

pub struct OrdersScreen {
    rows: Vec<JournalRow>,
    /// Search keys of each row, made once per load.
    keys: Vec<String>,
    filter: String,
    shown: Vec<usize>,
    shown_for: Option<String>,
    /// Bumped whenever `shown` changes, so `view` knows to follow.
    shown_generation: u64,
    /// Only orders in this status (legacy id), or all.
    pub status: Option<i64>,
    /// Only orders created in this period.
    pub period: Period,
    /// The clerk's own range, as typed (used when `period` is `Range`).
    pub range_from: String,
    pub range_to: String,
    /// Column and direction (true = descending).
    pub sort: (SortBy, bool),
    /// `shown` narrowed by status and sorted: the rows the table draws.
    view: Vec<usize>,
    view_for: ViewKey,
    /// The statuses present in the journal, for the status filter.
    statuses: Vec<(i64, String)>,
    loading: Option<Task<Result<Vec<JournalRow>, String>>>,
    focus_filter: bool,
    refreshing: Option<Refreshing>,
    /// Set when the clerk asks to refresh the listed orders; the app starts the work.
    pub refresh_requested: bool,
    /// Orders ticked for batch printing.
    selected: std::collections::BTreeSet<i64>,
    printing: Option<Batch>,
    /// The reason recorded for labels in the batch that were printed before.
    reprint_reason: String,
    /// Bumped whenever the selection changes.
    selection_generation: u64,
    /// Cancelled orders among the ticked ones, while the clerk is asked about printing them.
    asking_cancelled: Option<usize>,
    /// The selection (by generation) whose cancelled labels the clerk agreed to print.
    cancelled_ok: Option<u64>,
    /// "All shown are ticked", for the view and selection generation it was worked out for.
    all_ticked: Option<(ViewKey, u64, bool)>,
}

type ViewKey = Option<(u64, Option<i64>, Option<(i64, i64)>, (SortBy, bool))>;

/// Why a typed date range is not applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RangeProblem {
    Incomplete,
    Unreadable,
    Backwards,
}

/// At most this many orders are re-read in one go.
pub const REFRESH_LIMIT: usize = 500;

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

/// A status in the clerk's language: the catalog's name for a status of the chain, else the
/// name the service gave (in the language asked when it was read).
pub fn status_text(status_id: i64, service_name: &str) -> String {
    let key = format!("order_status.{status_id}");
    let text = t!(&key).to_string();
    if text == key || text.is_empty() {
        service_name.to_string()
    } else {
        text
    }
}

pub fn when(epoch: i64) -> String {
    chrono::DateTime::from_timestamp(epoch, 0)
        .map(|d| {
            d.with_timezone(&super::period::counter_zone())
                .format("%Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_default()
}

impl OrdersScreen {
    /// The screen over this desk's journal, read in the background.
    pub fn new(desk: &Desk) -> OrdersScreen {
        OrdersScreen {
            loading: Some(desk.load_journal()),
            focus_filter: true,
            ..OrdersScreen::from_rows(Vec::new())
        }
    }

    /// A screen over given rows (benchmarks and tests; the app loads the journal).
    pub fn from_rows(rows: Vec<JournalRow>) -> OrdersScreen {
        let mut s = OrdersScreen {
            rows: Vec::new(),
            keys: Vec::new(),
            filter: String::new(),
            shown: Vec::new(),
            shown_for: None,
            shown_generation: 0,
            status: None,
            period: Period::Any,
            range_from: String::new(),
            range_to: String::new(),
            sort: (SortBy::Created, true),
            view: Vec::new(),
            view_for: None,
            statuses: Vec::new(),
            loading: None,
            focus_filter: false,
            refreshing: None,
            refresh_requested: false,
            selected: Default::default(),
            printing: None,
            reprint_reason: String::new(),
            asking_cancelled: None,
            cancelled_ok: None,
            selection_generation: 0,
            all_ticked: None,
        };
        s.set_rows(rows);
        s
    }

    /// Sets the filter text as if typed.
    pub fn set_filter(&mut self, text: &str) {
        self.filter = text.to_string();
    }

    /// How many rows the filter lets through.
    pub fn shown(&self) -> usize {
        self.shown.len()
    }

    fn set_rows(&mut self, rows: Vec<JournalRow>) {
        self.keys = rows
            .iter()
            .map(|r| {
                search_key(&format!(
                    "{} {} {} {}",
                    r.barcode,
                    r.receiver,
                    r.receiver_phone.replace([' ', '+', '-', '(', ')'], ""),
                    r.city
                ))
            })
            .collect();
        let mut statuses: Vec<(i64, String)> = Vec::new();
        for r in &rows {
            if !statuses.iter().any(|(id, _)| *id == r.status_id) {
                statuses.push((r.status_id, r.status_name.clone()));
            }
        }
        statuses.sort();
        self.statuses = statuses;
        self.rows = rows;
        self.shown_for = None;
    }

    pub fn reload(&mut self, desk: &Desk) {
        if self.loading.is_none() {
            self.loading = Some(desk.load_journal());
        }
    }

    pub fn is_busy(&self) -> bool {
        self.loading.is_some() || self.refreshing.is_some()
    }

    /// The orders a refresh covers: those listed now, newest first, up to the limit.
    pub fn listed_ids(&self) -> Vec<i64> {
        self.view
            .iter()
            .take(REFRESH_LIMIT)
            .map(|&i| self.rows[i].order_id)
            .collect()
    }

    /// Starts re-reading the listed orders' statuses.
    pub fn start_refresh(&mut self, desk: &Desk) {
        self.refresh_requested = false;
        if self.refreshing.is_none()
            && let Some((progress, task)) = desk.refresh_statuses(self.listed_ids())
        {
            self.refreshing = Some(Refreshing { progress, task });
        }
    }

    /// Ticks or unticks an order for batch printing.
    pub fn select(&mut self, order_id: i64, on: bool) {
        if on {
            self.selected.insert(order_id);
            self.selection_generation += 1;
        } else {
            self.selected.remove(&order_id);
            self.selection_generation += 1;
        }
    }

    /// Prints the ticked orders' labels in the background (Ctrl+P on this screen).
    pub fn print_selected(&mut self, desk: &Desk, toasts: &mut Toasts) {
        if self.printing.is_some() || self.selected.is_empty() {
            return;
        }
        if desk.settings.printing.printer.is_none() {
            toasts.error(t!("print.no_printer"), None);
            return;
        }
        let cancelled = self
            .rows
            .iter()
            .filter(|r| {
                self.selected.contains(&r.order_id) && r.status_id == LegacyStatus::Refused.code()
            })
            .count();
        if cancelled > 0 && self.cancelled_ok != Some(self.selection_generation) {
            // Their labels say CANCELLED; still, none is printed without the clerk's word.
            self.asking_cancelled = Some(cancelled);
            return;
        }
        let reason = Some(self.reprint_reason.trim().to_string()).filter(|r| !r.is_empty());
        let ids: Vec<i64> = self.selected.iter().copied().collect();
        if let Some((progress, task)) = desk.print_labels(ids, reason) {
            self.printing = Some(Batch { progress, task });
        }
    }

    /// Whether a batch print is running.
    pub fn is_printing(&self) -> bool {
        self.printing.is_some()
    }

    pub fn focus_filter(&mut self) {
        self.focus_filter = true;
    }

    pub fn poll(&mut self, desk: &Desk, toasts: &mut Toasts) {
        if let Some(p) = &mut self.printing {
            use std::sync::atomic::Ordering::Relaxed;
            match p.task.poll() {
                crate::desk::task::Poll::Pending => {}
                crate::desk::task::Poll::Ready(errors) if errors.is_empty() => {
                    toasts.info(t!("print.batch_done", n = p.progress.done.load(Relaxed)));
                    self.selected.clear();
                    self.selection_generation += 1;
                    self.printing = None;
                }
                crate::desk::task::Poll::Ready(errors) => {
                    let failed = p.progress.failed.load(Relaxed);
                    toasts.error(
                        t!("print.batch_failed", n = failed),
                        Some(super::errors::tell_prints(&errors)),
                    );
                    self.printing = None;
                }
                crate::desk::task::Poll::Lost => {
                    toasts.error(t!("error.lost"), None);
                    self.printing = None;
                }
            }
        }
        if let Some(r) = &mut self.refreshing {
            match r.task.poll() {
                crate::desk::task::Poll::Pending => {}
                _ => {
                    let failed = r.progress.failed.load(std::sync::atomic::Ordering::Relaxed);
                    if failed > 0 {
                        // Say why, in the clerk's words ("the service answered 503").
                        let why = r.progress.last_error().map(|e| super::errors::tell(&e));
                        let text = match &why {
                            Some(w) => {
                                format!("{} {}", t!("orders.refresh_failed", n = failed), w.message)
                            }
                            None => t!("orders.refresh_failed", n = failed).to_string(),
                        };
                        toasts.error(text, why.and_then(|w| w.details));
                    }
                    self.refreshing = None;
                    self.reload(desk);
                }
            }
        }
        match take(&mut self.loading) {
            Some(Ok(Ok(rows))) => self.set_rows(rows),
            Some(Ok(Err(e))) => toasts.error(t!("orders.unreadable"), Some(e)),
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
    }

    fn refilter(&mut self) {
        if self.shown_for.as_deref() == Some(self.filter.as_str()) {
            return;
        }
        let digits_of = |t: &str| -> String { t.chars().filter(char::is_ascii_digit).collect() };
        let digits = digits_of(&self.filter);
        let q = search_key(&self.filter);
        // Typing forward only narrows the match: then only the rows shown so far are checked.
        let narrowing = self.shown_for.as_deref().is_some_and(|old| {
            let (old_q, old_digits) = (search_key(old), digits_of(old));
            !old_q.is_empty()
                && q.starts_with(&old_q)
                && digits.starts_with(&old_digits)
                && (old_digits.len() >= 3) == (digits.len() >= 3)
        });
        let candidates: Vec<usize> = if narrowing {
            std::mem::take(&mut self.shown)
        } else {
            (0..self.rows.len()).collect()
        };
        let keys = &self.keys;
        self.shown = candidates
            .into_iter()
            .filter(|&i| {
                q.is_empty()
                    || crate::text::translit::matches(&q, &keys[i])
                    || (digits.len() >= 3 && keys[i].contains(&digits))
            })
            .collect();
        self.shown_for = Some(self.filter.clone());
        self.shown_generation += 1;
    }

    /// The creation times the date filter lets through, `[from, until)`; `None` lets all
    /// through (also while a typed range is incomplete or unreadable).
    pub fn date_bounds(&self) -> Option<(i64, i64)> {
        let (first, last) = match self.period {
            Period::Range => self.typed_range().ok()?,
            preset => preset.days(today())?,
        };
        Some(bounds(first, last))
    }

    /// The typed range read as days, or which side cannot be read.
    fn typed_range(&self) -> Result<(chrono::NaiveDate, chrono::NaiveDate), RangeProblem> {
        let from = parse_day(&self.range_from);
        let to = parse_day(&self.range_to);
        match (from, to) {
            (Some(a), Some(b)) if a <= b => Ok((a, b)),
            (Some(_), Some(_)) => Err(RangeProblem::Backwards),
            _ if self.range_from.trim().is_empty() || self.range_to.trim().is_empty() => {
                Err(RangeProblem::Incomplete)
            }
            _ => Err(RangeProblem::Unreadable),
        }
    }

    /// Narrows the filtered rows by status and date and sorts them; only when one of those
    /// changed.
    fn reorder(&mut self) {
        let dates = self.date_bounds();
        let key = (self.shown_generation, self.status, dates, self.sort);
        if self.view_for == Some(key) {
            return;
        }
        let rows = &self.rows;
        let status = self.status;
        let mut view: Vec<usize> = self
            .shown
            .iter()
            .copied()
            .filter(|&i| status.is_none_or(|s| rows[i].status_id == s))
            .filter(|&i| {
                dates.is_none_or(|(from, until)| (from..until).contains(&rows[i].created_at))
            })
            .collect();
        let (by, descending) = self.sort;
        view.sort_by(|&a, &b| {
            let (x, y) = (&rows[a], &rows[b]);
            let order = match by {
                SortBy::Barcode => x.barcode.cmp(&y.barcode),
                SortBy::Created => x
                    .created_at
                    .cmp(&y.created_at)
                    .then(x.order_id.cmp(&y.order_id)),
                SortBy::Receiver => x.receiver.to_lowercase().cmp(&y.receiver.to_lowercase()),
                SortBy::City => x.city.cmp(&y.city),
                SortBy::Status => x.status_id.cmp(&y.status_id),
                SortBy::Cost => x.cost.cmp(&y.cost),
            };
            if descending { order.reverse() } else { order }
        });
        self.view = view;
        self.view_for = Some(key);
    }

    /// The date filter: a period picker, and two day fields when the clerk picks a range.
    fn show_period(&mut self, ui: &mut egui::Ui) {
        let l = ui.label(t!("period.label"));
        egui::ComboBox::from_id_salt("period-filter")
            .selected_text(self.period.name())
            .show_ui(ui, |ui| {
                for p in Period::ALL {
                    ui.selectable_value(&mut self.period, p, p.name());
                }
            })
            .response
            .labelled_by(l.id);
        if self.period != Period::Range {
            return;
        }
        for (label, text, salt) in [
            (t!("period.from"), &mut self.range_from, "period-from"),
            (t!("period.to"), &mut self.range_to, "period-to"),
        ] {
            let l = ui.label(label);
            ui.add(
                egui::TextEdit::singleline(text)
                    .id_salt(salt)
                    .hint_text(t!("period.hint"))
                    .desired_width(100.0),
            )
            .labelled_by(l.id);
        }
        let problem = match self.typed_range() {
            Ok(_) | Err(RangeProblem::Incomplete) => None,
            Err(RangeProblem::Unreadable) => Some(t!("period.unreadable")),
            Err(RangeProblem::Backwards) => Some(t!("period.backwards")),
        };
        if let Some(p) = problem {
            ui.label(RichText::new(p).color(ui.visuals().error_fg_color));
        }
    }

    /// The rows as the table shows them, in order (for tests).
    pub fn visible_ids(&mut self) -> Vec<i64> {
        self.refilter();
        self.reorder();
        self.view.iter().map(|&i| self.rows[i].order_id).collect()
    }

    /// The selection and batch-print controls.
    fn batch_bar(&mut self, ui: &mut egui::Ui, print_now: &mut bool) {
        use std::sync::atomic::Ordering::Relaxed;
        ui.horizontal(|ui| {
            // Whether every shown row is ticked: worked out again only when the rows shown or
            // the selection changed, not every frame over 100,000 rows.
            let key = (self.view_for, self.selection_generation);
            let all_on = match self.all_ticked {
                Some((v, n, on)) if (v, n) == key => on,
                _ => {
                    let on = !self.view.is_empty()
                        && self.selected.len() >= self.view.len()
                        && self
                            .view
                            .iter()
                            .all(|&i| self.selected.contains(&self.rows[i].order_id));
                    self.all_ticked = Some((key.0, key.1, on));
                    on
                }
            };
            let mut all = all_on;
            if ui.checkbox(&mut all, t!("print.select_all")).changed() {
                self.selection_generation += 1;
                for &i in &self.view {
                    let id = self.rows[i].order_id;
                    if all {
                        self.selected.insert(id);
                    } else {
                        self.selected.remove(&id);
                    }
                }
            }
            match &self.printing {
                None => {
                    let n = self.selected.len();
                    if ui
                        .add_enabled(n > 0, egui::Button::new(t!("print.print_selected", n = n)))
                        .clicked()
                    {
                        *print_now = true;
                    }
                    let l = ui.label(t!("print.batch_reason"));
                    ui.add(
                        egui::TextEdit::singleline(&mut self.reprint_reason)
                            .id_salt("batch-reason")
                            .desired_width(220.0),
                    )
                    .labelled_by(l.id);
                }
                Some(b) => {
                    let (done, total) = (
                        b.progress.done.load(Relaxed),
                        b.progress.total.load(Relaxed),
                    );
                    let fraction = if total == 0 {
                        1.0
                    } else {
                        done as f32 / total as f32
                    };
                    ui.label(t!("print.progress", done = done, total = total));
                    ui.add(
                        egui::ProgressBar::new(fraction)
                            .desired_width(160.0)
                            .text(format!("{done}/{total}")),
                    );
                    if ui.button(t!("print.stop")).clicked() {
                        b.progress.cancel.store(true, Relaxed);
                    }
                }
            }
        });
    }

    /// Shows the table; returns the order the clerk opened, and whether the clerk asked to
    /// print the ticked orders.
    pub fn show(&mut self, ui: &mut egui::Ui) -> (Option<Found>, bool) {
        self.refilter();
        self.reorder();
        let mut open = None;
        let mut print_now = false;
        if let Some(n) = self.asking_cancelled {
            let answer = ask(
                ui.ctx(),
                Question {
                    id: "batch-cancelled",
                    title: t!("print.cancelled_title_n", n = n).to_string(),
                    lines: vec![t!("print.cancelled_body").to_string()],
                    yes: t!("print.cancelled_yes").to_string(),
                    no: t!("print.back").to_string(),
                },
            );
            if let Some(yes) = answer {
                self.asking_cancelled = None;
                if yes {
                    self.cancelled_ok = Some(self.selection_generation);
                    print_now = true;
                }
            }
        }
        ui.heading(t!("orders.title"));
        // Wrapped: with a typed date range the filters are wider than a narrow window.
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(t!("orders.filter"));
            let r = ui
                .add(
                    egui::TextEdit::singleline(&mut self.filter)
                        .hint_text(t!("orders.filter_hint"))
                        .desired_width(320.0),
                )
                .labelled_by(l.id);
            if self.focus_filter {
                r.request_focus();
                self.focus_filter = false;
            }
            if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                let typed = self.filter.trim();
                if self.view.len() == 1 {
                    open = Some(Found::Order(self.rows[self.view[0]].order_id));
                } else if self.view.is_empty()
                    && typed.len() >= 8
                    && typed.chars().all(|c| c.is_ascii_digit())
                {
                    open = Some(Found::Lookup(typed.to_string()));
                }
            }
            ui.label(
                RichText::new(t!(
                    "dir.count",
                    shown = self.view.len(),
                    total = self.rows.len()
                ))
                .weak(),
            );
            if self.loading.is_some() {
                ui.spinner();
            }
            let l = ui.label(t!("orders.status"));
            let selected = match self.status {
                None => t!("orders.all").to_string(),
                Some(id) => self
                    .statuses
                    .iter()
                    .find(|(s, _)| *s == id)
                    .map(|(_, n)| n.clone())
                    .unwrap_or_default(),
            };
            egui::ComboBox::from_id_salt("status-filter")
                .selected_text(selected)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.status, None, t!("orders.all"));
                    for (id, name) in &self.statuses {
                        ui.selectable_value(&mut self.status, Some(*id), name);
                    }
                })
                .response
                .labelled_by(l.id);
            self.show_period(ui);
            ui.separator();
            match &self.refreshing {
                None => {
                    let listed = self.view.len().min(REFRESH_LIMIT);
                    if ui
                        .add_enabled(
                            listed > 0,
                            egui::Button::new(t!("orders.refresh_statuses", n = listed)),
                        )
                        .clicked()
                    {
                        self.refresh_requested = true;
                    }
                }
                Some(r) => {
                    use std::sync::atomic::Ordering::Relaxed;
                    let (done, failed, total) = (
                        r.progress.done.load(Relaxed),
                        r.progress.failed.load(Relaxed),
                        r.progress.total.load(Relaxed),
                    );
                    let fraction = if total == 0 {
                        1.0
                    } else {
                        (done + failed) as f32 / total as f32
                    };
                    ui.add(
                        egui::ProgressBar::new(fraction)
                            .desired_width(160.0)
                            .text(format!("{}/{total}", done + failed)),
                    );
                    if ui.button(t!("orders.stop")).clicked() {
                        r.progress.cancel.store(true, Relaxed);
                    }
                }
            }
        });
        self.batch_bar(ui, &mut print_now);
        if self.rows.is_empty() && self.loading.is_none() {
            ui.add_space(12.0);
            ui.label(t!("orders.empty"));
            return (open, print_now);
        }
        let current_sort = self.sort;
        let mut sort_click = None;
        let mut toggled: Vec<(i64, bool)> = Vec::new();
        let headers = [
            t!("orders.barcode"),
            t!("orders.created"),
            t!("orders.receiver"),
            t!("orders.city"),
            t!("orders.status"),
            t!("orders.cod"),
            t!("orders.cost"),
        ];
        TableBuilder::new(ui)
            .id_salt("journal")
            .striped(true)
            .column(Column::exact(24.0))
            .column(Column::initial(130.0).resizable(true))
            .column(Column::initial(130.0).resizable(true))
            .column(Column::initial(200.0).resizable(true))
            .column(Column::initial(130.0).resizable(true))
            .column(Column::initial(170.0).resizable(true))
            .column(Column::initial(90.0).resizable(true))
            .column(Column::remainder())
            .header(22.0, |mut h| {
                h.col(|_| {});
                let columns = [
                    Some(SortBy::Barcode),
                    Some(SortBy::Created),
                    Some(SortBy::Receiver),
                    Some(SortBy::City),
                    Some(SortBy::Status),
                    None,
                    Some(SortBy::Cost),
                ];
                for (title, by) in headers.into_iter().zip(columns) {
                    h.col(|ui| match by {
                        Some(by) => {
                            let arrow = match (current_sort.0 == by, current_sort.1) {
                                (true, true) => " ▼",
                                (true, false) => " ▲",
                                _ => "",
                            };
                            let text = RichText::new(format!("{title}{arrow}")).strong();
                            if ui.add(egui::Button::new(text).frame(false)).clicked() {
                                sort_click = Some(by);
                            }
                        }
                        None => {
                            ui.strong(title);
                        }
                    });
                }
            })
            .body(|body| {
                let selected = &self.selected;
                body.rows(24.0, self.view.len(), |mut row| {
                    let r = &self.rows[self.view[row.index()]];
                    row.col(|ui| {
                        let mut on = selected.contains(&r.order_id);
                        let name = t!("print.select_one", barcode = r.barcode.as_str()).to_string();
                        let resp = ui.add(egui::Checkbox::without_text(&mut on));
                        resp.widget_info(|| {
                            egui::WidgetInfo::selected(egui::Role::CheckBox, true, on, &name)
                        });
                        if resp.changed() {
                            toggled.push((r.order_id, on));
                        }
                    });
                    row.col(|ui| {
                        if ui.link(RichText::new(&r.barcode).monospace()).clicked() {
                            open = Some(Found::Order(r.order_id));
                        }
                    });
                    row.col(|ui| {
                        ui.label(when(r.created_at));
                    });
                    row.col(|ui| {
                        ui.add(
                            egui::Label::new(format!("{} · {}", r.receiver, r.receiver_phone))
                                .truncate(),
                        );
                    });
                    row.col(|ui| {
                        ui.add(egui::Label::new(&r.city).truncate());
                    });
                    row.col(|ui| status_chip(ui, r.status_id, &r.status_name));
                    row.col(|ui| {
                        ui.label(
                            r.cod
                                .map(|c| crate::api::Sum(c).to_string())
                                .unwrap_or_default(),
                        );
                    });
                    row.col(|ui| {
                        ui.label(crate::api::Sum(r.cost).to_string());
                    });
                });
            });
        for (id, on) in toggled {
            self.select(id, on);
        }
        if let Some(by) = sort_click {
            self.sort = if self.sort.0 == by {
                (by, !self.sort.1)
            } else {
                (by, matches!(by, SortBy::Created | SortBy::Cost))
            };
        }
        (open, print_now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(i: i64, name: &str, phone: &str, city: &str) -> JournalRow {
        JournalRow {
            order_id: i,
            barcode: format!("01991{i:07}"),
            wcs_code: None,
            created_at: i,
            receiver: name.into(),
            receiver_phone: phone.into(),
            city: city.into(),
            status_id: 1,
            status_name: String::new(),
            cod: None,
            cost: 0,
        }
    }

    #[test]
    fn typing_forward_gives_what_a_full_filter_gives() {
        let rows = vec![
            row(1, "Karimova Dilnoza", "+998 91 7654321", "Samarqand"),
            row(2, "Aliyev Ali", "+998 90 1234765", "Toshkent"),
            row(3, "Yusupova Madina", "+998 93 7650000", "Buxoro"),
        ];
        for typed in ["Karimova", "765", "ab 765", "Самар", "01991000000"] {
            let mut step = OrdersScreen::from_rows(rows.clone());
            for end in 1..=typed.chars().count() {
                step.set_filter(&typed.chars().take(end).collect::<String>());
                step.refilter();
            }
            let mut full = OrdersScreen::from_rows(rows.clone());
            full.set_filter(typed);
            full.refilter();
            assert_eq!(step.shown, full.shown, "{typed}");
        }
        let mut sorted = OrdersScreen::from_rows(rows.clone());
        assert_eq!(sorted.visible_ids(), vec![3, 2, 1], "newest first");
        sorted.sort = (SortBy::Receiver, false);
        assert_eq!(
            sorted.visible_ids(),
            vec![2, 1, 3],
            "Aliyev, Karimova, Yusupova"
        );
        sorted.set_filter("765");
        sorted.sort = (SortBy::Cost, true);
        let mut with_status = OrdersScreen::from_rows(
            rows.iter()
                .cloned()
                .map(|mut r| {
                    if r.order_id == 3 {
                        r.status_id = 6;
                    }
                    r
                })
                .collect(),
        );
        with_status.status = Some(6);
        assert_eq!(with_status.visible_ids(), vec![3]);
        let mut s = OrdersScreen::from_rows(rows);
        s.set_filter("7654321");
        s.refilter();
        assert_eq!(s.shown, vec![0], "part of a phone finds its order");
    }

    #[test]
    fn the_date_filter_keeps_the_days_asked_for() {
        let now = chrono::Utc::now().timestamp();
        let day = 86_400;
        let mut rows = vec![
            row(1, "Bugungi", "", ""),
            row(2, "Oʻtgan oy", "", ""),
            row(3, "Ikki kun oldin", "", ""),
        ];
        rows[0].created_at = now;
        rows[1].created_at = now - 40 * day;
        rows[2].created_at = now - 2 * day;
        let mut s = OrdersScreen::from_rows(rows);
        assert_eq!(s.visible_ids().len(), 3);
        s.period = Period::Today;
        assert_eq!(s.visible_ids(), vec![1]);
        s.period = Period::Last7Days;
        assert_eq!(s.visible_ids(), vec![1, 3]);
        s.period = Period::Range;
        // While the range is half typed or unreadable, nothing is hidden by it.
        s.range_from = "01.01.2000".into();
        assert_eq!(s.visible_ids().len(), 3);
        s.range_to = "31.02.2000".into();
        assert_eq!(s.visible_ids().len(), 3);
        let that_day = when(now - 40 * day);
        let typed = format!(
            "{}.{}.{}",
            &that_day[8..10],
            &that_day[5..7],
            &that_day[0..4]
        );
        s.range_from = typed.clone();
        s.range_to = typed;
        assert_eq!(s.visible_ids(), vec![2]);
    }
}
