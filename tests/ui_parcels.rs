//! International parcels at the counter, driven as a clerk would against the embedded twin: a
//! wrong PINFL is refused in the form before anything is sent, a parcel with two product lines
//! goes to the service once, and after the twin moves it along it is tracked on the customs chain.

mod common;

use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parcel_desk::api::codes::ParcelStatus;
use parcel_desk::ui::screens::intl_calculator::IntlCalculator;
use parcel_desk::ui::screens::intl_orders::IntlOrdersScreen;
use parcel_desk::ui::screens::manifest::ManifestScreen;
use parcel_desk::ui::screens::parcel_form::ParcelFormScreen;
use parcel_desk::ui::screens::parcel_import::ParcelImportScreen;
use parcel_desk::ui::screens::parcels::ParcelsScreen;
use parcel_desk::ui::{DeskApp, ScreenId, tr};

const NUMBER: &str = "CN000000101UZ";

/// Chooses a whole route for the international price (the calculator's or the parcel
/// editor's): from Samarkand to Moscow (chosen by its Russian name among the cities the desk
/// learned from the international orders), as the first shipment type. `labels`: those of the
/// city at home and the country's and the city's abroad (the calculator's sender's and
/// receiver's, or the parcel's own).
fn choose_route(h: &mut Harness<'static, DeskApp>, labels: [&str; 3]) {
    let (country, post_type) = {
        let d = h.state().desk.directories().expect("directories");
        (
            d.data.countries[0].name.clone(),
            d.data.shipment_types[0].name.clone(),
        )
    };
    pick_suggestion(
        h,
        &tr(labels[0]),
        0,
        "Самарканд",
        "Samarqand shahar — Samarqand viloyati",
    );
    h.step();
    h.step();
    pick(h, &tr(labels[1]), &country);
    pick_suggestion(h, &tr(labels[2]), 0, "Москва", "Moskva");
    h.step();
    h.step();
    pick(h, &tr("order.post_type"), &post_type);
}

#[test]
fn a_parcel_with_two_lines_is_checked_sent_once_and_tracked() {
    let env = Env::new("parcels");
    // Tall enough to see the whole form with two product lines and the price.
    let mut h = harness_sized(env.desk(), [1280.0, 2800.0]);
    ready(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    step_until(&mut h, "the parcel form", |h| {
        h.state().screen() == ScreenId::NewParcel && !h.state().is_busy()
    });

    // Every field the service requires is marked: the parcel's typed ones (eight) and a line's
    // (seven), beside the pickers' own (the city and the price's route: five).
    assert!(h.query_all_by_label("*").count() >= 8 + 7 + 5);
    for (label, text) in [
        ("parcel.surname", "Karimov"),
        ("parcel.first_name", "Aziz"),
        ("parcel.phone", "+998 90 1234567"),
        ("parcel.passport_series", "AA"),
        ("parcel.passport_number", "1234567"),
        ("parcel.pinfl", "123"),
        ("parcel.number", NUMBER),
        ("parcel.weight", "1.5"),
        ("parcel.value", "100"),
    ] {
        type_into(&mut h, &tr(label), 0, text);
    }
    pick_suggestion(
        &mut h,
        &tr("parcel.city"),
        0,
        "Самарканд",
        "Samarqand shahar — Samarqand viloyati",
    );
    // Let the city's suggestions close (the layout settles) before clicking below them.
    h.step();
    h.step();
    h.get_by_label(&tr("parcel.add_line")).click();
    h.step();
    h.step();
    assert_eq!(
        h.state()
            .screen_of::<ParcelFormScreen>()
            .expect("form")
            .draft
            .products
            .len(),
        2
    );
    let lines = [
        [
            "Sneakers",
            "Кроссовки",
            "https://shop.example/p/1",
            "2",
            "0.8",
            "30",
            "640411",
            "",
        ],
        [
            "Phone",
            "Телефон",
            "https://shop.example/p/2",
            "1",
            "0.3",
            "40",
            "851712",
            "490154203237518",
        ],
    ];
    for (n, line) in lines.iter().enumerate() {
        let labels = [
            "parcel.description",
            "parcel.description_ru",
            "parcel.url",
            "parcel.quantity",
            "parcel.net_weight",
            "parcel.unit_value",
            "parcel.hs_code",
            "parcel.imei",
        ];
        for (label, text) in labels.iter().zip(line) {
            if text.is_empty() {
                continue;
            }
            if *label == "parcel.quantity" {
                // It holds 1 already: select it and type over it.
                h.get_all_by_label(&tr(label))
                    .nth(n)
                    .expect("quantity")
                    .focus();
                h.step();
                h.key_press_modifiers(Modifiers::COMMAND, Key::A);
                h.get_all_by_label(&tr(label))
                    .nth(n)
                    .expect("quantity")
                    .type_text(text);
                h.step();
                continue;
            }
            type_into(&mut h, &tr(label), n, text);
        }
    }
    // The price follows the parcel as it is typed, once its route is chosen.
    assert!(
        h.query_by_label(&tr("parcel.price_route")).is_some(),
        "the price says what it waits for"
    );
    choose_route(
        &mut h,
        [
            "parcel.home_city",
            "parcel.abroad_country",
            "parcel.abroad_city",
        ],
    );
    let priced_at = |h: &Harness<'static, DeskApp>, grams: u64| {
        h.state()
            .screen_of::<ParcelFormScreen>()
            .and_then(|f| f.quote.answer().cloned())
            .and_then(Result::ok)
            .filter(|a| a.request_data.weight.grams() == grams)
            .map(|a| a.summary_price.0)
    };
    step_until(&mut h, "priced at 1.5 kg", |h| priced_at(h, 1500).is_some());
    let light = priced_at(&h, 1500).expect("a price");
    // The price names the city chosen, never its id.
    assert!(h.query_by_label_contains("Moskva, Rossiya").is_some());
    replace_text(&mut h, &tr("parcel.weight"), "7.5");
    step_until(&mut h, "priced again at 7.5 kg", |h| {
        priced_at(h, 7500).is_some()
    });
    assert!(priced_at(&h, 7500) > Some(light), "heavier costs more");
    replace_text(&mut h, &tr("parcel.weight"), "1.5");
    h.step();
    // A declared value the goods do not add up to is warned of; the warning coming and going
    // moves nothing below it.
    // (Within a pixel: a text's row and the room kept for it differ by a fraction.)
    let price_at = |h: &Harness<'static, DeskApp>| h.get_by_label(&tr("parcel.price")).rect().top();
    let before = price_at(&h);
    for (value, warned) in [("90", true), ("100", false)] {
        replace_text(&mut h, &tr("parcel.value"), value);
        h.step();
        let shown = h.query_by_label(&tr("parcel.value_differs")).is_some();
        assert_eq!(shown, warned, "declared {value}");
        let moved = price_at(&h) - before;
        assert!(
            moved.abs() < 1.0,
            "declared {value}: the price box moved by {moved}"
        );
    }

    // The wrong PINFL is said under its field and nothing is sent.
    h.get_by_label(&tr("parcel.save")).click();
    h.step();
    h.step();
    assert!(
        h.query_by_label(&tr("parcel.bad_pinfl")).is_some(),
        "the PINFL is refused in the form"
    );
    assert!(!h.state().is_busy(), "nothing went to the service");
    let form = h.state().screen_of::<ParcelFormScreen>().expect("the form");
    assert_eq!(form.draft.products.len(), 2);
    assert_eq!(form.draft.products[1].imei, "490154203237518");

    replace_text(&mut h, &tr("parcel.pinfl"), "31234567890123");
    // Sent with Ctrl+Enter right after the last key, the cursor still in the field.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    step_until(&mut h, "the parcel is with the service", |h| {
        !h.state().is_busy()
            && h.state()
                .screen_of::<ParcelFormScreen>()
                .is_some_and(|f| f.draft.number.is_empty())
    });
    // The next customer's parcel starts from nothing of this one's: no weight, no route abroad
    // (its city would go onto the next parcel's papers unnoticed), no price.
    let next = &h
        .state()
        .screen_of::<ParcelFormScreen>()
        .expect("the form")
        .draft;
    assert!(next.weight.is_empty() && next.route.is_blank());
    assert!(
        h.state()
            .screen_of::<ParcelFormScreen>()
            .is_some_and(|f| f.quote.answer().is_none()),
        "no price of the parcel before"
    );
    h.step();
    assert!(
        h.get_by_label(&tr("parcel.surname")).is_focused(),
        "the next parcel starts at its first field"
    );

    // The twin moves it to customs; the clerk tracks it from the list.
    let control = h.state().desk.twin_control().expect("demo twin");
    env.rt.block_on(async {
        let r = reqwest::Client::new()
            .post(format!("{control}/sandbox/parcels/{NUMBER}/advance"))
            .send()
            .await
            .expect("the twin answers");
        assert!(r.status().is_success());
    });
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::O);
    step_until(&mut h, "the parcel listed", |h| {
        h.state().screen() == ScreenId::Parcels
            && h.state()
                .screen_of::<ParcelsScreen>()
                .is_some_and(|p| p.rows.iter().any(|r| r.number == NUMBER))
    });
    let rows = &h
        .state()
        .screen_of::<ParcelsScreen>()
        .expect("parcels")
        .rows;
    assert_eq!(rows.len(), 1, "sent once");
    assert_eq!(rows[0].input.products.len(), 2);
    // Its city abroad is kept with it, never sent, and named in the list.
    let first_country = h.state().desk.directories().expect("dirs").data.countries[0].id;
    assert_eq!(
        rows[0].extras.abroad,
        Some(parcel_desk::store::PlaceAbroad {
            country: first_country,
            city: 10_101
        })
    );
    assert!(h.query_by_label_contains("Moskva, Rossiya").is_some());
    // The row's number tracks it.
    h.get_all_by_label(NUMBER)
        .last()
        .expect("the row's number")
        .click();
    step_until(&mut h, "tracked", |h| {
        h.state()
            .screen_of::<ParcelsScreen>()
            .and_then(|p| p.tracked.as_ref())
            .is_some_and(|t| t.status.code == ParcelStatus::AtCustoms)
    });
    assert!(
        h.query_all_by_label_contains(&tr("parcel_status.110"))
            .next()
            .is_some(),
        "the timeline names the status"
    );

    // A scanner sending the whole number with its Enter, anywhere: the parcel opens, tracked.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    step_until(&mut h, "the order form", |h| {
        h.state().screen() == ScreenId::NewOrder
    });
    // In one frame, as such a scanner delivers it (the harness would give each event its own).
    let enter = |pressed| egui::Event::Key {
        key: Key::Enter,
        pressed,
        modifiers: Modifiers::default(),
        repeat: false,
        physical_key: None,
    };
    h.input_mut()
        .events
        .extend([egui::Event::Text(NUMBER.into()), enter(true), enter(false)]);
    step_until(&mut h, "the parcel tracked from a scan", |h| {
        h.state().screen() == ScreenId::Parcels && !h.state().is_busy()
    });
    assert!(
        h.state()
            .order_form()
            .is_some_and(|f| f.draft.sender.name.is_empty()),
        "nothing of the scan reached the form"
    );

    // A scanner typing the number key by key (capitals with Shift) while no field has the
    // cursor: caught the same way.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    step_until(&mut h, "the order form again", |h| {
        h.state().screen() == ScreenId::NewOrder
    });
    type_into(&mut h, &tr("order.sender_name"), 0, "Karimova");
    h.key_press(Key::Escape);
    h.step();
    for c in NUMBER.chars() {
        let key = Key::from_name(&c.to_string()).expect("a key for each character");
        let modifiers = if c.is_ascii_uppercase() {
            Modifiers::SHIFT
        } else {
            Modifiers::NONE
        };
        h.key_down_modifiers(modifiers, key);
        h.event(egui::Event::Text(c.to_string()));
        h.key_up_modifiers(modifiers, key);
    }
    h.key_press(Key::Enter);
    step_until(&mut h, "the parcel tracked from a key-by-key scan", |h| {
        h.state().screen() == ScreenId::Parcels && !h.state().is_busy()
    });
    assert_eq!(
        h.state().order_form().map(|f| f.draft.sender.name.clone()),
        Some("Karimova".to_string()),
        "what the clerk typed is as it was"
    );

    // A clerk typing a capital and moving straight on: the letter stays in its own field.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    step_until(&mut h, "the order form once more", |h| {
        h.state().screen() == ScreenId::NewOrder
    });
    type_into(&mut h, &tr("order.receiver_name"), 0, "B");
    type_into(&mut h, &tr("order.receiver_address"), 0, "Z");
    h.step();
    let form = h.state().order_form().expect("form");
    assert_eq!(
        (
            form.draft.receiver.name.as_str(),
            form.draft.receiver.address.as_str()
        ),
        ("B", "Z")
    );

    // The parcel number typed (or scanned) in the Orders search opens it here, tracked.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "the orders", |h| {
        h.state().screen() == ScreenId::Orders && !h.state().is_busy()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::F);
    h.step();
    h.event(egui::Event::Text(NUMBER.into()));
    h.step();
    h.key_press(Key::Enter);
    step_until(&mut h, "the parcel tracked from the search", |h| {
        h.state().screen() == ScreenId::Parcels && !h.state().is_busy()
    });
}

#[test]
fn parcels_go_on_one_manifest_and_are_not_offered_again() {
    let (_env, mut h) = ready_desk("manifest");
    for n in ["CN000000301UZ", "CN000000302UZ", "CN000000303UZ"] {
        let task = h
            .state()
            .desk
            .send_parcel(common::intl_parcel(n), Default::default())
            .expect("wired");
        match common::wait(task) {
            parcel_desk::desk::international::parcels::SendResult::Saved(_) => {}
            other => panic!("{other:?}"),
        }
    }
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::M);
    step_until(&mut h, "the manifest screen with the parcels", |h| {
        h.state().screen() == ScreenId::Manifest
            && h.state()
                .screen_of::<ManifestScreen>()
                .is_some_and(|m| m.parcels().len() == 3)
    });
    // Nothing picked: said, nothing sent.
    h.get_by_label(&tr("manifest.submit")).click();
    h.step();
    h.step();
    assert!(h.query_by_label(&tr("manifest.pick_parcels")).is_some());

    type_into(&mut h, &tr("manifest.number"), 0, "M-2026-001");
    h.get_by_label("CN000000301UZ").click();
    h.step();
    h.get_by_label("CN000000303UZ").click();
    h.step();
    assert_eq!(
        h.state()
            .screen_of::<ManifestScreen>()
            .expect("screen")
            .selected
            .len(),
        2
    );
    h.step();
    h.get_by_label(&tr("manifest.submit")).click();
    step_until(&mut h, "the manifest is with the service", |h| {
        !h.state().is_busy()
            && h.state().screen_of::<ManifestScreen>().is_some_and(|m| {
                m.manifests.len() == 1
                    && m.manifests[0].saved
                    && m.parcels().iter().filter(|p| p.manifest.is_some()).count() == 2
            })
    });
    let m = h.state().screen_of::<ManifestScreen>().expect("screen");
    assert_eq!(
        m.manifests[0].parcels,
        vec!["CN000000301UZ", "CN000000303UZ"]
    );
    assert_eq!(m.offered().count(), 1, "only the third is offered again");
    assert!(m.selected.is_empty());
}

#[test]
fn an_international_price_and_the_international_orders_in_a_range() {
    let (_env, mut h) = ready_desk("intl-price-list");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::K);
    step_until(&mut h, "the international calculator", |h| {
        h.state().screen() == ScreenId::IntlCalculator
    });
    // Asked blank, each required field says so and nothing is asked of the service.
    h.get_by_label(&tr("intl_calc.price")).click();
    h.step();
    h.step();
    assert!(h.query_all_by_label(&tr("login.required")).count() >= 4);
    type_into(&mut h, &tr("parcel.weight"), 0, "1.5");
    choose_route(
        &mut h,
        [
            "intl_calc.sender_city",
            "intl_calc.country",
            "intl_calc.receiver_city",
        ],
    );
    h.step();
    h.get_by_label(&tr("intl_calc.price")).click();
    step_until(&mut h, "priced", |h| {
        h.state()
            .screen_of::<IntlCalculator>()
            .and_then(|c| c.answer.as_ref())
            .is_some()
    });
    let answer = h
        .state()
        .screen_of::<IntlCalculator>()
        .and_then(|c| c.answer.clone())
        .unwrap();
    assert!(answer.summary_price.0 > 0);
    // Moscow's id at the service, and its name (never its id) in the price's line.
    assert_eq!(answer.request_data.receiver_city_id, 10101);
    assert!(h.query_by_label_contains("Moskva, Rossiya").is_some());

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::L);
    step_until(&mut h, "the international orders", |h| {
        h.state().screen() == ScreenId::IntlOrders
    });
    // It opens on this week, read at once: the seeded orders are from the summer, so the list
    // says there are none in the week, naming it.
    let list = h.state().screen_of::<IntlOrdersScreen>().expect("list");
    let (monday, today) = parcel_desk::desk::international::international_list::this_week(
        parcel_desk::text::day::today(),
    );
    assert_eq!(list.begin, monday.format("%d.%m.%Y").to_string());
    assert_eq!(list.end, today.format("%d.%m.%Y").to_string());
    let said = tr("intl_list.none_between")
        .replace("%{begin}", &list.begin)
        .replace("%{end}", &list.end);
    step_until(&mut h, "this week read, none in it", |h| {
        !h.state().is_busy() && h.query_by_label(&said).is_some()
    });
    replace_text(&mut h, &tr("intl_list.begin"), "01.01.2000");
    replace_text(&mut h, &tr("intl_list.end"), "31.12.2100");
    h.get_by_label(&tr("intl_list.show")).click();
    step_until(&mut h, "the first page", |h| {
        !h.state().is_busy()
            && h.state()
                .screen_of::<IntlOrdersScreen>()
                .is_some_and(|l| l.paging.page.is_some() && !l.rows().is_empty())
    });
    let seeded = parcel_desk::twin::SEEDED_INTL_ORDERS as usize;
    let list = h.state().screen_of::<IntlOrdersScreen>().expect("list");
    assert_eq!(list.rows().len(), seeded.min(20));
    assert_eq!(
        list.paging.page.map(|p| p.1),
        Some(seeded.div_ceil(20) as u64)
    );
    h.get_by_label(&tr("intl_list.load_all")).click();
    step_until(&mut h, "every page", |h| {
        !h.state().is_busy()
            && h.state()
                .screen_of::<IntlOrdersScreen>()
                .is_some_and(|l| l.paging.page.is_none())
    });
    assert_eq!(
        h.state()
            .screen_of::<IntlOrdersScreen>()
            .expect("list")
            .rows()
            .len(),
        seeded
    );
}

#[test]
fn a_file_of_twenty_parcels_with_two_bad_rows_sends_the_eighteen_good_ones() {
    // Of the eighteen, the service refuses the last (its city is none it knows): it is told by
    // its line and column. Every parcel comes from Moscow.
    use parcel_desk::ui::screens::parcel_import::RowState;
    let (env, mut h) = ready_desk("import");
    let mut csv = String::from(
        "ParcelNumber,ReceiverSurname,ReceiverFirstName,ReceiverPhone,ReceiverPassposrtSerial,\
         ReceiverPassposrtNumber,ReceiverPinfl,ParcelWeight,ParcelValue,ParcelDeclareCurrency,\
         ReceiverCityId,ReceiverDelivery,ProductDescription,ProductDescriptionRu,ProductQuantity,\
         ProductWeight,ProductDeclareValue,ProductUrl,ProductUnit,HsCodeIs,AbroadCountryId,\
         AbroadCityId\n",
    );
    for i in 1..=20 {
        let pinfl = if i == 7 { "123" } else { "31234567890123" };
        let hs = if i == 13 { "64" } else { "640411" };
        let city = if i == 20 { "999999" } else { "101" };
        csv.push_str(&format!(
            "CN0000005{i:02}UZ,Karimov,\"Aziz {i}\",+998 90 1234567,AA,1234567,{pinfl},1.5,80,USD,\
             {city},1,\"Shoes, size {i}\",Обувь,1,1.2,80,https://shop.example/p/{i},pcs,{hs},\
             1,10101\n"
        ));
    }
    std::fs::create_dir_all(&env.dir).expect("a folder");
    let file = env.dir.join("parcels.csv");
    std::fs::write(&file, csv).expect("written");

    open_import(&mut h);
    type_into(&mut h, &tr("import.path"), 0, &file.display().to_string());
    h.get_by_label(&tr("import.read")).click();
    step_until(&mut h, "read and checked", |h| {
        h.state()
            .screen_of::<ParcelImportScreen>()
            .is_some_and(|i| i.parcels.len() == 20)
    });
    let import = h.state().screen_of::<ParcelImportScreen>().expect("import");
    assert_eq!(import.counts(), (18, 2, 0, 0));
    assert!(
        h.query_all_by_label("Moskva, Rossiya").count() >= 10,
        "where each comes from"
    );
    assert_eq!(import.states[6], RowState::Blocked);
    assert_eq!(import.states[12], RowState::Blocked);
    // The bad rows say their line and column (by the form's name for it).
    assert!(
        h.query_all_by_label_contains(&format!("{}:", tr("parcel.pinfl")))
            .next()
            .is_some()
    );
    h.get_by_label_contains(&tr("import.send.other").replace("%{n}", "18"))
        .click();
    step_until(&mut h, "the good ones sent", |h| {
        !h.state().is_busy()
            && h.state()
                .screen_of::<ParcelImportScreen>()
                .is_some_and(|i| i.counts().2 + i.counts().3 == 18)
    });
    let import = h.state().screen_of::<ParcelImportScreen>().expect("import");
    assert_eq!(import.counts(), (0, 2, 17, 1));
    assert!(
        h.query_by_label(&tr("import.send_again").replace("%{n}", "1"))
            .is_some(),
        "the one not taken is offered again as such"
    );
    // The refusal by the file's line (the twentieth parcel's row is the file's 21st line) and
    // the column's label, never the service's key for it.
    let told = tr("import.problem")
        .replace("%{line}", "21")
        .replace("%{column}", &tr("parcel.city"));
    let told = told.split("%{what}").next().expect("a prefix").to_string();
    assert!(
        h.query_all_by_label_contains(&told).next().is_some(),
        "{told}"
    );
    assert!(
        h.query_all_by_label_contains("ReceiverCityId")
            .next()
            .is_none()
    );
    let listed = common::wait(h.state().desk.parcel_list().expect("wired")).expect("listed");
    assert_eq!(listed.len(), 17);
    let moscow = parcel_desk::store::PlaceAbroad {
        country: 1,
        city: 10_101,
    };
    assert!(listed.iter().all(|p| p.extras.abroad == Some(moscow)));
    // The same file read again: the eighteen are known as sent, nothing is offered to send.
    h.get_by_label(&tr("import.read")).click();
    step_until(&mut h, "read again", |h| {
        h.state()
            .screen_of::<ParcelImportScreen>()
            .is_some_and(|i| i.states.contains(&RowState::SentBefore))
    });
    let again = h.state().screen_of::<ParcelImportScreen>().expect("import");
    assert_eq!(
        again.counts(),
        (1, 2, 17, 0),
        "only the refused one may go again"
    );
    assert!(
        h.query_by_label(&tr("import.send.one").replace("%{n}", "1"))
            .is_some()
    );
    let import = again;
    // The two left behind are offered as a file to fix: their rows as they were, with why.
    assert!(
        h.query_by_label(&tr("import.save_to_fix").replace("%{n}", "2"))
            .is_some()
    );
    let fix = import.rows_to_fix()().expect("made");
    let fix = String::from_utf8(fix).expect("text");
    let back = parcel_desk::desk::international::parcel_import::read(&fix).expect("reads again");
    let numbers: Vec<&str> = back.iter().map(|p| p.draft.number.as_str()).collect();
    assert_eq!(numbers, ["CN000000507UZ", "CN000000513UZ"]);
    assert!(back.iter().all(|p| !p.problems.is_empty()));
    assert!(fix.contains(&tr("import.reason_column")));
    assert!(fix.contains("ReceiverPinfl") && fix.contains("HsCodeIs"));
}

#[test]
fn without_a_system_file_dialog_the_file_is_chosen_in_the_window() {
    let (env, mut h) = ready_desk("chooser");
    h.state_mut().desk.without_file_dialogs();
    let folder = env.dir.join("from the supplier");
    std::fs::create_dir_all(folder.join("older")).expect("a folder");
    // The template with a blank line more (which the import passes over), to tell it from a
    // template saved over it.
    let csv = format!("{}\n", desk_template());
    std::fs::write(folder.join("parcels.csv"), &csv).expect("written");
    std::fs::write(folder.join("photo.jpg"), b"not taken").expect("written");

    open_import(&mut h);
    h.get_by_label(&tr("import.choose")).click();
    step_until(&mut h, "the chooser", |h| {
        h.query_by_label(&tr("chooser.title")).is_some()
    });
    // The folder typed (or pasted) and Enter: its folders and the files an import takes.
    replace_text(&mut h, &tr("chooser.folder"), &folder.display().to_string());
    h.key_press(Key::Enter);
    step_until(&mut h, "the folder read", |h| {
        h.query_by_label("parcels.csv").is_some()
    });
    assert!(h.query_by_label("older/").is_some(), "its folders");
    assert!(
        h.query_by_label("photo.jpg").is_none(),
        "no file it cannot take"
    );
    h.get_by_label("parcels.csv").click();
    h.step();
    h.get_by_label(&tr("chooser.open")).click();
    step_until(&mut h, "read from the file chosen", |h| {
        h.state()
            .screen_of::<ParcelImportScreen>()
            .is_some_and(|i| i.parcels.len() == 1)
    });
    assert!(h.query_by_label(&tr("chooser.title")).is_none(), "closed");
    // The folder is offered first the next time.
    assert_eq!(
        h.state().desk.recent_folders().first().map(String::as_str),
        Some(folder.display().to_string().as_str())
    );
    h.get_by_label(&tr("import.choose")).click();
    step_until(&mut h, "the same folder again", |h| {
        h.query_by_label("parcels.csv").is_some()
    });
    h.key_press(Key::Escape);
    step_until(&mut h, "closed with nothing chosen", |h| {
        h.query_by_label(&tr("chooser.title")).is_none()
    });

    // Saving asks where too: the template goes to the folder and name the clerk gives.
    h.get_by_label(&tr("import.template")).click();
    step_until(&mut h, "asked where to save", |h| {
        h.query_by_label(&tr("chooser.save_title")).is_some()
    });
    // It opens in the folder a file was last chosen from.
    step_until(&mut h, "the folder read", |h| {
        h.query_by_label("parcels.csv").is_some()
    });
    // The name proposed has the cursor, selected: typing replaces it.
    step_until(&mut h, "the name field ready", |h| {
        h.get_by_label(&tr("chooser.file_name")).is_focused()
    });
    h.get_by_label(&tr("chooser.file_name"))
        .type_text("supplier-template.csv");
    h.step();
    // What is typed may be held a moment by the scanner's gate: the name is in its field first.
    step_until(&mut h, "the name typed", |h| {
        file_name_typed(h) == "supplier-template.csv"
    });
    h.get_by_label(&tr("chooser.save")).click();
    let saved = folder.join("supplier-template.csv");
    step_until(&mut h, "saved where asked", |h| {
        saved.exists() && !h.state().is_busy()
    });
    assert_eq!(
        std::fs::read_to_string(&saved).expect("written"),
        desk_template()
    );
    // A name that is there is said before it is replaced.
    h.get_by_label(&tr("import.template")).click();
    step_until(&mut h, "asked again", |h| {
        h.query_by_label(&tr("chooser.save_title")).is_some()
    });
    step_until(&mut h, "the name field ready", |h| {
        h.get_by_label(&tr("chooser.file_name")).is_focused()
    });
    h.get_by_label(&tr("chooser.file_name"))
        .type_text("parcels.csv");
    h.step();
    let warned = tr("chooser.replaces").replace("%{name}", "parcels.csv");
    step_until(&mut h, "the name typed", |h| {
        file_name_typed(h) == "parcels.csv"
    });
    step_until(&mut h, "warned", |h| h.query_by_label(&warned).is_some());
    h.get_by_label(&tr("chooser.cancel")).click();
    step_until(&mut h, "cancelled", |h| {
        h.query_by_label(&tr("chooser.save_title")).is_none() && !h.state().is_busy()
    });
    assert_eq!(
        std::fs::read_to_string(folder.join("parcels.csv")).expect("kept"),
        csv,
        "nothing replaced"
    );
}

#[test]
fn the_window_s_file_chooser_is_used_with_the_keyboard_alone() {
    let (env, mut h) = ready_desk("chooser-keys");
    h.state_mut().desk.without_file_dialogs();
    let folder = env.dir.join("keys");
    std::fs::create_dir_all(folder.join("a-folder")).expect("a folder");
    let csv = format!("{}\n", desk_template());
    std::fs::write(folder.join("b-parcels.csv"), &csv).expect("written");
    std::fs::write(folder.join("c-more.csv"), &csv).expect("written");
    open_import(&mut h);
    // A file's whole path typed into the import's own field, and Enter: read.
    replace_text(
        &mut h,
        &tr("import.path"),
        &folder.join("c-more.csv").display().to_string(),
    );
    h.key_press(Key::Enter);
    step_until(&mut h, "read by Enter in the path", |h| {
        h.state()
            .screen_of::<ParcelImportScreen>()
            .is_some_and(|i| i.parcels.len() == 1)
    });
    // The chooser: a file's whole path typed into its path field and Enter chooses it.
    h.get_by_label(&tr("import.choose")).click();
    step_until(&mut h, "the chooser, its path field with the cursor", |h| {
        h.query_by_label(&tr("chooser.title")).is_some()
            && h.get_by_label(&tr("chooser.folder")).is_focused()
    });
    let typed = folder.join("b-parcels.csv").display().to_string();
    replace_text(&mut h, &tr("chooser.folder"), &typed);
    h.key_press(Key::Enter);
    step_until(&mut h, "the typed file chosen and read", |h| {
        h.query_by_label(&tr("chooser.title")).is_none()
            && h.state()
                .screen_of::<ParcelImportScreen>()
                .is_some_and(|i| i.path == typed)
            && !h.state().is_busy()
    });
    // Again, by the rows: Down to the folder, Enter goes in, Alt+Up back, Down twice, Enter.
    h.get_by_label(&tr("import.choose")).click();
    step_until(&mut h, "the folder read", |h| {
        h.query_by_label("b-parcels.csv").is_some()
            && h.get_by_label(&tr("chooser.folder")).is_focused()
    });
    h.key_press(Key::ArrowDown);
    h.key_press(Key::Enter);
    step_until(&mut h, "into the folder", |h| {
        h.query_by_label("b-parcels.csv").is_none() && !h.state().is_busy()
    });
    h.key_press_modifiers(egui::Modifiers::ALT, Key::ArrowUp);
    step_until(&mut h, "back up", |h| {
        h.query_by_label("c-more.csv").is_some()
    });
    h.get_by_label(&tr("chooser.folder")).focus();
    h.step();
    for _ in 0..3 {
        h.key_press(Key::ArrowDown);
        h.step();
    }
    h.key_press(Key::Enter);
    step_until(&mut h, "the third row chosen", |h| {
        h.query_by_label(&tr("chooser.title")).is_none()
            && h.state()
                .screen_of::<ParcelImportScreen>()
                .is_some_and(|i| i.path.ends_with("c-more.csv"))
            && !h.state().is_busy()
    });

    // Saving a name without its extension: the document's is added.
    h.get_by_label(&tr("import.template")).click();
    step_until(&mut h, "the name field ready", |h| {
        h.query_by_label(&tr("chooser.save_title")).is_some()
            && h.get_by_label(&tr("chooser.file_name")).is_focused()
    });
    h.get_by_label(&tr("chooser.file_name")).type_text("шаблон");
    step_until(&mut h, "the name typed", |h| file_name_typed(h) == "шаблон");
    h.key_press(Key::Enter);
    let saved = folder.join("шаблон.csv");
    step_until(&mut h, "saved with its extension", |h| {
        saved.exists() && !h.state().is_busy()
    });
    // A name that is there: Enter does not replace it; the Replace button would.
    h.get_by_label(&tr("import.template")).click();
    step_until(&mut h, "the name field ready", |h| {
        h.query_by_label(&tr("chooser.save_title")).is_some()
            && h.get_by_label(&tr("chooser.file_name")).is_focused()
    });
    h.get_by_label(&tr("chooser.file_name"))
        .type_text("b-parcels");
    step_until(&mut h, "the name typed", |h| {
        file_name_typed(h) == "b-parcels"
    });
    h.key_press(Key::Enter);
    for _ in 0..5 {
        h.step();
    }
    assert!(
        h.query_by_label(&tr("chooser.save_title")).is_some(),
        "still asking"
    );
    assert!(h.query_by_label(&tr("chooser.replace")).is_some());
    h.key_press(Key::Escape);
    step_until(&mut h, "closed", |h| {
        h.query_by_label(&tr("chooser.save_title")).is_none() && !h.state().is_busy()
    });
    assert_eq!(
        std::fs::read_to_string(folder.join("b-parcels.csv")).expect("kept"),
        csv,
        "nothing replaced"
    );
}

/// The import's CSV template, as the clerk downloads it (one example parcel).
fn desk_template() -> String {
    let lang = parcel_desk::api::codes::Language::Uz;
    let csv = parcel_desk::desk::international::import_template::template_csv(lang);
    String::from_utf8(csv.expect("a template")).expect("UTF-8")
}

/// What the chooser's file name field holds.
fn file_name_typed(h: &Harness<'static, DeskApp>) -> String {
    use egui_kittest::kittest::NodeT;
    h.get_by_label(&tr("chooser.file_name"))
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

/// From anywhere to the parcels import, as a clerk goes: the new parcel, then its import.
fn open_import(h: &mut Harness<'static, DeskApp>) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    step_until(h, "the parcel form", |h| {
        h.state().screen() == ScreenId::NewParcel
    });
    h.get_by_label(&tr("import.open")).click();
    step_until(h, "the import", |h| {
        h.state().screen() == ScreenId::ParcelImport
    });
}
