//! The window's own file chooser, for a desktop with no system file dialog (no portal): a folder's
//! folders and the files a choice takes, read on the background runtime; the way up, the
//! documents folder, home and the folders files were last chosen from one click away; a folder
//! typed or pasted is gone to with Enter. To open, a file is chosen with a double click, or by
//! selecting it and Open; to save, a file name is typed (or a file clicked to take its name) and
//! Save or Enter chooses it, saying first when a file of that name is there. Esc or Cancel
//! closes it with nothing chosen.

use crate::ui::frame::cx::Cx;
use crate::ui::widgets::ERROR_COLOR;
use desk::session::folders::FolderEntry;
use desk::task::{Task, ready};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;
use std::path::{Path, PathBuf};

/// What a chooser ended with this frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Chosen {
    /// Still choosing (or closed).
    Not,
    File(PathBuf),
    Cancelled,
}

/// What the chooser is for.
#[derive(Debug, Clone, PartialEq)]
enum Purpose {
    Open,
    /// Saving under the name typed.
    Save {
        name: String,
    },
}

/// The chooser's state while open.
pub struct FileChooser {
    purpose: Purpose,
    /// The files it takes, by extension (no dot, any case).
    extensions: &'static [&'static str],
    open: bool,
    folder: PathBuf,
    /// The folder field as typed.
    typed: String,
    entries: Vec<FolderEntry>,
    listing: Option<Task<Result<Vec<FolderEntry>, String>>>,
    error: Option<String>,
    selected: Option<usize>,
    /// Saving: the name field takes the cursor, its text selected, when the chooser opens (as
    /// a save dialog does: typing replaces the name proposed).
    focus_name: bool,
}

impl FileChooser {
    pub fn new(extensions: &'static [&'static str]) -> FileChooser {
        FileChooser {
            purpose: Purpose::Open,
            extensions,
            open: false,
            folder: PathBuf::new(),
            typed: String::new(),
            entries: Vec::new(),
            listing: None,
            error: None,
            selected: None,
            focus_name: false,
        }
    }

    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Opens it on the folder files were last chosen from (else `start`).
    pub fn open(&mut self, cx: &mut Cx, start: PathBuf) {
        let folder = cx
            .desk
            .recent_folders()
            .first()
            .map(PathBuf::from)
            .filter(|f| f.is_absolute())
            .unwrap_or(start);
        self.open = true;
        self.go(cx, folder);
    }

    /// Opens it to save a document: on the folder proposed (or the one files were last chosen
    /// from), with the name proposed.
    pub fn open_to_save(&mut self, cx: &mut Cx, proposed: &Path) {
        let name = proposed
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let start = proposed
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(desk::documents_folder);
        self.purpose = Purpose::Save { name };
        self.focus_name = true;
        self.open(cx, start);
    }

    /// Reads another folder.
    fn go(&mut self, cx: &mut Cx, folder: PathBuf) {
        self.typed = folder.display().to_string();
        self.listing = Some(cx.desk.list_folder(folder.clone(), self.extensions));
        self.folder = folder;
        self.selected = None;
        self.error = None;
    }

    /// Shows it while open; what was chosen comes back once.
    pub fn show(&mut self, ctx: &egui::Context, cx: &mut Cx) -> Chosen {
        if !self.open {
            return Chosen::Not;
        }
        match ready(&mut self.listing) {
            Some(Ok(entries)) => self.entries = entries,
            Some(Err(e)) => {
                self.entries.clear();
                self.error = Some(t!("chooser.unreadable", detail = e).to_string());
            }
            None => {}
        }
        let mut go_to: Option<PathBuf> = None;
        let mut chosen = Chosen::Not;
        let modal = egui::Modal::new(egui::Id::unique("file chooser")).show(ctx, |ui| {
            let size = ctx.content_rect().size();
            ui.set_width((size.x - 80.0).clamp(320.0, 900.0));
            let title = match self.purpose {
                Purpose::Open => t!("chooser.title"),
                Purpose::Save { .. } => t!("chooser.save_title"),
            };
            ui.strong(title);
            ui.horizontal(|ui| {
                let up = self.folder.parent().map(Path::to_path_buf);
                if ui
                    .add_enabled(up.is_some(), egui::Button::new(t!("chooser.up")))
                    .clicked()
                {
                    go_to = up;
                }
                let l = ui.label(t!("chooser.folder"));
                let r = ui
                    .add(egui::TextEdit::singleline(&mut self.typed).desired_width(f32::INFINITY))
                    .labelled_by(l.id);
                if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    go_to = Some(PathBuf::from(self.typed.trim()));
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(t!("chooser.places")).weak());
                let mut places = vec![
                    (
                        t!("chooser.documents").to_string(),
                        desk::documents_folder(),
                    ),
                    (t!("chooser.home").to_string(), home()),
                ];
                for f in cx.desk.recent_folders() {
                    let path = PathBuf::from(f);
                    // Documents or home, already offered under their names.
                    if places.iter().any(|(_, p)| *p == path) {
                        continue;
                    }
                    let name = path
                        .file_name()
                        .map(|n| n.to_string_lossy().to_string())
                        .unwrap_or_else(|| f.clone());
                    places.push((name, path));
                }
                for (name, path) in places {
                    if ui
                        .button(name)
                        .on_hover_text(path.display().to_string())
                        .clicked()
                    {
                        go_to = Some(path);
                    }
                }
            });
            ui.separator();
            if let Some(e) = &self.error {
                ui.label(RichText::new(e).color(ERROR_COLOR));
            }
            if self.listing.is_some() {
                ui.spinner();
            } else if self.entries.is_empty() && self.error.is_none() {
                let said = match self.extensions {
                    [] => t!("chooser.empty_any"),
                    kinds => t!("chooser.empty", kinds = kinds.join(", ")),
                };
                ui.label(RichText::new(said).weak());
            }
            let height = (size.y - 260.0).clamp(120.0, 520.0);
            let table = TableBuilder::new(ui)
                .id_salt("file chooser entries")
                .striped(true)
                .sense(egui::Sense::click())
                .max_scroll_height(height)
                .min_scrolled_height(height.min(240.0))
                .column(Column::remainder().at_least(200.0).clip(true))
                .column(Column::auto().at_least(90.0))
                .column(Column::auto().at_least(130.0));
            table
                .header(20.0, |mut h| {
                    h.col(|ui| {
                        ui.strong(t!("chooser.name"));
                    });
                    h.col(|ui| {
                        ui.strong(t!("chooser.size"));
                    });
                    h.col(|ui| {
                        ui.strong(t!("chooser.changed"));
                    });
                })
                .body(|body| {
                    body.rows(20.0, self.entries.len(), |mut row| {
                        let i = row.index();
                        let e = &self.entries[i];
                        row.set_selected(self.selected == Some(i));
                        row.col(|ui| {
                            // A folder ends in a slash, in bold.
                            let name = if e.is_folder {
                                RichText::new(format!("{}/", e.name)).strong()
                            } else {
                                RichText::new(&e.name)
                            };
                            ui.add(egui::Label::new(name).selectable(false));
                        });
                        row.col(|ui| {
                            if !e.is_folder {
                                ui.add(egui::Label::new(size_text(e.size)).selectable(false));
                            }
                        });
                        row.col(|ui| {
                            let when = e.modified.and_then(|s| {
                                chrono::DateTime::from_timestamp(s, 0).map(|d| {
                                    d.with_timezone(&text::day::counter_zone())
                                        .format("%d.%m.%Y %H:%M")
                                        .to_string()
                                })
                            });
                            ui.add(egui::Label::new(when.unwrap_or_default()).selectable(false));
                        });
                        let r = row.response();
                        let saving = matches!(self.purpose, Purpose::Save { .. });
                        if r.double_clicked() {
                            if e.is_folder {
                                go_to = Some(e.path.clone());
                            } else if !saving {
                                chosen = Chosen::File(e.path.clone());
                            }
                        } else if r.clicked() {
                            self.selected = Some(i);
                            // Saving: a file clicked lends its name.
                            if let (Purpose::Save { name }, false) =
                                (&mut self.purpose, e.is_folder)
                            {
                                *name = e.name.clone();
                            }
                        }
                    });
                });
            ui.separator();
            if let Purpose::Save { name } = &mut self.purpose {
                let l = ui.label(t!("chooser.file_name"));
                let edit = egui::TextEdit::singleline(name)
                    .id_salt("file chooser name")
                    .desired_width(f32::INFINITY);
                let r = ui.add(edit).labelled_by(l.id);
                if self.focus_name {
                    r.request_focus();
                    // The field's state exists from its first frame on: selected then.
                    if let Some(mut state) = egui::text_edit::TextEditState::load(ui.ctx(), r.id) {
                        let all = egui::text_selection::CCursorRange::select_all_str(name);
                        state.cursor.set_char_range(Some(all));
                        state.store(ui.ctx(), r.id);
                        self.focus_name = false;
                    }
                }
                let typed = name.trim().to_string();
                if self.entries.iter().any(|e| !e.is_folder && e.name == typed) {
                    let said = t!("chooser.replaces", name = typed.clone());
                    ui.label(RichText::new(said).color(ERROR_COLOR));
                }
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let save = ui
                    .add_enabled(!typed.is_empty(), egui::Button::new(t!("chooser.save")))
                    .clicked();
                if (enter || save) && !typed.is_empty() {
                    chosen = Chosen::File(self.folder.join(typed));
                }
                if ui.button(t!("chooser.cancel")).clicked() {
                    chosen = Chosen::Cancelled;
                }
                return;
            }
            ui.horizontal(|ui| {
                let picked = self.selected.and_then(|i| self.entries.get(i));
                let open_label = match picked {
                    Some(e) if e.is_folder => t!("chooser.open_folder"),
                    _ => t!("chooser.open"),
                };
                if ui
                    .add_enabled(picked.is_some(), egui::Button::new(open_label))
                    .clicked()
                    && let Some(e) = picked
                {
                    if e.is_folder {
                        go_to = Some(e.path.clone());
                    } else {
                        chosen = Chosen::File(e.path.clone());
                    }
                }
                if ui.button(t!("chooser.cancel")).clicked() {
                    chosen = Chosen::Cancelled;
                }
            });
        });
        if modal.should_close() && chosen == Chosen::Not {
            chosen = Chosen::Cancelled;
        }
        if let Some(folder) = go_to {
            self.go(cx, folder);
        }
        if let Chosen::File(path) = &chosen
            && let Some(folder) = path.parent()
        {
            cx.desk.remember_folder(folder);
        }
        if chosen != Chosen::Not {
            self.open = false;
        }
        chosen
    }
}

/// The user's home folder.
fn home() -> PathBuf {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(desk::documents_folder)
}

/// A file's size in the units a person reads.
fn size_text(bytes: u64) -> String {
    match bytes {
        b if b < 1_024 => t!("chooser.bytes", n = b).to_string(),
        b if b < 1_024 * 1_024 => t!("chooser.kb", n = b.div_ceil(1_024)).to_string(),
        b => {
            let mb = crate::ui::widgets::numbers::one_decimal(b as f64 / (1_024.0 * 1_024.0));
            t!("chooser.mb", n = mb).to_string()
        }
    }
}
