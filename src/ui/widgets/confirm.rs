//! A question the clerk answers before going on (cancel this order? send these unusual values?
//! print a cancelled order's label?): egui's modal, so the window behind is dimmed and cannot be
//! clicked, the text wraps inside a fixed width whatever its length, and the two answers sit below
//! it, never over anything else. Esc or a click beside it is "no". Every question's "yes" changes
//! or throws away something (an order sent with unusual values, notifications moved elsewhere, a
//! day closed), so "no" has the focus whenever neither answer has it (also when the question was
//! opened from the keyboard and the cursor stayed behind it): Enter or Space never says yes, which
//! takes a deliberate click, or Tab first.

use egui::RichText;

pub struct Question<'a> {
    /// Tells two questions apart (and keeps one question's focus between frames).
    pub id: &'a str,
    pub title: String,
    pub lines: Vec<String>,
    pub yes: String,
    pub no: String,
}

/// Shows the question this frame; `Some(true)` for yes, `Some(false)` for no, `None` while open.
pub fn ask(ctx: &egui::Context, q: Question<'_>) -> Option<bool> {
    let id = egui::Id::unique(("question", q.id));
    let shown = egui::Modal::new(id).show(ctx, |ui| {
        let width = (ctx.content_rect().width() - 80.0).clamp(240.0, 480.0);
        ui.set_width(width);
        ui.label(RichText::new(&q.title).strong().size(16.0));
        ui.add_space(6.0);
        for line in &q.lines {
            ui.add(egui::Label::new(line).wrap());
        }
        ui.add_space(10.0);
        ui.horizontal_wrapped(|ui| {
            let yes = ui.button(&q.yes);
            let no = ui.button(&q.no);
            if !yes.has_focus() && !no.has_focus() {
                no.request_focus();
            }
            if yes.clicked() {
                Some(true)
            } else if no.clicked() {
                Some(false)
            } else {
                None
            }
        })
        .inner
    });
    match shown.inner {
        Some(answer) => Some(answer),
        None if shown.should_close() => Some(false),
        None => None,
    }
}

/// Printing labels that say CANCELLED: asked before anything reaches the printer.
pub fn print_cancelled(ctx: &egui::Context, id: &str, title: String) -> Option<bool> {
    let question = Question {
        id,
        title,
        lines: vec![rust_i18n::t!("print.cancelled_body").to_string()],
        yes: rust_i18n::t!("print.cancelled_yes").to_string(),
        no: rust_i18n::t!("print.back").to_string(),
    };
    ask(ctx, question)
}
