//! What a screen is to the window: one type behind one trait. The app holds the screens made
//! from their declarations (`list.rs`), each in an [`Entry`] saying where it sits in the rail;
//! they drive the navigation rail, the shortcuts that open a screen, and where each frame's
//! polling, drawing, commands and events go. A new screen is one implementation of [`Screen`],
//! one declaration in that list and its name in the three catalogs.

use super::commands::Command;
use super::cx::Cx;
use super::event::AppEvent;
pub use super::screen_id::{ScreenId, Section};
use std::any::Any;

pub trait Screen: AsAny {
    /// Picks up background results; runs every frame, shown or not.
    fn poll(&mut self, _cx: &mut Cx) {}

    /// Draws the screen (only the open one is drawn).
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx);

    /// The clerk has just opened it.
    fn entered(&mut self, _cx: &mut Cx) {}

    /// An event of the app (every screen hears every event).
    fn on_event(&mut self, _event: &AppEvent, _cx: &mut Cx) {}

    /// A command while this screen is open; true when the screen took it.
    fn command(&mut self, _command: Command, _cx: &mut Cx) -> bool {
        false
    }

    /// Whether background work of this screen is under way.
    fn is_busy(&self) -> bool {
        false
    }
}

/// Reading a screen's own state (tests, the app's accessors): every screen has it.
pub trait AsAny {
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any> AsAny for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A screen in the list, with what the window needs to know of it.
pub struct Entry {
    pub id: ScreenId,
    /// Its section of the rail, when the rail shows it.
    pub rail: Option<Section>,
    /// The rail entry shown as selected while this screen is open, when it is not in the rail.
    pub parent: Option<ScreenId>,
    /// Without a session the login screen stands in for it.
    pub needs_session: bool,
    /// Kept as it is when a session ends. Every other screen is made new then, so that nothing
    /// of one session (another service's or company's orders, clerks, cities, prices) is shown in
    /// the next; a kept screen forgets the session's own part itself, if it holds any, on
    /// [`AppEvent::SessionEnded`].
    pub kept_across_sessions: bool,
    pub screen: Box<dyn Screen>,
}

impl Entry {
    /// Whether it can be shown now.
    pub fn open_to(&self, logged_in: bool) -> bool {
        logged_in || !self.needs_session
    }
}
