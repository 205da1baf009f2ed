//! The guard of a list that floats over a form (a field's suggestions): it takes a click only
//! once the pointer has rested on it a moment. A clerk who clicks the next field right after the
//! last key clicks through the list to that field; only one who went to the list on purpose picks
//! from it. Found by the hurried clerks of `tests/ui_typing.rs`, who picked people and places by
//! accident before every such list had it.

/// How long the pointer must rest over the list before a click there counts.
pub const REST: f64 = 0.35;

/// Since when (the input's clock) the pointer has rested over the list.
#[derive(Debug, Clone, Copy, Default)]
pub struct HoverIntent {
    since: Option<f64>,
}

impl HoverIntent {
    /// Whether the list, drawn at `rect` in the last frame, takes clicks in this one (draw it
    /// with `interactable` set to this). Asks for the frame in which the rest is over.
    pub fn live(&mut self, ui: &egui::Ui, rect: Option<egui::Rect>) -> bool {
        let (over, now) = ui.input(|i| {
            let at = i.pointer.latest_pos().or(i.pointer.interact_pos());
            let over = rect.zip(at).is_some_and(|(rect, p)| rect.contains(p));
            (over, i.time)
        });
        self.since = match (over, self.since) {
            (true, Some(since)) => Some(since),
            (true, None) => Some(now),
            (false, _) => None,
        };
        let live = self.since.is_some_and(|since| now - since >= REST);
        if over && !live {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(REST));
        }
        live
    }
}
