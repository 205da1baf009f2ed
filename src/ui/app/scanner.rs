//! Every keystroke reaches the field it was typed in, and a barcode scanner's keystrokes reach
//! none.
//!
//! A scanner is a keyboard: it types the code fast, one keystroke each, and presses Enter. Single
//! digit keystrokes are therefore held back for a moment: when Enter follows quickly after at
//! least eight digits, it was a scan and nothing reaches the focused field; otherwise the digits
//! are given back as typed. When no text field has the cursor, the capitals of a parcel number
//! from abroad (`RR123456785UZ`) are held the same way; typed there they would have gone nowhere,
//! so a hold that was no scan is let go. (Letters are never held back from a field being typed
//! in.) A scanner that sends a whole code in one go with its Enter is caught anywhere.
//!
//! Holding back must never lose or reorder what a clerk types, so this runs on the window's raw
//! input, before egui reads any of it (an egui [`Plugin`](egui::Plugin): the same path in the
//! window and in the tests). Whatever is held is given back before anything that can move the
//! cursor or act on the form — a pointer press, Tab, Enter, Esc, any shortcut, the window losing
//! focus — and such an event then waits for the next frame. A frame thus never holds text for
//! one field and a click or a shortcut after it: egui moves the cursor as it lays the widgets
//! out, not in the order the events came, and a shortcut is run before the fields read their
//! text, so in one frame the text would land in the newly clicked field, or the order would be
//! created with the weight before its last digit. Two such events never share a frame either
//! (egui takes one Tab a frame).

use egui::{Event, Key, RawInput};
use std::time::{Duration, Instant};

/// Keystrokes further apart than this are a person typing, not a scanner.
const GAP: Duration = Duration::from_millis(100);
const MIN_DIGITS: usize = 8;

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
    (is_digits(text) && text.len() >= MIN_DIGITS)
        || desk::international::customs::is_parcel_number(text)
}

/// Keys that edit the text of the focused field where they are, in order with its characters.
fn is_editing_key(key: Key) -> bool {
    use Key::*;
    matches!(
        key,
        Backspace | Delete | Home | End | ArrowLeft | ArrowRight | ArrowUp | ArrowDown | Space
    )
}

/// Keys that move the cursor to another widget, act on the focused one, or close something.
fn moves_or_acts(key: Key) -> bool {
    use Key::*;
    let function = key.name().len() > 1
        && key.name().starts_with('F')
        && key.name()[1..].bytes().all(|b| b.is_ascii_digit());
    function || matches!(key, Tab | Enter | Escape | PageUp | PageDown | Insert)
}

/// What an event is to the order of a frame.
#[derive(Debug, PartialEq)]
enum Kind {
    /// Goes into the focused field where it stands: text, a paste, an editing key.
    Typing,
    /// May move the cursor or act on the form: it must see every keystroke before it, and none
    /// after it, in its frame.
    Barrier,
    /// Neither: pointer motion, modifiers, key releases, a code key's press.
    Neutral,
}

fn kind(e: &Event) -> Kind {
    match e {
        Event::Text(_) | Event::Paste(_) | Event::Ime(_) | Event::Copy | Event::Cut => Kind::Typing,
        Event::Key { pressed: false, .. } => Kind::Neutral,
        Event::Key { key, modifiers, .. } => {
            let shortcut =
                modifiers.ctrl || modifiers.alt || modifiers.command || modifiers.mac_cmd;
            if shortcut || moves_or_acts(*key) {
                Kind::Barrier
            } else if is_editing_key(*key) {
                Kind::Typing
            } else {
                // A character's own key (its text comes beside it), or a key egui ignores.
                Kind::Neutral
            }
        }
        Event::PointerButton { .. }
        | Event::MiddleClickPaste { .. }
        | Event::PasteImage(_)
        | Event::WindowFocused(_)
        | Event::AccessKitActionRequest(_) => Kind::Barrier,
        _ => Kind::Neutral,
    }
}

fn is_enter(e: &Event, down: bool) -> bool {
    matches!(e, Event::Key { key: Key::Enter, pressed, modifiers, .. }
        if *pressed == down && !(modifiers.ctrl || modifiers.command || modifiers.alt))
}

/// When the window should draw again for what the gate still holds.
#[derive(Debug, PartialEq)]
pub enum Again {
    /// Nothing waits.
    No,
    /// Events wait for the next frame.
    Now,
    /// Keystrokes are held: they are given back once this much time has passed.
    After(Duration),
}

/// One frame's input as it goes on to egui.
#[derive(Debug)]
pub struct Passed {
    pub events: Vec<Event>,
    /// The code a scanner typed, when this frame completed one.
    pub scanned: Option<String>,
    pub again: Again,
}

/// The hold and the order of input, without a window: what [`Scanner`] does to each frame.
#[derive(Default)]
pub struct Gate {
    held: String,
    /// Whether what is held was typed into a text field (else it was typed at no field).
    held_in_field: bool,
    /// When the last held keystroke came (seconds on the input's clock).
    last: Option<f64>,
    /// The release of a scan's Enter is swallowed with its press.
    swallow_enter_release: bool,
    /// Events that wait for the next frame, in order.
    waiting: Vec<Event>,
}

impl Gate {
    fn recent(&self, now: f64) -> bool {
        self.last
            .is_some_and(|l| now - l <= GAP.as_secs_f64() + f64::EPSILON)
    }

    /// What is held turned out to be typing: back to its field. Capitals typed at no field go
    /// (there they would have gone nowhere, and a field focused since is not theirs); digits are
    /// always given back. True when text went out.
    fn release(&mut self, out: &mut Vec<Event>) -> bool {
        let held = std::mem::take(&mut self.held);
        let back = !held.is_empty() && (self.held_in_field || is_digits(&held));
        if back {
            out.push(Event::Text(held));
        }
        back
    }

    /// Whether `t` goes on with what is held (or begins a hold when nothing is).
    fn continues(&self, t: &str, in_field: bool) -> bool {
        let field = if self.held.is_empty() {
            in_field
        } else {
            self.held_in_field
        };
        may_hold(&format!("{}{t}", self.held), field)
    }

    /// Whether anything is held or waits.
    pub fn is_idle(&self) -> bool {
        self.held.is_empty() && self.waiting.is_empty()
    }

    /// This frame's events (`now` in seconds on the input's clock; `in_field` when a text field
    /// has the cursor) as egui is to read them.
    pub fn pass(&mut self, incoming: Vec<Event>, now: f64, in_field: bool) -> Passed {
        let mut events = std::mem::take(&mut self.waiting);
        events.extend(incoming);
        if let Some(code) = whole_scan_in_one(&mut events) {
            self.held.clear();
            return Passed {
                events,
                scanned: Some(code),
                again: Again::No,
            };
        }
        let mut out = Vec::with_capacity(events.len());
        // Typing has gone out in this frame; a barrier has.
        let mut typed = false;
        let mut acted = false;
        if !self.held.is_empty() && !self.recent(now) {
            typed |= self.release(&mut out);
        }
        let mut scanned = None;
        let mut rest = events.into_iter();
        for e in rest.by_ref() {
            let one_char = matches!(&e, Event::Text(t) if t.chars().count() == 1);
            match (&e, kind(&e)) {
                // Scanners send one character per keystroke; longer text (a paste) is typing.
                (Event::Text(t), _) if one_char && !acted && self.continues(t, in_field) => {
                    if self.held.is_empty() {
                        self.held_in_field = in_field;
                    }
                    self.held.push_str(t);
                    self.last = Some(now);
                }
                // What was held is typing after all; this character may begin a code.
                (Event::Text(t), _)
                    if one_char && !acted && !self.held.is_empty() && may_hold(t, in_field) =>
                {
                    typed |= self.release(&mut out);
                    self.held_in_field = in_field;
                    self.held = t.clone();
                    self.last = Some(now);
                }
                _ if is_enter(&e, true) && is_whole_code(&self.held) && self.recent(now) => {
                    scanned = Some(std::mem::take(&mut self.held));
                    self.swallow_enter_release = true;
                }
                _ if is_enter(&e, false) && self.swallow_enter_release => {
                    self.swallow_enter_release = false;
                }
                (_, Kind::Neutral) => out.push(e),
                (_, Kind::Typing) => {
                    if acted {
                        // After a click or a shortcut, typing belongs to the next frame.
                        self.waiting.push(e);
                        break;
                    }
                    self.release(&mut out);
                    typed = true;
                    out.push(e);
                }
                (_, Kind::Barrier) => {
                    typed |= self.release(&mut out);
                    if typed || acted {
                        self.waiting.push(e);
                        break;
                    }
                    acted = true;
                    out.push(e);
                }
            }
        }
        self.waiting.extend(rest);
        let again = if !self.waiting.is_empty() {
            Again::Now
        } else if !self.held.is_empty() {
            Again::After(GAP)
        } else {
            Again::No
        };
        Passed {
            events: out,
            scanned,
            again,
        }
    }
}

/// Holds `text` if it may begin or go on with a code: digits anywhere, capitals only away from
/// a text field.
fn may_hold(text: &str, in_field: bool) -> bool {
    could_be_code(text) && (is_digits(text) || !in_field)
}

/// A whole code as one text with its Enter in one frame: a scanner (or a paste), never typing. A
/// parcel number from abroad (letters and digits) is caught this way only. Its text and Enter
/// are taken out of `events`.
fn whole_scan_in_one(events: &mut Vec<Event>) -> Option<String> {
    let mut texts = events.iter().filter_map(|e| match e {
        Event::Text(t) => Some(t.as_str()),
        _ => None,
    });
    let (Some(code), None) = (texts.next(), texts.next()) else {
        return None;
    };
    if !is_whole_code(code) || !events.iter().any(|e| is_enter(e, true)) {
        return None;
    }
    let code = code.to_string();
    events.retain(|e| !matches!(e, Event::Text(_)) && !is_enter(e, true) && !is_enter(e, false));
    Some(code)
}

/// The gate on the window's input, with the code scanned last until the app takes it.
pub struct Scanner {
    gate: Gate,
    scanned: Option<String>,
    /// The clock for input that carries no time of its own.
    started: Instant,
}

impl Default for Scanner {
    fn default() -> Scanner {
        Scanner {
            gate: Gate::default(),
            scanned: None,
            started: Instant::now(),
        }
    }
}

impl Scanner {
    /// Puts the gate on this window's input (once; a second call does nothing).
    pub fn install(ctx: &egui::Context) {
        ctx.add_plugin(Scanner::default());
    }

    /// The code scanned since the last call, if any.
    pub fn take(ctx: &egui::Context) -> Option<String> {
        ctx.with_plugin(|s: &mut Scanner| s.scanned.take())
            .flatten()
    }

    /// Whether nothing is held back or waits for the next frame.
    pub fn is_idle(ctx: &egui::Context) -> bool {
        ctx.with_plugin(|s: &mut Scanner| s.gate.is_idle())
            .unwrap_or(true)
    }
}

impl egui::Plugin for Scanner {
    fn debug_name(&self) -> &'static str {
        "scanner"
    }

    fn input_hook(&mut self, ctx: &egui::Context, input: &mut RawInput) {
        let now = input
            .time
            .unwrap_or_else(|| self.started.elapsed().as_secs_f64());
        let in_field = ctx.text_edit_focused();
        let passed = self
            .gate
            .pass(std::mem::take(&mut input.events), now, in_field);
        input.events = passed.events;
        if passed.scanned.is_some() {
            self.scanned = passed.scanned;
        }
        match passed.again {
            Again::No => {}
            Again::Now => ctx.request_repaint(),
            Again::After(d) => ctx.request_repaint_after(d),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::Modifiers;

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

    fn key(key: Key, pressed: bool, modifiers: Modifiers) -> Event {
        Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers,
        }
    }

    fn text(t: &str) -> Event {
        Event::Text(t.into())
    }

    fn click(pressed: bool) -> Event {
        Event::PointerButton {
            pos: egui::pos2(10.0, 10.0),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        }
    }

    /// The texts of a frame's events, joined.
    fn typed(events: &[Event]) -> String {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn held_digits_go_back_before_a_click_which_waits_a_frame() {
        let mut g = Gate::default();
        assert!(g.pass(vec![text("3")], 0.0, true).events.is_empty());
        let p = g.pass(vec![text("7")], 0.03, true);
        assert!(p.events.is_empty(), "held");
        assert_eq!(p.again, Again::After(GAP));
        // The click 30 ms after the last digit: the digits first, the click next frame.
        let p = g.pass(vec![click(true), click(false)], 0.06, true);
        assert_eq!(typed(&p.events), "37");
        assert!(
            !p.events
                .iter()
                .any(|e| matches!(e, Event::PointerButton { .. }))
        );
        assert_eq!(p.again, Again::Now);
        let p = g.pass(vec![], 0.07, true);
        assert_eq!(
            p.events.len(),
            1,
            "the press alone: a release is a barrier too"
        );
        let p = g.pass(vec![], 0.08, true);
        assert_eq!(p.events.len(), 1);
        assert!(g.is_idle());
    }

    #[test]
    fn a_shortcut_after_a_digit_in_one_frame_sees_the_digit_first() {
        let mut g = Gate::default();
        let ctrl_enter = key(Key::Enter, true, Modifiers::COMMAND);
        let p = g.pass(vec![text("5"), ctrl_enter.clone()], 0.0, true);
        assert_eq!(typed(&p.events), "5");
        assert!(!p.events.contains(&ctrl_enter));
        let p = g.pass(vec![], 0.016, true);
        assert_eq!(p.events, vec![ctrl_enter]);
    }

    #[test]
    fn typing_after_a_click_in_one_frame_waits_for_the_click_to_land() {
        let mut g = Gate::default();
        let p = g.pass(vec![click(true), text("a"), text("b")], 0.0, true);
        assert_eq!(p.events.len(), 1);
        let p = g.pass(vec![], 0.016, true);
        assert_eq!(typed(&p.events), "ab");
    }

    #[test]
    fn two_tabs_in_one_frame_are_two_frames() {
        let mut g = Gate::default();
        let tab = key(Key::Tab, true, Modifiers::NONE);
        let p = g.pass(vec![tab.clone(), tab.clone()], 0.0, true);
        assert_eq!(p.events, vec![tab.clone()]);
        assert_eq!(g.pass(vec![], 0.01, true).events, vec![tab]);
    }

    #[test]
    fn digits_let_go_after_a_pause_and_a_scan_leaves_nothing() {
        let mut g = Gate::default();
        g.pass(vec![text("1"), text("2")], 0.0, true);
        assert_eq!(typed(&g.pass(vec![], 0.2, true).events), "12");
        // A scanner: 12 digits 10 ms apart, then Enter.
        let mut t = 1.0;
        for d in "019914300001".chars() {
            let p = g.pass(
                vec![
                    key(Key::Num0, true, Modifiers::NONE),
                    text(&d.to_string()),
                    key(Key::Num0, false, Modifiers::NONE),
                ],
                t,
                true,
            );
            assert_eq!(typed(&p.events), "");
            t += 0.01;
        }
        let p = g.pass(vec![key(Key::Enter, true, Modifiers::NONE)], t, true);
        assert_eq!(p.scanned.as_deref(), Some("019914300001"));
        assert!(p.events.is_empty());
        let p = g.pass(
            vec![key(Key::Enter, false, Modifiers::NONE)],
            t + 0.01,
            true,
        );
        assert!(p.events.is_empty(), "its release is swallowed too");
        assert!(g.is_idle());
    }

    #[test]
    fn a_letter_in_a_field_releases_the_digits_before_it() {
        let mut g = Gate::default();
        g.pass(vec![text("1")], 0.0, true);
        let p = g.pass(vec![text("a")], 0.01, true);
        assert_eq!(typed(&p.events), "1a");
        let p = g.pass(
            vec![text("2"), key(Key::Backspace, true, Modifiers::NONE)],
            0.02,
            true,
        );
        assert_eq!(
            typed(&p.events),
            "2",
            "a backspace edits after the digit before it"
        );
        assert!(matches!(
            p.events.last(),
            Some(Event::Key {
                key: Key::Backspace,
                ..
            })
        ));
    }

    #[test]
    fn the_window_losing_focus_gives_back_what_is_held() {
        let mut g = Gate::default();
        g.pass(vec![text("9")], 0.0, true);
        let p = g.pass(vec![Event::WindowFocused(false)], 0.01, true);
        assert_eq!(typed(&p.events), "9");
    }
}
