//! An expired legacy token is refused in words and with statuses the desk cannot know beforehand
//! (the service's wording is not ours to choose): the legacy client gets one new token, sends
//! once more, and the order is made exactly once. A refusal naming a field is the order's own: it
//! is not sent again and keeps its field errors.

mod common;

use common::*;
use parcel_desk::api::ApiError;
use parcel_desk::api::codes::LegacyStatus;
use parcel_desk::twin::{RunningSandbox, SandboxConfig};
use serde_json::json;
use std::time::Duration;

/// How many tokens the twin has handed out so far (each legacy `get-token` adds one; an expired
/// one stays listed).
async fn tokens_issued(t: &RunningSandbox) -> usize {
    let held = get_json(format!("{}/sandbox/tokens", control(t))).await;
    held.as_array().map_or(0, Vec::len)
}

/// How many orders the twin holds under this idempotency key.
async fn orders_with_key(t: &RunningSandbox, key: &str) -> usize {
    let found = get_json(format!("{}/sandbox/orders?wcs_code={key}", control(t))).await;
    found.as_array().map_or(0, Vec::len)
}

/// Tells the twin, through its control route, how to refuse a bad legacy token.
async fn refuse_tokens_with(t: &RunningSandbox, status: u16, code: Option<u16>, text: &str) {
    let fault = json!({"legacy_token_refusal": {"status": status, "code": code, "text": text}});
    let (answered, body) = status_and_json(
        raw()
            .post(format!("{}/sandbox/faults", control(t)))
            .json(&fault),
    )
    .await;
    assert_eq!(answered, 200, "the twin takes the fault: {body}");
}

/// A valid order under its own idempotency key.
fn order_with_key(key: &str) -> parcel_desk::api::legacy::OrderInput {
    let mut order = legacy_order();
    order.wcs_code = Some(key.to_string());
    order
}

/// (HTTP status, envelope code when it differs, sentence): deployments' ways of saying it.
const REFUSALS: &[(u16, Option<u16>, &str)] = &[
    (400, None, "Срок действия сессии истёк"),
    (400, None, "Sessiya muddati tugagan"),
    (401, None, "Please sign in again"),
    (403, None, "Доступ запрещён"),
    (403, None, "Kirish taqiqlangan"),
    (401, None, "Требуется повторный вход"),
    (400, None, "Token notoʻgʻri yoki muddati tugagan."),
    (401, None, ""),
    (200, Some(401), "Avtorizatsiyadan qayta oʻting"),
    (200, Some(400), "Session expired"),
];

#[tokio::test]
async fn an_expired_token_refused_in_any_words_is_renewed_once_and_the_order_made_once() {
    let t = twin().await;
    let c = legacy(&t).await;
    for (i, (status, code, text)) in REFUSALS.iter().enumerate() {
        refuse_tokens_with(&t, *status, *code, text).await;
        expire_tokens(&t).await;
        let before = tokens_issued(&t).await;
        let key = format!("TOKEN-REFUSAL-{i}");
        let case = format!("refused with {status}/{code:?} {text:?}");
        let created = c.add_order(&order_with_key(&key)).await;
        let created = created.unwrap_or_else(|e| panic!("{case}: {e:?}"));
        assert_eq!(
            created.core.wcs_code.as_deref(),
            Some(key.as_str()),
            "{case}"
        );
        assert_eq!(orders_with_key(&t, &key).await, 1, "{case}");
        assert_eq!(tokens_issued(&t).await, before + 1, "one new token: {case}");
    }
    t.stop().await;
}

#[tokio::test]
async fn a_cancel_refused_for_its_token_is_sent_once_more_and_cancels() {
    let t = twin().await;
    let c = legacy(&t).await;
    let created = c.add_order(&order_with_key("TOKEN-CANCEL")).await.unwrap();
    refuse_tokens_with(&t, 403, None, "Доступ запрещён").await;
    expire_tokens(&t).await;
    let before = tokens_issued(&t).await;
    let cancelled = c.cancel_order(created.order_id).await.unwrap();
    assert_eq!(cancelled.status.id, LegacyStatus::Refused, "{cancelled:?}");
    assert_eq!(tokens_issued(&t).await, before + 1);
    t.stop().await;
}

#[tokio::test]
async fn refused_again_after_a_new_token_the_second_answer_is_the_calls() {
    // Every legacy token the twin hands out is expired at once: the new one is refused too.
    let t = twin_with(SandboxConfig {
        lifetimes: parcel_desk::twin::world::Lifetimes {
            legacy: Duration::ZERO,
            ..Default::default()
        },
        ..twin_config()
    })
    .await;
    let c = legacy(&t).await;
    refuse_tokens_with(&t, 400, None, "Sessiya muddati tugagan").await;
    let before = tokens_issued(&t).await;
    let err = c
        .add_order(&order_with_key("TOKEN-TWICE"))
        .await
        .unwrap_err();
    assert_eq!(
        err,
        ApiError::BadRequest {
            message: "Sessiya muddati tugagan".into()
        }
    );
    assert_eq!(tokens_issued(&t).await, before + 1, "one renewal, no more");
    assert_eq!(orders_with_key(&t, "TOKEN-TWICE").await, 0);
    t.stop().await;
}

#[tokio::test]
async fn a_bad_field_is_not_sent_again_and_keeps_its_field_errors() {
    let t = twin().await;
    let c = legacy(&t).await;
    // The twin words token refusals oddly, but the token is good: only the field is wrong.
    refuse_tokens_with(&t, 400, None, "Sessiya muddati tugagan").await;
    let before = tokens_issued(&t).await;
    let mut bad = order_with_key("TOKEN-BAD-FIELD");
    bad.sender_phone = "12".into();
    let err = c.add_order(&bad).await.unwrap_err();
    assert!(
        matches!(err, ApiError::Validation { .. }),
        "a field error: {err:?}"
    );
    assert!(!err.field("senderPhone").is_empty(), "{err:?}");
    assert_eq!(tokens_issued(&t).await, before, "no new token");
    assert_eq!(orders_with_key(&t, "TOKEN-BAD-FIELD").await, 0);

    // With an expired token: refused for the token, renewed once, then the field error stands.
    expire_tokens(&t).await;
    let err = c.add_order(&bad).await.unwrap_err();
    assert!(!err.field("senderPhone").is_empty(), "{err:?}");
    assert_eq!(tokens_issued(&t).await, before + 1, "one new token only");
    assert_eq!(orders_with_key(&t, "TOKEN-BAD-FIELD").await, 0);
    t.stop().await;
}

#[tokio::test]
async fn the_twin_refuses_a_bad_token_as_told_and_as_before_when_not_told() {
    let t = twin().await;
    let track = format!("{}?r=v1/order/track&id=1", t.legacy_url());
    let bad_token = "0123456789abcdef0123456789abcdef01234567";
    refuse_tokens_with(&t, 403, None, "Доступ запрещён").await;
    let answer = status_and_json(raw().get(&track).bearer_auth(bad_token)).await;
    let told =
        json!({"data": null, "state": null, "message": {"text": "Доступ запрещён"}, "code": 403});
    assert_eq!(answer, (403, told));
    refuse_tokens_with(&t, 200, Some(401), "Sessiya muddati tugagan").await;
    let (status, body) = status_and_json(raw().get(&track).bearer_auth(bad_token)).await;
    assert_eq!((status, &body["code"]), (200, &json!(401)), "{body}");

    // Cleared: the configured status (400) and the twin's own sentence, as before.
    let cleared = raw().delete(format!("{}/sandbox/faults", control(&t)));
    assert!(cleared.send().await.expect("answer").status().is_success());
    let (status, body) = status_and_json(raw().get(&track).bearer_auth(bad_token)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], json!(400));
    assert_eq!(
        body["message"]["text"],
        json!("Token notoʻgʻri yoki muddati tugagan.")
    );

    // A status that is no HTTP code is refused by the control route.
    let fault = json!({"legacy_token_refusal": {"status": 99, "text": "x"}});
    let (answered, _) = status_and_json(
        raw()
            .post(format!("{}/sandbox/faults", control(&t)))
            .json(&fault),
    )
    .await;
    assert_eq!(answered, 422);
    t.stop().await;
}
