//! A barcode scanner is a keyboard: it types the code fast, one keystroke each, and presses
//! Enter. Single digit keystrokes are held back for a moment: when Enter follows quickly after at
//! least eight digits, it was a scan and nothing reaches the focused field; otherwise the digits
//! are given back to the field a few tens of milliseconds later, as typed. When no text field has
//! the cursor, the capitals of a parcel number from abroad (`RR123456785UZ`) are held the same
//! way; typed there they would have gone nowhere, so a hold that was no scan is let go. (Letters
//! are never held back from a field being typed in: a capital held while the clerk tabs on would
//! land in the next field.) A scanner that sends a whole code in one go with its Enter is caught
//! anywhere, letters and all.

use egui::{Event, Key};
use std::time::{Duration, Instant};

/// Keystrokes further apart than this are a person typing, not a scanner.
const GAP: Duration = Duration::from_millis(100);
const MIN_DIGITS: usize = 8;

#[derive(Default)]
pub struct Scanner {
    held: String,
    /// Whether what is held was typed into a text field (else it was typed at no field).
    held_in_field: bool,
    last: Option<Instant>,
    /// The release of a scan's Enter is swallowed with its press.
    swallow_enter_release: bool,
}

fn is_digits(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit())
}

/// Whether `text` could be the start of a code a scanner types: digits only, or the beginning of
/// a parcel number from abroad (two capitals, nine digits, two capitals).
fn could_be_code(text: &str) -> bool {
    let b = text.as_bytes();
    if b.iter().all(u8::is_ascii_digit) {
        return true;
    }
    b.len() <= 13
        && b.iter().enumerate().all(|(i, c)| {
            if (2..11).contains(&i) {
                c.is_ascii_digit()
            } else {
                c.is_ascii_uppercase()
            }
        })
}

/// A whole code: what a scan's Enter completes.
fn is_whole_code(text: &str) -> bool {
    (is_digits(text) && text.len() >= MIN_DIGITS) || crate::desk::customs::is_parcel_number(text)
}

/// The keys a scanner presses for the characters of a code (a capital with Shift, or with Caps
/// Lock and no modifier): their presses and releases travel beside the held text.
fn is_code_key(key: Key, modifiers: egui::Modifiers) -> bool {
    use Key::*;
    let digit = matches!(
        key,
        Num0 | Num1 | Num2 | Num3 | Num4 | Num5 | Num6 | Num7 | Num8 | Num9
    );
    let letter = key.name().len() == 1 && key.name().as_bytes()[0].is_ascii_uppercase();
    let plain = modifiers.is_none() || modifiers == egui::Modifiers::SHIFT;
    (digit || letter) && plain
}

impl Scanner {
    fn recent(&self, now: Instant) -> bool {
        self.last.is_some_and(|l| now.duration_since(l) <= GAP)
    }

    /// What is held turned out to be typing: back to its field. Capitals typed at no field go
    /// (there they would have gone nowhere, and a field focused since is not theirs); digits are
    /// always given back, as they always were.
    fn release(&mut self, out: &mut Vec<Event>) {
        let held = std::mem::take(&mut self.held);
        if !held.is_empty() && (self.held_in_field || is_digits(&held)) {
            out.push(Event::Text(held));
        }
    }

    /// Whether `t` goes on with what is held (or begins a hold when nothing is).
    fn continues(&self, t: &str, in_field: bool) -> bool {
        let field = if self.held.is_empty() {
            in_field
        } else {
            self.held_in_field
        };
        self.may_hold(&format!("{}{t}", self.held), field)
    }

    /// Holds `t` if it may begin or go on with a code: digits anywhere, capitals only away from
    /// a text field.
    fn may_hold(&self, text: &str, in_field: bool) -> bool {
        could_be_code(text) && (is_digits(text) || !in_field)
    }

    /// The barcode scanned this frame, if any. Call before any widget reads input.
    pub fn feed(&mut self, ctx: &egui::Context) -> Option<String> {
        let now = Instant::now();
        // A click in this frame may put the cursor in a field before the keys after it are
        // read: from then on the frame counts as typing in a field.
        let mut in_field = ctx.text_edit_focused();
        let scanned = ctx.input_mut(|input| {
            let mut out = Vec::with_capacity(input.events.len());
            if !self.held.is_empty() && !self.recent(now) {
                self.release(&mut out);
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
            if texts.len() == 1 && is_whole_code(&burst) && enter_now {
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
                    Event::Text(t) if t.chars().count() == 1 && self.continues(t, in_field) => {
                        if self.held.is_empty() {
                            self.held_in_field = in_field;
                        }
                        self.held.push_str(t);
                        self.last = Some(now);
                    }
                    // What was held is typing after all; this character may begin a code.
                    Event::Text(t)
                        if t.chars().count() == 1
                            && !self.held.is_empty()
                            && self.may_hold(t, in_field) =>
                    {
                        self.release(&mut out);
                        self.held_in_field = in_field;
                        self.held = t.clone();
                        self.last = Some(now);
                    }
                    Event::Key {
                        key: Key::Enter,
                        pressed: true,
                        ..
                    } if is_whole_code(&self.held) && self.recent(now) => {
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
                    // A real keyboard (and a scanner) sends each character's key press and release
                    // beside its text: those, and pointer motion, leave the held keystrokes held.
                    Event::Key { key, modifiers, .. } if is_code_key(*key, *modifiers) => {
                        out.push(e);
                    }
                    // Shift pressed for a capital, and pointer motion, leave them held too.
                    Event::ModifiersChanged(_) | Event::PointerMoved(_) | Event::MouseMoved(_) => {
                        out.push(e)
                    }
                    _ => {
                        if matches!(e, Event::PointerButton { pressed: true, .. }) {
                            in_field = true;
                        }
                        self.release(&mut out);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_recognised_while_it_is_typed_and_when_it_is_whole() {
        for start in ["0", "0199", "R", "RR", "RR1", "RR123456785", "RR123456785U"] {
            assert!(could_be_code(start), "{start}");
        }
        for typing in ["Ka", "R1", "RR12A", "rr1", "RR123456785UZX"] {
            assert!(!could_be_code(typing), "{typing}");
        }
        assert!(is_whole_code("01991234") && is_whole_code("RR123456785UZ"));
        assert!(!is_whole_code("0199123") && !is_whole_code("RR123456785U"));
    }

    #[test]
    fn capitals_with_shift_are_a_scanners_keys_but_shortcuts_are_not() {
        assert!(is_code_key(Key::R, egui::Modifiers::SHIFT));
        assert!(is_code_key(Key::Num7, egui::Modifiers::NONE));
        assert!(!is_code_key(Key::N, egui::Modifiers::COMMAND));
        assert!(!is_code_key(Key::Enter, egui::Modifiers::NONE));
    }
}
