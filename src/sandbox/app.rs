//! The running twin's routers: all three interfaces behind the fault layer plus the control
//! routes on one port, or each interface alone at the root of its own port (as production's three
//! hosts serve them).

use super::model::Iface;
pub use super::shared::{AppState, Shared};
use super::{control, current_routes, faults, legacy_routes, wms_routes};
use axum::Router;
use axum::routing::any;

pub fn router(state: Shared) -> Router {
    let faulty = Router::new()
        .route("/legacy/index.php", any(legacy_routes::entry))
        .nest("/api", current_routes::router())
        .nest("/wms", wms_routes::router())
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            faults::layer,
        ));
    faulty
        .merge(control::router())
        .fallback(|| async {
            super::http_util::framework(axum::http::StatusCode::NOT_FOUND, "Page not found.")
        })
        .with_state(state)
}

/// One interface at the root of its own port, behind the same fault layer.
pub fn interface_router(state: Shared, iface: Iface) -> Router {
    let routes: Router<Shared> = match iface {
        Iface::Legacy => Router::new()
            .route("/", any(legacy_routes::entry))
            .route("/index.php", any(legacy_routes::entry)),
        Iface::Current => current_routes::router(),
        Iface::Warehouse => wms_routes::router(),
    };
    routes
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            faults::layer,
        ))
        .fallback(|| async {
            super::http_util::framework(axum::http::StatusCode::NOT_FOUND, "Page not found.")
        })
        .with_state(state)
}
