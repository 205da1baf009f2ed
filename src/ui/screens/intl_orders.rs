//! The company's international orders (current interface) in a date range: a page at a time as
//! the service pages them, or every page with progress and a stop; a filter within the rows read;
//! the rows saved as CSV.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::errors::told;
use crate::ui::widgets::filtered::Filtered;
use crate::ui::widgets::pages::Paging;
use crate::ui::widgets::save_document::SaveDocument;
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, button_if, inline_field, titled};
use api::ApiError;
use api::international::{IntlListQuery, IntlOrder};
use desk::international::international_list::{search_text, this_week, to_csv, to_xlsx};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;
use text::day::parse_day;

pub struct IntlOrdersScreen {
    pub begin: String,
    pub end: String,
    pub filter: String,
    rows: Vec<IntlOrder>,
    /// The rows the filter lets through.
    filtered: Filtered,
    pub paging: Paging<IntlOrder, ApiError>,
    export: SaveDocument,
    error: Option<Words>,
    /// The range of the rows shown, as read (the empty list says it).
    read_range: Option<(String, String)>,
}

impl Default for IntlOrdersScreen {
    /// Opens on this week: a list of everything since the first order is never read by itself.
    fn default() -> IntlOrdersScreen {
        let (begin, end) = this_week(text::day::today());
        let day = |d: chrono::NaiveDate| d.format("%d.%m.%Y").to_string();
        IntlOrdersScreen {
            begin: day(begin),
            end: day(end),
            filter: String::new(),
            rows: Vec::new(),
            filtered: Filtered::default(),
            paging: Paging::default(),
            export: SaveDocument::default(),
            error: None,
            read_range: None,
        }
    }
}

impl IntlOrdersScreen {
    /// The orders read, each with its words to search made once.
    pub fn set_rows(&mut self, rows: Vec<IntlOrder>) {
        self.filtered = Filtered::new(rows.iter().map(search_text), |_| true);
        self.rows = rows;
    }

    pub fn rows(&self) -> &[IntlOrder] {
        &self.rows
    }
    fn range(&mut self) -> Option<(Option<chrono::NaiveDate>, Option<chrono::NaiveDate>)> {
        let read = |t: &str| match t.trim() {
            "" => Ok(None),
            t => parse_day(t).map(Some).ok_or(()),
        };
        match (read(&self.begin), read(&self.end)) {
            (Ok(b), Ok(e)) => Some((b, e)),
            _ => {
                self.error = Some(crate::words!("order.bad_date"));
                None
            }
        }
    }

    fn show_page(&mut self, cx: &mut Cx, page: u64) {
        let Some((begin, end)) = self.range() else {
            return;
        };
        self.error = None;
        self.read_range = Some((self.begin.trim().to_string(), self.end.trim().to_string()));
        self.paging
            .read_page(cx.desk.international_page(IntlListQuery {
                begin_date: begin,
                end_date: end,
                page: u32::try_from(page).ok(),
                per_page: None,
            }));
    }

    fn load_all(&mut self, cx: &mut Cx) {
        let Some((begin, end)) = self.range() else {
            return;
        };
        self.error = None;
        self.read_range = Some((self.begin.trim().to_string(), self.end.trim().to_string()));
        let desk = &cx.desk;
        self.paging
            .read_all(|progress| desk.international_all(begin, end, progress));
    }

    /// The orders as the filter lets them through (only the rows in view are laid out).
    pub fn table(&mut self, ui: &mut egui::Ui) {
        let shown = self.filtered.shown(&self.filter);
        let all = &self.rows;
        let columns = [
            (t!("intl_list.barcode"), Column::auto().at_least(110.0)),
            (t!("intl_list.date"), Column::auto().at_least(80.0)),
            // The country and city take what is left (at least a little), so every column stays
            // inside a 1024-pixel window and a wide one shows whole names (cut ones are whole
            // on hover).
            (
                t!("parcel.receiver"),
                Column::initial(140.0)
                    .at_least(90.0)
                    .resizable(true)
                    .clip(true),
            ),
            (
                t!("intl_list.country"),
                Column::remainder().at_least(90.0).clip(true),
            ),
            (t!("parcel.weight"), Column::auto().at_least(60.0)),
            (t!("intl_list.cost"), Column::auto().at_least(80.0)),
            (
                t!("parcels.status"),
                Column::auto().at_least(80.0).clip(true),
            ),
        ];
        let ctx = ui.ctx().clone();
        let table = TableBuilder::new(ui).id_salt("intl-orders").striped(true);
        titled(&ctx, table, columns).body(|body| {
            body.rows(22.0, shown.len(), |mut row| {
                let o = &all[shown[row.index()]];
                row.col(|ui| {
                    ui.label(&o.barcode);
                });
                row.col(|ui| {
                    ui.label(o.sender.sender_date.format("%d.%m.%Y").to_string());
                });
                row.col(|ui| {
                    ui.label(&o.receiver.name);
                });
                row.col(|ui| {
                    ui.label(format!(
                        "{}, {}",
                        o.receiver.country.name, o.receiver.city.name
                    ));
                });
                row.col(|ui| {
                    ui.label(crate::ui::widgets::numbers::kg_number(
                        o.mail.weight.grams(),
                    ));
                });
                row.col(|ui| {
                    ui.label(o.cost.to_string());
                });
                row.col(|ui| {
                    ui.label(&o.status.info);
                });
            });
        });
    }
}

impl Screen for IntlOrdersScreen {
    fn poll(&mut self, cx: &mut Cx) {
        match self.paging.poll() {
            Some(Ok(rows)) => {
                // The cities abroad these orders went to are offered by the price's picker.
                cx.desk.learn_abroad_cities(&rows);
                self.set_rows(rows);
            }
            Some(Err(e)) => self.error = Some(told(&e)),
            None => {}
        }
        self.export.poll(cx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(t!("intl_list.title"));
        let mut action = None;
        ui.horizontal_wrapped(|ui| {
            inline_field(
                ui,
                &t!("intl_list.begin"),
                &mut self.begin,
                "intl-begin",
                110.0,
            );
            inline_field(ui, &t!("intl_list.end"), &mut self.end, "intl-end", 110.0);
            let idle = !self.paging.busy();
            if button_if(ui, idle, t!("intl_list.show")) {
                action = Some(Action::Page(1));
            }
            if button_if(ui, idle, t!("intl_list.load_all")) {
                action = Some(Action::All);
            }
        });
        self.paging.progress(ui);
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        if self.paging.page.is_some() {
            ui.horizontal(|ui| {
                if let Some(asked) = self.paging.pager(ui) {
                    action = Some(Action::Page(asked));
                }
            });
        }
        ui.horizontal_wrapped(|ui| {
            inline_field(
                ui,
                &t!("intl_list.filter"),
                &mut self.filter,
                "intl-filter",
                200.0,
            );
            let shown = self.filtered.shown(&self.filter).len();
            ui.label(t!("intl_list.shown", shown = shown, read = self.rows.len()));
            let can_save = shown > 0 && !self.export.is_busy();
            if button_if(ui, can_save, t!("intl_list.export")) {
                action = Some(Action::Export(Sheet::Csv));
            }
            if button_if(ui, can_save, t!("intl_list.export_xlsx")) {
                action = Some(Action::Export(Sheet::Xlsx));
            }
        });
        ui.separator();
        let shown = self.filtered.shown(&self.filter).len();
        match (&self.read_range, self.rows.is_empty(), shown) {
            _ if self.paging.busy() && self.rows.is_empty() => {}
            (None, true, _) => {
                ui.label(t!("intl_list.none"));
            }
            (Some((begin, end)), true, _) => {
                let (begin, end) = (or_dash(begin), or_dash(end));
                ui.label(t!("intl_list.none_between", begin = begin, end = end));
            }
            (_, false, 0) => {
                ui.label(t!("intl_list.none_match", read = self.rows.len()));
            }
            _ => self.table(ui),
        }
        match action {
            Some(Action::Page(p)) => self.show_page(cx, p),
            Some(Action::All) => self.load_all(cx),
            Some(Action::Export(sheet)) => {
                let all = &self.rows;
                let rows: Vec<IntlOrder> = self
                    .filtered
                    .shown(&self.filter)
                    .iter()
                    .map(|&i| all[i].clone())
                    .collect();
                let lang = cx.desk.settings().language;
                match sheet {
                    Sheet::Csv => self
                        .export
                        .start(cx, "international-orders.csv", move || to_csv(&rows, lang)),
                    Sheet::Xlsx => self.export.start(cx, "international-orders.xlsx", move || {
                        to_xlsx(&rows, lang.as_str())
                    }),
                }
            }
            None => {}
        }
    }

    /// The service names countries, cities and statuses in the language asked: what is shown
    /// is read again in the new one (the page shown, or every page when all were read).
    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        let changed = matches!(event, AppEvent::LanguageChanged);
        if !changed || self.read_range.is_none() || self.paging.busy() {
            return;
        }
        match self.paging.page {
            Some((page, _)) => self.show_page(cx, page),
            None => self.load_all(cx),
        }
    }

    /// Opened the first time: this week's orders are read at once.
    fn entered(&mut self, cx: &mut Cx) {
        if self.read_range.is_none() && !self.paging.busy() {
            self.show_page(cx, 1);
        }
    }

    fn is_busy(&self) -> bool {
        self.paging.busy() || self.export.is_busy()
    }
}

/// An open end of the range, as the empty list says it.
fn or_dash(day: &str) -> String {
    match day.trim() {
        "" => "…".to_string(),
        d => d.to_string(),
    }
}

enum Sheet {
    Csv,
    Xlsx,
}

enum Action {
    Page(u64),
    All,
    Export(Sheet),
}
