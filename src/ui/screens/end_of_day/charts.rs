//! The end of day's three charts: orders per hour of the chosen day, orders per day over the last
//! thirty stacked by stage, and cash on delivery per day. Pointing at a bar shows its values; the
//! charts hold still (no drag or zoom) so the screen scrolls past them.

use desk::day::day_report::{DayReport, Stage};
use desk::day::money;
use egui::{Color32, RichText};
use egui_plot::{Bar, BarChart, GridMark, Plot};
use rust_i18n::t;
use std::ops::RangeInclusive;

const HEIGHT: f32 = 170.0;

/// One colour per stage, apart in hue and lightness (readable on both themes).
pub(crate) fn stage_color(stage: Stage) -> Color32 {
    match stage {
        Stage::Accepted => Color32::from_rgb(90, 140, 220),
        Stage::OnTheWay => Color32::from_rgb(230, 160, 40),
        Stage::Delivered => Color32::from_rgb(60, 170, 90),
        Stage::Returned => Color32::from_rgb(150, 100, 200),
        Stage::Cancelled => Color32::from_rgb(200, 70, 70),
    }
}

/// A chart that holds still, showing `bars` bars and room above the tallest (`top`) for the
/// values shown when pointing at one.
fn still(id: &str, bars: usize, top: f64) -> Plot<'static> {
    Plot::new(id.to_string())
        .include_x(-0.6)
        // Room right of the last bar (today's) for the values shown when pointing at it.
        .include_x(bars as f64 + bars as f64 * 0.12 + 1.0)
        .include_y(top.max(1.0) * 1.35)
        .height(HEIGHT)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .include_y(0.0)
}

/// The stages' colours and names in a row under the stacked chart (a legend inside the plot
/// would cover today's bars; above, it would set this chart lower than the others).
fn legend(ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        for stage in Stage::ALL {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, stage_color(stage));
            ui.label(RichText::new(t!(stage.key())).small());
            ui.add_space(6.0);
        }
    });
}

fn title(ui: &mut egui::Ui, text: String) {
    ui.label(RichText::new(text).strong());
}

/// `dd.mm` of each day of the day-by-day charts, by index.
fn day_marks(report: &DayReport) -> Vec<String> {
    report
        .days
        .iter()
        .map(|d| d.day.format("%d.%m").to_string())
        .collect()
}

/// Names the day under each whole mark of a day-by-day chart, nothing between days.
fn day_axis(marks: Vec<String>) -> impl Fn(GridMark, &RangeInclusive<f64>) -> String {
    move |mark, _| {
        let whole = mark.value.round();
        marks
            .get(whole as usize)
            .filter(|_| (mark.value - whole).abs() < 0.01)
            .cloned()
            .unwrap_or_default()
    }
}

pub(crate) fn orders_per_hour(ui: &mut egui::Ui, report: &DayReport) {
    title(ui, t!("eod.chart_hours").to_string());
    let orders = t!("eod.orders").to_string();
    let bars: Vec<Bar> = report
        .hours
        .iter()
        .enumerate()
        .map(|(h, n)| Bar::new(h as f64, f64::from(*n)).width(0.8))
        .collect();
    let chart = BarChart::new(orders.clone(), bars)
        .color(stage_color(Stage::Accepted))
        .element_formatter(Box::new(move |bar, _| {
            format!(
                "{:02}:00–{:02}:59\n{orders}: {}",
                bar.argument, bar.argument, bar.value
            )
        }));
    let top = report.hours.iter().copied().max().unwrap_or(0);
    still("eod-hours", 24, f64::from(top))
        .x_axis_formatter(|mark, _| format!("{:02}", mark.value as i64))
        .show(ui, |plot| plot.bar_chart(chart));
}

pub(crate) fn orders_per_day(ui: &mut egui::Ui, report: &DayReport) {
    title(ui, t!("eod.chart_days").to_string());
    let marks = day_marks(report);
    let mut charts: Vec<BarChart> = Vec::new();
    for (i, stage) in Stage::ALL.iter().enumerate() {
        let name = t!(stage.key()).to_string();
        let bars: Vec<Bar> = report
            .days
            .iter()
            .enumerate()
            .map(|(x, d)| Bar::new(x as f64, f64::from(d.by_stage[i])).width(0.7))
            .collect();
        let (m, n) = (marks.clone(), name.clone());
        let chart = BarChart::new(name, bars)
            .color(stage_color(*stage))
            .element_formatter(Box::new(move |bar, _| {
                let day = m.get(bar.argument as usize).cloned().unwrap_or_default();
                format!("{day}\n{n}: {}", bar.value)
            }));
        let chart = {
            let below: Vec<&BarChart> = charts.iter().collect();
            chart.stack_on(&below)
        };
        charts.push(chart);
    }
    let top = report
        .days
        .iter()
        .map(|d| d.by_stage.iter().sum::<u32>())
        .max()
        .unwrap_or(0);
    still("eod-days", report.days.len(), f64::from(top))
        .x_axis_formatter(day_axis(marks))
        .show(ui, |plot| {
            for c in charts {
                plot.bar_chart(c);
            }
        });
    legend(ui);
}

pub(crate) fn cod_per_day(ui: &mut egui::Ui, report: &DayReport) {
    title(ui, t!("eod.chart_cod").to_string());
    let marks = day_marks(report);
    let bars: Vec<Bar> = report
        .days
        .iter()
        .enumerate()
        .map(|(x, d)| Bar::new(x as f64, d.cod as f64).width(0.7))
        .collect();
    let (m, name) = (marks.clone(), t!("eod.cod").to_string());
    let chart = BarChart::new(name.clone(), bars)
        .color(stage_color(Stage::Delivered))
        .element_formatter(Box::new(move |bar, _| {
            let day = m.get(bar.argument as usize).cloned().unwrap_or_default();
            format!("{day}\n{name}: {}", money(bar.value as i64))
        }));
    let top = report.days.iter().map(|d| d.cod).max().unwrap_or(0);
    still("eod-cod", report.days.len(), top as f64)
        .x_axis_formatter(day_axis(marks))
        .y_axis_formatter(|mark, _| money(mark.value.round() as i64))
        .show(ui, |plot| plot.bar_chart(chart));
}
