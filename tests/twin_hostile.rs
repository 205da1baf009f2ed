//! The twin probed as an attacker and as a careless integrator would: one company reaching
//! another's orders through a webhook address, labels and tracking read without the right link,
//! control routes on the service's port, numbers shared across companies, dates and quantities
//! that used to panic or wrap a price, unbounded texts and bodies, and connections that never
//! finish. Each case is replayed against a twin on 127.0.0.1:0 and the fixed behaviour asserted.

mod common;

use common::twin_http::{Call, DEMO, SHOP2, login, send, send_raw};
use common::*;
use serde_json::{Value, json};
use std::time::Duration;

fn legacy_body() -> Value {
    serde_json::to_value(legacy_order()).expect("an order is JSON")
}

fn legacy(t: &parcel_desk::twin::RunningSandbox, route: &str) -> String {
    format!("{}?r={route}", t.legacy_url())
}

fn current(t: &parcel_desk::twin::RunningSandbox, path: &str) -> String {
    format!("{}{path}", t.current_url())
}

fn wms(t: &parcel_desk::twin::RunningSandbox, path: &str) -> String {
    format!("{}{path}", t.wms_url())
}

/// The messages under `field` in a legacy `{errors}` or current `{errors}` body.
fn field_errors(body: &Value, field: &str) -> usize {
    body.get("errors")
        .and_then(|e| e.get(field))
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

#[tokio::test]
async fn a_webhook_address_cannot_point_at_the_twin_itself() {
    let t = twin().await;
    let demo = login(&t, DEMO).await;
    let shop2 = login(&t, SHOP2).await;
    // Shop 2 has an order at the sender.
    let (status, theirs) = send(
        &t,
        Call::post(&legacy(&t, "v1/order/add"), legacy_body()).token(&shop2.legacy),
    )
    .await;
    assert_eq!(status, 200, "{theirs}");
    let their_id = theirs["orderId"].as_i64().expect("an id");
    let detail_of_theirs = Call::get(&current(
        &t,
        &format!("/v1/order/detail?orderId={their_id}"),
    ));
    let (_, before) = send(&t, detail_of_theirs.token(&shop2.current)).await;
    let control = control(&t);
    let port = t.addr.port();
    for target in [
        format!("{control}/sandbox/orders/{their_id}/advance"),
        format!("{control}/sandbox/tokens/expire"),
        format!("http://localhost:{port}/api/v1/order/add"),
        format!("http://127.0.0.1:{port}/legacy/index.php?r=v1/order/add"),
        format!("http://[::1]:{port}/wms/v1/purveyor/create"),
    ] {
        let (status, body) = send(
            &t,
            Call::post(
                &current(&t, "/v1/webhook/webhook-config"),
                json!({"webhook_url": target, "environment": "test"}),
            )
            .token(&demo.current),
        )
        .await;
        assert_eq!(status, 422, "{target}: {body}");
        assert_eq!(field_errors(&body, "webhook_url"), 1, "{target}: {body}");
        let (status, body) = send(
            &t,
            Call::post(
                &legacy(&t, "v1/webhook/add"),
                json!({"webhook_url": target}),
            )
            .token(&demo.legacy),
        )
        .await;
        assert_eq!(status, 422, "{target}: {body}");
    }
    // The demo company creates an order; shop 2's order has not moved, and shop 2 is still in.
    let (status, _) = send(
        &t,
        Call::post(&legacy(&t, "v1/order/add"), legacy_body()).token(&demo.legacy),
    )
    .await;
    assert_eq!(status, 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, detail) = send(
        &t,
        Call::get(&current(
            &t,
            &format!("/v1/order/detail?orderId={their_id}"),
        ))
        .token(&shop2.current),
    )
    .await;
    assert_eq!(status, 200, "shop 2 is still logged in: {detail}");
    assert_eq!(
        detail["data"]["status"], before["data"]["status"],
        "{detail}"
    );
    assert!(!before["data"]["status"].is_null(), "{before}");

    // A delivery that finds its way back (a name the check cannot know) is refused at the door.
    let (status, _) = send_raw(Call {
        method: reqwest::Method::POST,
        url: legacy(&t, "v1/order/add"),
        token: Some(demo.legacy.clone()),
        body: Some(legacy_body().to_string().into_bytes()),
    })
    .await;
    assert_eq!(status, 200);
    let looped = reqwest::Client::new()
        .post(current(&t, "/v1/order/add"))
        .header("x-sandbox-delivery", t.instance())
        .bearer_auth(&demo.current)
        .json(&json!({}))
        .send()
        .await
        .expect("an answer");
    assert_eq!(looped.status().as_u16(), 403);
    // Nor does one get through the control listener's own door: expiring every token there.
    let at_control = reqwest::Client::new()
        .post(format!("{}/sandbox/tokens/expire", common::control(&t)))
        .header("x-sandbox-delivery", t.instance())
        .send()
        .await
        .expect("an answer");
    assert_eq!(at_control.status().as_u16(), 403);
}

#[tokio::test]
async fn control_routes_are_not_on_the_service_port() {
    let t = twin().await;
    for (method, path) in [
        (reqwest::Method::GET, "/sandbox/orders"),
        (reqwest::Method::GET, "/sandbox/webhooks/deliveries"),
        (reqwest::Method::POST, "/sandbox/tokens/expire"),
        (reqwest::Method::POST, "/sandbox/orders/4300001/advance"),
        (reqwest::Method::GET, "/sandbox/faults"),
    ] {
        let (status, _) = send_raw(Call {
            method: method.clone(),
            url: format!("{}{path}", t.base()),
            token: None,
            body: None,
        })
        .await;
        assert_eq!(status, 404, "{method} {path}");
    }
    // They are on the control listener.
    let (status, _) = send_raw(Call::get(&format!("{}/sandbox/orders", control(&t)))).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn labels_open_only_with_their_signed_link_and_tracking_needs_the_barcode() {
    let t = twin().await;
    let demo = login(&t, DEMO).await;
    let shop2 = login(&t, SHOP2).await;
    let (_, mine) = send(
        &t,
        Call::post(&legacy(&t, "v1/order/add"), legacy_body()).token(&demo.legacy),
    )
    .await;
    let (_, theirs) = send(
        &t,
        Call::post(&legacy(&t, "v1/order/add"), legacy_body()).token(&shop2.legacy),
    )
    .await;
    let (my_id, their_id) = (
        mine["orderId"].as_i64().unwrap(),
        theirs["orderId"].as_i64().unwrap(),
    );

    // The link from the answer opens; the bare id, a changed id or another company do not.
    let link = mine["labelEncode"]
        .as_str()
        .expect("a label link")
        .to_string();
    assert_eq!(send_raw(Call::get(&link)).await.0, 200, "{link}");
    for forged in [
        format!("{}/labels/{their_id}.pdf", t.base()),
        format!("{}/labels/{my_id}.pdf", t.base()),
        link.replace(
            &format!("/labels/{my_id}.pdf"),
            &format!("/labels/{their_id}.pdf"),
        ),
        link.replace("?c=1&", "?c=2&"),
    ] {
        assert_eq!(send_raw(Call::get(&forged)).await.0, 403, "{forged}");
    }

    // The temporary sticker link: changing its ids or its expiry breaks it.
    let (status, sticker) = send(
        &t,
        Call::get(&current(&t, &format!("/v1/order/sticker?orderId={my_id}"))).token(&demo.current),
    )
    .await;
    assert_eq!(status, 200, "{sticker}");
    let link = sticker["data"]["labelSticker"]
        .as_str()
        .or_else(|| sticker["data"]["label_sticker"].as_str())
        .expect("a sticker link")
        .to_string();
    assert_eq!(send_raw(Call::get(&link)).await.0, 200, "{link}");
    let later = parcel_desk::twin::world::epoch_now() + 86_400 * 365;
    let expires_at = link.find("expires=").expect("an expiry") + "expires=".len();
    let expires_end = link[expires_at..]
        .find('&')
        .map_or(link.len(), |i| expires_at + i);
    let extended = format!("{}{later}{}", &link[..expires_at], &link[expires_end..]);
    for forged in [
        link.replace(&format!("ids={my_id}"), &format!("ids={their_id}")),
        link.replace(&format!("ids={my_id}"), &format!("ids={my_id},{their_id}")),
        extended,
    ] {
        assert_eq!(send_raw(Call::get(&forged)).await.0, 403, "{forged}");
    }

    // Tracking: the id alone shows nothing; the id with its barcode shows the history.
    use base64::Engine;
    let term = |v: Value| base64::engine::general_purpose::STANDARD.encode(v.to_string());
    let page = |v: Value| format!("{}/track?term={}", t.base(), term(v));
    let their_barcode = theirs["barcode"].as_str().unwrap();
    assert_eq!(
        send_raw(Call::get(&page(json!({"waybill_id": their_id}))))
            .await
            .0,
        404
    );
    assert_eq!(
        send_raw(Call::get(&page(
            json!({"waybill_id": their_id, "barcode": mine["barcode"]})
        )))
        .await
        .0,
        404
    );
    assert_eq!(
        send_raw(Call::get(&page(
            json!({"waybill_id": their_id, "barcode": their_barcode})
        )))
        .await
        .0,
        200
    );
}

fn parcel(number: &str) -> Value {
    let mut parcel = intl_parcel_json(number);
    parcel["ReceiverDelivery"] = json!("0");
    parcel
}

fn manifest(number: &str, parcel: &str) -> Value {
    json!({"ManifestNumber": number, "Parcels": [{"ParcelNumber": parcel}],
        "ManifestDetails": {"ParcelsCount": "1", "Date": "2026-11-23"}})
}

#[tokio::test]
async fn parcel_and_manifest_numbers_belong_to_each_company() {
    let t = twin().await;
    let demo = login(&t, DEMO).await;
    let shop2 = login(&t, SHOP2).await;
    for who in [&demo, &shop2] {
        let (status, body) = send(
            &t,
            Call::post(&legacy(&t, "v1/international/add"), parcel("CN000000777UZ"))
                .token(&who.legacy),
        )
        .await;
        assert_eq!(status, 200, "the same number for each company: {body}");
        let (status, body) = send(
            &t,
            Call::post(
                &legacy(&t, "v1/international/manifest"),
                manifest("M-777", "CN000000777UZ"),
            )
            .token(&who.legacy),
        )
        .await;
        assert_eq!(
            status, 200,
            "the same manifest number for each company: {body}"
        );
    }
    // Shop 2's parcel moves; the demo company's does not learn of it and is its own.
    let (status, _) = send(
        &t,
        Call::post(&legacy(&t, "v1/international/add"), parcel("CN000000888UZ"))
            .token(&shop2.legacy),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = send(
        &t,
        Call::get(&legacy(
            &t,
            "v1/international/track-by-barcode&barcode=CN000000888UZ",
        ))
        .token(&demo.legacy),
    )
    .await;
    assert_eq!(status, 404);
    // Within one company a number is still taken once.
    let (status, body) = send(
        &t,
        Call::post(&legacy(&t, "v1/international/add"), parcel("CN000000777UZ"))
            .token(&demo.legacy),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(field_errors(&body, "ParcelNumber"), 1, "{body}");
}

#[tokio::test]
async fn dates_outside_a_sane_window_are_refused_without_burning_an_id() {
    let t = twin().await;
    let demo = login(&t, DEMO).await;
    let add = |body: Value| Call::post(&legacy(&t, "v1/order/add"), body).token(&demo.legacy);
    let (_, first) = send(&t, add(legacy_body())).await;
    let first_id = first["orderId"].as_i64().unwrap();
    for (field, value) in [
        ("senderDate", "+262142-12-31"),
        ("senderDate", "1999-12-31"),
        ("receiverDate", "2101-01-01"),
        ("receiverDate", "-0001-01-01"),
    ] {
        let mut body = legacy_body();
        body[field] = json!(value);
        let (status, answer) = send(&t, add(body)).await;
        assert_eq!(status, 422, "{field} {value}: {answer}");
        assert_eq!(field_errors(&answer, field), 1, "{field} {value}: {answer}");
    }
    // A receipt before the dispatch.
    let mut body = legacy_body();
    body["senderDate"] = json!("2026-11-20");
    body["receiverDate"] = json!("2026-11-19");
    let (status, answer) = send(&t, add(body)).await;
    assert_eq!(status, 422);
    assert_eq!(field_errors(&answer, "receiverDate"), 1, "{answer}");
    // Edit refuses the same way.
    let mut edit = legacy_body();
    edit["orderId"] = json!(first_id);
    edit["senderDate"] = json!("+262142-12-31");
    let (status, answer) = send(
        &t,
        Call::post(&legacy(&t, "v1/order/edit"), edit).token(&demo.legacy),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    // No id was burned by the refusals.
    let (_, next) = send(&t, add(legacy_body())).await;
    assert_eq!(next["orderId"].as_i64(), Some(first_id + 1));
}

#[tokio::test]
async fn quantities_beyond_the_limits_are_refused_not_wrapped() {
    let t = twin().await;
    let demo = login(&t, DEMO).await;
    let cases: [(&str, Value); 7] = [
        ("piece", json!(i64::MAX)),
        ("piece", json!(1001)),
        ("volume", json!(1e20)),
        ("volume", json!("NaN")),
        ("volume", json!("inf")),
        ("volume", json!(-5)),
        ("weight", json!(100_000.5)),
    ];
    for (field, value) in cases {
        let mut body = legacy_body();
        body[field] = value.clone();
        let (status, answer) = send(
            &t,
            Call::post(&legacy(&t, "v1/order/add"), body).token(&demo.legacy),
        )
        .await;
        assert_eq!(status, 422, "{field} {value}: {answer}");
        assert_eq!(field_errors(&answer, field), 1, "{field} {value}: {answer}");
    }
    // The current interface's calculators.
    let (status, answer) = send(
        &t,
        Call::post(
            &current(&t, "/v1/order-calculate/international"),
            json!({"weight": 1, "senderCityId": 101, "receiverCountryId": 1, "receiverCityId": 10101,
                   "postTypeId": 11, "pickupType": "self", "volume": 1e300}),
        )
        .token(&demo.current),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(field_errors(&answer, "volume"), 1, "{answer}");
    let (status, answer) = send(
        &t,
        Call::post(
            &current(&t, "/v1/order-calculate/index"),
            json!({"senderCityCode": "0101", "receiverCityCode": "3001", "pickup_type": "self",
                   "dropoff_type": "branch", "weight": 1, "volume": {"x": 1e200, "y": 1e200, "z": 1}}),
        )
        .token(&demo.current),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    // Nothing was stored by any of it.
    assert_eq!(t.order_count(), 0);
}

#[tokio::test]
async fn warehouse_numbers_must_be_numbers_in_range() {
    let t = twin().await;
    let demo = login(&t, DEMO).await;
    let supplier = |pct: Value, code: &str| {
        json!({"group": "G", "code": code, "name": "N", "full_name": "N MChJ",
               "stock_percentage": pct, "legal_entity": true, "is_supplier": true,
               "is_buyer": false, "depositor": false})
    };
    for (i, pct) in [
        json!("NaN"),
        json!("inf"),
        json!(-1),
        json!(101),
        json!(true),
    ]
    .into_iter()
    .enumerate()
    {
        let (status, body) = send(
            &t,
            Call::post(
                &wms(&t, "/v1/purveyor/create"),
                supplier(pct.clone(), &format!("S-{i}")),
            )
            .token(&demo.wms),
        )
        .await;
        assert_eq!(status, 500, "stock_percentage {pct}: {body}");
    }
    let (status, created) = send(
        &t,
        Call::post(
            &wms(&t, "/v1/purveyor/create"),
            supplier(json!("12.5"), "S-ok"),
        )
        .token(&demo.wms),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let product = |weight: Value, code: &str| {
        json!({"supplier_buyer_id": created["data"]["id"], "group": "Kiyim", "code": code,
               "name": "Futbolka", "full_name": "Paxta futbolka", "gtin": code,
               "article": "FT-01", "nomenclature_type": "goods", "unit": "dona",
               "shelf_life_stock": "0", "kis_code": "KIS-1", "is_set": false, "weight": weight,
               "net_weight": "0.18", "volume": "0.001", "net_volume": "0.001",
               "specification": "paxta", "temperature_mode": "normal", "base_packaging": "paket"})
    };
    for (i, weight) in [
        json!("abc"),
        json!("NaN"),
        json!(-1),
        json!(true),
        json!("1e400"),
    ]
    .into_iter()
    .enumerate()
    {
        let (status, body) = send(
            &t,
            Call::post(
                &wms(&t, "/v1/product/create"),
                product(weight.clone(), &format!("P-{i}")),
            )
            .token(&demo.wms),
        )
        .await;
        assert_eq!(status, 500, "weight {weight}: {body}");
        assert!(body["errors"].to_string().contains("weight"), "{body}");
    }
    let (status, body) = send(
        &t,
        Call::post(
            &wms(&t, "/v1/product/create"),
            product(json!("0.2"), "P-ok"),
        )
        .token(&demo.wms),
    )
    .await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn texts_have_limits_and_huge_bodies_are_413() {
    let t = twin().await;
    let demo = login(&t, DEMO).await;
    let mut body = legacy_body();
    body["receiverAddress"] = json!("A".repeat(1_000_000));
    let (status, answer) = send(
        &t,
        Call::post(&legacy(&t, "v1/order/add"), body).token(&demo.legacy),
    )
    .await;
    assert_eq!(status, 422, "{}", answer.to_string().len());
    assert_eq!(field_errors(&answer, "receiverAddress"), 1);
    let mut body = legacy_body();
    body["additionalInfo"] = json!("x".repeat(1001));
    let (status, answer) = send(
        &t,
        Call::post(&legacy(&t, "v1/order/add"), body).token(&demo.legacy),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(field_errors(&answer, "additionalInfo"), 1, "{answer}");
    // Bodies over the limit, on each interface, with the interface's own error shape.
    let huge = json!({"receiverAddress": "B".repeat(2 * 1024 * 1024)});
    let (status, answer) = send(
        &t,
        Call::post(&legacy(&t, "v1/order/add"), huge.clone()).token(&demo.legacy),
    )
    .await;
    assert_eq!(status, 413, "{answer}");
    assert!(answer.get("message").is_some(), "{answer}");
    let (status, answer) = send(
        &t,
        Call::post(&current(&t, "/v1/order/add"), huge.clone()).token(&demo.current),
    )
    .await;
    assert_eq!(status, 413, "{answer}");
    let (status, answer) = send(
        &t,
        Call::post(&wms(&t, "/v1/purveyor/create"), huge).token(&demo.wms),
    )
    .await;
    assert_eq!(status, 413, "{answer}");
    assert!(answer.get("errors").is_some(), "{answer}");
    assert_eq!(t.order_count(), 0);
}

#[tokio::test]
async fn webhook_tokens_are_random_not_derived_from_the_company() {
    let t = twin().await;
    let demo = login(&t, DEMO).await;
    let (status, body) = send(
        &t,
        Call::post(
            &current(&t, "/v1/webhook/webhook-config"),
            json!({"webhook_url": "https://receiver.example/hook", "environment": "test", "has_token": true}),
        )
        .token(&demo.current),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let key = body["data"]["partner-apiKey"].as_str().expect("a key told");
    assert_eq!(key.len(), 40, "{key}");
    assert!(key.chars().all(|c| c.is_ascii_hexdigit()));
    assert_ne!(key, "wh-1");
}

#[tokio::test]
async fn silent_and_idle_connections_are_closed_and_capped() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let t = twin_with(parcel_desk::twin::SandboxConfig {
        limits: parcel_desk::twin::ConnectionLimits {
            header_timeout: Duration::from_millis(500),
            max_connections: 16,
            ..Default::default()
        },
        ..twin_config()
    })
    .await;
    // Fifty connections with half-sent headers: more than the cap.
    let mut silent = Vec::new();
    for _ in 0..50 {
        let mut s = tokio::net::TcpStream::connect(t.addr)
            .await
            .expect("connect");
        s.write_all(b"GET /legacy/index.php?r=directory/regions HTTP/1.1\r\nHost: x\r\n")
            .await
            .expect("write");
        silent.push(s);
    }
    // A real request is still answered: the silent ones are cut at their deadline.
    let started = std::time::Instant::now();
    let (status, _) = send_raw(Call::get(&format!(
        "{}?r=directory/regions",
        t.legacy_url()
    )))
    .await;
    assert!(status < 500, "{status}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    // Each silent connection was closed by the twin.
    for mut s in silent {
        let mut buf = [0u8; 1024];
        let read = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                match s.read(&mut buf).await {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
            }
        })
        .await;
        assert!(read.is_ok(), "a silent connection stayed open");
    }
    // An idle keep-alive connection is closed too.
    let mut s = tokio::net::TcpStream::connect(t.addr)
        .await
        .expect("connect");
    s.write_all(b"GET /legacy/index.php?r=directory/regions HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("write");
    let mut buf = vec![0u8; 64 * 1024];
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "an idle keep-alive connection stayed open");
}

#[cfg(unix)]
#[tokio::test]
async fn the_data_file_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("twin-private-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("twin.sqlite");
    let t = twin_with(parcel_desk::twin::SandboxConfig {
        data: Some(path.clone()),
        ..twin_config()
    })
    .await;
    let mode = std::fs::metadata(&path)
        .expect("the file")
        .permissions()
        .mode();
    assert_eq!(mode & 0o077, 0, "{mode:o}");
    t.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}
