//! Short messages in a strip of their own above the status bar: what happened, what failed (with
//! details for support), and what the clerk must act on (stays until closed). The strip is always
//! there and one row high (the newest that matters most shows, the others behind "+N"), so a
//! message coming or going never moves the screen above it or covers an input.
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

/// Short messages in a strip of their own above the status bar, newest last. Each can be closed;
/// only those the clerk must act on stay until closed, the others fade.
#[derive(Default)]
pub struct Toasts {
    items: Vec<Toast>,
    /// The clerk opened the list of every toast (the strip shows one).
    all_open: bool,
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

    /// The toast the strip shows: the newest the clerk must act on, else the newest failure,
    /// else the newest notice.
    fn shown(&self) -> Option<usize> {
        let newest = |kind| self.items.iter().rposition(|t| t.kind == kind);
        newest(ToastKind::Act)
            .or_else(|| newest(ToastKind::Error))
            .or_else(|| newest(ToastKind::Info))
    }

    /// How long until the next toast fades, if one will.
    fn next_fade(&self) -> Option<Duration> {
        self.items
            .iter()
            .filter_map(|t| {
                let life = match t.kind {
                    ToastKind::Act => return None,
                    ToastKind::Error => ERROR_LIFETIME,
                    ToastKind::Info => INFO_LIFETIME,
                };
                Some(life.saturating_sub(t.born.elapsed()))
            })
            .min()
    }

    /// Draws the strip (call before the central panel, so the screen makes room for it). It is
    /// always there and one row high, so a toast coming or going moves nothing on the screen;
    /// it grows only when the clerk opens a toast's details or the list of the others.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.follow_language();
        self.items.retain(|t| match t.kind {
            ToastKind::Act => true,
            ToastKind::Error => t.born.elapsed() < ERROR_LIFETIME,
            ToastKind::Info => t.born.elapsed() < INFO_LIFETIME,
        });
        if let Some(fade) = self.next_fade() {
            // Woken when the next one fades, not before.
            ui.ctx()
                .request_repaint_after(fade + Duration::from_millis(10));
        }
        let row = ui.spacing().interact_size.y + 6.0;
        let grown = self.all_open || self.items.iter().any(|t| t.details_open);
        let mut panel = egui::Panel::bottom("toasts").resizable(false);
        if !grown {
            panel = panel.exact_size(row);
        }
        let mut close = None;
        let mut toggle = None;
        let mut open_all = false;
        panel.show(ui, |ui| {
            let Some(first) = self.shown() else {
                return;
            };
            let order: Vec<usize> = match self.all_open {
                true => (0..self.items.len()).rev().collect(),
                false => vec![first],
            };
            for i in order {
                let t = &self.items[i];
                let others = (i == first)
                    .then(|| self.items.len() - 1)
                    .filter(|n| *n > 0);
                let said = toast_row(ui, t, others, &mut close, &mut toggle, &mut open_all, i);
                // A live region: a screen reader says it when it appears, an error at once, a
                // notice when it is done speaking.
                let live = match t.kind {
                    ToastKind::Info => egui::accesskit::Live::Polite,
                    ToastKind::Error | ToastKind::Act => egui::accesskit::Live::Assertive,
                };
                ui.ctx()
                    .accesskit_node_builder(said.id, |node| node.set_live(live));
                if t.details_open
                    && let Some(d) = &t.details
                {
                    ui.label(RichText::new(d).monospace().small());
                }
            }
        });
        if open_all {
            self.all_open = !self.all_open;
        }
        if let Some(t) = toggle.and_then(|i| self.items.get_mut(i)) {
            t.details_open = !t.details_open;
        }
        if let Some(i) = close {
            self.items.remove(i);
        }
        if self.items.len() < 2 {
            self.all_open = false;
        }
    }
}

/// One toast's row: close, its words (one line, whole on hover), its details' switch, and how
/// many others there are. The words' response.
fn toast_row(
    ui: &mut egui::Ui,
    t: &Toast,
    others: Option<usize>,
    close: &mut Option<usize>,
    toggle: &mut Option<usize>,
    open_all: &mut bool,
    i: usize,
) -> egui::Response {
    let fill = match t.kind {
        ToastKind::Info => Color32::from_rgb(230, 244, 234),
        ToastKind::Error | ToastKind::Act => Color32::from_rgb(252, 232, 230),
    };
    egui::Frame::new()
        .fill(fill)
        .inner_margin(egui::Margin::symmetric(4, 1))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                if small_button(ui, "✕")
                    .on_hover_text(rust_i18n::t!("error.close"))
                    .clicked()
                {
                    *close = Some(i);
                }
                // The buttons at the right, the words in what is left (cut, whole on hover).
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if let Some(n) = others {
                        let more = rust_i18n::t!("error.others", n = n);
                        if small_button(ui, more.as_ref()).clicked() {
                            *open_all = true;
                        }
                    }
                    if t.details.is_some() {
                        let arrow = if t.details_open { "▾" } else { "▸" };
                        let head = format!("{arrow} {}", rust_i18n::t!("error.details"));
                        if small_button(ui, &head).clicked() {
                            *toggle = Some(i);
                        }
                    }
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        let words = RichText::new(&t.text).color(Color32::BLACK);
                        ui.add(egui::Label::new(words).truncate())
                    })
                    .inner
                })
                .inner
            })
            .inner
        })
        .inner
}

/// A toast's small button, clicked, never tabbed to (Tab stays in the screen's form).
fn small_button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(egui::Button::new(text).small().sense(egui::Sense::CLICK))
}
