//! The running twin's router: all three interfaces behind the fault layer, plus the control
//! routes.

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
