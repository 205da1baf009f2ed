//! The directory browser: regions, cities, branches (with their week of opening hours and a map
//! link), shipment and packaging types, countries, the status lists of all three generations and
//! yes/no. One search box matches Latin and Cyrillic spellings. Works from the SQLite copy when
//! the service does not answer, and says how old that copy is.

use crate::api::directory::{Branch, DayHours};
use crate::desk::Desk;
use crate::desk::directories::{Directories, DirectoryData, parcel_statuses};
use crate::ui::app::commands::Command;
use crate::ui::app::cx::Cx;
use crate::ui::app::event::AppEvent;
use crate::ui::app::screen::Screen;
use crate::ui::widgets::beside;
use crate::ui::widgets::errors::tell;
use chrono::{Datelike, Timelike};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Regions,
    Cities,
    Branches,
    ShipmentTypes,
    Packaging,
    Countries,
    Statuses,
    YesNo,
}

impl Tab {
    const ALL: [Tab; 8] = [
        Tab::Branches,
        Tab::Cities,
        Tab::Regions,
        Tab::ShipmentTypes,
        Tab::Packaging,
        Tab::Countries,
        Tab::Statuses,
        Tab::YesNo,
    ];

    fn label(self) -> String {
        match self {
            Tab::Regions => t!("dir.tab_regions"),
            Tab::Cities => t!("dir.tab_cities"),
            Tab::Branches => t!("dir.tab_branches"),
            Tab::ShipmentTypes => t!("dir.tab_shipment"),
            Tab::Packaging => t!("dir.tab_packaging"),
            Tab::Countries => t!("dir.tab_countries"),
            Tab::Statuses => t!("dir.tab_statuses"),
            Tab::YesNo => t!("dir.tab_yes_no"),
        }
        .to_string()
    }
}

/// Rows shown for the current tab and query; recomputed only when one of them or the data changes.
struct Filtered {
    tab: Tab,
    query: String,
    data_at: (i64, bool),
    rows: Vec<usize>,
}

pub struct DirectoryScreen {
    tab: Tab,
    query: String,
    filtered: Option<Filtered>,
    /// The branch whose detail is shown, by its id (a list read again may be in another order).
    selected_branch: Option<i64>,
    /// The search box takes the keyboard when the screen opens.
    focus_search: bool,
}

impl Default for DirectoryScreen {
    fn default() -> Self {
        DirectoryScreen {
            tab: Tab::Branches,
            query: String::new(),
            filtered: None,
            selected_branch: None,
            focus_search: true,
        }
    }
}

/// "5 min", "3 h", "2 days".
pub fn age_text(seconds: i64) -> String {
    let s = seconds.max(0);
    if s < 60 {
        t!("age.moments").to_string()
    } else if s < 3600 {
        t!("age.minutes", n = s / 60).to_string()
    } else if s < 48 * 3600 {
        t!("age.hours", n = s / 3600).to_string()
    } else {
        t!("age.days", n = s / 86_400).to_string()
    }
}

/// Weekday (Monday = 0) and minute of the day in Tashkent, where the branches are.
fn tashkent_now() -> (usize, u16) {
    let tz = chrono::FixedOffset::east_opt(5 * 3600)
        .unwrap_or(chrono::FixedOffset::east_opt(0).unwrap_or_else(|| unreachable!()));
    let now = chrono::Utc::now().with_timezone(&tz);
    (
        now.weekday().num_days_from_monday() as usize,
        (now.hour() * 60 + now.minute()) as u16,
    )
}

impl DirectoryScreen {
    /// The directories as the desk keeps them (read at login; Refresh reads them again).
    pub fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        ui.horizontal_wrapped(|ui| {
            for tab in Tab::ALL {
                if ui.selectable_label(self.tab == tab, tab.label()).clicked() {
                    self.tab = tab;
                }
            }
        });
        ui.separator();
        let mut refresh = false;
        ui.horizontal(|ui| {
            let label = ui.label(t!("dir.search"));
            let search = ui
                .add(
                    egui::TextEdit::singleline(&mut self.query)
                        .hint_text(t!("dir.search_hint"))
                        .desired_width(280.0),
                )
                .labelled_by(label.id);
            if self.focus_search {
                search.request_focus();
                self.focus_search = false;
            }
            if ui
                .add_enabled(
                    !desk.directories_loading(),
                    egui::Button::new(t!("dir.refresh")),
                )
                .clicked()
            {
                refresh = true;
            }
            if desk.directories_loading() {
                ui.spinner();
                ui.label(t!("dir.refreshing"));
            } else if let Some(d) = &desk.directories {
                let age = age_text(chrono::Utc::now().timestamp() - d.data.fetched_at);
                if desk.directories_failed().is_some() || d.from_cache {
                    ui.label(
                        RichText::new(t!("dir.from_cache", age = age))
                            .color(crate::ui::widgets::ERROR_COLOR),
                    );
                } else {
                    ui.label(RichText::new(t!("dir.updated", age = age)).weak());
                }
            } else {
                ui.label(t!("dir.never"));
            }
        });
        if refresh {
            desk.refresh_directories_now();
        }
        ui.add_space(4.0);
        let Some(dirs) = &desk.directories else {
            if let Some(e) = desk.directories_failed() {
                ui.label(RichText::new(tell(e).message).color(crate::ui::widgets::ERROR_COLOR));
            }
            return;
        };
        let rows = self.rows(dirs);
        match self.tab {
            Tab::Branches => self.branches(ui, dirs, &rows),
            Tab::Cities => {
                let data = &dirs.data;
                let header = [t!("dir.col_id"), t!("dir.col_name"), t!("dir.col_region")];
                simple_table(
                    ui,
                    "cities",
                    &header,
                    (rows.len(), data.cities.len()),
                    |i| {
                        let c = &data.cities[rows[i]];
                        let region = dirs
                            .region(c.region_id)
                            .map(|r| r.name.clone())
                            .unwrap_or_default();
                        vec![c.id.to_string(), c.name.clone(), region]
                    },
                );
            }
            Tab::Regions => {
                let header = [t!("dir.col_id"), t!("dir.col_name")];
                simple_table(
                    ui,
                    "regions",
                    &header,
                    (rows.len(), dirs.data.regions.len()),
                    |i| {
                        let r = &dirs.data.regions[rows[i]];
                        vec![r.id.to_string(), r.name.clone()]
                    },
                );
            }
            Tab::ShipmentTypes | Tab::Packaging | Tab::YesNo => {
                let list = match self.tab {
                    Tab::ShipmentTypes => &dirs.data.shipment_types,
                    Tab::Packaging => &dirs.data.packaging_types,
                    _ => &dirs.data.yes_no,
                };
                let header = [t!("dir.col_id"), t!("dir.col_name")];
                simple_table(ui, "idnames", &header, (rows.len(), list.len()), |i| {
                    let x = &list[rows[i]];
                    vec![x.id.to_string(), x.name.clone()]
                });
            }
            Tab::Countries => {
                if dirs.data.countries.is_empty() {
                    ui.label(t!("dir.needs_current"));
                } else {
                    let header = [t!("dir.col_id"), t!("dir.col_code"), t!("dir.col_name")];
                    simple_table(
                        ui,
                        "countries",
                        &header,
                        (rows.len(), dirs.data.countries.len()),
                        |i| {
                            let c = &dirs.data.countries[rows[i]];
                            vec![
                                c.id.to_string(),
                                c.code.clone().unwrap_or_default(),
                                c.name.clone(),
                            ]
                        },
                    );
                }
            }
            Tab::Statuses => statuses(ui, &dirs.data),
        }
    }

    /// The filtered row indices of the current tab, cached.
    fn rows(&mut self, dirs: &Directories) -> Vec<usize> {
        let at = (dirs.data.fetched_at, dirs.from_cache);
        let fresh = self
            .filtered
            .as_ref()
            .is_some_and(|f| f.tab == self.tab && f.query == self.query && f.data_at == at);
        if !fresh {
            let q = self.query.as_str();
            let by_name = |names: Vec<&str>| -> Vec<usize> {
                let key = crate::text::translit::search_key(q);
                names
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| {
                        key.is_empty()
                            || crate::text::translit::matches(
                                &key,
                                &crate::text::translit::search_key(n),
                            )
                    })
                    .map(|(i, _)| i)
                    .collect()
            };
            let rows = match self.tab {
                Tab::Branches => dirs.find_branches(q),
                Tab::Cities => dirs.find_cities(q),
                Tab::Regions => dirs.find_regions(q),
                Tab::ShipmentTypes => by_name(
                    dirs.data
                        .shipment_types
                        .iter()
                        .map(|x| x.name.as_str())
                        .collect(),
                ),
                Tab::Packaging => by_name(
                    dirs.data
                        .packaging_types
                        .iter()
                        .map(|x| x.name.as_str())
                        .collect(),
                ),
                Tab::YesNo => by_name(dirs.data.yes_no.iter().map(|x| x.name.as_str()).collect()),
                Tab::Countries => by_name(
                    dirs.data
                        .countries
                        .iter()
                        .map(|x| x.name.as_str())
                        .collect(),
                ),
                Tab::Statuses => Vec::new(),
            };
            let branches = &dirs.data.branches;
            let still_listed = |id: i64| rows.iter().any(|&i| branches[i].id == id);
            if self.selected_branch.is_some_and(|id| !still_listed(id)) && self.tab == Tab::Branches
            {
                self.selected_branch = None;
            }
            self.filtered = Some(Filtered {
                tab: self.tab,
                query: self.query.clone(),
                data_at: at,
                rows,
            });
        }
        self.filtered
            .as_ref()
            .map(|f| f.rows.clone())
            .unwrap_or_default()
    }

    fn branches(&mut self, ui: &mut egui::Ui, dirs: &Directories, rows: &[usize]) {
        ui.label(
            RichText::new(t!(
                "dir.count",
                shown = rows.len(),
                total = dirs.data.branches.len()
            ))
            .weak(),
        );
        // The table beside the chosen branch's detail, each in its own column.
        beside(
            ui,
            340.0,
            self,
            |ui, screen| screen.branch_table(ui, dirs, rows),
            |ui, screen| match screen
                .selected_branch
                .and_then(|id| dirs.data.branches.iter().find(|b| b.id == id))
            {
                Some(b) => branch_detail(ui, dirs, b),
                None => {
                    ui.label(t!("dir.pick_branch"));
                }
            },
        );
    }

    fn branch_table(&mut self, ui: &mut egui::Ui, dirs: &Directories, rows: &[usize]) {
        let data = &dirs.data;
        TableBuilder::new(ui)
            .id_salt("branches")
            .striped(true)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(
                Column::initial(170.0)
                    .at_least(100.0)
                    .resizable(true)
                    .clip(true),
            )
            .column(
                Column::initial(95.0)
                    .at_least(60.0)
                    .resizable(true)
                    .clip(true),
            )
            .column(Column::remainder().at_least(60.0).clip(true))
            .column(Column::exact(110.0).clip(true))
            .header(22.0, |mut h| {
                for title in [
                    t!("dir.col_name"),
                    t!("dir.col_city"),
                    t!("dir.col_address"),
                    t!("dir.col_phone"),
                ] {
                    h.col(|ui| {
                        ui.add(egui::Label::new(RichText::new(title).strong()).truncate());
                    });
                }
            })
            .body(|body| {
                body.rows(22.0, rows.len(), |mut row| {
                    let i = rows[row.index()];
                    let b = &data.branches[i];
                    let city = dirs.city(b.city_id).map(|c| c.name.as_str()).unwrap_or("");
                    row.col(|ui| {
                        let chosen = self.selected_branch == Some(b.id);
                        let r = ui.add(egui::Button::selectable(chosen, &b.name).truncate());
                        if r.clicked() {
                            self.selected_branch = Some(b.id);
                        }
                    });
                    row.col(|ui| {
                        ui.add(egui::Label::new(city).truncate());
                    });
                    row.col(|ui| {
                        ui.add(egui::Label::new(&b.address).truncate())
                            .on_hover_text(&b.address);
                    });
                    row.col(|ui| {
                        ui.add(egui::Label::new(&b.phone).truncate());
                    });
                });
            });
    }
}

fn simple_table(
    ui: &mut egui::Ui,
    id: &str,
    header: &[std::borrow::Cow<'_, str>],
    (n, total): (usize, usize),
    row: impl Fn(usize) -> Vec<String>,
) {
    ui.label(RichText::new(t!("dir.count", shown = n, total = total)).weak());
    let mut tb = TableBuilder::new(ui)
        .id_salt(id)
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for i in 0..header.len() {
        tb = if i + 1 == header.len() {
            tb.column(Column::remainder())
        } else {
            tb.column(Column::initial(if i == 0 { 70.0 } else { 220.0 }).resizable(true))
        };
    }
    tb.header(22.0, |mut h| {
        for title in header {
            h.col(|ui| {
                ui.strong(title.as_ref());
            });
        }
    })
    .body(|body| {
        body.rows(22.0, n, |mut r| {
            for cell in row(r.index()) {
                r.col(|ui| {
                    ui.add(egui::Label::new(cell).truncate());
                });
            }
        });
    });
}

fn branch_detail(ui: &mut egui::Ui, dirs: &Directories, b: &Branch) {
    ui.heading(&b.name);
    if let Some(c) = dirs.city(b.city_id) {
        let region = dirs
            .region(c.region_id)
            .map(|r| r.name.as_str())
            .unwrap_or("");
        ui.label(format!("{}, {}", c.name, region));
    }
    ui.label(&b.address);
    ui.label(&b.phone);
    let (today, minute) = tashkent_now();
    let open = b.working_hours.is_open(today, minute);
    let (text, color) = if open {
        (t!("dir.open_now"), egui::Color32::from_rgb(30, 130, 60))
    } else {
        (t!("dir.closed_now"), crate::ui::widgets::ERROR_COLOR)
    };
    ui.label(RichText::new(text).color(color).strong());
    ui.add_space(6.0);
    ui.strong(t!("dir.hours"));
    egui::Grid::new("week").striped(true).show(ui, |ui| {
        for day in 0..7 {
            let key = format!("day.{}", day + 1);
            let name = t!(key.as_str()).to_string();
            let hours = match b.working_hours.day(day) {
                None => t!("dir.closed").to_string(),
                Some(DayHours::AllDay) => t!("dir.all_day").to_string(),
                Some(h) => h.to_string(),
            };
            if day == today {
                ui.label(RichText::new(format!("▶ {name} ({})", t!("dir.today"))).strong());
                ui.label(RichText::new(hours).strong());
            } else {
                ui.label(name);
                ui.label(hours);
            }
            ui.end_row();
        }
    });
    ui.add_space(8.0);
    if let Some((lat, lon)) = b.coordinates()
        && ui.button(t!("dir.open_map")).clicked()
    {
        ui.ctx().open_url(egui::OpenUrl::new_tab(format!(
            "https://www.openstreetmap.org/?mlat={lat}&mlon={lon}#map=17/{lat}/{lon}"
        )));
    }
}

fn statuses(ui: &mut egui::Ui, data: &DirectoryData) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.strong(t!("dir.statuses_current"));
        if data.statuses.is_empty() {
            ui.label(t!("dir.needs_current"));
        }
        for s in &data.statuses {
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{:>5}", s.code.code())).monospace());
                ui.label(&s.name);
                if s.next_possible_statuses.is_empty() {
                    ui.label(RichText::new(format!("■ {}", t!("dir.final"))).weak());
                } else {
                    for n in &s.next_possible_statuses {
                        let name = data
                            .statuses
                            .iter()
                            .find(|x| x.code == *n)
                            .map(|x| x.name.as_str())
                            .unwrap_or("");
                        ui.label(RichText::new(format!("→ {} {}", n.code(), name)).weak());
                    }
                }
            });
        }
        ui.add_space(10.0);
        ui.strong(t!("dir.statuses_legacy"));
        for s in &data.legacy_statuses {
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{:>5}", s.id.code())).monospace());
                ui.label(&s.name);
            });
        }
        ui.add_space(10.0);
        ui.strong(t!("dir.statuses_parcel"));
        for s in parcel_statuses() {
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{:>5}", s.code())).monospace());
                let key = format!("parcel_status.{}", s.code());
                ui.label(t!(key.as_str()));
            });
        }
    });
}

impl Screen for DirectoryScreen {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.show(ui, cx.desk);
    }

    fn entered(&mut self, _cx: &mut Cx) {
        self.focus_search = true;
    }

    fn on_event(&mut self, event: &AppEvent, _cx: &mut Cx) {
        if matches!(event, AppEvent::SessionEnded) {
            *self = DirectoryScreen::default();
        }
    }

    fn command(&mut self, command: Command, cx: &mut Cx) -> bool {
        if command == Command::Refresh {
            cx.desk.refresh_directories_now();
            return true;
        }
        false
    }
}
