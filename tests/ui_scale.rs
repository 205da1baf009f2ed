//! The weight from the scale on the counter, in the order form: a settled weight goes into the
//! field by itself, the reading is said under it, and a scale pulled out mid-reading leaves the
//! field as the clerk typed it. Driven by the simulated serial scale on a pseudo terminal (the
//! demo's own) and by one the test holds.

#![cfg(unix)]

mod common;

use common::ui::{Env, ready_desk, replace_text, step_until};
use egui_kittest::kittest::Queryable;
use parcel_desk::scale::pty_scale::PtyScale;
use parcel_desk::scale::{Reading, Shown};
use parcel_desk::ui::tr;

fn weight(h: &egui_kittest::Harness<'static, parcel_desk::ui::DeskApp>) -> String {
    h.state()
        .order_form()
        .map(|f| f.draft.weight.clone())
        .unwrap_or_default()
}

fn shown(h: &egui_kittest::Harness<'static, parcel_desk::ui::DeskApp>) -> Option<Shown> {
    h.state().desk.scale_state().map(|s| s.shown)
}

#[test]
fn the_demos_simulated_scale_puts_the_settled_weight_in_the_field() {
    let (_env, mut h) = ready_desk("scale-demo");
    step_until(&mut h, "the empty pan read", |h| {
        shown(h) == Some(Shown::Empty)
    });
    h.get_by_label(&tr("scale.sim_place")).click();
    step_until(&mut h, "a weight settled", |h| {
        matches!(shown(h), Some(Shown::Settled(_))) && !weight(h).is_empty()
    });
    let Some(Shown::Settled(grams)) = shown(&h) else {
        panic!("settled");
    };
    // Written as the clerk reads and types it (2,5 in Uzbek and Russian).
    assert_eq!(
        weight(&h),
        parcel_desk::ui::widgets::numbers::kg_number(grams)
    );
}

#[test]
fn a_scale_pulled_out_mid_reading_leaves_the_field_as_typed() {
    let scale = PtyScale::start().expect("a pseudo terminal");
    let env = Env::new("scale-pulled");
    let mut h = common::ui::desk_on_scale(&env, scale.port());
    step_until(&mut h, "the empty pan read", |h| {
        shown(h) == Some(Shown::Empty)
    });
    replace_text(&mut h, &tr("order.weight"), "1.5");
    // Still rocking, overloaded, below zero: nothing taken.
    scale.send([Reading::Moving(2_100), Reading::Moving(2_140)]);
    step_until(&mut h, "the weight moving", |h| {
        matches!(shown(h), Some(Shown::Weighing(_)))
    });
    scale.send([Reading::Overload; 4]);
    step_until(&mut h, "overload said", |h| {
        shown(h) == Some(Shown::Overload)
    });
    assert!(
        h.query_by_label(&tr("scale.overload")).is_some(),
        "said under the field"
    );
    scale.send([Reading::Negative; 4]);
    step_until(&mut h, "below zero said", |h| {
        shown(h) == Some(Shown::Negative)
    });
    scale.send([Reading::Moving(3_000), Reading::Stable(3_001)]);
    std::thread::sleep(std::time::Duration::from_millis(150));
    scale.unplug();
    step_until(&mut h, "the scale missed", |h| {
        shown(h) == Some(Shown::Lost)
    });
    assert_eq!(weight(&h), "1.5", "the field keeps what the clerk typed");
    assert!(h.query_by_label(&tr("scale.lost")).is_some());
}
