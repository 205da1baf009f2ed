//! The one list of suggestions of the window: every field that offers choices as the clerk
//! types (known people, cities at home and abroad, product lines declared before) offers them
//! through this, and it holds the desk's rules for such lists in one place.
//!
//! - **It covers nothing.** The list is drawn in a room of its own under its field ([`Room`]),
//!   kept whether the list shows or not. A click aimed at another field lands in that field,
//!   however long the list has been open, and nothing below moves when the list comes or goes.
//!   (A list floating over the form took a click meant for the next field as a pick, whatever
//!   delay was tried before a click on it counted.)
//! - **A pick is aimed.** Enter takes the highlighted row (the arrows move it); a click takes a
//!   row only once it has stood as it is for a moment ([`STEADY`]): a row that changed under the
//!   pointer as a key landed takes no click. Tab never picks.
//! - **Keys land where the cursor is.** The list's keys (the arrows, Enter, Esc) are taken before
//!   the field reads them; Esc puts the list away and leaves the cursor in the field; a pick
//!   moves the cursor on within its frame (the owner's [`focus_now`]), so a key typed right after
//!   lands in the next field.

use crate::ui::widgets::ERROR_COLOR;
use egui::{Id, Rect, Response, RichText, Ui};
use std::cell::Cell;

/// Rows a room shows at most (more are said, and reached by typing on).
pub const ROWS: usize = 3;

/// How long a row must have stood as it is before a click on it counts (seconds): quicker than a
/// clerk reads a row, longer than a key typed right before a click takes to change it.
pub const STEADY: f64 = 0.3;

/// The room a list is drawn in: reserved where the list belongs (under its field), filled once
/// the fields it serves are drawn. What a room shows when no list is open is its owner's
/// ([`Room::rest`]).
pub struct Room {
    rect: Rect,
    /// A list, or the owner's words, was drawn in it this frame.
    filled: Cell<bool>,
}

/// What a room holds when no list is open in it.
pub enum Rest<'a> {
    /// A quiet word on what the field does or what it holds.
    Note(&'a str),
    /// What is wrong with the field.
    Problem(&'a str),
}

impl Room {
    /// Keeps the room of a list here, whether one shows or not.
    pub fn reserve(ui: &mut Ui) -> Room {
        let size = egui::vec2(ui.available_width(), height(ui));
        let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
        Room {
            rect,
            filled: Cell::new(false),
        }
    }

    /// The room's place on the screen.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// When no list used the room this frame: `rest` in it.
    pub fn rest(&self, ui: &mut Ui, rest: Rest<'_>) {
        if self.filled.replace(true) {
            return;
        }
        let mut inside = ui.new_child(inside(self.rect));
        let text = match rest {
            Rest::Note(t) => RichText::new(t).weak().small(),
            Rest::Problem(t) => RichText::new(t).color(ERROR_COLOR),
        };
        inside.add(egui::Label::new(text).wrap());
    }
}

/// What is drawn in a room: top down, left-aligned (a wrapped line in a justified column would
/// be stretched to its width), within the room.
fn inside(rect: Rect) -> egui::UiBuilder {
    egui::UiBuilder::new()
        .max_rect(rect)
        .layout(egui::Layout::top_down(egui::Align::Min))
}

/// A row's height in a room.
fn row_height(ui: &Ui) -> f32 {
    ui.spacing().interact_size.y
}

/// A room's height: its rows and a small line under them.
fn height(ui: &Ui) -> f32 {
    let small = ui.text_style_height(&egui::TextStyle::Small);
    ROWS as f32 * row_height(ui) + small + ui.spacing().item_spacing.y
}

/// One row of a list: what it offers, and beside it at the right a fact that tells two rows
/// apart (a person's phone, a place's region), never cut off by a long name.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Row {
    pub text: String,
    pub side: String,
}

impl From<String> for Row {
    fn from(text: String) -> Row {
        Row {
            text,
            side: String::new(),
        }
    }
}

/// The keys the list took from its field this frame, before the field read them.
#[derive(Debug, Default, Clone, Copy)]
struct Keys {
    down: usize,
    up: usize,
    enter: bool,
    escape: bool,
}

/// One field's (or a pair of fields') list: which row Enter takes, what Esc put away, when each
/// row shown came to stand as it is.
#[derive(Debug, Default)]
pub struct Suggestions {
    highlighted: usize,
    /// Esc put the list away for this text; typing brings it back.
    dismissed: Option<String>,
    /// The field the list was open under in the last frame (its keys are the list's).
    open_under: Option<Id>,
    /// Whether that list had rows Enter could take.
    had_rows: bool,
    /// The rows shown in the last frame, each with the time it came to stand as it is.
    shown: Vec<(Row, f64)>,
    keys: Keys,
}

impl Suggestions {
    /// Takes the list's keys (the arrows, Enter, Esc) before the field with the cursor reads
    /// them, when the list is open under it. Call before the field is drawn.
    pub fn take_keys(&mut self, ui: &mut Ui) {
        self.keys = Keys::default();
        let Some(under) = self.open_under else {
            return;
        };
        if !ui.memory(|m| m.has_focus(under)) {
            return;
        }
        let rows = self.had_rows;
        self.keys = ui.input_mut(|i| {
            let none = egui::Modifiers::NONE;
            Keys {
                down: i.count_and_consume_key(none, egui::Key::ArrowDown),
                up: i.count_and_consume_key(none, egui::Key::ArrowUp),
                enter: rows && i.consume_key(none, egui::Key::Enter),
                escape: i.consume_key(none, egui::Key::Escape),
            }
        });
    }

    /// Whether the clerk is clicking in `room`, where this list was open in the last frame.
    fn clicking_in(&self, ui: &Ui, room: &Room) -> bool {
        self.open_under.is_some()
            && ui.input(|i| {
                let at = i.pointer.interact_pos();
                let inside = at.is_some_and(|p| room.rect.contains(p));
                inside && (i.pointer.any_down() || i.pointer.any_released())
            })
    }

    /// Which of `fields` the list is under in this frame: the one with the cursor, or the one
    /// it was open under while a row of it is being clicked (the press took the cursor away).
    pub fn under(&self, ui: &Ui, room: &Room, fields: &[&Response]) -> Option<usize> {
        fields.iter().position(|r| r.has_focus()).or_else(|| {
            let clicking = self.clicking_in(ui, room);
            fields
                .iter()
                .position(|r| clicking && Some(r.id) == self.open_under)
        })
    }

    /// Whether a press of the pointer in `room` is under way for this list (a field that lost
    /// the cursor to it is not being left).
    pub fn is_clicked(&self, ui: &Ui, room: &Room) -> bool {
        self.clicking_in(ui, room)
    }

    /// The list under `field` (holding `text`), in `room`: `rows` best first, and a quiet `note`
    /// under them (how many more, or that nothing is found). The row picked, if any. Call after
    /// the field is drawn; with no field (`None`), the list is closed.
    pub fn show(
        &mut self,
        ui: &mut Ui,
        room: &Room,
        field: Option<(&Response, &str)>,
        rows: &[Row],
        note: Option<&str>,
    ) -> Option<usize> {
        let keys = std::mem::take(&mut self.keys);
        let Some((field, text)) = field else {
            self.close();
            return None;
        };
        if field.changed() || field.gained_focus() {
            self.highlighted = 0;
            self.dismissed = None;
        }
        let text = text.trim();
        if keys.escape {
            self.dismissed = Some(text.to_string());
        }
        let put_away = self.dismissed.as_deref() == Some(text);
        if put_away || (rows.is_empty() && note.is_none()) {
            self.close();
            return None;
        }
        let shown = rows.len().min(ROWS);
        if shown > 0 {
            let at = self.highlighted + keys.down;
            self.highlighted = at.saturating_sub(keys.up).min(shown - 1);
        }
        let mut pick = (keys.enter && shown > 0).then_some(self.highlighted);
        let now = ui.input(|i| i.time);
        self.follow(&rows[..shown], now);
        if pick.is_none() {
            pick = self.draw(ui, room, &rows[..shown], note, now);
        }
        room.filled.set(true);
        self.open_under = Some(field.id);
        // While the list is open, Esc and the arrows are its own: egui must not take the cursor
        // out of the field for them before the list reads them in the next frame.
        let keys = egui::EventFilter {
            horizontal_arrows: true,
            vertical_arrows: true,
            tab: false,
            escape: true,
        };
        ui.memory_mut(|m| m.set_focus_lock_filter(field.id, keys));
        self.had_rows = shown > 0;
        if pick.is_some() {
            self.close();
            self.highlighted = 0;
        }
        pick
    }

    /// The rows in the room; the one clicked, if it stood long enough to be aimed at.
    fn draw(
        &mut self,
        ui: &mut Ui,
        room: &Room,
        rows: &[Row],
        note: Option<&str>,
        now: f64,
    ) -> Option<usize> {
        let mut pick = None;
        let mut inside = ui.new_child(inside(room.rect));
        inside.spacing_mut().item_spacing.y = 0.0;
        let width = room.rect.width();
        for (n, row) in rows.iter().enumerate() {
            // Clicked, never tabbed to: the keyboard picks with the arrows and Enter.
            let side = RichText::new(row.side.as_str()).weak();
            let button = egui::Button::selectable(n == self.highlighted, row.text.as_str())
                .right_text(side)
                .truncate()
                .min_size(egui::vec2(width, row_height(ui)))
                .sense(egui::Sense::CLICK);
            let r = inside.add(button);
            let whole = match row.side.is_empty() {
                true => row.text.clone(),
                false => format!("{} · {}", row.text, row.side),
            };
            let r = r.on_hover_text(whole);
            let steady = self
                .shown
                .get(n)
                .is_some_and(|(_, since)| now - since >= STEADY);
            if r.clicked() && steady {
                pick = Some(n);
            }
        }
        if let Some(note) = note {
            inside.add(egui::Label::new(RichText::new(note).weak().small()).truncate());
        }
        pick
    }

    /// Notes which rows stand as they were and which changed in this frame.
    fn follow(&mut self, rows: &[Row], now: f64) {
        let before = std::mem::take(&mut self.shown);
        self.shown = rows
            .iter()
            .enumerate()
            .map(|(n, row)| match before.get(n) {
                Some((was, since)) if was == row => (row.clone(), *since),
                _ => (row.clone(), now),
            })
            .collect();
    }

    /// The list is not shown.
    fn close(&mut self) {
        self.open_under = None;
        self.had_rows = false;
        self.shown.clear();
    }
}

/// Gives the cursor to the widget `id` now: a key typed right after the pick lands there,
/// whether the widget is drawn later in this frame or in the next.
pub fn focus_now(ui: &Ui, id: Id) {
    ui.memory_mut(|m| m.request_focus(id));
}

/// Gives the cursor to the field after `id` (in the order fields are drawn) within this frame:
/// the field takes it and at once passes it on, so the next field that wants the keyboard has it
/// when egui meets it.
pub fn move_on(ui: &Ui, id: Id) {
    let layer = ui.layer_id();
    ui.memory_mut(|m| {
        m.request_focus(id);
        m.move_focus(egui::FocusDirection::Next);
        m.interested_in_focus(id, layer);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame at `time`: the field (with the cursor when `focused`) over a room, the list
    /// offering `rows`; the pointer at `at`, pressed or released when `click` says so. What was
    /// picked.
    fn frame(
        ctx: &egui::Context,
        list: &mut Suggestions,
        time: f64,
        events: Vec<egui::Event>,
        rows: &[Row],
        text: &mut String,
    ) -> (Option<usize>, Rect, Rect, Id) {
        let input = egui::RawInput {
            time: Some(time),
            events,
            screen_rect: Some(Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(400.0, 400.0),
            )),
            ..Default::default()
        };
        let mut out = (None, Rect::NOTHING, Rect::NOTHING, Id::NULL);
        let mut output = ctx.run_ui(input, |ui| {
            list.take_keys(ui);
            let r = ui.add(egui::TextEdit::singleline(text).id_salt("field"));
            let room = Room::reserve(ui);
            let field = list.under(ui, &room, &[&r]).map(|_| (&r, text.as_str()));
            let picked = list.show(ui, &room, field, rows, None);
            let next = ui.add(egui::TextEdit::singleline(&mut String::new()).id_salt("next"));
            out = (picked, room.rect(), next.rect, r.id);
        });
        output.textures_delta.clear();
        out
    }

    fn press(at: egui::Pos2, pressed: bool) -> egui::Event {
        egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    fn key(k: egui::Key) -> egui::Event {
        egui::Event::Key {
            key: k,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        }
    }

    #[test]
    fn the_room_covers_no_field_and_a_row_takes_a_click_only_once_it_stood() {
        let ctx = egui::Context::default();
        let mut list = Suggestions::default();
        let before: Vec<Row> = ["Samarkand", "Sariosiyo"]
            .map(|r| Row::from(r.to_string()))
            .to_vec();
        let rows: Vec<Row> = ["Samarqand", "Samarqand tumani"]
            .map(|r| Row::from(r.to_string()))
            .to_vec();
        let mut text = String::new();
        let (.., field) = frame(&ctx, &mut list, 0.0, vec![], &before, &mut text);
        ctx.memory_mut(|m| m.request_focus(field));
        let (_, room, next, _) = frame(&ctx, &mut list, 0.01, vec![], &before, &mut text);
        assert!(!room.intersects(next), "the next field lies below the room");
        // A key changes the rows; the pointer lands on the first row at once and clicks.
        let row = egui::pos2(room.left() + 20.0, room.top() + 5.0);
        let typed = vec![egui::Event::Text("S".into())];
        frame(&ctx, &mut list, 1.0, typed, &rows, &mut text);
        let moved = vec![egui::Event::PointerMoved(row), press(row, true)];
        frame(&ctx, &mut list, 1.05, moved, &rows, &mut text);
        let (picked, ..) = frame(
            &ctx,
            &mut list,
            1.1,
            vec![press(row, false)],
            &rows,
            &mut text,
        );
        assert_eq!(picked, None, "a row seen for 0.1 s takes no click");
        // The field has the cursor again; the rows stood as they are; a click takes one.
        ctx.memory_mut(|m| m.request_focus(field));
        frame(&ctx, &mut list, 1.2, vec![], &rows, &mut text);
        frame(
            &ctx,
            &mut list,
            1.6,
            vec![press(row, true)],
            &rows,
            &mut text,
        );
        let (picked, ..) = frame(
            &ctx,
            &mut list,
            1.65,
            vec![press(row, false)],
            &rows,
            &mut text,
        );
        assert_eq!(picked, Some(0));
    }

    #[test]
    fn enter_takes_the_highlighted_row_and_esc_keeps_the_cursor() {
        let ctx = egui::Context::default();
        let mut list = Suggestions::default();
        let rows: Vec<Row> = ["a", "b", "c", "d"]
            .map(|r| Row::from(r.to_string()))
            .to_vec();
        let mut text = "x".to_string();
        let (.., field) = frame(&ctx, &mut list, 0.0, vec![], &rows, &mut text);
        ctx.memory_mut(|m| m.request_focus(field));
        frame(&ctx, &mut list, 0.01, vec![], &rows, &mut text);
        let down = vec![key(egui::Key::ArrowDown), key(egui::Key::ArrowDown)];
        frame(&ctx, &mut list, 0.1, down, &rows, &mut text);
        let (picked, ..) = frame(
            &ctx,
            &mut list,
            0.2,
            vec![key(egui::Key::Enter)],
            &rows,
            &mut text,
        );
        assert_eq!(picked, Some(2));
        // Esc puts the list away; the field keeps the cursor.
        frame(
            &ctx,
            &mut list,
            0.3,
            vec![egui::Event::Text("y".into())],
            &rows,
            &mut text,
        );
        frame(
            &ctx,
            &mut list,
            0.4,
            vec![key(egui::Key::Escape)],
            &rows,
            &mut text,
        );
        assert!(ctx.memory(|m| m.has_focus(field)));
        let (picked, ..) = frame(
            &ctx,
            &mut list,
            0.5,
            vec![key(egui::Key::Enter)],
            &rows,
            &mut text,
        );
        assert_eq!(picked, None, "Enter on a list put away picks nothing");
    }
}
