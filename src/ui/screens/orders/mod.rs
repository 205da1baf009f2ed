//! The Orders screen: the whole journal in a virtualized table (only visible rows are laid out,
//! so 100,000 rows cost what 30 do), one filter box over barcode, name, phone and city.

mod table;
mod view;

use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::Toasts;
use crate::ui::widgets::errors::printer_chosen;
use crate::ui::widgets::period::Period;
use api::codes::LegacyStatus;
use desk::Desk;
use desk::task::{Task, take};
use rust_i18n::t;
use std::sync::Arc;
use store::JournalRow;
use text::translit::search_key;

/// What the clerk asked for on the Orders screen.
pub enum Found {
    Order(i64),
    /// A barcode that is not in the journal: ask the service.
    Lookup(String),
}

/// A status refresh under way.
struct Refreshing {
    progress: std::sync::Arc<desk::Progress>,
    task: Task<()>,
}

/// A batch print under way; the task answers the printers' errors.
struct Batch {
    progress: std::sync::Arc<desk::Progress>,
    task: Task<Vec<desk::labels::printing::PrintProblem>>,
}

/// A column the list can be sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortBy {
    Barcode,
    Created,
    Receiver,
    City,
    Counter,
    Status,
    Cost,
}

pub struct OrdersScreen {
    rows: Vec<JournalRow>,
    /// Search keys of each row, made once per load: barcode, receiver and phone. The city is
    /// not in them: a few dozen cities are looked at once a keystroke (`city_keys`), and each
    /// row names its own by position (`city_of`).
    keys: text::search_keys::SearchKeys,
    city_keys: Vec<String>,
    city_of: Vec<u16>,
    /// Each city as the rows name it (in the language of the day the record was read), and as
    /// the clerk reads it now (from the directories, in the clerk's language).
    city_texts: Vec<Arc<str>>,
    city_shown: Vec<String>,
    city_shown_in: Option<api::codes::Language>,
    filter: String,
    /// Positions in `rows` (32 bits: a journal never nears four billion orders, and 100,000
    /// rows take half the memory).
    shown: Vec<u32>,
    shown_for: Option<String>,
    /// Bumped whenever `shown` changes, so `view` knows to follow.
    shown_generation: u64,
    /// Only orders in this status (legacy id), or all.
    pub status: Option<i64>,
    /// Only orders taken at this counter, or the whole shop's.
    pub counter: Option<Arc<str>>,
    /// The counters named in the journal, in order; the counter filter and column show only
    /// when orders of more than one counter (or of one and of none) are listed.
    counters: Vec<Arc<str>>,
    several_counters: bool,
    /// Only orders created in this period.
    pub period: Period,
    /// The clerk's own range, as typed (used when `period` is `Range`).
    pub range_from: String,
    pub range_to: String,
    /// Column and direction (true = descending).
    pub sort: (SortBy, bool),
    /// `shown` narrowed by status and sorted: the rows the table draws.
    view: Vec<u32>,
    view_for: ViewKey,
    /// Every row in the order of `sort`, made once per load and sort: a keystroke in the filter
    /// then keeps this order instead of sorting what it let through again.
    sorted: Vec<u32>,
    /// Each row's place in `sorted`.
    rank: Vec<u32>,
    sorted_for: Option<(SortBy, bool)>,
    /// The statuses present in the journal, for the status filter.
    statuses: Vec<(i64, String)>,
    loading: Option<Task<Result<Vec<JournalRow>, desk::DeskError>>>,
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
    /// The journal generation the rows were read at, and when they were last asked for.
    read_at: Option<(u64, std::time::Instant)>,
}

/// What `view` was made for: the filter's generation, the status, the counter (its place in
/// `counters`), the dates and the sort.
type ViewKey = Option<(
    u64,
    Option<i64>,
    Option<usize>,
    Option<(i64, i64)>,
    (SortBy, bool),
)>;

/// Why a typed date range is not applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RangeProblem {
    Incomplete,
    Unreadable,
    Backwards,
}

/// `city_of` for a row whose city is in its own key.
const NO_CITY: u16 = u16::MAX;

/// A journal that keeps changing is read again at most this often while the list is shown.
const FOLLOW_EVERY: std::time::Duration = std::time::Duration::from_secs(1);
/// How soon a screen whose read is still under way looks again.
const FOLLOW_WAIT: std::time::Duration = std::time::Duration::from_millis(100);

/// At most this many orders are re-read in one go.
pub const REFRESH_LIMIT: usize = 500;

impl OrdersScreen {
    /// The screen before anything is read (the journal is read once it is open).
    pub fn empty() -> OrdersScreen {
        OrdersScreen {
            focus_filter: true,
            ..OrdersScreen::from_rows(Vec::new())
        }
    }

    /// A screen over given rows (benchmarks and tests; the app loads the journal).
    pub fn from_rows(rows: Vec<JournalRow>) -> OrdersScreen {
        let mut s = OrdersScreen {
            rows: Vec::new(),
            keys: Default::default(),
            city_keys: Vec::new(),
            city_of: Vec::new(),
            city_texts: Vec::new(),
            city_shown: Vec::new(),
            city_shown_in: None,
            filter: String::new(),
            shown: Vec::new(),
            shown_for: None,
            shown_generation: 0,
            status: None,
            counter: None,
            counters: Vec::new(),
            several_counters: false,
            period: Period::Any,
            range_from: String::new(),
            range_to: String::new(),
            sort: (SortBy::Created, true),
            view: Vec::new(),
            view_for: None,
            sorted: Vec::new(),
            rank: Vec::new(),
            sorted_for: None,
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
            read_at: None,
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

    /// Takes a new read of the journal. `shown` and `view` hold positions in `rows`, so both are
    /// rebuilt from nothing after this (never narrowed from the old read); what the clerk ticked
    /// is kept by order id, which a re-read cannot shift.
    fn set_rows(&mut self, rows: Vec<JournalRow>) {
        let mut cities: std::collections::HashMap<&str, u16> = Default::default();
        let mut city_keys = Vec::new();
        let mut city_texts: Vec<Arc<str>> = Vec::new();
        let mut city_of = Vec::with_capacity(rows.len());
        self.keys = rows
            .iter()
            .map(|r| {
                let phone = r.receiver_phone().replace([' ', '+', '-', '(', ')'], "");
                let next = city_keys.len();
                let place = *cities.entry(r.city()).or_insert_with(|| {
                    let place = u16::try_from(next).unwrap_or(NO_CITY);
                    if place != NO_CITY {
                        city_keys.push(search_key(r.city()));
                        city_texts.push(Arc::from(r.city()));
                    }
                    place
                });
                city_of.push(place);
                if place == NO_CITY {
                    // Past the table's size, a row keeps its city in its own key.
                    search_key(&format!(
                        "{} {} {phone} {}",
                        r.barcode(),
                        r.receiver(),
                        r.city()
                    ))
                } else {
                    search_key(&format!("{} {} {phone}", r.barcode(), r.receiver()))
                }
            })
            .collect();
        self.city_keys = city_keys;
        self.city_of = city_of;
        self.city_texts = city_texts;
        self.city_shown = self.city_texts.iter().map(|c| c.to_string()).collect();
        self.city_shown_in = None;
        let mut statuses: Vec<(i64, String)> = Vec::new();
        for r in &rows {
            if !statuses.iter().any(|(id, _)| *id == r.status_id) {
                statuses.push((r.status_id, r.status_name().to_string()));
            }
        }
        statuses.sort();
        self.statuses = statuses;
        let mut counters: Vec<Arc<str>> = Vec::new();
        for name in rows.iter().filter_map(|r| r.counter.as_ref()) {
            if !counters.contains(name) {
                counters.push(name.clone());
            }
        }
        counters.sort();
        self.several_counters =
            counters.len() > 1 || (counters.len() == 1 && rows.iter().any(|r| r.counter.is_none()));
        if self.counter.as_ref().is_some_and(|c| !counters.contains(c)) {
            self.counter = None;
        }
        self.counters = counters;
        self.rows = rows;
        self.shown_for = None;
        self.shown.clear();
        self.view.clear();
        self.view_for = None;
        self.sorted_for = None;
    }

    /// While the shop's database is away a read holds only what this counter kept there: the
    /// rows of the last read stay listed beside them (the shop's journal as it was, said so
    /// above the list), so the list does not empty under the clerk. The first read after the
    /// database answers replaces them all.
    fn with_last_read(&self, mut rows: Vec<JournalRow>) -> Vec<JournalRow> {
        let fresh: std::collections::HashSet<i64> = rows.iter().map(|r| r.order_id).collect();
        rows.extend(
            self.rows
                .iter()
                .filter(|r| !fresh.contains(&r.order_id))
                .cloned(),
        );
        rows.sort_by_key(|r| std::cmp::Reverse((r.created_at, r.order_id)));
        rows
    }

    pub fn reload(&mut self, desk: &Desk) {
        if self.loading.is_none() {
            self.read_at = Some((desk.journal_generation(), std::time::Instant::now()));
            self.loading = Some(desk.load_journal());
        }
    }

    /// Reads the journal again when it was written since it was read (by a create, an edit, a
    /// refresh, the outbox worker, another counter), at most once a second while writes keep
    /// coming. A write held back by that second, or met while a read is under way, is read
    /// when the second is up: the window is asked to come back then, since nothing else may
    /// wake an idle counter (another counter's order would otherwise wait for the next click).
    fn follow_journal(&mut self, desk: &Desk, ctx: &egui::Context) {
        let now = desk.journal_generation();
        match self.read_at {
            None => self.reload(desk),
            Some((seen, at)) if seen != now => {
                let since = at.elapsed();
                if since >= FOLLOW_EVERY && self.loading.is_none() {
                    self.reload(desk);
                } else {
                    ctx.request_repaint_after(FOLLOW_EVERY.saturating_sub(since).max(FOLLOW_WAIT));
                }
            }
            _ => {}
        }
    }

    pub fn is_busy(&self) -> bool {
        self.loading.is_some() || self.refreshing.is_some()
    }

    /// The row at a position of `shown`, `view` or `sorted`.
    fn row(&self, at: u32) -> &JournalRow {
        &self.rows[at as usize]
    }

    /// The city of the row at `at`, in the clerk's language where the directories know it.
    fn city_of_row(&self, at: u32) -> &str {
        self.city_of
            .get(at as usize)
            .and_then(|place| self.city_shown.get(usize::from(*place)))
            .map_or_else(|| self.row(at).city(), String::as_str)
    }

    /// Names the listed cities in the clerk's language (once per read and per language): a
    /// record keeps the language of the day it was read. Both names find a row.
    fn name_cities(&mut self, dirs: Option<&desk::reference::directories::Directories>) {
        let Some(d) = dirs else { return };
        if self.city_shown_in == Some(d.language()) {
            return;
        }
        self.city_shown = self
            .city_texts
            .iter()
            .map(|c| d.city_named(c).unwrap_or(c).to_string())
            .collect();
        self.city_keys = self
            .city_texts
            .iter()
            .zip(&self.city_shown)
            .map(|(was, now)| search_key(&format!("{was} {now}")))
            .collect();
        self.city_shown_in = Some(d.language());
        // The filter reads the cities' keys: worked out again.
        self.shown_for = None;
    }

    /// The orders a refresh covers: those listed now, newest first, up to the limit.
    pub fn listed_ids(&self) -> Vec<i64> {
        self.view
            .iter()
            .take(REFRESH_LIMIT)
            .map(|&i| self.row(i).order_id)
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
        if !printer_chosen(desk, toasts) {
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

    pub fn focus_filter(&mut self) {
        self.focus_filter = true;
    }

    pub fn poll(&mut self, desk: &Desk, toasts: &mut Toasts) {
        if let Some(p) = &mut self.printing {
            use std::sync::atomic::Ordering::Relaxed;
            match p.task.poll() {
                desk::task::Poll::Pending => {}
                desk::task::Poll::Ready(errors) if errors.is_empty() => {
                    toasts.info(t!("print.batch_done", n = p.progress.done.load(Relaxed)));
                    self.selected.clear();
                    self.selection_generation += 1;
                    self.printing = None;
                }
                desk::task::Poll::Ready(errors) => {
                    let failed = p.progress.failed.load(Relaxed);
                    toasts.error(
                        t!("print.batch_failed", n = failed),
                        Some(crate::ui::widgets::errors::tell_prints(&errors)),
                    );
                    self.printing = None;
                }
                desk::task::Poll::Lost => {
                    toasts.error(t!("error.lost"), None);
                    self.printing = None;
                }
            }
        }
        if let Some(r) = &mut self.refreshing {
            match r.task.poll() {
                desk::task::Poll::Pending => {}
                _ => {
                    let failed = r.progress.failed.load(std::sync::atomic::Ordering::Relaxed);
                    if failed > 0 {
                        // Say why, in the clerk's words ("the service answered 503").
                        let why = r
                            .progress
                            .last_error()
                            .map(|e| crate::ui::widgets::errors::tell_desk(&e));
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
            Some(Ok(Ok(rows))) => {
                let rows = if desk.shop_away() {
                    self.with_last_read(rows)
                } else {
                    rows
                };
                self.set_rows(rows)
            }
            Some(Ok(Err(e))) => {
                let told = crate::ui::widgets::errors::tell_desk(&e);
                toasts.error(t!("orders.unreadable"), Some(told.message));
            }
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
    }
}

impl Screen for OrdersScreen {
    fn poll(&mut self, cx: &mut Cx) {
        OrdersScreen::poll(self, cx.desk, cx.toasts);
        if self.refresh_requested {
            self.start_refresh(cx.desk);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        crate::ui::widgets::kept_here::notice(
            ui,
            cx.desk,
            crate::ui::widgets::kept_here::Above::Orders,
        );
        self.follow_journal(cx.desk, ui.ctx());
        self.name_cities(cx.desk.directories());
        let (found, print_now) = self.show(ui);
        if print_now {
            self.print_selected(cx.desk, cx.toasts);
        }
        match found {
            Some(Found::Order(id)) => cx.emit(AppEvent::OpenOrder(id)),
            Some(Found::Lookup(code)) => cx.emit(AppEvent::Find(code)),
            None => {}
        }
    }

    fn entered(&mut self, cx: &mut Cx) {
        self.reload(cx.desk);
        self.focus_filter();
    }

    fn command(&mut self, command: Command, cx: &mut Cx) -> bool {
        match command {
            Command::Refresh => self.start_refresh(cx.desk),
            Command::Print => self.print_selected(cx.desk, cx.toasts),
            _ => return false,
        }
        true
    }

    fn is_busy(&self) -> bool {
        OrdersScreen::is_busy(self)
    }
}
