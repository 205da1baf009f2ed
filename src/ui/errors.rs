//! How a failed call is told to the clerk: the service's own words when it gave any, otherwise a
//! translated sentence, and the technical detail kept for the "details" expander. A form field's
//! problem is told here too, so the form and the calculator say it the same way.

use crate::api::ApiError;
use crate::desk::problem::Problem;
use rust_i18n::t;

/// A message for the clerk and, where useful, details for support.
#[derive(Debug, Clone, PartialEq)]
pub struct Told {
    pub message: String,
    pub details: Option<String>,
}

/// A form field's problem, in the clerk's words.
pub fn problem_text(p: Problem) -> String {
    match p {
        Problem::Required => t!("login.required").to_string(),
        Problem::Phone => t!("order.bad_phone").to_string(),
        Problem::Weight => t!("order.bad_weight").to_string(),
        Problem::Number => t!("order.bad_number").to_string(),
        Problem::TooLong(n) => t!("order.too_long", n = n).to_string(),
        Problem::BranchNotInCity => t!("order.branch_city").to_string(),
        Problem::Date => t!("order.bad_date").to_string(),
        Problem::Coordinates => t!("order.bad_coordinates").to_string(),
    }
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
