//! What a screen is to the window: one type behind one trait. The app holds the list of screens
//! (`list.rs`); the list drives the navigation rail, the shortcuts that open a screen, and where
//! each frame's polling, drawing, commands and events go. A new screen is one implementation
//! of [`Screen`] and one line in that list.

use super::commands::Command;
use super::cx::Cx;
use super::event::AppEvent;
use std::any::Any;

/// Which screen is meant, for navigation and for tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScreenId {
    Login,
    NewOrder,
    EditOrder,
    Calculator,
    Orders,
    OrderDetail,
    Directories,
    Goods,
    Unsent,
    Settings,
    About,
}

/// The groups of the navigation rail, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Section {
    /// Taking parcels: new order, the journal, unsent orders, the calculator.
    Counter,
    /// What the forms pick from: directories, registered goods.
    Reference,
    /// The desk itself: settings, about.
    Desk,
}

/// Where a screen sits in the rail and the command (with its shortcut) that opens it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RailEntry {
    pub section: Section,
    pub command: Command,
}

pub trait Screen {
    fn id(&self) -> ScreenId;

    /// Its place in the rail; `None` for screens opened by an event (an order's detail).
    fn rail(&self) -> Option<RailEntry> {
        None
    }

    /// The rail entry shown as selected while this screen is open, when it is not in the rail.
    fn parent(&self) -> Option<ScreenId> {
        None
    }

    /// Whether it needs a logged-in session (without one the login screen stands in for it).
    fn needs_session(&self) -> bool {
        true
    }

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

    /// For reading a screen's own state (tests, the app's accessors).
    fn as_any(&self) -> &dyn Any;
}
