//! A label printer needs the label's two faces before the first label this desk sends it: the
//! ZPL's text names them (see `zpl.rs`). They go ahead of the first job to each printer in a run,
//! on the same connection or in the same spool file, and once a printer has taken a job whole it
//! is not sent them again until the desk starts again. The printer keeps them in flash, so a
//! printer switched off and on still has them; a new desk run sends them once more, which also
//! covers a printer swapped or reset meanwhile.

use super::export::Format;
use super::print::Printer;
use std::collections::BTreeSet;
use std::sync::Mutex;

/// The printers (as [`Printer::describe`] names them) that took the faces in this run.
static SENT: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// The download to send ahead of this printer's job, if it needs one.
pub(super) fn needed(printer: &Printer) -> Option<&'static [u8]> {
    if printer.format() != Format::Zpl {
        return None;
    }
    let sent = SENT.lock().unwrap_or_else(|e| e.into_inner());
    (!sent.contains(&printer.describe())).then(|| super::zpl::font_download().as_bytes())
}

/// Notes that this printer took a job that began with the faces.
pub(super) fn taken(printer: &Printer) {
    SENT.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(printer.describe());
}

/// Forgets every printer, so the next job to each carries the faces again (tests, and a clerk
/// who replaced a printer and asks for it).
pub fn forget_all() {
    SENT.lock().unwrap_or_else(|e| e.into_inner()).clear();
}
