//! The guard of a list that floats over a form (a field's suggestions): it takes a click once the
//! pointer has rested on it a moment, or once the list has stood unchanged long enough to have
//! been read. A clerk who clicks the next field right after the last key clicks through the list
//! to that field; one who read the list and went to it picks from it. Found by the hurried
//! clerks of `tests/ui_typing.rs`, who picked people by accident before the list had it; a
//! walk under Xvfb found the rest alone too strict for a clerk quick with the mouse.

/// How long the pointer must rest over the list before a click there counts.
pub const REST: f64 = 0.35;

/// How long the list must stand unchanged (no key typed into its field) before any click on it
/// counts: time to read it, longer than a hurried clerk's way from the last key to the next
/// field (up to 0.4 s in `tests/ui_typing.rs`).
pub const READ: f64 = 0.6;

/// Since when (the input's clock) the pointer has rested over the list, and since when the list
/// has stood as it is.
#[derive(Debug, Clone, Copy, Default)]
pub struct HoverIntent {
    since: Option<f64>,
    changed_at: Option<f64>,
}

impl HoverIntent {
    /// The list's rows changed (a key typed into its field): it must be read anew.
    pub fn changed(&mut self, ui: &egui::Ui) {
        self.changed_at = Some(ui.input(|i| i.time));
    }

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
        let rested = self.since.is_some_and(|since| now - since >= REST);
        let read = self.changed_at.is_none_or(|at| now - at >= READ);
        let live = rested || read;
        if over && !live {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(REST));
        }
        live
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame at `time` with the pointer at `at`; whether the list took clicks in it.
    fn frame(
        ctx: &egui::Context,
        intent: &mut HoverIntent,
        time: f64,
        at: egui::Pos2,
        typed: bool,
    ) -> bool {
        let input = egui::RawInput {
            time: Some(time),
            events: vec![egui::Event::PointerMoved(at)],
            ..Default::default()
        };
        let mut live = false;
        let mut output = ctx.run_ui(input, |ui| {
            if typed {
                intent.changed(ui);
            }
            let list = egui::Rect::from_min_size(egui::pos2(0.0, 100.0), egui::vec2(200.0, 100.0));
            live = intent.live(ui, Some(list));
        });
        // No painter here: the fonts' textures are let go.
        output.textures_delta.clear();
        live
    }

    #[test]
    fn a_click_counts_once_the_pointer_rested_or_the_list_stood_long_enough_to_be_read() {
        let ctx = egui::Context::default();
        let (off, on) = (egui::pos2(300.0, 10.0), egui::pos2(50.0, 150.0));
        let mut intent = HoverIntent::default();
        // Typed, and the pointer lands on the list a moment later: a hurried click goes through.
        assert!(!frame(&ctx, &mut intent, 0.0, off, true));
        assert!(!frame(&ctx, &mut intent, 0.2, on, false));
        assert!(!frame(&ctx, &mut intent, 0.4, on, false));
        // Rested long enough on it: it takes the click.
        assert!(frame(&ctx, &mut intent, 0.56, on, false));
        // Typed again, the pointer away and back at once: not yet.
        assert!(!frame(&ctx, &mut intent, 1.0, off, true));
        assert!(!frame(&ctx, &mut intent, 1.3, on, false));
        // The list stood unchanged long enough to be read: a quick click on it counts.
        let mut read = HoverIntent::default();
        assert!(!frame(&ctx, &mut read, 2.0, off, true));
        assert!(frame(&ctx, &mut read, 2.7, on, false));
    }
}
