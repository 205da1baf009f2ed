//! The sender's receipt from the order's detail: printed on the counter's receipt printer (at
//! once after a create, when Settings say so) or saved as a PDF. Each outcome is in the order's
//! print history and said in a toast.

use crate::ui::frame::toasts::Toasts;
use crate::ui::widgets::button_if;
use crate::ui::widgets::errors::tell_print;
use desk::Desk;
use desk::labels::printing::PrintProblem;
use desk::task::{Task, take};
use rust_i18n::t;
use std::path::PathBuf;

pub struct ReceiptPanel {
    order_id: i64,
    printing: Option<Task<Result<(), PrintProblem>>>,
    choosing: Option<Task<Option<PathBuf>>>,
    /// Where to save the receipt was asked for: the screen asks the desk (it holds the question).
    pub ask_where: Option<PathBuf>,
    saving: Option<Task<Result<(), PrintProblem>>>,
    /// Where the last save went (said in its toast).
    saved_to: Option<PathBuf>,
}

impl ReceiptPanel {
    pub fn open(order_id: i64) -> ReceiptPanel {
        ReceiptPanel {
            order_id,
            printing: None,
            choosing: None,
            ask_where: None,
            saving: None,
            saved_to: None,
        }
    }

    pub fn is_busy(&self) -> bool {
        self.printing.is_some() || self.choosing.is_some() || self.saving.is_some()
    }

    /// Where to save, being asked.
    pub fn ask(&mut self, task: Task<Option<PathBuf>>) {
        self.choosing = Some(task);
    }

    /// Sends the receipt to the receipt printer.
    pub fn print(&mut self, desk: &Desk) {
        if self.printing.is_none() {
            self.printing = desk.print_receipt(self.order_id);
        }
    }

    /// Where, asked as every document's is (the system's dialog, or the window's own chooser),
    /// in the documents folder first: never written anywhere without the clerk's word.
    fn save(&mut self, desk: &Desk, barcode: &str) {
        self.ask_where = Some(desk.receipt_file_for(barcode));
    }

    /// True when the print history changed.
    pub fn poll(&mut self, desk: &Desk, toasts: &mut Toasts) -> bool {
        let mut logged = false;
        match take(&mut self.printing) {
            Some(Ok(Ok(()))) => {
                toasts.info(t!("receipt.printed"));
                logged = true;
            }
            Some(Ok(Err(e))) => {
                toasts.error(t!("receipt.not_printed"), Some(tell_print(&e).message));
                logged = true;
            }
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
        if let Some(Ok(Some(path))) = take(&mut self.choosing) {
            self.saved_to = Some(path.clone());
            self.saving = desk.save_receipt(self.order_id, path);
        }
        match take(&mut self.saving) {
            Some(Ok(Ok(()))) => {
                let path = self.saved_to.take().unwrap_or_default();
                toasts.info(t!("doc.saved", path = path.display().to_string()));
                logged = true;
            }
            Some(Ok(Err(e))) => toasts.error(t!("doc.not_saved"), Some(tell_print(&e).message)),
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
        logged
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk, barcode: &str) {
        ui.horizontal_wrapped(|ui| {
            ui.strong(t!("receipt.title"));
            let has_printer = desk.settings().receipt.printer.is_some();
            let print = button_if(
                ui,
                has_printer && self.printing.is_none(),
                t!("receipt.print"),
            );
            if print {
                self.print(desk);
            }
            if button_if(
                ui,
                self.choosing.is_none() && self.saving.is_none(),
                t!("receipt.save_pdf"),
            ) {
                self.save(desk, barcode);
            }
            if !has_printer {
                ui.weak(t!("receipt.no_printer"));
            }
            if self.is_busy() {
                ui.spinner();
            }
        });
    }
}
