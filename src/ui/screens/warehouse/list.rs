//! The company's suppliers/buyers or products in the warehouse: a page at a time as the server
//! pages them (20), or all with progress and a stop; a filter within the rows read; a detail
//! pane with every field; and what the clerk does with them: new, edit, delete (asked first),
//! and confirm the rows ticked (the service's message shown, the rows read again).

use super::account::Account;
use super::rows::{Row, detail_ui, state_text};
use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::confirm::{Question, ask};
use crate::ui::widgets::errors::told_desk;
use crate::ui::widgets::filtered::Filtered;
use crate::ui::widgets::pages::Paging;
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, button_if, inline_field, titled};
use desk::DeskError;
use desk::task::{Task, any_running, ready, ready_with};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;
use std::collections::BTreeSet;

/// A deletion under way: the record (its id and how it is known) and its task.
type Deleting = ((i64, String), Task<Result<(), DeskError>>);

pub struct WarehouseList<R: Row> {
    account: Account,
    rows: Vec<R>,
    /// The rows the filter lets through.
    filtered: Filtered,
    pub filter: String,
    paging: Paging<R, DeskError>,
    /// Ticked for confirmation, by id.
    pub selected: BTreeSet<i64>,
    /// The row whose detail is shown.
    open: Option<i64>,
    confirming: Option<Task<Result<String, DeskError>>>,
    /// The record the clerk asked to delete (its id and how it is known), until they answer.
    asking_delete: Option<(i64, String)>,
    deleting: Option<Deleting>,
    /// What the service said last (a confirmation's message, a deletion).
    pub message: Option<Words>,
    pub error: Option<Words>,
    /// Read again after the next answer (a change while a page was being read).
    stale: bool,
}

impl<R: Row> Default for WarehouseList<R> {
    fn default() -> Self {
        WarehouseList {
            account: Account::default(),
            rows: Vec::new(),
            filtered: Filtered::default(),
            filter: String::new(),
            paging: Paging::default(),
            selected: BTreeSet::new(),
            open: None,
            confirming: None,
            asking_delete: None,
            deleting: None,
            message: None,
            error: None,
            stale: false,
        }
    }
}

enum Action {
    Page(u64),
    All,
    Confirm,
    Delete(i64, String),
}

impl<R: Row> WarehouseList<R> {
    /// The rows read, with their search keys made once (not each frame for every row).
    pub fn set_rows(&mut self, rows: Vec<R>) {
        self.filtered = Filtered::new(rows.iter().map(|r| r.haystack()), |_| true);
        self.rows = rows;
    }

    /// The rows read.
    pub fn rows(&self) -> &[R] {
        &self.rows
    }

    fn show_page(&mut self, cx: &mut Cx, page: u64) {
        if !Account::open(cx) {
            return;
        }
        self.error = None;
        let page = u32::try_from(page).unwrap_or(1);
        self.paging.read_page(cx.desk.warehouse_page(R::KIND, page));
    }

    fn reload(&mut self, cx: &mut Cx) {
        if self.paging.busy() {
            self.stale = true;
            return;
        }
        let page = self.paging.page.map_or(1, |(p, _)| p);
        self.show_page(cx, page);
    }

    fn act(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::Page(p) => {
                self.message = None;
                self.show_page(cx, p);
            }
            Action::All => {
                self.error = None;
                let desk = &cx.desk;
                self.paging
                    .read_all(|progress| desk.warehouse_all(R::KIND, progress));
            }
            Action::Confirm => {
                let ids: Vec<i64> = self.selected.iter().copied().collect();
                self.message = None;
                self.error = None;
                self.confirming = Some(cx.desk.warehouse_confirm(R::KIND, ids));
            }
            Action::Delete(id, title) => {
                self.message = None;
                self.deleting = Some(((id, title), cx.desk.warehouse_delete(R::KIND, id)));
            }
        }
    }

    fn head(&mut self, ui: &mut egui::Ui, action: &mut Option<Action>) {
        let idle = !self.paging.busy();
        ui.horizontal_wrapped(|ui| {
            if button_if(ui, idle, t!("wms.show")) {
                *action = Some(Action::Page(1));
            }
            if button_if(ui, idle, t!("intl_list.load_all")) {
                *action = Some(Action::All);
            }
            if let Some(asked) = self.paging.pager(ui) {
                *action = Some(Action::Page(asked));
            }
            if self.paging.reading_one() {
                ui.spinner();
            }
        });
        self.paging.progress(ui);
    }

    fn tools(&mut self, ui: &mut egui::Ui, action: &mut Option<Action>, cx: &mut Cx) {
        ui.horizontal_wrapped(|ui| {
            let salt = format!("{}-filter", R::SALT);
            inline_field(ui, &t!("intl_list.filter"), &mut self.filter, &salt, 200.0);
            let count = self.filtered.shown(&self.filter).len();
            ui.label(t!("intl_list.shown", shown = count, read = self.rows.len()));
            ui.separator();
            if ui.button(t!("wms.new")).clicked() {
                cx.emit(R::edit(None));
            }
            let picked = self.selected.len();
            let can_confirm = picked > 0 && self.confirming.is_none();
            if button_if(ui, can_confirm, t!("wms.confirm_picked", n = picked)) {
                *action = Some(Action::Confirm);
            }
            if self.confirming.is_some() || self.deleting.is_some() {
                ui.spinner();
            }
        });
    }

    /// The records as the filter lets them through; only the rows in view are laid out.
    pub fn table(&mut self, ui: &mut egui::Ui, height: f32) {
        let shown = self.filtered.shown(&self.filter);
        let all = &self.rows;
        let state = Column::initial(150.0).at_least(90.0).clip(true);
        let mut columns = vec![
            (t!("wms.pick"), Column::auto().at_least(32.0)),
            (t!("wms.id"), Column::auto().at_least(48.0)),
            (t!("wms.state"), state.resizable(true)),
        ];
        let extra: Vec<_> = R::COLUMNS.iter().map(|key| t!(*key)).collect();
        let last = extra.len().saturating_sub(1);
        // The columns share the width there is: none pushes the table past the window.
        let share = ((ui.available_width() - 240.0) / extra.len().max(1) as f32).max(70.0);
        for (i, title) in extra.into_iter().enumerate() {
            let column = if i == last {
                Column::remainder().at_least(70.0).clip(true)
            } else {
                Column::initial(share).at_least(60.0).clip(true)
            };
            columns.push((title, column.resizable(i != last)));
        }
        let ctx = ui.ctx().clone();
        let table = TableBuilder::new(ui)
            .id_salt(R::SALT)
            .striped(true)
            .min_scrolled_height(0.0)
            .max_scroll_height(height);
        let (selected, open) = (&mut self.selected, &mut self.open);
        titled(&ctx, table, columns).body(|body| {
            body.rows(22.0, shown.len(), |mut row| {
                let r = &all[shown[row.index()]];
                let id = r.id();
                {
                    row.col(|ui| {
                        let mut ticked = selected.contains(&id);
                        let label = t!("wms.pick_row", id = id);
                        let boxed = ui.checkbox(&mut ticked, "").on_hover_text(label.clone());
                        boxed.widget_info(|| {
                            egui::WidgetInfo::selected(
                                egui::Role::CheckBox,
                                true,
                                ticked,
                                label.clone(),
                            )
                        });
                        if boxed.changed() {
                            if ticked {
                                selected.insert(id);
                            } else {
                                selected.remove(&id);
                            }
                        }
                    });
                    row.col(|ui| {
                        if ui.link(id.to_string()).clicked() {
                            *open = Some(id);
                        }
                    });
                    row.col(|ui| {
                        ui.label(state_text(r.state()));
                    });
                    for cell in r.cells() {
                        row.col(|ui| {
                            ui.add(egui::Label::new(cell).truncate());
                        });
                    }
                }
            });
        });
    }

    fn detail(&mut self, ui: &mut egui::Ui, action: &mut Option<Action>, cx: &mut Cx) {
        let Some(r) = self
            .open
            .and_then(|id| self.rows.iter().find(|r| r.id() == id))
        else {
            return;
        };
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let head = format!("{} — {}", t!("wms.record", id = r.id()), r.title());
            ui.add(egui::Label::new(RichText::new(head).strong()).truncate());
            ui.label(state_text(r.state()));
            if ui.button(t!("wms.edit")).clicked() {
                cx.emit(R::edit(Some(r)));
            }
            if button_if(ui, self.deleting.is_none(), t!("wms.delete")) {
                self.asking_delete = Some((r.id(), r.title()));
            }
        });
        // Each record's detail opens at its top.
        egui::ScrollArea::vertical()
            .id_salt((R::SALT, "detail-scroll", r.id()))
            .auto_shrink([false, false])
            .show(ui, |ui| detail_ui(ui, r));
        if let Some((id, title)) = self.asking_delete.clone() {
            let question = Question {
                id: R::SALT,
                title: t!("wms.delete_title", id = id).to_string(),
                lines: vec![title.clone(), t!("wms.delete_body").to_string()],
                yes: t!("wms.delete_yes").to_string(),
                no: t!("wms.delete_no").to_string(),
            };
            match ask(ui.ctx(), question) {
                Some(true) => {
                    self.asking_delete = None;
                    *action = Some(Action::Delete(id, title));
                }
                Some(false) => self.asking_delete = None,
                None => {}
            }
        }
    }
}

impl<R: Row> Screen for WarehouseList<R> {
    fn entered(&mut self, cx: &mut Cx) {
        if self.rows.is_empty() && !self.paging.busy() {
            self.show_page(cx, 1);
        }
    }

    fn poll(&mut self, cx: &mut Cx) {
        if self.account.poll(cx) {
            self.show_page(cx, 1);
        }
        match self.paging.poll() {
            Some(Ok(rows)) => self.set_rows(rows),
            Some(Err(e)) => self.error = Some(told_desk(&e)),
            None => {}
        }
        match ready(&mut self.confirming) {
            Some(Ok(said)) => {
                self.message = Some(Words::said(said));
                self.selected.clear();
                cx.emit(AppEvent::WarehouseChanged(R::KIND));
            }
            Some(Err(e)) => self.error = Some(told_desk(&e)),
            None => {}
        }
        match ready_with(&mut self.deleting) {
            Some(((id, title), Ok(()))) => {
                self.message = Some(crate::words!("wms.deleted", what = title));
                self.selected.remove(&id);
                if self.open == Some(id) {
                    self.open = None;
                }
                cx.emit(AppEvent::WarehouseChanged(R::KIND));
            }
            Some((_, Err(e))) => self.error = Some(told_desk(&e)),
            None => {}
        }
        if self.stale && !self.paging.busy() {
            self.stale = false;
            self.reload(cx);
        }
    }

    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        match event {
            AppEvent::WarehouseChanged(kind) if *kind == R::KIND => self.reload(cx),
            _ => {}
        }
    }

    fn is_busy(&self) -> bool {
        any_running(&[&self.paging, &self.confirming, &self.deleting]) || self.account.is_busy()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(Command::Open(R::SCREEN).label());
        self.account.ui(ui, cx);
        if !Account::open(cx) {
            return;
        }
        let mut action = None;
        self.head(ui, &mut action);
        self.tools(ui, &mut action, cx);
        if let Some(m) = &self.message {
            ui.label(RichText::new(m).strong());
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        ui.separator();
        // The table takes the height there is, or about half of it while a detail is open.
        let room = ui.available_height();
        let height = if self.open.is_some() {
            (room * 0.45).max(120.0)
        } else {
            (room - 30.0).max(120.0)
        };
        if self.rows.is_empty() && !self.is_busy() {
            ui.label(t!("wms.none"));
        } else if self.filtered.shown(&self.filter).is_empty() {
            ui.label(t!("wms.none_shown"));
        } else {
            // In a scope of its own: the columns' resize lines reach down to the bottom of the
            // table's own area, not through the detail under it.
            ui.scope(|ui| self.table(ui, height));
        }
        self.detail(ui, &mut action, cx);
        if let Some(a) = action {
            self.act(a, cx);
        }
    }
}
