//! Random and mutated JSON at every write route of the twin's three interfaces. Whatever arrives,
//! the twin answers (a panic in a handler would close the connection without one), the answer is
//! in that interface's error shape when it is a failure, and the twin still answers afterwards.
//! Seeded and bounded: the same requests on every run, a few seconds in all.

mod common;

use common::twin_http::{Call, DEMO, login, send_raw};
use common::*;
use serde_json::{Value, json};
use std::time::Duration;

/// How many requests the run sends.
const REQUESTS: usize = 4_000;

/// splitmix64: repeatable without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn nasty(rng: &mut Rng) -> Value {
    let deep = (0..64).fold(json!(1), |v, _| json!([v]));
    let values = [
        Value::Null,
        json!(true),
        json!(false),
        json!(0),
        json!(-1),
        json!(i64::MAX),
        json!(i64::MIN),
        json!(u64::MAX),
        json!(1e308),
        json!(-1e308),
        json!(0.5),
        json!(""),
        json!(" "),
        json!("NaN"),
        json!("inf"),
        json!("-inf"),
        json!("1e400"),
        json!("+262142-12-31"),
        json!("0000-00-00"),
        json!("2026-02-30"),
        json!("2026-11-23"),
        json!("+998 90 1234567"),
        json!("abc"),
        json!("x".repeat(300)),
        json!("ʻЁ😀\u{0}\u{202e}"),
        json!([]),
        json!({}),
        json!([1, "2", null]),
        json!({"id": -5, "status": "ok"}),
        deep,
    ];
    values[rng.below(values.len())].clone()
}

/// Every path into a value (object keys and array indices), the root included.
fn paths(v: &Value, at: Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(at.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let mut p = at.clone();
                p.push(k.clone());
                paths(x, p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let mut p = at.clone();
                p.push(i.to_string());
                paths(x, p, out);
            }
        }
        _ => {}
    }
}

fn at_mut<'a>(v: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, key| match v {
        Value::Object(m) => m.get_mut(key),
        Value::Array(a) => key.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
        _ => None,
    })
}

fn mutate(rng: &mut Rng, mut body: Value) -> Value {
    for _ in 0..=rng.below(4) {
        let mut all = Vec::new();
        paths(&body, Vec::new(), &mut all);
        let path = all[rng.below(all.len())].clone();
        match rng.below(5) {
            // Replace a value (or the whole body) with something hostile.
            0 | 1 => {
                if let Some(v) = at_mut(&mut body, &path) {
                    *v = nasty(rng);
                }
            }
            // Drop a field.
            2 => {
                if let Some((last, parent)) = path.split_last()
                    && let Some(Value::Object(m)) = at_mut(&mut body, parent)
                {
                    m.remove(last);
                }
            }
            // Add an unknown field.
            3 => {
                if let Some(Value::Object(m)) = at_mut(&mut body, &path) {
                    m.insert(format!("extra{}", rng.below(100)), nasty(rng));
                }
            }
            // Wrap a value in a list.
            _ => {
                if let Some(v) = at_mut(&mut body, &path) {
                    *v = json!([v.take()]);
                }
            }
        }
    }
    body
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Iface {
    Legacy,
    Current,
    Warehouse,
}

struct Route {
    iface: Iface,
    url: String,
    seed: Value,
}

/// The failure shapes each interface answers with (the contract's and the field notes').
fn in_contract_shape(iface: Iface, status: u16, body: &Value) -> bool {
    let has = |k: &str| body.get(k).is_some();
    let framework = has("name") && has("message") && has("status");
    match iface {
        Iface::Legacy => {
            (status == 422 && body.get("errors").is_some_and(Value::is_object))
                || framework
                || (has("message") && has("code"))
        }
        Iface::Current => {
            (body.get("status") == Some(&json!(false)) && has("message") && has("status_code"))
                || framework
        }
        Iface::Warehouse => (has("message") && has("errors")) || framework,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_json_at_every_write_route_gets_an_answer_in_the_contracts_shape() {
    let t = twin_with(parcel_desk::twin::SandboxConfig {
        wms_rate_limit: (u32::MAX, Duration::from_secs(600)),
        ..twin_config()
    })
    .await;
    let demo = login(&t, DEMO).await;
    // One order of each interface to edit.
    let (_, legacy_order_answer) = send_raw(
        Call::post(
            &format!("{}?r=v1/order/add", t.legacy_url()),
            serde_json::to_value(legacy_order()).unwrap(),
        )
        .token(&demo.legacy),
    )
    .await;
    let order_id = serde_json::from_slice::<Value>(&legacy_order_answer).unwrap()["orderId"]
        .as_i64()
        .expect("an order");
    let mut legacy_edit = serde_json::to_value(legacy_order()).unwrap();
    legacy_edit["orderId"] = json!(order_id);
    let l = |r: &str| format!("{}?r={r}", t.legacy_url());
    let c = |p: &str| format!("{}{p}", t.current_url());
    let w = |p: &str| format!("{}{p}", t.wms_url());
    let parcel = json!({
        "ParcelNumber": "CN000000001UZ", "ReceiverPhone": "+998 90 1234567", "ReceiverSurname": "K",
        "ReceiverFirstName": "A", "ReceiverPassposrtSerial": "AA", "ReceiverPassposrtNumber": "1234567",
        "ReceiverPinfl": "31234567890123", "ParcelWeight": "1.5", "ParcelValue": "80",
        "ParcelDeclareCurrency": "USD", "ReceiverCityId": 101, "ReceiverDelivery": "0",
        "products": [{"ProductDescription": "S", "ProductDescriptionRu": "К", "ProductQuantity": "1",
            "ProductWeight": "1.2", "ProductDeclareValue": "80", "ProductUrl": "https://shop.example/p",
            "ProductUnit": "pcs", "HsCodeIs": "640411"}]
    });
    let routes = vec![
        Route {
            iface: Iface::Legacy,
            url: l("v1/auth/get-token"),
            seed: json!({"username": "demo", "password": "demo12345", "inn": "123456789"}),
        },
        Route {
            iface: Iface::Legacy,
            url: l("v1/order/add"),
            seed: serde_json::to_value(legacy_order()).unwrap(),
        },
        Route {
            iface: Iface::Legacy,
            url: l("v1/order/edit"),
            seed: legacy_edit,
        },
        Route {
            iface: Iface::Legacy,
            url: l("v1/order/reg-good"),
            seed: json!({"spic": "10202001001000000", "name": "Choy", "units": "dona", "goodPrice": 15000}),
        },
        Route {
            iface: Iface::Legacy,
            url: l("v1/order/calculate"),
            seed: json!({"senderCityId": 197, "receiverCityId": 101, "weight": 2.5, "volume": 1000}),
        },
        Route {
            iface: Iface::Legacy,
            url: l("v1/webhook/add"),
            seed: json!({"webhook_url": "http://127.0.0.1:9/hook", "has_token": true}),
        },
        Route {
            iface: Iface::Legacy,
            url: l("v1/international/add"),
            seed: parcel,
        },
        Route {
            iface: Iface::Legacy,
            url: l("v1/international/manifest"),
            seed: json!({"ManifestNumber": "M-1", "Parcels": [{"ParcelNumber": "CN000000001UZ"}], "ManifestDetails": {"ParcelsCount": "1", "Date": "2026-11-23"}}),
        },
        Route {
            iface: Iface::Current,
            url: c("/auth/login"),
            seed: json!({"login": "demo", "password": "demo12345"}),
        },
        Route {
            iface: Iface::Current,
            url: c("/auth/refresh"),
            seed: json!({"refresh_token": "x"}),
        },
        Route {
            iface: Iface::Current,
            url: c("/v1/order/add"),
            seed: serde_json::to_value(current_order(samarkand_branch())).unwrap(),
        },
        Route {
            iface: Iface::Current,
            url: c(&format!("/v1/order/edit?orderId={order_id}")),
            seed: serde_json::to_value(current_order(samarkand_branch())).unwrap(),
        },
        Route {
            iface: Iface::Current,
            url: c("/v1/order/sticker"),
            seed: json!({"orderIds": [order_id]}),
        },
        Route {
            iface: Iface::Current,
            url: c("/v1/order-calculate/index"),
            seed: json!({"senderCityCode": "0101", "receiverCityCode": "3001", "pickup_type": "self", "dropoff_type": "branch", "weight": 1, "volume": {"x": 10, "y": 20, "z": 30}}),
        },
        Route {
            iface: Iface::Current,
            url: c("/v1/order-calculate/international"),
            seed: json!({"weight": 1, "senderCityId": 101, "receiverCountryId": 1, "receiverCityId": 10101, "postTypeId": 11, "pickupType": "self", "volume": 100, "piece": 2, "senderDate": "2026-11-23"}),
        },
        Route {
            iface: Iface::Current,
            url: c("/v1/webhook/webhook-config"),
            seed: json!({"webhook_url": "http://127.0.0.1:9/hook", "environment": "test", "has_token": true}),
        },
        Route {
            iface: Iface::Warehouse,
            url: w("/v1/auth/login"),
            seed: json!({"login": "123456789", "password": "demo12345"}),
        },
        Route {
            iface: Iface::Warehouse,
            url: w("/v1/auth/refresh"),
            seed: json!({"refresh_token": "x"}),
        },
        Route {
            iface: Iface::Warehouse,
            url: w("/v1/purveyor/create"),
            seed: json!({"group": "G", "code": "S-1", "name": "N", "full_name": "N MChJ", "stock_percentage": "12.5", "contract_date": "2026-01-31", "legal_entity": true, "is_supplier": true, "is_buyer": false, "depositor": false}),
        },
        Route {
            iface: Iface::Warehouse,
            url: w("/v1/purveyor/client-status"),
            seed: json!({"status": [{"id": 501, "status": "ok"}]}),
        },
        Route {
            iface: Iface::Warehouse,
            url: w("/v1/product/create"),
            seed: json!({"supplier_buyer_id": 501, "group": "K", "code": "P-1", "name": "F", "full_name": "F", "gtin": "047", "article": "A", "nomenclature_type": "goods", "unit": "dona", "shelf_life_stock": "0", "kis_code": "K", "is_set": false, "weight": "0.2", "net_weight": "0.1", "volume": "0.001", "net_volume": "0.001", "specification": "s", "temperature_mode": "n", "base_packaging": "p"}),
        },
    ];
    let mut rng = Rng(0x7A1E_5EED);
    let mut answered_ok = 0;
    let mut seen = std::collections::BTreeMap::new();
    for i in 0..REQUESTS {
        let route = &routes[rng.below(routes.len())];
        let token = match route.iface {
            Iface::Legacy => &demo.legacy,
            Iface::Current => &demo.current,
            Iface::Warehouse => &demo.wms,
        };
        // Mostly mutated seeds; sometimes bytes that are not JSON at all.
        let body: Vec<u8> = match rng.below(10) {
            0 => {
                let text = route.seed.to_string();
                let cut = rng.below(text.len());
                text.as_bytes()[..cut].to_vec()
            }
            1 => (0..rng.below(64))
                .map(|_| (rng.next() & 0xFF) as u8)
                .collect(),
            _ => mutate(&mut rng, route.seed.clone())
                .to_string()
                .into_bytes(),
        };
        let shown = String::from_utf8_lossy(&body[..body.len().min(400)]).to_string();
        let (status, answer) = send_raw(Call {
            method: reqwest::Method::POST,
            url: route.url.clone(),
            token: Some(token.clone()),
            body: Some(body),
        })
        .await;
        let answer: Value = serde_json::from_slice(&answer)
            .unwrap_or_else(|_| panic!("#{i} {}: not JSON ({status}) for {shown}", route.url));
        *seen.entry(status).or_insert(0usize) += 1;
        if (200..300).contains(&status) {
            answered_ok += 1;
            continue;
        }
        let server_error_allowed = route.iface == Iface::Warehouse && status == 500;
        assert!(
            status < 500 || server_error_allowed,
            "#{i} {}: {status} {answer} for {shown}",
            route.url
        );
        assert!(
            in_contract_shape(route.iface, status, &answer),
            "#{i} {}: {status} {answer} is not the interface's error shape, for {shown}",
            route.url
        );
    }
    eprintln!("answers by status: {seen:?}");
    assert!(answered_ok > 0, "some mutations are still valid requests");
    assert!(
        seen.len() >= 4,
        "the mutations reach past the first check: {seen:?}"
    );
    // Still serving.
    let (status, _) =
        send_raw(Call::get(&format!("{}?r=directory/regions", t.legacy_url())).token(&demo.legacy))
            .await;
    assert_eq!(status, 200);
}
