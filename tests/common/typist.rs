//! A clerk (or a barcode scanner) at the keyboard, in simulated time, on the window's real input
//! path: each keystroke is the key press, its text and the key release a keyboard sends; a click
//! is the pointer's move, press and release at the middle of what is clicked, found on the screen
//! as the last frame drew it. Events that arrive while a frame is being drawn wait for the next
//! one, and a frame takes `period` seconds, so a hurried clerk's keys and clicks share frames as
//! they do on a busy counter computer. The time egui and the scanner's gate read is this clock.

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parcel_desk::ui::DeskApp;
use parcel_desk::ui::app::scanner::Scanner;

/// A small seeded generator: the same seed types the same clerk.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        // xorshift64*
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A whole number in `0..n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// A number of seconds between `lo` and `hi` milliseconds.
    pub(crate) fn ms(&mut self, lo: u64, hi: u64) -> f64 {
        (lo + self.below(hi - lo + 1)) as f64 / 1000.0
    }

    pub(crate) fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

pub(crate) struct Typist<'h> {
    pub h: &'h mut Harness<'static, DeskApp>,
    /// Now, on the simulated clock (seconds).
    pub t: f64,
    /// When the last frame was drawn.
    frame_at: f64,
    /// How long a frame takes here.
    period: f64,
    /// Events that arrived since the last frame, and when their frame is drawn.
    batch: Vec<Event>,
    batch_due: f64,
}

/// The key a character is typed with on a Latin keyboard, if it has one of egui's names.
fn key_of(c: char) -> Option<Key> {
    match c {
        ' ' => Some(Key::Space),
        '.' => Some(Key::Period),
        ',' => Some(Key::Comma),
        '+' => Some(Key::Plus),
        '-' => Some(Key::Minus),
        c if c.is_ascii_alphanumeric() => Key::from_name(&c.to_ascii_uppercase().to_string()),
        _ => None,
    }
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

impl<'h> Typist<'h> {
    /// A clerk on a computer that draws a frame in `period` seconds, starting at `t`.
    pub(crate) fn new(h: &'h mut Harness<'static, DeskApp>, t: f64, period: f64) -> Typist<'h> {
        // Never before the window's last frame (the test's own steps move its clock on too).
        let last = h.ctx.input(|i| i.time);
        let t = t.max(last + period);
        Typist {
            h,
            t,
            frame_at: t,
            period,
            batch: Vec::new(),
            batch_due: t,
        }
    }

    fn frame(&mut self, at: f64, events: Vec<Event>) {
        let input = self.h.input_mut();
        input.time = Some(at);
        input.events = events;
        self.h.step();
        // The harness's own clock again for frames the test steps itself after the clerk: they
        // go on from this frame's time (a time left fixed would stop every clock the window
        // keeps).
        self.h.input_mut().time = None;
        self.frame_at = at;
    }

    fn idle(&self) -> bool {
        Scanner::is_idle(&self.h.ctx)
    }

    /// Draws the frames due before `until`: the waiting batch, and the frames the window asks
    /// for meanwhile (held keystrokes let go, events that wait a frame).
    fn frames_until(&mut self, until: f64) {
        loop {
            if !self.batch.is_empty() && self.batch_due <= until {
                let events = std::mem::take(&mut self.batch);
                let at = self.batch_due;
                self.frame(at, events);
            } else if self.batch.is_empty() && !self.idle() && self.frame_at + self.period <= until
            {
                let at = self.frame_at + self.period;
                self.frame(at, Vec::new());
            } else {
                return;
            }
        }
    }

    /// Events arriving `gap` seconds after the last ones.
    pub(crate) fn arrive(&mut self, gap: f64, events: Vec<Event>) {
        self.t += gap;
        self.frames_until(self.t);
        if self.batch.is_empty() {
            self.batch_due = self.t.max(self.frame_at + self.period);
        }
        self.batch.extend(events);
    }

    /// Types `text`, each key `gap()` seconds after the one before (the first after `first`).
    pub(crate) fn type_text(&mut self, text: &str, first: f64, mut gap: impl FnMut() -> f64) {
        let mut wait = first;
        for c in text.chars() {
            let mods = if c.is_ascii_uppercase() || c == '+' {
                Modifiers::SHIFT
            } else {
                Modifiers::NONE
            };
            let k = key_of(c);
            let mut events = Vec::new();
            if let Some(k) = k {
                events.push(key(k, true, mods));
            }
            events.push(Event::Text(c.to_string()));
            if let Some(k) = k {
                events.push(key(k, false, mods));
            }
            self.arrive(wait, events);
            wait = gap();
        }
    }

    /// Presses and lets go of a key (with modifiers), `gap` seconds after the last event.
    pub(crate) fn press(&mut self, gap: f64, k: Key, modifiers: Modifiers) {
        self.arrive(gap, vec![key(k, true, modifiers)]);
        self.arrive(0.0, vec![key(k, false, modifiers)]);
    }

    /// Where the `nth` widget labelled `label` is on screen (as the last frame drew it).
    pub(crate) fn place_of(&self, label: &str, nth: usize) -> Pos2 {
        self.h
            .get_all_by_label(label)
            .nth(nth)
            .unwrap_or_else(|| panic!("no {label:?} #{nth} on screen"))
            .rect()
            .center()
    }

    /// Clicks the `nth` widget labelled `label`, `gap` seconds after the last event.
    pub(crate) fn click(&mut self, gap: f64, label: &str, nth: usize) {
        let pos = self.place_of(label, nth);
        self.click_at(gap, pos);
    }

    pub(crate) fn click_at(&mut self, gap: f64, pos: Pos2) {
        let button = |pressed| Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        };
        self.arrive(gap, vec![Event::PointerMoved(pos), button(true)]);
        self.arrive(0.0, vec![button(false)]);
    }

    /// Looks at the screen for `secs` seconds: the window draws its frames meanwhile (at most
    /// ten; nothing changes on a still screen after that).
    pub(crate) fn look(&mut self, secs: f64) {
        self.settle();
        let until = self.t + secs;
        let step = (secs / 10.0).max(self.period);
        while self.frame_at + step <= until {
            let at = self.frame_at + step;
            self.frame(at, Vec::new());
        }
        self.t = until;
    }

    /// Draws every frame still due: the last batch and whatever the window asks for after it.
    pub(crate) fn settle(&mut self) {
        self.frames_until(self.t);
        let mut guard = 0;
        while !self.batch.is_empty() || !self.idle() {
            let at = if self.batch.is_empty() {
                self.frame_at + self.period
            } else {
                self.batch_due
            };
            let events = std::mem::take(&mut self.batch);
            self.frame(at, events);
            guard += 1;
            assert!(guard < 1000, "the window never settles");
        }
        self.t = self.t.max(self.frame_at);
    }

    /// Draws frames (a frame every `period` of simulated time, a few milliseconds of real time
    /// each for the background work) until `done` holds, for at most 20 s of real time; whether
    /// it came to hold.
    pub(crate) fn wait_for(
        &mut self,
        mut done: impl FnMut(&Harness<'static, DeskApp>) -> bool,
    ) -> bool {
        self.settle();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while !done(self.h) {
            if std::time::Instant::now() > deadline {
                return false;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
            let at = self.frame_at + self.period;
            self.frame(at, Vec::new());
            self.t = self.frame_at;
        }
        true
    }
}
