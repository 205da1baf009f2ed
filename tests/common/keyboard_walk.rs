//! A standard order made with the keyboard alone, counting the keys pressed beyond the text that
//! is genuinely new (names, phones, addresses, the weight, what is typed to find a city): the
//! Tabs, Enters, arrows and the Ctrl+Enter that sends. The test proves the walk makes the order;
//! `benches/keystrokes.rs` prints the count, the baseline later work is to cut.

use super::ui::step_until;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parcel_desk::ui::{DeskApp, ScreenId, tr};

/// What the walk cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cost {
    /// Keys pressed beyond the text: Tab, Enter, arrows, Ctrl+Enter.
    pub keys: usize,
    /// Characters of new text typed.
    pub typed: usize,
}

struct Walker<'h> {
    h: &'h mut Harness<'static, DeskApp>,
    cost: Cost,
}

impl Walker<'_> {
    fn key(&mut self, key: Key, modifiers: Modifiers) {
        self.h.key_press_modifiers(modifiers, key);
        self.h.step();
        self.h.step();
        self.cost.keys += 1;
    }

    fn focused(&self, label: &str) -> bool {
        self.h.query_all_by_label(label).any(|n| n.is_focused())
    }

    /// Tab until the widget labelled `label` has the cursor (never more than 40 times).
    fn tab_to(&mut self, label: &str) {
        let mut tabs = 0;
        while !self.focused(label) {
            assert!(tabs < 40, "Tab never reaches {label:?}");
            self.key(Key::Tab, Modifiers::NONE);
            tabs += 1;
        }
    }

    fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            self.h.event(egui::Event::Text(c.to_string()));
        }
        self.h.step();
        self.cost.typed += text.chars().count();
    }

    /// Types into the field that has the cursor, which must be `label`'s.
    fn type_in(&mut self, label: &str, text: &str) {
        self.tab_to(label);
        self.type_text(text);
    }

    /// A city by typing part of its name and Enter (the cursor goes on by itself).
    fn city(&mut self, label: &str, typed: &str) {
        self.tab_to(label);
        self.type_text(typed);
        self.key(Key::Enter, Modifiers::NONE);
    }

    /// A drop-down's first choice, by the arrow key.
    fn first_choice(&mut self, label: &str) {
        self.tab_to(label);
        self.key(Key::ArrowDown, Modifiers::NONE);
    }
}

/// From an empty form just after login, a new sender to a new receiver, office to office,
/// without cash on delivery; returns what it cost once the order's detail is open.
pub(crate) fn new_customer_order(h: &mut Harness<'static, DeskApp>) -> Cost {
    let mut w = Walker {
        h,
        cost: Cost { keys: 0, typed: 0 },
    };
    w.h.step();
    w.city(&tr("order.sender_city"), "Chilonzor");
    w.type_in(&tr("order.sender_name"), "Aliyev Ali");
    w.type_in(&tr("order.sender_phone"), "+998 90 1234567");
    w.type_in(&tr("order.sender_address"), "Chilonzor 9, 12-uy");
    w.city(&tr("order.receiver_city"), "Samarq");
    w.type_in(&tr("order.receiver_name"), "Valiyeva Gulnora");
    w.type_in(&tr("order.receiver_phone"), "+998 91 7654321");
    w.type_in(&tr("order.receiver_address"), "Registon koʻchasi 2");
    let branch_chosen =
        w.h.state()
            .order_form()
            .is_some_and(|f| f.draft.receiver_branch.is_some());
    if !branch_chosen {
        w.first_choice(&tr("order.branch"));
    }
    w.type_in(&tr("order.weight"), "2.5");
    w.first_choice(&tr("order.package"));
    w.first_choice(&tr("order.post_type"));
    w.send()
}

impl Walker<'_> {
    /// Ctrl+Enter, then waits for the order's detail.
    fn send(mut self) -> Cost {
        let before = self.h.state().open_order();
        self.key(Key::Enter, Modifiers::COMMAND);
        step_until(self.h, "the order made by keyboard", |h| {
            h.state().screen() == ScreenId::OrderDetail
                && !h.state().is_busy()
                && h.state().open_order() != before
        });
        self.cost
    }

    /// Types `search` (counted as keys: nothing of it is new) into the field with the cursor,
    /// which must be `label`'s, waits for the known person to be offered and takes the first with
    /// Enter.
    fn known_person(&mut self, label: &str, search: &str) {
        assert!(self.focused(label), "the cursor is in {label:?}");
        for c in search.chars() {
            self.h.event(egui::Event::Text(c.to_string()));
            self.h.step();
            self.cost.keys += 1;
        }
        step_until(self.h, "the known person offered", |h| {
            let by = egui_kittest::kittest::by()
                .role(egui::accesskit::Role::Button)
                .label_contains(search);
            h.query_all(by).next().is_some()
        });
        self.key(Key::Enter, Modifiers::NONE);
    }
}

/// Where a repeat customer's weight comes from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Weighed {
    /// Typed by the clerk.
    Typed(&'static str),
    /// Read from the scale (grams put on the simulated scale's pan).
    OnTheScale(u64),
}

/// Right after [`new_customer_order`]: the same sender sends to the same receiver again. The
/// sender and receiver are chosen from the people the desk knows (a few letters and Enter each);
/// the weight is new: typed, or from the scale. Ctrl+N opens the empty form (the first key), as a clerk starting the next
/// customer's order does.
pub(crate) fn repeat_customer_order(h: &mut Harness<'static, DeskApp>, weight: Weighed) -> Cost {
    let mut w = Walker {
        h,
        cost: Cost { keys: 0, typed: 0 },
    };
    w.key(Key::N, Modifiers::COMMAND);
    step_until(w.h, "the empty form", |h| {
        h.state().screen() == ScreenId::NewOrder && !h.state().is_busy()
    });
    w.h.step();
    w.known_person(&tr("order.sender_name"), "Aliy");
    w.known_person(&tr("order.receiver_name"), "Vali");
    assert!(
        w.focused(&tr("order.weight")),
        "the cursor waits at the weight"
    );
    match weight {
        // On the scale: the demo's simulated one, a parcel put on its pan.
        Weighed::OnTheScale(grams) => {
            w.h.state().desk.simulate_parcel(grams);
            let settled = parcel_desk::ui::widgets::numbers::kg_number(grams);
            step_until(w.h, "the weight from the scale", |h| {
                h.state()
                    .order_form()
                    .is_some_and(|f| f.draft.weight == settled)
            });
        }
        Weighed::Typed(text) => w.type_text(text),
    }
    w.send()
}
