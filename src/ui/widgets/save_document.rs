//! "Save as…" for a document made on the background runtime (a PDF, a CSV): the clerk chooses
//! where (the system's dialog, or the window's own chooser when there is none), the document is
//! made and written off the UI thread, and a toast says where it went or why not.

use crate::ui::frame::cx::Cx;
use desk::documents_folder;
use desk::task::{Task, ready, ready_with};
use rust_i18n::t;
use std::path::PathBuf;

type Make = Box<dyn FnOnce() -> Result<Vec<u8>, String> + Send>;

#[derive(Default)]
pub struct SaveDocument {
    choosing: Option<(Make, Task<Option<PathBuf>>)>,
    writing: Option<Task<Result<PathBuf, String>>>,
}

impl SaveDocument {
    pub fn is_busy(&self) -> bool {
        self.choosing.is_some() || self.writing.is_some()
    }

    /// Starts saving the document `make` produces under a proposed file name.
    pub fn start(
        &mut self,
        cx: &mut Cx,
        name: &str,
        make: impl FnOnce() -> Result<Vec<u8>, String> + Send + 'static,
    ) {
        if self.is_busy() {
            return;
        }
        let proposed = documents_folder().join(name);
        // The system's dialog, or the window's own chooser where there is none.
        self.choosing = Some((Box::new(make), cx.desk.ask_save_path(proposed)));
    }

    pub fn poll(&mut self, cx: &mut Cx) {
        if let Some((make, Some(path))) = ready_with(&mut self.choosing) {
            self.writing = Some(cx.desk.write_document(path, false, make));
        }
        match ready(&mut self.writing) {
            Some(Ok(path)) => cx
                .toasts
                .info(t!("doc.saved", path = path.display().to_string())),
            Some(Err(e)) => cx.toasts.error(t!("doc.not_saved"), Some(e)),
            None => {}
        }
    }
}

/// The PDF of these pages, or why not (for a toast).
pub fn pdf(pages: &[label::Page], title: &str) -> Result<Vec<u8>, String> {
    label::pdf::render_pdf(pages, title).map_err(|e| e.to_string())
}

/// A proposed file name from a number: letters, digits, dashes only.
pub fn file_name(prefix: &str, number: &str) -> String {
    let safe: String = number
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{prefix}-{safe}.pdf")
}

/// Its work under way counts with the screen's own (see [`desk::task::any_running`]).
impl desk::task::Slot for SaveDocument {
    fn running(&self) -> bool {
        self.is_busy()
    }
}
