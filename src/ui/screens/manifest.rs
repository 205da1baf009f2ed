//! The manifest: the parcels handed over together. The clerk picks parcels the service has and
//! that are on no manifest yet (those already handed over are shown, marked, and cannot be picked
//! again), gives the manifest its number and date (today by default), and submits it once; the
//! count is the selection's. What the service refuses is said under the field it names.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::errors::tell_desk;
use crate::ui::widgets::errors::{told, told_desk};
use crate::ui::widgets::filtered::Filtered;
use crate::ui::widgets::pickers::place_abroad;
use crate::ui::widgets::save_document::{SaveDocument, file_name, pdf};
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, Form, counted, inline_field, send_button, titled};
use api::ApiError;
use desk::DeskError;
use desk::international::parcels::{ManifestOutcome, ManifestView};
use desk::reference::directories::Directories;
use desk::task::{Task, ready};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use label::documents::HandedOver;
use rust_i18n::t;
use std::collections::{BTreeMap, BTreeSet};
use store::{ManifestRow, ParcelRow, ParcelState};
use text::day::parse_day;

const NUMBER: &str = "ManifestNumber";
const DATE: &str = "Date";
const COUNT: &str = "ParcelsCount";
const PARCELS: &str = "Parcels";

pub struct ManifestScreen {
    pub number: String,
    pub date: String,
    pub filter: String,
    pub selected: BTreeSet<String>,
    parcels: Vec<ParcelRow>,
    /// The parcels the service has, as the filter lets them through.
    filtered: Filtered,
    pub manifests: Vec<ManifestRow>,
    errors: BTreeMap<String, String>,
    message: Option<Words>,
    loading: Option<Task<Result<ManifestView, DeskError>>>,
    submitting: Option<Task<ManifestOutcome>>,
    stale: bool,
    sheet: SaveDocument,
}

fn today() -> String {
    text::day::today().format("%d.%m.%Y").to_string()
}

impl Default for ManifestScreen {
    fn default() -> Self {
        ManifestScreen {
            number: String::new(),
            date: today(),
            filter: String::new(),
            selected: BTreeSet::new(),
            parcels: Vec::new(),
            filtered: Filtered::default(),
            manifests: Vec::new(),
            errors: BTreeMap::new(),
            message: None,
            loading: None,
            submitting: None,
            stale: false,
            sheet: SaveDocument::default(),
        }
    }
}

impl ManifestScreen {
    /// The parcels this desk keeps (the picker lists those the service has).
    pub fn set_parcels(&mut self, parcels: Vec<ParcelRow>) {
        self.filtered = Filtered::new(
            parcels.iter().map(|p| {
                format!(
                    "{} {} {}",
                    p.number, p.input.receiver_surname, p.input.receiver_first_name
                )
            }),
            |i| parcels[i].state == ParcelState::Saved,
        );
        self.parcels = parcels;
    }

    pub fn parcels(&self) -> &[ParcelRow] {
        &self.parcels
    }
    fn reload(&mut self, cx: &mut Cx) {
        if self.loading.is_some() {
            // Read again when the read under way lands: it may predate the change.
            self.stale = true;
            return;
        }
        self.loading = cx.desk.manifest_view();
    }

    /// The parcels that can go on a manifest: the service has them, and no manifest does.
    pub fn offered(&self) -> impl Iterator<Item = &ParcelRow> {
        self.parcels
            .iter()
            .filter(|p| p.state == ParcelState::Saved && p.manifest.is_none())
    }

    fn submit(&mut self, cx: &mut Cx) {
        self.errors.clear();
        self.message = None;
        if self.number.trim().is_empty() {
            self.errors
                .insert(NUMBER.into(), t!("login.required").to_string());
        }
        let date = parse_day(&self.date);
        if date.is_none() {
            self.errors
                .insert(DATE.into(), t!("order.bad_date").to_string());
        }
        if self.selected.is_empty() {
            self.errors
                .insert(PARCELS.into(), t!("manifest.pick_parcels").to_string());
        }
        let Some(date) = date.filter(|_| self.errors.is_empty()) else {
            return;
        };
        let parcels: Vec<String> = self.selected.iter().cloned().collect();
        self.submitting = cx
            .desk
            .submit_manifest(self.number.trim().to_string(), date, parcels);
    }

    fn landed(&mut self, outcome: ManifestOutcome, cx: &mut Cx) {
        match outcome {
            ManifestOutcome::Saved(m) | ManifestOutcome::AlreadySaved(m) => {
                let n = m.parcels.len();
                cx.toasts.info(t!(
                    format!("manifest.saved.{}", counted(n)),
                    number = m.number,
                    count = n
                ));
                self.number.clear();
                self.selected.clear();
                cx.emit(AppEvent::ParcelsChanged);
            }
            ManifestOutcome::NotEligible(numbers) => {
                self.errors.insert(
                    PARCELS.into(),
                    t!("manifest.not_eligible", numbers = numbers.join(", ")).to_string(),
                );
                self.stale = true;
            }
            ManifestOutcome::Refused(ApiError::Validation { message, fields }) => {
                for (k, v) in fields {
                    let key = if k.ends_with(COUNT) {
                        COUNT.to_string()
                    } else {
                        k
                    };
                    self.errors.insert(key, v.join(" "));
                }
                self.message = message.map(Words::said);
            }
            ManifestOutcome::Refused(e) => self.message = Some(told(&e)),
            ManifestOutcome::Unknown(e) => {
                cx.toasts
                    .error(t!("manifest.unknown"), Some(tell_desk(&e).message));
            }
            ManifestOutcome::Failed(e) => {
                let told = tell_desk(&e);
                cx.toasts.error(told.message, told.details);
            }
        }
    }

    fn save_sheet(&mut self, cx: &mut Cx, i: usize) {
        let Some(m) = self.manifests.get(i) else {
            return;
        };
        let dirs = cx.desk.directories();
        let parcels: Vec<_> = m
            .parcels
            .iter()
            .filter_map(|n| self.parcels.iter().find(|p| &p.number == n))
            .map(|p| {
                let abroad = p.extras.abroad.map(|a| place_abroad(dirs, a));
                (p.input.clone(), abroad.unwrap_or_default())
            })
            .collect();
        let (number, date) = (m.number.clone(), shown_day(&m.date));
        let lang = cx.desk.settings().language;
        let name = file_name("manifest", &number);
        self.sheet.start(cx, &name, move || {
            let refs: Vec<_> = parcels
                .iter()
                .map(|(parcel, abroad)| HandedOver { parcel, abroad })
                .collect();
            let pages = label::documents::handover_sheet(&number, &date, &refs, lang)
                .map_err(|e| e.to_string())?;
            pdf(&pages, &number)
        });
    }

    /// The parcels to pick from, as the filter lets them through: only the rows in view are
    /// laid out, however many there are.
    pub fn parcels_table(&mut self, ui: &mut egui::Ui, dirs: Option<&Directories>) {
        let shown = self.filtered.shown(&self.filter);
        let (parcels, selected) = (&self.parcels, &mut self.selected);
        let columns = [
            (t!("parcel.number"), Column::auto().at_least(160.0)),
            (
                t!("parcel.receiver"),
                Column::remainder().at_least(140.0).clip(true),
            ),
            (t!("parcels.from"), Column::auto().at_least(110.0)),
            (t!("parcel.weight"), Column::auto().at_least(100.0)),
            (t!("manifest.on_manifest"), Column::auto().at_least(140.0)),
        ];
        let ctx = ui.ctx().clone();
        let table = TableBuilder::new(ui)
            .id_salt("manifest-parcels")
            .striped(true)
            .max_scroll_height(320.0);
        titled(&ctx, table, columns).body(|body| {
            body.rows(22.0, shown.len(), |mut row| {
                let p = &parcels[shown[row.index()]];
                {
                    row.col(|ui| {
                        // A parcel's number on one line (the column grows to it).
                        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                        match &p.manifest {
                            None => {
                                let mut on = selected.contains(&p.number);
                                ui.checkbox(&mut on, &p.number);
                                if on {
                                    selected.insert(p.number.clone());
                                } else {
                                    selected.remove(&p.number);
                                }
                            }
                            Some(_) => {
                                ui.label(RichText::new(&p.number).weak());
                            }
                        }
                    });
                    row.col(|ui| {
                        ui.label(p.input.receiver_name());
                    });
                    row.col(|ui| {
                        if let Some(place) = p.extras.abroad {
                            // Whole, on one line: the column grows to it.
                            ui.add(egui::Label::new(place_abroad(dirs, place)).extend());
                        }
                    });
                    row.col(|ui| {
                        ui.label(crate::ui::widgets::numbers::kg_number(
                            p.input.weight.grams(),
                        ));
                    });
                    row.col(|ui| {
                        ui.label(p.manifest.clone().unwrap_or_default());
                    });
                }
            });
        });
    }
}

impl Screen for ManifestScreen {
    fn entered(&mut self, cx: &mut Cx) {
        self.reload(cx);
    }

    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        if matches!(event, AppEvent::ParcelsChanged) {
            self.reload(cx);
        }
    }

    fn poll(&mut self, cx: &mut Cx) {
        self.sheet.poll(cx);
        match ready(&mut self.loading) {
            Some(Ok((parcels, manifests))) => {
                // A selection keeps only what can still be picked.
                self.selected.retain(|n| {
                    parcels
                        .iter()
                        .any(|p| &p.number == n && p.manifest.is_none())
                });
                self.set_parcels(parcels);
                self.manifests = manifests;
            }
            Some(Err(e)) => self.message = Some(told_desk(&e)),
            None => {}
        }
        if let Some(outcome) = ready(&mut self.submitting) {
            self.landed(outcome, cx);
        }
        if self.loading.is_none() && std::mem::take(&mut self.stale) {
            self.reload(cx);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading(t!("manifest.title"));
            if let Some(m) = &self.message {
                ui.label(RichText::new(m).color(ERROR_COLOR));
            }
            let errors = self.errors.clone();
            let form = Form::new(&errors);
            ui.columns(2, |cols| {
                form.text(
                    &mut cols[0],
                    &t!("manifest.number"),
                    &mut self.number,
                    NUMBER,
                );
                form.text(&mut cols[1], &t!("manifest.date"), &mut self.date, DATE);
            });
            ui.label(t!("manifest.count", count = self.selected.len()));
            if let Some(e) = form.error(COUNT) {
                ui.label(RichText::new(e).color(ERROR_COLOR));
            }
            ui.horizontal_wrapped(|ui| {
                inline_field(
                    ui,
                    &t!("manifest.filter"),
                    &mut self.filter,
                    "manifest-filter",
                    200.0,
                );
                if ui.button(t!("manifest.select_shown")).clicked() {
                    let shown = self.filtered.shown(&self.filter);
                    let offered = shown
                        .iter()
                        .map(|&i| &self.parcels[i])
                        .filter(|p| p.manifest.is_none())
                        .map(|p| p.number.clone());
                    self.selected.extend(offered);
                }
                if ui.button(t!("manifest.clear")).clicked() {
                    self.selected.clear();
                }
            });
            if let Some(e) = form.error(PARCELS) {
                ui.label(RichText::new(e).color(ERROR_COLOR));
            }
            if self.parcels.is_empty() {
                ui.label(t!("parcels.none"));
            } else {
                self.parcels_table(ui, cx.desk.directories());
            }
            ui.add_space(8.0);
            let busy = self.submitting.is_some();
            let (idle, sending) = (t!("manifest.submit"), t!("manifest.submitting"));
            if send_button(ui, busy, &idle, &sending) {
                self.submit(cx);
            }
            ui.separator();
            ui.strong(t!("manifest.submitted"));
            if self.manifests.is_empty() {
                ui.label(t!("manifest.none"));
            }
            let mut sheet = None;
            for (i, m) in self.manifests.iter().enumerate() {
                let state = if m.saved {
                    t!("manifest.state_saved")
                } else {
                    t!("manifest.state_sending")
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!(
                        "{} · {} · {} · {}",
                        m.number,
                        shown_day(&m.date),
                        t!(
                            format!("manifest.parcels_n.{}", counted(m.parcels.len())),
                            count = m.parcels.len()
                        ),
                        state
                    ));
                    if m.saved && ui.button(t!("manifest.sheet_pdf")).clicked() {
                        sheet = Some(i);
                    }
                });
            }
            if let Some(i) = sheet {
                self.save_sheet(cx, i);
            }
        });
    }

    fn is_busy(&self) -> bool {
        self.loading.is_some() || self.submitting.is_some() || self.sheet.is_busy()
    }
}

/// A manifest's day as the clerk reads days (DD.MM.YYYY); kept as the service takes it
/// (YYYY-MM-DD), and shown as kept when it is not a day.
fn shown_day(kept: &str) -> String {
    chrono::NaiveDate::parse_from_str(kept.trim(), "%Y-%m-%d")
        .map(|d| d.format("%d.%m.%Y").to_string())
        .unwrap_or_else(|_| kept.to_string())
}
