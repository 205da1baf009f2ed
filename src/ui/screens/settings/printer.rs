//! The printer part of the settings screen: which printer and how it is reached, the label
//! stock, the printer's resolution, copies, and printing automatically after create.

use crate::ui::widgets::choice;
use crate::ui::widgets::field;
use desk::Desk;
use desk::session::settings::PrintSettings;
use desk::task::{Task, take};
use egui::RichText;
use label::print::{AddressProblem, Printer, check_address};
use label::queues::QueuesError;
use label::{Dpi, LabelSize};
use rust_i18n::t;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    None,
    SystemPdf,
    SystemZpl,
    NetworkZpl,
}

/// The computer's print queues, asked for once the clerk chooses a system printer (while the
/// answer is awaited, `PrinterForm::listing` holds the task).
enum Queues {
    NotAsked,
    Listed(Vec<String>),
    /// Why not, in the clerk's words, and what the system said (shown on hover).
    Failed(String, Option<String>),
}

/// Why the queues could not be listed, in the clerk's words, and what the system said.
fn queues_failed(e: &QueuesError) -> Queues {
    let words = match e {
        QueuesError::NoPrintingSystem(_) => t!("printer.no_printing_system"),
        QueuesError::NoAnswer(_) => t!("printer.printing_system_silent"),
        QueuesError::Refused(_) => t!("printer.printing_system_refused"),
    };
    Queues::Failed(words.to_string(), Some(e.said().to_string()))
}

pub struct PrinterForm {
    kind: Kind,
    queues: Queues,
    listing: Option<Task<Result<Vec<String>, QueuesError>>>,
    target: String,
    size: LabelSize,
    dpi: Dpi,
    copies: String,
    auto_print: bool,
    errors: Errors,
}

/// What is wrong with each field of the printer's part, said under it.
#[derive(Default)]
struct Errors {
    target: Option<String>,
    size: Option<String>,
    copies: Option<String>,
}

impl Errors {
    fn any(&self) -> bool {
        self.target.is_some() || self.size.is_some() || self.copies.is_some()
    }
}

/// A printer's network address that cannot be used, in the clerk's words (the receipt
/// printer's too).
pub(super) fn address_problem(p: AddressProblem) -> String {
    match p {
        AddressProblem::NoHost => t!("printer.address_no_host"),
        AddressProblem::Spaces => t!("printer.address_spaces"),
        AddressProblem::Port => t!("printer.address_port"),
    }
    .to_string()
}

impl PrinterForm {
    pub fn new(p: &PrintSettings) -> PrinterForm {
        let (kind, target) = match &p.printer {
            None => (Kind::None, String::new()),
            Some(Printer::SystemPdf { queue }) => (Kind::SystemPdf, queue.clone()),
            Some(Printer::SystemZpl { queue }) => (Kind::SystemZpl, queue.clone()),
            Some(Printer::NetworkZpl { address }) => (Kind::NetworkZpl, address.clone()),
        };
        PrinterForm {
            kind,
            queues: Queues::NotAsked,
            listing: None,
            target,
            size: p.size,
            dpi: p.dpi,
            copies: p.copies.to_string(),
            auto_print: p.auto_print,
            errors: Errors::default(),
        }
    }

    /// The settings the form describes; `None` with each problem said under its field.
    pub fn settings(&mut self) -> Option<PrintSettings> {
        self.errors = Errors::default();
        let target = self.target.trim().to_string();
        if self.kind != Kind::None && target.is_empty() {
            self.errors.target = Some(t!("printer.target_missing").to_string());
        } else if self.kind == Kind::NetworkZpl {
            self.errors.target = check_address(&target).err().map(address_problem);
        }
        let printer = match self.kind {
            Kind::None => None,
            Kind::SystemPdf => Some(Printer::SystemPdf { queue: target }),
            Kind::SystemZpl => Some(Printer::SystemZpl { queue: target }),
            Kind::NetworkZpl => Some(Printer::NetworkZpl { address: target }),
        };
        if matches!(
            printer,
            Some(Printer::SystemZpl { .. } | Printer::NetworkZpl { .. })
        ) && self.size == LabelSize::A4
        {
            self.errors.size = Some(t!("printer.a4_not_zpl").to_string());
        }
        let copies = match self.copies.trim().parse::<u32>() {
            Ok(n) if (1..=99).contains(&n) => Some(n),
            _ => {
                self.errors.copies = Some(t!("printer.copies_range").to_string());
                None
            }
        };
        if self.errors.any() {
            return None;
        }
        Some(PrintSettings {
            printer,
            size: self.size,
            dpi: self.dpi,
            copies: copies?,
            auto_print: self.auto_print,
        })
    }

    /// The picker of installed queues beside the typed name (the name stays editable: a queue
    /// added after the list was read, or one on another server, can still be typed).
    fn queue_picker(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        match take(&mut self.listing) {
            None => {}
            Some(Ok(Ok(names))) => self.queues = Queues::Listed(names),
            Some(Ok(Err(e))) => self.queues = queues_failed(&e),
            Some(Err(_)) => self.queues = Queues::Failed(t!("printer.queues_lost").into(), None),
        }
        if matches!(self.queues, Queues::NotAsked) && self.listing.is_none() {
            self.listing = desk.printer_queues();
            if self.listing.is_none() {
                self.queues = Queues::Failed(t!("printer.queues_lost").into(), None);
            }
        }
        let listing = self.listing.is_some();
        // Wrapped: a long reason in a narrow window goes to the next line, never off the edge.
        ui.horizontal_wrapped(|ui| {
            match &self.queues {
                _ if listing => {
                    ui.spinner();
                    ui.label(t!("printer.queues_listing"));
                }
                Queues::NotAsked => {}
                Queues::Listed(names) if names.is_empty() => {
                    ui.weak(t!("printer.queues_none"));
                }
                Queues::Listed(names) => {
                    let l = ui.label(t!("printer.installed"));
                    let shown = if names.contains(&self.target) {
                        self.target.clone()
                    } else {
                        t!("printer.pick").to_string()
                    };
                    let mut picked = None;
                    crate::ui::widgets::dropdown::Dropdown::new("installed-queues")
                        .selected_text(shown)
                        .width(260.0)
                        .show_ui(ui, |ui| {
                            for n in names {
                                if ui.selectable_label(*n == self.target, n).clicked() {
                                    picked = Some(n.clone());
                                }
                            }
                        })
                        .response
                        .labelled_by(l.id);
                    if let Some(n) = picked {
                        self.target = n;
                    }
                }
                Queues::Failed(words, said) => {
                    let text = RichText::new(t!("printer.queues_failed", reason = words))
                        .color(ui.visuals().warn_fg_color);
                    let r = ui.add(egui::Label::new(text).wrap());
                    if let Some(said) = said {
                        // The system's own words, in its language, only on request.
                        r.on_hover_text(format!("{}: {said}", t!("error.details")));
                    }
                }
            }
            if !listing && ui.button(t!("printer.queues_again")).clicked() {
                self.queues = Queues::NotAsked;
            }
        });
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &Desk) {
        ui.strong(t!("printer.title"));
        let name = |k: Kind| match k {
            Kind::None => t!("printer.kind_none"),
            Kind::SystemPdf => t!("printer.kind_system_pdf"),
            Kind::SystemZpl => t!("printer.kind_system_zpl"),
            Kind::NetworkZpl => t!("printer.kind_network_zpl"),
        };
        let kinds = [
            Kind::None,
            Kind::SystemPdf,
            Kind::SystemZpl,
            Kind::NetworkZpl,
        ];
        choice(
            ui,
            &t!("printer.kind"),
            "printer-kind",
            &mut self.kind,
            kinds,
            |k| name(*k).to_string(),
        );
        if self.kind != Kind::None {
            let label = if self.kind == Kind::NetworkZpl {
                t!("printer.address")
            } else {
                t!("printer.queue")
            };
            let error = self.errors.target.clone();
            field(ui, &label, &mut self.target, error.as_deref(), false);
            if self.kind != Kind::NetworkZpl {
                self.queue_picker(ui, desk);
            }
        }
        ui.horizontal(|ui| {
            let sizes = LabelSize::ALL;
            choice(
                ui,
                &t!("printer.size"),
                "label-size",
                &mut self.size,
                sizes,
                |s| s.localized(),
            );
            choice(
                ui,
                &t!("printer.dpi"),
                "label-dpi",
                &mut self.dpi,
                Dpi::ALL,
                |d| d.to_string(),
            );
        });
        if let Some(e) = &self.errors.size {
            ui.colored_label(crate::ui::widgets::ERROR_COLOR, e);
        }
        let error = self.errors.copies.clone();
        field(
            ui,
            &t!("printer.copies"),
            &mut self.copies,
            error.as_deref(),
            false,
        );
        ui.checkbox(&mut self.auto_print, t!("printer.auto_print"));
    }
}
