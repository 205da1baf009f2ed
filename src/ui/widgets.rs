//! Pieces the screens share: a labelled text field with its error underneath, and toasts.

use egui::{Color32, RichText};
use std::time::{Duration, Instant};

pub const ERROR_COLOR: Color32 = Color32::from_rgb(200, 40, 40);

/// A label above a single-line field, and the field's error (if any) under it. The label names
/// the field for AccessKit, so screen readers and UI tests find it by its text.
pub fn field(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut String,
    error: Option<&str>,
    password: bool,
) -> egui::Response {
    let l = ui.label(label);
    // A stable id from the label: positional ids shift when rows above appear or vanish
    // (suggestions, errors), which would move the keyboard focus to another field.
    let edit = egui::TextEdit::singleline(value)
        .id_salt(("field", label))
        .password(password)
        .desired_width(f32::INFINITY);
    let r = ui.add(edit).labelled_by(l.id);
    if let Some(e) = error {
        ui.label(RichText::new(e).color(ERROR_COLOR));
    }
    ui.add_space(4.0);
    r
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToastKind {
    Info,
    Error,
}

struct Toast {
    kind: ToastKind,
    text: String,
    details: Option<String>,
    born: Instant,
}

/// Short messages in the top-right corner; errors stay until closed, others fade after a while.
#[derive(Default)]
pub struct Toasts {
    items: Vec<Toast>,
}

const INFO_LIFETIME: Duration = Duration::from_secs(6);

impl Toasts {
    pub fn info(&mut self, text: impl Into<String>) {
        self.push(ToastKind::Info, text.into(), None);
    }

    pub fn error(&mut self, text: impl Into<String>, details: Option<String>) {
        self.push(ToastKind::Error, text.into(), details);
    }

    fn push(&mut self, kind: ToastKind, text: String, details: Option<String>) {
        // The same message twice in a row is one toast.
        self.items.retain(|t| t.text != text);
        self.items.push(Toast {
            kind,
            text,
            details,
            born: Instant::now(),
        });
        if self.items.len() > 5 {
            self.items.remove(0);
        }
    }

    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.items.iter().map(|t| t.text.as_str())
    }

    pub fn show(&mut self, ctx: &egui::Context) {
        self.items
            .retain(|t| t.kind == ToastKind::Error || t.born.elapsed() < INFO_LIFETIME);
        if self.items.is_empty() {
            return;
        }
        if self.items.iter().any(|t| t.kind == ToastKind::Info) {
            ctx.request_repaint_after(Duration::from_millis(500));
        }
        let mut close = None;
        egui::Area::new(egui::Id::unique("toasts"))
            .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 12.0))
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                ui.set_max_width(380.0);
                for (i, t) in self.items.iter().enumerate() {
                    let fill = match t.kind {
                        ToastKind::Info => Color32::from_rgb(230, 244, 234),
                        ToastKind::Error => Color32::from_rgb(252, 232, 230),
                    };
                    egui::Frame::popup(ui.style()).fill(fill).show(ui, |ui| {
                        ui.horizontal(|ui| {
                            ui.label(RichText::new(&t.text).color(Color32::BLACK));
                            if ui
                                .small_button("✕")
                                .on_hover_text(rust_i18n::t!("error.close"))
                                .clicked()
                            {
                                close = Some(i);
                            }
                        });
                        if let Some(d) = &t.details {
                            egui::CollapsingHeader::new(rust_i18n::t!("error.details"))
                                .id_salt(("toast", i))
                                .show(ui, |ui| {
                                    ui.label(RichText::new(d).monospace().small());
                                });
                        }
                    });
                    ui.add_space(6.0);
                }
            });
        if let Some(i) = close {
            self.items.remove(i);
        }
    }
}
