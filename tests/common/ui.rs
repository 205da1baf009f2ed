//! Helpers for driving the desk window with egui_kittest: a runtime and temporary folders per
//! test, a harness around `DeskApp`, and stepping until background work has landed.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parcel_desk::desk::{Desk, DeskPaths};
use parcel_desk::ui::{self, DeskApp, tr};
use std::time::{Duration, Instant};

pub struct Env {
    pub rt: tokio::runtime::Runtime,
    pub dir: std::path::PathBuf,
}

impl Env {
    pub fn new(name: &str) -> Env {
        let dir =
            std::env::temp_dir().join(format!("parcel-desk-ui-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        Env { rt, dir }
    }

    pub fn desk(&self) -> Desk {
        let paths = DeskPaths {
            config_dir: self.dir.join("config"),
            data_dir: self.dir.join("data"),
        };
        Desk::start(self.rt.handle().clone(), paths).expect("the desk starts in demo mode")
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn harness(desk: Desk) -> Harness<'static, DeskApp> {
    let language = desk.settings.language;
    Harness::builder()
        .with_size([1280.0, 800.0])
        .with_context_setup(move |ctx| {
            ui::fonts::install(ctx);
            rust_i18n::set_locale(language.as_str());
        })
        .build_ui_state(
            |ui, app: &mut DeskApp| {
                let ctx = ui.ctx().clone();
                app.logic(&ctx);
                app.show(ui);
            },
            DeskApp::new(desk),
        )
}

/// Replaces what the field labelled `label` holds with `text`, by keyboard (focus, select all,
/// type).
pub fn replace_text(h: &mut Harness<'static, DeskApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.step();
}

/// Steps frames until `done` holds; background work finishes on the runtime meanwhile.
pub fn step_until(
    h: &mut Harness<'static, DeskApp>,
    what: &str,
    mut done: impl FnMut(&mut Harness<'static, DeskApp>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        h.step();
        if done(h) {
            h.step();
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

pub fn log_in_with_enter(h: &mut Harness<'static, DeskApp>) {
    h.step();
    h.get_by_label(&tr("login.password")).focus();
    h.step();
    h.key_press(Key::Enter);
    step_until(h, "login", |h| h.state().desk.session.is_some());
}
