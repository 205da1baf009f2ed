//! The twin's plumbing shared by the three interfaces: reading bodies in every form integrators
//! send (JSON, form-urlencoded, multipart), the failure bodies of each interface, field checks
//! that collect messages keyed by the wire's field names, and paging.

/// A handler's early answer: the value of an `Ok`, or the `Err`'s response returned from the
/// handler as it stands (a handler answers a `Response` either way, so `?` does not apply).
macro_rules! or_reply {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(r) => return r,
        }
    };
}

use super::messages as msg;
use api::codes::Language;
use api::envelope::{
    Envelope, FrameworkError, LegacyEnvelope, LegacyMessage, Page, PageLinks, PageMeta, WmsEnvelope,
};
use api::error::FieldErrors;
use api::phone::valid_phone;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};
use serde_path_to_error::Segment;

pub(crate) fn lang(headers: &HeaderMap) -> Language {
    headers
        .get("language")
        .and_then(|v| v.to_str().ok())
        .and_then(Language::parse)
        .unwrap_or_default()
}

pub(crate) fn bearer(headers: &HeaderMap) -> Option<String> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let t = v
        .strip_prefix("Bearer ")
        .or_else(|| v.strip_prefix("bearer "))?;
    Some(t.trim().to_string())
}

/// A request body in whatever form it came, as a JSON value (form fields become strings).
pub(crate) struct AnyBody(pub Result<Value, BodyError>);

/// A body that could not be read: unreadable (400) or over the size limit (413).
#[derive(Debug)]
pub(crate) struct BodyError {
    pub status: StatusCode,
    pub text: String,
}

impl BodyError {
    fn new(status: StatusCode, text: String) -> BodyError {
        // Only "too large" keeps its own code; every other refusal of a body is a bad request.
        let status = if status == StatusCode::PAYLOAD_TOO_LARGE {
            status
        } else {
            StatusCode::BAD_REQUEST
        };
        BodyError { status, text }
    }
}

impl<S: Send + Sync> FromRequest<S> for AnyBody {
    type Rejection = std::convert::Infallible;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let ctype = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        if ctype.starts_with("multipart/form-data") {
            let mut mp = match Multipart::from_request(req, state).await {
                Ok(m) => m,
                Err(e) => return Ok(AnyBody(Err(BodyError::new(e.status(), e.body_text())))),
            };
            let mut map = Map::new();
            loop {
                match mp.next_field().await {
                    Ok(Some(field)) => {
                        let name = field.name().unwrap_or_default().to_string();
                        match field.text().await {
                            Ok(t) => {
                                map.insert(name, Value::String(t));
                            }
                            Err(e) => {
                                return Ok(AnyBody(Err(BodyError::new(e.status(), e.body_text()))));
                            }
                        }
                    }
                    Ok(None) => break,
                    Err(e) => return Ok(AnyBody(Err(BodyError::new(e.status(), e.body_text())))),
                }
            }
            return Ok(AnyBody(Ok(Value::Object(map))));
        }
        let bytes = match Bytes::from_request(req, state).await {
            Ok(b) => b,
            Err(e) => return Ok(AnyBody(Err(BodyError::new(e.status(), e.body_text())))),
        };
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(AnyBody(Ok(Value::Object(Map::new()))));
        }
        if ctype.starts_with("application/x-www-form-urlencoded") {
            let pairs: Vec<(String, String)> =
                url::form_urlencoded::parse(&bytes).into_owned().collect();
            let map = pairs
                .into_iter()
                .map(|(k, v)| (k, Value::String(v)))
                .collect();
            return Ok(AnyBody(Ok(Value::Object(map))));
        }
        Ok(AnyBody(serde_json::from_slice(&bytes).map_err(|e| {
            BodyError::new(
                StatusCode::BAD_REQUEST,
                format!("Invalid JSON data in request body: {e}"),
            )
        })))
    }
}

/// Collects field messages keyed by the wire's field names.
pub(crate) struct Check {
    pub lang: Language,
    pub fields: FieldErrors,
    /// Fields found blank or of the wrong type while decoding: the stand-in a field was given
    /// (see [`Check::decode`]) is not the clerk's, so later checks say nothing more of it.
    settled: std::collections::BTreeSet<String>,
}

impl Check {
    pub(crate) fn new(lang: Language) -> Check {
        Check {
            lang,
            fields: FieldErrors::new(),
            settled: Default::default(),
        }
    }

    /// Adds a message under a field, once: two checks finding the same fault say it once.
    pub(crate) fn push(&mut self, field: &str, message: String) {
        if self.settled.contains(field) {
            return;
        }
        let messages = self.fields.entry(field.to_string()).or_default();
        if !messages.contains(&message) {
            messages.push(message);
        }
    }

    pub(crate) fn ok(&self) -> bool {
        self.fields.is_empty()
    }

    pub(crate) fn has(&self, field: &str) -> bool {
        self.fields.contains_key(field)
    }

    /// Marks each of `names` (JSON pointers without the leading slash, dots for nesting) that is
    /// missing, null or blank.
    pub(crate) fn required(&mut self, body: &Value, names: &[&str]) {
        for name in names {
            let pointer = format!("/{}", name.replace('.', "/"));
            let blank = match body.pointer(&pointer) {
                None | Some(Value::Null) => true,
                Some(Value::String(s)) => s.trim().is_empty(),
                Some(Value::Array(a)) => a.is_empty(),
                _ => false,
            };
            if blank {
                let m = msg::blank(self.lang, name);
                self.push(name, m);
            }
        }
    }

    /// The body as a wire type once each of `required` is given and every field reads: `None`
    /// otherwise, with every field that is blank or of the wrong type named at once (see
    /// [`Check::decode`]). An over-long text is said beside it for the caller's `ok()`.
    pub(crate) fn read<T: DeserializeOwned>(
        &mut self,
        body: &Value,
        required: &[&str],
    ) -> Option<T> {
        let (value, stood_in) = self.decode_with(body, required);
        let blank = required.iter().any(|name| self.has(name));
        value.filter(|_| !stood_in && !blank)
    }

    /// A route's opening: [`Check::decode`] on a fresh checker, which comes along with the value
    /// (holding what is blank, of the wrong type or over-long for the route's own `ok()`, which
    /// it must hold before acting), or the interface's answer (`refuse`) when nothing could be
    /// read.
    pub(crate) fn opening<T: DeserializeOwned>(
        lang: Language,
        body: &Value,
        required: &[&str],
        refuse: fn(FieldErrors) -> Response,
    ) -> Result<(T, Check), Response> {
        let mut check = Check::new(lang);
        match check.decode(body, required) {
            Some(v) => Ok((v, check)),
            None => Err(refuse(check.fields)),
        }
    }

    /// The body as a wire type with every blank required field and every field of the wrong type
    /// named at once, as the service lists them: a field that is missing or cannot be read is
    /// given a stand-in value, and decoding goes on to find the next. The value comes back even
    /// when something was wrong (built partly of stand-ins), so the route's own checks of the
    /// other fields are said too; the caller must hold `ok()` before acting on it. `None` only
    /// when no stand-in fits a field.
    pub(crate) fn decode<T: DeserializeOwned>(
        &mut self,
        body: &Value,
        required: &[&str],
    ) -> Option<T> {
        self.decode_with(body, required).0
    }

    /// [`Check::decode`], and whether a stand-in took the place of a field that could not be
    /// read.
    fn decode_with<T: DeserializeOwned>(
        &mut self,
        body: &Value,
        required: &[&str],
    ) -> (Option<T>, bool) {
        self.required(body, required);
        self.text_limits("", "", body);
        let mut patched = body.clone();
        let mut tried: std::collections::HashMap<String, usize> = Default::default();
        let decoded = loop {
            let e = match serde_path_to_error::deserialize::<_, T>(&patched) {
                Ok(v) => break Some(v),
                Err(e) => e,
            };
            let segments: Vec<Segment> = e.path().iter().cloned().collect();
            let inner = e.inner().to_string();
            let missing = inner
                .strip_prefix("missing field `")
                .and_then(|rest| rest.split('`').next())
                .map(str::to_string);
            let at = dotted(&e.path().to_string());
            let field = match (&missing, at.as_str()) {
                (Some(name), ".") => name.clone(),
                (Some(name), path) => format!("{path}.{name}"),
                (None, ".") => "body".to_string(),
                (None, path) => path.to_string(),
            };
            if !self.fields.contains_key(&field) {
                let m = msg::invalid(self.lang, &field);
                self.push(&field, m);
            }
            let n = tried.entry(field.clone()).or_default();
            let Some(value) = stand_in(*n) else {
                break None;
            };
            *n += 1;
            let placed = match (&missing, slot(&mut patched, &segments)) {
                (Some(name), Some(Value::Object(map))) => {
                    map.insert(name.clone(), value);
                    true
                }
                (None, Some(slot)) if field != "body" => {
                    *slot = value;
                    true
                }
                _ => false,
            };
            if !placed {
                break None;
            }
        };
        // A stand-in is not the clerk's: nothing more is said of its field.
        let flagged: Vec<String> = self.fields.keys().cloned().collect();
        self.settled.extend(flagged);
        (decoded, !tried.is_empty())
    }

    /// The body as a wire type, or `None` with every field of the wrong type named (see
    /// [`Check::decode`]). Every text in the body is held to its limit too (see `limits`): an
    /// over-long text is reported beside the other checks' messages, so the caller's `ok()`
    /// before storing refuses it.
    pub(crate) fn typed<T: DeserializeOwned>(&mut self, body: &Value) -> Option<T> {
        let (value, stood_in) = self.decode_with(body, &[]);
        value.filter(|_| !stood_in)
    }

    /// Walks a body and marks each text longer than its field allows.
    fn text_limits(&mut self, path: &str, key: &str, value: &Value) {
        match value {
            Value::String(text) => {
                let max = super::limits::text_max(key);
                // Bytes bound characters from above: most texts are short and need no count.
                if text.len() > max {
                    self.max_len(if path.is_empty() { "body" } else { path }, Some(text), max);
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    self.text_limits(&format!("{path}[{i}]"), key, item);
                }
            }
            Value::Object(map) => {
                for (name, item) in map {
                    let child = if path.is_empty() {
                        name.clone()
                    } else {
                        format!("{path}.{name}")
                    };
                    if name.len() > super::limits::TEXT_MAX {
                        let m = msg::too_long(self.lang, "body", super::limits::TEXT_MAX);
                        self.push("body", m);
                        continue;
                    }
                    self.text_limits(&child, name, item);
                }
            }
            _ => {}
        }
    }

    /// A decimal written as text (the warehouse's weights, volumes, percentages): finite and
    /// within `min..=max`.
    pub(crate) fn decimal(&mut self, field: &str, value: Option<&str>, min: f64, max: f64) {
        let Some(text) = value.map(str::trim).filter(|t| !t.is_empty()) else {
            return;
        };
        let ok = text
            .replace(',', ".")
            .parse::<f64>()
            .ok()
            .is_some_and(|v| v.is_finite() && (min..=max).contains(&v));
        if !ok {
            let m = msg::invalid(self.lang, field);
            self.push(field, m);
        }
    }

    /// A whole number written as text (the warehouse's days and counts): within `min..=max`.
    pub(crate) fn whole(&mut self, field: &str, value: Option<&str>, min: i64, max: i64) {
        let Some(text) = value.map(str::trim).filter(|t| !t.is_empty()) else {
            return;
        };
        if !text
            .parse::<i64>()
            .ok()
            .is_some_and(|v| (min..=max).contains(&v))
        {
            let m = msg::invalid(self.lang, field);
            self.push(field, m);
        }
    }

    /// `field` names nothing the twin knows (a city, branch, type or record).
    pub(crate) fn not_found(&mut self, field: &str) {
        let m = msg::not_found_value(self.lang, field);
        self.push(field, m);
    }

    pub(crate) fn max_len(&mut self, field: &str, value: Option<&str>, max: usize) {
        if let Some(v) = value
            && v.chars().count() > max
        {
            let m = msg::too_long(self.lang, field, max);
            self.push(field, m);
        }
    }

    /// `+998 XX XXXXXXX`: 12 digits starting 998 once spaces, dashes and brackets are gone.
    pub(crate) fn phone(&mut self, field: &str, value: &str) {
        if !valid_phone(value) {
            let m = msg::phone(self.lang, field);
            self.push(field, m);
        }
    }
}

// ----- bodies of each interface ---------------------------------------------------------------

pub(crate) fn json_response<T: Serialize>(status: StatusCode, body: &T) -> Response {
    (status, axum::Json(body)).into_response()
}

/// Legacy validation failure: `{errors: {field: [messages]}}`, HTTP 422.
pub(crate) fn legacy_errors(fields: FieldErrors) -> Response {
    json_response(
        StatusCode::UNPROCESSABLE_ENTITY,
        &json!({ "errors": fields }),
    )
}

/// Legacy 401 envelope.
pub(crate) fn legacy_unauthorized(text: String) -> Response {
    legacy_message(StatusCode::UNAUTHORIZED, text)
}

/// The legacy envelope with a sentence and no data: a refused token (400 or 401, as the
/// deployment does), a second cancel (400).
pub(crate) fn legacy_message(status: StatusCode, text: String) -> Response {
    legacy_envelope(status, status.as_u16(), text)
}

/// The legacy envelope with a sentence and no data, its `code` apart from the HTTP status.
pub(crate) fn legacy_envelope(status: StatusCode, code: u16, text: String) -> Response {
    json_response(
        status,
        &LegacyEnvelope::<Value> {
            data: None,
            state: None,
            message: Some(LegacyMessage { text }),
            code: i64::from(code),
        },
    )
}

/// The framework's own error body.
pub(crate) fn framework(status: StatusCode, message: impl Into<String>) -> Response {
    let (name, kind) = match status.as_u16() {
        400 => ("Bad Request", "yii\\web\\BadRequestHttpException"),
        401 => ("Unauthorized", "yii\\web\\UnauthorizedHttpException"),
        404 => ("Not Found", "yii\\web\\NotFoundHttpException"),
        405 => (
            "Method Not Allowed",
            "yii\\web\\MethodNotAllowedHttpException",
        ),
        413 => ("Request Entity Too Large", "yii\\web\\HttpException"),
        _ => ("Error", "yii\\web\\HttpException"),
    };
    json_response(
        status,
        &FrameworkError {
            name: name.into(),
            message: message.into(),
            code: 0,
            status: status.as_u16() as i64,
            kind: kind.into(),
        },
    )
}

pub(crate) fn current_ok<T: Serialize>(message: String, data: T) -> Response {
    json_response(StatusCode::OK, &Envelope::ok(message, data))
}

/// Current-interface failure envelope with the given status.
pub(crate) fn current_fail(
    status: StatusCode,
    message: impl Into<String>,
    errors: Option<FieldErrors>,
) -> Response {
    json_response(
        status,
        &Envelope::<Value> {
            status: false,
            message: message.into(),
            status_code: status.as_u16() as i64,
            data: None,
            errors: errors.map(|e| json!(e)),
        },
    )
}

pub(crate) fn current_invalid(fields: FieldErrors) -> Response {
    current_fail(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Validation failed",
        Some(fields),
    )
}

pub(crate) fn current_not_found() -> Response {
    current_fail(StatusCode::NOT_FOUND, "error.not_found", None)
}

pub(crate) fn current_forbidden() -> Response {
    current_fail(StatusCode::FORBIDDEN, "Forbidden", None)
}

pub(crate) fn wms_ok<T: Serialize>(
    status: StatusCode,
    message: String,
    data: Option<T>,
) -> Response {
    json_response(
        status,
        &WmsEnvelope {
            message,
            data,
            errors: None,
        },
    )
}

pub(crate) fn wms_fail(status: StatusCode, message: &str, errors: Value) -> Response {
    json_response(
        status,
        &WmsEnvelope::<Value> {
            message: message.into(),
            data: None,
            errors: Some(errors),
        },
    )
}

/// Slices a list into the paged shape with relative links.
pub(crate) fn page_of<T: Clone>(
    items: &[T],
    page: u64,
    per_page: u64,
    path: &str,
    extra_query: &str,
) -> Page<T> {
    let per_page = per_page.clamp(1, 200);
    let total = items.len() as u64;
    let page_count = total.div_ceil(per_page).max(1);
    let page = page.clamp(1, page_count);
    let start = ((page - 1) * per_page) as usize;
    let end = (start + per_page as usize).min(items.len());
    let link = |p: u64| format!("{path}?{extra_query}page={p}&per-page={per_page}");
    Page {
        items: items.get(start..end).unwrap_or(&[]).to_vec(),
        links: PageLinks {
            this: Some(link(page)),
            first: Some(link(1)),
            last: Some(link(page_count)),
            next: (page < page_count).then(|| link(page + 1)),
            prev: (page > 1).then(|| link(page - 1)),
        },
        meta: PageMeta {
            total_count: total,
            page_count,
            current_page: page,
            per_page,
            params: None,
        },
    }
}

/// Reads `page` and `per-page` from a query map (defaults 1 and 20).
pub(crate) fn paging(q: &std::collections::HashMap<String, String>) -> (u64, u64) {
    let page = q
        .get("page")
        .and_then(|p| p.trim().parse().ok())
        .unwrap_or(1);
    let per = q
        .get("per-page")
        .and_then(|p| p.trim().parse().ok())
        .unwrap_or(20);
    (page, per)
}

/// The values tried in turn in place of a field that is missing or cannot be read (see
/// [`Check::decode`]): one of them fits each kind of field the wire types hold.
fn stand_in(n: usize) -> Option<Value> {
    Some(match n {
        0 => Value::from(1),
        1 => Value::from("1"),
        2 => Value::from(1.5),
        3 => Value::from(true),
        4 => Value::Array(Vec::new()),
        5 => Value::Object(Map::new()),
        6 => Value::from("self"),
        7 => Value::from("2026-01-01"),
        8 => Value::Null,
        _ => return None,
    })
}

/// The place in a body a decoding error's path leads to.
fn slot<'a>(body: &'a mut Value, path: &[Segment]) -> Option<&'a mut Value> {
    let mut at = body;
    for segment in path {
        at = match segment {
            Segment::Seq { index } => at.get_mut(*index)?,
            Segment::Map { key } => at.get_mut(key.as_str())?,
            Segment::Enum { .. } | Segment::Unknown => return None,
        };
    }
    Some(at)
}

/// A decoding error's path as every field error of the twin is keyed: dots between the parts,
/// an item by its index (`products.0.HsCodeIs`, never `products[0].HsCodeIs`).
pub(crate) fn dotted(path: &str) -> String {
    path.replace("].", ".").replace('[', ".").replace(']', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_links_and_meta() {
        let items: Vec<u32> = (0..45).collect();
        let p = page_of(&items, 3, 20, "/v1/x", "");
        assert_eq!(p.items.len(), 5);
        assert_eq!(p.meta.page_count, 3);
        assert_eq!(p.links.next, None);
        assert_eq!(p.links.prev.as_deref(), Some("/v1/x?page=2&per-page=20"));
    }
}
