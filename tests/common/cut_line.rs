//! A line to the test's PostgreSQL server that a test can cut and mend: a loopback TCP port
//! whose connections are carried to the server's socket, all dropped at once by `cut`, and
//! refused until `mend`. It stands for a shop's network cable.

#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::net::{TcpListener, UnixStream};
use tokio::task::AbortHandle;

pub(crate) struct CutLine {
    pub port: u16,
    cut: Arc<AtomicBool>,
    live: Arc<Mutex<Vec<AbortHandle>>>,
}

impl CutLine {
    /// A line to the server whose socket folder is the `host=` of `server` (key=value form;
    /// the socket's number is its `port=`, 5432 when none is named).
    pub(crate) async fn to(server: &str) -> CutLine {
        let setting = |key: &str| {
            server
                .split_whitespace()
                .find_map(|kv| kv.strip_prefix(key).map(str::to_string))
        };
        let folder = setting("host=").expect("the test server's settings name its socket folder");
        let number = setting("port=").unwrap_or_else(|| "5432".into());
        let socket = format!("{folder}/.s.PGSQL.{number}");
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let port = listener.local_addr().expect("its address").port();
        let (cut, live) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(Mutex::new(Vec::new())),
        );
        let (c, l) = (cut.clone(), live.clone());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if c.load(Ordering::SeqCst) {
                    continue; // dropped: the line is cut
                }
                let socket = socket.clone();
                let carry = tokio::spawn(async move {
                    if let Ok(mut outbound) = UnixStream::connect(&socket).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                l.lock().unwrap().push(carry.abort_handle());
            }
        });
        CutLine { port, cut, live }
    }

    /// Connection settings through the line: `settings` with its `host=` (a socket folder, no
    /// spaces) and any `port=` replaced by the line's address. Settings after `options=` (the
    /// last, quoted, with spaces) are kept as they are.
    pub(crate) fn settings(&self, settings: &str) -> String {
        let (plain, options) = match settings.find(" options=") {
            Some(i) => settings.split_at(i),
            None => (settings, ""),
        };
        let kept: Vec<&str> = plain
            .split_whitespace()
            .filter(|kv| !kv.starts_with("host=") && !kv.starts_with("port="))
            .collect();
        format!(
            "host=127.0.0.1 port={} {}{options}",
            self.port,
            kept.join(" ")
        )
    }

    /// Drops every connection on the line and refuses new ones.
    pub(crate) fn cut(&self) {
        self.cut.store(true, Ordering::SeqCst);
        for c in self.live.lock().unwrap().drain(..) {
            c.abort();
        }
    }

    pub(crate) fn mend(&self) {
        self.cut.store(false, Ordering::SeqCst);
    }
}
