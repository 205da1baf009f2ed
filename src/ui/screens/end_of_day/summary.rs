//! The end of day's tables: the orders not yet confirmed (first, in red: they are not on the
//! register until the service confirms them), the day's totals, the same split by stage,
//! hand-over mode and region, and every order of the day.

use crate::ui::widgets::status::{status_text, when};
use crate::ui::widgets::{ERROR_COLOR, grid_head, titled};
use api::codes::Delivery;
use desk::day::day_report::{DayLine, DayReport, RegionKey, Totals, Waiting};
use desk::day::money;
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;
use store::OutboxState;

/// Grams as the service writes kilograms (`1.250`).
fn kilograms(grams: u64) -> String {
    crate::ui::widgets::numbers::kg_number(grams)
}

/// The time of day at the counter (the day is the screen's).
fn time_of_day(at: i64) -> String {
    chrono::DateTime::from_timestamp(at, 0)
        .map(|d| {
            d.with_timezone(&text::day::counter_zone())
                .format("%H:%M")
                .to_string()
        })
        .unwrap_or_default()
}

fn state_text(state: OutboxState) -> String {
    match state {
        OutboxState::Pending => t!("eod.waiting_pending"),
        OutboxState::Sending => t!("eod.waiting_sending"),
        OutboxState::Unknown => t!("eod.waiting_unknown"),
        OutboxState::Conflict => t!("eod.waiting_conflict"),
        OutboxState::Exists => t!("eod.waiting_exists"),
    }
    .to_string()
}

pub(crate) fn pickup_text(mode: Option<Delivery>) -> String {
    match mode {
        Some(Delivery::Office) => t!("order.mode_office"),
        Some(Delivery::Courier) => t!("order.mode_courier"),
        Some(Delivery::RemoteCourier) => t!("order.mode_remote"),
        None => t!("eod.unknown"),
    }
    .to_string()
}

/// The orders of the day the service has not confirmed, in red.
pub(crate) fn waiting(ui: &mut egui::Ui, waiting: &[Waiting]) {
    if waiting.is_empty() {
        return;
    }
    let red = |text: String| RichText::new(text).color(ERROR_COLOR);
    ui.label(red(t!("eod.waiting_title", n = waiting.len()).to_string()).strong());
    ui.label(red(t!("eod.waiting_hint").to_string()));
    egui::Grid::new("eod-waiting")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for w in waiting {
                ui.label(red(w.wcs_code.clone()));
                ui.label(red(when(w.created_at)));
                ui.label(red(w.receiver.clone().unwrap_or_default()));
                ui.label(red(state_text(w.state)));
                ui.label(red(w.cod.map(money).unwrap_or_default()));
                ui.end_row();
            }
        });
    ui.add_space(8.0);
}

/// The day's sums, each under its name.
pub(crate) fn totals(ui: &mut egui::Ui, t: &Totals) {
    let cells = [
        (t!("eod.orders"), t.orders.to_string()),
        (t!("eod.cost"), money(t.cost)),
        (t!("eod.cod_to_come"), money(t.cod_to_come)),
        (t!("eod.cod_due"), money(t.cod_due)),
        (t!("eod.pieces"), t.pieces.to_string()),
        (t!("eod.weight"), kilograms(t.grams)),
    ];
    ui.horizontal_wrapped(|ui| {
        for (name, value) in cells {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.vertical(|ui| {
                    ui.label(RichText::new(name).small());
                    ui.label(RichText::new(value).strong().size(18.0));
                });
            });
        }
    });
}

/// One grouping as a small table: name, orders, cost, cash on delivery.
fn group<K>(
    ui: &mut egui::Ui,
    id: &str,
    title: String,
    rows: &[(K, Totals)],
    name: impl Fn(&K) -> String,
) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.vertical(|ui| {
            ui.label(RichText::new(title).strong());
            egui::Grid::new(id)
                .num_columns(4)
                .striped(true)
                .show(ui, |ui| {
                    let heads = ["eod.group", "eod.orders", "eod.cost", "eod.cod"];
                    grid_head(ui, heads.map(|key| RichText::new(t!(key)).small()));
                    for (k, t) in rows {
                        ui.label(name(k));
                        ui.label(t.orders.to_string());
                        ui.label(money(t.cost));
                        ui.label(money(t.cod_to_come + t.cod_due));
                        ui.end_row();
                    }
                });
        });
    });
}

/// The three groupings side by side where they fit, one under another where not.
pub(crate) fn groups(ui: &mut egui::Ui, r: &DayReport) {
    let all = |ui: &mut egui::Ui| {
        group(
            ui,
            "eod-by-stage",
            t!("eod.by_stage").to_string(),
            &r.by_stage,
            |s| t!(s.key()).to_string(),
        );
        group(
            ui,
            "eod-by-pickup",
            t!("eod.by_pickup").to_string(),
            &r.by_pickup,
            |m| pickup_text(*m),
        );
        group(
            ui,
            "eod-by-region",
            t!("eod.by_region").to_string(),
            &r.by_region,
            |g: &RegionKey| {
                g.name
                    .clone()
                    .unwrap_or_else(|| t!("eod.unknown").to_string())
            },
        );
    };
    if ui.available_width() >= 1100.0 {
        ui.horizontal_top(all);
    } else {
        ui.vertical(all);
    }
}

/// Every order of the day, oldest first; a clerk by the name given for the register when there
/// is one (the login beside it), as the register names them.
pub(crate) fn orders(
    ui: &mut egui::Ui,
    lines: &[DayLine],
    names: &std::collections::BTreeMap<String, String>,
    shop_away: bool,
) {
    if lines.is_empty() {
        // While the shop's database is away, no order known here is not no order taken.
        ui.label(if shop_away {
            t!("eod.no_orders_away")
        } else {
            t!("eod.no_orders")
        });
        return;
    }
    // Narrow enough for a 1024-pixel window (each at least as wide as its title): the receiver
    // takes what is left and the longer texts are cut, whole on hover.
    let columns = [
        (t!("eod.csv_barcode"), Column::exact(105.0)),
        (t!("eod.time"), Column::exact(45.0)),
        (t!("eod.csv_clerk"), Column::initial(70.0).clip(true)),
        (
            t!("eod.csv_receiver"),
            Column::remainder().at_least(80.0).clip(true),
        ),
        (t!("eod.csv_city"), Column::initial(90.0).clip(true)),
        (t!("eod.pieces"), Column::initial(40.0)),
        (t!("eod.weight"), Column::initial(60.0)),
        (t!("eod.cod"), Column::initial(90.0)),
        (
            t!("eod.csv_status"),
            Column::remainder().at_least(90.0).clip(true),
        ),
    ];
    let ctx = ui.ctx().clone();
    let table = TableBuilder::new(ui)
        .id_salt("eod-orders")
        .striped(true)
        .vscroll(false)
        .resizable(true);
    titled(&ctx, table, columns).body(|body| {
        body.rows(22.0, lines.len(), |mut row| {
            let Some(l) = lines.get(row.index()) else {
                return;
            };
            let cells = [
                l.barcode.clone(),
                time_of_day(l.created_at),
                match l.clerk.as_deref() {
                    Some(login) => match names.get(login) {
                        Some(name) => format!("{name} ({login})"),
                        None => login.to_string(),
                    },
                    None => String::new(),
                },
                l.receiver.clone(),
                l.city.clone(),
                l.pieces.to_string(),
                kilograms(l.grams),
                l.cod.map(money).unwrap_or_default(),
                status_text(l.status_id, &l.status_name),
            ];
            for c in cells {
                row.col(|ui| {
                    // Cut, whole on hover (a cut label says itself).
                    ui.add(egui::Label::new(c.as_str()).truncate());
                });
            }
        });
    });
}

/// The day's cancelled orders, apart: they stay at the counter, the courier does not take them.
pub(crate) fn cancelled(ui: &mut egui::Ui, lines: &[DayLine]) {
    if lines.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.strong(t!("eod.cancelled_title", n = lines.len()));
    egui::Grid::new("eod-cancelled")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            for l in lines {
                ui.monospace(&l.barcode);
                ui.label(&l.receiver);
                ui.label(&l.city);
                ui.label(format!("{} {}", desk::day::money(l.cost), t!("order.sum")));
                ui.end_row();
            }
        });
}
