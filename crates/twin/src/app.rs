//! The running twin's routers: the three interfaces behind the fault layer with the public pages
//! their records link to, each interface alone at the root of its own port (as production's three
//! hosts serve them), and the control routes, which are only ever served on their own listener.

use super::model::Iface;
pub(crate) use super::shared::{AppState, Shared};
use super::{control, current_routes, faults, legacy_routes, limits, public_pages, wms_routes};
use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::any;

fn not_found() -> Response {
    super::http_util::framework(StatusCode::NOT_FOUND, "Page not found.")
}

/// The service's three interfaces and the public pages on one port.
pub(crate) fn router(state: Shared) -> Router {
    let interfaces = Router::new()
        .route("/legacy/index.php", any(legacy_routes::entry))
        .nest("/api", current_routes::router())
        .nest("/wms", wms_routes::router());
    guarded(interfaces, &state)
        .merge(public_pages::router())
        .fallback(|| async { not_found() })
        .with_state(state)
}

/// One interface at the root of its own port, behind the same layers.
pub(crate) fn interface_router(state: Shared, iface: Iface) -> Router {
    let routes: Router<Shared> = match iface {
        Iface::Legacy => Router::new()
            .route("/", any(legacy_routes::entry))
            .route("/index.php", any(legacy_routes::entry)),
        Iface::Current => current_routes::router(),
        Iface::Warehouse => wms_routes::router(),
    };
    guarded(routes, &state)
        .fallback(|| async { not_found() })
        .with_state(state)
}

/// The control routes alone (the `--control` listener).
pub(crate) fn control_router(state: Shared) -> Router {
    control::router()
        .fallback(|| async { not_found() })
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            refuse_own_delivery,
        ))
        .with_state(state)
}

/// Faults, the body limit, and the refusal of the twin's own webhook deliveries.
fn guarded(routes: Router<Shared>, state: &Shared) -> Router<Shared> {
    routes
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            faults::layer,
        ))
        .layer(DefaultBodyLimit::max(limits::BODY_MAX_BYTES))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            refuse_own_delivery,
        ))
}

/// A notification this twin sent that arrives back at its own interfaces (a webhook address
/// pointing at the twin, however it is spelled) is refused before any route sees it.
async fn refuse_own_delivery(State(s): State<Shared>, req: Request, next: Next) -> Response {
    let own = req
        .headers()
        .get(super::webhooks::DELIVERY_HEADER)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == s.world().instance);
    if own {
        return super::http_util::framework(
            StatusCode::FORBIDDEN,
            "The sandbox does not deliver notifications to itself.",
        );
    }
    next.run(req).await
}
