//! The current client against the twin: envelope, tokens and refresh, orders, calculations,
//! directories with paging, webhook configuration, the international list.

mod common;

use common::*;
use parcel_desk::api::codes::{DropoffType, Environment, OrderStatus, PickupType};
use parcel_desk::api::current::*;
use parcel_desk::api::current_client::{
    COUNTRIES, PACKAGING_TYPES, REGIONS, SHIPMENT_TYPES, STATUSES, all_pages,
};
use parcel_desk::api::international::{IntlCalcRequest, IntlListQuery};
use parcel_desk::api::webhook::WebhookConfigRequest;
use parcel_desk::api::{ApiError, CurrentClient, Weight};
use serde_json::json;

#[tokio::test]
async fn order_lifecycle() {
    let t = twin().await;
    let c = current(&t).await;
    let mut input = current_order(samarkand_branch());
    input.wcs_code = Some("cur-1".into());
    let rec = c.add_order(&input).await.unwrap();
    assert_eq!(rec.status.code, OrderStatus::AtSender);
    assert_eq!(rec.pickup_type, PickupType::SelfDropOff);
    assert_eq!(rec.dropoff_type, Some(DropoffType::Branch));
    assert_eq!(
        rec.receiver.city.as_ref().and_then(|c| c.code.as_deref()),
        Some("3001")
    );
    let sticker = rec.receiver.sticker_data.as_ref().unwrap();
    assert!(
        sticker.branch_name.as_deref().unwrap().contains("<b>"),
        "the service marks the branch up"
    );
    assert_eq!(
        strip_markup(sticker.branch_name.as_deref().unwrap()),
        "Samarqand shahar 1-filial"
    );

    let detail = c.order_detail(rec.order_id).await.unwrap();
    assert_eq!(detail.barcode, rec.barcode);
    let tracked = c.track(rec.order_id).await.unwrap();
    assert_eq!(tracked.status.code, OrderStatus::AtSender);

    // Edit while at the sender.
    let mut edit = input.clone();
    edit.cargo.weight = Weight::from_grams(4_000);
    edit.dropoff_type = Some(DropoffType::Courier);
    edit.receiver.branch_code = None;
    let edited = c.edit_order(rec.order_id, &edit).await.unwrap();
    assert_eq!(edited.cargo.weight.grams(), 4_000);
    assert_eq!(edited.dropoff_type, Some(DropoffType::Courier));

    // Stickers: one and a batch; the links are real, temporary PDFs.
    let one = c.sticker(rec.order_id).await.unwrap();
    assert!(one.label_encode.is_none());
    let pdf = raw()
        .get(&one.label_sticker)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let other = samarkand_order(&c).await;
    let batch = c.stickers(&[rec.order_id, other.order_id]).await.unwrap();
    assert!(batch.label_sticker.contains("ids="));
    assert!(
        c.stickers(&vec![rec.order_id; 51])
            .await
            .unwrap_err()
            .field("orderIds")
            .len()
            == 1
    );

    // Cancel once; the second time the service says it is already cancelled.
    let cancelled = c.cancel_order(other.order_id).await.unwrap();
    assert_eq!(cancelled.status.code, OrderStatus::Deleted);
    match c.cancel_order(other.order_id).await.unwrap_err() {
        ApiError::BadRequest { message } => assert!(message.contains("allaqachon"), "{message}"),
        e => panic!("{e:?}"),
    }
    // Once it left the sender it cannot be edited or cancelled.
    advance(&t, rec.order_id).await;
    assert!(matches!(
        c.cancel_order(rec.order_id).await,
        Err(ApiError::BadRequest { .. })
    ));
    assert!(matches!(
        c.edit_order(rec.order_id, &edit).await,
        Err(ApiError::BadRequest { .. })
    ));
    // Unknown ids are 404.
    let unknown = c.order_detail(1).await;
    assert!(
        matches!(unknown, Err(ApiError::NotFound { .. })),
        "{unknown:?}"
    );
}

#[tokio::test]
async fn another_customers_order_is_forbidden() {
    let t = twin().await;
    let c = current(&t).await;
    let rec = samarkand_order(&c).await;
    let other = CurrentClient::new(url(&t.current_url()), quick_config()).unwrap();
    other.login("shop2", "shop2pass").await.unwrap();
    assert!(matches!(
        other.order_detail(rec.order_id).await,
        Err(ApiError::Forbidden { .. })
    ));
}

#[tokio::test]
async fn field_notes_rules_for_orders() {
    let t = twin().await;
    let c = current(&t).await;
    // Each order breaks one rule, and its one problem stands under that field.
    let mut cases: Vec<(OrderInput, &str)> = Vec::new();
    let mut o = current_order(samarkand_branch());
    o.receiver.city_code = None;
    cases.push((o, "receiver.city_code"));
    let mut o = current_order(samarkand_branch());
    o.receiver.branch_code = None;
    cases.push((o, "receiver.branch_code"));
    let mut o = current_order("0001"); // a branch of Shakhrisabz, not Samarkand
    o.receiver.branch_code = Some("0001".into());
    cases.push((o, "receiver.branch_code"));
    let mut o = current_order(samarkand_branch());
    o.cargo.package_id = None;
    cases.push((o, "cargo.packageId"));
    let mut o = current_order(samarkand_branch());
    o.cargo.post_types = vec![parcel_desk::api::legacy::ItemLine {
        name: "A name longer than twenty".into(),
        code: "1".into(),
        count: 1,
        cost: parcel_desk::api::Sum(1000),
    }];
    cases.push((o, "cargo.postTypes[0].name"));
    for (order, field) in cases {
        let err = c.add_order(&order).await.unwrap_err();
        assert_eq!(err.field(field).len(), 1, "{field}: {err:?}");
    }
    // Packaging 90 exists on this interface only.
    let mut o = current_order(samarkand_branch());
    o.cargo.package_id = Some(90);
    assert!(c.add_order(&o).await.is_ok());
}

#[tokio::test]
async fn missing_query_parameter_is_the_framework_400() {
    let t = twin().await;
    let token = twin_http::login(&t, twin_http::DEMO).await.current;
    let (status, v) = get_with_token(format!("{}/v1/order/detail", t.current_url()), &token).await;
    assert_eq!(status, 400);
    assert_eq!(v["name"], json!("Bad Request"));
    // Domestic calculation without pickup/dropoff types is a 422.
    let (status, _) = status_and_json(
        raw()
            .post(format!("{}/v1/order-calculate/index", t.current_url()))
            .bearer_auth(&token)
            .json(&json!({"senderCityCode": "0101", "receiverCityCode": "3001", "weight": 1})),
    )
    .await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn calculations() {
    let t = twin().await;
    let c = current(&t).await;
    let quotes = c
        .calculate(&DomesticCalcRequest {
            sender_city_code: "0101".into(),
            receiver_city_code: "3001".into(),
            pickup_type: PickupType::Courier,
            dropoff_type: DropoffType::Branch,
            weight: Weight::from_grams(2_000),
            volume: Some(Dimensions {
                x: 30.0,
                y: 20.0,
                z: 10.0,
            }),
        })
        .await
        .unwrap();
    let b2b = quotes.branch_to_branch.price.unwrap();
    let c2c = quotes.courier_to_courier.price.unwrap();
    assert!(c2c > b2b);
    assert_eq!(
        quotes.get(PickupType::Courier, DropoffType::Courier).price,
        Some(c2c)
    );

    let req = IntlCalcRequest {
        weight: Weight::from_grams(1_500),
        volume: None,
        sender_city_id: 101,
        receiver_country_id: 1,
        receiver_city_id: 10101,
        post_type_id: 11,
        pickup_type: PickupType::SelfDropOff,
        receiver_delivery: None,
        piece: None,
        sender_date: None,
        is_company: false,
        customer_id: None,
    };
    let r = c.calculate_international(&req).await.unwrap();
    assert!(r.summary_price.0 > 0);
    assert_eq!(r.request_data.piece, 1);
    let light = IntlCalcRequest {
        weight: Weight::from_grams(5),
        ..req.clone()
    };
    assert_eq!(
        c.calculate_international(&light)
            .await
            .unwrap_err()
            .field("weight")
            .len(),
        1
    );
    // Almaty is Kazakhstan's: no city of Russia.
    let elsewhere = IntlCalcRequest {
        receiver_city_id: 10_201,
        ..req.clone()
    };
    let refused = c.calculate_international(&elsewhere).await.unwrap_err();
    assert_eq!(refused.field("receiverCityId").len(), 1);
    // The contract's own request (a city id it cannot look up anywhere, 1) and any other id
    // of the country the twin does not name: priced as the country's.
    for city in [1, 99_999] {
        let unnamed = IntlCalcRequest {
            receiver_city_id: city,
            ..req.clone()
        };
        let priced = c.calculate_international(&unnamed).await.unwrap();
        assert_eq!(priced.summary_price, r.summary_price, "{city}");
        assert_eq!(priced.request_data.receiver_city_id, city);
    }
    let company = IntlCalcRequest {
        is_company: true,
        ..req
    };
    assert!(
        c.calculate_international(&company)
            .await
            .unwrap()
            .summary_price
            < r.summary_price
    );
}

#[tokio::test]
async fn directories_and_paging() {
    let t = twin().await;
    let c = current(&t).await;
    let statuses = c.list(&STATUSES, None, None).await.unwrap();
    assert_eq!(statuses.items.len(), 12);
    let s100 = statuses
        .items
        .iter()
        .find(|s| s.code == OrderStatus::AtSender)
        .unwrap();
    assert_eq!(
        s100.next_possible_statuses,
        vec![OrderStatus::CourierAccepted]
    );

    let first = c.list(&COUNTRIES, None, None).await.unwrap();
    assert_eq!(first.meta.per_page, 20);
    assert_eq!(first.items.len(), 20);
    assert!(first.links.next.is_some());
    let all = all_pages(|p| c.list(&COUNTRIES, Some(p), Some(20)))
        .await
        .unwrap();
    assert_eq!(all.len() as u64, first.meta.total_count);
    assert!(all.iter().any(|x| x.code.is_none()));

    let regions = all_pages(|p| c.list(&REGIONS, Some(p), Some(200)))
        .await
        .unwrap();
    assert_eq!(regions.len(), 14);
    assert!(regions.iter().any(|r| r.code.as_deref() == Some("01")));
    let cities = all_pages(|p| c.cities(Some("30"), Some(p), Some(200)))
        .await
        .unwrap();
    assert!(
        cities
            .iter()
            .all(|x| x.region_code.as_deref() == Some("30"))
    );
    let every_city = all_pages(|p| c.cities(None, Some(p), Some(50)))
        .await
        .unwrap();
    assert_eq!(every_city.len(), 205);
    let branches = all_pages(|p| c.branches(None, Some("3001"), Some(p), Some(200)))
        .await
        .unwrap();
    assert!(branches.len() >= 3);
    let packages = c.list(&PACKAGING_TYPES, None, Some(200)).await.unwrap();
    assert!(packages.items.iter().any(|p| p.id == 91));
    assert_eq!(
        c.list(&SHIPMENT_TYPES, None, Some(200))
            .await
            .unwrap()
            .items
            .len(),
        30
    );
}

#[tokio::test]
async fn international_list_filters_by_date_and_pages() {
    let t = twin().await;
    let c = current(&t).await;
    let all = c
        .international_orders(&IntlListQuery::default())
        .await
        .unwrap();
    assert_eq!(
        all.meta.total_count,
        parcel_desk::twin::SEEDED_INTL_ORDERS as u64
    );
    assert_eq!(all.items.len(), 20);
    let d = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
    let august = c
        .international_orders(&IntlListQuery {
            begin_date: Some(d("2026-08-01")),
            end_date: Some(d("2026-08-31")),
            page: Some(1),
            per_page: Some(50),
        })
        .await
        .unwrap();
    assert_eq!(august.items.len(), 16);
    assert!(
        august
            .items
            .iter()
            .all(|o| o.sender.sender_date <= d("2026-08-31"))
    );
    let other = CurrentClient::new(url(&t.current_url()), quick_config()).unwrap();
    other.login("shop2", "shop2pass").await.unwrap();
    assert_eq!(
        other
            .international_orders(&IntlListQuery::default())
            .await
            .unwrap()
            .meta
            .total_count,
        0
    );
}

#[tokio::test]
async fn refresh_after_expiry_and_after_a_401() {
    let t = twin_with(parcel_desk::twin::SandboxConfig {
        lifetimes: parcel_desk::twin::world::Lifetimes {
            legacy: std::time::Duration::from_secs(3600),
            access: std::time::Duration::from_secs(2),
            refresh: std::time::Duration::from_secs(3600),
        },
        ..twin_config()
    })
    .await;
    let c = current(&t).await;
    assert!(c.list(&STATUSES, None, None).await.is_ok());
    let logins = auth_calls(&t, "current", "login").await;
    assert!(logins >= 1);
    // The token says it expires in 2 s: the client refreshes ahead of that.
    tokio::time::sleep(std::time::Duration::from_millis(2_100)).await;
    assert!(c.list(&STATUSES, None, None).await.is_ok());
    assert_eq!(auth_calls(&t, "current", "refresh").await, 1);
    // The twin forgets every access token: the 401 triggers one refresh and one retry.
    expire_tokens(&t).await;
    assert!(c.list(&STATUSES, None, None).await.is_ok());
    assert_eq!(auth_calls(&t, "current", "refresh").await, 2);
    // Renewed by refresh each time, never by logging in again.
    assert_eq!(auth_calls(&t, "current", "login").await, logins);
}

/// Serves a test's receiver on a free loopback port.
async fn serve_locally(app: axum::Router) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

/// A local receiver that records what the twin POSTs.
async fn receiver() -> (
    String,
    tokio::sync::mpsc::UnboundedReceiver<(axum::http::HeaderMap, Vec<u8>)>,
) {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(
            move |headers: axum::http::HeaderMap, body: axum::body::Bytes| {
                let tx = tx.clone();
                async move {
                    let _ = tx.send((headers, body.to_vec()));
                    axum::Json(json!({"status": true, "message": "ok"}))
                }
            },
        ),
    );
    let addr = serve_locally(app).await;
    (format!("http://{addr}/hook"), rx)
}

#[tokio::test]
async fn webhooks_current_form_data_and_legacy_json() {
    let t = twin().await;
    let c = current(&t).await;
    let (hook, mut rx) = receiver().await;
    // A registration with the test environment, to this address, with this key.
    let registration = |url: &str, key: Option<String>| WebhookConfigRequest {
        webhook_url: url.into(),
        has_token: key.is_some(),
        environment: Some(Environment::Test),
        partner_api_key: key,
    };
    let bad = c.webhook_config(&registration("not a url", None)).await;
    assert_eq!(bad.unwrap_err().field("webhook_url").len(), 1);
    let long_key = c
        .webhook_config(&registration(&hook, Some("k".repeat(513))))
        .await;
    assert_eq!(long_key.unwrap_err().field("partner-apiKey").len(), 1);
    let cfg = c
        .webhook_config(&registration(&hook, Some("partner-secret".into())))
        .await
        .unwrap();
    assert_eq!(cfg.method, "POST");
    assert_eq!(cfg.environment, Environment::Test);

    let rec = samarkand_order(&c).await;
    // The service notifies a status's change; a new order has had none.
    let quiet = tokio::time::timeout(std::time::Duration::from_millis(300), rx.recv()).await;
    assert!(quiet.is_err(), "a notification at creation: {quiet:?}");
    advance(&t, rec.order_id).await;
    // One notification: the order moved on (200).
    for expected in [200] {
        let (headers, body) = tokio::time::timeout(std::time::Duration::from_secs(5), rx.recv())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(headers["version"], "v1");
        assert_eq!(headers["environment"], "test");
        assert_eq!(headers["partner-apikey"], "partner-secret");
        assert_eq!(headers["authorization"], "Bearer partner-secret");
        assert!(
            headers["content-type"]
                .to_str()
                .unwrap()
                .starts_with("multipart/form-data")
        );
        let text = String::from_utf8_lossy(&body);
        let start = text.find('{').unwrap();
        let end = text.rfind('}').unwrap();
        let n: parcel_desk::api::webhook::Notification =
            serde_json::from_str(&text[start..=end]).unwrap();
        assert_eq!(n.order_id, rec.order_id);
        assert_eq!(n.status.code, Some(expected));
    }

    // A legacy registration gets a plain JSON body.
    let l = legacy(&t).await;
    l.add_webhook(&WebhookConfigRequest {
        webhook_url: hook,
        has_token: false,
        environment: None,
        partner_api_key: None,
    })
    .await
    .unwrap();
    let o = l.add_order(&legacy_order()).await.unwrap();
    advance(&t, o.order_id).await;
    let (headers, body) = tokio::time::timeout(std::time::Duration::from_secs(5), rx.recv())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(headers["content-type"], "application/json");
    assert!(headers.get("authorization").is_none());
    let n: parcel_desk::api::webhook::Notification = serde_json::from_slice(&body).unwrap();
    assert_eq!(n.order_id, o.order_id);
    assert_eq!(n.environment, Environment::Production);
    assert!(n.status.code.is_none());
}

/// A registration wrong in two fields is refused with both, in both interfaces, as the service
/// lists every field's problem.
#[tokio::test]
async fn a_webhook_registration_lists_every_wrong_field() {
    let t = twin().await;
    let company = twin_http::login(&t, twin_http::DEMO).await;
    let body = json!({"webhook_url": "not a url", "environment": "staging"});
    let current = twin_http::send(
        &t,
        twin_http::Call::post(
            &format!("{}/v1/webhook/webhook-config", t.current_url()),
            body.clone(),
        )
        .token(&company.current),
    )
    .await;
    let legacy = twin_http::send(
        &t,
        twin_http::Call::post(&format!("{}?r=v1/webhook/add", t.legacy_url()), body)
            .token(&company.legacy),
    )
    .await;
    for (name, (status, answer)) in [("current", current), ("legacy", legacy)] {
        assert!(status >= 400, "{name}: {status} {answer}");
        for field in ["webhook_url", "environment"] {
            assert!(
                answer.pointer(&format!("/errors/{field}")).is_some(),
                "{name}: {field} not listed in {answer}"
            );
        }
    }
}

/// A receiver that reads only JSON bodies refuses a form with 415, gets the notification as JSON
/// at the next attempt, and keeps getting JSON; one that reads forms still gets forms.
#[tokio::test]
async fn a_json_only_receiver_gets_json_and_a_form_receiver_forms() {
    let t = twin().await;
    let c = current(&t).await;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let app = axum::Router::new().route(
        "/json-only",
        axum::routing::post(
            move |headers: axum::http::HeaderMap, body: axum::body::Bytes| {
                let tx = tx.clone();
                async move {
                    let json = headers
                        .get("content-type")
                        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
                    if !json {
                        return axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE;
                    }
                    let _ = tx.send(String::from_utf8_lossy(&body).into_owned());
                    axum::http::StatusCode::OK
                }
            },
        ),
    );
    let addr = serve_locally(app).await;
    c.webhook_config(&WebhookConfigRequest {
        webhook_url: format!("http://{addr}/json-only"),
        has_token: false,
        environment: Some(Environment::Production),
        partner_api_key: None,
    })
    .await
    .unwrap();
    for _ in 0..2 {
        let rec = samarkand_order(&c).await;
        advance(&t, rec.order_id).await;
        let body = tokio::time::timeout(std::time::Duration::from_secs(5), rx.recv())
            .await
            .expect("a JSON body arrives")
            .expect("the receiver runs");
        let n: parcel_desk::api::webhook::Notification =
            serde_json::from_str(&body).expect("a notification");
        assert_eq!(n.order_id, rec.order_id);
    }
    // The second went as JSON at once: one refused attempt in all, the first's.
    let log = get_json(format!(
        "{}/sandbox/webhooks/deliveries",
        common::control(&t)
    ))
    .await;
    let refused = log
        .as_array()
        .map(|a| a.iter().filter(|a| a["status"] == json!(415)).count())
        .unwrap_or_default();
    assert_eq!(refused, 1, "{log}");
}

#[tokio::test]
async fn webhook_delivery_retries_until_the_receiver_answers() {
    let t = twin().await;
    let c = current(&t).await;
    let hits = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
    let h = hits.clone();
    let app = axum::Router::new().route(
        "/flaky",
        axum::routing::post(move || {
            let h = h.clone();
            async move {
                if h.fetch_add(1, std::sync::atomic::Ordering::SeqCst) < 2 {
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR
                } else {
                    axum::http::StatusCode::OK
                }
            }
        }),
    );
    let addr = serve_locally(app).await;
    c.webhook_config(&WebhookConfigRequest {
        webhook_url: format!("http://{addr}/flaky"),
        has_token: false,
        environment: Some(Environment::Production),
        partner_api_key: None,
    })
    .await
    .unwrap();
    let rec = samarkand_order(&c).await;
    advance(&t, rec.order_id).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let log: Vec<serde_json::Value> = get_json(format!(
            "{}/sandbox/webhooks/deliveries",
            common::control(&t)
        ))
        .await
        .as_array()
        .cloned()
        .unwrap_or_default();
        let mine: Vec<_> = log
            .iter()
            .filter(|a| a["order_id"] == json!(rec.order_id))
            .collect();
        if mine.iter().any(|a| a["status"] == json!(200)) {
            assert_eq!(mine.len(), 3, "two failures, then success");
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "delivery never succeeded: {log:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_status_clock_moves_orders_along_by_itself() {
    let t = twin_with(parcel_desk::twin::SandboxConfig {
        clock: Some(std::time::Duration::from_millis(50)),
        ..twin_config()
    })
    .await;
    let c = current(&t).await;
    let rec = samarkand_order(&c).await;
    advance(&t, rec.order_id).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        if c.track(rec.order_id).await.unwrap().status.code == OrderStatus::Delivered {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the clock did not deliver the order"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // Nine steps from 100 to 1200 plus the creation, and nothing after the final status.
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    let history = legacy(&t).await.history(rec.order_id).await.unwrap();
    assert_eq!(history.len(), 10);
}

#[tokio::test]
async fn webhook_registration_takes_the_providers_prefixed_key_name() {
    let t = twin().await;
    let token = twin_http::login(&t, twin_http::DEMO).await.current;
    // Production names the key `<prefix>-apiKey`; the twin takes it as the contract's.
    let (status, v) = status_and_json(
        raw()
            .post(format!("{}/v1/webhook/webhook-config", t.current_url()))
            .bearer_auth(&token)
            .json(
                &json!({"webhook_url": "http://127.0.0.1:9/hook", "environment": "test",
                "acme-apiKey": "prefixed-secret"}),
            ),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(v["data"]["partner-apiKey"], json!("prefixed-secret"), "{v}");
}
