//! The people the shop already knows, offered under a side's name or phone field as the clerk
//! types: the arrows move through them, Enter or a click takes one and fills the whole side (city,
//! address, office, how it is handed over), and the cursor moves on to what is still to type. Esc
//! puts the list away; every field stays editable after a pick.

use crate::ui::widgets::hover_intent::HoverIntent;
use api::codes::Delivery;
use desk::Desk;
use desk::domestic::order_draft::Side;
use desk::reference::directories::Directories;
use egui::RichText;
use rust_i18n::t;
use store::Person;

/// One side's list: which row Enter takes, and the text Esc put it away for.
#[derive(Default)]
pub(super) struct Acquaintances {
    highlighted: usize,
    dismissed_for: Option<String>,
    /// The field the list was open under in the last frame (its arrows are the list's).
    open_under: Option<egui::Id>,
    /// Where the list was drawn last (a press there keeps it open for its click).
    list_rect: Option<egui::Rect>,
    /// A click on the list counts once the pointer rested on it.
    intent: HoverIntent,
    /// Esc was pressed on the list (taken before the field could let go of the cursor).
    escaped: bool,
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
    /// Takes the arrows and Esc before the fields are drawn, when the list is open under the
    /// field that has the cursor (they would move the caret, or take the cursor out of the
    /// field): how far down (+) or up (-).
    pub(super) fn take_arrows(&mut self, ui: &mut egui::Ui) -> isize {
        let Some(under) = self.open_under else {
            return 0;
        };
        if !ui.memory(|m| m.has_focus(under)) {
            return 0;
        }
        ui.input_mut(|i| {
            let none = egui::Modifiers::NONE;
            let down = i.count_and_consume_key(none, egui::Key::ArrowDown);
            let up = i.count_and_consume_key(none, egui::Key::ArrowUp);
            self.escaped |= i.consume_key(none, egui::Key::Escape);
            down as isize - up as isize
        })
    }

    /// After a side's name and phone fields are drawn: the list under the one with the cursor.
    /// A person picked (Enter or a click) comes back.
    pub(super) fn offer(
        &mut self,
        ui: &mut egui::Ui,
        desk: &Desk,
        dirs: Option<&Directories>,
        fields: [(&egui::Response, &str); 2],
        moved: isize,
    ) -> Option<Person> {
        let focused = fields.iter().find(|(r, _)| r.has_focus() || r.lost_focus());
        // A key typed this frame changes the list: it is read anew before a click counts.
        if fields.iter().any(|(r, _)| r.changed()) {
            self.intent.changed(ui);
        }
        let live = self.intent.live(ui, self.list_rect);
        let pressing_a_row = live && ui.input(|i| i.pointer.any_down() || i.pointer.any_released());
        let under = focused.or_else(|| {
            pressing_a_row
                .then(|| fields.iter().find(|(r, _)| Some(r.id) == self.open_under))
                .flatten()
        });
        self.list_rect = None;
        let Some((field, typed)) = under else {
            self.open_under = None;
            return None;
        };
        if field.gained_focus() {
            self.typed = false;
        }
        if field.changed() {
            self.highlighted = 0;
            self.dismissed_for = None;
            self.typed = true;
        }
        let typed = typed.trim();
        if std::mem::take(&mut self.escaped) {
            self.dismissed_for = Some(typed.to_string());
        }
        if !self.typed {
            self.open_under = None;
            return None;
        }
        let found = match &self.dismissed_for {
            Some(d) if d == typed => Vec::new(),
            _ => self.search(desk, typed),
        };
        // Already the person in the field: nothing to offer.
        let found: Vec<Person> = found
            .into_iter()
            .filter(|p| !(p.name == typed || p.phone == typed))
            .collect();
        if found.is_empty() {
            self.open_under = None;
            return None;
        }
        let last = found.len() - 1;
        self.highlighted = self.highlighted.saturating_add_signed(moved).min(last);
        // Enter takes the cursor out of a one-line field: then it takes the highlighted person.
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let mut pick = enter.then_some(self.highlighted);
        if pick.is_none() && (field.has_focus() || pressing_a_row) {
            let area = egui::Area::new(field.id.with("people"))
                .order(egui::Order::Foreground)
                .interactable(live)
                .fixed_pos(field.rect.left_bottom() + egui::vec2(0.0, 2.0));
            let list = area.show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    // No wider than its field: the other side's column stays in sight.
                    ui.set_width(field.rect.width());
                    ui.label(RichText::new(t!("people.known")).weak().small());
                    for (n, p) in found.iter().enumerate() {
                        let row = egui::Button::selectable(n == self.highlighted, line(p, dirs))
                            .sense(egui::Sense::CLICK);
                        if ui.add(row).clicked() {
                            pick = Some(n);
                        }
                    }
                    ui.label(RichText::new(t!("people.keys")).weak().small());
                })
            });
            self.list_rect = Some(list.response.rect);
            self.open_under = Some(field.id);
        } else {
            self.open_under = None;
        }
        let person = found.into_iter().nth(pick?)?;
        self.highlighted = 0;
        self.dismissed_for = None;
        self.open_under = None;
        Some(person)
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

/// A suggestion's row: the name and phone, then the city and address last used.
fn line(p: &Person, dirs: Option<&Directories>) -> String {
    let city = p
        .city
        .and_then(|id| dirs?.city_name(id).map(str::to_string))
        .unwrap_or_default();
    let place = [city.as_str(), p.address.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    match place.is_empty() {
        true => format!("{} · {}", p.name, p.phone),
        false => format!("{} · {} — {place}", p.name, p.phone),
    }
}
