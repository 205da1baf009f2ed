//! The part of Settings for the sender's receipt: which receipt printer (a system queue taking
//! PDF or raw ESC/POS, a receipt printer on the network, or its device file), the roll's width,
//! whether each new order's receipt prints at once, and the line the sender signs under.

use crate::ui::widgets::words::Words;
use crate::ui::widgets::{choice, field};
use desk::session::settings::ReceiptSettings;
use label::receipt::ReceiptWidth;
use label::receipt_print::ReceiptPrinter;
use rust_i18n::t;

/// The kinds of receipt printer, as the clerk chooses among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    None,
    SystemPdf,
    SystemRaw,
    NetworkRaw,
    Device,
}

impl Kind {
    const ALL: [Kind; 5] = [
        Kind::None,
        Kind::SystemPdf,
        Kind::SystemRaw,
        Kind::NetworkRaw,
        Kind::Device,
    ];

    fn of(printer: Option<&ReceiptPrinter>) -> Kind {
        match printer {
            None => Kind::None,
            Some(ReceiptPrinter::SystemPdf { .. }) => Kind::SystemPdf,
            Some(ReceiptPrinter::SystemRaw { .. }) => Kind::SystemRaw,
            Some(ReceiptPrinter::NetworkRaw { .. }) => Kind::NetworkRaw,
            Some(ReceiptPrinter::Device { .. }) => Kind::Device,
        }
    }

    fn name(self) -> String {
        match self {
            Kind::None => t!("receipt.kind_none"),
            Kind::SystemPdf => t!("receipt.kind_system_pdf"),
            Kind::SystemRaw => t!("receipt.kind_system_raw"),
            Kind::NetworkRaw => t!("receipt.kind_network"),
            Kind::Device => t!("receipt.kind_device"),
        }
        .to_string()
    }

    /// The label of the field that says where, for the kinds that need one.
    fn target_label(self) -> Option<String> {
        match self {
            Kind::None => None,
            Kind::SystemPdf | Kind::SystemRaw => Some(t!("receipt.queue").to_string()),
            Kind::NetworkRaw => Some(t!("receipt.address").to_string()),
            Kind::Device => Some(t!("receipt.device").to_string()),
        }
    }
}

pub struct ReceiptForm {
    kind: Kind,
    target: String,
    width: ReceiptWidth,
    after_create: bool,
    agreement: String,
    error: Option<Words>,
}

impl ReceiptForm {
    pub fn new(s: &ReceiptSettings) -> ReceiptForm {
        ReceiptForm {
            kind: Kind::of(s.printer.as_ref()),
            target: s
                .printer
                .as_ref()
                .map(|p| p.target().to_string())
                .unwrap_or_default(),
            width: s.width,
            after_create: s.after_create,
            agreement: s.agreement.clone(),
            error: None,
        }
    }

    /// The settings typed, or `None` with the error shown under the target's field.
    pub fn settings(&mut self) -> Option<ReceiptSettings> {
        let target = self.target.trim().to_string();
        self.error = if self.kind != Kind::None && target.is_empty() {
            Some(crate::words!("receipt.where_needed"))
        } else if self.kind == Kind::NetworkRaw {
            let checked = label::print::check_address(&target);
            checked
                .err()
                .map(|p| Words::new(move || super::printer::address_problem(p)))
        } else {
            None
        };
        if self.error.is_some() {
            return None;
        }
        let printer = match self.kind {
            Kind::None => None,
            Kind::SystemPdf => Some(ReceiptPrinter::SystemPdf { queue: target }),
            Kind::SystemRaw => Some(ReceiptPrinter::SystemRaw { queue: target }),
            Kind::NetworkRaw => Some(ReceiptPrinter::NetworkRaw { address: target }),
            Kind::Device => Some(ReceiptPrinter::Device { path: target }),
        };
        Some(ReceiptSettings {
            printer,
            width: self.width,
            after_create: self.after_create,
            agreement: self.agreement.trim().to_string(),
        })
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        ui.strong(t!("receipt.settings"));
        ui.label(egui::RichText::new(t!("receipt.settings_hint")).weak());
        choice(
            ui,
            &t!("receipt.printer"),
            "receipt printer",
            &mut self.kind,
            Kind::ALL,
            |k| k.name(),
        );
        if let Some(label) = self.kind.target_label() {
            let error = self.error.as_ref().map(Words::text);
            field(ui, &label, &mut self.target, error.as_deref(), false);
        }
        choice(
            ui,
            &t!("receipt.width"),
            "receipt width",
            &mut self.width,
            ReceiptWidth::ALL,
            |w| t!("receipt.width_mm", mm = w.paper_mm() as u32).to_string(),
        );
        ui.checkbox(&mut self.after_create, t!("receipt.after_create"));
        field(
            ui,
            &t!("receipt.agreement"),
            &mut self.agreement,
            None,
            false,
        );
    }
}
