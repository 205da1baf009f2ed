//! What a screen is handed each frame: the desk, the toasts, and the queue its events go to
//! (drained by the app once per frame, in one place).

use super::event::AppEvent;
use crate::ui::widgets::Toasts;
use desk::Desk;

pub struct Cx<'a> {
    pub desk: &'a mut Desk,
    pub toasts: &'a mut Toasts,
    pub ctx: &'a egui::Context,
    events: &'a mut Vec<AppEvent>,
}

impl<'a> Cx<'a> {
    pub fn new(
        desk: &'a mut Desk,
        toasts: &'a mut Toasts,
        ctx: &'a egui::Context,
        events: &'a mut Vec<AppEvent>,
    ) -> Cx<'a> {
        Cx {
            desk,
            toasts,
            ctx,
            events,
        }
    }

    /// Something happened that other screens or the app act on.
    pub fn emit(&mut self, event: AppEvent) {
        self.events.push(event);
    }
}
