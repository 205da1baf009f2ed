//! Every keyboard command of the desk: the screens' (read from their declarations, `screen_id.rs`)
//! and the actions', each with its label and shortcut. A test keeps two commands from sharing a
//! shortcut.

use super::screen_id::ScreenId;
use egui::{Key, KeyboardShortcut, Modifiers};
use rust_i18n::t;
use std::borrow::Cow;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Opens a screen of the rail.
    Open(ScreenId),
    /// Opens the journal with its search ready.
    Find,
    /// Sends the open form: creates the order or parcel, saves the record or webhook.
    Send,
    Refresh,
    Print,
    Logout,
}

/// Ctrl (Cmd on macOS) alone, and with Shift.
const CTRL: Modifiers = Modifiers::COMMAND;
const CTRL_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);

/// The actions, after the screens' commands.
const ACTIONS: [Command; 5] = [
    Command::Find,
    Command::Send,
    Command::Refresh,
    Command::Print,
    Command::Logout,
];

impl Command {
    /// Every command that has a shortcut: the screens the list declares with one (in the rail's
    /// order), then the actions.
    pub fn all() -> Vec<Command> {
        super::screen_id::SCREENS
            .iter()
            .filter(|d| d.shortcut.is_some())
            .map(|d| Command::Open(d.id))
            .chain(ACTIONS)
            .collect()
    }

    /// Every shortcut carries Ctrl (Cmd on macOS), so it works while a text field has focus; a
    /// screen reached only from another (an order's detail, a form to edit) has none.
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        let (modifiers, key) = match self {
            Command::Open(screen) => return super::screen_id::declared(screen)?.shortcut,
            Command::Find => (CTRL, Key::F),
            Command::Send => (CTRL, Key::Enter),
            Command::Refresh => (CTRL, Key::R),
            Command::Print => (CTRL, Key::P),
            Command::Logout => (CTRL_SHIFT, Key::Q),
        };
        Some(KeyboardShortcut::new(modifiers, key))
    }

    /// The command's name in the clerk's language: the `command` table of the catalog holds one
    /// line per command, named as the command is (a test checks that none is missing).
    pub fn label(self) -> Cow<'static, str> {
        t!(self.catalog_key())
    }

    /// Its line of the catalog: the name the list declares for the screen it opens, or the
    /// action's.
    fn catalog_key(self) -> String {
        match self {
            Command::Open(screen) => super::screen_id::declared(screen)
                .map(|d| d.name.to_string())
                .unwrap_or_else(|| format!("command.{screen:?}")),
            action => format!("command.{action:?}"),
        }
    }

    /// The shortcut as the keyboard shows it ("Ctrl+," rather than egui's "Ctrl+Comma").
    pub fn shortcut_text(self, ctx: &egui::Context) -> String {
        self.shortcut()
            .map(|s| keycaps(&ctx.format_shortcut(&s)))
            .unwrap_or_default()
    }

    /// The command whose shortcut was pressed this frame, consuming it. Shortcuts with more
    /// modifiers are checked first (Ctrl+Shift+Q before a Ctrl+Q would be).
    pub fn pressed(ctx: &egui::Context) -> Option<Command> {
        ctx.input_mut(|i| {
            BY_MODIFIERS
                .iter()
                .find(|(_, s)| i.consume_shortcut(s))
                .map(|(c, _)| *c)
        })
    }
}

/// Every command that has a shortcut, those with more modifiers first: sorted once, not every
/// frame.
static BY_MODIFIERS: std::sync::LazyLock<Vec<(Command, KeyboardShortcut)>> =
    std::sync::LazyLock::new(|| {
        let mut all: Vec<(Command, KeyboardShortcut)> = Command::all()
            .into_iter()
            .filter_map(|c| Some((c, c.shortcut()?)))
            .collect();
        all.sort_by_key(|(_, s)| std::cmp::Reverse(modifier_count(s.modifiers)));
        all
    });

fn modifier_count(m: Modifiers) -> u8 {
    u8::from(m.alt) + u8::from(m.ctrl) + u8::from(m.shift) + u8::from(m.command || m.mac_cmd)
}

/// Punctuation keys by the sign on their cap.
fn keycaps(text: &str) -> String {
    [
        ("Comma", ","),
        ("Period", "."),
        ("Minus", "-"),
        ("Plus", "+"),
        ("Slash", "/"),
        ("Semicolon", ";"),
    ]
    .iter()
    .fold(text.to_string(), |t, (name, cap)| t.replace(name, cap))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_is_named_in_every_language() {
        for lang in ["uz", "ru", "en"] {
            for c in Command::all() {
                let key = c.catalog_key();
                let name = t!(&key, locale = lang);
                assert!(
                    name != key && !name.trim().is_empty(),
                    "{lang}: {key} is missing"
                );
            }
        }
    }

    /// Exhaustive: a new action fails to compile here until it is numbered, and the test then
    /// fails until it is also in `ACTIONS` (the screen list checks the rail's screens).
    fn action_number(c: Command) -> Option<usize> {
        match c {
            Command::Open(_) => None,
            Command::Find => Some(0),
            Command::Send => Some(1),
            Command::Refresh => Some(2),
            Command::Print => Some(3),
            Command::Logout => Some(4),
        }
    }

    #[test]
    fn all_lists_every_action_and_each_has_a_shortcut() {
        let mut seen: Vec<usize> = Command::all()
            .into_iter()
            .filter_map(action_number)
            .collect();
        seen.sort();
        assert_eq!(seen, (0..5).collect::<Vec<_>>());
        for c in Command::all() {
            assert!(c.shortcut().is_some(), "{c:?} has no shortcut");
        }
    }

    #[test]
    fn no_two_commands_share_a_shortcut() {
        let all = Command::all();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.shortcut(), b.shortcut(), "{a:?} and {b:?}");
            }
            let carries_ctrl = a.shortcut().is_some_and(|s| s.modifiers.command);
            assert!(carries_ctrl, "{a:?} must carry Ctrl/Cmd");
        }
    }

    #[test]
    fn punctuation_reads_as_the_keycap() {
        assert_eq!(keycaps("Ctrl+Comma"), "Ctrl+,");
        assert_eq!(keycaps("Ctrl+N"), "Ctrl+N");
    }
}
