//! The desk window driven by its accessible labels (egui_kittest) against the embedded twin:
//! log in with Enter, browse the directories, find Tashkent's branches by a Cyrillic search, and
//! see the service's own message under the password field when it is wrong.

mod common;

use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use parcel_desk::ui::{ScreenId, tr};
use std::time::{Duration, Instant};

#[test]
fn login_then_find_tashkent_branches_by_cyrillic_search() {
    let env = Env::new("search");
    let mut h = harness(env.desk());
    // Demo mode: the form is pre-filled and says it is not the real service.
    h.step();
    assert!(
        h.query_all_by_label_contains(&tr("app.sandbox_badge"))
            .next()
            .is_some()
    );
    assert_eq!(
        h.get_by_label(&tr("login.username")).value().as_deref(),
        Some("demo")
    );
    log_in_with_enter(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::D);

    step_until(&mut h, "directories", |h| {
        h.state().desk.directories().is_some() && !h.state().is_busy()
    });
    h.get_by_label(&tr("dir.search")).focus();
    h.step();
    h.get_by_label(&tr("dir.search")).type_text("Чиланзар");
    step_until(&mut h, "filtered rows", |h| {
        h.query_by_label_contains("Chilonzor tumani 1-filial")
            .is_some()
    });
    assert!(
        h.query_by_label_contains("Chilonzor tumani 2-filial")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Samarqand shahar 1-filial")
            .is_none(),
        "Samarkand is filtered out"
    );

    // Picking a branch shows its week of opening hours.
    h.get_by_label("Chilonzor tumani 1-filial").click();
    step_until(&mut h, "branch detail", |h| {
        h.query_by_label_contains(&tr("dir.hours")).is_some()
    });
    assert!(h.query_by_label_contains(&tr("day.7")).is_some());
    assert!(h.query_by_label_contains(&tr("dir.open_map")).is_some());

    // Every tab opens; statuses show the chain of next statuses.
    for tab in [
        "dir.tab_regions",
        "dir.tab_cities",
        "dir.tab_shipment",
        "dir.tab_packaging",
        "dir.tab_countries",
        "dir.tab_yes_no",
    ] {
        h.get_by_label(&tr(tab)).click();
        h.step();
    }
    h.get_by_label(&tr("dir.tab_statuses")).click();
    step_until(&mut h, "status chain", |h| {
        h.query_by_label_contains("→ 200").is_some()
    });
    assert!(
        h.query_by_label_contains(&tr("parcel_status.130"))
            .is_some()
    );
}

#[test]
fn wrong_password_shows_the_services_message_under_the_field() {
    let env = Env::new("wrong");
    let mut h = harness(env.desk());
    h.step();
    let password_label = tr("login.password");
    replace_text(&mut h, &password_label, "not-the-password");
    h.key_press(Key::Enter);
    step_until(&mut h, "refusal", |h| {
        h.query_by_label_contains("notoʻgʻri").is_some()
    });
    assert!(h.state().desk.session().is_none());
    // The message sits under the field, not in a toast, and the form kept the names typed.
    assert_eq!(h.state().toasts.texts().count(), 0);
    assert_eq!(
        h.get_by_label(&tr("login.username")).value().as_deref(),
        Some("demo")
    );
}

#[test]
fn directories_work_from_the_cache_when_the_service_is_gone() {
    let env = Env::new("offline");
    let mut h = harness(env.desk());
    log_in_with_enter(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::D);
    directories_read(&mut h);
    // The service stops answering; a refresh keeps the copy on screen and says how old it is.
    let twin = h.state().desk.twin_control().expect("demo mode has a twin");
    env.rt.block_on(async {
        reqwest::Client::new()
            .post(format!("{twin}/sandbox/faults"))
            .json(&serde_json::json!({"error_rate": 1.0, "status": 503}))
            .send()
            .await
            .unwrap();
    });
    h.get_by_label(&tr("dir.refresh")).click();
    step_until(&mut h, "refresh attempt", |h| {
        !h.state().is_busy() && h.state().toasts.texts().count() > 0
    });
    let offline_prefix = tr("dir.from_cache")
        .split("%{age}")
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
    assert_eq!(cached.cities.len(), 205);
    assert!(
        cached
            .branches
            .iter()
            .any(|b| b.name == "Chilonzor tumani 1-filial")
    );
}

#[test]
fn every_screen_of_the_rail_has_a_command_and_opens_by_its_shortcut() {
    use parcel_desk::ui::frame::commands::Command;
    let env = Env::new("shortcuts");
    let mut h = harness(env.desk());
    log_in_with_enter(&mut h);
    let rail = h.state().rail_screens();
    let opened: Vec<_> = Command::all()
        .into_iter()
        .filter_map(|c| match c {
            Command::Open(id) => Some(id),
            _ => None,
        })
        .collect();
    let mut by_shortcut = opened.clone();
    by_shortcut.sort_by_key(|id| format!("{id:?}"));
    let mut in_rail = rail.clone();
    in_rail.sort_by_key(|id| format!("{id:?}"));
    assert_eq!(
        by_shortcut, in_rail,
        "the rail's screens and the commands that open them"
    );
    for id in opened {
        let Some(shortcut) = Command::Open(id).shortcut() else {
            panic!("{id:?} has no shortcut");
        };
        h.key_press_modifiers(shortcut.modifiers, shortcut.logical_key);
        step_until(&mut h, &format!("{id:?} opened by its shortcut"), |h| {
            h.state().screen() == id
        });
    }
}

/// A logout makes every screen of the session new (a search or a price asked of one service is
/// not shown to the next session), while the parcel form keeps what the clerk typed.
#[test]
fn logging_out_starts_the_sessions_screens_afresh_and_keeps_a_typed_parcel() {
    let (_env, mut h) = ready_desk("logout-fresh");
    h.key_press_modifiers(Modifiers::COMMAND, Key::D);
    step_until(&mut h, "the directories", |h| {
        h.query_by_label(&tr("dir.search")).is_some()
    });
    type_into(&mut h, &tr("dir.search"), 0, "Чиланзар");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    step_until(&mut h, "the parcel form", |h| {
        h.state().screen() == ScreenId::NewParcel
    });
    type_into(&mut h, &tr("parcel.surname"), 0, "Karimov");
    h.key_press_modifiers(Modifiers::COMMAND, Key::K);
    step_until(&mut h, "the calculator", |h| {
        h.state().screen() == ScreenId::Calculator
    });
    type_into(&mut h, &tr("order.weight"), 0, "2.5");

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Q);
    step_until(&mut h, "the login form", |h| {
        h.query_by_label(&tr("login.submit")).is_some()
    });
    log_in_with_enter(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::D);
    step_until(&mut h, "the directories again", |h| {
        h.query_by_label(&tr("dir.search")).is_some()
    });
    assert_eq!(
        h.get_by_label(&tr("dir.search")).value().as_deref(),
        Some(""),
        "the last session's search is gone"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::K);
    step_until(&mut h, "the calculator again", |h| {
        h.state().screen() == ScreenId::Calculator
    });
    assert_eq!(
        h.get_by_label(&tr("order.weight")).value().as_deref(),
        Some(""),
        "the calculator starts blank: its cities were the last service's"
    );
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    step_until(&mut h, "the parcel form again", |h| {
        h.state().screen() == ScreenId::NewParcel
    });
    assert_eq!(
        h.get_by_label(&tr("parcel.surname")).value().as_deref(),
        Some("Karimov"),
        "what was typed in the parcel form stays"
    );
}
