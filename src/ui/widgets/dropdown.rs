//! The window's drop-downs and menus: the lists the clerk opens on purpose (a click, Space, or
//! the arrows on a closed one), as against the suggestions that open as the clerk types
//! ([`super::suggestions`]). Every one is made here, so they all keep the same rules: the chosen
//! value is cut to one line (whole on hover), never wrapped into a taller field that would
//! push the form down; the list closes on a click outside it; and it is opened only by the
//! clerk, so a click on it is always aimed at it.

use egui::{InnerResponse, Ui, WidgetText};

/// A drop-down: a closed box showing the chosen value, and the list it opens.
pub struct Dropdown<'a>(egui::ComboBox<'a>);

impl<'a> Dropdown<'a> {
    pub fn new(id_salt: impl egui::AsIdSalt) -> Dropdown<'a> {
        Dropdown(egui::ComboBox::from_id_salt(id_salt).truncate())
    }

    /// Its width (the list may be wider).
    pub fn width(self, width: f32) -> Dropdown<'a> {
        Dropdown(self.0.width(width))
    }

    /// What the closed box shows: the value chosen.
    pub fn selected_text(self, text: impl Into<WidgetText>) -> Dropdown<'a> {
        let text: WidgetText = text.into();
        Dropdown(self.0.selected_text(text))
    }

    /// The box, and its list when open.
    pub fn show_ui<R>(
        self,
        ui: &mut Ui,
        list: impl FnOnce(&mut Ui) -> R,
    ) -> InnerResponse<Option<R>> {
        self.0.show_ui(ui, list)
    }
}

/// A menu behind a button (a row's actions, a parcel's papers).
pub fn menu<R>(
    ui: &mut Ui,
    label: impl Into<WidgetText>,
    items: impl FnOnce(&mut Ui) -> R,
) -> InnerResponse<Option<R>> {
    ui.menu_button(label, items)
}
