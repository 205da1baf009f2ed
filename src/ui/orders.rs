//! The Orders screen: the whole journal in a virtualized table (only visible rows are laid out,
//! so 100,000 rows cost what 30 do), one filter box over barcode, name, phone and city.

use super::widgets::Toasts;
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

pub struct OrdersScreen {
    rows: Vec<JournalRow>,
    /// Search keys of each row, made once per load.
    keys: Vec<String>,
    filter: String,
    shown: Vec<usize>,
    shown_for: Option<String>,
    loading: Option<Task<Result<Vec<JournalRow>, String>>>,
    focus_filter: bool,
}

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
    egui::Frame::new()
        .fill(status_color(status_id))
        .corner_radius(8.0)
        .inner_margin(egui::Margin::symmetric(6, 1))
        .show(ui, |ui| {
            ui.add(
                egui::Label::new(RichText::new(name).color(egui::Color32::WHITE).small())
                    .truncate(),
            );
        });
}

pub fn when(epoch: i64) -> String {
    let tz = chrono::FixedOffset::east_opt(5 * 3600)
        .unwrap_or_else(|| chrono::FixedOffset::east_opt(0).unwrap_or_else(|| unreachable!()));
    chrono::DateTime::from_timestamp(epoch, 0)
        .map(|d| d.with_timezone(&tz).format("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_default()
}

impl OrdersScreen {
    pub fn new(desk: &Desk) -> OrdersScreen {
        OrdersScreen {
            rows: Vec::new(),
            keys: Vec::new(),
            filter: String::new(),
            shown: Vec::new(),
            shown_for: None,
            loading: Some(desk.load_journal()),
            focus_filter: true,
        }
    }

    pub fn reload(&mut self, desk: &Desk) {
        if self.loading.is_none() {
            self.loading = Some(desk.load_journal());
        }
    }

    pub fn is_busy(&self) -> bool {
        self.loading.is_some()
    }

    pub fn focus_filter(&mut self) {
        self.focus_filter = true;
    }

    pub fn poll(&mut self, toasts: &mut Toasts) {
        match take(&mut self.loading) {
            Some(Ok(Ok(rows))) => {
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
                self.rows = rows;
                self.shown_for = None;
            }
            Some(Ok(Err(e))) => toasts.error(t!("orders.unreadable"), Some(e)),
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
    }

    fn refilter(&mut self) {
        if self.shown_for.as_deref() == Some(self.filter.as_str()) {
            return;
        }
        let digits: String = self.filter.chars().filter(char::is_ascii_digit).collect();
        let q = search_key(&self.filter);
        self.shown = (0..self.rows.len())
            .filter(|&i| {
                q.is_empty()
                    || crate::text::translit::matches(&q, &self.keys[i])
                    || (digits.len() >= 3 && self.keys[i].contains(&digits))
            })
            .collect();
        self.shown_for = Some(self.filter.clone());
    }

    /// Shows the table; returns the order the clerk opened.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<Found> {
        self.refilter();
        let mut open = None;
        ui.heading(t!("orders.title"));
        ui.horizontal(|ui| {
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
                if self.shown.len() == 1 {
                    open = Some(Found::Order(self.rows[self.shown[0]].order_id));
                } else if self.shown.is_empty()
                    && typed.len() >= 8
                    && typed.chars().all(|c| c.is_ascii_digit())
                {
                    open = Some(Found::Lookup(typed.to_string()));
                }
            }
            ui.label(
                RichText::new(t!(
                    "dir.count",
                    shown = self.shown.len(),
                    total = self.rows.len()
                ))
                .weak(),
            );
            if self.loading.is_some() {
                ui.spinner();
            }
        });
        if self.rows.is_empty() && self.loading.is_none() {
            ui.add_space(12.0);
            ui.label(t!("orders.empty"));
            return open;
        }
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
            .column(Column::initial(130.0).resizable(true))
            .column(Column::initial(130.0).resizable(true))
            .column(Column::initial(200.0).resizable(true))
            .column(Column::initial(130.0).resizable(true))
            .column(Column::initial(170.0).resizable(true))
            .column(Column::initial(90.0).resizable(true))
            .column(Column::remainder())
            .header(22.0, |mut h| {
                for title in headers {
                    h.col(|ui| {
                        ui.strong(title);
                    });
                }
            })
            .body(|body| {
                body.rows(24.0, self.shown.len(), |mut row| {
                    let r = &self.rows[self.shown[row.index()]];
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
        open
    }
}
