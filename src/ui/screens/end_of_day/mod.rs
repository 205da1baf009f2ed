//! End of day: a chosen day (today by default) at this desk, for one clerk or all: what is not
//! yet confirmed (first, in red), the totals and their groupings, the charts, every order; and
//! closing the day, which keeps and prints the handover register the courier signs (a closed day
//! is printed again unchanged), and the day's orders as CSV.

mod charts;
mod summary;

use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::confirm::{Question, ask};
use crate::ui::widgets::errors::{tell_desk, tell_print};
use crate::ui::widgets::save_document::SaveDocument;
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, Form, button_if, choice, date_field};
use chrono::NaiveDate;
use desk::DeskError;
use desk::day::day_exports::{day_csv, day_xlsx};
use desk::day::day_report::{DayReport, Whose};
use desk::day::{Register, day_text, money, today};
use desk::labels::printing::PrintProblem;
use desk::task::{Task, any_running, ready};
use egui::RichText;
use label::print::Printer;
use rust_i18n::t;
use std::collections::BTreeMap;
use text::day::parse_day;

#[derive(Default)]
pub struct EndOfDayScreen {
    /// The day as typed (DD.MM.YYYY).
    day_text: String,
    /// The day the report is of (the last valid one typed).
    pub day: Option<NaiveDate>,
    /// Whose orders it counts (every clerk's, the whole shop's at first).
    whose: Whose,
    pub report: Option<DayReport>,
    loading: Option<Task<Result<DayReport, DeskError>>>,
    /// The journal's generation the report was read at (read again when it moves).
    seen: u64,
    error: Option<Words>,
    asking_close: bool,
    closing: Option<Task<Result<Register, DeskError>>>,
    /// The closed day's register, as printed.
    pub register: Option<Register>,
    loading_register: Option<Task<Result<Option<Register>, DeskError>>>,
    printing: Option<Task<Result<(), PrintProblem>>>,
    pdf: SaveDocument,
    csv: SaveDocument,
    xlsx: SaveDocument,
    /// Who hands the parcels over, as the register names them (the clerk's name).
    handed_by: Option<String>,
}

impl EndOfDayScreen {
    fn reload(&mut self, cx: &mut Cx) {
        let day = *self.day.get_or_insert_with(today);
        if self.day_text.is_empty() {
            self.day_text = day_text(day);
        }
        self.seen = cx.desk.journal_generation();
        let who = self.whose.clone();
        self.loading = cx.desk.day_report(day, who);
    }

    fn go_to(&mut self, cx: &mut Cx, day: NaiveDate) {
        if self.day != Some(day) {
            self.day = Some(day);
            self.day_text = day_text(day);
            self.register = None;
            self.whose = Whose::default();
            self.reload(cx);
        }
    }

    /// Prints the register where a PDF printer is set up, else offers to save it.
    fn print(&mut self, cx: &mut Cx) {
        let Some(register) = self.register.clone() else {
            return;
        };
        match cx.desk.settings().printing.printer {
            Some(Printer::SystemPdf { .. }) => {
                self.printing = Some(cx.desk.print_register(register));
            }
            _ => self.save_pdf(cx),
        }
    }

    fn save_pdf(&mut self, cx: &mut Cx) {
        let Some(register) = self.register.clone() else {
            return;
        };
        let lang = cx.desk.settings().language;
        let name = register.file_name();
        self.pdf.start(cx, &name, move || register.pdf(lang));
    }

    /// The day's orders as a CSV file or (`xlsx`) a workbook.
    fn export(&mut self, cx: &mut Cx, xlsx: bool) {
        let Some(r) = &self.report else {
            return;
        };
        let (lines, cancelled) = (r.lines.clone(), r.cancelled.clone());
        let lang = cx.desk.settings().language;
        if xlsx {
            let name = format!("orders-{}.xlsx", r.day);
            self.xlsx
                .start(cx, &name, move || day_xlsx(&lines, &cancelled, lang));
        } else {
            let name = format!("orders-{}.csv", r.day);
            self.csv
                .start(cx, &name, move || day_csv(&lines, &cancelled, lang));
        }
    }

    fn day_bar(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.horizontal_wrapped(|ui| {
            let errors: BTreeMap<String, String> = BTreeMap::new();
            let form = Form::new(&errors);
            ui.vertical(|ui| {
                date_field::show(ui, &form, &t!("eod.day"), &mut self.day_text, "eod-day");
            });
            if let Some(day) = parse_day(&self.day_text)
                && Some(day) != self.day
            {
                self.go_to(cx, day);
            }
            let shown = self.day.unwrap_or_else(today);
            if ui.button("◀").on_hover_text(t!("eod.day_before")).clicked()
                && let Some(d) = shown.pred_opt()
            {
                self.go_to(cx, d);
            }
            if ui.button("▶").on_hover_text(t!("eod.day_after")).clicked()
                && let Some(d) = shown.succ_opt()
            {
                self.go_to(cx, d);
            }
            if ui.button(t!("eod.today")).clicked() {
                self.go_to(cx, today());
            }
            let (clerks, counters) = self
                .report
                .as_ref()
                .map_or((&[][..], &[][..]), |r| (&r.clerks[..], &r.counters[..]));
            let label = (t!("eod.clerk"), t!("eod.all_clerks"));
            let mut changed = one_or_all(ui, label, "eod-clerk", &mut self.whose.clerk, clerks);
            // A shop's counters: one of them, or the whole shop.
            // While its database is away the day counts this counter's kept orders only: said
            // in the picker, which waits for the database.
            if !counters.is_empty() || self.whose.counter.is_some() {
                let away = cx.desk.shop_away();
                let all = if away {
                    t!("eod.this_counter_only")
                } else {
                    t!("eod.whole_shop")
                };
                let label = (t!("eod.counter"), all);
                let whose = &mut self.whose.counter;
                changed |= ui
                    .add_enabled_ui(!away, |ui| {
                        one_or_all(ui, label, "eod-counter", whose, counters)
                    })
                    .inner;
            }
            if changed {
                self.reload(cx);
            }
        });
    }

    fn actions(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        let Some(r) = &self.report else {
            return;
        };
        let busy = self.is_busy();
        let (closed, future) = (r.closed.clone(), r.day > today());
        ui.horizontal_wrapped(|ui| match &closed {
            Some((at, clerk)) => {
                ui.label(
                    RichText::new(t!("eod.closed", at = desk::day::moment(*at), clerk = clerk))
                        .strong(),
                );
                let ready = self.register.is_some() && !busy;
                if button_if(ui, ready, t!("eod.print_again")) {
                    self.print(cx);
                }
                if button_if(ui, ready, t!("eod.save_register")) {
                    self.save_pdf(cx);
                }
            }
            None => {
                ui.label(t!("eod.open"));
                // The register names who hands the parcels over; kept for the next day.
                let name = self
                    .handed_by
                    .get_or_insert_with(|| cx.desk.clerk_name().unwrap_or_default());
                crate::ui::widgets::inline_field(
                    ui,
                    &t!("eod.handed_by"),
                    name,
                    "eod-handed-by",
                    200.0,
                );
                let close = egui::Button::new(RichText::new(t!("eod.close_day")).strong());
                // The day is closed for the whole shop: not while its database is away.
                let away = cx.desk.shop_away();
                let close = ui
                    .add_enabled(!busy && !future && !away, close)
                    .on_disabled_hover_text(if away {
                        t!("eod.close_waits")
                    } else {
                        t!("eod.close_day")
                    });
                if close.clicked() {
                    self.asking_close = true;
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            if button_if(ui, !busy, t!("eod.export_csv")) {
                self.export(cx, false);
            }
            if button_if(ui, !busy, t!("eod.export_xlsx")) {
                self.export(cx, true);
            }
        });
    }

    fn ask_close(&mut self, cx: &mut Cx) {
        let Some(r) = &self.report else {
            self.asking_close = false;
            return;
        };
        let mut lines = vec![
            t!(
                "eod.close_body",
                n = r.day_totals.orders,
                cod = money(r.day_totals.cod_to_come + r.day_totals.cod_due)
            )
            .to_string(),
        ];
        // Closing is the whole shop's: every counter's orders go on the one register.
        if r.by_counter.iter().any(|(c, _)| c.is_some()) {
            lines.push(t!("eod.close_whole_shop").to_string());
            for (counter, n) in &r.by_counter {
                let name = counter
                    .clone()
                    .unwrap_or_else(|| t!("eod.no_counter").to_string());
                lines.push(format!("  • {name}: {n}"));
            }
        } else if r.whose.clerk.is_some() {
            lines.push(t!("eod.close_all_clerks").to_string());
        }
        if r.day_cancelled > 0 {
            lines.push(t!("eod.close_cancelled", n = r.day_cancelled).to_string());
        }
        let handed_by = self.handed_by.clone().unwrap_or_default();
        if !handed_by.trim().is_empty() {
            lines.push(t!("eod.close_handed_by", name = handed_by.trim()).to_string());
        }
        lines.push(t!("eod.close_after").to_string());
        if !r.waiting.is_empty() {
            lines.push(t!("eod.close_waiting", n = r.waiting.len()).to_string());
        }
        let question = Question {
            id: "eod-close",
            title: t!("eod.close_title", day = day_text(r.day)).to_string(),
            lines,
            yes: t!("eod.close_yes").to_string(),
            no: t!("eod.close_no").to_string(),
        };
        let day = r.day;
        match ask(cx.ctx, question) {
            Some(true) => {
                self.asking_close = false;
                let name = self.handed_by.clone().unwrap_or_default();
                cx.desk.remember_clerk_name(&name);
                self.closing = cx.desk.close_day(day, &name);
            }
            Some(false) => self.asking_close = false,
            None => {}
        }
    }
}

/// A pick of one of `names`, or of all of them (`None`); whether the pick changed.
fn one_or_all(
    ui: &mut egui::Ui,
    (label, all): (std::borrow::Cow<'_, str>, std::borrow::Cow<'_, str>),
    salt: &str,
    picked: &mut Option<String>,
    names: &[String],
) -> bool {
    let before = picked.clone();
    let options = std::iter::once(None).chain(names.iter().cloned().map(Some));
    choice(ui, &label, salt, picked, options, |c| {
        c.clone().unwrap_or_else(|| all.to_string())
    });
    *picked != before
}

impl Screen for EndOfDayScreen {
    fn entered(&mut self, cx: &mut Cx) {
        self.reload(cx);
    }

    fn poll(&mut self, cx: &mut Cx) {
        if self.report.is_some()
            && self.loading.is_none()
            && self.seen != cx.desk.journal_generation()
        {
            self.reload(cx);
        }
        match ready(&mut self.loading) {
            Some(Ok(mut report)) => {
                self.error = None;
                report.rename(&cx.desk.place_names());
                if report.closed.is_some()
                    && self.register.as_ref().map(|r| r.day) != Some(report.day)
                {
                    self.loading_register = cx.desk.closed_register(report.day);
                }
                self.report = Some(report);
            }
            Some(Err(e)) => {
                let told = tell_desk(&e);
                self.error = Some(Words::said(match told.details {
                    Some(details) => format!("{}\n{details}", told.message),
                    None => told.message.to_string(),
                }));
                // Another day's figures never stand under this day's name.
                if self.report.as_ref().map(|r| r.day) != self.day {
                    self.report = None;
                }
            }
            None => {}
        }
        match ready(&mut self.loading_register) {
            Some(Ok(register)) => self.register = register,
            Some(Err(e)) => {
                let told = tell_desk(&e);
                cx.toasts.error(told.message, told.details);
            }
            None => {}
        }
        match ready(&mut self.closing) {
            Some(Ok(register)) => {
                cx.toasts
                    .info(t!("eod.day_closed", day = day_text(register.day)));
                self.register = Some(register);
                self.print(cx);
                self.reload(cx);
            }
            Some(Err(e)) => {
                let told = tell_desk(&e);
                cx.toasts.error(told.message, told.details);
                self.reload(cx);
            }
            None => {}
        }
        match ready(&mut self.printing) {
            Some(Ok(())) => cx.toasts.info(t!("eod.printed")),
            Some(Err(e)) => {
                let told = tell_print(&e);
                cx.toasts.error(told.message, told.details);
            }
            None => {}
        }
        self.pdf.poll(cx);
        self.csv.poll(cx);
        self.xlsx.poll(cx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(t!("command.EndOfDay"));
        // What is kept here is today's: another day shows again when the database answers.
        let above = if self.day.is_none_or(|d| d == today()) {
            crate::ui::widgets::kept_here::Above::Today
        } else {
            crate::ui::widgets::kept_here::Above::OtherDay
        };
        crate::ui::widgets::kept_here::notice(ui, cx.desk, above);
        self.day_bar(ui, cx);
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        if self.report.is_none() {
            if self.loading.is_some() {
                ui.spinner();
            }
            return;
        }
        self.actions(ui, cx);
        if self.asking_close {
            self.ask_close(cx);
        }
        ui.separator();
        let Some(r) = self.report.take() else {
            return;
        };
        egui::ScrollArea::both()
            .id_salt("eod-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                summary::waiting(ui, &r.waiting);
                // A day without orders says so first; its totals and hours would be all zero,
                // while the 30 days before it still show.
                let empty = r.lines.is_empty();
                if empty {
                    summary::orders(
                        ui,
                        &r.lines,
                        &cx.desk.settings().clerk_names,
                        cx.desk.shop_away(),
                    );
                } else {
                    summary::totals(ui, &r.totals);
                    ui.add_space(6.0);
                    summary::groups(ui, &r);
                }
                ui.add_space(6.0);
                let wide = ui.available_width() > 1200.0;
                let plots = if empty { 2 } else { 3 };
                ui.columns(if wide { plots } else { 1 }, |cols| {
                    let n = cols.len();
                    if !empty {
                        charts::orders_per_hour(&mut cols[0], &r);
                    }
                    charts::orders_per_day(&mut cols[usize::from(!empty) % n], &r);
                    charts::cod_per_day(&mut cols[(usize::from(!empty) + 1) % n], &r);
                });
                if !empty {
                    ui.add_space(6.0);
                    summary::orders(
                        ui,
                        &r.lines,
                        &cx.desk.settings().clerk_names,
                        cx.desk.shop_away(),
                    );
                }
                summary::cancelled(ui, &r.cancelled);
            });
        self.report = Some(r);
    }

    fn command(&mut self, command: Command, cx: &mut Cx) -> bool {
        match command {
            Command::Refresh => {
                self.reload(cx);
                true
            }
            Command::Print => {
                self.print(cx);
                true
            }
            _ => false,
        }
    }

    fn is_busy(&self) -> bool {
        let s = self;
        any_running(&[
            &s.loading,
            &s.closing,
            &s.printing,
            &s.loading_register,
            &s.pdf,
            &s.csv,
            &s.xlsx,
        ])
    }
}
