//! Short messages in a strip of their own above the status bar: what happened, what failed (with
//! details for support), and what the clerk must act on (stays until closed).
//!
//! One language at a time: a notice that only reports is said once, in the language of the
//! moment, and withdrawn if the clerk changes language; a notice the clerk must act on is worded
//! anew each frame, so it follows the change.

use egui::{Color32, RichText};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToastKind {
    Info,
    /// Something failed; it fades like the others once read.
    Error,
    /// The clerk must do something about it: it stays until closed.
    Act,
}

/// A notice's words with their details for support.
type Words = (String, Option<String>);

struct Toast {
    kind: ToastKind,
    text: String,
    details: Option<String>,
    /// The language the words are in.
    language: String,
    /// How to say it again in another language (notices the clerk must act on).
    reword: Option<Box<dyn Fn() -> Words>>,
    born: Instant,
    /// The clerk opened the details.
    details_open: bool,
}

/// Short messages in a strip of their own above the status bar, newest last: they push the
/// screen up instead of covering its controls. Each can be closed; only those the clerk must act
/// on stay until closed, the others fade.
#[derive(Default)]
pub struct Toasts {
    items: Vec<Toast>,
}

const INFO_LIFETIME: Duration = Duration::from_secs(6);
const ERROR_LIFETIME: Duration = Duration::from_secs(15);

impl Toasts {
    pub fn info(&mut self, text: impl Into<String>) {
        self.push(ToastKind::Info, text.into(), None);
    }

    pub fn error(&mut self, text: impl Into<String>, details: Option<String>) {
        self.push(ToastKind::Error, text.into(), details);
    }

    /// A message the clerk must act on (it stays until closed): worded by `words` in the language
    /// of the moment, again whenever the clerk changes language.
    pub fn act(&mut self, words: impl Fn() -> Words + 'static) {
        let (text, details) = words();
        self.push(ToastKind::Act, text, details);
        if let Some(t) = self.items.last_mut() {
            t.reword = Some(Box::new(words));
        }
    }

    fn push(&mut self, kind: ToastKind, text: String, details: Option<String>) {
        // The same message twice in a row is one toast.
        self.items.retain(|t| t.text != text);
        self.items.push(Toast {
            kind,
            text,
            details,
            language: rust_i18n::locale().to_string(),
            reword: None,
            born: Instant::now(),
            details_open: false,
        });
        if self.items.len() > 4 {
            // The oldest that need no action make room first.
            let drop = self
                .items
                .iter()
                .position(|t| t.kind != ToastKind::Act)
                .unwrap_or(0);
            self.items.remove(drop);
        }
    }

    /// Withdraws the notice saying `text`: what it said is no longer so (a form it asked to
    /// fix was sent).
    pub fn withdraw(&mut self, text: &str) {
        self.items.retain(|t| t.text != text);
    }

    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.items.iter().map(|t| t.text.as_str())
    }

    /// The kind of the toast saying `text`, if one does.
    pub fn kind_of(&self, text: &str) -> Option<ToastKind> {
        self.items.iter().find(|t| t.text == text).map(|t| t.kind)
    }

    /// Follows a change of language: notices that can be worded again are, the others are
    /// withdrawn (they were said in a language the clerk has just left).
    pub fn follow_language(&mut self) {
        let now = rust_i18n::locale().to_string();
        self.items.retain_mut(|t| {
            if t.language == now {
                return true;
            }
            let Some(reword) = &t.reword else {
                return false;
            };
            (t.text, t.details) = reword();
            t.language.clone_from(&now);
            true
        });
    }

    /// Draws the strip (call before the central panel, so the screen makes room for it).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.follow_language();
        self.items.retain(|t| match t.kind {
            ToastKind::Act => true,
            ToastKind::Error => t.born.elapsed() < ERROR_LIFETIME,
            ToastKind::Info => t.born.elapsed() < INFO_LIFETIME,
        });
        if self.items.is_empty() {
            return;
        }
        if self.items.iter().any(|t| t.kind != ToastKind::Act) {
            ui.ctx().request_repaint_after(Duration::from_millis(500));
        }
        let mut close = None;
        let mut toggle = None;
        egui::Panel::bottom("toasts").show(ui, |ui| {
            ui.add_space(4.0);
            for (i, t) in self.items.iter().enumerate() {
                let fill = match t.kind {
                    ToastKind::Info => Color32::from_rgb(230, 244, 234),
                    ToastKind::Error | ToastKind::Act => Color32::from_rgb(252, 232, 230),
                };
                egui::Frame::group(ui.style()).fill(fill).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        if small_button(ui, "✕")
                            .on_hover_text(rust_i18n::t!("error.close"))
                            .clicked()
                        {
                            close = Some(i);
                        }
                        let said = ui.add(
                            egui::Label::new(RichText::new(&t.text).color(Color32::BLACK)).wrap(),
                        );
                        // A live region: a screen reader says it when it appears, an error at
                        // once, a notice when it is done speaking.
                        let live = match t.kind {
                            ToastKind::Info => egui::accesskit::Live::Polite,
                            ToastKind::Error | ToastKind::Act => egui::accesskit::Live::Assertive,
                        };
                        ui.ctx()
                            .accesskit_node_builder(said.id, |node| node.set_live(live));
                    });
                    if let Some(d) = &t.details {
                        let arrow = if t.details_open { "▾" } else { "▸" };
                        let head = format!("{arrow} {}", rust_i18n::t!("error.details"));
                        if small_button(ui, &head).clicked() {
                            toggle = Some(i);
                        }
                        if t.details_open {
                            ui.label(RichText::new(d).monospace().small());
                        }
                    }
                });
            }
            ui.add_space(2.0);
        });
        if let Some(t) = toggle.and_then(|i| self.items.get_mut(i)) {
            t.details_open = !t.details_open;
        }
        if let Some(i) = close {
            self.items.remove(i);
        }
    }
}

/// A toast's small button, clicked, never tabbed to (Tab stays in the screen's form).
fn small_button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(egui::Button::new(text).small().sense(egui::Sense::CLICK))
}
