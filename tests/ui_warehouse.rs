//! The warehouse screens as a stock clerk uses them, against a twin the desk takes for the real
//! service: the warehouse's own login, a supplier created, listed, confirmed and edited, a
//! product made for it, listed, confirmed, and a draft one deleted; the service's refusal under
//! the field; and the request limit said and waited for, not run into again.

mod common;

use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use parcel_desk::api::warehouse::PurveyorState;
use parcel_desk::desk::warehouse::record_draft::RecordDraft;
use parcel_desk::twin::{self, RunningSandbox, SandboxConfig};
use parcel_desk::ui::screens::warehouse::{
    ProductFormScreen, ProductsScreen, SupplierFormScreen, SuppliersScreen,
};
use parcel_desk::ui::{DeskApp, ScreenId, tr};
use std::time::Duration;

fn service(env: &Env, config: SandboxConfig) -> RunningSandbox {
    let twin = env.rt.block_on(twin::start(config)).expect("twin");
    env.use_service(&twin);
    twin
}

fn suppliers<'h>(h: &'h Harness<'static, DeskApp>) -> &'h SuppliersScreen {
    h.state()
        .find_screen(ScreenId::Suppliers)
        .expect("suppliers")
}

fn products<'h>(h: &'h Harness<'static, DeskApp>) -> &'h ProductsScreen {
    h.state().find_screen(ScreenId::Products).expect("products")
}

fn idle(h: &mut Harness<'static, DeskApp>, what: &str) {
    step_until(h, what, |h| !h.state().is_busy());
}

/// Opens the suppliers and logs in to the warehouse there.
fn warehouse_login(h: &mut Harness<'static, DeskApp>) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    step_until(h, "the suppliers", |h| {
        h.state().screen() == ScreenId::Suppliers
    });
    assert!(!h.state().desk.warehouse_logged_in());
    type_into(h, &tr("wms.login"), 0, "123456789");
    type_into(h, &tr("wms.password"), 0, "demo12345");
    h.get_by_label(&tr("wms.log_in")).click();
    step_until(h, "the warehouse login", |h| {
        h.state().desk.warehouse_logged_in()
    });
    idle(h, "the first page");
}

fn pick_row(id: i64) -> String {
    tr("wms.pick_row").replace("%{id}", &id.to_string())
}

/// Clicks what is labelled so, once the layout has settled (errors appear and vanish as fields
/// change).
fn click(h: &mut Harness<'static, DeskApp>, label: &str) {
    h.step();
    h.get_by_label(label).click();
    h.step();
    h.step();
}

#[test]
fn a_supplier_and_its_product_from_creation_to_confirmation() {
    let env = Env::new("warehouse");
    let _twin = service(&env, common::twin_config());
    let mut h = harness_sized(env.desk(), [1280.0, 1800.0]);
    log_in_by_hand(&mut h);
    warehouse_login(&mut h);
    // The account's own details head the screen.
    step_until(&mut h, "about me", |h| {
        h.query_by_label_contains("123456789 ·").is_some()
    });
    assert!(suppliers(&h).rows().is_empty());

    // A new supplier; a missing name is refused in the form before anything is sent.
    click(&mut h, &tr("wms.new"));
    assert_eq!(h.state().screen(), ScreenId::SupplierForm);
    for (label, text) in [
        ("wms.group", "Yetkazib beruvchilar"),
        ("wms.code", "S-001"),
        ("wms.full_name", "Olmazor Savdo MChJ"),
        ("wms.inn", "001234567"),
        ("wms.contract_date", "05.03.2026"),
    ] {
        type_into(&mut h, &tr(label), 0, text);
    }
    click(&mut h, &tr("wms.supplier"));
    click(&mut h, &tr("wms.create"));
    assert!(h.query_by_label(&tr("login.required")).is_some());
    type_into(&mut h, &tr("wms.name"), 0, "Olmazor Savdo");
    click(&mut h, &tr("wms.create"));
    idle(&mut h, "the supplier saved");
    let form: &SupplierFormScreen = h.state().find_screen(ScreenId::SupplierForm).unwrap();
    assert!(
        form.error.is_none(),
        "{:?} {:?} {:?}",
        form.error,
        form.draft.problems(),
        form.draft
    );
    // Saved: said, and the clerk is back at the list.
    assert_eq!(h.state().screen(), ScreenId::Suppliers);
    assert!(
        h.state()
            .toasts
            .texts()
            .any(|m| m.contains("Olmazor Savdo"))
    );

    // Listed, confirmed.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    idle(&mut h, "the list");
    step_until(&mut h, "the supplier listed", |h| {
        suppliers(h).rows().len() == 1
    });
    let id = suppliers(&h).rows()[0].id;
    assert_eq!(suppliers(&h).rows()[0].state(), Some(PurveyorState::New));
    click(&mut h, &pick_row(id));
    click(&mut h, &tr("wms.confirm_picked").replace("%{n}", "1"));
    idle(&mut h, "confirmed");
    step_until(&mut h, "the supplier confirmed", |h| {
        suppliers(h).rows().first().and_then(|r| r.state()) == Some(PurveyorState::Confirmed)
    });
    assert!(
        suppliers(&h)
            .message
            .as_ref()
            .is_some_and(|m| m.text().contains('1'))
    );

    // Edited: it waits for confirmation again.
    click(&mut h, &id.to_string());
    click(&mut h, &tr("wms.edit"));
    assert_eq!(h.state().screen(), ScreenId::SupplierForm);
    replace_text(&mut h, &tr("wms.name"), "Olmazor Savdo Plus");
    click(&mut h, &tr("wms.save"));
    idle(&mut h, "the edit saved");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    idle(&mut h, "the list again");
    step_until(&mut h, "the edit listed", |h| {
        suppliers(h).rows().first().is_some_and(|r| {
            r.name == "Olmazor Savdo Plus" && r.state() == Some(PurveyorState::New)
        })
    });

    // Two products for it; one is confirmed, the other (a draft) deleted.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
    idle(&mut h, "the products");
    // The third repeats the first one's GTIN: the service refuses it (500 with errors), and its
    // words land under the GTIN field.
    for (code, gtin, refused) in [
        ("P-1", "4780000000014", false),
        ("P-2", "4780000000021", false),
        ("P-3", "4780000000014", true),
    ] {
        click(&mut h, &tr("wms.new"));
        idle(&mut h, "the suppliers for the picker");
        click(&mut h, &tr("wms.supplier_id"));
        h.get_by_label_contains("S-001 · Olmazor Savdo Plus")
            .click();
        h.step();
        h.step();
        for (label, text) in [
            ("wms.group", "Kiyim"),
            ("wms.code", code),
            ("wms.name", "Futbolka"),
            ("wms.full_name", "Paxta futbolka"),
            ("wms.gtin", gtin),
            ("wms.article", "FT-01"),
            ("wms.nomenclature_type", "goods"),
            ("wms.kis_code", "KIS-1"),
            ("wms.unit", "dona"),
            ("wms.weight", "0.2"),
            ("wms.net_weight", "0.18"),
            ("wms.volume", "0.001"),
            ("wms.net_volume", "0.001"),
            ("wms.shelf_life_stock", "30"),
            ("wms.specification", "100% paxta"),
            ("wms.temperature_mode", "normal"),
            ("wms.base_packaging", "paket"),
        ] {
            type_into(&mut h, &tr(label), 0, text);
        }
        click(&mut h, &tr("wms.create"));
        idle(&mut h, "the product saved");
        if refused {
            step_until(&mut h, "the refusal under the GTIN", |h| {
                h.query_by_label_contains(&tr("wms.refused")).is_some()
                    && h.query_all_by_label_contains("4780000000014").count() >= 1
            });
            click(&mut h, &tr("wms.clear"));
        } else {
            let form: &ProductFormScreen = h.state().find_screen(ScreenId::ProductForm).unwrap();
            assert!(
                form.error.is_none(),
                "{:?} {:?}",
                form.error,
                form.draft.problems()
            );
        }
        h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::P);
        idle(&mut h, "the products again");
    }
    step_until(&mut h, "two products listed", |h| {
        products(h).rows().len() == 2
    });
    let (first, second) = (products(&h).rows()[0].id, products(&h).rows()[1].id);
    click(&mut h, &pick_row(first));
    click(&mut h, &tr("wms.confirm_picked").replace("%{n}", "1"));
    idle(&mut h, "the product confirmed");
    step_until(&mut h, "the product confirmed", |h| {
        products(h)
            .rows()
            .iter()
            .any(|r| r.id == first && r.state() == Some(PurveyorState::Confirmed))
    });
    click(&mut h, &second.to_string());
    click(&mut h, &tr("wms.delete"));
    // Asked first, naming the record; Enter keeps it (it cannot be undone).
    assert!(h.query_all_by_label_contains("P-2 · Futbolka").count() >= 2);
    h.key_press(Key::Enter);
    h.step();
    h.step();
    idle(&mut h, "kept");
    assert_eq!(products(&h).rows().len(), 2);
    // A deliberate "delete" goes on.
    click(&mut h, &tr("wms.delete"));
    click(&mut h, &tr("wms.delete_yes"));
    idle(&mut h, "the draft deleted");
    step_until(&mut h, "one product left", |h| {
        products(h).rows().len() == 1 && products(h).rows()[0].id == first
    });
}

#[test]
fn past_the_request_limit_the_clerk_is_told_to_wait_and_nothing_more_is_sent() {
    let env = Env::new("warehouse-limit");
    let _twin = service(
        &env,
        SandboxConfig {
            // Two requests in ten minutes: the about-me and the first page take them.
            wms_rate_limit: (2, Duration::from_secs(600)),
            ..common::twin_config()
        },
    );
    let mut h = harness(env.desk());
    log_in_by_hand(&mut h);
    warehouse_login(&mut h);
    // A third request (the first page again) is refused with 429: said in the clerk's words,
    // and the desk holds everything back for the window, saying so in the status bar.
    click(&mut h, &tr("wms.show"));
    step_until(&mut h, "the refusal", |h| {
        h.query_by_label_contains(&tr("error.too_many")).is_some()
    });
    // What follows the number of seconds ("s (request limit)").
    let waiting = tr("wms.waiting")
        .rsplit('}')
        .next()
        .unwrap_or_default()
        .to_string();
    step_until(&mut h, "the wait said", |h| {
        h.query_by_label_contains(&waiting).is_some()
    });
    assert!(
        h.state()
            .desk
            .warehouse_waiting()
            .is_some_and(|d| d > Duration::from_secs(590))
    );
}

#[test]
fn what_was_typed_comes_back_after_a_restart_and_an_edit_only_at_its_own_warehouse() {
    let env = Env::new("warehouse-kept");
    let twin = service(&env, common::twin_config());
    {
        let mut h = harness_sized(env.desk(), [1280.0, 1400.0]);
        log_in_by_hand(&mut h);
        warehouse_login(&mut h);
        click(&mut h, &tr("wms.new"));
        type_into(&mut h, &tr("wms.code"), 0, "KEPT-1");
        type_into(&mut h, &tr("wms.name"), 0, "Typed before the crash");
        idle(&mut h, "the form kept");
    }
    // The desk starts again: "New" shows what was typed.
    {
        let mut h = harness_sized(env.desk(), [1280.0, 1400.0]);
        log_in_by_hand(&mut h);
        warehouse_login(&mut h);
        idle(&mut h, "the kept form read");
        click(&mut h, &tr("wms.new"));
        let form: &SupplierFormScreen = h.state().find_screen(ScreenId::SupplierForm).unwrap();
        assert_eq!(form.draft.0.code, "KEPT-1");
        assert_eq!(form.editing, None);
        // Now an edit of a record of this warehouse, left unsaved.
        for (label, text) in [
            ("wms.group", "G"),
            ("wms.full_name", "Typed before the crash LLC"),
        ] {
            type_into(&mut h, &tr(label), 0, text);
        }
        click(&mut h, &tr("wms.create"));
        idle(&mut h, "saved");
        h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        idle(&mut h, "the list");
        step_until(&mut h, "listed", |h| suppliers(h).rows().len() == 1);
        let id = suppliers(&h).rows()[0].id;
        click(&mut h, &id.to_string());
        click(&mut h, &tr("wms.edit"));
        replace_text(&mut h, &tr("wms.name"), "An unsaved change");
        idle(&mut h, "the edit kept");
        let form: &SupplierFormScreen = h.state().find_screen(ScreenId::SupplierForm).unwrap();
        assert_eq!(form.editing, Some(id));
    }
    // Pointed at another warehouse, the kept edit's id means nothing there: the typing comes
    // back as a new record, never as an edit of whatever has that id at the other warehouse.
    drop(twin);
    let _other = service(&env, common::twin_config());
    let mut h = harness_sized(env.desk(), [1280.0, 1400.0]);
    log_in_by_hand(&mut h);
    warehouse_login(&mut h);
    idle(&mut h, "the kept form read");
    let form: &SupplierFormScreen = h.state().find_screen(ScreenId::SupplierForm).unwrap();
    assert_eq!(form.editing, None);
    assert_eq!(form.draft.0.name, "An unsaved change");
}
