//! The desk's clients against a broken or hostile server: an HTML page, a 50 MB body (declared and
//! undeclared), JSON cut short, a one-byte-a-second drip, silence, and a redirect to another host.
//! Each call ends in a clear error within the timeout, and nothing follows the redirect away.

mod common;

use parcel_desk::api::legacy::TokenRequest;
use parcel_desk::api::{ApiError, ClientConfig, LegacyClient};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const TIMEOUT: Duration = Duration::from_secs(3);

/// How many requests reached each misbehaviour, by its name (the first path segment).
#[derive(Default)]
struct Hits(std::sync::Mutex<Vec<String>>);

impl Hits {
    fn count(&self, kind: &str) -> usize {
        let seen = self.0.lock().unwrap_or_else(|p| p.into_inner());
        seen.iter().filter(|k| *k == kind).count()
    }
}

/// A plain HTTP/1.1 server that misbehaves in the way the path names.
async fn server() -> (SocketAddr, Arc<Hits>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    let hits = Arc::new(Hits::default());
    let seen = hits.clone();
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            tokio::spawn(answer(sock, addr, seen.clone()));
        }
    });
    (addr, hits)
}

async fn answer(mut sock: TcpStream, addr: SocketAddr, hits: Arc<Hits>) {
    let mut head = Vec::new();
    let mut buf = vec![0u8; 16 * 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        match sock.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => head.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&head).to_string();
    let path = text.split_whitespace().nth(1).unwrap_or("/").to_string();
    let kind = path
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or("")
        .to_string();
    hits.0
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push(kind.clone());
    let reply = |status: &str, kind: &str, body: &str| {
        format!(
            "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    match kind.as_str() {
        "html" => {
            let page = "<html><body><h1>Please log in</h1></body></html>";
            let _ = sock
                .write_all(reply("200 OK", "text/html", page).as_bytes())
                .await;
        }
        "cut" => {
            let json = r#"{"code":200,"data":{"token":"ab"#;
            let _ = sock
                .write_all(reply("200 OK", "application/json", json).as_bytes())
                .await;
        }
        "huge" | "huge-declared" => {
            let declared = match kind.as_str() {
                "huge" => String::new(),
                _ => format!("Content-Length: {}\r\n", 50 << 20),
            };
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n{declared}Connection: close\r\n\r\n"
            );
            let _ = sock.write_all(head.as_bytes()).await;
            let chunk = vec![b' '; 1 << 20];
            for _ in 0..50 {
                if sock.write_all(&chunk).await.is_err() {
                    return;
                }
            }
        }
        "drip" => {
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n";
            let _ = sock.write_all(head.as_bytes()).await;
            for _ in 0..60 {
                if sock.write_all(b" ").await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
        "silent" => tokio::time::sleep(Duration::from_secs(60)).await,
        "away" => {
            // The same server under another host name: a redirect there must not be followed.
            let to = format!("http://localhost:{}/html/index.php", addr.port());
            let moved = format!(
                "HTTP/1.1 302 Found\r\nLocation: {to}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            );
            let _ = sock.write_all(moved.as_bytes()).await;
        }
        _ => {
            let _ = sock
                .write_all(reply("404 Not Found", "text/plain", "").as_bytes())
                .await;
        }
    }
}

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
    let answer = client(addr, kind)
        .get_token(TokenRequest {
            username: "demo".into(),
            password: "demo12345".into(),
            inn: "123456789".into(),
        })
        .await;
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
