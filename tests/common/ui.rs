//! Helpers for driving the desk window with egui_kittest: a runtime and temporary folders per
//! test, a harness around `DeskApp`, and stepping until background work has landed.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parcel_desk::desk::{Desk, DeskPaths};
use parcel_desk::ui::{self, DeskApp, tr};
use std::time::{Duration, Instant};

pub(crate) struct Env {
    pub rt: tokio::runtime::Runtime,
    pub dir: std::path::PathBuf,
}

impl Env {
    pub(crate) fn new(name: &str) -> Env {
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

    pub(crate) fn paths(&self) -> DeskPaths {
        DeskPaths {
            config_dir: self.dir.join("config"),
            data_dir: self.dir.join("data"),
        }
    }

    pub(crate) fn desk(&self) -> Desk {
        self.desk_on(self.rt.handle())
    }

    /// A desk on a runtime of the test's own (to stop it as a crash would).
    pub(crate) fn desk_on(&self, rt: &tokio::runtime::Handle) -> Desk {
        Desk::start(rt.clone(), self.paths()).expect("the desk starts")
    }

    /// Points the desk's settings at this twin, as a shop points it at the real service: no
    /// sandbox lookups, the clerk logs in by hand.
    pub(crate) fn use_service(&self, twin: &parcel_desk::twin::RunningSandbox) {
        use parcel_desk::desk::session::settings::{LastLogin, ServiceUrls, Settings};
        let settings = Settings {
            service: Some(ServiceUrls {
                legacy: twin.legacy_url(),
                current: twin.current_url(),
                warehouse: twin.wms_url(),
            }),
            last_login: Some(LastLogin {
                username: "demo".into(),
                inn: "123456789".into(),
                current_login: "demo".into(),
                ..LastLogin::default()
            }),
            ..Settings::default()
        };
        settings
            .save(&self.paths().config_dir)
            .expect("settings written");
    }
}

impl Env {
    /// No receiver and no poller: statuses move only when the clerk asks.
    pub(crate) fn without_live_status(&self) {
        use parcel_desk::desk::session::settings::{LiveSettings, Settings};
        let dir = &self.paths().config_dir;
        let mut settings = Settings::load(dir).ok().flatten().unwrap_or_default();
        settings.live = LiveSettings {
            poll_seconds: 0,
            receiver: Some(false),
            ..LiveSettings::default()
        };
        settings.save(dir).expect("settings written");
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A window of a counter's usual screen (1280×1024): the order form's fields down to cash on
/// delivery in sight. (What each screen shows at 1024×700 is looked at under Xvfb.)
pub(crate) fn harness(desk: Desk) -> Harness<'static, DeskApp> {
    harness_sized(desk, [1280.0, 1024.0])
}

/// A harness with a window of this size (a long form seen whole).
pub(crate) fn harness_sized(desk: Desk, size: [f32; 2]) -> Harness<'static, DeskApp> {
    let language = desk.settings().language;
    Harness::builder()
        .with_size(size)
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
pub(crate) fn replace_text(h: &mut Harness<'static, DeskApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.step();
}

/// Steps frames until `done` holds; background work finishes on the runtime meanwhile.
pub(crate) fn step_until(
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
        if Instant::now() >= deadline {
            let shown: Vec<String> = h
                .query_all(egui_kittest::kittest::by())
                .filter_map(|n| {
                    use egui_kittest::kittest::NodeT;
                    n.accesskit_node().label()
                })
                .take(80)
                .collect();
            panic!("timed out waiting for: {what}; shown: {shown:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Logs in to a configured service: the names are remembered, the passwords typed.
pub(crate) fn log_in_by_hand(h: &mut Harness<'static, DeskApp>) {
    h.step();
    replace_text(h, &tr("login.password"), "demo12345");
    if h.query_by_label(&tr("login.current_password")).is_some() {
        replace_text(h, &tr("login.current_password"), "demo12345");
    }
    h.get_by_label(&tr("login.password")).focus();
    h.step();
    h.key_press(Key::Enter);
    step_until(h, "login", |h| h.state().desk.session().is_some());
}

pub(crate) fn log_in_with_enter(h: &mut Harness<'static, DeskApp>) {
    h.step();
    h.get_by_label(&tr("login.password")).focus();
    h.step();
    h.key_press(Key::Enter);
    step_until(h, "login", |h| h.state().desk.session().is_some());
}

/// Types into the `nth` field labelled `label`.
pub(crate) fn type_into(h: &mut Harness<'static, DeskApp>, label: &str, nth: usize, text: &str) {
    h.get_all_by_label(label)
        .nth(nth)
        .unwrap_or_else(|| panic!("no field {label}"))
        .focus();
    h.step();
    h.get_all_by_label(label)
        .nth(nth)
        .unwrap_or_else(|| panic!("no field {label}"))
        .type_text(text);
    h.step();
}

/// Types a city into the order form's city picker of one side (0 the sender's, 1 the
/// receiver's) and takes the suggestion.
pub(crate) fn pick_city(
    h: &mut Harness<'static, DeskApp>,
    side: usize,
    typed: &str,
    suggestion: &str,
) {
    let label = if side == 0 {
        "order.sender_city"
    } else {
        "order.receiver_city"
    };
    pick_suggestion(h, &tr(label), 0, typed, suggestion);
}

/// The receiver's "courier" choice of the order form, by its accessible name.
pub(crate) fn receiver_courier() -> String {
    tr("order.choice_named")
        .replace("%{group}", &tr("order.dropoff"))
        .replace("%{choice}", &tr("order.mode_courier"))
}

/// Types into the `nth` picker labelled `label` and takes the suggestion containing `suggestion`.
pub(crate) fn pick_suggestion(
    h: &mut Harness<'static, DeskApp>,
    label: &str,
    nth: usize,
    typed: &str,
    suggestion: &str,
) {
    pick_one_of(h, label, nth, typed, &[suggestion]);
}

/// Types into the `nth` picker labelled `label` and takes the first suggestion shown that
/// contains one of `suggestions` (a place named as the contract names it or as production does).
pub(crate) fn pick_one_of(
    h: &mut Harness<'static, DeskApp>,
    label: &str,
    nth: usize,
    typed: &str,
    suggestions: &[&str],
) {
    type_into(h, label, nth, typed);
    let mut shown = None;
    step_until(h, "suggestion", |h| {
        shown = suggestions
            .iter()
            .find(|s| h.query_by_label_contains(s).is_some())
            .copied();
        shown.is_some()
    });
    let shown = shown.expect("a suggestion");
    // A suggestion takes a click once its row has stood as it is a moment: the clerk reads it,
    // points at it and clicks (a click on a row that changed under the pointer is refused, and
    // is clicked again).
    for _ in 0..4 {
        h.get_all_by_label_contains(shown)
            .next()
            .expect("a suggestion")
            .hover();
        h.step();
        h.step();
        h.get_all_by_label_contains(shown)
            .next()
            .expect("a suggestion")
            .click();
        h.step();
        h.step();
        let still = h
            .query_all(egui_kittest::kittest::by().role(egui::accesskit::Role::Button))
            .any(|n| {
                use egui_kittest::kittest::NodeT;
                n.accesskit_node()
                    .label()
                    .is_some_and(|l| l.contains(shown))
            });
        if !still {
            return;
        }
    }
    panic!("the suggestion {shown:?} took no click");
}

/// Logs in, waits for the directories, opens the calculator and picks Chilonzor (Tashkent) as
/// where the parcel leaves from.
pub(crate) fn calculator_from_chilonzor(h: &mut Harness<'static, DeskApp>) {
    ready(h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::K);
    step_until(h, "calculator", |h| {
        h.state().screen() == parcel_desk::ui::ScreenId::Calculator
    });
    pick_suggestion(
        h,
        &tr("calc.from"),
        0,
        "Chilonzor",
        "Chilonzor tumani — Toshkent shahri",
    );
}

/// Picks an option of a combo box.
pub(crate) fn pick(h: &mut Harness<'static, DeskApp>, combo: &str, option: &str) {
    h.get_by_label(combo).click();
    step_until(h, "combo open", |h| h.query_by_label(option).is_some());
    h.get_by_label(option).click();
    h.step();
}

/// Fills the new-order form with a valid order (Tashkent's Chilonzor district → Samarkand city, courier to the receiver)
/// for `receiver`, by keyboard and mouse as a clerk would.
pub(crate) fn fill_valid_form(h: &mut Harness<'static, DeskApp>, receiver: &str) {
    // A twin in the production service's shapes names its cities in Russian only, as the service
    // does: the clerk finds them by the same typing and picks what is shown.
    let chilonzor = ["Chilonzor tumani — Toshkent shahri", "Чилонзарский р-н — "];
    pick_one_of(h, &tr("order.sender_city"), 0, "Chilonzor", &chilonzor);
    type_into(h, &tr("order.sender_name"), 0, "Aliyev Ali");
    type_into(h, &tr("order.sender_phone"), 0, "+998 90 1234567");
    type_into(h, &tr("order.sender_address"), 0, "Chilonzor 9, 12-uy");
    let samarkand = ["Samarqand shahar — Samarqand viloyati", "г.Самарканд — "];
    pick_one_of(h, &tr("order.receiver_city"), 0, "Самарканд", &samarkand);
    type_into(h, &tr("order.receiver_name"), 0, receiver);
    type_into(h, &tr("order.receiver_phone"), 0, "+998 91 7654321");
    type_into(h, &tr("order.receiver_address"), 0, "Registon koʻchasi 2");
    h.get_by_label(&receiver_courier()).click();
    h.step();
    type_into(h, &tr("order.weight"), 0, "2.5");
    pick(h, &tr("order.package"), "Quti");
    pick(h, &tr("order.post_type"), "Hujjatlar");
}

/// A desk of its own (a fresh folder, the embedded twin), logged in and ready for the form; the
/// folder lives as long as the returned `Env`.
pub(crate) fn ready_desk(name: &str) -> (Env, Harness<'static, DeskApp>) {
    let env = Env::new(name);
    let mut h = harness(env.desk());
    ready(&mut h);
    (env, h)
}

/// The window over `desk`, logged in through the typed form (the service's own settings), with
/// the directories read.
pub(crate) fn ready_by_hand(desk: Desk) -> Harness<'static, DeskApp> {
    let mut h = harness(desk);
    log_in_by_hand(&mut h);
    directories_read(&mut h);
    h
}

/// Creates the contract's sample order through the desk, as the form would, and waits until the
/// service has it.
pub(crate) fn create_sample_order(h: &Harness<'static, DeskApp>) -> parcel_desk::store::JournalRow {
    let task = h
        .state()
        .desk
        .create_order(super::legacy_order())
        .expect("orders wired");
    match super::wait(task) {
        parcel_desk::desk::domestic::orders::CreateResult::Created(row) => row,
        other => panic!("not created: {other:?}"),
    }
}

/// Sends the open order form (Ctrl+Enter) and waits for the order's detail, loaded.
pub(crate) fn send_form_to_detail(h: &mut Harness<'static, DeskApp>) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Enter);
    step_until(h, "the order's detail", |h| {
        h.state().screen() == ui::ScreenId::OrderDetail && !h.state().is_busy()
    });
}

/// Clicks what is labelled `click`, then waits until `shows` is on screen and nothing loads.
pub(crate) fn click_then_see(h: &mut Harness<'static, DeskApp>, click: &str, shows: &str) {
    h.get_by_label(click).click();
    step_until(h, shows, |h| {
        h.query_by_label(shows).is_some() && !h.state().is_busy()
    });
}

/// Logs in with Enter (demo) and waits until the form's directories are read from the service.
pub(crate) fn ready(h: &mut Harness<'static, DeskApp>) {
    log_in_with_enter(h);
    directories_read(h);
}

/// Waits until the directories come from the service (not the cache) and nothing is loading.
pub(crate) fn directories_read(h: &mut Harness<'static, DeskApp>) {
    step_until(h, "directories for the form", |h| {
        h.state().desk.directories().is_some_and(|d| !d.from_cache) && !h.state().is_busy()
    });
}

/// Draws frames for `ms` milliseconds of real time (work on other threads goes on meanwhile: a
/// scale's readings, a request on the wire).
pub(crate) fn pause(h: &mut Harness<'static, DeskApp>, ms: u64) {
    let until = Instant::now() + Duration::from_millis(ms);
    while Instant::now() < until {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A desk of its own whose scale is `port` (a serial scale streaming its readings), logged in
/// and ready for the form, the pan read.
#[cfg(unix)]
pub(crate) fn desk_on_scale(env: &Env, port: &str) -> Harness<'static, DeskApp> {
    use parcel_desk::desk::session::settings::{ScaleKind, SerialFormat};
    let mut desk = env.desk();
    let mut settings = desk.settings().clone();
    settings.scale.kind = Some(ScaleKind::Serial {
        port: port.to_string(),
        baud: 9600,
        format: SerialFormat::Continuous,
    });
    crate::common::wait(desk.apply_settings(settings).expect("applied")).expect("saved");
    let mut h = harness(desk);
    ready(&mut h);
    h
}
