//! The keys a clerk presses beyond the text to make a standard order with the keyboard alone
//! (new sender, new receiver, office to office, no cash on delivery), from an empty form to the
//! order's detail: the walk of `tests/common/keyboard_walk.rs`, counted; then the same people
//! again, chosen from the address book. A count, not a time:
//! the same on any machine.
//! Run: `cargo bench --bench keystrokes`.

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let (_env, mut h) = common::ui::ready_desk("keystrokes-bench");
    let cost = common::keyboard_walk::new_customer_order(&mut h);
    println!(
        "new customer, keyboard only: {} keys beyond {} typed characters",
        cost.keys, cost.typed
    );
    let on_the_scale = common::keyboard_walk::Weighed::OnTheScale(3_100);
    let cost = common::keyboard_walk::repeat_customer_order(&mut h, on_the_scale);
    println!(
        "repeat customer (known sender and receiver, weight from the scale): {} keys, {} typed",
        cost.keys, cost.typed
    );
    let typed = common::keyboard_walk::Weighed::Typed("3.1");
    let cost = common::keyboard_walk::repeat_customer_order(&mut h, typed);
    println!(
        "repeat customer, weight typed: {} keys beyond {} typed characters",
        cost.keys, cost.typed
    );
}
