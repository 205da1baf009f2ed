//! The desk window driven by its accessible labels (egui_kittest) against the embedded twin:
//! log in with Enter, browse the directories, find Tashkent's branches by a Cyrillic search, and
//! see the service's own message under the password field when it is wrong.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parcel_desk::desk::{Desk, DeskPaths};
use parcel_desk::ui::{self, DeskApp};
use rust_i18n::t;
use std::time::{Duration, Instant};

rust_i18n::i18n!("assets/locales", fallback = "en");

struct Env {
    rt: tokio::runtime::Runtime,
    dir: std::path::PathBuf,
}

impl Env {
    fn new(name: &str) -> Env {
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

    fn desk(&self) -> Desk {
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

fn harness(desk: Desk) -> Harness<'static, DeskApp> {
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

/// Steps frames until `done` holds; background work finishes on the runtime meanwhile.
fn step_until(
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

fn log_in_with_enter(h: &mut Harness<'static, DeskApp>) {
    h.step();
    h.get_by_label(&t!("login.password")).focus();
    h.step();
    h.key_press(Key::Enter);
    step_until(h, "login", |h| h.state().desk.session.is_some());
}

#[test]
fn login_then_find_tashkent_branches_by_cyrillic_search() {
    let env = Env::new("search");
    let mut h = harness(env.desk());
    // Demo mode: the form is pre-filled and says it is not the real service.
    h.step();
    assert!(
        h.query_all_by_label_contains(&t!("app.sandbox_badge"))
            .next()
            .is_some()
    );
    assert_eq!(
        h.get_by_label(&t!("login.username")).value().as_deref(),
        Some("demo")
    );
    log_in_with_enter(&mut h);

    step_until(&mut h, "directories", |h| {
        h.state().desk.directories.is_some() && !h.state().is_busy()
    });
    h.get_by_label(&t!("dir.search")).focus();
    h.step();
    h.get_by_label(&t!("dir.search")).type_text("Ташкент");
    step_until(&mut h, "filtered rows", |h| {
        h.query_by_label_contains("Toshkent 1-filial").is_some()
    });
    assert!(h.query_by_label_contains("Toshkent 2-filial").is_some());
    assert!(
        h.query_by_label_contains("Samarqand 1-filial").is_none(),
        "Samarkand is filtered out"
    );

    // Picking a branch shows its week of opening hours.
    h.get_by_label("Toshkent 1-filial").click();
    step_until(&mut h, "branch detail", |h| {
        h.query_by_label_contains(&t!("dir.hours")).is_some()
    });
    assert!(h.query_by_label_contains(&t!("day.7")).is_some());
    assert!(h.query_by_label_contains(&t!("dir.open_map")).is_some());

    // Every tab opens; statuses show the chain of next statuses.
    for tab in [
        "dir.tab_regions",
        "dir.tab_cities",
        "dir.tab_shipment",
        "dir.tab_packaging",
        "dir.tab_countries",
        "dir.tab_yes_no",
    ] {
        h.get_by_label(&t!(tab)).click();
        h.step();
    }
    h.get_by_label(&t!("dir.tab_statuses")).click();
    step_until(&mut h, "status chain", |h| {
        h.query_by_label_contains("→ 200").is_some()
    });
    assert!(
        h.query_by_label_contains(&t!("parcel_status.130"))
            .is_some()
    );
}

#[test]
fn wrong_password_shows_the_services_message_under_the_field() {
    let env = Env::new("wrong");
    let mut h = harness(env.desk());
    h.step();
    let password_label = t!("login.password");
    h.get_by_label(&password_label).focus();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(&t!("login.password"))
        .type_text("not-the-password");
    h.step();
    h.key_press(Key::Enter);
    step_until(&mut h, "refusal", |h| {
        h.query_by_label_contains("notoʻgʻri").is_some()
    });
    assert!(h.state().desk.session.is_none());
    // The message sits under the field, not in a toast, and the form kept the names typed.
    assert_eq!(h.state().toasts.texts().count(), 0);
    assert_eq!(
        h.get_by_label(&t!("login.username")).value().as_deref(),
        Some("demo")
    );
}

#[test]
fn directories_work_from_the_cache_when_the_service_is_gone() {
    let env = Env::new("offline");
    let mut h = harness(env.desk());
    log_in_with_enter(&mut h);
    step_until(&mut h, "first read", |h| {
        h.state()
            .desk
            .directories
            .as_ref()
            .is_some_and(|d| !d.from_cache)
            && !h.state().is_busy()
    });
    // The service stops answering; a refresh keeps the copy on screen and says how old it is.
    let twin = h.state().desk.twin_base().expect("demo mode has a twin");
    env.rt.block_on(async {
        reqwest::Client::new()
            .post(format!("{twin}/sandbox/faults"))
            .json(&serde_json::json!({"error_rate": 1.0, "status": 503}))
            .send()
            .await
            .unwrap();
    });
    h.get_by_label(&t!("dir.refresh")).click();
    step_until(&mut h, "refresh attempt", |h| {
        !h.state().is_busy() && h.state().toasts.texts().count() > 0
    });
    let offline_prefix = t!("dir.from_cache", age = "\u{1}")
        .split('\u{1}')
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(
        h.query_by_label_contains(&offline_prefix).is_some(),
        "the screen says it shows a copy"
    );
    assert!(
        h.query_all_by_label_contains("filial").next().is_some(),
        "and still lists the branches"
    );
    drop(h);

    // The next start reads the SQLite copy before (and without) the service.
    let desk = env.desk();
    let mut task = desk.load_cached_directories();
    let deadline = Instant::now() + Duration::from_secs(10);
    let cached = loop {
        if let parcel_desk::desk::task::Poll::Ready(r) = task.poll() {
            break r.expect("cache readable").expect("cache present");
        }
        assert!(Instant::now() < deadline, "cache read timed out");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(cached.cities.len(), 220);
    assert!(
        cached
            .branches
            .iter()
            .any(|b| b.name == "Toshkent 1-filial")
    );
}
