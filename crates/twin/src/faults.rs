//! Fault injection in front of the three interfaces: latency before or after the work, errors
//! before any work, answers dropped after the work is done, and bodies cut in half. Switched on by `POST /sandbox/faults`.

use super::shared::Shared;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

enum Roll {
    Drop,
    Malformed,
    Pass,
}

pub(crate) async fn layer(State(s): State<Shared>, req: Request, next: Next) -> Response {
    let (latency, after_latency, roll_before) = {
        let mut w = s.world();
        let f = w.faults.clone();
        let before = if w.rng.chance(f.error_rate) {
            Some(f.status.unwrap_or(503))
        } else {
            None
        };
        (f.latency_ms, f.latency_after_ms, before)
    };
    if latency > 0 {
        tokio::time::sleep(Duration::from_millis(latency)).await;
    }
    if let Some(status) = roll_before {
        return injected_error(status);
    }
    let resp = next.run(req).await;
    if after_latency > 0 {
        tokio::time::sleep(Duration::from_millis(after_latency)).await;
    }
    let after = {
        let mut w = s.world();
        let f = w.faults.clone();
        if w.rng.chance(f.drop_after_commit_rate) {
            Roll::Drop
        } else if w.rng.chance(f.malformed_rate) {
            Roll::Malformed
        } else {
            Roll::Pass
        }
    };
    match after {
        Roll::Pass => resp,
        Roll::Drop => dropped(),
        Roll::Malformed => malformed(resp).await,
    }
}

fn injected_error(status: u16) -> Response {
    let code = StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
    let mut r = (
        code,
        "<html><body><h1>Service temporarily unavailable</h1></body></html>",
    )
        .into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/html"),
    );
    if code == StatusCode::TOO_MANY_REQUESTS {
        r.headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
    }
    r
}

/// The work is done; the connection is cut before any answer: the body stream fails at once,
/// so the server aborts the connection.
fn dropped() -> Response {
    let stream = futures_util::stream::once(async {
        Err::<Bytes, std::io::Error>(std::io::Error::other("dropped by fault injection"))
    });
    Response::builder()
        .status(StatusCode::OK)
        .header(header::CONTENT_LENGTH, "1024")
        .body(Body::from_stream(stream))
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

async fn malformed(resp: Response) -> Response {
    let (parts, body) = resp.into_parts();
    let bytes = axum::body::to_bytes(body, 16 * 1024 * 1024)
        .await
        .unwrap_or_default();
    let cut = bytes.slice(..bytes.len() / 2);
    let mut r = Response::from_parts(parts, Body::from(cut));
    r.headers_mut().remove(header::CONTENT_LENGTH);
    r
}
