//! A desk killed mid-request loses nothing and duplicates nothing: a child process (this test
//! binary, started again in the child's role) creates an order from a form against a slow
//! service and is killed with SIGKILL while the request is on the wire — before the service had
//! it, or after the service made it and while its answer was on the way back; a new desk on the
//! same data folder finds the order in the outbox, its outcome unknown (not sent again behind the
//! clerk's back), and once settled there is exactly one such order at the service and in the
//! journal, with the form it was made from. A desk killed in the middle of a batch print
//! leaves a print log that says which labels were handed to the printer, which one may or may not
//! have come out, and which never left.

#![cfg(unix)]

mod common;

use common::*;
use parcel_desk::desk::Desk;
use parcel_desk::desk::domestic::identity::{ServiceOrigin, service_key};
use parcel_desk::desk::domestic::order_draft::OrderDraft;
use parcel_desk::desk::domestic::unsent::{Decided, Decision};
use parcel_desk::store::{OutboxState, ServiceKey, Store};
use parcel_desk::twin::world::Faults;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROLE: &str = "PARCEL_DESK_CRASH_CHILD";
const FOLDER: &str = "PARCEL_DESK_CRASH_FOLDER";
const CONTROL: &str = "PARCEL_DESK_CRASH_CONTROL";
const FAULTS: &str = "PARCEL_DESK_CRASH_FAULTS";
const RECEIVER: &str = "Uzilgan Ulugʻbek";
const PRINTER: &str = "PARCEL_DESK_CRASH_PRINTER";
/// The batch's three orders by receiver; the second is long (one label per piece).
const BATCH: [(&str, i64); 3] = [
    ("Birinchi Aziz", 1),
    ("Ikkinchi Bobur", 300),
    ("Uchinchi Sardor", 1),
];

/// The key of the outbox entry whose request has left, read without writing to the database.
fn sent_key(database: &std::path::Path, svc: &ServiceKey) -> Option<String> {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let conn = rusqlite::Connection::open_with_flags(database, flags).ok()?;
    conn.query_row(
        "SELECT wcs_code FROM outbox WHERE service = ?1 AND attempts > 0",
        [svc.as_str()],
        |r| r.get(0),
    )
    .ok()
}

/// The child's part: log in, slow the service down, create an order from a form, and wait to
/// be killed.
fn child(dir: PathBuf, control: String, faults: serde_json::Value) -> ! {
    let rt = runtime();
    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("the child desk");
    log_in_demo(&mut desk);
    rt.block_on(
        raw()
            .post(format!("{control}/sandbox/faults"))
            .json(&faults)
            .send(),
    )
    .expect("faults set");
    let mut order = legacy_order();
    order.receiver = RECEIVER.into();
    let mut draft = OrderDraft::default();
    draft.receiver.name = RECEIVER.into();
    let _creating = desk.create_order_from(order, Some(draft));
    loop {
        std::thread::sleep(Duration::from_secs(1));
    }
}

#[test]
fn killed_before_the_service_had_the_order() {
    killed_mid_create(
        "killed_before_the_service_had_the_order",
        serde_json::json!({"latency_ms": 20_000}),
        0,
    );
}

#[test]
fn killed_while_the_answer_was_on_its_way_back() {
    killed_mid_create(
        "killed_while_the_answer_was_on_its_way_back",
        serde_json::json!({"latency_after_ms": 20_000}),
        1,
    );
}

/// Kills a child desk whose create meets `faults`; the service then holds `made` orders.
fn killed_mid_create(name: &str, faults: serde_json::Value, made: usize) {
    if std::env::var_os(ROLE).is_some() {
        let dir = std::env::var_os(FOLDER).map(PathBuf::from).expect("folder");
        let faults = std::env::var(FAULTS).expect("faults");
        let faults = serde_json::from_str(&faults).expect("faults are JSON");
        child(dir, std::env::var(CONTROL).expect("control"), faults);
    }
    let rt = runtime();
    let twin = rt.block_on(twin());
    let dir = std::env::temp_dir().join(format!("parcel-desk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    save_service_settings(&twin, &desk_paths(&dir).config_dir);
    // Logins pass; the order's request then waits on the service long enough to be cut.
    let mut child = Command::new(std::env::current_exe().expect("this test binary"))
        .args(["--exact", name, "--nocapture"])
        .env(ROLE, "1")
        .env(FOLDER, &dir)
        .env(CONTROL, control(&twin))
        .env(FAULTS, faults.to_string())
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
        // Read-only: the child owns the database (and its migrations).
        if let Some(key) = sent_key(&desk_paths(&dir).database(), &svc) {
            break key;
        }
    };
    // On the wire (and, for the second case, made by the service): killed as a power cut or the
    // task manager would.
    let made_by = Instant::now() + Duration::from_secs(10);
    while twin.order_count() < made && Instant::now() < made_by {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    twin.set_faults(Faults::default());

    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("the desk again");
    log_in_demo(&mut desk);
    let unsent = wait(desk.unsent_orders().expect("orders")).expect("the outbox");
    assert_eq!(unsent.len(), 1, "the order is not lost");
    assert_eq!(unsent[0].entry.wcs_code, sending);
    assert_eq!(
        unsent[0].entry.state,
        OutboxState::Unknown,
        "its outcome is unknown: not sent again behind the clerk's back"
    );
    assert_eq!(twin.order_count(), made);
    // The clerk settles it: the service has it, or it is sent now; one order either way.
    let decided = if made == 1 {
        let barcode =
            rt.block_on(get_json(format!("{}/sandbox/orders", control(&twin))))[0]["barcode"]
                .as_str()
                .expect("a barcode")
                .to_string();
        let candidate = wait(
            desk.unsent_candidate(sending.clone(), barcode)
                .expect("orders"),
        )
        .expect("the same order");
        wait(
            desk.unsent_decide(sending.clone(), Decision::IsOrder(Box::new(candidate)))
                .expect("orders"),
        )
    } else {
        wait(
            desk.unsent_decide(sending.clone(), Decision::SendAgain)
                .expect("orders"),
        )
    }
    .expect("settled");
    assert!(matches!(
        decided,
        Decided::Journaled(_)
            | Decided::Sent(parcel_desk::desk::domestic::orders::CreateResult::Created(
                _
            ))
    ));
    assert_eq!(twin.order_count(), 1, "exactly one order at the service");
    let journal = wait(desk.load_journal()).expect("journal");
    assert_eq!(journal.len(), 1, "exactly one in the journal");
    assert_eq!(journal[0].receiver(), RECEIVER);
    drop(desk);
    let store = Store::open(&desk_paths(&dir).database()).expect("store");
    let form = store
        .journal_draft(&svc, journal[0].order_id)
        .expect("read")
        .expect("the form it was made from is kept");
    assert!(form.contains(RECEIVER), "{form}");
    rt.block_on(twin.stop());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A raw-port label printer that takes its first job whole and then jams: it accepts the next
/// connection and never reads from it. Its address, the first job's bytes, and how many
/// connections it has accepted.
fn jamming_printer() -> (
    String,
    std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    std::sync::Arc<std::sync::atomic::AtomicUsize>,
) {
    use std::io::Read;
    use std::sync::atomic::Ordering;
    // A small receive buffer, fixed (the system then stops growing it): a connection that is
    // never read takes a few kilobytes, whatever the host's buffer settings allow.
    let socket =
        socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("a socket");
    socket.set_recv_buffer_size(4096).expect("buffer size");
    let any: std::net::SocketAddr = "127.0.0.1:0".parse().expect("address");
    socket.bind(&any.into()).expect("bind");
    socket.listen(8).expect("listen");
    let listener: std::net::TcpListener = socket.into();
    let address = listener.local_addr().expect("address").to_string();
    let first = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let accepted = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let (keep, count) = (first.clone(), accepted.clone());
    std::thread::spawn(move || {
        let mut jammed = Vec::new();
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { break };
            if count.fetch_add(1, Ordering::SeqCst) == 0 {
                let mut bytes = Vec::new();
                let _ = stream.read_to_end(&mut bytes);
                *keep.lock().expect("lock") = bytes;
            } else {
                // Held open, never read: the sender's buffers fill and its writes wait.
                jammed.push(stream);
            }
        }
    });
    (address, first, accepted)
}

/// The child's part of the batch print: log in, take the batch's orders, print them as one
/// batch on the printer, and wait to be killed.
fn batch_child(dir: PathBuf, printer: String) -> ! {
    let rt = runtime();
    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("the child desk");
    log_in_demo(&mut desk);
    let mut ids = Vec::new();
    for (receiver, pieces) in BATCH {
        let mut order = legacy_order();
        order.receiver = receiver.into();
        order.piece = Some(pieces);
        match wait(desk.create_order(order).expect("orders")) {
            parcel_desk::desk::domestic::orders::CreateResult::Created(row) => {
                ids.push(row.order_id)
            }
            other => panic!("not created: {other:?}"),
        }
    }
    common::set_printing(&mut desk, |p| {
        p.printer = Some(parcel_desk::label::print::Printer::NetworkZpl { address: printer })
    });
    let _printing = desk.print_labels(ids, None).expect("printing");
    loop {
        std::thread::sleep(Duration::from_secs(1));
    }
}

#[test]
fn killed_in_the_middle_of_a_batch_print() {
    use parcel_desk::store::PrintOutcome;
    use std::sync::atomic::Ordering;
    const NAME: &str = "killed_in_the_middle_of_a_batch_print";
    if std::env::var_os(ROLE).is_some() {
        let dir = std::env::var_os(FOLDER).map(PathBuf::from).expect("folder");
        batch_child(dir, std::env::var(PRINTER).expect("printer"));
    }
    let rt = runtime();
    let twin = rt.block_on(twin());
    let dir = std::env::temp_dir().join(format!("parcel-desk-{NAME}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    save_service_settings(&twin, &desk_paths(&dir).config_dir);
    let (address, first_job, accepted) = jamming_printer();
    let mut child = Command::new(std::env::current_exe().expect("this test binary"))
        .args(["--exact", NAME, "--nocapture"])
        .env(ROLE, "1")
        .env(FOLDER, &dir)
        .env(PRINTER, &address)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the child starts");
    // The first label is printed; the second order's 300 labels (3 MB, far more than the
    // jammed connection and the desk's side of it hold) stop on their way: killed then.
    let deadline = Instant::now() + Duration::from_secs(60);
    while accepted.load(Ordering::SeqCst) < 2 {
        assert!(
            Instant::now() < deadline,
            "the batch never reached its second order"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(1500));
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    assert_eq!(
        accepted.load(Ordering::SeqCst),
        2,
        "the third order never left"
    );
    let printed = String::from_utf8_lossy(&first_job.lock().expect("lock")).to_string();
    assert_eq!(
        printed.matches("^XZ").count(),
        1,
        "the first order's one label"
    );

    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("the desk again");
    log_in_demo(&mut desk);
    let journal = wait(desk.load_journal()).expect("journal");
    let log_of = |receiver: &str| {
        let row = journal
            .iter()
            .find(|r| r.receiver() == receiver)
            .unwrap_or_else(|| panic!("{receiver} is in the journal"));
        wait(desk.print_log(row.order_id))
            .into_iter()
            .map(|r| r.outcome)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        log_of(BATCH[0].0),
        [PrintOutcome::Printed],
        "handed over whole"
    );
    assert_eq!(
        log_of(BATCH[1].0),
        [PrintOutcome::Sending],
        "cut off while sending: said to be unconfirmed, not printed and not failed"
    );
    assert_eq!(log_of(BATCH[2].0), [], "never sent, never said to be");
    rt.block_on(twin.stop());
    let _ = std::fs::remove_dir_all(&dir);
}
