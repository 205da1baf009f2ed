//! The service lists every wrong field of a request at once, never the first alone: a clerk
//! fixes a refused order, parcel or supplier in one go. Each write of the twin's three
//! interfaces is sent with several fields wrong at once (missing, of the wrong type, out of
//! range) and must name every one of them, in the shape its interface uses.

mod common;

use common::twin_http::{self, Call, DEMO};
use common::*;
use serde_json::{Value, json};

/// The field names an answer's `errors` hold (an object keyed by field, or a list of
/// `{field, message}`).
fn fields_named(answer: &Value) -> Vec<String> {
    let errors = answer
        .get("errors")
        .or_else(|| answer.pointer("/data/errors"));
    match errors {
        Some(Value::Object(m)) => m.keys().cloned().collect(),
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|e| e.get("field").and_then(Value::as_str).map(str::to_string))
            .collect(),
        _ => Vec::new(),
    }
}

/// A write with a body, under a token; the status and the answer.
async fn post(
    t: &parcel_desk::twin::RunningSandbox,
    url: &str,
    body: Value,
    token: &str,
) -> (u16, Value) {
    twin_http::send(t, Call::post(url, body).token(token)).await
}

fn assert_named(what: &str, (status, answer): (u16, Value), fields: &[&str]) {
    assert!(
        status >= 400 || answer.get("errors").is_some(),
        "{what}: {status} {answer}"
    );
    let named = fields_named(&answer);
    for f in fields {
        assert!(
            named.iter().any(|n| n == f),
            "{what}: {f} not named in {answer}"
        );
    }
}

#[tokio::test]
async fn an_order_with_three_wrong_fields_is_refused_naming_all_three() {
    let t = twin().await;
    let company = twin_http::login(&t, DEMO).await;
    // Legacy create: no receiver name, a weight that is no number, a city that does not exist,
    // a phone that is none.
    let order = json!({
        "senderCityId": 101, "senderAddress": "Registon 1", "senderReal": "Ali",
        "senderPhone": "+998 90 1234567", "receiverCityId": 99999, "receiverAddress": "Navoi 2",
        "receiverPhone": "12", "weight": "heavy", "piece": 1, "packageId": 7, "postTypeId": 11,
        "receiverDelivery": 0
    });
    let legacy = post(
        &t,
        &format!("{}?r=v1/order/add", t.legacy_url()),
        order,
        &company.legacy,
    )
    .await;
    assert_named(
        "legacy order",
        legacy,
        &["receiver", "weight", "receiverCityId", "receiverPhone"],
    );
    // Current create: no receiver name, a weight that is no number, pieces of the wrong type.
    let order = json!({
        "pickup_type": "self",
        "sender": {"name": "Ali", "phone": "+998 90 1234567", "address": "Registon 1"},
        "receiver": {"phone": "+998 91 7654321", "address": "Navoi 2", "city_code": "3001"},
        "cargo": {"weight": "heavy", "piece": "many", "packageId": 7}
    });
    let current = post(
        &t,
        &format!("{}/v1/order/add", t.current_url()),
        order,
        &company.current,
    )
    .await;
    assert_named(
        "current order",
        current,
        &["receiver.name", "cargo.weight", "cargo.piece"],
    );
}

#[tokio::test]
async fn a_price_request_with_three_wrong_fields_is_refused_naming_all_three() {
    let t = twin().await;
    let company = twin_http::login(&t, DEMO).await;
    // Read by the legacy interface's own reader (the token, goods and price routes use it).
    let calc = json!({"senderCityId": "Samarkand", "receiverCityId": "x", "weight": "heavy"});
    let url = format!("{}?r=v1/order/calculate", t.legacy_url());
    let answer = post(&t, &url, calc, &company.legacy).await;
    assert_named(
        "price",
        answer,
        &["senderCityId", "receiverCityId", "weight"],
    );
}

#[tokio::test]
async fn a_parcel_with_three_wrong_fields_is_refused_naming_all_three() {
    let t = twin().await;
    let company = twin_http::login(&t, DEMO).await;
    let parcel = json!({
        "ParcelNumber": "CN000000901UZ", "ReceiverPhone": "+998 90 1234567",
        "ReceiverSurname": "Karimov", "ReceiverFirstName": "",
        "ReceiverPassposrtSerial": "AA", "ReceiverPassposrtNumber": "1234567",
        "ReceiverPinfl": "123", "ParcelWeight": "heavy", "ParcelDeclareCurrency": "USD",
        "ReceiverDelivery": "1"
    });
    let answer = post(
        &t,
        &format!("{}?r=v1/international/add", t.legacy_url()),
        parcel,
        &company.legacy,
    )
    .await;
    assert_named(
        "parcel",
        answer,
        &["ReceiverFirstName", "ReceiverPinfl", "ParcelWeight"],
    );
}

#[tokio::test]
async fn a_supplier_with_three_wrong_fields_is_refused_naming_all_three() {
    let t = twin().await;
    let company = twin_http::login(&t, DEMO).await;
    let supplier = json!({"group": 7, "code": "", "name": "A"});
    let answer = post(
        &t,
        &format!("{}/v1/purveyor/create", t.wms_url()),
        supplier,
        &company.wms,
    )
    .await;
    assert_named("supplier", answer, &["group", "code", "full_name"]);
}

#[tokio::test]
async fn warehouse_errors_have_one_shape_keyed_as_every_other_field() {
    let t = twin().await;
    let company = twin_http::login(&t, DEMO).await;
    // A confirmation with an id of zero and one that is no number: both items named, each
    // under its own dotted key, with a list of messages like every other field's.
    let status = json!({"status": [{"id": 0, "status": "ok"}, {"id": "x", "status": "ok"}]});
    let (code, answer) = post(
        &t,
        &format!("{}/v1/purveyor/client-status", t.wms_url()),
        status,
        &company.wms,
    )
    .await;
    assert!(code >= 400, "{code} {answer}");
    for key in ["status.0.id", "status.1.id"] {
        let messages = answer.pointer(&format!("/errors/{}", key.replace('/', "~1")));
        assert!(
            messages
                .and_then(Value::as_array)
                .is_some_and(|m| !m.is_empty()),
            "{key} in {answer}"
        );
    }
    assert_eq!(answer["message"], "error");
}
