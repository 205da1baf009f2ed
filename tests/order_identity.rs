//! Every order stays itself: a restarted demo desk continues its twin's ids, and a service that
//! gives a new order an id the journal already holds for another order (a twin reset under the
//! desk) never overwrites the old row: both orders stay intact, the new one waits in the outbox,
//! and the old order's label keeps its own cash on delivery.

mod common;

use common::*;
use parcel_desk::desk::Desk;
use parcel_desk::desk::domestic::orders::CreateResult;
use parcel_desk::desk::session::settings::{ServiceUrls, Settings};
use parcel_desk::store::OutboxState;
use parcel_desk::twin::{self, SandboxConfig};
use std::path::PathBuf;
use std::time::Duration;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parcel-desk-id-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn created(result: CreateResult) -> parcel_desk::store::JournalRow {
    match result {
        CreateResult::Created(row) => row,
        other => panic!("not created: {other:?}"),
    }
}

#[test]
fn a_restarted_demo_desk_continues_its_twins_ids() {
    let dir = folder("restart");
    let first = {
        let rt = runtime();
        let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("demo desk");
        log_in_demo(&mut desk);
        let order = cod_order(&desk, "Birinchi Aziz", 300_000);
        let row = created(wait(desk.create_order(order).expect("orders wired")));
        assert_eq!(row.cod(), Some(300_000));
        rt.shutdown_timeout(Duration::from_secs(2));
        row
    };
    let rt = runtime();
    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("demo desk again");
    log_in_demo(&mut desk);
    let second = created(wait(
        desk.create_order(order_to("Ikkinchi Bobur"))
            .expect("orders wired"),
    ));
    assert!(
        second.order_id > first.order_id,
        "ids continue after a restart: {} then {}",
        first.order_id,
        second.order_id
    );
    assert_ne!(second.barcode(), first.barcode());
    assert_eq!(second.cod(), None);
    let journal = wait(desk.load_journal()).expect("journal");
    assert_eq!(journal.len(), 2, "both orders, each once: {journal:?}");
    let kept = journal
        .iter()
        .find(|r| r.order_id == first.order_id)
        .expect("the first order is still there");
    assert_eq!(kept, &first, "the first order is untouched");
    drop(desk);
    rt.shutdown_timeout(Duration::from_secs(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_twin_reset_under_the_desk_never_overwrites_an_order() {
    let dir = folder("collide");
    let rt = runtime();
    // A twin the desk treats as the real service, on a port that outlives it.
    let twin = rt
        .block_on(twin::start(SandboxConfig::default()))
        .expect("twin");
    let addr = twin.addr;
    let settings = Settings {
        service: Some(ServiceUrls {
            legacy: twin.legacy_url(),
            current: twin.current_url(),
            warehouse: twin.wms_url(),
        }),
        ..Settings::default()
    };
    settings
        .save(&desk_paths(&dir).config_dir)
        .expect("settings");
    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("desk");
    log_in_demo(&mut desk);
    let a = created(wait(
        desk.create_order(cod_order(&desk, "Birinchi Aziz", 300_000))
            .expect("orders wired"),
    ));

    // The service starts over on the same address: its next order gets A's id.
    rt.block_on(twin.stop());
    let again = rt
        .block_on(twin::start(SandboxConfig {
            listen: addr,
            ..SandboxConfig::default()
        }))
        .expect("the twin again");
    log_in_demo(&mut desk);
    let b = wait(
        desk.create_order(order_to("Ikkinchi Bobur"))
            .expect("orders wired"),
    );
    let (key, id) = match b {
        CreateResult::Conflict {
            wcs_code,
            order_id,
            barcode,
        } => {
            assert_eq!(order_id, a.order_id);
            assert_eq!(barcode, a.barcode());
            (wcs_code, order_id)
        }
        other => panic!("the collision is refused loudly: {other:?}"),
    };
    // A is untouched: its row, its cash on delivery, its key.
    let (row, _) = wait(desk.journal_entry(id)).expect("A is journaled");
    assert_eq!(row, a);
    assert_eq!(row.cod(), Some(300_000));
    assert_eq!(row.receiver(), "Birinchi Aziz");
    // B waits for the clerk, marked as what it is.
    let unsent = wait(desk.unsent_orders().expect("orders wired")).expect("outbox");
    let entry = unsent
        .iter()
        .find(|u| u.entry.wcs_code == key)
        .map(|u| &u.entry)
        .expect("B waits in the outbox");
    assert_eq!(entry.state, OutboxState::Conflict);
    assert_eq!(entry.conflict, Some((a.order_id, a.barcode().to_string())));
    // It is not sent again by anyone: neither "send again" nor "this is the order" touches it.
    let resend = wait(
        desk.unsent_decide(
            key.clone(),
            parcel_desk::desk::domestic::unsent::Decision::SendAgain,
        )
        .expect("orders wired"),
    );
    assert!(
        matches!(
            resend,
            Err(parcel_desk::desk::domestic::unsent::DecisionError::Conflict)
        ),
        "{resend:?}"
    );
    assert_eq!(again.order_count(), 1, "B exists once on the service");
    // Scanning A's barcode still opens A, and A's label still carries A's amount.
    let found = wait(
        desk.find_by_barcode(a.barcode().to_string())
            .expect("wired"),
    )
    .expect("found");
    assert_eq!(found, Some(a.order_id));
    let (row, _) = wait(desk.journal_entry(a.order_id)).expect("A is journaled");
    assert_eq!(row.cod(), Some(300_000));
    drop(desk);
    rt.block_on(again.stop());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn switching_services_never_shows_one_services_orders_as_anothers() {
    let dir = folder("switch");
    let rt = runtime();
    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("demo desk");
    log_in_demo(&mut desk);
    let demo = created(wait(
        desk.create_order(order_to("Demo Dilshod"))
            .expect("orders wired"),
    ));
    // Another service (a twin the desk takes for the real one).
    let other = rt
        .block_on(twin::start(SandboxConfig::default()))
        .expect("twin");
    let mut s = desk.settings().clone();
    s.service = Some(ServiceUrls {
        legacy: other.legacy_url(),
        current: other.current_url(),
        warehouse: other.wms_url(),
    });
    wait(desk.apply_settings(s).expect("applied")).expect("saved");
    assert!(desk.session().is_none(), "another service: log in again");
    log_in_demo(&mut desk);
    let journal = wait(desk.load_journal()).expect("journal");
    assert!(
        journal.is_empty(),
        "the demo twin's orders are not this service's: {journal:?}"
    );
    assert!(wait(desk.journal_entry(demo.order_id)).is_none());
    // Back to demo: its order is there again, as it was.
    let mut s = desk.settings().clone();
    s.service = None;
    wait(desk.apply_settings(s).expect("applied")).expect("saved");
    log_in_demo(&mut desk);
    let journal = wait(desk.load_journal()).expect("journal");
    assert_eq!(journal, vec![demo]);
    drop(desk);
    rt.block_on(other.stop());
    let _ = std::fs::remove_dir_all(&dir);
}
