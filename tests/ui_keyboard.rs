//! The order form without a pointer: a standard order (new sender, new receiver, office to
//! office, no cash on delivery) is made from an empty form with the keyboard alone, and the keys
//! it takes beyond the text are few enough (the count is the baseline in BENCHMARKS.md).

mod common;

use common::keyboard_walk::{Weighed, new_customer_order, repeat_customer_order};
use common::ui::ready_desk;

/// The keys beyond the text a new customer's order took when the walk was first measured; a
/// change that makes the form need more fails here.
const BASELINE: usize = 26;

#[test]
fn a_standard_order_is_made_with_the_keyboard_alone() {
    let (_env, mut h) = ready_desk("keyboard");
    let cost = new_customer_order(&mut h);
    let created = h.state().open_order();
    assert!(created.is_some(), "an order was made");
    // The toast that says so is a live region: a screen reader announces it.
    {
        use egui_kittest::kittest::{NodeT, Queryable};
        let announced = h.query_all(egui_kittest::kittest::by()).any(|n| {
            let node = n.accesskit_node();
            node.live() == egui::accesskit::Live::Polite
                && node.value().is_some_and(|v| !v.trim().is_empty())
        });
        assert!(announced, "the toast is announced");
    }
    eprintln!("keys beyond the text: {} ({} typed)", cost.keys, cost.typed);
    assert!(
        cost.keys <= BASELINE,
        "{} keys beyond the text, more than the {BASELINE} measured",
        cost.keys
    );
}

/// The most keys a repeat customer's order may take beyond what is new (the budget), from the
/// empty form to the order's detail.
const REPEAT_BUDGET: usize = 12;

/// A sender and receiver the desk knows are chosen, not typed: each by a few letters and Enter,
/// which fills their city, address and office; the cursor then waits at the weight, which the
/// scale gives (the demo's simulated scale: a parcel put on its pan); the label prints by itself.
#[test]
fn a_repeat_customers_order_takes_a_dozen_keys_at_most() {
    let (_env, mut h) = ready_desk("keyboard-repeat");
    new_customer_order(&mut h);
    let first = h.state().open_order();
    let cost = repeat_customer_order(&mut h, Weighed::OnTheScale(3_100));
    let second = h.state().open_order();
    assert!(
        second.is_some() && second != first,
        "a second order was made"
    );
    let entry = |id| common::wait(h.state().desk.journal_entry(id)).map(|(row, _)| row);
    let (one, two) = (
        entry(first.unwrap()).unwrap(),
        entry(second.unwrap()).unwrap(),
    );
    assert_eq!(two.receiver(), one.receiver());
    assert_eq!(two.receiver_phone(), one.receiver_phone());
    assert_eq!(two.city(), one.city(), "the receiver's city came with her");
    eprintln!(
        "repeat customer: {} keys beyond the text ({} typed)",
        cost.keys, cost.typed
    );
    assert!(
        cost.keys <= REPEAT_BUDGET,
        "{} keys beyond the text, more than {REPEAT_BUDGET}",
        cost.keys
    );
    assert_eq!(
        cost.typed, 0,
        "nothing typed: the weight came from the scale"
    );
}

/// What a screen reader (and UI automation) calls each input of the order form is unique: "Sender
/// city", never "City" twice; a field's error is its description.
#[test]
fn every_input_of_the_order_form_has_a_name_of_its_own() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::{NodeT, Queryable};
    let (_env, mut h) = ready_desk("input-names");
    // With cash on delivery (its goods line, and a good being registered), an item line open,
    // and the errors of an empty send shown.
    h.get_by_label(&parcel_desk::ui::tr("order.cod")).focus();
    h.step();
    h.key_press(egui::Key::Space);
    h.step();
    common::ui::step_until(&mut h, "cash on delivery, its goods read", |h| {
        !h.state().is_busy() && h.state().order_form().is_some_and(|f| f.draft.cod)
    });
    h.get_by_label(&parcel_desk::ui::tr("order.item_add"))
        .click_accesskit();
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    for _ in 0..4 {
        h.step();
    }
    let inputs = [
        Role::TextInput,
        Role::MultilineTextInput,
        Role::ComboBox,
        Role::RadioButton,
        Role::CheckBox,
    ];
    let mut names: Vec<String> = Vec::new();
    let mut described = 0;
    for n in h.query_all(egui_kittest::kittest::by()) {
        let node = n.accesskit_node();
        if !inputs.contains(&node.role()) {
            continue;
        }
        let name = node.label().unwrap_or_default();
        assert!(!name.trim().is_empty(), "an input without a name: {node:?}");
        if node.description().is_some() {
            described += 1;
        }
        names.push(name);
    }
    let mut sorted = names.clone();
    sorted.sort();
    let twice: Vec<&String> = sorted
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| &w[0])
        .collect();
    assert!(
        twice.is_empty(),
        "inputs named alike: {twice:?} (all: {names:?})"
    );
    assert!(
        described >= 5,
        "the empty send's errors are the fields' descriptions"
    );
}
