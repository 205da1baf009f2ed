//! Serving one of the twin's listeners with the limits a public test double needs: a deadline for
//! a request's headers (which also ends a keep-alive connection left idle), a cap on connections
//! open at once, and a graceful stop. `axum::serve` sets none of these, so a few hundred silent
//! connections would hold the twin's sockets for ever.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, oneshot};

/// Limits of every listener of one twin.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// A request's headers must arrive within this; a connection idle this long is closed.
    pub header_timeout: Duration,
    /// Connections served at once; further ones wait in the system's queue.
    pub max_connections: usize,
    /// How long a stop waits for requests under way before it closes their connections.
    pub stop_grace: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            max_connections: 512,
            stop_grace: Duration::from_secs(2),
        }
    }
}

/// Serves `router` on `listener` until `stop` fires (or for ever when it is dropped unfired).
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    stop: Option<oneshot::Receiver<()>>,
) {
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut stop = std::pin::pin!(async move {
        match stop {
            Some(rx) => {
                let _ = rx.await;
            }
            None => std::future::pending::<()>().await,
        }
    });
    loop {
        let permit = tokio::select! {
            _ = &mut stop => break,
            p = permits.clone().acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
        };
        let (stream, _) = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors and the like: wait a moment instead of spinning.
                    tracing::warn!("sandbox accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let service = TowerToHyperService::new(router.clone());
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .keep_alive(true)
            .serve_connection(TokioIo::new(stream), service);
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = conn.await;
            drop(permit);
        });
    }
    let _ = tokio::time::timeout(limits.stop_grace, graceful.shutdown()).await;
}
