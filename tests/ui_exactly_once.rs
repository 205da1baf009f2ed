//! Exactly once, as the clerk sees it: against a twin the desk takes for the real service (no
//! lookup by key), with its latency and faults, and a desk stopped mid-request. An order on the
//! wire can be neither sent again nor forgotten; a lost answer says it waits for the clerk (not
//! "offline"); after a crash the order is in the outbox, not in a filled form that would send it
//! twice; the Unsent screen follows the outbox by itself; a refresh that failed says why.

mod common;

use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use parcel_desk::desk::Reach;
use parcel_desk::desk::task::Poll;
use parcel_desk::twin::{self, Faults, RunningSandbox};
use parcel_desk::ui::widgets::ToastKind;
use parcel_desk::ui::{ScreenId, tr};
use std::time::{Duration, Instant};

fn service_twin(env: &Env) -> RunningSandbox {
    let twin = env
        .rt
        .block_on(twin::start(common::twin_config()))
        .expect("twin");
    env.use_service(&twin);
    twin
}

use common::ui::pause;

#[test]
fn an_order_on_the_wire_can_be_neither_sent_again_nor_forgotten() {
    let env = Env::new("in-flight");
    let twin = service_twin(&env);
    let mut h = ready_by_hand(env.desk());
    fill_valid_form(&mut h, "Uchayotgan Umid");
    twin.set_faults(Faults {
        latency_ms: 2500,
        ..Faults::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::U);
    step_until(&mut h, "the entry shows as sending", |h| {
        h.query_by_label(&tr("unsent.sending")).is_some()
    });
    assert!(h.query_by_label(&tr("unsent.in_flight")).is_some());
    assert!(
        h.query_by_label(&tr("unsent.send_again")).is_none()
            && h.query_by_label(&tr("unsent.send_now")).is_none()
            && h.query_by_label(&tr("unsent.discard")).is_none(),
        "nothing to decide while the request is on the wire"
    );
    step_until(&mut h, "created and opened", |h| {
        h.state().screen() == ScreenId::OrderDetail
    });
    twin.set_faults(Faults::default());
    assert_eq!(twin.order_count(), 1, "one order on the service");
    h.key_press_modifiers(Modifiers::COMMAND, Key::U);
    step_until(&mut h, "nothing waits", |h| {
        h.query_by_label(&tr("unsent.empty")).is_some()
    });
    env.rt.block_on(twin.stop());
}

#[test]
fn a_lost_answer_waits_for_the_clerk_and_says_so() {
    let env = Env::new("lost-answer");
    let twin = service_twin(&env);
    let mut h = ready_by_hand(env.desk());
    fill_valid_form(&mut h, "Yoʻqolgan Javob");
    twin.set_faults(Faults {
        drop_after_commit_rate: 1.0,
        ..Faults::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    let unknown = tr("order.outcome_unknown");
    step_until(&mut h, "the clerk is told", |h| {
        h.state().toasts.kind_of(&unknown).is_some()
    });
    assert_eq!(
        h.state().toasts.kind_of(&unknown),
        Some(ToastKind::Act),
        "it stays until the clerk has read it"
    );
    assert!(
        h.state().toasts.kind_of(&tr("order.queued")).is_none(),
        "not the offline message: it will not simply be sent"
    );
    twin.set_faults(Faults::default());
    // The service answers again: the status bar follows within seconds, not at the next pass.
    let back = Instant::now();
    step_until(&mut h, "online again", |h| {
        h.state().desk.reach() == Reach::Online
    });
    assert!(back.elapsed() < Duration::from_secs(8));
    assert_eq!(twin.order_count(), 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::U);
    step_until(&mut h, "waits, unknown", |h| {
        h.query_by_label(&tr("unsent.unknown")).is_some()
    });
    env.rt.block_on(twin.stop());
}

#[test]
fn after_a_crash_mid_create_the_order_is_in_the_outbox_not_in_a_filled_form() {
    let env = Env::new("crash");
    let twin = service_twin(&env);
    let crashed = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    {
        let mut h = ready_by_hand(env.desk_on(crashed.handle()));
        fill_valid_form(&mut h, "Uzilgan Ulugʻbek");
        pause(&mut h, 900);
        let svc = h.state().desk.scope().expect("logged in").clone();
        twin.set_faults(Faults {
            latency_ms: 8000,
            ..Faults::default()
        });
        h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
        let store = parcel_desk::store::Store::open(&env.paths().database()).expect("store");
        step_until(&mut h, "in the outbox, on the wire", |_| {
            store.outbox_count(&svc).unwrap_or(0) == 1
        });
        assert_eq!(store.draft(parcel_desk::desk::ORDER_DRAFT).ok(), Some(None));
    }
    // The desk dies mid-request. The service is still slow (though less) while the desk comes
    // back, so what the restarted desk says of the order is read before an answer settles it.
    crashed.shutdown_background();
    twin.set_faults(Faults {
        latency_ms: 1500,
        ..Faults::default()
    });

    let mut h = ready_by_hand(env.desk());
    let form = h.state().order_form().expect("form");
    assert!(
        form.draft.receiver.name.is_empty(),
        "the order is not back as a new form"
    );
    let banner = tr("order.outbox_waiting").replace("%{n}", "1");
    step_until(&mut h, "the form says where the order is", |h| {
        h.query_by_label(&banner).is_some()
    });
    twin.set_faults(Faults::default());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    step_until(&mut h, "a blank form is refused", |h| {
        h.query_all_by_label(&tr("login.required")).count() > 0
    });
    assert!(twin.order_count() <= 1, "never a second order");
    h.key_press_modifiers(Modifiers::COMMAND, Key::U);
    step_until(&mut h, "the entry with its state", |h| {
        h.query_by_label_contains("Uzilgan Ulugʻbek").is_some()
            && h.query_by_label(&tr("unsent.unknown")).is_some()
    });
    env.rt.block_on(twin.stop());
}

#[test]
fn the_unsent_screen_follows_the_outbox_by_itself() {
    let (env, mut h) = ready_desk("follow");
    let svc = h.state().desk.scope().expect("logged in").clone();
    let store = parcel_desk::store::Store::open(&env.paths().database()).expect("store");
    let mut order = common::legacy_order();
    order.receiver = "Kutgan Komil".into();
    order.wcs_code = Some("PD-FOLLOW-1".into());
    let body = serde_json::to_string(&order).expect("json");
    store
        .outbox_add(&svc, "PD-FOLLOW-1", &body, None, "clerk", 1_700_000_000)
        .expect("seeded");
    h.key_press_modifiers(Modifiers::COMMAND, Key::U);
    step_until(&mut h, "listed", |h| {
        h.query_by_label_contains("Kutgan Komil").is_some()
    });
    // Sent by something else than this screen (another window, the background pass).
    let mut task = h
        .state()
        .desk
        .unsent_decide(
            "PD-FOLLOW-1".into(),
            parcel_desk::desk::domestic::unsent::Decision::SendAgain,
        )
        .expect("orders wired");
    let deadline = Instant::now() + Duration::from_secs(10);
    while matches!(task.poll(), Poll::Pending) {
        assert!(Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(10));
    }
    step_until(&mut h, "the screen follows without a click", |h| {
        h.query_by_label(&tr("unsent.empty")).is_some()
    });
    assert_eq!(h.state().desk.outbox_waiting(), 0);
}

#[test]
fn a_refresh_that_failed_for_the_whole_list_says_why() {
    let (env, mut h) = ready_desk("storm");
    create_sample_order(&h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "orders listed", |h| !h.state().is_busy());
    let base = h.state().desk.twin_control().expect("demo twin");
    env.rt.block_on(async {
        common::raw()
            .post(format!("{base}/sandbox/faults"))
            .json(&serde_json::json!({"error_rate": 1.0, "status": 503}))
            .send()
            .await
            .expect("faults set")
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::R);
    let why = tr("error.server").replace("%{status}", "503");
    step_until(&mut h, "the reason is told", |h| {
        h.state().toasts.texts().any(|t| t.contains(&why))
    });
    assert_eq!(h.state().desk.reach(), Reach::Failing);
    env.rt.block_on(async {
        common::raw()
            .delete(format!("{base}/sandbox/faults"))
            .send()
            .await
            .expect("faults cleared")
    });
}
