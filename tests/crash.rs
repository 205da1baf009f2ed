//! A desk killed mid-request loses nothing and duplicates nothing: a child process (this test
//! binary, started again in the child's role) creates an order from a form against a slow
//! service and is killed with SIGKILL while the request is on the wire; a new desk on the same
//! data folder finds the order in the outbox with its form, its outcome unknown (not sent again
//! behind the clerk's back), and once settled there is exactly one such order at the service and
//! in the journal, with the form it was made from.

#![cfg(unix)]

mod common;

use common::*;
use parcel_desk::desk::identity::{ServiceOrigin, service_key};
use parcel_desk::desk::order_draft::OrderDraft;
use parcel_desk::desk::settings::{LiveSettings, ServiceUrls, Settings};
use parcel_desk::desk::unsent::{Decided, Decision};
use parcel_desk::desk::{Desk, DeskPaths};
use parcel_desk::sandbox::world::Faults;
use parcel_desk::store::{OutboxState, Store};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROLE: &str = "PARCEL_DESK_CRASH_CHILD";
const FOLDER: &str = "PARCEL_DESK_CRASH_FOLDER";
const CONTROL: &str = "PARCEL_DESK_CRASH_CONTROL";
const RECEIVER: &str = "Uzilgan Ulugʻbek";

fn paths(dir: &std::path::Path) -> DeskPaths {
    DeskPaths {
        config_dir: dir.join("config"),
        data_dir: dir.join("data"),
    }
}

/// The child's part: log in, slow the service down, create an order from a form, and wait to
/// be killed.
fn child(dir: PathBuf, control: String) -> ! {
    let rt = runtime();
    let mut desk = Desk::start(rt.handle().clone(), paths(&dir)).expect("the child desk");
    log_in_demo(&mut desk);
    rt.block_on(
        raw()
            .post(format!("{control}/sandbox/faults"))
            .json(&serde_json::json!({"latency_ms": 20_000}))
            .send(),
    )
    .expect("faults set");
    let mut order = legacy_order();
    order.receiver = RECEIVER.into();
    let draft = OrderDraft {
        receiver_name: RECEIVER.into(),
        ..OrderDraft::default()
    };
    let _creating = desk.create_order_from(order, Some(draft));
    loop {
        std::thread::sleep(Duration::from_secs(1));
    }
}

#[test]
fn a_desk_killed_mid_create_loses_and_duplicates_nothing() {
    if std::env::var_os(ROLE).is_some() {
        let dir = std::env::var_os(FOLDER).map(PathBuf::from).expect("folder");
        child(dir, std::env::var(CONTROL).expect("control"));
    }
    let rt = runtime();
    let twin = rt.block_on(twin());
    let dir = std::env::temp_dir().join(format!("parcel-desk-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Settings {
        service: Some(ServiceUrls {
            legacy: twin.legacy_url(),
            current: twin.current_url(),
            warehouse: twin.wms_url(),
        }),
        live: LiveSettings {
            poll_seconds: 0,
            receiver: Some(false),
            ..LiveSettings::default()
        },
        ..Settings::default()
    }
    .save(&paths(&dir).config_dir)
    .expect("settings");
    // Logins pass; the order's request then waits on the service long enough to be cut.
    let mut child = Command::new(std::env::current_exe().expect("this test binary"))
        .args([
            "--exact",
            "a_desk_killed_mid_create_loses_and_duplicates_nothing",
            "--nocapture",
        ])
        .env(ROLE, "1")
        .env(FOLDER, &dir)
        .env(CONTROL, control(&twin))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the child starts");
    let svc = service_key(
        &ServiceOrigin::Urls {
            legacy: &twin.legacy_url(),
            current: &twin.current_url(),
        },
        "123456789",
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    let sending = loop {
        assert!(Instant::now() < deadline, "the child never sent its order");
        std::thread::sleep(Duration::from_millis(50));
        let Ok(store) = Store::open(&paths(&dir).database()) else {
            continue;
        };
        if let Some(e) = store.outbox(&svc).unwrap_or_default().first()
            && e.attempts > 0
        {
            break e.clone();
        }
    };
    // On the wire: killed as a power cut or the task manager would.
    std::thread::sleep(Duration::from_millis(300));
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    twin.set_faults(Faults::default());

    let mut desk = Desk::start(rt.handle().clone(), paths(&dir)).expect("the desk again");
    log_in_demo(&mut desk);
    let unsent = wait(desk.unsent_orders().expect("orders")).expect("the outbox");
    assert_eq!(unsent.len(), 1, "the order is not lost");
    assert_eq!(unsent[0].wcs_code, sending.wcs_code);
    assert_eq!(
        unsent[0].state,
        OutboxState::Unknown,
        "its outcome is unknown: not sent again behind the clerk's back"
    );
    assert!(twin.order_count() <= 1);
    // The clerk settles it: the service has it, or it is sent now; one order either way.
    let decided = if twin.order_count() == 1 {
        let barcode =
            rt.block_on(get_json(format!("{}/sandbox/orders", control(&twin))))[0]["barcode"]
                .as_str()
                .expect("a barcode")
                .to_string();
        let candidate = wait(
            desk.unsent_candidate(sending.wcs_code.clone(), barcode)
                .expect("orders"),
        )
        .expect("the same order");
        wait(
            desk.unsent_decide(
                sending.wcs_code.clone(),
                Decision::IsOrder(Box::new(candidate)),
            )
            .expect("orders"),
        )
    } else {
        wait(
            desk.unsent_decide(sending.wcs_code.clone(), Decision::SendAgain)
                .expect("orders"),
        )
    }
    .expect("settled");
    assert!(matches!(
        decided,
        Decided::Journaled(_) | Decided::Sent(parcel_desk::desk::orders::CreateResult::Created(_))
    ));
    assert_eq!(twin.order_count(), 1, "exactly one order at the service");
    let journal = wait(desk.load_journal()).expect("journal");
    assert_eq!(journal.len(), 1, "exactly one in the journal");
    assert_eq!(journal[0].receiver, RECEIVER);
    drop(desk);
    let store = Store::open(&paths(&dir).database()).expect("store");
    let form = store
        .journal_draft(&svc, journal[0].order_id)
        .expect("read")
        .expect("the form it was made from is kept");
    assert!(form.contains(RECEIVER), "{form}");
    rt.block_on(twin.stop());
    let _ = std::fs::remove_dir_all(&dir);
}
