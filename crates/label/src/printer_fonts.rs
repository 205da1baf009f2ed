//! A label printer needs the label's two faces before the first label this desk sends it: the
//! ZPL's text names them (see `zpl.rs`). They go ahead of the first job to each printer in a run
//! (on a raw port in the same connection, to a system queue as a job of their own), and once a
//! printer has taken them it is not sent them again until the desk starts again. The printer
//! keeps them in flash, so one switched off and on still has them. A printer swapped for another
//! at the same address or queue during a run gets them at the next start of the desk.

use std::collections::BTreeSet;
use std::sync::Mutex;

/// The ZPL printers (named as the print log names them) that took the faces in this run.
static SENT: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// The download to send ahead of a job to this ZPL printer, if it needs one.
pub(super) fn needed(printer: &str) -> Option<&'static [u8]> {
    let sent = SENT.lock().unwrap_or_else(|e| e.into_inner());
    (!sent.contains(printer)).then(|| super::zpl::font_download().as_bytes())
}

/// Notes that this ZPL printer took a job that began with the faces.
pub(super) fn taken(printer: &str) {
    SENT.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(printer.to_string());
}
