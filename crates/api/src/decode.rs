//! Turning a classified success body into a typed value, keeping the body's head when the shape
//! is not the contract's.

use super::error::{ApiError, body_head};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Decodes the value at a JSON pointer (`""` = the whole body, `"/data"` = the envelope's data).
pub(crate) fn at<T: DeserializeOwned>(body: Value, pointer: &str) -> Result<T, ApiError> {
    let target = if pointer.is_empty() {
        body
    } else {
        match body.pointer(pointer) {
            Some(v) => v.clone(),
            None => {
                return Err(ApiError::decode(
                    200,
                    format!("the answer has no {pointer}"),
                    body.to_string().as_bytes(),
                ));
            }
        }
    };
    let text_for_log = || body_head(target.to_string().as_bytes());
    serde_path_to_error::deserialize::<_, T>(&target).map_err(|e| ApiError::Decode {
        status: 200,
        detail: format!("{} at {}", e.inner(), e.path()),
        body_head: text_for_log(),
    })
}
