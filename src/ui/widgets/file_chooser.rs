//! The window's own file chooser, for a desktop with no system file dialog (no portal): a folder's
//! folders and the files a choice takes, read on the background runtime; the way up, the
//! documents folder, home and the folders files were last chosen from one click away.
//!
//! It is used from the keyboard alone as a system dialog is: the path field has the cursor when
//! it opens; Up and Down move through the folder's rows (Tab reaches the list too, where they do
//! the same), Enter opens the row chosen (a folder is gone into), Alt+Up goes up, and a path typed
//! into the field is gone to with Enter — a folder's, or a file's, which is then chosen. To save, a
//! file name is typed (or a row chosen to take its name) and Enter saves it, with the document's
//! extension when the name has none; a name already there is said, and replacing it takes the
//! Replace button, never Enter. Esc or Cancel closes it with nothing chosen.

use crate::ui::frame::cx::Cx;
use crate::ui::widgets::ERROR_COLOR;
use crate::ui::widgets::words::Words;
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
    /// Saving under the name typed, with the document's extension (without its dot).
    Save {
        name: String,
        extension: String,
    },
}

/// The chooser's state while open.
pub struct FileChooser {
    purpose: Purpose,
    /// The files it takes, by extension (no dot, any case).
    extensions: &'static [&'static str],
    open: bool,
    folder: PathBuf,
    /// The path field as typed.
    typed: String,
    entries: Vec<FolderEntry>,
    listing: Option<Task<Result<Vec<FolderEntry>, String>>>,
    error: Option<Words>,
    selected: Option<usize>,
    /// A path typed and entered: the row of this name is taken once its folder is read.
    pending: Option<String>,
    /// The field to give the cursor to in the next frame (when it opens).
    focus: Option<Field>,
    /// The row chosen by the keyboard is to be scrolled into view.
    reveal: bool,
}

/// The chooser's fields that take the cursor when it opens.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Field {
    Path,
    Name,
}

/// What the clerk did this frame, handled once the chooser is drawn.
#[derive(Default)]
struct Acts {
    go_to: Option<PathBuf>,
    /// A path typed and entered.
    typed: Option<PathBuf>,
    /// The row chosen to be opened (Enter, a double click, Open).
    open_row: Option<usize>,
    chosen: Option<Chosen>,
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
            pending: None,
            focus: None,
            reveal: false,
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
        self.focus = Some(Field::Path);
        self.go(cx, folder);
    }

    /// Opens it to save a document: on the folder proposed (or the one files were last chosen
    /// from), with the name proposed; its extension is the one the saved file gets.
    pub fn open_to_save(&mut self, cx: &mut Cx, proposed: &Path) {
        let name = file_name(proposed);
        let extension = proposed
            .extension()
            .map(|e| e.to_string_lossy().to_string())
            .unwrap_or_default();
        let start = proposed
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(desk::documents_folder);
        self.purpose = Purpose::Save { name, extension };
        self.open(cx, start);
        self.focus = Some(Field::Name);
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
        let mut acts = Acts::default();
        self.take_listing(&mut acts);
        let modal = egui::Modal::new(egui::Id::unique("file chooser")).show(ctx, |ui| {
            let size = ctx.content_rect().size();
            ui.set_width((size.x - 80.0).clamp(320.0, 900.0));
            let title = match self.purpose {
                Purpose::Open => t!("chooser.title"),
                Purpose::Save { .. } => t!("chooser.save_title"),
            };
            ui.strong(title);
            self.path_row(ui, &mut acts);
            self.places(ui, cx, &mut acts);
            ui.separator();
            self.state_line(ui);
            let list = self.rows(ui, (size.y - 260.0).clamp(120.0, 520.0), &mut acts);
            self.list_keys(ui, &list, &mut acts);
            ui.separator();
            match self.purpose {
                Purpose::Save { .. } => self.save_part(ui, &mut acts),
                Purpose::Open => self.open_part(ui, &mut acts),
            }
        });
        if modal.should_close() && acts.chosen.is_none() {
            acts.chosen = Some(Chosen::Cancelled);
        }
        self.act(cx, acts)
    }

    /// A folder's listing that came: its rows, or why it cannot be read; a path typed and
    /// entered is then taken from it.
    fn take_listing(&mut self, acts: &mut Acts) {
        match ready(&mut self.listing) {
            Some(Ok(entries)) => self.entries = entries,
            Some(Err(e)) => {
                self.entries.clear();
                self.error = Some(crate::words!("chooser.unreadable", detail = e));
            }
            None => return,
        }
        let Some(wanted) = self.pending.take() else {
            return;
        };
        match self.entries.iter().position(|e| e.name == wanted) {
            Some(i) => {
                self.selected = Some(i);
                acts.open_row = Some(i);
            }
            None if self.error.is_none() => {
                let path = self.folder.join(&wanted).display().to_string();
                self.error = Some(crate::words!("chooser.no_such", path = path));
            }
            None => {}
        }
    }

    /// Up, and the path field (a folder's or a file's path is gone to with Enter).
    fn path_row(&mut self, ui: &mut egui::Ui, acts: &mut Acts) {
        ui.horizontal(|ui| {
            let up = self.folder.parent().map(Path::to_path_buf);
            let alt_up = ui.input_mut(|i| i.consume_key(egui::Modifiers::ALT, egui::Key::ArrowUp));
            let button = egui::Button::new(t!("chooser.up")).shortcut_text("Alt+↑");
            if ui.add_enabled(up.is_some(), button).clicked() || alt_up {
                acts.go_to = up;
            }
            let l = ui.label(t!("chooser.folder"));
            let edit = egui::TextEdit::singleline(&mut self.typed)
                .id_salt("file chooser path")
                .desired_width(f32::INFINITY);
            let r = ui.add(edit).labelled_by(l.id);
            if self.focus == Some(Field::Path) {
                r.request_focus();
                self.focus = None;
            }
            if r.has_focus() {
                self.move_selection(ui);
            }
            if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                let typed = PathBuf::from(self.typed.trim());
                if typed == self.folder {
                    // The folder shown, entered: the row chosen opens.
                    acts.open_row = self.selected;
                } else {
                    acts.typed = Some(typed);
                }
                r.request_focus();
            }
        });
    }

    /// Up and Down move the row chosen (from the path field or the list).
    fn move_selection(&mut self, ui: &mut egui::Ui) {
        let (down, up) = ui.input_mut(|i| {
            let none = egui::Modifiers::NONE;
            let down = i.count_and_consume_key(none, egui::Key::ArrowDown);
            let up = i.count_and_consume_key(none, egui::Key::ArrowUp);
            (down, up)
        });
        if (down > 0 || up > 0) && !self.entries.is_empty() {
            let last = self.entries.len() - 1;
            let at = match self.selected {
                None if down > 0 => down - 1,
                None => 0,
                Some(i) => (i + down).saturating_sub(up),
            };
            let at = at.min(last);
            self.selected = Some(at);
            self.reveal = true;
            self.lend_name(at);
        }
    }

    /// Saving: a file row chosen lends its name.
    fn lend_name(&mut self, row: usize) {
        if let (Purpose::Save { name, .. }, Some(e)) = (&mut self.purpose, self.entries.get(row))
            && !e.is_folder
        {
            name.clone_from(&e.name);
        }
    }

    /// Documents, home and the folders files were last chosen from.
    fn places(&self, ui: &mut egui::Ui, cx: &Cx, acts: &mut Acts) {
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
                    acts.go_to = Some(path);
                }
            }
        });
    }

    /// One line, always there: why the folder cannot be read, that it is being read, or that
    /// it holds nothing to choose.
    fn state_line(&self, ui: &mut egui::Ui) {
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        crate::ui::widgets::keep_room(ui, line, |ui| {
            if let Some(e) = &self.error {
                ui.label(RichText::new(e).color(ERROR_COLOR));
            } else if self.listing.is_some() {
                ui.spinner();
            } else if self.entries.is_empty() {
                let said = match self.extensions {
                    [] => t!("chooser.empty_any"),
                    kinds => t!("chooser.empty", kinds = kinds.join(", ")),
                };
                ui.label(RichText::new(said).weak());
            }
        });
    }

    /// The folder's rows; the list's own response (it takes the cursor from Tab, and its keys).
    fn rows(&mut self, ui: &mut egui::Ui, height: f32, acts: &mut Acts) -> egui::Response {
        let top = ui.cursor().top();
        let table = TableBuilder::new(ui)
            .id_salt("file chooser entries")
            .striped(true)
            .sense(egui::Sense::click())
            // Always this high, however many rows the folder has: the dialog keeps its size and
            // place (a listing of another length moved the path field under the pointer).
            .max_scroll_height(height)
            .min_scrolled_height(height)
            .column(Column::remainder().at_least(200.0).clip(true))
            .column(Column::auto().at_least(90.0))
            .column(Column::auto().at_least(130.0));
        let heads = ["chooser.name", "chooser.size", "chooser.changed"];
        let mut table = table;
        if let Some(row) = self.selected.filter(|_| std::mem::take(&mut self.reveal)) {
            table = table.scroll_to_row(row, None);
        }
        table
            .header(20.0, |mut h| {
                for head in heads {
                    h.col(|ui| {
                        ui.strong(t!(head));
                    });
                }
            })
            .body(|body| {
                body.rows(20.0, self.entries.len(), |mut row| {
                    let i = row.index();
                    let e = &self.entries[i];
                    row.set_selected(self.selected == Some(i));
                    entry_cells(&mut row, e);
                    let r = row.response();
                    if r.double_clicked() {
                        acts.open_row = Some(i);
                    } else if r.clicked() {
                        self.selected = Some(i);
                    }
                });
            });
        if let Some(i) = self.selected {
            self.lend_name_if_clicked(i, acts);
        }
        // The list in the Tab order, between the path field and the buttons.
        let rect = egui::Rect::from_x_y_ranges(ui.max_rect().x_range(), top..=ui.cursor().top());
        let id = ui.make_persistent_id("file chooser list");
        let list = ui.interact(rect, id, egui::Sense::focusable_noninteractive());
        list.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::ListBox, true, t!("chooser.list"))
        });
        if list.has_focus() {
            let stroke = ui.visuals().selection.stroke;
            ui.painter()
                .rect_stroke(rect, 2.0, stroke, egui::StrokeKind::Inside);
        }
        list
    }

    /// A row clicked while saving lends its name (the row chosen by the arrows did already).
    fn lend_name_if_clicked(&mut self, row: usize, acts: &Acts) {
        if acts.open_row.is_none() {
            self.lend_name(row);
        }
    }

    /// The list's keys while it has the cursor: the arrows move the row chosen, Enter opens it.
    fn list_keys(&mut self, ui: &mut egui::Ui, list: &egui::Response, acts: &mut Acts) {
        if !list.has_focus() {
            return;
        }
        let keys = egui::EventFilter {
            vertical_arrows: true,
            ..Default::default()
        };
        ui.memory_mut(|m| m.set_focus_lock_filter(list.id, keys));
        self.move_selection(ui);
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter)) {
            acts.open_row = self.selected;
        }
    }

    /// Saving: the file name (Enter saves; a name already there takes Replace) and Cancel.
    fn save_part(&mut self, ui: &mut egui::Ui, acts: &mut Acts) {
        let Purpose::Save { name, extension } = &mut self.purpose else {
            return;
        };
        let l = ui.label(t!("chooser.file_name"));
        let edit = egui::TextEdit::singleline(name)
            .id_salt("file chooser name")
            .desired_width(f32::INFINITY);
        let r = ui.add(edit).labelled_by(l.id);
        if self.focus == Some(Field::Name) {
            r.request_focus();
            // The field's state exists from its first frame on: selected then (as a save
            // dialog does: typing replaces the name proposed).
            if let Some(mut state) = egui::text_edit::TextEditState::load(ui.ctx(), r.id) {
                let all = egui::text_selection::CCursorRange::select_all_str(name);
                state.cursor.set_char_range(Some(all));
                state.store(ui.ctx(), r.id);
                self.focus = None;
            }
        }
        let file = with_extension(name.trim(), extension);
        let there = !file.is_empty() && self.entries.iter().any(|e| !e.is_folder && e.name == file);
        // Its line is kept whether the name is there or not: the buttons below never move.
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        crate::ui::widgets::keep_room(ui, line, |ui| {
            if there {
                let said = t!("chooser.replaces", name = file.clone());
                ui.label(RichText::new(said).color(ERROR_COLOR));
            }
        });
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.horizontal(|ui| {
            let word = if there {
                t!("chooser.replace")
            } else {
                t!("chooser.save")
            };
            let save = ui
                .add_enabled(!file.is_empty(), egui::Button::new(word))
                .clicked();
            // Enter saves a new file; replacing one takes the button.
            if !file.is_empty() && (save || (enter && !there)) {
                acts.chosen = Some(Chosen::File(self.folder.join(&file)));
            } else if enter {
                r.request_focus();
            }
            if ui.button(t!("chooser.cancel")).clicked() {
                acts.chosen = Some(Chosen::Cancelled);
            }
        });
    }

    /// Opening: Open (the row chosen) and Cancel.
    fn open_part(&mut self, ui: &mut egui::Ui, acts: &mut Acts) {
        ui.horizontal(|ui| {
            let picked = self.selected.and_then(|i| self.entries.get(i));
            let open_label = match picked {
                Some(e) if e.is_folder => t!("chooser.open_folder"),
                _ => t!("chooser.open"),
            };
            if ui
                .add_enabled(picked.is_some(), egui::Button::new(open_label))
                .clicked()
            {
                acts.open_row = self.selected;
            }
            if ui.button(t!("chooser.cancel")).clicked() {
                acts.chosen = Some(Chosen::Cancelled);
            }
        });
    }

    /// Carries out what the clerk did: a row opened, a path typed, a folder gone to, a choice.
    fn act(&mut self, cx: &mut Cx, mut acts: Acts) -> Chosen {
        if let Some(e) = acts.open_row.and_then(|i| self.entries.get(i)) {
            match (&self.purpose, e.is_folder) {
                (_, true) => acts.go_to = Some(e.path.clone()),
                (Purpose::Open, false) => acts.chosen = Some(Chosen::File(e.path.clone())),
                (Purpose::Save { .. }, false) => {
                    let row = acts.open_row.unwrap_or_default();
                    self.lend_name(row);
                    self.focus = Some(Field::Name);
                }
            }
        }
        if let Some(typed) = acts.typed.take() {
            // Gone to through its folder: the row of its name is taken when the folder is read
            // (a folder is gone into, a file chosen), without a look at the disk here.
            match (typed.parent(), typed.file_name()) {
                (Some(parent), Some(name)) if !parent.as_os_str().is_empty() => {
                    self.go(cx, parent.to_path_buf());
                    self.pending = Some(name.to_string_lossy().to_string());
                }
                _ => acts.go_to = Some(typed),
            }
        }
        if let Some(folder) = acts.go_to {
            self.go(cx, folder);
        }
        let chosen = acts.chosen.unwrap_or(Chosen::Not);
        if let Chosen::File(path) = &chosen
            && let Some(folder) = path.parent()
        {
            cx.desk.remember_folder(folder);
        }
        if chosen != Chosen::Not {
            self.open = false;
            self.pending = None;
        }
        chosen
    }
}

/// A row's cells: its name (a folder's ends in a slash, in bold), size and when it changed.
fn entry_cells(row: &mut egui_extras::TableRow<'_, '_>, e: &FolderEntry) {
    row.col(|ui| {
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
}

/// A path's last part.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default()
}

/// The name a document is saved under: as typed, with the document's extension when the name
/// has none of its own ("шаблон" → "шаблон.xlsx").
fn with_extension(name: &str, extension: &str) -> String {
    let has_own = Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(extension));
    if name.is_empty() || extension.is_empty() || has_own {
        name.to_string()
    } else {
        format!("{name}.{extension}")
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

#[cfg(test)]
mod tests {
    use super::with_extension;

    #[test]
    fn a_name_without_the_documents_extension_gets_it() {
        assert_eq!(with_extension("шаблон", "xlsx"), "шаблон.xlsx");
        assert_eq!(with_extension("register.CSV", "csv"), "register.CSV");
        assert_eq!(with_extension("report.2026", "pdf"), "report.2026.pdf");
        assert_eq!(with_extension("notes", ""), "notes");
        assert_eq!(with_extension("", "pdf"), "");
    }
}
