//! Raw HTTP against the twin for the tests that probe it as an attacker or a careless integrator
//! would: each interface's token, and requests whose status and body are read as they came.

use parcel_desk::twin::RunningSandbox;
use serde_json::{Value, json};

/// One of the twin's companies, logged in on all three interfaces.
pub(crate) struct Company {
    pub legacy: String,
    pub current: String,
    pub wms: String,
}

pub(crate) const DEMO: (&str, &str, &str) = ("demo", "demo12345", "123456789");
pub(crate) const SHOP2: (&str, &str, &str) = ("shop2", "shop2pass", "987654321");

pub(crate) async fn login(t: &RunningSandbox, (user, pass, inn): (&str, &str, &str)) -> Company {
    let legacy = send(
        t,
        Call::post(
            &format!("{}?r=v1/auth/get-token", t.legacy_url()),
            json!({"username": user, "password": pass, "inn": inn}),
        ),
    )
    .await;
    let current = send(
        t,
        Call::post(
            &format!("{}/auth/login", t.current_url()),
            json!({"login": user, "password": pass}),
        ),
    )
    .await;
    let wms = send(
        t,
        Call::post(
            &format!("{}/v1/auth/login", t.wms_url()),
            json!({"login": inn, "password": pass}),
        ),
    )
    .await;
    let text = |v: &Value, pointer: &str| {
        v.pointer(pointer)
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("{pointer} in {v}"))
            .to_string()
    };
    Company {
        legacy: text(&legacy.1, "/data/token"),
        current: text(&current.1, "/data/access_token"),
        wms: text(&wms.1, "/access_token"),
    }
}

/// A request as the test builds it.
pub(crate) struct Call {
    pub method: reqwest::Method,
    pub url: String,
    pub token: Option<String>,
    pub body: Option<Vec<u8>>,
}

impl Call {
    pub(crate) fn post(url: &str, body: Value) -> Call {
        Call {
            method: reqwest::Method::POST,
            url: url.to_string(),
            token: None,
            body: Some(body.to_string().into_bytes()),
        }
    }

    pub(crate) fn get(url: &str) -> Call {
        Call {
            method: reqwest::Method::GET,
            url: url.to_string(),
            token: None,
            body: None,
        }
    }

    pub(crate) fn token(mut self, token: &str) -> Call {
        self.token = Some(token.to_string());
        self
    }
}

/// Sends a call and reads the status and the body ([`super::json_or_text`]).
/// A connection closed without an answer fails the test: that is what a panic in a handler does.
pub(crate) async fn send(_t: &RunningSandbox, call: Call) -> (u16, Value) {
    let (status, bytes) = send_raw(call).await;
    (status, super::json_or_text(&bytes))
}

pub(crate) async fn send_raw(call: Call) -> (u16, Vec<u8>) {
    let client = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(20))
        .build()
        .expect("client");
    let mut req = client.request(call.method.clone(), &call.url);
    if let Some(t) = &call.token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = call.body {
        req = req
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(b);
    }
    let resp = req
        .send()
        .await
        .unwrap_or_else(|e| panic!("{} {}: no answer ({e})", call.method, call.url));
    let status = resp.status().as_u16();
    let bytes = resp.bytes().await.expect("a whole body").to_vec();
    (status, bytes)
}
