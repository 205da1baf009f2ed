//! Registered goods: the classifier (MXIK) lines a cash-on-delivery receipt is made of. The
//! service keeps the list; the clerk registers new ones. One piece used in two places, inline in
//! the order form's COD block and as the Goods screen, so both check a new good the same way.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::errors::tell;
use crate::ui::widgets::{ERROR_COLOR, Toasts, button_if, entered, inline_field, text_width};
use api::legacy::{GoodInput, RegisteredGood};
use api::{ApiError, Sum};
use desk::Desk;
use desk::task::{Task, take};
use egui::RichText;
use rust_i18n::t;
use std::collections::BTreeMap;
use text::translit::search_key;

/// What the clerk is typing for a new good, before it is checked.
#[derive(Default, Clone)]
struct NewGood {
    spic: String,
    name: String,
    units: String,
    price: String,
}

const SPIC: &str = "spic";
const NAME: &str = "name";
const UNITS: &str = "units";
const PRICE: &str = "price";

impl NewGood {
    /// The good as the service takes it, or a message for each field that is wrong.
    fn check(&self) -> Result<GoodInput, BTreeMap<&'static str, String>> {
        let mut problems = BTreeMap::new();
        let spic: String = self.spic.chars().filter(|c| !c.is_whitespace()).collect();
        if spic.len() != 17 || !spic.chars().all(|c| c.is_ascii_digit()) {
            problems.insert(SPIC, t!("goods.bad_spic").to_string());
        }
        for (field, value) in [(NAME, &self.name), (UNITS, &self.units)] {
            if value.trim().is_empty() {
                problems.insert(field, t!("login.required").to_string());
            }
        }
        let price = Sum::parse(&self.price).filter(|p| p.0 > 0);
        if price.is_none() {
            problems.insert(PRICE, t!("order.bad_number").to_string());
        }
        match price {
            Some(good_price) if problems.is_empty() => Ok(GoodInput {
                spic,
                name: self.name.trim().to_string(),
                units: self.units.trim().to_string(),
                good_price,
            }),
            _ => Err(problems),
        }
    }
}

/// The registered goods as last read, and the registration form.
#[derive(Default)]
pub struct GoodsBook {
    pub list: Vec<RegisteredGood>,
    loading: Option<Task<Result<Vec<RegisteredGood>, ApiError>>>,
    loaded: bool,
    new: NewGood,
    problems: BTreeMap<&'static str, String>,
    registering: Option<Task<Result<RegisteredGood, ApiError>>>,
    /// The service's refusal of the last registration, verbatim.
    refused: Option<String>,
    filter: String,
}

impl GoodsBook {
    pub fn is_busy(&self) -> bool {
        self.loading.is_some() || self.registering.is_some()
    }

    /// Reads the list again (the screen does on every visit; another desk may have added goods).
    pub fn reload(&mut self, desk: &Desk) {
        if self.loading.is_none() {
            self.loading = Some(desk.list_goods());
        }
    }

    /// Reads the list the first time it is needed.
    pub fn ensure_loaded(&mut self, desk: &Desk) {
        if !self.loaded {
            self.reload(desk);
        }
    }

    /// Read, and nothing is registered yet.
    pub fn is_known_empty(&self) -> bool {
        self.loaded && self.loading.is_none() && self.list.is_empty()
    }

    /// The good registered last, if any.
    pub fn newest(&self) -> Option<&RegisteredGood> {
        self.list.last()
    }

    /// Forgets the list, so the next use reads it again.
    pub fn mark_stale(&mut self) {
        self.loaded = false;
    }

    /// Picks up background results; true when a good was registered here.
    pub fn poll(&mut self, toasts: &mut Toasts) -> bool {
        match take(&mut self.loading) {
            Some(Ok(Ok(list))) => {
                self.list = list;
                self.loaded = true;
            }
            Some(Ok(Err(e))) => {
                // Marked loaded all the same: a failing service is not asked every frame.
                self.loaded = true;
                let told = tell(&e);
                toasts.error(told.message, told.details);
            }
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
        match take(&mut self.registering) {
            Some(Ok(Ok(good))) => {
                toasts.info(t!("order.good_registered", name = good.name.clone()));
                self.list.retain(|g| g.id != good.id);
                self.list.push(good);
                self.new = NewGood::default();
                self.refused = None;
                true
            }
            Some(Ok(Err(e))) => {
                self.refused = Some(tell(&e).message);
                false
            }
            Some(Err(_)) => {
                toasts.error(t!("error.lost"), None);
                false
            }
            None => false,
        }
    }

    fn submit(&mut self, desk: &Desk) {
        if self.registering.is_some() {
            return;
        }
        match self.new.check() {
            Ok(good) => {
                self.problems.clear();
                self.refused = None;
                self.registering = Some(desk.register_good(good));
            }
            Err(problems) => self.problems = problems,
        }
    }

    /// The registration form: four labelled fields, each with its message under it.
    pub fn register_form(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        let mut enter = false;
        let new = &mut self.new;
        let fields = [
            (t!("order.good_spic"), &mut new.spic, SPIC, 170.0),
            (t!("order.good_name"), &mut new.name, NAME, 180.0),
            (t!("order.good_units"), &mut new.units, UNITS, 60.0),
            (t!("order.good_new_price"), &mut new.price, PRICE, 90.0),
        ];
        // Each field at least as wide as its label. In a row where they and the button fit; in
        // a narrow column (the order form at 1024 px) one under another, so the button is never
        // out of view (a wrapped row does not wrap columns).
        let widths: Vec<f32> = fields
            .iter()
            .map(|(label, _, _, width)| text_width(ui, label, false).max(*width))
            .collect();
        let button = text_width(ui, &t!("order.good_register"), false) + 24.0;
        let gaps = 5.0 * ui.spacing().item_spacing.x;
        let row = widths.iter().sum::<f32>() + button + gaps;
        let layout = if ui.available_width() < row {
            egui::Layout::top_down(egui::Align::Min)
        } else {
            egui::Layout::left_to_right(egui::Align::Min)
        };
        ui.with_layout(layout, |ui| {
            for ((label, value, field, _), width) in fields.into_iter().zip(widths) {
                ui.vertical(|ui| {
                    ui.set_width(width);
                    let l = ui.label(label);
                    let r = ui
                        .add(
                            egui::TextEdit::singleline(value)
                                .id_salt(("new-good", field))
                                .desired_width(width),
                        )
                        .labelled_by(l.id);
                    enter |= entered(ui, &r);
                    if let Some(p) = self.problems.get(field) {
                        ui.label(RichText::new(p).color(ERROR_COLOR).small());
                    }
                });
            }
            ui.vertical(|ui| {
                ui.label("");
                let can = self.registering.is_none();
                if button_if(ui, can, t!("order.good_register")) {
                    enter = true;
                }
                if !can {
                    ui.spinner();
                }
            });
        });
        if enter {
            self.submit(desk);
        }
        if let Some(e) = &self.refused {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
    }

    /// The Goods screen: the registration form above the list, with a filter.
    pub fn show_screen(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        self.ensure_loaded(desk);
        ui.heading(t!("goods.title"));
        ui.add_space(4.0);
        ui.group(|ui| {
            ui.strong(t!("order.good_new"));
            self.register_form(ui, desk);
        });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let label = t!("goods.filter");
            inline_field(ui, &label, &mut self.filter, "goods-filter", 240.0);
            if button_if(ui, self.loading.is_none(), t!("dir.refresh")) {
                self.reload(desk);
            }
            if self.loading.is_some() {
                ui.spinner();
            }
        });
        let q = search_key(&self.filter);
        let shown: Vec<&RegisteredGood> = self
            .list
            .iter()
            .filter(|g| {
                q.is_empty()
                    || text::translit::matches(&q, &search_key(&format!("{} {}", g.name, g.spic)))
            })
            .collect();
        ui.label(
            RichText::new(t!(
                "dir.count",
                shown = shown.len(),
                total = self.list.len()
            ))
            .weak(),
        );
        if self.loaded && self.list.is_empty() {
            ui.label(RichText::new(t!("goods.empty")).weak());
            return;
        }
        // The name takes what the other columns leave and cuts its text (whole on hover): every
        // column stays in a 1024-pixel window.
        let ctx = ui.ctx().clone();
        let table = egui_extras::TableBuilder::new(ui)
            .id_salt("goods-list")
            .striped(true)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
        let columns = [
            (t!("order.good_spic"), egui_extras::Column::auto()),
            (
                t!("order.good_name"),
                egui_extras::Column::remainder().at_least(120.0).clip(true),
            ),
            (t!("order.good_units"), egui_extras::Column::auto()),
            (t!("order.good_price"), egui_extras::Column::auto()),
        ];
        crate::ui::widgets::titled(&ctx, table, columns).body(|body| {
            body.rows(22.0, shown.len(), |mut row| {
                let g = shown[row.index()];
                row.col(|ui| {
                    ui.label(RichText::new(&g.spic).monospace());
                });
                row.col(|ui| {
                    ui.add(egui::Label::new(&g.name).truncate());
                });
                row.col(|ui| {
                    ui.label(&g.units);
                });
                row.col(|ui| {
                    ui.label(format!("{} {}", g.good_price, t!("order.sum")));
                });
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_good_is_checked_field_by_field() {
        let empty = NewGood::default().check().unwrap_err();
        assert_eq!(empty.len(), 4);
        let short_code = NewGood {
            spic: "1234".into(),
            name: "Choy".into(),
            units: "dona".into(),
            price: "12 000".into(),
        };
        let problems = short_code.check().unwrap_err();
        assert_eq!(problems.keys().copied().collect::<Vec<_>>(), vec![SPIC]);
        let good = NewGood {
            spic: "10611001 001000000".into(),
            ..short_code
        }
        .check()
        .unwrap();
        assert_eq!(good.spic, "10611001001000000");
        assert_eq!(good.good_price, Sum(12_000));
    }
}

/// The Goods screen: the registration form above the list (read again on every visit: another
/// desk may have added goods).
#[derive(Default)]
pub struct GoodsScreen {
    book: GoodsBook,
}

impl Screen for GoodsScreen {
    fn poll(&mut self, cx: &mut Cx) {
        if self.book.poll(cx.toasts) {
            // The forms pick from the same list: they read it again when next needed.
            cx.emit(AppEvent::GoodsChanged);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.book.show_screen(ui, cx.desk);
    }

    fn entered(&mut self, cx: &mut Cx) {
        self.book.reload(cx.desk);
    }

    fn is_busy(&self) -> bool {
        self.book.is_busy()
    }
}
