//! The address book screen as a clerk uses it: the people of the orders made are listed and found,
//! a correction is kept, and a forgotten person is suggested nowhere (the order form included)
//! and, when asked, blanked in the order list.

mod common;

use common::ui::{create_sample_order, ready_desk, replace_text, step_until};
use egui::{Key, Modifiers};
use egui_kittest::kittest::{Queryable, by};
use parcel_desk::ui::{ScreenId, tr};

#[test]
fn a_person_is_found_corrected_and_forgotten() {
    let (_env, mut h) = ready_desk("address-book");
    create_sample_order(&h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    step_until(&mut h, "the sender listed", |h| {
        h.state().screen() == ScreenId::AddressBook
            && h.query_by_label("Aliyev Ali").is_some()
            && h.query_by_label("Valiyeva Gulnora").is_some()
    });
    replace_text(&mut h, &tr("people.search"), "valiy");
    step_until(&mut h, "the search narrows", |h| {
        h.query_by_label("Aliyev Ali").is_none() && h.query_by_label("Valiyeva Gulnora").is_some()
    });

    // Corrected: the new address is what the order form will fill in.
    h.get_by_label(&tr("people.actions")).click();
    step_until(&mut h, "the actions", |h| {
        h.query_by_label(&tr("people.correct")).is_some()
    });
    h.get_by_label(&tr("people.correct")).click();
    h.step();
    // The form's field, not the list's column of the same name.
    let address = tr("people.address");
    let field = || by().label(&address).role(egui::accesskit::Role::TextInput);
    step_until(&mut h, "the correction form", |h| {
        h.query_all(field()).next().is_some()
    });
    h.query_all(field())
        .next()
        .expect("the address field")
        .focus();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.query_all(field())
        .next()
        .expect("the address field")
        .type_text("Registon koʻchasi 4");
    h.step();
    h.get_by_label(&tr("people.save")).click();
    step_until(&mut h, "the correction kept", |h| {
        let found = h.state().desk.suggest_people("Valiyeva");
        found.len() == 1 && found[0].address == "Registon koʻchasi 4"
    });

    // Forgotten, with her name blanked in the order list.
    h.get_by_label(&tr("people.actions")).click();
    step_until(&mut h, "the actions", |h| {
        h.query_by_label(&tr("people.forget")).is_some()
    });
    h.get_by_label(&tr("people.forget")).click();
    step_until(&mut h, "the question", |h| {
        h.query_by_label(&tr("people.forget_journal")).is_some()
    });
    h.get_by_label(&tr("people.forget_journal")).click();
    h.step();
    // The question's "yes" is drawn last (over the row's own button).
    if let Some(yes) = h.get_all_by_label(&tr("people.forget")).last() {
        yes.click();
    }
    step_until(&mut h, "she is forgotten", |h| {
        h.state().desk.suggest_people("Valiyeva").is_empty() && !h.state().is_busy()
    });
    let rows = common::wait(h.state().desk.load_journal()).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].receiver(), "", "blanked in the order list");
    assert_eq!(
        h.state().desk.suggest_people("Aliyev").len(),
        1,
        "the sender stays"
    );
}

/// A shop that ships its own goods names itself once in Settings: every new order starts with
/// the shop as the sender, and "The shop sends" puts it back after the clerk changed the side.
#[test]
fn the_shop_as_sender_is_never_typed() {
    use parcel_desk::desk::session::settings::SenderProfile;
    let env = common::ui::Env::new("shop-sender");
    let mut desk = env.desk();
    let mut settings = desk.settings().clone();
    settings.sender = SenderProfile {
        name: "Baraka Savdo MChJ".into(),
        phone: "+998 71 200 00 01".into(),
        city: Some(197),
        address: "Chilonzor 9".into(),
        every_order: true,
        origin: String::new(),
    };
    let saved = desk.apply_settings(settings).expect("settings applied");
    common::wait(saved).expect("settings saved");
    let mut h = common::ui::harness(desk);
    common::ui::ready(&mut h);
    step_until(&mut h, "the shop as the sender", |h| {
        h.state()
            .order_form()
            .is_some_and(|f| f.draft.sender.name == "Baraka Savdo MChJ")
    });
    let sender = h
        .state()
        .order_form()
        .map(|f| f.draft.sender.clone())
        .unwrap();
    assert_eq!(
        (sender.city, sender.address.as_str()),
        (Some(197), "Chilonzor 9")
    );
    replace_text(&mut h, &tr("order.sender_name"), "Someone else");
    h.get_by_label(&tr("people.shop_sends")).click();
    step_until(&mut h, "the shop back as the sender", |h| {
        h.state()
            .order_form()
            .is_some_and(|f| f.draft.sender.name == "Baraka Savdo MChJ")
    });
}
