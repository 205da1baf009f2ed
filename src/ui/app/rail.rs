//! The navigation rail: the screens of the list that have a rail entry, grouped by section under
//! a small heading, each with its shortcut; "log out" at the foot. The pointer clicks an entry;
//! the keyboard reaches it by its shortcut, never by Tab (which stays in the screen's form).

use crate::ui::frame::commands::Command;
use crate::ui::frame::screen::Entry;
use crate::ui::frame::screen_id::ScreenId;
use egui::RichText;
use rust_i18n::t;

/// Draws the rail; the command the clerk clicked, if any.
pub(crate) fn rail(ui: &mut egui::Ui, screens: &[Entry], current: ScreenId) -> Option<Command> {
    let mut clicked = None;
    let selected_id = screens
        .iter()
        .find(|s| s.id == current)
        .and_then(|s| s.parent)
        .unwrap_or(current);
    let mut entries: Vec<_> = screens
        .iter()
        .filter_map(|s| s.rail.map(|section| (section, s.id)))
        .collect();
    entries.sort_by_key(|(section, _)| *section);
    ui.add_space(8.0);
    ui.heading(t!("app.title"));
    let ctx = ui.ctx().clone();
    let mut section = None;
    // The entry chosen last: one newly chosen (by a shortcut, below the fold) is brought into
    // view.
    let shown_id = egui::Id::unique("rail-shown");
    let newly = ui.data(|d| d.get_temp::<ScreenId>(shown_id)) != Some(selected_id);
    ui.data_mut(|d| d.insert_temp(shown_id, selected_id));
    // A thin bar of its own: the entries' names and shortcuts are never under it.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::thin();
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (in_section, id) in entries {
            if section != Some(in_section) {
                section = Some(in_section);
                ui.add_space(10.0);
                ui.label(
                    RichText::new(t!(in_section.key()).to_uppercase())
                        .small()
                        .weak(),
                );
            }
            let r = item(ui, &ctx, Command::Open(id), id == selected_id);
            if r.clicked() {
                clicked = Some(Command::Open(id));
            }
            if newly && id == selected_id {
                r.scroll_to_me(None);
            }
        }
        ui.add_space(10.0);
        if item(ui, &ctx, Command::Logout, false).clicked() {
            clicked = Some(Command::Logout);
        }
    });
    clicked
}

fn item(ui: &mut egui::Ui, ctx: &egui::Context, cmd: Command, selected: bool) -> egui::Response {
    // Clicked, never tabbed to: Tab stays in the screen's form (each entry has its shortcut,
    // in small type: the name keeps the room to wrap between words).
    let button = egui::Button::selectable(selected, cmd.label())
        .shortcut_text(RichText::new(cmd.shortcut_text(ctx)).weak().small())
        .sense(egui::Sense::CLICK);
    ui.add_sized([ui.available_width(), 28.0], button)
}
