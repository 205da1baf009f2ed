//! The people the shop already knows, offered as the clerk types a side's name or phone: the
//! arrows move through them, Enter or a click takes one and fills the whole side (city, address,
//! office, how it is handed over), and the cursor moves on to what is still to type. Esc puts the
//! list away; every field stays editable after a pick. The list is the window's one list of
//! suggestions, in the room under the side's city.

use crate::ui::widgets::suggestions::{ROWS, Room, Row, Suggestions};
use api::codes::Delivery;
use api::phone::phone_digits;
use desk::Desk;
use desk::domestic::order_draft::Side;
use desk::reference::directories::Directories;
use rust_i18n::t;
use store::Person;

/// One side's list, and what it found last.
#[derive(Default)]
pub(super) struct Acquaintances {
    list: Suggestions,
    /// The clerk typed in the field since it got the cursor: a field come back to, half
    /// filled, offers nothing until it is typed in (Enter there never replaces what was typed).
    typed: bool,
    /// The last search: its text, the book it searched (as the desk last read it) and what it
    /// found. Searched again only when one of the first two changed, not every frame.
    searched: Option<(String, u64, Vec<Person>)>,
}

/// Fills `side` with a person picked (and the receiver's office into `branch`).
pub(super) fn fill(p: &Person, side: &mut Side, branch: Option<&mut Option<i64>>) {
    side.name = p.name.clone();
    side.phone = p.phone.clone();
    if p.city.is_some() {
        side.city = p.city;
    }
    side.address = p.address.clone();
    side.delivery = p.delivery;
    if let Some(branch) = branch {
        *branch = match p.delivery {
            Delivery::Office => p.branch,
            _ => None,
        };
    }
}

impl Acquaintances {
    /// Takes the list's keys before the side's fields read them.
    pub(super) fn take_keys(&mut self, ui: &mut egui::Ui) {
        self.list.take_keys(ui);
    }

    /// After a side's name and phone fields are drawn: the people the one with the cursor
    /// points at, in `room`. A person picked (Enter or a click) comes back. `fields` are the
    /// name's and the phone's responses with their texts.
    pub(super) fn offer(
        &mut self,
        ui: &mut egui::Ui,
        room: &Room,
        desk: &Desk,
        dirs: Option<&Directories>,
        fields: [(&egui::Response, &str); 2],
    ) -> Option<Person> {
        let responses = [fields[0].0, fields[1].0];
        let Some(at) = self.list.under(ui, room, &responses) else {
            self.list.show(ui, room, None, &[], None);
            return None;
        };
        let (field, typed) = fields[at];
        if field.gained_focus() {
            self.typed = false;
        }
        if field.changed() {
            self.typed = true;
        }
        let found = match self.typed {
            true => self.search(desk, typed.trim()),
            false => Vec::new(),
        };
        // The side already is that person (name and number as written): nothing to offer.
        let (name, phone) = (fields[0].1.trim(), phone_digits(fields[1].1));
        let found: Vec<Person> = found
            .into_iter()
            .filter(|p| !(p.name == name && phone_digits(&p.phone) == phone))
            .collect();
        let rows: Vec<Row> = found.iter().take(ROWS).map(|p| line(p, dirs)).collect();
        let note = match found.len() {
            0 => None,
            n if n > ROWS => Some(t!("people.more", n = n - ROWS).to_string()),
            _ => Some(t!("people.keys").to_string()),
        };
        let picked = self
            .list
            .show(ui, room, Some((field, typed)), &rows, note.as_deref())?;
        found.into_iter().nth(picked)
    }
}

impl Acquaintances {
    /// The people `typed` points at, from the last search when neither it nor the book changed.
    fn search(&mut self, desk: &Desk, typed: &str) -> Vec<Person> {
        let book = desk.address_book().edition();
        match &self.searched {
            Some((text, of, found)) if text == typed && *of == book => found.clone(),
            _ => {
                let found = desk.suggest_people(typed);
                self.searched = Some((typed.to_string(), book, found.clone()));
                found
            }
        }
    }
}

/// A suggestion's row: the name, the city and address last used, and the phone beside them at
/// the right (never cut off by a long name or address).
fn line(p: &Person, dirs: Option<&Directories>) -> Row {
    let city = p
        .city
        .and_then(|id| dirs?.city_name(id).map(str::to_string))
        .unwrap_or_default();
    let place = [city.as_str(), p.address.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    let text = match place.is_empty() {
        true => p.name.clone(),
        false => format!("{} — {place}", p.name),
    };
    Row {
        text,
        side: p.phone.clone(),
    }
}
