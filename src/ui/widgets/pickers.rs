//! Pickers shared by the order screens: a city field that searches as the clerk types (Latin or
//! Cyrillic) and picks with Enter or a click, and a branch list limited to one city.
//!
//! A city field's suggestions are the window's one list ([`Suggestions`]), in a room under the
//! field. Text the clerk leaves in it (Tab, a click away, Ctrl+Enter) is taken when it names
//! exactly one place; otherwise the field says it is not chosen and the form stops there.

use crate::ui::widgets::ERROR_COLOR;
use crate::ui::widgets::suggestions::{ROWS, Rest, Room, Row, Suggestions, move_on};
use api::codes::Language;
use api::directory::DayHours;
use desk::reference::directories::Directories;
use egui::RichText;
use rust_i18n::t;
use text::place_kind::PlaceKind;

/// The text typed into a city field, and its list.
pub struct CityPicker {
    pub query: String,
    shown_for: Option<i64>,
    /// The language the chosen city's name is shown in (a switch names it anew).
    shown_in: Option<Language>,
    /// Distinguishes two pickers with the same label (sender's and receiver's city).
    salt: &'static str,
    focus: bool,
    list: Suggestions,
    /// The clerk left the field with text that names no one place: said under it, and the
    /// form is not sent until a place is chosen.
    unchosen: bool,
}

/// A city field left with text that names no one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotChosen;

impl CityPicker {
    pub fn new(salt: &'static str) -> CityPicker {
        CityPicker {
            query: String::new(),
            shown_for: None,
            shown_in: None,
            salt,
            focus: false,
            list: Suggestions::default(),
            unchosen: false,
        }
    }

    /// Takes the keyboard on the next frame.
    pub fn focus(&mut self) {
        self.focus = true;
    }

    /// Shows the city's name, in the clerk's language, when the value was set elsewhere (a
    /// draft, a reset) or the language changed.
    pub fn sync<P: Places + ?Sized>(&mut self, value: Option<i64>, dirs: Option<&P>) {
        let language = dirs.map(|d| d.language());
        let renamed = value.is_some() && language.is_some() && language != self.shown_in;
        if value != self.shown_for || renamed {
            if let Some(name) = value.and_then(|id| dirs?.shown_name(id)) {
                self.query = name;
                self.shown_in = language;
                self.unchosen = false;
            } else if value.is_none() || value != self.shown_for {
                // A city not (yet) in the directories keeps what is shown until they come.
                self.query.clear();
                self.shown_in = None;
                self.unchosen = false;
            }
            self.shown_for = value;
        }
    }

    /// Takes what the field shows when it names exactly one place (in any script the search
    /// reads); otherwise marks the field as not chosen. Called when the clerk leaves the field
    /// and before the form is sent: the form stops on `Err`.
    pub fn settle<P: Places + ?Sized>(
        &mut self,
        value: &mut Option<i64>,
        dirs: Option<&P>,
    ) -> Result<bool, NotChosen> {
        if value.is_some() || self.query.trim().is_empty() {
            self.unchosen = false;
            return Ok(false);
        }
        match dirs.and_then(|d| d.named(&self.query).map(|i| (d, i))) {
            Some((d, i)) => {
                self.take(value, d, i);
                Ok(true)
            }
            None => {
                self.unchosen = true;
                Err(NotChosen)
            }
        }
    }

    /// Whether the field shows a name the form did not take.
    pub fn is_unchosen(&self) -> bool {
        self.unchosen
    }

    fn take<P: Places + ?Sized>(&mut self, value: &mut Option<i64>, d: &P, index: usize) {
        *value = Some(d.id_at(index));
        self.query = d.name_at(index).to_string();
        self.shown_for = *value;
        self.shown_in = Some(d.language());
        self.unchosen = false;
    }

    /// The field, its list and, when no list is open, what the room says (its problem, the
    /// place chosen, or how to choose). True when the value changed.
    pub fn show<P: Places + ?Sized>(
        &mut self,
        ui: &mut egui::Ui,
        label: &str,
        value: &mut Option<i64>,
        dirs: Option<&P>,
        error: Option<&str>,
    ) -> bool {
        let (changed, room) = self.field(ui, label, value, dirs);
        self.rest(ui, &room, *value, dirs, error);
        ui.add_space(4.0);
        changed
    }

    /// The field and its room, with the list when it is open: the room is handed back for
    /// another list of the form to use (a side's known people) before [`Self::rest`].
    pub fn field<P: Places + ?Sized>(
        &mut self,
        ui: &mut egui::Ui,
        label: &str,
        value: &mut Option<i64>,
        dirs: Option<&P>,
    ) -> (bool, Room) {
        self.sync(*value, dirs);
        let id = ui.make_persistent_id(("city", self.salt));
        // A place is always needed where a city is asked.
        let l = crate::ui::widgets::required_label(ui, label);
        self.list.take_keys(ui);
        let edit = egui::TextEdit::singleline(&mut self.query)
            .id(id)
            .return_key(None)
            .desired_width(f32::INFINITY)
            .hint_text(t!("dir.search_hint"));
        let r = ui.add(edit).labelled_by(l.id);
        if std::mem::take(&mut self.focus) {
            r.request_focus();
        }
        if r.gained_focus() {
            // Given the cursor by a refused send or by Tab: in view.
            r.scroll_to_me(Some(egui::Align::Center));
        }
        let mut changed = false;
        if r.changed() {
            self.unchosen = false;
            if value.is_some() {
                *value = None;
                self.shown_for = None;
                changed = true;
            }
        }
        let room = Room::reserve(ui);
        let typed = value.is_none() && !self.query.trim().is_empty();
        let hits: Vec<usize> = match dirs {
            Some(d) if typed => d.find(&self.query),
            _ => Vec::new(),
        };
        let rows: Vec<Row> = match dirs {
            Some(d) => hits.iter().take(ROWS).map(|i| d.row(*i)).collect(),
            None => Vec::new(),
        };
        let note = match (dirs, hits.len()) {
            (Some(d), 0) if typed => Some(d.nothing_found()),
            (_, n) if n > ROWS => Some(t!("dir.more_places", n = n - ROWS).to_string()),
            _ => None,
        };
        let clicked = self.list.is_clicked(ui, &room);
        // Marked not chosen: the room says so (and why) until the clerk types again, even with
        // the cursor back in the field.
        let field = match self.unchosen {
            true => None,
            false => self
                .list
                .under(ui, &room, &[&r])
                .map(|_| (&r, self.query.as_str())),
        };
        let picked = self.list.show(ui, &room, field, &rows, note.as_deref());
        let enter = r.has_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if let (Some(n), Some(d)) = (picked, dirs) {
            self.take(value, d, hits[n]);
            changed = true;
            move_on(ui, id);
        } else if enter && value.is_some() {
            // Enter on a chosen place moves on; the field after it must not take the Enter too
            // (a drop-down there would open).
            ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
            move_on(ui, id);
        } else if (enter || (r.lost_focus() && !clicked)) && value.is_none() {
            // Enter where nothing is offered, or the field left: what it shows is taken when
            // it names one place, or said not chosen.
            changed |= self.settle(value, dirs).unwrap_or(false);
        }
        (changed, room)
    }

    /// What the room says when no list is open in it: the field's problem, the place chosen
    /// (with its region), or how to choose one.
    pub fn rest<P: Places + ?Sized>(
        &self,
        ui: &mut egui::Ui,
        room: &Room,
        value: Option<i64>,
        dirs: Option<&P>,
        error: Option<&str>,
    ) {
        let not_chosen = t!("dir.not_chosen", typed = self.query.trim());
        let chosen = value.and_then(|id| dirs?.chosen_row(id));
        let hint = t!("dir.pick_hint");
        let rest = match (error.filter(|e| !e.is_empty()), self.unchosen, &chosen) {
            (_, true, _) => Rest::Problem(&not_chosen),
            (Some(e), _, _) => Rest::Problem(e),
            (None, false, Some(row)) => Rest::Note(row),
            (None, false, None) => Rest::Note(&hint),
        };
        room.rest(ui, rest);
    }
}

/// What a place field searches and names: the home country's cities (the directories), or one
/// country's cities abroad ([`AbroadPlaces`]). Places are addressed by an index `find` gives.
pub trait Places {
    /// The places the typed text points at, best first.
    fn find(&self, query: &str) -> Vec<usize>;
    /// The service's id of a place.
    fn id_at(&self, index: usize) -> i64;
    /// The name the field shows once a place is chosen.
    fn name_at(&self, index: usize) -> &str;
    /// A chosen place's name, by its id.
    fn name_of(&self, id: i64) -> Option<&str>;
    /// A suggestion's row: the place, and its region (or country) beside it.
    fn row(&self, index: usize) -> Row;
    /// What the field shows for a place chosen by its id, in the language of the moment.
    fn shown_name(&self, id: i64) -> Option<String> {
        self.name_of(id).map(str::to_string)
    }
    /// The language the names are in.
    fn language(&self) -> Language;
    /// The one place the text names: the only one it finds, or the only one whose own name
    /// (in any script) it is.
    fn named(&self, query: &str) -> Option<usize> {
        let hits = self.find(query);
        if let [one] = hits.as_slice() {
            return Some(*one);
        }
        let key = text::translit::place_key(query);
        let mut exact = hits
            .into_iter()
            .filter(|i| text::translit::place_key(self.name_at(*i)) == key);
        match (exact.next(), exact.next()) {
            (Some(one), None) => Some(one),
            _ => None,
        }
    }
    /// What the room under a field says of the place chosen in it.
    fn chosen_row(&self, _id: i64) -> Option<String> {
        None
    }
    /// What the list says when the text points at nothing.
    fn nothing_found(&self) -> String {
        t!("dir.no_place").to_string()
    }
}

impl Places for Directories {
    fn find(&self, query: &str) -> Vec<usize> {
        self.find_cities(query)
    }
    fn id_at(&self, index: usize) -> i64 {
        self.data.cities[index].id
    }
    fn name_at(&self, index: usize) -> &str {
        self.city_name_at(index)
    }
    fn name_of(&self, id: i64) -> Option<&str> {
        self.city_name(id)
    }
    /// The place in the clerk's language, what it is (when its name does not say it already)
    /// and its region.
    fn row(&self, index: usize) -> Row {
        let c = &self.data.cities[index];
        let name = self.city_name_at(index);
        let region = self.region_name(c.region_id).unwrap_or("");
        let kind = match self.city_kind(index) {
            PlaceKind::Other => format!(" ({})", t!("dir.kind_place")),
            _ => String::new(),
        };
        Row {
            text: format!("{name}{kind} — {region}"),
            side: String::new(),
        }
    }
    fn language(&self) -> Language {
        Directories::language(self)
    }
    fn named(&self, query: &str) -> Option<usize> {
        if let Some(i) = self.city_index_named(query) {
            return Some(i);
        }
        match self.find_cities(query).as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }
    fn chosen_row(&self, id: i64) -> Option<String> {
        let region = self.region_name(self.city(id)?.region_id)?;
        Some(t!("dir.chosen", place = region).to_string())
    }
}

/// A city abroad in words, "Moskva, Rossiya": its own and its country's names as the
/// directories give them, or its numbers where they know none (yet).
pub fn place_abroad(dirs: Option<&Directories>, place: store::PlaceAbroad) -> String {
    let city = dirs
        .and_then(|d| d.abroad_name(place.country, place.city))
        .map(str::to_string)
        .unwrap_or_else(|| t!("intl_calc.city_no", id = place.city).to_string());
    let country = dirs
        .and_then(|d| d.data.countries.iter().find(|c| c.id == place.country))
        .map(|c| c.name.clone())
        .unwrap_or_else(|| t!("intl_calc.country_no", id = place.country).to_string());
    format!("{city}, {country}")
}

/// One country's cities abroad, as learned from the international orders; and, when the clerk
/// types a number no known city has, that number as the service's id of a city not learned yet
/// (the service prices any city it knows).
pub struct AbroadPlaces<'a> {
    dirs: &'a Directories,
    country: Option<i64>,
    /// A typed id no known city of the country has, and how it is shown.
    typed: Option<(i64, String)>,
}

impl<'a> AbroadPlaces<'a> {
    pub fn new(dirs: &'a Directories, country: Option<i64>, query: &str) -> AbroadPlaces<'a> {
        let typed = country
            .and_then(|c| {
                let id = query.trim().parse::<i64>().ok().filter(|id| *id > 0)?;
                dirs.abroad_name(c, id).is_none().then_some(id)
            })
            .map(|id| (id, t!("intl_calc.city_number", id = id).to_string()));
        AbroadPlaces {
            dirs,
            country,
            typed,
        }
    }

    /// The index a typed id is offered at: past the learned cities.
    fn typed_at(&self) -> usize {
        self.dirs.data.abroad_cities.len()
    }
}

impl Places for AbroadPlaces<'_> {
    fn find(&self, query: &str) -> Vec<usize> {
        let Some(country) = self.country else {
            return Vec::new();
        };
        let mut found = self.dirs.find_abroad(country, query);
        if self.typed.is_some() {
            found.push(self.typed_at());
        }
        found
    }
    fn id_at(&self, index: usize) -> i64 {
        match (&self.typed, self.dirs.data.abroad_cities.get(index)) {
            (_, Some(c)) => c.id,
            (Some((id, _)), None) => *id,
            (None, None) => 0,
        }
    }
    fn name_at(&self, index: usize) -> &str {
        match (&self.typed, self.dirs.data.abroad_cities.get(index)) {
            (_, Some(c)) => &c.name,
            (Some((_, shown)), None) => shown,
            (None, None) => "",
        }
    }
    fn name_of(&self, id: i64) -> Option<&str> {
        self.dirs.abroad_name(self.country?, id)
    }
    fn row(&self, index: usize) -> Row {
        Row::from(self.name_at(index).to_string())
    }
    /// A city not learned yet is shown by its number, said in the language of the moment (a
    /// switch says it anew).
    fn shown_name(&self, id: i64) -> Option<String> {
        match self.name_of(id) {
            Some(name) => Some(name.to_string()),
            None => self
                .country
                .map(|_| t!("intl_calc.city_number", id = id).to_string()),
        }
    }
    fn chosen_row(&self, _id: i64) -> Option<String> {
        let country = self
            .dirs
            .data
            .countries
            .iter()
            .find(|c| Some(c.id) == self.country)?;
        Some(t!("dir.chosen", place = country.name).to_string())
    }
    fn language(&self) -> Language {
        self.dirs.language()
    }
    fn nothing_found(&self) -> String {
        match self.country {
            None => t!("intl_calc.country_first").to_string(),
            Some(c) if self.dirs.abroad_in(c).is_empty() => {
                t!("intl_calc.no_cities_yet").to_string()
            }
            Some(_) => t!("intl_calc.no_such_city").to_string(),
        }
    }
}

/// Today's opening hours as text.
fn today_hours(hours: &api::directory::WorkingHours) -> String {
    use chrono::Datelike;
    let day = chrono::Utc::now()
        .with_timezone(&text::day::counter_zone())
        .weekday()
        .num_days_from_monday() as usize;
    match hours.day(day) {
        None => t!("dir.closed").to_string(),
        Some(DayHours::AllDay) => t!("dir.all_day").to_string(),
        Some(h) => h.to_string(),
    }
}

/// A branch of one city, with today's hours beside each name.
pub fn branch_picker(
    ui: &mut egui::Ui,
    label: &str,
    city: Option<i64>,
    value: &mut Option<i64>,
    dirs: Option<&Directories>,
    error: Option<&str>,
) -> egui::Response {
    // An office is needed wherever one is asked.
    let l = crate::ui::widgets::required_label(ui, label);
    let branches: Vec<&api::directory::Branch> = match (city, dirs) {
        (Some(c), Some(d)) => d.data.branches.iter().filter(|b| b.city_id == c).collect(),
        _ => Vec::new(),
    };
    if value.is_some_and(|v| !branches.iter().any(|b| b.id == v)) {
        *value = None;
    }
    if value.is_none() && branches.len() == 1 {
        *value = Some(branches[0].id);
    }
    let text = |b: &api::directory::Branch| {
        format!(
            "{} — {} ({})",
            b.name,
            today_hours(&b.working_hours),
            t!("dir.today")
        )
    };
    // The closed box names the office (its number is what tells offices apart); today's hours
    // are in the list and on hover.
    let chosen = value.and_then(|v| branches.iter().find(|b| b.id == v));
    let selected = chosen.map(|b| b.name.clone()).unwrap_or_default();
    let r = crate::ui::widgets::dropdown::Dropdown::new(("branch", label))
        .width(ui.available_width())
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for b in &branches {
                ui.selectable_value(value, Some(b.id), text(b));
            }
        })
        .response
        .labelled_by(l.id);
    let r = match chosen {
        Some(b) => r.on_hover_text(text(b)),
        None => r,
    };
    let ids: Vec<Option<i64>> = branches.iter().map(|b| Some(b.id)).collect();
    let name = |id: &Option<i64>| {
        branches
            .iter()
            .find(|b| Some(b.id) == *id)
            .map(|b| b.name.clone())
            .unwrap_or_default()
    };
    crate::ui::widgets::keyboard_pick(ui, &r, value, &ids, name);
    if let (Some(c), true) = (city, branches.is_empty() && dirs.is_some()) {
        // Nothing to choose from: said, with the way out, instead of an empty list.
        let place = dirs.and_then(|d| d.city_name(c)).unwrap_or_default();
        let text = t!("order.no_office_here", place = place);
        ui.label(RichText::new(text).color(ERROR_COLOR));
    }
    if let Some(e) = error {
        ui.label(RichText::new(e).color(ERROR_COLOR));
    }
    ui.add_space(4.0);
    r
}

/// Something chosen by its id and shown by its name: a directory's `{id, name}` rows, countries.
pub trait Named {
    fn id(&self) -> i64;
    fn name(&self) -> &str;
}

impl Named for api::directory::IdName {
    fn id(&self) -> i64 {
        self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
}

impl Named for api::directory::Country {
    fn id(&self) -> i64 {
        self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
}

/// A choice from a list of named rows, as the directory holds them (nothing copied per frame).
pub fn id_name_picker<T: Named>(
    ui: &mut egui::Ui,
    label: &str,
    list: &[T],
    value: &mut Option<i64>,
    error: Option<&str>,
) -> egui::Response {
    // Every such choice the desk asks for is needed.
    let l = crate::ui::widgets::required_label(ui, label);
    let selected = value
        .and_then(|v| list.iter().find(|x| x.id() == v))
        .map(|x| x.name().to_string())
        .unwrap_or_default();
    let r = crate::ui::widgets::dropdown::Dropdown::new(("pick", label))
        .width(ui.available_width())
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for x in list {
                ui.selectable_value(value, Some(x.id()), x.name());
            }
        })
        .response
        .labelled_by(l.id);
    let ids: Vec<Option<i64>> = list.iter().map(|x| Some(x.id())).collect();
    let name = |id: &Option<i64>| {
        list.iter()
            .find(|x| Some(x.id()) == *id)
            .map(|x| x.name().to_string())
            .unwrap_or_default()
    };
    crate::ui::widgets::keyboard_pick(ui, &r, value, &ids, name);
    if let Some(e) = error {
        ui.label(RichText::new(e).color(ERROR_COLOR));
    }
    ui.add_space(4.0);
    r
}
