//! Pickers shared by the order screens: a city field that searches as the clerk types (Latin or
//! Cyrillic) and picks with Enter or a click, and a branch list limited to one city.

use crate::ui::widgets::ERROR_COLOR;
use crate::ui::widgets::hover_intent::HoverIntent;
use api::codes::Language;
use api::directory::DayHours;
use desk::reference::directories::Directories;
use egui::RichText;
use rust_i18n::t;
use text::place_kind::PlaceKind;

/// How many suggestions a city field lists at most (Tashkent city alone has twelve districts).
const SUGGESTIONS: usize = 8;

/// The text typed into a city field and whether its suggestions are showing.
#[derive(Clone)]
pub struct CityPicker {
    pub query: String,
    shown_for: Option<i64>,
    /// The language the chosen city's name is shown in (a switch names it anew).
    shown_in: Option<Language>,
    /// Distinguishes two pickers with the same label (sender's and receiver's city).
    salt: &'static str,
    focus: bool,
    /// The suggestion Enter takes (moved with the arrow keys).
    highlighted: usize,
    /// Esc put the suggestions away; typing brings them back.
    dismissed: bool,
    /// Where the suggestions were drawn last (a press there keeps them open for its click).
    list_rect: Option<egui::Rect>,
    /// A click on the suggestions counts once the pointer rested on them.
    intent: HoverIntent,
}

impl CityPicker {
    pub fn new(salt: &'static str) -> CityPicker {
        CityPicker {
            query: String::new(),
            shown_for: None,
            shown_in: None,
            salt,
            focus: false,
            highlighted: 0,
            dismissed: false,
            list_rect: None,
            intent: HoverIntent::default(),
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
            if let Some(name) = value.and_then(|id| dirs?.name_of(id)) {
                self.query = name.to_string();
                self.shown_in = language;
            } else if value.is_none() || value != self.shown_for {
                // A city not (yet) in the directories keeps what is shown until they come.
                self.query.clear();
                self.shown_in = None;
            }
            self.shown_for = value;
        }
    }

    /// Returns true when the value changed.
    pub fn show<P: Places + ?Sized>(
        &mut self,
        ui: &mut egui::Ui,
        label: &str,
        value: &mut Option<i64>,
        dirs: Option<&P>,
        error: Option<&str>,
    ) -> bool {
        self.sync(*value, dirs);
        let id = ui.make_persistent_id(("city", self.salt));
        // A place is always needed where a city is asked.
        let l = crate::ui::widgets::required_label(ui, label);
        // Enter, the arrows and Esc are the picker's own while it has the cursor.
        let keys = egui::EventFilter {
            vertical_arrows: true,
            escape: true,
            ..Default::default()
        };
        let edit = egui::TextEdit::singleline(&mut self.query)
            .id(id)
            .return_key(None)
            .event_filter(keys)
            .desired_width(f32::INFINITY)
            .hint_text(t!("dir.search_hint"));
        let r = ui.add(edit).labelled_by(l.id);
        if std::mem::take(&mut self.focus) {
            r.request_focus();
        }
        let mut changed = false;
        if r.changed() {
            self.intent.changed(ui);
            self.dismissed = false;
            self.highlighted = 0;
            if value.is_some() {
                *value = None;
                self.shown_for = None;
                changed = true;
            }
        }
        let pressed = |key| r.has_focus() && ui.input(|i| i.key_pressed(key));
        let hits: Vec<usize> = match dirs {
            Some(d) if value.is_none() && !self.query.trim().is_empty() && !self.dismissed => {
                d.find(&self.query)
            }
            _ => Vec::new(),
        };
        if pressed(egui::Key::Escape) {
            if hits.is_empty() {
                ui.memory_mut(|m| m.surrender_focus(id));
            }
            self.dismissed = true;
        }
        // Every press of the arrows counts, however fast they come; they are the list's, never
        // the caret's (Up would jump to the start of the text).
        let (down, up) = if r.has_focus() {
            ui.input_mut(|i| {
                let none = egui::Modifiers::NONE;
                let down = i.count_and_consume_key(none, egui::Key::ArrowDown);
                let up = i.count_and_consume_key(none, egui::Key::ArrowUp);
                (down, up)
            })
        } else {
            (0, 0)
        };
        let mut hits = hits;
        if down > 0 && self.dismissed && value.is_none() {
            // Down brings back the list Esc put away.
            self.dismissed = false;
            if let Some(d) = dirs.filter(|_| !self.query.trim().is_empty()) {
                hits = d.find(&self.query);
            }
        }
        let shown = hits.len().min(SUGGESTIONS);
        if shown > 0 {
            self.highlighted = (self.highlighted + down).saturating_sub(up).min(shown - 1);
        }
        // Enter or Tab takes the highlighted suggestion; Enter on a chosen city moves on.
        let tab =
            r.has_focus() && ui.input(|i| i.key_pressed(egui::Key::Tab) && !i.modifiers.shift);
        let mut pick = None;
        let enter = pressed(egui::Key::Enter);
        if shown > 0 && (enter || tab) && !self.dismissed {
            pick = Some(hits[self.highlighted]);
        } else if value.is_some() && enter {
            move_on(ui, id);
        }
        if enter && (pick.is_some() || value.is_some()) {
            // The Enter was the picker's: the field the cursor moves on to this very frame
            // must not take it too (a drop-down there would open).
            ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
        }
        // The suggestions float over the form below the field, so choosing one never moves the
        // fields under a clerk's hand; shown while the field has the cursor (or while a row is
        // being clicked). Not drawn in the frame of a pick.
        let typed_nowhere = value.is_none() && !self.query.trim().is_empty() && hits.is_empty();
        // They float over the fields below: a click right after the last key goes through them
        // to the field under it, and takes a place only once the pointer rested on them.
        let live = self.intent.live(ui, self.list_rect);
        let pressing_a_row = live
            && self.list_rect.is_some_and(|rect| {
                ui.input(|i| {
                    let over = i.pointer.interact_pos().is_some_and(|p| rect.contains(p));
                    over && (i.pointer.any_down() || i.pointer.any_released())
                })
            });
        let open = (r.has_focus() || pressing_a_row) && !self.dismissed;
        self.list_rect = None;
        if let (None, Some(d), true) = (pick, dirs, open && (shown > 0 || typed_nowhere)) {
            let area = egui::Area::new(id.with("suggestions"))
                .order(egui::Order::Foreground)
                .interactable(live)
                .fixed_pos(r.rect.left_bottom() + egui::vec2(0.0, 2.0));
            let list = area.show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_width(r.rect.width().max(240.0));
                    for (n, i) in hits.iter().take(shown).enumerate() {
                        // Clicked, never tabbed to: the keyboard picks with the arrows and Enter.
                        let row = egui::Button::selectable(n == self.highlighted, d.row(*i))
                            .sense(egui::Sense::CLICK);
                        if ui.add(row).clicked() {
                            pick = Some(*i);
                        }
                    }
                    if hits.len() > shown {
                        let more = t!("dir.more_places", n = hits.len() - shown);
                        ui.label(RichText::new(more).weak().small());
                    }
                    if typed_nowhere {
                        ui.label(RichText::new(d.nothing_found()).weak());
                    }
                })
            });
            self.list_rect = Some(list.response.rect);
        }
        if let (Some(i), Some(d)) = (pick, dirs) {
            *value = Some(d.id_at(i));
            self.query = d.name_at(i).to_string();
            self.shown_for = *value;
            self.shown_in = Some(d.language());
            changed = true;
            if !tab {
                move_on(ui, id);
            }
        }
        if let Some(e) = error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        ui.add_space(4.0);
        changed
    }
}

/// Gives the cursor to the field after the picker `id`, in reading order, within this frame:
/// the picker takes it and at once passes it on, so the next field that wants the keyboard when
/// egui meets it has it (a keystroke right after Enter lands there, never in the picker).
fn move_on(ui: &egui::Ui, id: egui::Id) {
    let layer = ui.layer_id();
    ui.memory_mut(|m| {
        m.request_focus(id);
        m.move_focus(egui::FocusDirection::Next);
        m.interested_in_focus(id, layer);
    });
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
    /// A suggestion's row.
    fn row(&self, index: usize) -> String;
    /// The language the names are in.
    fn language(&self) -> Language;
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
    fn row(&self, index: usize) -> String {
        let c = &self.data.cities[index];
        let name = self.city_name_at(index);
        let region = self.region_name(c.region_id).unwrap_or("");
        let kind = match self.city_kind(index) {
            PlaceKind::Other => format!(" ({})", t!("dir.kind_place")),
            _ => String::new(),
        };
        format!("{name}{kind} — {region}")
    }
    fn language(&self) -> Language {
        Directories::language(self)
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
    fn row(&self, index: usize) -> String {
        self.name_at(index).to_string()
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
    let selected = value
        .and_then(|v| branches.iter().find(|b| b.id == v))
        .map(|b| text(b))
        .unwrap_or_default();
    let r = egui::ComboBox::from_id_salt(("branch", label))
        .width(ui.available_width())
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for b in &branches {
                ui.selectable_value(value, Some(b.id), text(b));
            }
        })
        .response
        .labelled_by(l.id);
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
    let r = egui::ComboBox::from_id_salt(("pick", label))
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
