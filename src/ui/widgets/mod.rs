//! Pieces the screens share: a labelled text field with its error underneath, a form beside a
//! fixed-width pane, and (in their own files) toasts, pickers, the price box, confirmations,
//! status chips, periods, errors in the clerk's words and the international price.

pub mod confirm;
pub mod date_field;
pub mod dropdown;
pub mod errors;
pub mod file_chooser;
pub mod filtered;
pub mod intl_quote;
pub mod kept_here;
pub mod lines;
pub mod numbers;
pub mod pages;
pub mod period;
pub mod pickers;
pub mod price_box;
pub mod save_document;
pub mod status;
pub mod suggestions;
pub mod words;

pub use crate::ui::frame::toasts::{ToastKind, Toasts};
use egui::{Color32, Response, RichText, Ui};
use rust_i18n::t;

pub const ERROR_COLOR: Color32 = Color32::from_rgb(200, 40, 40);

/// A label above a single-line field, and the field's error (if any) under it. The label names
/// the field for AccessKit, so screen readers and UI tests find it by its text.
/// The catalog's form of a counted text for `n` in the clerk's language: a counted text is kept
/// under `.one`, `.few` and `.other` (`t!(format!("manifest.parcels_n.{}", counted(n)), ..)`).
pub fn counted(n: usize) -> &'static str {
    text::plural::form(&rust_i18n::locale(), n as u64)
}

pub fn field(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut String,
    error: Option<&str>,
    password: bool,
) -> egui::Response {
    let marks = Marks {
        password,
        required: false,
    };
    marked_field(ui, label, value, error, marks)
}

/// What a field shows beyond its label, text and error.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Marks {
    /// The text is hidden as it is typed.
    pub password: bool,
    /// A red asterisk after the label (said on hover, and told to a screen reader as the
    /// field's description).
    pub required: bool,
}

/// As [`field`], with its [`Marks`].
pub(crate) fn marked_field(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut String,
    error: Option<&str>,
    Marks { password, required }: Marks,
) -> egui::Response {
    // Left-aligned even in a justified column (egui's `columns`): a label that wraps there would
    // otherwise be stretched letter by letter to the column's width.
    let plain = egui::Layout::top_down(egui::Align::Min);
    let l = ui
        .with_layout(plain, |ui| {
            if required {
                required_label(ui, label)
            } else {
                ui.label(label)
            }
        })
        .inner;
    // A stable id from the label: positional ids shift when rows above appear or vanish
    // (suggestions, errors), which would move the keyboard focus to another field.
    let edit = egui::TextEdit::singleline(value)
        .id_salt(("field", label))
        .password(password)
        .desired_width(f32::INFINITY);
    let r = ui.add(edit).labelled_by(l.id);
    if r.gained_focus() {
        // Tabbing through a long form keeps the field being typed in view.
        r.scroll_to_me(None);
    }
    // What a screen reader says after the name: what is wrong with it, or that it is required.
    let said = error.filter(|e| !e.is_empty());
    let description = match (said, required) {
        (Some(e), _) => Some(e.to_string()),
        (None, true) => Some(t!("form.required").to_string()),
        (None, false) => None,
    };
    if let Some(d) = description {
        ui.ctx()
            .accesskit_node_builder(r.id, |node| node.set_description(d));
    }
    if let Some(e) = said {
        ui.with_layout(plain, |ui| ui.label(RichText::new(e).color(ERROR_COLOR)));
    } else if error.is_some() {
        // A mended field keeps its error's line, blank, until the next send: the fields below
        // stay where the clerk sees them.
        ui.label(" ");
    }
    ui.add_space(4.0);
    r
}

/// A required field's label: its text and a red asterisk (said on hover); the text's response,
/// which names the field.
pub fn required_label(ui: &mut egui::Ui, label: &str) -> Response {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        let l = ui.label(label);
        ui.colored_label(ERROR_COLOR, "*")
            .on_hover_text(t!("form.required"));
        l
    })
    .inner
}

/// Where a form finds each field's error by the field's name (the login's and the order's maps).
pub trait ErrorsByField {
    fn error(&self, key: &str) -> Option<&str>;
}

impl ErrorsByField for std::collections::HashMap<&'static str, String> {
    fn error(&self, key: &str) -> Option<&str> {
        self.get(key).map(String::as_str)
    }
}

impl ErrorsByField for std::collections::BTreeMap<&'static str, String> {
    fn error(&self, key: &str) -> Option<&str> {
        self.get(key).map(String::as_str)
    }
}

/// Errors keyed by names made at run time (a product line's `products.N.HsCodeIs`).
impl ErrorsByField for std::collections::BTreeMap<String, String> {
    fn error(&self, key: &str) -> Option<&str> {
        self.get(key).map(String::as_str)
    }
}

/// A table whose columns each stand beside their title, so the two cannot drift apart; the
/// caller draws the body.
pub fn titled<'a>(
    ctx: &egui::Context,
    mut table: egui_extras::TableBuilder<'a>,
    columns: impl IntoIterator<Item = (std::borrow::Cow<'a, str>, egui_extras::Column)>,
) -> egui_extras::Table<'a> {
    let mut titles = Vec::new();
    for (title, column) in columns {
        // At least as wide as its title: a title is never cut, in any language.
        // (An exact column is let grow to it: a least above its most would not draw.)
        let least = title_width(ctx, &title);
        table = table.column(column.at_most(f32::INFINITY).at_least(least));
        titles.push(title);
    }
    table.header(22.0, |mut h| header_cells(&mut h, titles))
}

/// How wide a column's title is drawn (strong, in the body font), with the cell's margins.
fn title_width(ctx: &egui::Context, title: &str) -> f32 {
    let style = ctx.global_style();
    let font = style.text_styles[&egui::TextStyle::Body].clone();
    let strong = style.visuals.strong_text_color();
    let width = ctx
        .fonts_mut(|f| f.layout_no_wrap(title.to_string(), font, strong))
        .size()
        .x;
    width + 8.0
}

/// A table's header row: each title strong, cut to its column rather than spilling over.
fn header_cells<'a>(
    row: &mut egui_extras::TableRow<'_, '_>,
    titles: impl IntoIterator<Item = std::borrow::Cow<'a, str>>,
) {
    for title in titles {
        row.col(|ui| {
            ui.add(egui::Label::new(RichText::new(title).strong()).truncate());
        });
    }
}

/// The fields of a form that have shown an error since the form was last sent: each keeps its
/// error's line, blank once mended, until the next send, so an error that goes as the clerk
/// types never moves the fields below it under the clerk's next click.
#[derive(Default)]
pub struct ErrorRooms(std::cell::RefCell<std::collections::BTreeSet<String>>);

impl ErrorRooms {
    /// The form was sent (or cleared): the rooms of mended errors go.
    pub fn sent(&self) {
        self.0.borrow_mut().clear();
    }

    fn keep(&self, key: &str) {
        if !self.0.borrow().contains(key) {
            self.0.borrow_mut().insert(key.to_string());
        }
    }

    fn kept(&self, key: &str) -> bool {
        self.0.borrow().contains(key)
    }
}

/// A form's fields, each under its label and over its own error: `text` for what is read,
/// `secret` for passwords. Required fields are marked; after a refused send, the first field
/// with an error is scrolled into view and takes the cursor.
pub struct Form<'e> {
    errors: &'e dyn ErrorsByField,
    required: &'e [&'e str],
    rooms: Option<&'e ErrorRooms>,
    /// The first field drawn with an error still has to be brought into view.
    to_first_error: std::cell::Cell<bool>,
}

impl<'e> Form<'e> {
    pub fn new(errors: &'e dyn ErrorsByField) -> Form<'e> {
        Form {
            errors,
            required: &[],
            rooms: None,
            to_first_error: std::cell::Cell::new(false),
        }
    }

    /// Keeps the line of each error shown until the form is sent again ([`ErrorRooms`]).
    pub fn rooms(self, rooms: &'e ErrorRooms) -> Form<'e> {
        Form {
            rooms: Some(rooms),
            ..self
        }
    }

    /// Marks the fields of these names as required.
    pub fn required(self, keys: &'e [&'e str]) -> Form<'e> {
        Form {
            required: keys,
            ..self
        }
    }

    /// In this frame, brings the first field with an error into view and gives it the cursor
    /// (the frame after a send was refused).
    pub fn to_first_error(self, now: bool) -> Form<'e> {
        self.to_first_error.set(now);
        self
    }

    /// The error said under the field of this name, if any (blank: a mended one, whose line
    /// stays until the next send).
    pub fn error(&self, key: &str) -> Option<&'e str> {
        let error = self.errors.error(key);
        match (error, self.rooms) {
            (Some(e), Some(rooms)) if !e.is_empty() => {
                rooms.keep(key);
                error
            }
            (None, Some(rooms)) if rooms.kept(key) => Some(""),
            _ => error,
        }
    }

    /// Whether the field of this name must be filled in.
    pub fn is_required(&self, key: &str) -> bool {
        self.required.contains(&key)
    }

    /// Whether a field drawn now with (`has_error`) a problem is the first such of this frame's
    /// send: then it is to be brought into view and given the cursor (once a frame).
    pub fn claim_first_error(&self, has_error: bool) -> bool {
        has_error && self.to_first_error.replace(false)
    }

    /// Brings `r` into view and gives it the cursor when it is the first field with a problem.
    pub fn bring_first_error(&self, r: &Response, has_error: bool) {
        if self.claim_first_error(has_error) {
            r.scroll_to_me(Some(egui::Align::Center));
            r.request_focus();
        }
    }

    fn draw(
        &self,
        ui: &mut Ui,
        label: &str,
        value: &mut String,
        key: &str,
        secret: bool,
    ) -> Response {
        let error = self.error(key);
        let marks = Marks {
            password: secret,
            required: self.is_required(key),
        };
        let r = marked_field(ui, label, value, error, marks);
        self.bring_first_error(&r, error.is_some_and(|e| !e.is_empty()));
        r
    }

    pub fn text(&self, ui: &mut Ui, label: &str, value: &mut String, key: &str) -> Response {
        self.draw(ui, label, value, key, false)
    }

    pub fn secret(&self, ui: &mut Ui, label: &str, value: &mut String, key: &str) -> Response {
        self.draw(ui, label, value, key, true)
    }

    /// Several plain fields in a row of the form, top to bottom.
    pub fn texts<'v>(
        &self,
        ui: &mut egui::Ui,
        rows: impl IntoIterator<Item = (std::borrow::Cow<'v, str>, &'v mut String, &'static str)>,
    ) {
        for (label, value, key) in rows {
            self.text(ui, &label, value, key);
        }
    }

    /// Plain fields side by side, one to a column (what is left of the columns stays free).
    pub fn texts_across<'v>(
        &self,
        columns: &mut [egui::Ui],
        fields: impl IntoIterator<Item = (std::borrow::Cow<'v, str>, &'v mut String, &'static str)>,
    ) {
        for (ui, (label, value, key)) in columns.iter_mut().zip(fields) {
            self.text(ui, &label, value, key);
        }
    }

    /// Fields that may be left out: one emptied by the clerk is not given.
    pub fn optional_texts<'v>(
        &self,
        ui: &mut egui::Ui,
        rows: impl IntoIterator<
            Item = (
                std::borrow::Cow<'v, str>,
                &'v mut Option<String>,
                &'static str,
            ),
        >,
    ) {
        for (label, value, key) in rows {
            edit_optional(value, |text| self.text(ui, &label, text, key).changed());
        }
    }
}

/// A grid's first row: its column titles.
pub fn grid_head(ui: &mut egui::Ui, titles: impl IntoIterator<Item = RichText>) {
    for title in titles {
        ui.label(title);
    }
    ui.end_row();
}

/// A small button of the window's frame (the rail, the status bar, the toasts): the pointer
/// presses it, Tab passes it by, so the keyboard stays in the screen's form. Every such
/// command also has a shortcut.
pub fn quiet_button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> Response {
    ui.add(egui::Button::new(text).small().sense(egui::Sense::CLICK))
}

/// A link of the window's frame: clicked like a link, passed by Tab like [`quiet_button`].
pub fn quiet_link(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> Response {
    ui.add(egui::Label::new(text).sense(egui::Sense::CLICK))
        .on_hover_cursor(egui::CursorIcon::PointingHand)
}

/// A button the clerk can press only when `enabled`; whether it was pressed.
pub fn button_if(ui: &mut egui::Ui, enabled: bool, text: impl Into<egui::WidgetText>) -> bool {
    ui.add_enabled(enabled, egui::Button::new(text)).clicked()
}

/// The button that sends something: named for what it does, and for what it is doing (and not
/// pressable) while that is under way; whether it was pressed.
pub fn send_button(ui: &mut egui::Ui, busy: bool, idle: &str, sending: &str) -> bool {
    button_if(ui, !busy, if busy { sending } else { idle })
}

/// Edits an optional text as a plain one. It is left exactly as it was unless `edit` says it
/// changed (so a record opened for editing is not "changed" by being shown), and what the clerk
/// empties is no longer given; blanks around the text are the sender's to trim.
pub fn edit_optional(value: &mut Option<String>, edit: impl FnOnce(&mut String) -> bool) {
    let given = value.is_some();
    let mut text = value.take().unwrap_or_default();
    let changed = edit(&mut text);
    *value = (if changed { !text.is_empty() } else { given }).then_some(text);
}

/// A label with a single-line field of a given width beside it (filters, amounts, a reason).
pub fn inline_field(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut String,
    salt: &str,
    width: f32,
) -> egui::Response {
    inline_secret(ui, label, value, (salt, width), true)
}

/// As [`inline_field`], for a secret: dots unless `shown`.
pub fn inline_secret(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut String,
    (salt, width): (&str, f32),
    shown: bool,
) -> egui::Response {
    let l = ui.label(label);
    let edit = egui::TextEdit::singleline(value)
        .id_salt(salt)
        .password(!shown)
        .desired_width(width);
    ui.add(edit).labelled_by(l.id)
}

/// A screen's search field: a label, a hint inside while it is empty, and the cursor when the
/// screen asks for it (`focus` is cleared once given).
pub fn search_field(
    ui: &mut egui::Ui,
    label: &str,
    hint: &str,
    value: &mut String,
    width: f32,
    focus: &mut bool,
) -> egui::Response {
    let l = ui.label(label);
    let edit = egui::TextEdit::singleline(value)
        .hint_text(hint)
        .desired_width(width);
    let r = ui.add(edit).labelled_by(l.id);
    if std::mem::take(focus) {
        r.request_focus();
    }
    r
}

/// A parcel's three sides (length, width, height) in a row, each labelled, in centimetres.
pub fn sides(ui: &mut egui::Ui, salt: &str, values: [&mut String; 3]) {
    let labels = [t!("order.length"), t!("order.width"), t!("order.height")];
    ui.horizontal_top(|ui| {
        for (which, (label, value)) in labels.into_iter().zip(values).enumerate() {
            // As wide as its label (on one line), at least a field's 70 pixels.
            let width = text_width(ui, &label, false).max(70.0);
            ui.vertical(|ui| {
                ui.set_width(width);
                let l = ui.add(egui::Label::new(label).extend());
                let edit = egui::TextEdit::singleline(value).id_salt((salt, which));
                ui.add(edit.desired_width(width)).labelled_by(l.id);
            });
        }
    });
}

/// A field filled in for the clerk (a count of 1, a good's listed price): when it gets the cursor
/// (by a click, once the button is let go, or by Tab) still holding what was filled in, all of it
/// is selected, so what the clerk types replaces it ("2" over "1" is 2, never 12).
pub fn replace_prefilled(ui: &egui::Ui, r: &Response, value: &str, prefilled: &str) {
    let pending = r.id.with("prefilled");
    if r.gained_focus() {
        ui.data_mut(|d| d.insert_temp(pending, true));
    }
    let waiting = ui.data(|d| d.get_temp::<bool>(pending)).unwrap_or(false);
    if !waiting || ui.input(|i| i.pointer.any_down()) {
        return;
    }
    ui.data_mut(|d| d.remove::<bool>(pending));
    if value.trim() != prefilled || !r.has_focus() {
        return;
    }
    if let Some(mut state) = egui::TextEdit::load_state(ui.ctx(), r.id) {
        use egui::text::{CCursor, CCursorRange};
        let all = CCursorRange::two(CCursor::new(0), CCursor::new(value.chars().count()));
        state.cursor.set_char_range(Some(all));
        state.store(ui.ctx(), r.id);
    }
}

/// How wide `text` is drawn in the body font (bold when `strong`), to make a column or a field
/// as wide as its title.
pub fn text_width(ui: &egui::Ui, text: &str, strong: bool) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = match strong {
        true => ui.visuals().strong_text_color(),
        false => ui.visuals().text_color(),
    };
    ui.ctx()
        .fonts_mut(|f| f.layout_no_wrap(text.to_string(), font, color))
        .size()
        .x
}

/// Draws `add` in a room at least `height` high: what comes and goes in it (a spinner, a
/// price, a refusal of a line or two) never moves what is below it, as long as it fits.
pub fn keep_room<R>(ui: &mut egui::Ui, height: f32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let top = ui.cursor().top();
    let inner = ui.scope(add).inner;
    let used = ui.cursor().top() - top;
    if used < height {
        ui.add_space(height - used);
    }
    inner
}

/// Whether the clerk pressed Enter in this field (it loses the focus on Enter).
pub fn entered(ui: &egui::Ui, r: &egui::Response) -> bool {
    r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

/// The service's environment word, in the clerk's words.
pub fn environment_text(environment: &str) -> String {
    match environment {
        "test" => t!("settings.env_test").to_string(),
        "production" => t!("settings.env_production").to_string(),
        "" => "—".to_string(),
        other => other.to_string(),
    }
}

/// A drop-down the keyboard works like a native one: while it has the cursor (closed), Up and
/// Down take the previous or next choice and a letter the next choice starting with it, so a
/// form is filled without the mouse; Tab moves on. True when the value changed.
pub fn keyboard_pick<T: PartialEq + Clone>(
    ui: &egui::Ui,
    r: &Response,
    value: &mut T,
    options: &[T],
    text: impl Fn(&T) -> String,
) -> bool {
    if !r.has_focus() || options.is_empty() || egui::Popup::is_any_open(ui.ctx()) {
        return false;
    }
    // Up and Down are the box's own, not a move to the widget above or below.
    let keys = egui::EventFilter {
        vertical_arrows: true,
        ..Default::default()
    };
    ui.memory_mut(|m| m.set_focus_lock_filter(r.id, keys));
    let at = options.iter().position(|o| o == value);
    // Every press counts, however fast the keys come.
    let (down, up, letter) = ui.input_mut(|i| {
        let down = i.count_and_consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown);
        let up = i.count_and_consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp);
        let letter = i.events.iter().find_map(|e| match e {
            egui::Event::Text(t) if t.chars().count() == 1 => t.chars().next(),
            _ => None,
        });
        (down, up, letter)
    });
    let last = options.len() - 1;
    let next = if down > 0 || up > 0 {
        let from = at.map_or(-1, |a| a as i64);
        let to = (from + down as i64 - up as i64).clamp(0, last as i64);
        Some(to as usize)
    } else if let Some(c) = letter.filter(|c| c.is_alphanumeric()) {
        let starts = |i: &usize| {
            let t = text(&options[*i]).to_lowercase();
            t.starts_with(&c.to_lowercase().to_string())
        };
        // The next one of that letter after the current, round the list.
        let from = at.map_or(0, |a| a + 1);
        (from..options.len()).chain(0..from).find(starts)
    } else {
        None
    };
    match next {
        Some(n) if options[n] != *value => {
            *value = options[n].clone();
            true
        }
        _ => false,
    }
}

/// A labelled drop-down over a closed set of values, each shown by `text`. In a row that wraps,
/// the label and its box go to the next line together: a label is never left at one line's end
/// with its box at the next one's start. (Not by nesting them in a row of their own: a nested
/// row does not wrap, it pushes its parent wider than the window.)
pub fn choice<T: PartialEq + Clone>(
    ui: &mut egui::Ui,
    label: &str,
    id: &str,
    value: &mut T,
    options: impl IntoIterator<Item = T>,
    text: impl Fn(&T) -> String,
) -> egui::Response {
    let shown = text(value);
    if ui.layout().main_wrap && ui.cursor().min.x > ui.max_rect().min.x + 1.0 {
        let s = ui.spacing().clone();
        let width = |t: String, style: egui::TextStyle| {
            let font = style.resolve(ui.style());
            ui.ctx()
                .fonts_mut(|f| f.layout_no_wrap(t, font, egui::Color32::PLACEHOLDER))
                .size()
                .x
        };
        let boxed = width(shown.clone(), egui::TextStyle::Button)
            + s.icon_width
            + s.icon_spacing
            + 2.0 * s.button_padding.x;
        let needed = width(label.to_string(), egui::TextStyle::Body)
            + s.item_spacing.x
            + boxed.max(s.combo_width);
        if needed > ui.available_size_before_wrap().x {
            ui.end_row();
        }
    }
    let l = ui.label(label);
    let options: Vec<T> = options.into_iter().collect();
    let r = crate::ui::widgets::dropdown::Dropdown::new(id)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for option in &options {
                let shown = text(option);
                ui.selectable_value(value, option.clone(), shown);
            }
        })
        .response
        .labelled_by(l.id);
    keyboard_pick(ui, &r, value, &options, &text);
    r
}

/// A screen's main part beside a pane of fixed width on its right (the price, the label), each in
/// its own column: whatever the main part holds, it never runs under the pane. Both parts work on
/// the same `state`, one after the other.
pub fn beside<S>(
    ui: &mut egui::Ui,
    pane_width: f32,
    state: &mut S,
    main: impl FnOnce(&mut egui::Ui, &mut S),
    pane: impl FnOnce(&mut egui::Ui, &mut S),
) {
    use egui_extras::{Size, StripBuilder};
    let pane_width = pane_width.min(ui.available_width() * 0.45);
    // Cells lay out top-down, left-aligned and unjustified: a wrapped label is never stretched
    // letter by letter to the column's width.
    StripBuilder::new(ui)
        .cell_layout(egui::Layout::top_down(egui::Align::Min))
        .size(Size::remainder().at_least(200.0))
        .size(Size::exact(pane_width))
        .clip(true)
        .horizontal(|mut strip| {
            // Strip cells cut text by default; here text wraps as anywhere else.
            strip.cell(|ui| {
                ui.style_mut().wrap_mode = None;
                // A margin before the pane's line: an input's right edge is never cut by it.
                let margin = egui::Margin {
                    right: 10,
                    ..Default::default()
                };
                egui::Frame::new()
                    .inner_margin(margin)
                    .show(ui, |ui| main(ui, state));
            });
            strip.cell(|ui| {
                ui.style_mut().wrap_mode = None;
                let r = ui.max_rect();
                let line = ui.visuals().widgets.noninteractive.bg_stroke;
                ui.painter().vline(r.left(), r.y_range(), line);
                egui::Frame::new()
                    .inner_margin(egui::Margin {
                        left: 10,
                        ..Default::default()
                    })
                    .show(ui, |ui| pane(ui, state));
            });
        });
}

#[cfg(test)]
mod edit_optional_tests {
    use super::edit_optional;

    #[test]
    fn shown_is_not_changed_and_emptied_is_not_given() {
        // A record's blank field, only shown: left exactly as it came.
        let mut blank = Some(String::new());
        edit_optional(&mut blank, |_| false);
        assert_eq!(blank, Some(String::new()));
        let mut absent = None;
        edit_optional(&mut absent, |_| false);
        assert_eq!(absent, None);
        // Emptied by the clerk: no longer given.
        let mut emptied = Some("12".to_string());
        edit_optional(&mut emptied, |t| {
            t.clear();
            true
        });
        assert_eq!(emptied, None);
        // A first space typed stays, to be trimmed when sent.
        let mut typed = None;
        edit_optional(&mut typed, |t| {
            t.push(' ');
            true
        });
        assert_eq!(typed.as_deref(), Some(" "));
    }
}
