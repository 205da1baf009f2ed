//! Statuses kept live: the demo desk's receiver registered with its twin moves the journal within
//! a second of the twin moving an order; the receiver takes both body forms, refuses a wrong key
//! with 403, records a repeat once and never moves an order back; and with no receiver at all the
//! poller alone moves the journal along.

mod common;

use common::*;
use parcel_desk::desk::session::settings::{LiveSettings, ServiceUrls, Settings};
use parcel_desk::desk::{Credentials, Desk, DeskNote, DeskPaths};
use parcel_desk::store::Verdict;
use parcel_desk::twin::{self, RunningSandbox};
use serde_json::json;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn paths(name: &str) -> DeskPaths {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("parcel-desk-live-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    DeskPaths {
        config_dir: dir.join("config"),
        data_dir: dir.join("data"),
    }
}

/// Steps the desk as the window would until `done` holds; the notes it gave meanwhile.
fn until(
    desk: &mut Desk,
    what: &str,
    limit: Duration,
    done: impl Fn(&Desk) -> bool,
) -> Vec<DeskNote> {
    let deadline = Instant::now() + limit;
    let mut notes = Vec::new();
    loop {
        notes.extend(desk.poll());
        if done(desk) {
            return notes;
        }
        assert!(Instant::now() < deadline, "timed out waiting for: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn log_in(desk: &mut Desk) {
    until(desk, "connected", Duration::from_secs(20), |d| {
        !d.is_connecting()
    });
    let outcome = wait(desk.login(Credentials::demo()));
    assert!(outcome.succeeded(), "{:?}", outcome.legacy);
    desk.open_session(&outcome);
}

fn new_order(desk: &Desk) -> parcel_desk::store::JournalRow {
    match wait(desk.create_order(legacy_order()).expect("orders wired")) {
        parcel_desk::desk::domestic::orders::CreateResult::Created(row) => row,
        other => panic!("not created: {other:?}"),
    }
}

fn status_of(desk: &Desk, order_id: i64) -> i64 {
    wait(desk.load_journal())
        .expect("journal")
        .into_iter()
        .find(|r| r.order_id == order_id)
        .expect("journaled")
        .status_id
}

async fn advance(control: &str, order_id: i64) {
    let r = raw()
        .post(format!("{control}/sandbox/orders/{order_id}/advance"))
        .send()
        .await
        .expect("advance");
    assert!(r.status().is_success());
}

#[test]
fn the_demo_receiver_moves_the_journal_within_a_second() {
    let rt = runtime();
    let p = paths("demo");
    let settings = Settings {
        live: LiveSettings {
            poll_seconds: 0,
            ..LiveSettings::default()
        },
        ..Settings::default()
    };
    settings.save(&p.config_dir).expect("settings");
    let mut desk = Desk::start(rt.handle().clone(), p).expect("demo desk");
    log_in(&mut desk);
    until(&mut desk, "registered", Duration::from_secs(10), |d| {
        d.live().is_some_and(|l| l.registered.is_some())
    });
    let row = new_order(&desk);
    let control = desk.twin_control().expect("control");
    let before = status_of(&desk, row.order_id);
    let start = Instant::now();
    rt.block_on(advance(&control, row.order_id));
    let notes = until(&mut desk, "the status moved", Duration::from_secs(5), |d| {
        status_of(d, row.order_id) != before
    });
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    // The screens hear of it (the note follows the journal's write at once).
    let mut notes = notes;
    let told = |notes: &[DeskNote]| {
        notes
            .iter()
            .any(|n| matches!(n, DeskNote::StatusMoved(m) if m.order_id == row.order_id))
    };
    let deadline = Instant::now() + Duration::from_secs(1);
    while !told(&notes) && Instant::now() < deadline {
        notes.extend(desk.poll());
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(told(&notes));
    let log = wait(desk.delivery_log().expect("live")).expect("log");
    assert!(
        log.iter()
            .any(|n| n.notice.order_id == Some(row.order_id) && n.verdict == Verdict::Applied)
    );
}

/// A desk on `twin` as on a real service, with its receiver on a free port and this key.
fn service_desk(
    rt: &tokio::runtime::Runtime,
    twin: &RunningSandbox,
    name: &str,
    live: LiveSettings,
) -> Desk {
    let p = paths(name);
    let settings = Settings {
        service: Some(ServiceUrls {
            legacy: twin.legacy_url(),
            current: twin.current_url(),
            warehouse: twin.wms_url(),
        }),
        live,
        ..Settings::default()
    };
    settings.save(&p.config_dir).expect("settings");
    let mut desk = Desk::start(rt.handle().clone(), p).expect("desk");
    log_in(&mut desk);
    desk
}

#[test]
fn the_receiver_takes_both_forms_refuses_a_wrong_key_and_never_moves_back() {
    let rt = runtime();
    let twin = rt.block_on(twin::start(twin_config())).expect("twin");
    let mut desk = service_desk(
        &rt,
        &twin,
        "receiver",
        LiveSettings {
            poll_seconds: 0,
            receiver: Some(true),
            port: 0,
            key: "k-123".into(),
            ..LiveSettings::default()
        },
    );
    until(&mut desk, "listening", Duration::from_secs(10), |d| {
        d.receiver_url().is_some()
    });
    let url = desk.receiver_url().expect("url");
    let row = new_order(&desk);
    let note = |status: i64, date: &str| {
        json!({
            "orderId": row.order_id, "barcode": row.barcode(),
            "status": {"id": status, "name": format!("status {status}")},
            "date": date, "environment": "test", "partner-apiKey": "k-123"
        })
    };
    let client = raw();
    let send_json = |body: serde_json::Value, key: &str| {
        rt.block_on(
            client
                .post(&url)
                .header("partner-apiKey", key)
                .json(&body)
                .send(),
        )
        .expect("sent")
    };
    // A wrong key: 403, nothing applied.
    let mut wrong = note(3, "2026-11-24 10:00:00");
    wrong["partner-apiKey"] = json!("nope");
    assert_eq!(send_json(wrong, "nope").status().as_u16(), 403);
    assert_eq!(status_of(&desk, row.order_id), 1);
    // JSON: applied; the same again: recorded once, as a duplicate.
    let r = send_json(note(3, "2026-11-24 10:00:00"), "k-123");
    assert_eq!(r.status().as_u16(), 200);
    let answer: serde_json::Value = rt.block_on(r.json()).expect("json");
    assert_eq!(answer, json!({"status": true, "message": "ok"}));
    assert_eq!(status_of(&desk, row.order_id), 3);
    assert_eq!(
        send_json(note(3, "2026-11-24 10:00:00"), "k-123")
            .status()
            .as_u16(),
        200
    );
    // Form data with the JSON in `text`: the next status.
    let form =
        reqwest::multipart::Form::new().text("text", note(4, "2026-11-24 11:00:00").to_string());
    let r = rt
        .block_on(
            client
                .post(&url)
                .header("x-api-key", "k-123")
                .multipart(form)
                .send(),
        )
        .expect("sent");
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(status_of(&desk, row.order_id), 4);
    // An older status arriving late, even dated later, does not move it back.
    assert_eq!(
        send_json(note(3, "2026-11-24 12:00:00"), "k-123")
            .status()
            .as_u16(),
        200
    );
    assert_eq!(status_of(&desk, row.order_id), 4);
    // An order the desk does not know: still 200, so the service stops retrying.
    let mut unknown = note(3, "2026-11-24 10:00:00");
    unknown["orderId"] = json!(999_999_999);
    assert_eq!(send_json(unknown, "k-123").status().as_u16(), 200);
    // Form-urlencoded `text` is read too (the same status again: a duplicate).
    let encoded = format!(
        "text={}",
        url::form_urlencoded::byte_serialize(note(4, "2026-11-24 11:00:00").to_string().as_bytes())
            .collect::<String>()
    );
    let r = rt
        .block_on(
            client
                .post(&url)
                .header("partner-apiKey", "k-123")
                .header("content-type", "application/x-www-form-urlencoded")
                .body(encoded)
                .send(),
        )
        .expect("sent");
    assert_eq!(r.status().as_u16(), 200);
    // Past the size limit: 413, never read.
    let huge = "x".repeat(200 * 1024);
    let r = rt
        .block_on(
            client
                .post(&url)
                .header("partner-apiKey", "k-123")
                .body(huge)
                .send(),
        )
        .expect("sent");
    assert_eq!(r.status().as_u16(), 413);
    // Unreadable: 400.
    let r = rt
        .block_on(
            client
                .post(&url)
                .header("partner-apiKey", "k-123")
                .body("{not json")
                .send(),
        )
        .expect("sent");
    assert_eq!(r.status().as_u16(), 400);

    let log = wait(desk.delivery_log().expect("live")).expect("log");
    let verdicts: Vec<Verdict> = log.iter().rev().map(|n| n.verdict).collect();
    assert_eq!(
        verdicts,
        vec![
            Verdict::Rejected,
            Verdict::Applied,
            Verdict::Duplicate,
            Verdict::Applied,
            Verdict::Duplicate,
            Verdict::UnknownOrder,
            Verdict::Duplicate,
            Verdict::Rejected,
        ]
    );
    // The same id with another barcode is another order: never moved on a coincidence of ids.
    let mut other = note(5, "2026-11-24 13:00:00");
    other["barcode"] = json!("019999999999");
    assert_eq!(send_json(other, "k-123").status().as_u16(), 200);
    assert_eq!(status_of(&desk, row.order_id), 4);
    let newest = wait(desk.delivery_log().expect("live")).expect("log");
    assert_eq!(newest[0].verdict, Verdict::UnknownOrder);
    // Keys never reach the log, neither in the headers nor in the body.
    assert!(
        log.iter()
            .all(|n| !n.notice.headers.contains("k-123") && !n.notice.body.contains("k-123"))
    );
}

#[test]
fn the_poller_alone_moves_the_journal_along() {
    let rt = runtime();
    let twin = rt.block_on(twin::start(twin_config())).expect("twin");
    let mut desk = service_desk(
        &rt,
        &twin,
        "poller",
        LiveSettings {
            poll_seconds: 1,
            receiver: Some(false),
            ..LiveSettings::default()
        },
    );
    let row = new_order(&desk);
    rt.block_on(advance(&control(&twin), row.order_id));
    until(
        &mut desk,
        "the poller read it",
        Duration::from_secs(15),
        |d| status_of(d, row.order_id) != 1,
    );
    let log = wait(desk.delivery_log().expect("live")).expect("log");
    assert!(
        log.iter()
            .any(|n| n.notice.source == "poller" && n.verdict == Verdict::Applied)
    );
}
