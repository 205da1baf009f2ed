//! Every keyboard command of the desk in one place: its label and its shortcut. A test keeps two
//! commands from sharing a shortcut.

use egui::{Key, KeyboardShortcut, Modifiers};
use rust_i18n::t;
use std::borrow::Cow;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Calculator,
    Find,
    Orders,
    NewOrder,
    CreateOrder,
    Directories,
    Goods,
    Unsent,
    EndOfDay,
    NewParcel,
    Parcels,
    Manifest,
    IntlCalculator,
    IntlOrders,
    Suppliers,
    Products,
    Webhooks,
    Settings,
    Refresh,
    Print,
    About,
    Logout,
}

impl Command {
    pub const ALL: &'static [Command] = &[
        Command::Calculator,
        Command::Find,
        Command::Orders,
        Command::NewOrder,
        Command::CreateOrder,
        Command::Directories,
        Command::Goods,
        Command::Unsent,
        Command::EndOfDay,
        Command::NewParcel,
        Command::Parcels,
        Command::Manifest,
        Command::IntlCalculator,
        Command::IntlOrders,
        Command::Suppliers,
        Command::Products,
        Command::Webhooks,
        Command::Settings,
        Command::Refresh,
        Command::Print,
        Command::About,
        Command::Logout,
    ];

    /// Every shortcut carries Ctrl (Cmd on macOS), so it works while a text field has focus.
    pub fn shortcut(self) -> KeyboardShortcut {
        match self {
            Command::Calculator => KeyboardShortcut::new(Modifiers::COMMAND, Key::K),
            Command::Find => KeyboardShortcut::new(Modifiers::COMMAND, Key::F),
            Command::Orders => KeyboardShortcut::new(Modifiers::COMMAND, Key::O),
            Command::NewOrder => KeyboardShortcut::new(Modifiers::COMMAND, Key::N),
            Command::CreateOrder => KeyboardShortcut::new(Modifiers::COMMAND, Key::Enter),
            Command::Directories => KeyboardShortcut::new(Modifiers::COMMAND, Key::D),
            Command::Goods => KeyboardShortcut::new(Modifiers::COMMAND, Key::G),
            Command::Unsent => KeyboardShortcut::new(Modifiers::COMMAND, Key::U),
            Command::EndOfDay => KeyboardShortcut::new(Modifiers::COMMAND, Key::E),
            Command::NewParcel => {
                KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::N)
            }
            Command::Parcels => {
                KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::O)
            }
            Command::Manifest => {
                KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::M)
            }
            Command::IntlCalculator => {
                KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::K)
            }
            Command::IntlOrders => {
                KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::L)
            }
            Command::Suppliers => {
                KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::S)
            }
            Command::Products => {
                KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::P)
            }
            Command::Webhooks => {
                KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::W)
            }
            Command::Settings => KeyboardShortcut::new(Modifiers::COMMAND, Key::Comma),
            Command::Refresh => KeyboardShortcut::new(Modifiers::COMMAND, Key::R),
            Command::Print => KeyboardShortcut::new(Modifiers::COMMAND, Key::P),
            Command::About => KeyboardShortcut::new(Modifiers::COMMAND, Key::I),
            Command::Logout => KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Q),
        }
    }

    /// The command's name in the clerk's language: the `command` table of the catalog holds one
    /// line per command, named as the command is (a test checks that none is missing).
    pub fn label(self) -> Cow<'static, str> {
        t!(format!("command.{self:?}"))
    }

    /// The shortcut as the keyboard shows it ("Ctrl+," rather than egui's "Ctrl+Comma").
    pub fn shortcut_text(self, ctx: &egui::Context) -> String {
        keycaps(&ctx.format_shortcut(&self.shortcut()))
    }

    /// The command whose shortcut was pressed this frame, consuming it. Shortcuts with more
    /// modifiers are checked first (Ctrl+Shift+Q before a Ctrl+Q would be).
    pub fn pressed(ctx: &egui::Context) -> Option<Command> {
        let mut by_modifiers: Vec<Command> = Command::ALL.to_vec();
        by_modifiers.sort_by_key(|c| std::cmp::Reverse(modifier_count(c.shortcut().modifiers)));
        ctx.input_mut(|i| {
            by_modifiers
                .into_iter()
                .find(|c| i.consume_shortcut(&c.shortcut()))
        })
    }
}

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

    /// Exhaustive: a new variant fails to compile here until it is numbered, and the test then
    /// fails until it is also in `ALL`.
    fn number(c: Command) -> usize {
        match c {
            Command::Orders => 0,
            Command::NewOrder => 1,
            Command::CreateOrder => 2,
            Command::Directories => 3,
            Command::Settings => 4,
            Command::Refresh => 5,
            Command::Logout => 6,
            Command::Find => 7,
            Command::Calculator => 8,
            Command::Print => 9,
            Command::Goods => 10,
            Command::Unsent => 11,
            Command::About => 12,
            Command::NewParcel => 13,
            Command::Parcels => 14,
            Command::Manifest => 15,
            Command::IntlCalculator => 16,
            Command::IntlOrders => 17,
            Command::Suppliers => 18,
            Command::Products => 19,
            Command::Webhooks => 20,
            Command::EndOfDay => 21,
        }
    }

    #[test]
    fn every_command_is_named_in_every_language() {
        for lang in ["uz", "ru", "en"] {
            for c in Command::ALL {
                let key = format!("command.{c:?}");
                let name = t!(&key, locale = lang);
                assert!(
                    name != key && !name.trim().is_empty(),
                    "{lang}: {key} is missing"
                );
            }
        }
    }

    #[test]
    fn all_lists_every_command() {
        let mut seen: Vec<usize> = Command::ALL.iter().map(|c| number(*c)).collect();
        seen.sort();
        assert_eq!(seen, (0..22).collect::<Vec<_>>());
    }

    #[test]
    fn no_two_commands_share_a_shortcut() {
        let all = Command::ALL;
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.shortcut(), b.shortcut(), "{a:?} and {b:?}");
            }
            assert!(a.shortcut().modifiers.command, "{a:?} must carry Ctrl/Cmd");
        }
    }

    #[test]
    fn punctuation_reads_as_the_keycap() {
        assert_eq!(keycaps("Ctrl+Comma"), "Ctrl+,");
        assert_eq!(keycaps("Ctrl+N"), "Ctrl+N");
    }
}
