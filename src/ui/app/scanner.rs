//! A barcode scanner is a keyboard: it types the digits fast, one keystroke each, and presses
//! Enter. Single digit keystrokes are held back for a moment: when Enter follows quickly after at
//! least eight digits, it was a scan (and nothing reaches the focused field); otherwise the digits
//! are given back to the field a few tens of milliseconds later, as typed. A scanner that sends a
//! whole code in one go with its Enter is caught too, and then the code may also be a parcel
//! number from abroad (letters and digits).

use egui::{Event, Key};
use std::time::{Duration, Instant};

/// Keystrokes further apart than this are a person typing, not a scanner.
const GAP: Duration = Duration::from_millis(100);
const MIN_DIGITS: usize = 8;

#[derive(Default)]
pub struct Scanner {
    held: String,
    last: Option<Instant>,
    /// The release of a scan's Enter is swallowed with its press.
    swallow_enter_release: bool,
}

fn is_digits(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit())
}

fn is_digit_key(key: Key) -> bool {
    use Key::*;
    matches!(
        key,
        Num0 | Num1 | Num2 | Num3 | Num4 | Num5 | Num6 | Num7 | Num8 | Num9
    )
}

impl Scanner {
    fn recent(&self, now: Instant) -> bool {
        self.last.is_some_and(|l| now.duration_since(l) <= GAP)
    }

    /// The barcode scanned this frame, if any. Call before any widget reads input.
    pub fn feed(&mut self, ctx: &egui::Context) -> Option<String> {
        let now = Instant::now();
        let scanned = ctx.input_mut(|input| {
            let mut out = Vec::with_capacity(input.events.len());
            if !self.held.is_empty() && !self.recent(now) {
                out.push(Event::Text(std::mem::take(&mut self.held)));
            }
            let mut scanned = None;
            // A whole scan delivered within one frame (digits as one text, then Enter).
            let texts: Vec<&str> = input
                .events
                .iter()
                .filter_map(|e| {
                    if let Event::Text(t) = e {
                        Some(t.as_str())
                    } else {
                        None
                    }
                })
                .collect();
            let burst: String = texts.concat();
            let enter_now = input.events.iter().any(|e| {
                matches!(
                    e,
                    Event::Key {
                        key: Key::Enter,
                        pressed: true,
                        ..
                    }
                )
            });
            // A whole code in one frame with its Enter: a scanner (or a paste), never typing. A
            // parcel number from abroad (letters and digits) is caught this way only.
            let whole_code = (is_digits(&burst) && burst.len() >= MIN_DIGITS)
                || crate::desk::customs::is_parcel_number(&burst);
            if texts.len() == 1 && whole_code && enter_now {
                input.events.retain(|e| {
                    !matches!(
                        e,
                        Event::Text(_)
                            | Event::Key {
                                key: Key::Enter,
                                ..
                            }
                    )
                });
                return Some(burst);
            }
            for e in input.events.drain(..) {
                match &e {
                    // Scanners send one character per keystroke; longer text (a paste) goes through.
                    Event::Text(t) if is_digits(t) && t.chars().count() == 1 => {
                        self.held.push_str(t);
                        self.last = Some(now);
                    }
                    Event::Key {
                        key: Key::Enter,
                        pressed: true,
                        ..
                    } if self.held.len() >= MIN_DIGITS && self.recent(now) => {
                        scanned = Some(std::mem::take(&mut self.held));
                        self.swallow_enter_release = true;
                    }
                    Event::Key {
                        key: Key::Enter,
                        pressed: false,
                        ..
                    } if self.swallow_enter_release => {
                        self.swallow_enter_release = false;
                    }
                    // A real keyboard (and a scanner) sends each digit's key press and release
                    // beside its text: those, and pointer motion, leave the held digits held.
                    Event::Key { key, modifiers, .. }
                        if is_digit_key(*key) && modifiers.is_none() =>
                    {
                        out.push(e);
                    }
                    Event::PointerMoved(_) | Event::MouseMoved(_) => out.push(e),
                    _ => {
                        if !self.held.is_empty() {
                            out.push(Event::Text(std::mem::take(&mut self.held)));
                        }
                        out.push(e);
                    }
                }
            }
            input.events = out;
            scanned
        });
        if !self.held.is_empty() {
            ctx.request_repaint_after(GAP);
        }
        scanned
    }
}
