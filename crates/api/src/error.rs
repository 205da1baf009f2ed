//! One error type for every way a call to the service can fail.
//!
//! The service has many failure shapes: the legacy `errors` map, the legacy 401 envelope, the
//! current interface's 422/401/403/404 envelopes, the framework's bare 400/401 body, an HTTP 200
//! with `status: false`, the warehouse's `{message, errors}` with HTTP 500 on validation, plus
//! transport faults and bodies that do not decode. [`classify`] folds them all into [`ApiError`]
//! variants a screen can show; field errors stay keyed by the field name the service used.

use reqwest::StatusCode;
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::Duration;

/// Messages per field, exactly as the service wrote them.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// Which interface answered: each has its own envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interface {
    Legacy,
    Current,
    Warehouse,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ApiError {
    /// The service rejected input; `fields` maps each field it named to its messages.
    #[error("validation failed: {}", describe_fields(message, fields))]
    Validation {
        message: Option<String>,
        fields: FieldErrors,
    },
    /// Credentials or token refused (after one silent re-login where possible).
    #[error("unauthorized: {message}")]
    Unauthorized { message: String },
    #[error("forbidden: {message}")]
    Forbidden { message: String },
    #[error("not found: {message}")]
    NotFound { message: String },
    /// The framework's 400 body (a missing query parameter and the like).
    #[error("bad request: {message}")]
    BadRequest { message: String },
    /// A logical refusal: HTTP 200 with `status: false`, a 400 envelope, 405, 406, 410.
    #[error("refused ({status}): {message}")]
    Rejected { status: u16, message: String },
    #[error("too many requests: {message}")]
    RateLimited {
        retry_after: Option<Duration>,
        message: String,
    },
    #[error("service error {status}: {message}")]
    Server { status: u16, message: String },
    /// The request never reached the service: safe to send again.
    #[error("cannot reach the service: {detail}")]
    Connect { detail: String },
    /// The request left but no answer came (timeout, dropped connection): the outcome is unknown.
    #[error("no answer from the service: {detail}")]
    NoAnswer { detail: String },
    /// An answer came that is not what the contract says; `body_head` keeps its first bytes.
    #[error("unreadable answer (HTTP {status}): {detail}")]
    Decode {
        status: u16,
        detail: String,
        body_head: String,
    },
}

fn describe_fields(message: &Option<String>, fields: &FieldErrors) -> String {
    let mut parts: Vec<String> = message.iter().cloned().collect();
    for (field, msgs) in fields {
        parts.push(format!("{field}: {}", msgs.join("; ")));
    }
    parts.join(", ")
}

impl ApiError {
    /// Messages the service gave for one field.
    pub fn field(&self, name: &str) -> &[String] {
        match self {
            ApiError::Validation { fields, .. } => {
                fields.get(name).map(Vec::as_slice).unwrap_or(&[])
            }
            _ => &[],
        }
    }

    /// True when a sent request may or may not have taken effect.
    pub fn outcome_unknown(&self) -> bool {
        // An answer that cannot be read (HTML, cut short, too large) may follow a change made.
        matches!(self, ApiError::NoAnswer { .. } | ApiError::Decode { .. })
            || matches!(self, ApiError::Server { status, .. } if *status == 502 || *status == 504)
    }

    /// True when a later identical attempt may succeed (no answer, overload, 5xx, 429).
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            ApiError::Connect { .. }
                | ApiError::NoAnswer { .. }
                | ApiError::RateLimited { .. }
                | ApiError::Server { .. }
        )
    }

    pub(crate) fn decode(status: u16, detail: impl Into<String>, body: &[u8]) -> ApiError {
        ApiError::Decode {
            status,
            detail: detail.into(),
            body_head: body_head(body),
        }
    }
}

/// The first bytes of a body, for the log.
pub(crate) fn body_head(body: &[u8]) -> String {
    const LIMIT: usize = 200;
    let cut = &body[..body.len().min(LIMIT)];
    String::from_utf8_lossy(cut).into_owned()
}

/// Reads an `errors` value in any of its forms: `{field: [msg]}`, `{field: msg}`, `"msg"`, `[msg]`.
pub(crate) fn read_field_errors(v: &Value) -> (Option<String>, FieldErrors) {
    let mut fields = FieldErrors::new();
    match v {
        Value::Object(map) => {
            for (k, msgs) in map {
                let list: Vec<String> = match msgs {
                    Value::Array(a) => a.iter().map(value_text).collect(),
                    other => vec![value_text(other)],
                };
                fields.insert(k.clone(), list);
            }
            (None, fields)
        }
        Value::Array(a) => (
            Some(a.iter().map(value_text).collect::<Vec<_>>().join("; ")),
            fields,
        ),
        Value::Null => (None, fields),
        other => (Some(value_text(other)), fields),
    }
}

fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn text_at(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Object(o) => o.get("text").and_then(Value::as_str).map(str::to_owned),
        Value::Null => None,
        other => Some(other.to_string()),
    }
}

fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    let raw = headers.get(reqwest::header::RETRY_AFTER)?.to_str().ok()?;
    raw.trim().parse::<u64>().ok().map(Duration::from_secs)
}

/// Maps an HTTP status with a message to the variant for that status.
fn by_status(status: u16, message: String, headers: &reqwest::header::HeaderMap) -> ApiError {
    match status {
        400 => ApiError::BadRequest { message },
        401 => ApiError::Unauthorized { message },
        403 => ApiError::Forbidden { message },
        404 => ApiError::NotFound { message },
        429 => ApiError::RateLimited {
            retry_after: retry_after(headers),
            message,
        },
        s if s >= 500 => ApiError::Server { status: s, message },
        s => ApiError::Rejected { status: s, message },
    }
}

/// Folds one HTTP answer into the success body or an [`ApiError`].
pub(crate) fn classify(
    iface: Interface,
    status: StatusCode,
    headers: &reqwest::header::HeaderMap,
    body: &[u8],
) -> Result<Value, ApiError> {
    let code = status.as_u16();
    // A success with nothing to say (the warehouse's 204 on delete).
    if status.is_success() && body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Value::Null);
    }
    let parsed: Result<Value, _> = serde_json::from_slice(body);
    let v = match parsed {
        Ok(v) => v,
        Err(e) => {
            return Err(if code >= 400 {
                by_status(code, body_head(body), headers)
            } else {
                ApiError::decode(code, format!("not JSON: {e}"), body)
            });
        }
    };

    // The framework's own body (current and legacy share the framework): {name, message, code, status, type}.
    let framework = v.get("name").is_some()
        && v.get("type").is_some()
        && v.get("status").is_some_and(Value::is_i64);
    if framework {
        let st = v
            .get("status")
            .and_then(Value::as_u64)
            .unwrap_or(code as u64) as u16;
        let message = text_at(&v, "message").unwrap_or_default();
        return Err(by_status(
            st.max(if code >= 400 { code } else { 0 }),
            message,
            headers,
        ));
    }

    let answer = Answer {
        code,
        headers,
        body: v,
    };
    match iface {
        Interface::Legacy => answer.legacy(),
        Interface::Current => answer.current(),
        Interface::Warehouse => answer.warehouse(),
    }
}

/// An answer that parsed as JSON, read by the rules of the interface it came from.
struct Answer<'a> {
    code: u16,
    headers: &'a reqwest::header::HeaderMap,
    body: Value,
}

impl Answer<'_> {
    /// `errors`, when the body has them: its message, if any, and the fields' complaints.
    fn errors(&self) -> Option<(Option<String>, FieldErrors)> {
        let errors = self.body.get("errors").filter(|e| !e.is_null())?;
        Some(read_field_errors(errors))
    }

    fn message(&self) -> Option<String> {
        text_at(&self.body, "message")
    }

    /// The refusal an HTTP-like status stands for.
    fn refused(&self, status: u16, message: String) -> ApiError {
        by_status(status, message, self.headers)
    }

    fn legacy(self) -> Result<Value, ApiError> {
        if let Some((message, fields)) = self.errors() {
            return Err(ApiError::Validation { message, fields });
        }
        // The token/webhook envelope: {data, state, message: {text}, code}.
        let v = &self.body;
        let envelope_code = v.get("code").and_then(Value::as_u64).map(|c| c as u16);
        let is_envelope = v.get("state").is_some() || v.get("data").is_some();
        if let Some(ec) = envelope_code.filter(|ec| is_envelope && *ec >= 400) {
            return Err(self.refused(ec, self.message().unwrap_or_default()));
        }
        if self.code >= 400 {
            let message = self
                .message()
                .unwrap_or_else(|| body_head(v.to_string().as_bytes()));
            return Err(self.refused(self.code, message));
        }
        Ok(self.body)
    }

    fn current(self) -> Result<Value, ApiError> {
        let flag = self.body.get("status").and_then(Value::as_bool);
        let failed = self.code >= 400 || flag == Some(false);
        if !failed {
            return Ok(self.body);
        }
        let message = self.message().unwrap_or_default();
        if let Some((m, fields)) = self.errors()
            && (!fields.is_empty() || m.is_some())
        {
            let message = m.or((!message.is_empty()).then_some(message));
            return Err(ApiError::Validation { message, fields });
        }
        let envelope_code = self
            .body
            .get("status_code")
            .and_then(Value::as_u64)
            .map(|c| c as u16)
            .filter(|c| *c >= 400);
        let st = envelope_code.unwrap_or(self.code);
        if st < 400 {
            // HTTP 200 with status:false and no code: a logical refusal.
            return Err(ApiError::Rejected {
                status: self.code,
                message,
            });
        }
        Err(self.refused(st, message))
    }

    fn warehouse(self) -> Result<Value, ApiError> {
        if let Some((m, fields)) = self.errors() {
            let message = || m.clone().or_else(|| self.message()).unwrap_or_default();
            return Err(match self.code {
                401 => ApiError::Unauthorized { message: message() },
                429 | 404 | 403 | 405 => self.refused(self.code, message()),
                _ => ApiError::Validation { message: m, fields },
            });
        }
        if self.code >= 400 {
            return Err(self.refused(self.code, self.message().unwrap_or_default()));
        }
        Ok(self.body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderMap;
    use serde_json::json;

    fn run(iface: Interface, code: u16, body: Value) -> Result<Value, ApiError> {
        let bytes = serde_json::to_vec(&body).unwrap();
        classify(
            iface,
            StatusCode::from_u16(code).unwrap(),
            &HeaderMap::new(),
            &bytes,
        )
    }

    #[test]
    fn legacy_errors_map_keeps_field_names() {
        let e = run(
            Interface::Legacy,
            422,
            json!({"errors": {"senderPhone": ["Telefon notoʻgʻri"]}}),
        )
        .unwrap_err();
        assert_eq!(e.field("senderPhone"), ["Telefon notoʻgʻri".to_string()]);
        // The same body under HTTP 200 is still a failure.
        assert!(matches!(
            run(Interface::Legacy, 200, json!({"errors": {"a": "b"}})),
            Err(ApiError::Validation { .. })
        ));
    }

    #[test]
    fn legacy_401_envelope_under_http_200() {
        let e = run(Interface::Legacy, 200, json!({"data": null, "state": null, "message": {"text": "Login yoki parol xato"}, "code": 401})).unwrap_err();
        assert_eq!(
            e,
            ApiError::Unauthorized {
                message: "Login yoki parol xato".into()
            }
        );
    }

    #[test]
    fn current_envelopes() {
        let e = run(Interface::Current, 422, json!({"status": false, "message": "Validation failed", "status_code": 422, "errors": {"webhook_url": ["bad"]}})).unwrap_err();
        assert_eq!(e.field("webhook_url"), ["bad".to_string()]);
        let e = run(Interface::Current, 200, json!({"status": false, "message": "Buyurtma allaqachon bekor qilingan", "status_code": 400})).unwrap_err();
        assert!(matches!(e, ApiError::BadRequest { ref message } if message.contains("bekor")));
        let refused = |code, body| run(Interface::Current, code, body).unwrap_err();
        let nope = json!({"status": false, "message": "nope"});
        assert!(matches!(
            refused(200, nope),
            ApiError::Rejected { status: 200, .. }
        ));
        let gone = json!({"status": false, "message": "error.not_found", "status_code": 404});
        assert!(matches!(refused(404, gone), ApiError::NotFound { .. }));
        let forbidden = json!({"status": false, "message": "Forbidden", "status_code": 403});
        assert!(matches!(
            refused(403, forbidden),
            ApiError::Forbidden { .. }
        ));
        assert!(
            run(
                Interface::Current,
                200,
                json!({"status": true, "message": "ok", "status_code": 200, "data": {}})
            )
            .is_ok()
        );
    }

    #[test]
    fn framework_bodies() {
        let e = run(Interface::Current, 401, json!({"name": "Unauthorized", "message": "Your request was made with invalid credentials.", "code": 0, "status": 401, "type": "yii\\web\\UnauthorizedHttpException"})).unwrap_err();
        assert!(matches!(e, ApiError::Unauthorized { .. }));
        let e = run(Interface::Current, 400, json!({"name": "Bad Request", "message": "Missing required parameters: orderId", "code": 0, "status": 400, "type": "yii\\web\\BadRequestHttpException"})).unwrap_err();
        assert_eq!(
            e,
            ApiError::BadRequest {
                message: "Missing required parameters: orderId".into()
            }
        );
    }

    #[test]
    fn warehouse_validation_is_a_500() {
        let e = run(
            Interface::Warehouse,
            500,
            json!({"message": "error", "errors": {"code": ["Code cannot be blank."]}}),
        )
        .unwrap_err();
        assert_eq!(e.field("code").len(), 1);
        let e = run(
            Interface::Warehouse,
            422,
            json!({"message": "error", "errors": "Login yoki parol notoʻgʻri"}),
        )
        .unwrap_err();
        assert!(matches!(
            e,
            ApiError::Validation {
                message: Some(_),
                ..
            }
        ));
        let e = run(
            Interface::Warehouse,
            500,
            json!({"message": "Internal error"}),
        )
        .unwrap_err();
        assert!(matches!(e, ApiError::Server { status: 500, .. }));
    }

    #[test]
    fn undecodable_bodies_keep_their_head() {
        let raw = |status, body: &[u8]| {
            classify(Interface::Current, status, &HeaderMap::new(), body).unwrap_err()
        };
        match raw(StatusCode::OK, b"<html>gateway</html>") {
            ApiError::Decode { body_head, .. } => assert!(body_head.starts_with("<html>")),
            other => panic!("unexpected {other:?}"),
        }
        assert!(raw(StatusCode::BAD_GATEWAY, b"<html>").outcome_unknown());
    }
}
