//! The webhooks screen in demo mode: a test notification sent through the twin arrives at the
//! desk's own receiver, moves the order and stands in the delivery log; applied again it is a
//! duplicate; an address that is not http(s) is refused under its field before anything is sent,
//! and a good one is registered with the service's answer shown.

mod common;

use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use parcel_desk::store::Verdict;
use parcel_desk::ui::screens::webhooks::WebhooksScreen;
use parcel_desk::ui::{ScreenId, tr};

#[test]
fn a_test_notification_arrives_is_logged_and_replays_as_a_duplicate() {
    let env = Env::new("webhooks");
    let mut h = harness_sized(env.desk(), [1280.0, 1600.0]);
    ready(&mut h);
    step_until(&mut h, "the receiver registered", |h| {
        h.state()
            .desk
            .live()
            .is_some_and(|l| l.registered.is_some())
    });
    let row = create_sample_order(&h);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::W);
    step_until(&mut h, "the webhooks screen", |h| {
        h.state().screen() == ScreenId::Webhooks && !h.state().is_busy()
    });
    let screen = |h: &egui_kittest::Harness<'static, parcel_desk::ui::DeskApp>| {
        h.state()
            .find_screen::<WebhooksScreen>(ScreenId::Webhooks)
            .expect("screen")
            .log
            .clone()
    };
    // (The twin may already have announced the new order at the sender.)
    let before = screen(&h).len();

    type_into(
        &mut h,
        &tr("hooks.test_order"),
        0,
        &row.order_id.to_string(),
    );
    h.step();
    h.get_by_label(&tr("hooks.test")).click();
    step_until(&mut h, "the notification logged", |h| {
        let log = screen(h);
        log.len() > before
            && log
                .iter()
                .any(|n| n.notice.order_id == Some(row.order_id) && n.verdict == Verdict::Applied)
    });
    // The toast says where the order is now; the journal has moved.
    assert!(h.state().toasts.texts().any(|t| t.contains(row.barcode())));

    // Its detail: headers without the key, the body as received; applied again, a duplicate.
    let first = screen(&h)[0].clone();
    assert!(first.notice.headers.contains("•••"));
    assert!(first.notice.body.contains(row.barcode()));
    h.step();
    h.get_all_by_label(&parcel_desk::ui::widgets::status::when(first.received_at))
        .next()
        .expect("the row")
        .click();
    h.step();
    h.step();
    h.get_by_label(&tr("hooks.replay")).click();
    step_until(&mut h, "replayed", |h| {
        screen(h)
            .iter()
            .any(|n| n.notice.source == "replay" && n.verdict == Verdict::Duplicate)
    });

    // Registration: a wrong address is refused under the field; a good one is registered.
    replace_text(&mut h, &tr("hooks.address"), "ftp://shop.example/hook");
    h.get_by_label(&tr("hooks.register_button")).click();
    h.step();
    h.step();
    assert!(h.query_by_label(&tr("parcel.bad_url")).is_some());
    // Another address takes the notifications from this desk's receiver: asked first, never
    // silently.
    replace_text(&mut h, &tr("hooks.address"), "https://shop.example/hook");
    h.step();
    h.get_by_label(&tr("hooks.register_button")).click();
    step_until(&mut h, "asked first", |h| {
        h.query_by_label(&tr("hooks.move_title")).is_some()
    });
    assert!(
        h.state().desk.notifications_elsewhere().is_none(),
        "nothing sent yet"
    );
    h.get_by_label(&tr("hooks.move_yes")).click();
    step_until(&mut h, "registered", |h| {
        h.state()
            .find_screen::<WebhooksScreen>(ScreenId::Webhooks)
            .is_some_and(|s| s.registered.is_some())
    });
    // The screen says where they go now, and offers the way back.
    assert_eq!(
        h.state().desk.notifications_elsewhere().as_deref(),
        Some("https://shop.example/hook")
    );
    let elsewhere = tr("hooks.elsewhere").replace("%{url}", "https://shop.example/hook");
    step_until(&mut h, "told where they go", |h| {
        h.query_by_label(&elsewhere).is_some()
    });
    h.get_by_label(&tr("hooks.back_here")).click();
    step_until(&mut h, "back at this desk", |h| {
        h.state().desk.notifications_elsewhere().is_none()
            && h.state()
                .find_screen::<WebhooksScreen>(ScreenId::Webhooks)
                .is_some_and(|s| s.registered.is_some())
    });
    // And its live status works again: the next notification arrives here.
    let before = screen(&h).len();
    replace_text(&mut h, &tr("hooks.test_order"), &row.order_id.to_string());
    h.step();
    h.get_by_label(&tr("hooks.test")).click();
    step_until(&mut h, "a notification at this desk again", |h| {
        screen(h).len() > before
    });
}
