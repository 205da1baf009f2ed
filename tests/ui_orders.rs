//! The order screens driven by their labels against the embedded twin: fill the form, see the
//! live price, create with Ctrl+Enter, find the order by part of the phone, read its timeline
//! after the twin advanced it, cancel a new one, and get a draft back after a restart.

mod common;

use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parcel_desk::desk::domestic::orders::CreateResult;
use parcel_desk::desk::task::Poll;
use parcel_desk::ui::{DeskApp, ScreenId, tr};
use std::time::{Duration, Instant};

/// Creates an order through the desk itself (not the form) and waits for the confirmation.
fn create_directly(h: &Harness<'static, DeskApp>) -> parcel_desk::store::JournalRow {
    create_directly_from(h, common::legacy_order(), None)
}

/// The same for a given order and the form it came from.
fn create_directly_from(
    h: &Harness<'static, DeskApp>,
    input: parcel_desk::api::legacy::OrderInput,
    draft: Option<parcel_desk::desk::domestic::order_draft::OrderDraft>,
) -> parcel_desk::store::JournalRow {
    let mut task = h
        .state()
        .desk
        .create_order_from(input, draft)
        .expect("orders available");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match task.poll() {
            Poll::Ready(CreateResult::Created(row)) => return row,
            Poll::Ready(other) => panic!("not created: {other:?}"),
            Poll::Lost => panic!("the create task was lost"),
            Poll::Pending => {}
        }
        assert!(Instant::now() < deadline, "create timed out");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn create_find_follow_and_cancel() {
    let (env, mut h) = ready_desk("orders");
    assert_eq!(h.state().screen(), ScreenId::NewOrder);

    pick_city(&mut h, 0, "Chilonzor", "Chilonzor tumani — Toshkent shahri");
    type_into(&mut h, &tr("order.sender_name"), 0, "Aliyev Ali");
    type_into(&mut h, &tr("order.sender_phone"), 0, "+998 90 1234567");
    type_into(&mut h, &tr("order.sender_address"), 0, "Chilonzor 9, 12-uy");
    pick_city(
        &mut h,
        1,
        "Самарканд",
        "Samarqand shahar — Samarqand viloyati",
    );
    type_into(&mut h, &tr("order.receiver_name"), 0, "Karimova Dilnoza");
    type_into(&mut h, &tr("order.receiver_phone"), 0, "+998 91 7654321");
    type_into(
        &mut h,
        &tr("order.receiver_address"),
        0,
        "Registon koʻchasi 2",
    );
    // Delivered by courier: the receiver's "Courier".
    h.get_by_label(&common::ui::receiver_courier()).click();
    h.step();
    type_into(&mut h, &tr("order.weight"), 0, "2.5");
    pick(&mut h, &tr("order.package"), "Quti");
    pick(&mut h, &tr("order.post_type"), "Hujjatlar");

    // The price follows the inputs once they rest.
    step_until(&mut h, "live price", |h| {
        h.state()
            .order_form()
            .and_then(|f| f.price())
            .is_some_and(|p| p.is_ok())
    });
    let price = h
        .state()
        .order_form()
        .and_then(|f| f.price())
        .cloned()
        .unwrap()
        .unwrap();
    assert!(price.0 > 0);
    // The other delivery modes are priced too: the chosen price and three by mode.
    let sum = tr("order.sum");
    step_until(&mut h, "prices by mode", |h| {
        h.query_all_by_label_contains(&sum).count() >= 4
    });

    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    step_until(&mut h, "order created", |h| {
        h.state().screen() == ScreenId::OrderDetail
    });
    let order_id = h.state().open_order().expect("detail open");
    step_until(&mut h, "timeline", |h| {
        h.query_by_label_contains(&tr("order_status.200")).is_some() && !h.state().is_busy()
    });
    assert_eq!(h.state().desk.outbox_waiting(), 0);

    // The twin moves it along; the detail shows the new status after a refresh.
    let twin = h.state().desk.twin_control().unwrap();
    env.rt.block_on(async {
        for _ in 0..2 {
            reqwest::Client::new()
                .post(format!("{twin}/sandbox/orders/{order_id}/advance"))
                .send()
                .await
                .unwrap();
        }
    });
    h.get_by_label(&tr("dir.refresh")).click();
    step_until(&mut h, "advanced timeline", |h| {
        h.query_all_by_label_contains("Joʻnatish filialida")
            .next()
            .is_some()
            && !h.state().is_busy()
    });
    assert!(
        h.query_by_label(&tr("detail.cancel")).is_none(),
        "no cancel once it left the sender"
    );

    // Orders: part of the phone finds it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "journal", |h| {
        h.state().screen() == ScreenId::Orders && !h.state().is_busy()
    });
    type_into(&mut h, &tr("orders.filter"), 0, "7654321");
    // One row left: its barcode link and its selection box.
    step_until(&mut h, "filtered", |h| {
        h.query_all_by_label_contains("01991").count() == 2
    });

    // A new one, created by the desk itself, is cancelled from its detail after confirming.
    let second = create_directly(&h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::R);
    h.get_by_label(&tr("orders.filter")).focus();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(&tr("orders.filter"))
        .type_text(second.barcode());
    step_until(&mut h, "second in list", |h| {
        h.query_by_label(second.barcode()).is_some()
    });
    click_then_see(&mut h, second.barcode(), &tr("detail.cancel"));
    h.get_by_label(&tr("detail.cancel")).click();
    step_until(&mut h, "confirmation", |h| {
        h.query_by_label(&tr("detail.cancel_yes")).is_some()
    });
    // Enter, pressed in a hurry, does not cancel: "no" has the focus, and the question goes.
    h.step();
    h.key_press(Key::Enter);
    step_until(&mut h, "the question answered no", |h| {
        h.query_by_label(&tr("detail.cancel_yes")).is_none() && !h.state().is_busy()
    });
    assert!(
        h.query_by_label(&tr("detail.cancel")).is_some(),
        "the order is not cancelled"
    );
    h.get_by_label(&tr("detail.cancel")).click();
    step_until(&mut h, "confirmation again", |h| {
        h.query_by_label(&tr("detail.cancel_yes")).is_some()
    });
    h.get_by_label(&tr("detail.cancel_yes")).click();
    step_until(&mut h, "cancelled", |h| {
        !h.state().is_busy()
            && h.query_by_label(&tr("detail.cancel")).is_none()
            && h.query_all_by_label_contains("Bekor qilingan")
                .next()
                .is_some()
    });
    // The service's record of why: its own words, in a cell of their own.
    step_until(&mut h, "cancellation reason", |h| {
        h.query_by_label(&tr("detail.cancel_reasons")).is_some()
            && h.query_by_label("Mijoz soʻrovi bilan bekor qilindi (API)")
                .is_some()
    });
}

#[test]
fn the_form_comes_back_after_a_restart() {
    let (env, mut h) = ready_desk("draft");
    type_into(&mut h, &tr("order.receiver_name"), 0, "Qoralama Sinov");
    type_into(&mut h, &tr("order.weight"), 0, "4");
    // Let the draft rest long enough to be written.
    let until = Instant::now() + Duration::from_millis(900);
    while Instant::now() < until {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(h);
    let mut h = harness(env.desk());
    ready(&mut h);
    step_until(&mut h, "draft restored", |h| {
        h.state()
            .order_form()
            .is_some_and(|f| f.draft.receiver.name == "Qoralama Sinov")
    });
    assert_eq!(
        h.get_by_label(&tr("order.receiver_name"))
            .value()
            .as_deref(),
        Some("Qoralama Sinov")
    );
    // Said, with when it was typed; "start blank" empties it, and "undo" brings it back.
    h.step();
    let said = tr("order.restored");
    let said = said.split("%{at}").next().expect("text before the time");
    assert!(
        h.query_by_label_contains(said).is_some(),
        "the clerk is told"
    );
    h.get_by_label(&tr("order.start_blank")).click();
    step_until(&mut h, "blank", |h| {
        h.state()
            .order_form()
            .is_some_and(|f| f.draft.receiver.name.is_empty())
    });
    assert!(h.query_by_label_contains(said).is_none());
    h.get_by_label(&tr("order.undo_clear")).click_accesskit();
    step_until(&mut h, "back", |h| {
        h.state()
            .order_form()
            .is_some_and(|f| f.draft.receiver.name == "Qoralama Sinov" && f.draft.weight == "4")
    });
    // Cleared by the button (below the fold: pressed as a screen reader would), the same.
    h.get_by_label(&tr("order.clear")).click_accesskit();
    step_until(&mut h, "cleared", |h| {
        h.state().order_form().is_some_and(|f| f.draft.is_blank())
    });
    assert!(h.query_by_label(&tr("order.undo_clear")).is_some());
}

#[test]
fn problems_are_shown_under_their_fields_before_anything_is_sent() {
    let (_env, mut h) = ready_desk("invalid");
    type_into(&mut h, &tr("order.sender_phone"), 0, "12345");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    step_until(&mut h, "errors", |h| {
        h.query_by_label(&tr("order.bad_phone")).is_some()
    });
    assert!(h.query_all_by_label(&tr("login.required")).count() >= 5);
    assert_eq!(h.state().screen(), ScreenId::NewOrder);
}

#[test]
fn a_scan_opens_the_order_even_when_this_desk_never_saw_it() {
    let (env, mut h) = ready_desk("scan");
    // Another desk created it: this journal does not know it.
    let twin = h.state().desk.twin_base().unwrap();
    let created = env.rt.block_on(async {
        let legacy = parcel_desk::api::LegacyClient::new(
            url::Url::parse(&format!("{twin}/legacy/index.php")).unwrap(),
            common::quick_config(),
        )
        .unwrap();
        legacy.get_token(common::demo_login()).await.unwrap();
        legacy.add_order(&common::legacy_order()).await.unwrap()
    });
    // The scanner types the digits and Enter while a form field has focus; like a keyboard,
    // each digit comes as a key press, its text and a key release.
    for digit in created.core.barcode.chars() {
        let key = Key::from_name(&digit.to_string()).expect("a digit key");
        h.key_down(key);
        h.event(egui::Event::Text(digit.to_string()));
        h.key_up(key);
    }
    h.key_press(Key::Enter);
    step_until(&mut h, "scanned order opened", |h| {
        h.state().open_order() == Some(created.order_id) && !h.state().is_busy()
    });
    assert_eq!(h.state().screen(), ScreenId::OrderDetail);
    let form = h.state().order_form().expect("form");
    assert!(
        form.draft.sender.name.is_empty(),
        "the digits did not land in the focused field"
    );
    // Everything the service records is one click (or Enter on the header) away.
    h.get_by_label(&tr("detail.all_fields")).click();
    step_until(&mut h, "the whole record", |h| {
        h.query_by_label("Chilonzor 9, 12-uy").is_some()
    });
    assert!(h.query_by_label(&tr("detail.customer")).is_some());
    // An unknown barcode says so.
    for digit in "019919999999".chars() {
        h.event(egui::Event::Text(digit.to_string()));
    }
    h.key_press(Key::Enter);
    step_until(&mut h, "not found", |h| {
        h.state().toasts.texts().any(|t| t.contains("019919999999"))
    });
}

#[test]
fn the_listed_orders_statuses_are_refreshed_in_the_background() {
    let env = Env::new("refresh");
    // Nothing keeps the statuses live on its own here: the clerk's refresh is what is tested.
    env.without_live_status();
    let mut h = harness(env.desk());
    ready(&mut h);
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(create_directly(&h).order_id);
    }
    let twin = h.state().desk.twin_control().unwrap();
    env.rt.block_on(async {
        for id in &ids {
            reqwest::Client::new()
                .post(format!("{twin}/sandbox/orders/{id}/advance"))
                .send()
                .await
                .unwrap();
        }
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "journal", |h| {
        h.state().screen() == ScreenId::Orders && !h.state().is_busy()
    });
    assert_eq!(
        h.query_all_by_label("Kuryer qabul qildi").count(),
        0,
        "the journal does not know yet"
    );
    h.get_by_label_contains(&tr("orders.refresh_statuses").replace("%{n}", "3"))
        .click();
    step_until(&mut h, "refreshed", |h| {
        !h.state().is_busy() && h.query_all_by_label("Kuryer qabul qildi").count() == 3
    });
}

#[test]
fn cash_on_delivery_with_a_good_registered_on_the_spot() {
    let env = Env::new("cod");
    // Tall enough to see the whole form: the registration's fields stand one under another in
    // the form's column.
    let mut h = harness_sized(env.desk(), [1280.0, 1500.0]);
    ready(&mut h);
    pick_city(&mut h, 0, "Chilonzor", "Chilonzor tumani — Toshkent shahri");
    type_into(&mut h, &tr("order.sender_name"), 0, "Aliyev Ali");
    type_into(&mut h, &tr("order.sender_phone"), 0, "+998 90 1234567");
    type_into(&mut h, &tr("order.sender_address"), 0, "Chilonzor 9");
    pick_city(&mut h, 1, "Buxoro", "Buxoro shahar — Buxoro viloyati");
    type_into(&mut h, &tr("order.receiver_name"), 0, "Rahimov Jasur");
    type_into(&mut h, &tr("order.receiver_phone"), 0, "+998 93 1112233");
    type_into(&mut h, &tr("order.receiver_address"), 0, "Labi hovuz 5");
    h.get_by_label(&common::ui::receiver_courier()).click();
    type_into(&mut h, &tr("order.weight"), 0, "1");
    pick(&mut h, &tr("order.package"), "Quti");
    pick(&mut h, &tr("order.post_type"), "Kiyim-kechak va poyabzal");

    // With no goods registered yet, the registration form is open and a line waits for it.
    h.get_by_label(&tr("order.cod")).click();
    step_until(&mut h, "new good form", |h| {
        h.query_by_label(&tr("order.good_spic")).is_some()
    });
    type_into(&mut h, &tr("order.good_spic"), 0, "06109001001000000");
    type_into(&mut h, &tr("order.good_name"), 0, "Futbolka");
    type_into(&mut h, &tr("order.good_units"), 0, "dona");
    type_into(&mut h, &tr("order.good_new_price"), 0, "45000");
    h.get_by_label(&tr("order.good_register")).click();
    step_until(&mut h, "good registered", |h| {
        h.state().toasts.texts().any(|t| t.contains("Futbolka"))
    });

    step_until(&mut h, "total", |h| {
        h.state()
            .order_form()
            .is_some_and(|f| f.draft.cod_total().is_some_and(|t| t.0 == 45_000))
    });

    // What is inside, and the days: a name longer than the service keeps is said under the
    // block, and nothing is sent until it is shortened.
    h.get_by_label(&tr("order.item_add")).click();
    step_until(&mut h, "item line", |h| {
        h.query_by_label(&tr("order.item_name")).is_some()
    });
    type_into(
        &mut h,
        &tr("order.item_name"),
        0,
        "Futbolka, paxta, koʻk rang",
    );
    type_into(&mut h, &tr("order.item_code"), 0, "TS-42");
    type_into(&mut h, &tr("order.item_count"), 0, "1");
    type_into(&mut h, &tr("order.item_cost"), 0, "45 000");
    type_into(&mut h, &tr("order.sender_date"), 0, "24.11.2026");
    type_into(&mut h, &tr("order.receiver_date"), 0, "31.11.2026");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    let too_long = tr("order.too_long").replace("%{n}", "20");
    let bad_day = tr("order.bad_date");
    step_until(&mut h, "problems named", |h| {
        h.query_by_label(&too_long).is_some() && h.query_by_label(&bad_day).is_some()
    });
    assert_eq!(h.state().screen(), ScreenId::NewOrder);
    replace_text(&mut h, &tr("order.item_name"), "Futbolka, paxta");
    replace_text(&mut h, &tr("order.receiver_date"), "30.11.2026");

    send_form_to_detail(&mut h);
    assert!(
        h.query_by_label_contains("45\u{2009}000").is_some(),
        "the detail shows the money to collect"
    );

    // The service has the item line and the days (its current interface shows them).
    let order_id = h.state().open_order().expect("detail open");
    let twin = h.state().desk.twin_base().unwrap();
    let detail = env.rt.block_on(async {
        let current = common::current_at(&format!("{twin}/api")).await;
        current.order_detail(order_id).await.expect("detail")
    });
    let items = &detail.cargo.post_types;
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(
        (
            items[0].name.as_str(),
            items[0].code.as_deref(),
            items[0].count
        ),
        ("Futbolka, paxta", Some("TS-42"), 1)
    );
    assert_eq!(detail.sender_date.to_string(), "2026-11-24");
    assert_eq!(detail.receiver_date.to_string(), "2026-11-30");
}

#[test]
fn the_calculator_prices_without_an_order() {
    let env = Env::new("calc");
    let mut h = harness(env.desk());
    calculator_from_chilonzor(&mut h);
    pick_suggestion(&mut h, &tr("calc.to"), 0, "Нукус", "Nukus shahar — ");
    type_into(&mut h, &tr("order.weight"), 0, "3");
    let sum = tr("order.sum");
    step_until(&mut h, "price and each mode", |h| {
        h.query_all_by_label_contains(&sum).count() >= 4 && !h.state().is_busy()
    });
}

#[test]
fn an_order_still_at_the_sender_can_be_edited() {
    use parcel_desk::desk::domestic::order_draft::{OrderDraft, Side};
    let (env, mut h) = ready_desk("edit");
    let draft = OrderDraft {
        sender: Side {
            city: Some(197),
            address: "Chilonzor 9".into(),
            name: "Aliyev Ali".into(),
            phone: "+998 90 1234567".into(),
            ..Side::default()
        },
        receiver: Side {
            city: Some(101),
            address: "Registon 2".into(),
            name: "Karimova Dilnoza".into(),
            phone: "+998 91 7654321".into(),
            delivery: parcel_desk::api::codes::Delivery::Courier,
            ..Side::default()
        },
        weight: "2".into(),
        package_id: Some(7),
        post_type_id: Some(4),
        ..OrderDraft::new()
    };
    let input = draft.check(None).expect("a valid form");
    let row = create_directly_from(&h, input, Some(draft));
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "journal", |h| {
        h.state().screen() == ScreenId::Orders && !h.state().is_busy()
    });
    type_into(&mut h, &tr("orders.filter"), 0, row.barcode());
    step_until(&mut h, "listed", |h| {
        h.query_by_label(row.barcode()).is_some()
    });
    click_then_see(&mut h, row.barcode(), &tr("detail.edit"));
    h.get_by_label(&tr("detail.edit")).click();
    step_until(&mut h, "edit form", |h| {
        h.state().screen() == ScreenId::EditOrder
    });
    assert_eq!(
        h.get_by_label(&tr("order.receiver_name"))
            .value()
            .as_deref(),
        Some("Karimova Dilnoza")
    );
    replace_text(&mut h, &tr("order.receiver_name"), "Yusupova Madina");
    send_form_to_detail(&mut h);
    assert!(
        h.query_by_label_contains("Yusupova Madina").is_some(),
        "the detail shows the edited receiver"
    );
    let twin = h.state().desk.twin_control().unwrap();
    let key = row.wcs_code().unwrap_or_default();
    let found = env.rt.block_on(common::get_json(format!(
        "{twin}/sandbox/orders?wcs_code={key}"
    )));
    assert_eq!(
        found.as_array().map(Vec::len),
        Some(1),
        "the edited order keeps its key"
    );
    assert!(
        h.state()
            .order_form()
            .is_none_or(|f| f.draft.receiver.name.is_empty()),
        "the new-order form is untouched"
    );
}

#[test]
fn goods_are_registered_on_their_screen_and_offered_in_the_form() {
    let (_env, mut h) = ready_desk("goods");
    h.key_press_modifiers(Modifiers::COMMAND, Key::G);
    step_until(&mut h, "goods screen", |h| {
        h.state().screen() == ScreenId::Goods && !h.state().is_busy()
    });
    type_into(&mut h, &tr("order.good_spic"), 0, "0610");
    type_into(&mut h, &tr("order.good_name"), 0, "Doʻppi");
    type_into(&mut h, &tr("order.good_units"), 0, "dona");
    type_into(&mut h, &tr("order.good_new_price"), 0, "80 000");
    h.get_by_label(&tr("order.good_register")).click();
    step_until(&mut h, "the code refused before sending", |h| {
        h.query_by_label(&tr("goods.bad_spic")).is_some()
    });
    assert!(!h.state().is_busy(), "nothing was sent");
    h.get_all_by_label(&tr("order.good_spic"))
        .next()
        .expect("code field")
        .focus();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    type_into(&mut h, &tr("order.good_spic"), 0, "06505000001000000");
    h.key_press(Key::Enter);
    step_until(&mut h, "registered and listed", |h| {
        h.query_by_label("Doʻppi").is_some()
            && h.query_by_label(&tr("goods.bad_spic")).is_none()
            && !h.state().is_busy()
    });
    // The list filters by name, in either script.
    type_into(&mut h, &tr("goods.filter"), 0, "доп");
    step_until(&mut h, "found by Cyrillic", |h| {
        h.query_by_label("Doʻppi").is_some()
    });

    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    step_until(&mut h, "form", |h| h.state().screen() == ScreenId::NewOrder);
    h.get_by_label(&tr("order.cod")).click();
    h.step();
    click_then_see(&mut h, &tr("order.good_add"), &tr("order.good"));
    pick(&mut h, &tr("order.good"), "Doʻppi · 06505000001000000");
    step_until(&mut h, "the line priced from the registered good", |h| {
        h.state()
            .order_form()
            .is_some_and(|f| f.draft.cod_total().is_some_and(|t| t.0 == 80_000))
    });
}

#[test]
fn unsent_orders_are_listed_and_the_clerk_decides() {
    let (env, mut h) = ready_desk("unsent");
    {
        // Entries of this service that an earlier run left behind.
        let svc = h.state().desk.scope().expect("logged in").clone();
        let paths = parcel_desk::desk::DeskPaths {
            config_dir: env.dir.join("config"),
            data_dir: env.dir.join("data"),
        };
        let store = parcel_desk::store::Store::open(&paths.database()).unwrap();
        let mut waiting = common::legacy_order();
        waiting.receiver = "Kutayotgan Karim".into();
        waiting.wcs_code = Some("PD-WAITING-1".into());
        let body = serde_json::to_string(&waiting).unwrap();
        store
            .outbox_add(&svc, "PD-WAITING-1", &body, None, "clerk", 1_700_000_000)
            .unwrap();
        // An entry from an older desk whose body no longer reads: only the clerk can end it.
        store
            .outbox_add(
                &svc,
                "PD-OLD-1",
                "{\"broken\":true}",
                None,
                "clerk",
                1_700_000_100,
            )
            .unwrap();
        store
            .outbox_sending(&svc, "PD-OLD-1", 1_700_000_101)
            .unwrap();
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::U);
    step_until(&mut h, "both entries listed", |h| {
        h.query_by_label_contains("Kutayotgan Karim").is_some()
            && h.query_by_label(&tr("unsent.unreadable")).is_some()
            && h.query_by_label(&tr("unsent.unknown")).is_some()
    });
    h.get_by_label(&tr("unsent.send_now")).click();
    step_until(&mut h, "sent and opened", |h| {
        h.state().screen() == ScreenId::OrderDetail && !h.state().is_busy()
    });
    assert!(h.query_by_label_contains("Kutayotgan Karim").is_some());

    h.key_press_modifiers(Modifiers::COMMAND, Key::U);
    step_until(&mut h, "one left", |h| {
        !h.state().is_busy() && h.query_by_label_contains("Kutayotgan Karim").is_none()
    });
    h.get_by_label(&tr("unsent.discard")).click();
    step_until(&mut h, "asked first", |h| {
        h.query_by_label(&tr("unsent.discard_confirm")).is_some()
    });
    h.get_by_label(&tr("unsent.yes")).click();
    step_until(&mut h, "nothing waits", |h| {
        !h.state().is_busy() && h.query_by_label(&tr("unsent.empty")).is_some()
    });
    assert_eq!(h.state().desk.outbox_waiting(), 0);
}

#[test]
fn an_order_from_another_desk_is_edited_without_losing_what_the_legacy_detail_omits() {
    let (env, mut h) = ready_desk("edit-foreign");
    // Another desk created it on the current interface, with an item line, a return waybill
    // and a volume: the legacy detail shows none of the first two.
    let twin = h.state().desk.twin_base().unwrap();
    let current = env.rt.block_on(common::current_at(&format!("{twin}/api")));
    let mut order = common::current_order(common::samarkand_branch());
    order.bring_back_waybill = Some(1);
    order.cargo.volume = Some(6000.0);
    order.cargo.post_types = vec![parcel_desk::api::legacy::ItemLine {
        name: "Kitoblar".into(),
        code: "BK-7".into(),
        count: 2,
        cost: parcel_desk::api::Sum(30_000),
    }];
    let created = env
        .rt
        .block_on(current.add_order(&order))
        .expect("created elsewhere");
    for digit in created.barcode.chars() {
        h.event(egui::Event::Text(digit.to_string()));
    }
    h.key_press(Key::Enter);
    step_until(&mut h, "looked up", |h| {
        h.state().open_order() == Some(created.order_id)
            && h.query_by_label(&tr("detail.edit")).is_some()
            && !h.state().is_busy()
    });
    h.get_by_label(&tr("detail.edit")).click();
    step_until(&mut h, "form read back", |h| {
        h.state().screen() == ScreenId::EditOrder && !h.state().is_busy()
    });
    let form = h.state().edit_form().expect("edit form");
    assert_eq!(form.draft.items.len(), 1);
    assert!(form.draft.return_waybill);
    assert_eq!(form.draft.known_volume, Some(6000.0));
    assert_eq!(form.draft.receiver.name, "Karimova Dilnoza");

    replace_text(&mut h, &tr("order.receiver_name"), "Yusupova Madina");
    send_form_to_detail(&mut h);
    let after = env
        .rt
        .block_on(current.order_detail(created.order_id))
        .expect("detail");
    assert_eq!(after.receiver.name, "Yusupova Madina");
    assert_eq!(after.cargo.post_types.len(), 1, "the item line is kept");
    assert!(
        after.cargo.options.bring_back_waybill,
        "the waybill is kept"
    );
    assert_eq!(after.cargo.volume, Some(6000.0), "the volume is kept");

    // Exact places and "ready to take" go through the current interface, the only one with them.
    h.get_by_label(&tr("detail.edit")).click();
    step_until(&mut h, "edit again", |h| {
        h.state().screen() == ScreenId::EditOrder && !h.state().is_busy()
    });
    type_into(&mut h, &tr("order.receiver_latitude"), 0, "39.654");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    step_until(&mut h, "a lone latitude is refused", |h| {
        h.query_by_label(&tr("order.bad_coordinates")).is_some()
    });
    type_into(&mut h, &tr("order.receiver_longitude"), 0, "66.9597");
    // By keyboard, as the clerk would: the box is below the fold of the form.
    h.get_by_label(&tr("order.ready_to_take")).focus();
    h.step();
    h.key_press(Key::Space);
    h.step();
    send_form_to_detail(&mut h);
    let after = env
        .rt
        .block_on(current.order_detail(created.order_id))
        .expect("detail");
    assert_eq!(after.receiver.latitude.as_deref(), Some("39.654000"));
    assert_eq!(after.receiver.longitude.as_deref(), Some("66.959700"));
    assert!(after.ready_to_take);
    assert_eq!(after.receiver.name, "Yusupova Madina");
    assert_eq!(
        after.cargo.post_types.len(),
        1,
        "the item line is still kept"
    );
    assert!(after.cargo.options.bring_back_waybill);
    assert_eq!(
        after.wcs_code, created.wcs_code,
        "the order keeps its key through either interface"
    );
}
