//! Lines the clerk adds and removes in a form (what is inside an order, the cash-on-delivery
//! goods, a parcel's products): a removed line can be brought back. Where it stood, a row says it
//! was removed with Undo at its left (away from the Remove button the clerk just pressed, at the
//! right: a second click of a double click lands on nothing), until another line is removed or
//! the form is sent.

use rust_i18n::t;

/// The line removed last, and where it stood.
pub struct Removed<T> {
    at: usize,
    line: T,
}

/// A form's lines' undo: the line removed last, if any.
pub struct LineUndo<T>(Option<Removed<T>>);

impl<T> Default for LineUndo<T> {
    fn default() -> Self {
        LineUndo(None)
    }
}

impl<T> LineUndo<T> {
    /// Removes the line at `at`, keeping it to be brought back.
    pub fn remove(&mut self, lines: &mut Vec<T>, at: usize) {
        if at < lines.len() {
            let line = lines.remove(at);
            self.0 = Some(Removed { at, line });
        }
    }

    /// Where the removed line stood, if it stood before the line at `i` (or at the end, when
    /// `i` is the number of lines): the row saying so. True when Undo was pressed.
    pub fn row_before(&self, ui: &mut egui::Ui, i: usize) -> bool {
        let Some(removed) = self.0.as_ref().filter(|r| r.at == i) else {
            return false;
        };
        ui.horizontal(|ui| {
            let undo = ui.button(t!("lines.undo")).clicked();
            ui.weak(t!("lines.removed", n = removed.at + 1));
            undo
        })
        .inner
    }

    /// Brings the removed line back where it stood.
    pub fn restore(&mut self, lines: &mut Vec<T>) {
        if let Some(Removed { at, line }) = self.0.take() {
            lines.insert(at.min(lines.len()), line);
        }
    }

    /// The form was sent or cleared: nothing to bring back.
    pub fn forget(&mut self) {
        self.0 = None;
    }

    /// Where the removed line stood, if a line was removed.
    pub fn at(&self) -> Option<usize> {
        self.0.as_ref().map(|r| r.at)
    }
}
