//! The desk's clients against a broken or hostile server: an HTML page, a 50 MB body (declared and
//! undeclared), JSON cut short, a one-byte-a-second drip, silence, and a redirect to another host.
//! Each call ends in a clear error within the timeout, nothing follows the redirect away, and the
//! desk keeps drawing frames while an answer drips in.

mod common;

use common::hostile::server;
use common::ui::{Env, harness, type_into};
use egui_kittest::kittest::Queryable;
use parcel_desk::api::{ApiError, ClientConfig, LegacyClient};
use parcel_desk::desk::session::settings::{LastLogin, ServiceUrls, Settings};
use parcel_desk::ui::tr;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(3);

fn client(addr: SocketAddr, kind: &str) -> LegacyClient {
    let base = format!("http://{addr}/{kind}/index.php");
    let config = ClientConfig {
        timeout: TIMEOUT,
        connect_timeout: Duration::from_secs(1),
        ..ClientConfig::default()
    };
    LegacyClient::new(common::url(&base), config).expect("client")
}

/// Asks for a token from the misbehaving server; the error and how long it took.
async fn ask(addr: SocketAddr, kind: &str) -> (ApiError, Duration) {
    let started = Instant::now();
    let answer = client(addr, kind).get_token(common::demo_login()).await;
    match answer {
        Ok(token) => panic!("{kind}: a token from a broken server: {token}"),
        Err(e) => (e, started.elapsed()),
    }
}

/// Within the timeout, with a little room for a slow machine.
fn in_time(kind: &str, took: Duration) {
    assert!(
        took < TIMEOUT + Duration::from_secs(2),
        "{kind} took {took:?}"
    );
}

#[tokio::test]
async fn unreadable_answers_are_clear_errors_whose_outcome_is_unknown() {
    let (addr, _) = server().await;
    for kind in ["html", "cut"] {
        let (e, took) = ask(addr, kind).await;
        in_time(kind, took);
        assert!(matches!(e, ApiError::Decode { .. }), "{kind}: {e:?}");
        // A create answered so may still have happened: the outbox looks it up.
        assert!(e.outcome_unknown(), "{kind}");
    }
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused_not_held() {
    let (addr, _) = server().await;
    for kind in ["huge", "huge-declared"] {
        let (e, took) = ask(addr, kind).await;
        in_time(kind, took);
        match e {
            ApiError::Decode { detail, .. } => assert!(detail.contains("larger than"), "{detail}"),
            other => panic!("{kind}: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_drip_and_silence_end_at_the_timeout() {
    let (addr, _) = server().await;
    for kind in ["drip", "silent"] {
        let (e, took) = ask(addr, kind).await;
        in_time(kind, took);
        assert!(
            took >= TIMEOUT - Duration::from_millis(200),
            "{kind} ended early: {took:?}"
        );
        assert!(matches!(e, ApiError::NoAnswer { .. }), "{kind}: {e:?}");
    }
}

#[tokio::test]
async fn a_token_call_closed_unanswered_is_asked_once_more_and_a_timeout_is_not() {
    let (addr, hits) = server().await;
    let (e, took) = ask(addr, "hangup").await;
    in_time("hangup", took);
    assert!(matches!(e, ApiError::NoAnswer { .. }), "{e:?}");
    assert_eq!(hits.count("hangup"), 2, "asked again once, at once");
    let _ = ask(addr, "silent").await;
    assert_eq!(hits.count("silent"), 1, "a timeout is not waited for twice");
}

#[tokio::test]
async fn a_redirect_to_another_host_is_not_followed() {
    let (addr, hits) = server().await;
    let (e, took) = ask(addr, "away").await;
    in_time("away", took);
    assert_eq!(hits.count("away"), 1);
    assert_eq!(
        hits.count("html"),
        0,
        "the credentials never went to the other host: {e:?}"
    );
}

/// The network is the background's: while the service drips its answer, the login waits and
/// every frame is drawn at once.
#[test]
fn the_desk_keeps_drawing_while_the_service_drips() {
    let env = Env::new("drip");
    let (addr, hits) = env.rt.block_on(server());
    let at = |tail: &str| format!("http://{addr}/drip/{tail}");
    Settings {
        service: Some(ServiceUrls {
            legacy: at("index.php"),
            current: at("api"),
            warehouse: at("wms"),
        }),
        last_login: Some(LastLogin {
            username: "demo".into(),
            inn: "123456789".into(),
            ..LastLogin::default()
        }),
        ..Settings::default()
    }
    .save(&env.paths().config_dir)
    .expect("settings written");
    let mut h = harness(env.desk());
    h.run();
    type_into(&mut h, &tr("login.password"), 0, "demo12345");
    h.get_by_label(&tr("login.submit")).click();
    let started = Instant::now();
    while hits.count("drip") == 0 && started.elapsed() < Duration::from_secs(5) {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        hits.count("drip") > 0,
        "the login reached the dripping service"
    );
    for _ in 0..30 {
        let frame = Instant::now();
        h.step();
        assert!(
            frame.elapsed() < Duration::from_millis(500),
            "a frame took {:?}",
            frame.elapsed()
        );
        std::thread::sleep(Duration::from_millis(30));
    }
    assert!(
        h.query_by_label(&tr("login.waiting")).is_some(),
        "still waiting, still drawn"
    );
}
