//! What the desk's client adds to a call beyond the HTTP round trip: an order created through
//! the legacy client (serialising, the retry rule, reading and classifying the answer, decoding
//! the record) against the same request sent by a bare HTTP client that only reads the bytes,
//! both to the twin on loopback, alternating so both see the same machine.
//! Run: `cargo bench --bench api_overhead`.

use parcel_desk::api::legacy::{OrderInput, TokenRequest};
use parcel_desk::api::{ClientConfig, LegacyClient};
use parcel_desk::twin::{self, SandboxConfig};
use std::time::{Duration, Instant};

const ROUNDS: usize = 400;

fn order(i: usize) -> Option<OrderInput> {
    serde_json::from_value(serde_json::json!({
        "senderCityId": 197, "senderAddress": "Chilonzor 9, 12-uy", "senderReal": "Aliyev Ali",
        "senderPhone": "+998 90 1234567", "weight": 2.5, "packageId": 7, "postTypeId": 4,
        "receiver": format!("Valiyeva Gulnora {i}"), "receiverAddress": "Registon koʻchasi 2",
        "receiverCityId": 101, "receiverPhone": "+998 91 7654321", "receiverDelivery": 0
    }))
    .ok()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn main() {
    let Ok(rt) = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    else {
        println!("no runtime");
        return;
    };
    rt.block_on(async {
        let Ok(twin) = twin::start(SandboxConfig::default()).await else {
            println!("the twin did not start");
            return;
        };
        let Ok(base) = url::Url::parse(&twin.legacy_url()) else {
            return;
        };
        let Ok(client) = LegacyClient::new(base.clone(), ClientConfig::default()) else {
            return;
        };
        let creds = TokenRequest {
            username: "demo".into(),
            password: "demo12345".into(),
            inn: "123456789".into(),
        };
        let Ok(token) = client.get_token(creds).await else {
            println!("no login");
            return;
        };
        let bare = reqwest::Client::new();
        let mut add = base.clone();
        add.set_query(Some("r=v1/order/add"));
        let (mut desk, mut plain) = (Vec::new(), Vec::new());
        for i in 0..ROUNDS {
            let Some(o) = order(i) else { return };
            let t = Instant::now();
            let made = client.add_order(&o).await;
            let spent = t.elapsed();
            if made.is_err() {
                println!("the client's create failed: {made:?}");
                return;
            }
            desk.push(spent);
            let Some(o) = order(i + ROUNDS) else { return };
            let t = Instant::now();
            let answer = bare
                .post(add.clone())
                .bearer_auth(&token)
                .header("language", "uz")
                .json(&o)
                .send()
                .await;
            let body = match answer {
                Ok(r) => r.bytes().await.map(|b| b.len()).unwrap_or(0),
                Err(_) => 0,
            };
            let spent = t.elapsed();
            if body == 0 {
                println!("the bare create failed");
                return;
            }
            plain.push(spent);
        }
        // The first calls open connections: left out of both.
        let (desk, plain) = (median(desk[20..].to_vec()), median(plain[20..].to_vec()));
        println!(
            "order create, median of {}: desk client {:.3} ms, bare HTTP {:.3} ms, overhead {:.3} ms",
            ROUNDS - 20,
            desk.as_secs_f64() * 1e3,
            plain.as_secs_f64() * 1e3,
            (desk.as_secs_f64() - plain.as_secs_f64()) * 1e3
        );
        twin.stop().await;
    });
}
