//! The directory browser: regions, cities, branches (with their week of opening hours and a map
//! link), shipment and packaging types, countries, the status lists of all three generations and
//! yes/no. One search box matches Latin and Cyrillic spellings. Works from the SQLite copy when
//! the service does not answer, and says how old that copy is.

mod tables;

use tables::{branch_detail, simple_table, statuses};

use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::errors::tell;
use crate::ui::widgets::{beside, button_if, search_field};
use desk::Desk;
use desk::reference::directories::Directories;
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

    fn label(self) -> std::borrow::Cow<'static, str> {
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

/// The names of a directory's records, in its order.
fn names<T>(list: &[T], name: impl Fn(&T) -> &String) -> Vec<&str> {
    list.iter().map(|x| name(x).as_str()).collect()
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
            let (label, hint) = (t!("dir.search"), t!("dir.search_hint"));
            search_field(
                ui,
                &label,
                &hint,
                &mut self.query,
                280.0,
                &mut self.focus_search,
            );
            if button_if(ui, !desk.directories_loading(), t!("dir.refresh")) {
                refresh = true;
            }
            if desk.directories_loading() {
                ui.spinner();
                ui.label(t!("dir.refreshing"));
            } else if let Some(d) = desk.directories() {
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
        let Some(dirs) = desk.directories() else {
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
                let (header, regions) =
                    ([t!("dir.col_id"), t!("dir.col_name")], &dirs.data.regions);
                simple_table(ui, "regions", &header, (rows.len(), regions.len()), |i| {
                    let r = &regions[rows[i]];
                    vec![r.id.to_string(), r.name.clone()]
                });
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
                    let countries = &dirs.data.countries;
                    simple_table(
                        ui,
                        "countries",
                        &header,
                        (rows.len(), countries.len()),
                        |i| {
                            let c = &countries[rows[i]];
                            let code = c.code.clone().unwrap_or_default();
                            vec![c.id.to_string(), code, c.name.clone()]
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
                let key = text::translit::search_key(q);
                names
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| {
                        key.is_empty()
                            || text::translit::matches(&key, &text::translit::search_key(n))
                    })
                    .map(|(i, _)| i)
                    .collect()
            };
            let rows = match self.tab {
                Tab::Branches => dirs.find_branches(q),
                Tab::Cities => dirs.find_cities(q),
                Tab::Regions => dirs.find_regions(q),
                Tab::ShipmentTypes => by_name(names(&dirs.data.shipment_types, |x| &x.name)),
                Tab::Packaging => by_name(names(&dirs.data.packaging_types, |x| &x.name)),
                Tab::YesNo => by_name(names(&dirs.data.yes_no, |x| &x.name)),
                Tab::Countries => by_name(names(&dirs.data.countries, |x| &x.name)),
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
            300.0,
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
            // Name and address share what is left; the phone always has room for its digits.
            .column(Column::remainder().at_least(100.0).clip(true))
            .column(
                Column::initial(85.0)
                    .at_least(60.0)
                    .resizable(true)
                    .clip(true),
            )
            .column(Column::remainder().at_least(60.0).clip(true))
            .column(Column::exact(128.0).clip(true))
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
                        let r = ui
                            .add(egui::Button::selectable(chosen, &b.name).truncate())
                            .on_hover_text(&b.name);
                        if r.clicked() {
                            self.selected_branch = Some(b.id);
                        }
                    });
                    row.col(|ui| {
                        ui.add(egui::Label::new(city).truncate());
                    });
                    row.col(|ui| {
                        // Cut, whole on hover (a cut label says itself).
                        ui.add(egui::Label::new(&b.address).truncate());
                    });
                    row.col(|ui| {
                        ui.add(egui::Label::new(&b.phone).truncate());
                    });
                });
            });
    }
}

impl Screen for DirectoryScreen {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.show(ui, cx.desk);
    }

    fn entered(&mut self, _cx: &mut Cx) {
        self.focus_search = true;
    }

    fn command(&mut self, command: Command, cx: &mut Cx) -> bool {
        if command == Command::Refresh {
            cx.desk.refresh_directories_now();
            return true;
        }
        false
    }
}
