//! Many parcels at once: a CSV file (one row per product line, columns named as the contract
//! names the fields) is read and checked with the form's own rules, each problem shown with its
//! row and column; the parcels that hold are then sent one after another with progress and a
//! stop, and a parcel the service refuses keeps its message while the rest go on.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::errors::{problem_text, tell, tell_desk};
use crate::ui::widgets::file_chooser::{Chosen, FileChooser};
use crate::ui::widgets::pickers::place_abroad;
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, button_if, counted, inline_field, titled};
use api::ApiError;
use desk::international::parcel_import::{ImportError, ImportedParcel, ReadFile};
use desk::international::parcels::SendResult;
use desk::reference::directories::Directories;
use desk::task::{Task, ready, ready_with};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;
use std::path::PathBuf;

/// Where one parcel of the file stands.
#[derive(Debug, Clone, PartialEq)]
pub enum RowState {
    /// Its problems keep it here.
    Blocked,
    Ready,
    Sent,
    /// This desk sent it before (the file was imported already): not sent again.
    SentBefore,
    /// The service's words, or no answer.
    NotSent(String),
}

pub struct ParcelImportScreen {
    pub path: String,
    pub parcels: Vec<ImportedParcel>,
    pub states: Vec<RowState>,
    /// The file's cells as read: the rows to fix are written back from them.
    table: Vec<Vec<String>>,
    reading: Option<Task<Result<ReadFile, ImportError>>>,
    choosing: Option<Task<Option<PathBuf>>>,
    /// The row being sent and its task.
    sending: Option<(usize, Task<SendResult>)>,
    /// Rows still to send, in order.
    queue: Vec<usize>,
    pub error: Option<Words>,
    stop: bool,
    /// A template being saved.
    template: crate::ui::widgets::save_document::SaveDocument,
    /// The rows to fix being saved.
    to_fix: crate::ui::widgets::save_document::SaveDocument,
    /// The window's own file chooser, where the system has no file dialog.
    chooser: FileChooser,
}

/// The files an import reads.
const IMPORTED: &[&str] = &["csv", "txt", "xlsx", "xlsm", "xls", "ods"];

impl Default for ParcelImportScreen {
    fn default() -> Self {
        ParcelImportScreen {
            path: String::new(),
            parcels: Vec::new(),
            states: Vec::new(),
            table: Vec::new(),
            reading: None,
            choosing: None,
            sending: None,
            queue: Vec::new(),
            error: None,
            stop: false,
            template: Default::default(),
            to_fix: Default::default(),
            chooser: FileChooser::new(IMPORTED),
        }
    }
}

impl ParcelImportScreen {
    fn read(&mut self, cx: &mut Cx) {
        let path = self.path.trim();
        if path.is_empty() {
            self.error = Some(crate::words!("import.need_path"));
            return;
        }
        self.error = None;
        self.reading = Some(cx.desk.read_parcel_file(PathBuf::from(path)));
    }

    fn send_ready(&mut self) {
        self.stop = false;
        self.queue = self
            .states
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, RowState::Ready | RowState::NotSent(_)))
            .map(|(i, _)| i)
            .collect();
    }

    fn next(&mut self, cx: &mut Cx) {
        if self.sending.is_some() || self.stop {
            return;
        }
        let Some(i) = (!self.queue.is_empty()).then(|| self.queue.remove(0)) else {
            return;
        };
        match self.parcels[i].draft.to_input() {
            Ok(input) => match cx.desk.send_parcel(input, self.parcels[i].draft.extras()) {
                Some(task) => self.sending = Some((i, task)),
                None => self.states[i] = RowState::NotSent(t!("error.store").to_string()),
            },
            Err(_) => self.states[i] = RowState::Blocked,
        }
    }

    /// How many parcels stay behind: their problems keep them, or the service refused them.
    pub fn left_behind(&self) -> usize {
        self.states
            .iter()
            .filter(|s| matches!(s, RowState::Blocked | RowState::NotSent(_)))
            .count()
    }

    /// Why each line left behind stays, in the clerk's words, by the file's line numbers.
    pub fn reasons(&self) -> std::collections::BTreeMap<usize, String> {
        let blocked: Vec<ImportedParcel> = self
            .parcels
            .iter()
            .zip(&self.states)
            .filter(|(_, s)| **s == RowState::Blocked)
            .map(|(p, _)| p.clone())
            .collect();
        // In the file to fix a row moves: its column says where, not its line before.
        let mut why = desk::international::parcel_import::reasons(&blocked, |p| {
            format!("{}: {}", p.column, problem_text(p.problem))
        });
        for (p, s) in self.parcels.iter().zip(&self.states) {
            if let RowState::NotSent(message) = s {
                for line in &p.lines {
                    why.insert(*line, message.replace('\n', "; "));
                }
            }
        }
        why
    }

    /// Saves the rows left behind, as they were in the file, each with its reason in a last
    /// column: fixed, the file imports again as it is.
    fn save_to_fix(&mut self, cx: &mut Cx) {
        let make = self.rows_to_fix();
        let stem = std::path::Path::new(self.path.trim())
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_else(|| "parcels".into());
        let name = format!("{stem}-{}.csv", t!("import.to_fix_suffix"));
        self.to_fix.start(cx, &name, make);
    }

    /// Makes the file of the rows to fix (off the UI thread when called).
    pub fn rows_to_fix(&self) -> impl FnOnce() -> Result<Vec<u8>, String> + Send + 'static {
        let (table, reasons) = (self.table.clone(), self.reasons());
        let header = t!("import.reason_column").to_string();
        // For spreadsheets in the clerk's language's locale (its separator, its decimal sign).
        let lang = api::codes::Language::parse(&rust_i18n::locale()).unwrap_or_default();
        move || desk::international::parcel_import::rows_to_fix(&table, &reasons, &header, lang)
    }

    /// Ready, blocked, with the service (sent now or before), and not taken by it (refused,
    /// or no answer): every parcel is in exactly one.
    pub fn counts(&self) -> (usize, usize, usize, usize) {
        let count = |f: fn(&RowState) -> bool| self.states.iter().filter(|s| f(s)).count();
        (
            count(|s| matches!(s, RowState::Ready)),
            count(|s| matches!(s, RowState::Blocked)),
            count(|s| matches!(s, RowState::Sent | RowState::SentBefore)),
            count(|s| matches!(s, RowState::NotSent(_))),
        )
    }

    fn state_text(&self, i: usize) -> RichText {
        match &self.states[i] {
            RowState::Ready => RichText::new(t!("import.ready")),
            RowState::Sent => RichText::new(t!("import.sent")).strong(),
            RowState::SentBefore => RichText::new(t!("import.sent_before")).weak(),
            RowState::NotSent(m) => RichText::new(m).color(ERROR_COLOR),
            RowState::Blocked => {
                let lines: Vec<String> = self.parcels[i]
                    .problems
                    .iter()
                    .map(|p| {
                        // The column by the form's name for it, as the clerk knows it.
                        let column = desk::international::parcel_import::column_label(&p.column);
                        t!(
                            "import.problem",
                            line = p.line,
                            column = column,
                            what = problem_text(p.problem)
                        )
                        .to_string()
                    })
                    .collect();
                RichText::new(lines.join("\n")).color(ERROR_COLOR)
            }
        }
    }

    fn table(&self, ui: &mut egui::Ui, dirs: Option<&Directories>) {
        let columns = [
            (t!("import.lines"), Column::auto().at_least(70.0)),
            (t!("parcel.number"), Column::auto().at_least(140.0)),
            (
                t!("parcel.receiver"),
                Column::auto().at_least(160.0).clip(true),
            ),
            (t!("parcels.from"), Column::auto().at_least(110.0)),
            (t!("import.goods"), Column::auto().at_least(60.0)),
            (t!("parcels.status"), Column::remainder().at_least(200.0)),
        ];
        let ctx = ui.ctx().clone();
        let table = TableBuilder::new(ui).id_salt("parcel-import").striped(true);
        titled(&ctx, table, columns).body(|mut body| {
            for (i, p) in self.parcels.iter().enumerate() {
                let rows = match &self.states[i] {
                    RowState::Blocked => p.problems.len().max(1),
                    RowState::NotSent(m) => m.lines().count().max(1),
                    _ => 1,
                };
                body.row(18.0 * rows as f32 + 4.0, |mut row| {
                    row.col(|ui| {
                        let lines: Vec<String> = p.lines.iter().map(usize::to_string).collect();
                        ui.label(lines.join(", "));
                    });
                    row.col(|ui| {
                        ui.label(&p.draft.number);
                    });
                    row.col(|ui| {
                        ui.label(format!("{} {}", p.draft.surname, p.draft.first_name));
                    });
                    row.col(|ui| {
                        if let Some(place) = p.draft.abroad() {
                            // Whole, on one line: the column grows to it.
                            ui.add(egui::Label::new(place_abroad(dirs, place)).extend());
                        }
                    });
                    row.col(|ui| {
                        ui.label(p.draft.products.len().to_string());
                    });
                    row.col(|ui| {
                        ui.label(self.state_text(i));
                    });
                });
            }
        });
    }
}

impl Screen for ParcelImportScreen {
    fn poll(&mut self, cx: &mut Cx) {
        self.template.poll(cx);
        self.to_fix.poll(cx);
        if let Some(Some(p)) = ready(&mut self.choosing) {
            self.path = p.display().to_string();
            self.read(cx);
        }
        match ready(&mut self.reading) {
            Some(Ok(ReadFile {
                table,
                parcels,
                sent,
            })) => {
                self.table = table;
                self.states = parcels
                    .iter()
                    .map(|p| {
                        if sent.contains(&p.draft.number) {
                            RowState::SentBefore
                        } else if p.problems.is_empty() {
                            RowState::Ready
                        } else {
                            RowState::Blocked
                        }
                    })
                    .collect();
                self.parcels = parcels;
                self.queue.clear();
            }
            Some(Err(e)) => {
                // Worded anew after a language switch (a header's problem named in the
                // language of the moment).
                let e = std::sync::Arc::new(e);
                self.error = Some(Words::new(move || import_error(&e)));
            }
            None => {}
        }
        if let Some((i, result)) = ready_with(&mut self.sending) {
            let lines = self.parcels.get(i).map(|p| &p.lines[..]).unwrap_or(&[]);
            self.states[i] = row_state(result, lines);
            if self.queue.is_empty() || self.stop {
                cx.emit(AppEvent::ParcelsChanged);
            }
        }
        self.next(cx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(t!("import.title"));
        ui.label(RichText::new(t!("import.how")).weak());
        ui.horizontal_wrapped(|ui| {
            use desk::international::import_template::{template_csv, template_xlsx};
            let idle = !self.template.is_busy();
            if button_if(ui, idle, t!("import.template")) {
                let lang = cx.desk.settings().language;
                self.template
                    .start(cx, "parcels-template.csv", move || template_csv(lang));
            }
            if button_if(ui, idle, t!("import.template_xlsx")) {
                let lang = cx.desk.settings().language;
                self.template.start(cx, "parcels-template.xlsx", move || {
                    template_xlsx(lang.as_str())
                });
            }
        });
        let mut read = false;
        ui.horizontal_wrapped(|ui| {
            let typed = inline_field(ui, &t!("import.path"), &mut self.path, "import-path", 360.0);
            // Enter in the path reads the file, as the Read button does.
            read |= crate::ui::widgets::entered(ui, &typed) && self.reading.is_none();
            if button_if(ui, !self.chooser.is_open(), t!("import.choose")) {
                if cx.desk.file_dialogs() {
                    self.choosing = Some(cx.desk.choose_csv_to_open());
                } else {
                    self.chooser.open(cx, desk::documents_folder());
                }
            }
            if button_if(ui, self.reading.is_none(), t!("import.read")) {
                read = true;
            }
        });
        if let Chosen::File(path) = self.chooser.show(ui.ctx(), cx) {
            self.path = path.display().to_string();
            read = true;
        }
        if read {
            self.read(cx);
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        if self.parcels.is_empty() {
            return;
        }
        let (ready, blocked, sent, not_sent) = self.counts();
        let all = self.parcels.len();
        let mut summary = t!(
            format!("import.summary.{}", counted(all)),
            all = all,
            ready = ready,
            blocked = blocked,
            sent = sent
        )
        .to_string();
        if not_sent > 0 {
            summary.push_str(&t!("import.summary_not_sent", n = not_sent));
        }
        ui.label(summary);
        ui.horizontal(|ui| {
            let busy = self.sending.is_some() || !self.queue.is_empty();
            let waiting = self
                .states
                .iter()
                .filter(|s| matches!(s, RowState::Ready | RowState::NotSent(_)))
                .count();
            if !busy
                && ui
                    .add_enabled(
                        waiting > 0,
                        // Only those the service did not take: they go again as they are
                        // (a line that failed may take them now), and the button says so.
                        egui::Button::new(if ready == 0 && not_sent > 0 {
                            t!("import.send_again", n = not_sent)
                        } else {
                            t!(format!("import.send.{}", counted(waiting)), n = waiting)
                        }),
                    )
                    .clicked()
            {
                self.send_ready();
            }
            if busy {
                ui.spinner();
                ui.label(t!("import.sending", left = self.queue.len() + 1));
                if ui.button(t!("intl_list.stop")).clicked() {
                    self.stop = true;
                    self.queue.clear();
                }
            }
        });
        if self.left_behind() > 0 {
            ui.horizontal_wrapped(|ui| {
                let n = self.left_behind();
                if button_if(ui, !self.to_fix.is_busy(), t!("import.save_to_fix", n = n)) {
                    self.save_to_fix(cx);
                }
                ui.label(RichText::new(t!("import.to_fix_how")).weak());
            });
        }
        ui.separator();
        self.table(ui, cx.desk.directories());
    }

    fn is_busy(&self) -> bool {
        self.reading.is_some()
            || self.sending.is_some()
            || !self.queue.is_empty()
            || self.template.is_busy()
            || self.to_fix.is_busy()
    }
}

/// What became of one parcel once its sending ended, in the clerk's words; `lines`: its rows
/// in the file (a refusal names the line and column it points at, as the file's own problems
/// are named).
fn row_state(result: SendResult, lines: &[usize]) -> RowState {
    match result {
        SendResult::Saved(_) | SendResult::AlreadySaved(_) => RowState::Sent,
        SendResult::Refused(ApiError::Validation { message, fields }) => {
            use desk::international::parcel_import::{column_label, refusal_cells};
            // With its fields named, the service's own sentence is a generic one.
            let mut words: Vec<String> = match fields.is_empty() {
                true => message.into_iter().collect(),
                false => vec![t!("import.refused").to_string()],
            };
            for (line, column, said) in refusal_cells(lines, &fields) {
                let told = match column {
                    "" => t!("import.problem_line", line = line, what = said),
                    c => {
                        // The service names the field by its wire name: the clerk reads its
                        // label.
                        let label = column_label(c);
                        let said = said.replace(c, &label);
                        t!("import.problem", line = line, column = label, what = said)
                    }
                };
                words.push(told.to_string());
            }
            RowState::NotSent(words.join("\n"))
        }
        SendResult::Refused(e) => RowState::NotSent(tell(&e).message),
        SendResult::Unknown(e) => RowState::NotSent(format!(
            "{} {}",
            t!("parcel.unknown"),
            tell_desk(&e).message
        )),
        SendResult::Failed(e) => RowState::NotSent(tell_desk(&e).message),
    }
}

/// Why a file could not be read, in the clerk's words.
fn import_error(e: &ImportError) -> String {
    use ImportError as E;
    match e {
        E::Empty => t!("import.no_header").to_string(),
        E::MissingColumn {
            column,
            closest: Some(near),
        } => t!("import.missing_near", column = column, near = near).to_string(),
        E::MissingColumn {
            column,
            closest: None,
        } => t!("import.missing", column = column).to_string(),
        E::Unreadable { line, detail } => {
            t!("import.bad_line", line = line, detail = detail).to_string()
        }
        E::Io(detail) => t!("import.unreadable", detail = detail).to_string(),
    }
}
