//! The label of one order beside its detail: the preview drawn from the very layout that prints
//! (with the stock and resolution named), Print (Ctrl+P), Reprint with a reason once it has been
//! printed, Save as PDF, and the order's print log. A cancelled order's label says so and is
//! printed only after the clerk confirms.

use crate::ui::widgets::confirm::print_cancelled;
use crate::ui::widgets::errors::{printer_chosen, tell_print, tell_prints};
use crate::ui::widgets::pages::working;
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{Toasts, button_if, entered, field};
use desk::labels::printing::{Preview, PrintProblem};
use desk::task::{Task, any_running, take};
use desk::{Desk, Progress};
use egui::RichText;
use label::print::Printer;
use label::probe::{Mismatch, PrinterMedia};
use rust_i18n::t;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use store::{PrintOutcome, PrintRecord};

pub struct LabelPanel {
    order_id: i64,
    preview: Option<Preview>,
    texture: Option<egui::TextureHandle>,
    page: usize,
    drawing: Option<Task<Result<Preview, PrintProblem>>>,
    problem: Option<Words>,
    printing: Option<(Arc<Progress>, Task<Vec<PrintProblem>>)>,
    log: Vec<PrintRecord>,
    log_loading: Option<Task<Vec<PrintRecord>>>,
    /// Some while the clerk types the reason for a reprint.
    reason: Option<String>,
    /// Some while the clerk chooses where to save the PDF.
    /// Where the label PDF is being saved (said when it is).
    saved_to: Option<std::path::PathBuf>,
    saving: Option<Task<Result<(), PrintProblem>>>,
    /// The system's save dialog, while it is open.
    choosing: Option<Task<Option<std::path::PathBuf>>>,
    /// Where to save the label was asked for: the screen asks the desk (it holds the question).
    pub ask_where: Option<std::path::PathBuf>,
    /// Print as soon as the preview and the log are in (automatic print after create).
    auto: bool,
    /// What the chosen printer said it is set to, and which printer that was.
    media: Option<PrinterMedia>,
    probing: Option<Task<Result<PrinterMedia, String>>>,
    probed_for: Option<Printer>,
    /// The clerk is asked whether to print a cancelled order's label.
    asking_cancelled: bool,
    /// The clerk said yes to printing this cancelled order's label.
    cancelled_ok: bool,
}

impl LabelPanel {
    pub fn open(desk: &Desk, order_id: i64) -> LabelPanel {
        LabelPanel {
            order_id,
            preview: None,
            texture: None,
            page: 0,
            drawing: desk.label_preview(order_id),
            problem: None,
            printing: None,
            log: Vec::new(),
            log_loading: Some(desk.print_log(order_id)),
            reason: None,
            saved_to: None,
            saving: None,
            choosing: None,
            ask_where: None,
            auto: false,
            media: None,
            probing: None,
            probed_for: None,
            asking_cancelled: false,
            cancelled_ok: false,
        }
    }

    /// Prints once the label is drawn (the counter prints automatically after create).
    /// Reads the print history again (a receipt was printed or saved).
    pub fn reread_log(&mut self, desk: &Desk) {
        self.log_loading = Some(desk.print_log(self.order_id));
    }

    pub fn print_when_ready(&mut self) {
        self.auto = true;
    }

    pub fn is_busy(&self) -> bool {
        let s = self;
        any_running(&[
            &s.drawing,
            &s.probing,
            &s.printing,
            &s.saving,
            &s.choosing,
            &s.log_loading,
        ])
    }

    /// Redraws the preview (after the print settings changed).
    pub fn redraw(&mut self, desk: &Desk) {
        self.drawing = desk.label_preview(self.order_id);
    }

    /// Redraws the label when the order was cancelled (or restored) since it was drawn.
    pub fn follow_status(&mut self, desk: &Desk, cancelled: bool) {
        if self.drawing.is_none()
            && self
                .preview
                .as_ref()
                .is_some_and(|p| p.cancelled != cancelled)
        {
            self.cancelled_ok = false;
            self.redraw(desk);
        }
    }

    fn printed_before(&self) -> bool {
        self.log.iter().any(|r| {
            // One never confirmed may have printed: printing again is a reprint.
            matches!(
                r.outcome,
                PrintOutcome::Printed | PrintOutcome::Reprinted | PrintOutcome::Sending
            )
        })
    }

    /// Ctrl+P: prints, or asks for the reason when it would be a reprint.
    pub fn request_print(&mut self, desk: &Desk, toasts: &mut Toasts) {
        if self.printing.is_some() || self.log_loading.is_some() {
            return;
        }
        if !printer_chosen(desk, toasts) {
            return;
        }
        let cancelled = self.preview.as_ref().is_some_and(|p| p.cancelled);
        if cancelled && !self.cancelled_ok {
            // Never printed as if valid without a word: the clerk is asked (a modal) first.
            self.auto = false;
            self.asking_cancelled = true;
            return;
        }
        if self.printed_before() {
            self.reason.get_or_insert_with(String::new);
        } else {
            self.printing = desk.print_labels(vec![self.order_id], None);
        }
    }

    pub fn poll(&mut self, ctx: &egui::Context, desk: &Desk, toasts: &mut Toasts) {
        match take(&mut self.drawing) {
            Some(Ok(Ok(preview))) => {
                self.page = 0;
                self.texture = None;
                self.problem = None;
                self.preview = Some(preview);
            }
            Some(Ok(Err(e))) => self.problem = Some(Words::said(tell_print(&e).message)),
            Some(Err(_)) => self.problem = Some(crate::words!("error.lost")),
            None => {}
        }
        if let Some(Ok(log)) = take(&mut self.log_loading) {
            self.log = log;
        }
        if let Some((_, task)) = &mut self.printing
            && let Some(done) = take_done(task)
        {
            match done {
                Ok(errors) if errors.is_empty() => toasts.info(t!("print.printed")),
                Ok(errors) => toasts.error(t!("print.failed"), Some(tell_prints(&errors))),
                Err(()) => toasts.error(t!("error.lost"), None),
            }
            self.printing = None;
            self.log_loading = Some(desk.print_log(self.order_id));
        }
        match take(&mut self.choosing) {
            Some(Ok(Some(path))) => {
                self.saved_to = Some(path.clone());
                self.saving = desk.save_labels(vec![self.order_id], path);
            }
            // Cancelled, or the dialog could not be shown: nothing to do.
            Some(Ok(None)) | Some(Err(_)) => {}
            None => {}
        }
        match take(&mut self.saving) {
            Some(Ok(Ok(()))) => {
                // Said with where it went.
                let path = self.saved_to.take().unwrap_or_default();
                toasts.info(t!("doc.saved", path = path.display().to_string()));
                self.log_loading = Some(desk.print_log(self.order_id));
            }
            Some(Ok(Err(e))) => {
                let told = tell_print(&e);
                toasts.error(t!("print.save_failed"), Some(told.message));
            }
            Some(Err(_)) => toasts.error(t!("error.lost"), None),
            None => {}
        }
        if self.auto && self.preview.is_some() && self.log_loading.is_none() {
            self.auto = false;
            self.request_print(desk, toasts);
        }
        if self.texture.is_none()
            && let Some(p) = &self.preview
            && let Some(page) = p.pages.get(self.page)
        {
            let image = egui::ColorImage::from_gray(
                [page.width as usize, page.height as usize],
                &page.pixels,
            );
            self.texture = Some(ctx.load_texture(
                format!("label-{}-{}", self.order_id, self.page),
                image,
                egui::TextureOptions::LINEAR,
            ));
        }
    }

    /// Asks the chosen printer for its settings, once per printer chosen.
    fn check_printer(&mut self, desk: &Desk) {
        match take(&mut self.probing) {
            Some(Ok(Ok(media))) => self.media = Some(media),
            Some(Ok(Err(e))) => {
                // Unknown settings give no warning; the reason is kept for whoever looks.
                tracing::info!("printer settings not readable: {e}");
                self.media = None;
            }
            Some(Err(_)) => self.media = None,
            None => {}
        }
        let chosen = desk.settings().printing.printer.clone();
        if self.probing.is_none() && chosen != self.probed_for {
            self.media = None;
            self.probed_for = chosen.clone();
            if let Some(p) = chosen {
                self.probing = desk.probe_printer(p);
            }
        }
    }

    /// Where to save, being asked.
    pub fn ask(&mut self, task: Task<Option<std::path::PathBuf>>) {
        self.choosing = Some(task);
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk, toasts: &mut Toasts) {
        if self.asking_cancelled {
            let title = t!("print.cancelled_title").to_string();
            if let Some(yes) = print_cancelled(ui.ctx(), "print-cancelled", title) {
                self.asking_cancelled = false;
                if yes {
                    self.cancelled_ok = true;
                    self.request_print(desk, toasts);
                }
            }
        }
        ui.heading(t!("print.title"));
        let settings = &desk.settings().printing;
        let (size, dpi) = (settings.size.localized(), settings.dpi.value());
        ui.weak(t!("print.stock", size = size, dpi = dpi));
        match &settings.printer {
            Some(p) => ui.label(RichText::new(p.describe()).weak()),
            None => {
                ui.label(RichText::new(t!("print.no_printer")).color(ui.visuals().warn_fg_color))
            }
        };
        self.check_printer(desk);
        if let Some(media) = &self.media {
            for m in media.mismatches(settings.size, settings.dpi) {
                ui.colored_label(ui.visuals().warn_fg_color, mismatch_text(m));
            }
        }
        if let Some(problem) = &self.problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
        self.actions(ui, desk, toasts);
        if let Some(p) = &self.preview {
            if p.cancelled {
                ui.colored_label(ui.visuals().error_fg_color, t!("print.cancelled_note"));
            }
            if p.without_qr {
                ui.colored_label(ui.visuals().warn_fg_color, t!("print.no_qr"));
            }
            let count = p.pages.len();
            if count > 1 {
                ui.horizontal(|ui| {
                    if ui.small_button("◀").clicked() && self.page > 0 {
                        self.page -= 1;
                        self.texture = None;
                    }
                    ui.label(t!("print.page", n = self.page + 1, total = count));
                    if ui.small_button("▶").clicked() && self.page + 1 < count {
                        self.page += 1;
                        self.texture = None;
                    }
                });
            }
        }
        if let Some(texture) = &self.texture {
            let [w, h] = texture.size();
            // A little under the room left: the frame around the picture takes its stroke from it.
            let width = (ui.available_width() - 6.0).clamp(120.0, 380.0);
            let size = egui::vec2(width, width * h as f32 / w.max(1) as f32);
            egui::Frame::new()
                .stroke(ui.visuals().widgets.noninteractive.bg_stroke)
                .show(ui, |ui| {
                    ui.add(egui::Image::new((texture.id(), size)).alt_text(t!("print.preview")));
                });
        } else if self.drawing.is_some() {
            ui.spinner();
        }
        if !self.log.is_empty() {
            ui.separator();
            ui.strong(t!("print.log"));
            for r in self.log.iter().rev().take(8) {
                let what = match r.outcome {
                    PrintOutcome::Sending => t!("print.outcome_sending"),
                    PrintOutcome::Printed => t!("print.outcome_printed"),
                    PrintOutcome::Reprinted => t!("print.outcome_reprinted"),
                    PrintOutcome::Saved => t!("print.outcome_saved"),
                    PrintOutcome::ReceiptPrinted => t!("receipt.outcome_printed"),
                    PrintOutcome::ReceiptSaved => t!("receipt.outcome_saved"),
                    PrintOutcome::Failed(_) => t!("print.outcome_failed"),
                };
                let mut line = format!(
                    "{}  {what} · {}",
                    crate::ui::widgets::status::when(r.at),
                    r.printer
                );
                // Who printed it, and where, when the shop named them.
                let who = r.hands.named();
                if !who.is_empty() {
                    line.push_str(&format!(" · {}", who.join(", ")));
                }
                if let Some(reason) = &r.reason {
                    line.push_str(&format!(" · {reason}"));
                }
                let text = RichText::new(line).small();
                let shown = if matches!(r.outcome, PrintOutcome::Failed(_) | PrintOutcome::Sending)
                {
                    ui.colored_label(ui.visuals().error_fg_color, text)
                } else {
                    ui.label(text)
                };
                // What the printer or the system said is kept as it said it (in its own
                // words, not the clerk's language): a detail on hover, not the line itself.
                if let Some(e) = r.outcome.error().filter(|e| !e.trim().is_empty()) {
                    shown.on_hover_text(format!("{}: {e}", t!("print.printer_said")));
                }
            }
        }
    }

    fn actions(&mut self, ui: &mut egui::Ui, desk: &Desk, toasts: &mut Toasts) {
        if let Some((progress, _)) = &self.printing {
            let done = progress.done.load(Ordering::Relaxed);
            let total = progress.total.load(Ordering::Relaxed);
            working(ui, &t!("print.progress", done = done, total = total), None);
            return;
        }
        if let Some(reason) = &mut self.reason {
            let r = field(ui, &t!("print.reason"), reason, None, false);
            let mut go = entered(ui, &r);
            if !r.has_focus() && reason.is_empty() {
                r.request_focus();
            }
            let ready = !reason.trim().is_empty();
            let mut back = false;
            ui.horizontal_wrapped(|ui| {
                if button_if(ui, ready, t!("print.reprint_go")) {
                    go = true;
                }
                back = ui.button(t!("print.back")).clicked();
            });
            if back {
                self.reason = None;
            }
            if go && self.reason.as_ref().is_some_and(|r| !r.trim().is_empty()) {
                let why = self.reason.take();
                self.printing = desk.print_labels(vec![self.order_id], why);
            }
            return;
        }
        ui.horizontal_wrapped(|ui| {
            let label = if self.printed_before() {
                t!("print.reprint")
            } else {
                t!("print.print")
            };
            let hint = crate::ui::frame::commands::Command::Print.shortcut_text(ui.ctx());
            if ui
                .add_enabled(
                    self.preview.is_some() && self.log_loading.is_none(),
                    egui::Button::new(label).shortcut_text(hint),
                )
                .clicked()
            {
                self.request_print(desk, toasts);
            }
            if button_if(
                ui,
                self.saving.is_none() && self.choosing.is_none(),
                t!("print.save_pdf"),
            ) {
                let barcode = self
                    .preview
                    .as_ref()
                    .map(|p| p.barcode.clone())
                    .unwrap_or_else(|| self.order_id.to_string());
                // Where, asked as every document's is (the system's dialog, or the window's
                // own chooser), in the documents folder first.
                self.ask_where = Some(desk.label_file_for(&barcode));
            }
        });
    }
}

/// The finished result of a print task, or `Err` when it was lost.
fn take_done(task: &mut Task<Vec<PrintProblem>>) -> Option<Result<Vec<PrintProblem>, ()>> {
    match task.poll() {
        desk::task::Poll::Ready(v) => Some(Ok(v)),
        desk::task::Poll::Lost => Some(Err(())),
        desk::task::Poll::Pending => None,
    }
}

/// A mismatch in the clerk's words.
fn mismatch_text(m: Mismatch) -> String {
    match m {
        Mismatch::Dpi { chosen, printer } => {
            t!("print.dpi_mismatch", printer = printer, chosen = chosen).to_string()
        }
        Mismatch::Width { chosen, printer } => t!(
            "print.width_mismatch",
            printer = format!("{printer:.0}"),
            chosen = format!("{chosen:.0}")
        )
        .to_string(),
        Mismatch::Length { chosen, printer } => t!(
            "print.length_mismatch",
            printer = format!("{printer:.0}"),
            chosen = format!("{chosen:.0}")
        )
        .to_string(),
    }
}

/// Its work under way counts with the screen's own (see [`desk::task::any_running`]).
impl desk::task::Slot for LabelPanel {
    fn running(&self) -> bool {
        self.is_busy()
    }
}
