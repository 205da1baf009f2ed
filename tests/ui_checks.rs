//! Checks that help instead of nag, as the clerk meets them: unusual values are asked about once
//! (a modal, never a block), the calculator says what it cannot read, an added item line takes
//! the cursor, a scan leaves the field being typed in as it was, cash on delivery with no goods
//! says what to do, and a cancelled order's label is printed only after the clerk agrees.

mod common;

use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use parcel_desk::label::print::Printer;
use parcel_desk::ui::{ScreenId, tr};

/// Steps a few frames (a modal shows the frame after it is asked for).
fn settle(h: &mut egui_kittest::Harness<'static, parcel_desk::ui::DeskApp>) {
    for _ in 0..4 {
        h.step();
    }
}

#[test]
fn unusual_values_are_asked_about_once_and_sent_when_confirmed() {
    let (_env, mut h) = ready_desk("doubts");
    let long_name = "Abdurahmonova Oʻgʻiljon ".repeat(4);
    fill_valid_form(&mut h, &long_name);
    replace_text(&mut h, &tr("order.weight"), "99999");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    settle(&mut h);
    assert!(
        h.query_by_label(&tr("order.doubt_title")).is_some(),
        "the clerk is asked"
    );
    // Both doubts are named: the weight and the long name.
    // Grouped as the clerk reads it.
    assert!(h.query_by_label_contains("99\u{2009}999 kg").is_some());
    let chars = long_name.trim().chars().count().to_string();
    assert!(
        h.query_by_label_contains(&format!(" {chars} ")).is_some(),
        "the name's length"
    );
    // Going back sends nothing and leaves the form as it was.
    h.get_by_label(&tr("order.doubt_back")).click();
    settle(&mut h);
    assert!(h.query_by_label(&tr("order.doubt_title")).is_none());
    assert_eq!(h.state().screen(), ScreenId::NewOrder);
    assert_eq!(h.state().order_form().expect("form").draft.weight, "99999");
    // Asked again on the next try; confirmed, the order goes.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    settle(&mut h);
    h.get_by_label(&tr("order.doubt_send")).click();
    step_until(&mut h, "created and opened", |h| {
        h.state().screen() == ScreenId::OrderDetail && !h.state().is_busy()
    });
    // (An ordinary order is not asked about: every other test creates one without a question.)
}

#[test]
fn the_calculator_says_what_it_cannot_read() {
    let env = Env::new("calc-unreadable");
    let mut h = harness(env.desk());
    calculator_from_chilonzor(&mut h);
    type_into(&mut h, &tr("order.weight"), 0, "2kg");
    settle(&mut h);
    let not_a_number = tr("order.bad_number");
    // Under the field, and in place of the price.
    assert!(h.query_all_by_label_contains(&not_a_number).count() >= 2);
    assert!(h.query_by_label(&tr("order.price_needs")).is_none());
    // (A lone digit is held a moment in case a scanner is typing.)
    replace_text(&mut h, &tr("order.weight"), "2");
    step_until(&mut h, "the weight reads", |h| {
        h.query_all_by_label_contains(&not_a_number).count() == 0
    });
}

#[test]
fn an_added_item_line_takes_the_cursor() {
    let (_env, mut h) = ready_desk("item-focus");
    h.get_by_label(&tr("order.item_add")).click();
    settle(&mut h);
    assert!(
        h.get_by_label(&tr("order.item_name")).is_focused(),
        "the new line's name has the cursor"
    );
    h.get_by_label(&tr("order.item_add")).click();
    settle(&mut h);
    assert!(
        h.get_all_by_label(&tr("order.item_name"))
            .nth(1)
            .expect("second line")
            .is_focused()
    );
}

#[test]
fn a_scan_leaves_the_field_being_typed_in_as_it_was() {
    let (_env, mut h) = ready_desk("scan-keeps");
    type_into(&mut h, &tr("order.receiver_name"), 0, "Karimova");
    // The field still has the cursor when the scanner types a barcode and Enter.
    for digit in "019919999999".chars() {
        let key = Key::from_name(&digit.to_string()).expect("a digit key");
        h.key_down(key);
        h.event(egui::Event::Text(digit.to_string()));
        h.key_up(key);
    }
    h.key_press(Key::Enter);
    settle(&mut h);
    step_until(&mut h, "lookup done", |h| !h.state().is_busy());
    let form = h.state().order_form().expect("form");
    assert_eq!(form.draft.receiver.name, "Karimova");
}

#[test]
fn cash_on_delivery_without_goods_says_what_to_do() {
    let (_env, mut h) = ready_desk("cod-no-goods");
    h.get_by_label(&tr("order.cod")).click();
    step_until(&mut h, "goods read", |h| !h.state().is_busy());
    // A fresh twin knows no goods of this shop.
    assert!(h.state().order_form().expect("form").goods.list.is_empty());
    // Said in words, with the registration form open and a line ready for the good.
    assert!(h.query_by_label(&tr("order.goods_none")).is_some());
    assert_eq!(h.state().order_form().expect("form").draft.goods.len(), 1);
    type_into(&mut h, &tr("order.good_spic"), 0, "06109001001000000");
    type_into(&mut h, &tr("order.good_name"), 0, "Futbolka");
    type_into(&mut h, &tr("order.good_units"), 0, "dona");
    type_into(&mut h, &tr("order.good_new_price"), 0, "45000");
    // By keyboard, as the clerk would: the button is below the fold of the form.
    h.get_by_label(&tr("order.good_register")).focus();
    h.step();
    h.key_press(Key::Space);
    // Registered here, the good is chosen for the waiting line, priced, one of it.
    step_until(&mut h, "the line takes the new good", |h| {
        h.state()
            .order_form()
            .is_some_and(|f| f.draft.goods[0].good_id.is_some())
    });
    let line = h.state().order_form().expect("form").draft.goods[0].clone();
    assert_eq!((line.amount.as_str(), line.price.as_str()), ("1", "45000"));
    assert!(h.query_by_label(&tr("order.goods_none")).is_none());
}

#[test]
fn a_cancelled_orders_label_is_printed_only_when_the_clerk_agrees() {
    let (_env, mut h) = ready_desk("print-cancelled");
    let (address, got) = common::printer::fake_9100();
    common::set_printing(&mut h.state_mut().desk, |p| {
        p.printer = Some(Printer::NetworkZpl { address })
    });
    fill_valid_form(&mut h, "Bekorova Dilnoza");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    step_until(&mut h, "detail", |h| {
        h.state().screen() == ScreenId::OrderDetail
            && h.query_by_label(&tr("detail.cancel")).is_some()
            && !h.state().is_busy()
    });
    // The cancel question is a modal with the order named in it.
    h.get_by_label(&tr("detail.cancel")).click();
    settle(&mut h);
    assert!(h.query_by_label(&tr("detail.cancel_confirm")).is_some());
    assert!(h.query_by_label_contains("· Bekorova Dilnoza · ").is_some());
    h.get_by_label(&tr("detail.cancel_yes")).click();
    step_until(&mut h, "cancelled, label redrawn", |h| {
        !h.state().is_busy()
            && h.query_by_label(&tr("detail.cancel")).is_none()
            && h.query_by_label(&tr("print.cancelled_note")).is_some()
    });
    // Printing asks; "back" prints nothing.
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    settle(&mut h);
    assert!(h.query_by_label(&tr("print.cancelled_title")).is_some());
    h.get_by_label(&tr("print.back")).click();
    settle(&mut h);
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(got.lock().expect("lock").is_empty(), "nothing printed");
    // Agreed: printed once.
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    settle(&mut h);
    h.get_by_label(&tr("print.cancelled_yes")).click();
    step_until(&mut h, "printed", |h| {
        !h.state().is_busy() && !got.lock().expect("lock").is_empty()
    });
    assert_eq!(got.lock().expect("lock").len(), 1);
}
