//! How a failed call is told to the clerk: the service's own words when it gave any, otherwise a
//! translated sentence, and the technical detail kept for the "details" expander.

use crate::api::ApiError;
use rust_i18n::t;

/// A message for the clerk and, where useful, details for support.
#[derive(Debug, Clone, PartialEq)]
pub struct Told {
    pub message: String,
    pub details: Option<String>,
}

pub fn tell(err: &ApiError) -> Told {
    let (message, details) = match err {
        ApiError::Validation { message, fields } => {
            let mut parts: Vec<String> = message.iter().cloned().collect();
            parts.extend(fields.values().flatten().cloned());
            (parts.join(" "), None)
        }
        ApiError::Unauthorized { message }
        | ApiError::Forbidden { message }
        | ApiError::NotFound { message }
        | ApiError::BadRequest { message }
        | ApiError::Rejected { message, .. } => (message.clone(), None),
        ApiError::RateLimited { .. } => (t!("error.too_many").to_string(), None),
        ApiError::Server { status, message } => (
            t!("error.server", status = status).to_string(),
            Some(message.clone()),
        ),
        ApiError::Connect { detail } => (t!("error.offline").to_string(), Some(detail.clone())),
        ApiError::NoAnswer { detail } => (t!("error.no_answer").to_string(), Some(detail.clone())),
        ApiError::Decode {
            detail, body_head, ..
        } => (
            t!("error.unexpected").to_string(),
            Some(format!("{detail}\n{body_head}")),
        ),
    };
    let message = if message.trim().is_empty() {
        t!("error.unexpected").to_string()
    } else {
        message
    };
    Told { message, details }
}
