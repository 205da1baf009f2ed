//! The hurried clerk on the forms beyond the order's own fields (those are `ui_typing.rs`'s):
//! a live value (the scale) never races a send, a place typed but not picked is taken or stops
//! the form, a double click on a line's buttons loses no filled line, and a click right after an
//! error line came or went lands in the field aimed at.

mod common;

use common::typist::{Rng, Typist};
use common::ui::{
    Env, harness_sized, pick, pick_suggestion, ready, ready_desk, replace_text, step_until,
    type_into,
};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parcel_desk::scale::Shown;
use parcel_desk::ui::screens::parcel_form::ParcelFormScreen;
use parcel_desk::ui::widgets::numbers::kg_number;
use parcel_desk::ui::{DeskApp, ScreenId, tr};
use std::time::{Duration, Instant};

fn shown(h: &Harness<'static, DeskApp>) -> Option<Shown> {
    h.state().desk.scale_state().map(|s| s.shown)
}

fn weight(h: &Harness<'static, DeskApp>) -> String {
    h.state()
        .order_form()
        .map(|f| f.draft.weight.clone())
        .unwrap_or_default()
}

/// Draws frames for `secs` of real time (the scale's thread reads on its own clock).
fn wait(h: &mut Harness<'static, DeskApp>, secs: f64) {
    common::ui::pause(h, (secs * 1000.0) as u64);
}

/// Ctrl+Enter at random moments of a new parcel's settling (the pan's weight changed from the
/// one in the field): the order is made with the new parcel's weight, shown in the field, never
/// the one before; the next customer's form starts with no weight, though the parcel is still
/// on the pan.
#[test]
fn the_scale_never_races_a_send() {
    let (_env, mut h) = ready_desk("scale-race");
    step_until(&mut h, "the empty pan read", |h| {
        shown(h) == Some(Shown::Empty)
    });
    let runs = if common::real_shapes() { 2 } else { 8 };
    let mut rng = Rng::new(41);
    let mut before = None;
    for run in 0..runs {
        match run {
            0 => common::ui::fill_valid_form(&mut h, &format!("Tarozi {run}")),
            _ => fill_again(&mut h, &format!("Tarozi {run}")),
        }
        replace_text(&mut h, &tr("order.weight"), "");
        // A first parcel settles into the field.
        let first = 1_000 + 137 * run;
        h.state().desk.simulate_parcel(first);
        step_until(&mut h, "the first weight in the field", |h| {
            weight(h) == kg_number(first)
        });
        // The next parcel goes on the pan; Ctrl+Enter while it settles. Every other clerk has
        // typed the weight over the scale's (a parcel too big for the pan): theirs goes.
        let second = first + 911;
        let typed = run % 2 == 1;
        h.state().desk.simulate_parcel(second);
        step_until(&mut h, "the pan moving", |h| {
            matches!(shown(h), Some(Shown::Weighing(_)))
        });
        if typed {
            replace_text(&mut h, &tr("order.weight"), "7,5");
        }
        wait(&mut h, rng.ms(0, 900));
        h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
        step_until(&mut h, "sent", |h| {
            h.state().screen() == ScreenId::OrderDetail
                && h.state().open_order() != before
                && !h.state().is_busy()
        });
        before = h.state().open_order();
        let id = before.expect("an order");
        let made = common::wait(h.state().desk.order_detail(id)).expect("read from the service");
        let meant = if typed { 7_500 } else { second };
        assert_eq!(
            made.core.weight.grams(),
            meant,
            "run {run}: made with the parcel on the pan (or the weight typed), not the one before"
        );
        // The next customer's form: no weight, and none comes from the parcel still there (as
        // it settles, when it was still settling as the order went).
        h.key_press_modifiers(Modifiers::COMMAND, Key::N);
        wait(&mut h, 1.5);
        assert_eq!(
            weight(&h),
            "",
            "run {run}: the next form starts with no weight"
        );
        h.state().desk.simulate_clear();
        step_until(&mut h, "the pan emptied", |h| {
            shown(h) == Some(Shown::Empty)
        });
    }
}

/// The next customer's form, filled as `fill_valid_form` does the first: the counter's city, the
/// package and the kind of post stay from the order before.
fn fill_again(h: &mut Harness<'static, DeskApp>, receiver: &str) {
    type_into(h, &tr("order.sender_name"), 0, "Aliyev Ali");
    type_into(h, &tr("order.sender_phone"), 0, "+998 90 1234567");
    type_into(h, &tr("order.sender_address"), 0, "Chilonzor 9, 12-uy");
    let samarkand = ["Samarqand shahar — Samarqand viloyati", "г.Самарканд — "];
    common::ui::pick_one_of(h, &tr("order.receiver_city"), 0, "Самарканд", &samarkand);
    type_into(h, &tr("order.receiver_name"), 0, receiver);
    type_into(h, &tr("order.receiver_phone"), 0, "+998 91 7654321");
    type_into(h, &tr("order.receiver_address"), 0, "Registon koʻchasi 2");
    h.get_by_label(&common::ui::receiver_courier()).click();
    h.step();
}

/// A scale that never settles: the send waits, then stops with the reason under the weight, and
/// nothing is sent.
#[cfg(unix)]
#[test]
fn a_scale_that_never_settles_stops_the_send() {
    use parcel_desk::scale::Reading;
    use parcel_desk::scale::pty_scale::PtyScale;
    let scale = PtyScale::start().expect("a pseudo terminal");
    let env = Env::new("scale-unsettled");
    let mut h = common::ui::desk_on_scale(&env, scale.port());
    common::ui::fill_valid_form(&mut h, "Tinch Emas");
    replace_text(&mut h, &tr("order.weight"), "");
    scale.send([Reading::Stable(2_000); 4]);
    step_until(&mut h, "a weight in the field", |h| {
        weight(h) == kg_number(2_000)
    });
    // Rocking, on and on.
    let rocking: Vec<Reading> = (0..60).map(|i| Reading::Moving(2_500 + i % 7)).collect();
    scale.send(rocking);
    step_until(&mut h, "moving", |h| {
        matches!(shown(h), Some(Shown::Weighing(_)))
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    h.step();
    assert!(h.state().is_busy(), "the send waits for the scale");
    step_until(&mut h, "stopped with the reason", |h| {
        !h.state().is_busy() && h.query_by_label(&tr("scale.not_settled")).is_some()
    });
    assert_eq!(h.state().screen(), ScreenId::NewOrder, "nothing sent");
    assert!(h.state().open_order().is_none());
}

/// The parcel form at its first field, the receiver and one product line filled.
fn parcel_ready(h: &mut Harness<'static, DeskApp>, number: &str) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    step_until(h, "the parcel form", |h| {
        h.state().screen() == ScreenId::NewParcel && !h.state().is_busy()
    });
    for (label, text) in [
        ("parcel.surname", "Karimov"),
        ("parcel.first_name", "Aziz"),
        ("parcel.phone", "+998 90 1234567"),
        ("parcel.passport_series", "AA"),
        ("parcel.passport_number", "1234567"),
        ("parcel.pinfl", "31234567890123"),
        ("parcel.number", number),
        ("parcel.weight", "1.5"),
        ("parcel.value", "30"),
        ("parcel.description", "Sneakers"),
        ("parcel.description_ru", "Кроссовки"),
        ("parcel.url", "https://shop.example/p/1"),
        ("parcel.net_weight", "0.8"),
        ("parcel.unit_value", "30"),
        ("parcel.hs_code", "640411"),
    ] {
        type_into(h, &tr(label), 0, text);
    }
    pick_suggestion(
        h,
        &tr("parcel.city"),
        0,
        "Самарканд",
        "Samarqand shahar — Samarqand viloyati",
    );
    h.step();
    h.step();
    let country = {
        let d = h.state().desk.directories().expect("directories");
        d.data.countries[0].name.clone()
    };
    pick(h, &tr("parcel.abroad_country"), &country);
}

fn parcel_form<'h>(h: &'h Harness<'static, DeskApp>) -> &'h ParcelFormScreen {
    h.state()
        .screen_of::<ParcelFormScreen>()
        .expect("the parcel form")
}

/// How the clerk leaves the city abroad after typing it.
#[derive(Debug, Clone, Copy)]
enum Leave {
    Tab,
    ClickAway,
    Send,
}

/// A city abroad typed but not picked, left by Tab, a click away or Ctrl+Enter at once: a name
/// of one city (in either script, any case) is taken and goes onto the parcel's papers; a name
/// of none stops the form there with the cursor in it, nothing sent.
#[test]
fn a_city_abroad_typed_is_taken_or_stops_the_parcel() {
    let env = Env::new("abroad-typed");
    let mut h = harness_sized(env.desk(), [1280.0, 2400.0]);
    ready(&mut h);
    let cases = [
        ("Moskva", Leave::Tab),
        ("Москва", Leave::ClickAway),
        ("moskva", Leave::Send),
        ("МОСКВА", Leave::Tab),
    ];
    for (n, (typed, leave)) in cases.into_iter().enumerate() {
        let number = format!("CN00000{:04}UZ", 1_000 + n);
        parcel_ready(&mut h, &number);
        type_into(&mut h, &tr("parcel.abroad_city"), 0, typed);
        let t0 = 1000.0 + n as f64 * 100.0;
        let mut t = Typist::new(&mut h, t0, 0.016);
        match leave {
            Leave::Tab => t.press(0.03, Key::Tab, Modifiers::NONE),
            Leave::ClickAway => t.click(0.03, &tr("parcel.value"), 0),
            Leave::Send => {}
        }
        t.press(0.03, Key::Enter, Modifiers::COMMAND);
        t.settle();
        let sent = Instant::now() + Duration::from_secs(15);
        while h.state().is_busy() || !parcel_form(&h).draft.number.is_empty() {
            assert!(
                Instant::now() < sent,
                "{typed:?} ({leave:?}) not sent: {:?} {:?}; toasts {:?}",
                parcel_form(&h).draft.route,
                parcel_form(&h).draft.problems(),
                h.state().toasts.texts().collect::<Vec<_>>()
            );
            h.step();
            std::thread::sleep(Duration::from_millis(10));
        }
        let rows = common::wait(h.state().desk.parcel_list().expect("parcels")).expect("read");
        let sent = rows
            .iter()
            .find(|r| r.number == number)
            .unwrap_or_else(|| panic!("{typed:?} ({leave:?}): {number} sent"));
        let city = sent.extras.abroad.map(|a| a.city);
        assert_eq!(
            city,
            Some(10_101),
            "{typed:?} ({leave:?}): Moscow on its papers"
        );
    }
    // A name of no city: stopped, said, the cursor there.
    parcel_ready(&mut h, "CN000001999UZ");
    type_into(&mut h, &tr("parcel.abroad_city"), 0, "Xyzgrad");
    h.key_press(Key::Tab);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    for _ in 0..6 {
        h.step();
    }
    let not_chosen = tr("dir.not_chosen").replace("%{typed}", "Xyzgrad");
    let said: Vec<String> = h
        .query_all(egui_kittest::kittest::by().label_contains("anlan"))
        .filter_map(|n| {
            use egui_kittest::kittest::NodeT;
            n.accesskit_node().label()
        })
        .collect();
    assert!(
        h.query_by_label(&not_chosen).is_some(),
        "said under the field: {said:?}, wanted {not_chosen:?}"
    );
    assert!(!h.state().is_busy(), "nothing sent");
    assert!(
        h.get_by_label(&tr("parcel.abroad_city")).is_focused(),
        "the cursor in the field"
    );
    assert_eq!(parcel_form(&h).draft.number, "CN000001999UZ");
}

/// Double clicks on every button of the product lines: Add adds (twice at most), Remove never
/// takes a second line, and a removed line comes back with Undo.
#[test]
fn a_double_click_on_a_line_button_loses_no_filled_line() {
    let env = Env::new("double-clicks");
    let mut h = harness_sized(env.desk(), [1280.0, 2400.0]);
    ready(&mut h);
    parcel_ready(&mut h, "CN000002001UZ");
    let lines = |h: &Harness<'static, DeskApp>| parcel_form(h).draft.products.len();
    let mut t = Typist::new(&mut h, 2000.0, 0.016);
    let add = t.place_of(&tr("parcel.add_line"), 0);
    t.click_at(0.3, add);
    t.click_at(0.08, add);
    t.settle();
    let after_add = lines(&h);
    assert!(
        (2..=3).contains(&after_add),
        "added once or twice: {after_add}"
    );
    // The first (filled) line's Remove, double-clicked.
    let mut t = Typist::new(&mut h, 2010.0, 0.016);
    let remove = t.place_of(&tr("parcel.remove_line"), 0);
    t.click_at(0.3, remove);
    t.click_at(0.08, remove);
    t.settle();
    assert_eq!(lines(&h), after_add - 1, "one line removed, not two");
    let first = &parcel_form(&h).draft.products[0];
    assert!(
        first.description.is_empty(),
        "the filled line is the one removed"
    );
    // Undo (at the removed line's place, left) brings it back where it stood.
    h.get_by_label(&tr("lines.undo")).click();
    h.step();
    h.step();
    assert_eq!(lines(&h), after_add);
    assert_eq!(parcel_form(&h).draft.products[0].description, "Sneakers");
}

/// The supplier form sent empty (an error under each required field), then one field typed in
/// (its error goes) and the next field clicked at once: what is typed next lands there.
#[test]
fn a_click_right_after_an_error_went_lands_in_the_field_aimed_at() {
    let (_env, mut h) = ready_desk("errors-come-and-go");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    step_until(&mut h, "the suppliers", |h| {
        h.state().screen() == ScreenId::Suppliers && !h.state().is_busy()
    });
    if !h.state().desk.warehouse_logged_in() {
        type_into(&mut h, &tr("wms.login"), 0, "123456789");
        type_into(&mut h, &tr("wms.password"), 0, "demo12345");
        h.get_by_label(&tr("wms.log_in")).click();
        step_until(&mut h, "the warehouse login", |h| {
            h.state().desk.warehouse_logged_in() && !h.state().is_busy()
        });
    }
    let new = tr("wms.new");
    step_until(&mut h, "its New button", |h| {
        h.query_by_label(&new).is_some()
    });
    h.get_by_label(&new).click();
    step_until(&mut h, "the supplier form", |h| {
        h.state().screen() == ScreenId::SupplierForm && !h.state().is_busy()
    });
    h.get_by_label(&tr("wms.create")).click();
    for _ in 0..4 {
        h.step();
    }
    assert!(
        h.query_all_by_label(&tr("login.required")).count() >= 3,
        "the errors shown"
    );
    let mut rng = Rng::new(7);
    for (field, next) in [
        ("wms.group", "wms.code"),
        ("wms.code", "wms.name"),
        ("wms.name", "wms.full_name"),
    ] {
        let mut t = Typist::new(&mut h, 3000.0 + rng.ms(0, 1000) * 100.0, 0.016);
        t.click(0.2, &tr(field), 0);
        t.type_text("A1", 0.05, || 0.03);
        // Right after the last key, the next field (the error above it goes as the key lands).
        t.click(rng.ms(0, 40), &tr(next), 0);
        t.type_text("Z9", 0.03, || 0.03);
        t.settle();
        let value = |label: &str| {
            use egui_kittest::kittest::NodeT;
            h.get_by_label(&tr(label))
                .accesskit_node()
                .value()
                .unwrap_or_default()
        };
        assert!(value(next).ends_with("Z9"), "{next}: {:?}", value(next));
        assert!(value(field).ends_with("A1"), "{field}: {:?}", value(field));
    }
}

/// Settings check what is saved and name the field of each error: a printer's port out of
/// range, the shop's city typed but not taken; nothing is said saved.
#[test]
fn settings_name_each_wrong_value_and_save_nothing() {
    let env = Env::new("settings-checks");
    // The whole of Settings in sight, Save included.
    let mut h = harness_sized(env.desk(), [1280.0, 1800.0]);
    ready(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Comma);
    step_until(&mut h, "settings", |h| {
        h.state().screen() == ScreenId::Settings
    });
    pick(&mut h, &tr("printer.kind"), &tr("printer.kind_network_zpl"));
    replace_text(&mut h, &tr("printer.address"), "127.0.0.1:99999");
    type_into(&mut h, &tr("settings.sender_city"), 0, "Toshkentt");
    h.key_press(Key::Escape);
    h.step();
    h.get_by_label(&tr("settings.save")).click();
    for _ in 0..6 {
        h.step();
    }
    let shown: Vec<String> = h
        .query_all(egui_kittest::kittest::by())
        .filter_map(|n| {
            use egui_kittest::kittest::NodeT;
            n.accesskit_node().label()
        })
        .collect();
    assert!(
        h.query_by_label(&tr("printer.address_port")).is_some(),
        "the port's problem said: {shown:?}; toasts {:?}",
        h.state().toasts.texts().collect::<Vec<_>>()
    );
    let not_chosen = tr("dir.not_chosen").replace("%{typed}", "Toshkentt");
    assert!(h.query_by_label(&not_chosen).is_some());
    let saved = tr("settings.saved");
    assert!(
        !h.state().toasts.texts().any(|t| t == saved),
        "nothing said saved"
    );
}
