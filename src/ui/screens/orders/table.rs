//! Drawing the Orders screen: the filters (text, status, period), the batch bar (select, print
//! with a reason, progress), and the virtualized table of the rows the view lets through.

use super::{Found, OrdersScreen, REFRESH_LIMIT, RangeProblem, SortBy};
use crate::ui::widgets::confirm::print_cancelled;
use crate::ui::widgets::period::Period;
use crate::ui::widgets::status::{status_chip, when};
use crate::ui::widgets::{button_if, choice, entered, inline_field, search_field};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;

impl OrdersScreen {
    /// The date filter: a period picker, and two day fields when the clerk picks a range.
    fn show_period(&mut self, ui: &mut egui::Ui) {
        choice(
            ui,
            &t!("period.label"),
            "period-filter",
            &mut self.period,
            Period::ALL,
            |p| p.name().to_string(),
        );
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
        self.view.iter().map(|&i| self.row(i).order_id).collect()
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
                            .all(|&i| self.selected.contains(&self.row(i).order_id));
                    self.all_ticked = Some((key.0, key.1, on));
                    on
                }
            };
            let mut all = all_on;
            if ui.checkbox(&mut all, t!("print.select_all")).changed() {
                self.selection_generation += 1;
                for &i in &self.view {
                    let id = self.row(i).order_id;
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
                    if button_if(ui, n > 0, t!("print.print_selected", n = n)) {
                        *print_now = true;
                    }
                    let label = t!("print.batch_reason");
                    inline_field(ui, &label, &mut self.reprint_reason, "batch-reason", 220.0);
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
            let title = t!("print.cancelled_title_n", n = n).to_string();
            match print_cancelled(ui.ctx(), "batch-cancelled", title) {
                None => {}
                Some(false) => self.asking_cancelled = None,
                // Agreed for this very selection: ticking another order asks again.
                Some(true) => {
                    self.asking_cancelled = None;
                    self.cancelled_ok = Some(self.selection_generation);
                    print_now = true;
                }
            }
        }
        ui.heading(t!("orders.title"));
        // Wrapped: with a typed date range the filters are wider than a narrow window.
        ui.horizontal_wrapped(|ui| {
            let (label, hint) = (t!("orders.filter"), t!("orders.filter_hint"));
            let r = search_field(
                ui,
                &label,
                &hint,
                &mut self.filter,
                320.0,
                &mut self.focus_filter,
            );
            if entered(ui, &r) {
                let typed = self.filter.trim();
                if self.view.len() == 1 {
                    open = Some(Found::Order(self.row(self.view[0]).order_id));
                } else if self.view.is_empty()
                    && ((typed.len() >= 8 && typed.chars().all(|c| c.is_ascii_digit()))
                        || desk::international::customs::is_parcel_number(typed))
                {
                    // A parcel number from abroad is tracked on the Parcels screen.
                    open = Some(Found::Lookup(typed.to_string()));
                }
            }
            ui.weak(t!(
                "dir.count",
                shown = self.view.len(),
                total = self.rows.len()
            ));
            if self.loading.is_some() {
                ui.spinner();
            }
            let options: Vec<Option<i64>> = std::iter::once(None)
                .chain(self.statuses.iter().map(|(id, _)| Some(*id)))
                .collect();
            let statuses = &self.statuses;
            choice(
                ui,
                &t!("orders.status"),
                "status-filter",
                &mut self.status,
                options,
                |s| match s {
                    None => t!("orders.all").to_string(),
                    Some(id) => statuses
                        .iter()
                        .find(|(s, _)| s == id)
                        .map(|(_, n)| n.clone())
                        .unwrap_or_default(),
                },
            );
            if self.several_counters {
                let counters = std::iter::once(None).chain(self.counters.iter().cloned().map(Some));
                choice(
                    ui,
                    &t!("orders.counter"),
                    "counter-filter",
                    &mut self.counter,
                    counters.collect::<Vec<_>>(),
                    |c| match c {
                        None => t!("orders.whole_shop").to_string(),
                        Some(name) => name.to_string(),
                    },
                );
            }
            self.show_period(ui);
            match &self.refreshing {
                None => {
                    let listed = self.view.len().min(REFRESH_LIMIT);
                    if button_if(ui, listed > 0, t!("orders.refresh_statuses", n = listed)) {
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
        // The counter's column only where orders of several counters are listed.
        let by_counter = self.several_counters;
        let mut headers = vec![
            (t!("orders.barcode"), Some(SortBy::Barcode)),
            (t!("orders.created"), Some(SortBy::Created)),
            (t!("orders.receiver"), Some(SortBy::Receiver)),
            (t!("orders.city"), Some(SortBy::City)),
        ];
        if by_counter {
            headers.push((t!("orders.counter"), Some(SortBy::Counter)));
        }
        headers.extend([
            (t!("orders.status"), Some(SortBy::Status)),
            (t!("orders.cod"), None),
            (t!("orders.cost"), Some(SortBy::Cost)),
        ]);
        // The receiver takes what the other columns leave of the visible width and cuts its
        // text (whole on hover); every column fits a 1024-px window. Where the window is
        // narrower than every column at its least (1024 px with the counter's column), the table
        // scrolls sideways rather than hide the last ones. The share is worked out here: inside
        // a sideways scroll a remainder column would take the table's last width and grow.
        // Cells are centred on their row, whatever widget they hold.
        // Each column is at least as wide as its title (with the sort's arrow): a title is
        // never cut, in any language.
        // The barcode's and the moment's columns are as wide as what they hold (measured), the
        // others as their titles need.
        let fit = |i: usize, base: f32| {
            let (title, by) = &headers[i];
            let arrow = if by.is_some() { " ▼" } else { "" };
            let title = format!("{title}{arrow}");
            base.max(crate::ui::widgets::text_width(ui, &title, true) + 12.0)
        };
        let content = |sample: &str| crate::ui::widgets::text_width(ui, sample, false) + 12.0;
        let at = |k: usize| if by_counter && k >= 4 { k + 1 } else { k };
        let (barcode_w, created_w) = (
            fit(0, content("019914300001")),
            fit(1, content("28.11.2026 14:56")),
        );
        let city_w = fit(3, 90.0);
        let (status_w, cod_w, cost_w) = (fit(at(4), 96.0), fit(at(5), 70.0), fit(at(6), 70.0));
        let others = 24.0 + barcode_w + created_w + city_w + status_w + cod_w + cost_w;
        let columns = if by_counter { 9.0 } else { 8.0 };
        let free = ui.available_width()
            - others
            - columns * ui.spacing().item_spacing.x
            - ui.spacing().scroll.allocated_width();
        // The counter's name gets room for all of its 32 characters once the receiver has 300 px.
        let counter = if by_counter {
            80.0 + (free - 80.0 - 300.0).clamp(0.0, 160.0)
        } else {
            0.0
        };
        let receiver = (free - counter).max(90.0);
        egui::ScrollArea::horizontal()
            .id_salt("journal-sideways")
            .show(ui, |ui| {
                TableBuilder::new(ui)
                    .id_salt("journal")
                    .striped(true)
                    .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
                    .column(Column::exact(24.0))
                    .column(
                        Column::initial(barcode_w)
                            .at_least(90.0)
                            .resizable(true)
                            .clip(true),
                    )
                    .column(
                        Column::initial(created_w)
                            .at_least(80.0)
                            .resizable(true)
                            .clip(true),
                    )
                    .column(Column::exact(receiver).clip(true))
                    .column(
                        Column::initial(city_w)
                            .at_least(60.0)
                            .resizable(true)
                            .clip(true),
                    )
                    .columns(Column::exact(counter).clip(true), usize::from(by_counter))
                    .column(
                        Column::initial(status_w)
                            .at_least(60.0)
                            .resizable(true)
                            .clip(true),
                    )
                    .column(
                        Column::initial(cod_w)
                            .at_least(60.0)
                            .resizable(true)
                            .clip(true),
                    )
                    .column(Column::initial(cost_w).at_least(60.0).clip(true))
                    .header(22.0, |mut h| {
                        h.col(|_| {});
                        for (title, by) in headers {
                            h.col(|ui| {
                                // The same widget for every header, so all sit on one line; a title
                                // longer than its column is cut, never wrapped into a taller header.
                                let arrow = match by.map(|b| (current_sort.0 == b, current_sort.1))
                                {
                                    Some((true, true)) => " ▼",
                                    Some((true, false)) => " ▲",
                                    _ => "",
                                };
                                let text = RichText::new(format!("{title}{arrow}")).strong();
                                let r = ui
                                    .add(egui::Button::new(text).frame(false).truncate())
                                    .on_hover_text(title.as_ref());
                                if r.clicked() && by.is_some() {
                                    sort_click = by;
                                }
                            });
                        }
                    })
                    .body(|body| {
                        let selected = &self.selected;
                        body.rows(24.0, self.view.len(), |mut row| {
                            let at = self.view[row.index()];
                            let r = self.row(at);
                            row.col(|ui| {
                                let mut on = selected.contains(&r.order_id);
                                let name =
                                    t!("print.select_one", barcode = r.barcode()).to_string();
                                let resp = ui.add(egui::Checkbox::without_text(&mut on));
                                resp.widget_info(|| {
                                    egui::WidgetInfo::selected(
                                        egui::Role::CheckBox,
                                        true,
                                        on,
                                        &name,
                                    )
                                });
                                if resp.changed() {
                                    toggled.push((r.order_id, on));
                                }
                            });
                            row.col(|ui| {
                                if ui.link(RichText::new(r.barcode()).monospace()).clicked() {
                                    open = Some(Found::Order(r.order_id));
                                }
                            });
                            row.col(|ui| {
                                ui.label(when(r.created_at));
                            });
                            row.col(|ui| {
                                let who = format!("{} · {}", r.receiver(), r.receiver_phone());
                                // Cut to the column; egui shows the whole text on hover.
                                ui.add(egui::Label::new(&who).truncate());
                            });
                            row.col(|ui| {
                                ui.add(egui::Label::new(self.city_of_row(at)).truncate());
                            });
                            if by_counter {
                                // A dash where no counter took it (looked up, or taken
                                // before the counters had names).
                                row.col(|ui| {
                                    let at = r.counter.as_deref().unwrap_or("—");
                                    ui.add(egui::Label::new(at).truncate());
                                });
                            }
                            row.col(|ui| status_chip(ui, r.status_id, r.status_name()));
                            row.col(|ui| {
                                ui.label(
                                    r.cod().map(|c| api::Sum(c).to_string()).unwrap_or_default(),
                                );
                            });
                            row.col(|ui| {
                                ui.label(api::Sum(r.cost).to_string());
                            });
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
