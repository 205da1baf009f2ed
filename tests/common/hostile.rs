//! A plain HTTP/1.1 server on 127.0.0.1:0 that misbehaves in the way the request's first path
//! segment names: `html`, `cut` (JSON cut short), `huge` and `huge-declared` (50 MB), `drip` (one
//! byte a second), `silent`, `hangup` (closes without a word), `away` (a redirect to another
//! host name).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How many requests reached each misbehaviour, by its name (the first path segment).
#[derive(Default)]
pub(crate) struct Hits(std::sync::Mutex<Vec<String>>);

impl Hits {
    pub(crate) fn count(&self, kind: &str) -> usize {
        let seen = self.0.lock().unwrap_or_else(|p| p.into_inner());
        seen.iter().filter(|k| *k == kind).count()
    }
}

/// A plain HTTP/1.1 server that misbehaves in the way the path names.
pub(crate) async fn server() -> (SocketAddr, Arc<Hits>) {
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
        // The request was read; the connection closes with no answer at all.
        "hangup" => {}
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
