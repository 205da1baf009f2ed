//! The part of Settings that names the scale on the counter: none (the weight is typed), a USB
//! scale (the point-of-sale kind most postal scales are), or a serial or USB-serial scale with
//! its port, speed and what it speaks; in the demo, the simulated scale.

use crate::ui::widgets::words::Words;
use crate::ui::widgets::{choice, field};
use desk::session::settings::{ScaleKind, ScaleSettings, SerialFormat};
use rust_i18n::t;

/// The kinds, as the clerk chooses among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Not chosen: the demo's simulated scale, no scale with a real service.
    Default,
    Off,
    UsbHid,
    Serial,
    Simulated,
}

impl Kind {
    const ALL: [Kind; 5] = [
        Kind::Default,
        Kind::Off,
        Kind::UsbHid,
        Kind::Serial,
        Kind::Simulated,
    ];

    fn name(self) -> String {
        match self {
            Kind::Default => t!("scale.kind_default"),
            Kind::Off => t!("scale.kind_off"),
            Kind::UsbHid => t!("scale.kind_usb"),
            Kind::Serial => t!("scale.kind_serial"),
            Kind::Simulated => t!("scale.kind_simulated"),
        }
        .to_string()
    }
}

/// The speeds serial scales are set to.
const SPEEDS: [u32; 6] = [1_200, 2_400, 4_800, 9_600, 19_200, 38_400];

pub struct ScaleForm {
    kind: Kind,
    port: String,
    baud: u32,
    format: SerialFormat,
    error: Option<Words>,
    /// The serial ports found on this machine (looked for on the background runtime when the
    /// clerk chooses a serial scale).
    ports: Vec<String>,
    finding: Option<desk::task::Task<Vec<String>>>,
    looked: bool,
}

impl ScaleForm {
    pub fn new(s: &ScaleSettings) -> ScaleForm {
        let mut form = ScaleForm {
            kind: Kind::Default,
            port: String::new(),
            baud: 9_600,
            format: SerialFormat::Continuous,
            error: None,
            ports: Vec::new(),
            finding: None,
            looked: false,
        };
        form.kind = match &s.kind {
            None => Kind::Default,
            Some(ScaleKind::Off) => Kind::Off,
            Some(ScaleKind::UsbHid) => Kind::UsbHid,
            Some(ScaleKind::Simulated) => Kind::Simulated,
            Some(ScaleKind::Serial { port, baud, format }) => {
                form.port.clone_from(port);
                form.baud = *baud;
                form.format = *format;
                Kind::Serial
            }
        };
        form
    }

    /// The scale chosen, or `None` with the error shown under the port.
    pub fn settings(&mut self) -> Option<ScaleSettings> {
        let port = self.port.trim().to_string();
        self.error = (self.kind == Kind::Serial && port.is_empty())
            .then(|| crate::words!("scale.port_needed"));
        if self.error.is_some() {
            return None;
        }
        let kind = match self.kind {
            Kind::Default => None,
            Kind::Off => Some(ScaleKind::Off),
            Kind::UsbHid => Some(ScaleKind::UsbHid),
            Kind::Simulated => Some(ScaleKind::Simulated),
            Kind::Serial => Some(ScaleKind::Serial {
                port,
                baud: self.baud,
                format: self.format,
            }),
        };
        Some(ScaleSettings { kind })
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &desk::Desk) {
        ui.strong(t!("scale.settings"));
        ui.label(egui::RichText::new(t!("scale.settings_hint")).weak());
        choice(
            ui,
            &t!("scale.kind"),
            "scale kind",
            &mut self.kind,
            Kind::ALL,
            |k| k.name(),
        );
        if self.kind != Kind::Serial {
            return;
        }
        if !self.looked {
            self.looked = true;
            self.finding = Some(desk.spawn_blocking(scale::device::serial_ports));
        }
        if let Some(found) = desk::task::ready(&mut self.finding) {
            self.ports = found;
        }
        let error = self.error.clone();
        field(
            ui,
            &t!("scale.port"),
            &mut self.port,
            error.as_ref().map(Words::text).as_deref(),
            false,
        );
        if !self.ports.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.weak(t!("scale.ports_found"));
                for p in &self.ports {
                    if ui.small_button(p).clicked() {
                        self.port.clone_from(p);
                    }
                }
            });
        }
        choice(
            ui,
            &t!("scale.speed"),
            "scale speed",
            &mut self.baud,
            SPEEDS,
            |b| b.to_string(),
        );
        choice(
            ui,
            &t!("scale.format"),
            "scale format",
            &mut self.format,
            [SerialFormat::Continuous, SerialFormat::RequestReply],
            |f| match f {
                SerialFormat::Continuous => t!("scale.format_continuous").to_string(),
                SerialFormat::RequestReply => t!("scale.format_request").to_string(),
            },
        );
    }
}
