//! A line to the test's PostgreSQL server that a test can cut and mend: a loopback TCP port
//! whose connections are carried to the server's socket, all dropped at once by `cut`, and
//! refused until `mend`. It stands for a shop's network cable.

#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::net::{TcpListener, UnixStream};
use tokio::task::AbortHandle;

pub struct CutLine {
    pub port: u16,
    cut: Arc<AtomicBool>,
    live: Arc<Mutex<Vec<AbortHandle>>>,
}

impl CutLine {
    /// A line to the server whose socket folder is the `host=` of `server` (key=value form).
    pub async fn to(server: &str) -> CutLine {
        let folder = server
            .split_whitespace()
            .find_map(|kv| kv.strip_prefix("host="))
            .expect("the test server's settings name its socket folder");
        let socket = format!("{folder}/.s.PGSQL.5432");
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
    /// spaces) replaced by the line's port.
    pub fn settings(&self, settings: &str) -> String {
        let start = settings.find("host=").expect("settings with a host");
        let end = settings[start..]
            .find(' ')
            .map_or(settings.len(), |i| start + i);
        format!(
            "{}host=127.0.0.1 port={}{}",
            &settings[..start],
            self.port,
            &settings[end..]
        )
    }

    /// Drops every connection on the line and refuses new ones.
    pub fn cut(&self) {
        self.cut.store(true, Ordering::SeqCst);
        for c in self.live.lock().unwrap().drain(..) {
            c.abort();
        }
    }

    pub fn mend(&self) {
        self.cut.store(false, Ordering::SeqCst);
    }
}
