//! Shared test setup: a twin on 127.0.0.1:0 and clients pointed at it with quick retries.
#![allow(dead_code)]

pub(crate) mod cut_line;
pub(crate) mod hostile;
pub(crate) mod keyboard_walk;
pub(crate) mod label_cli;
pub(crate) mod label_sender;
pub(crate) mod printer;
pub(crate) mod twin_http;
pub(crate) mod typist;
pub(crate) mod ui;
pub(crate) mod zpl_reader;

use parcel_desk::api::{ClientConfig, CurrentClient, LegacyClient, RetryPolicy, WarehouseClient};
use parcel_desk::twin::{self, RunningSandbox, SandboxConfig};
use std::time::Duration;

pub(crate) fn quick_config() -> ClientConfig {
    ClientConfig {
        timeout: Duration::from_secs(5),
        connect_timeout: Duration::from_secs(2),
        retry: RetryPolicy {
            attempts: 4,
            base_delay: Duration::from_millis(10),
            max_delay: Duration::from_millis(200),
        },
        ..ClientConfig::default()
    }
}

/// The twin the tests run against. With `PARCEL_DESK_TWIN_SHAPES=real` in the environment it
/// answers in the production service's shapes (`--real-shapes`), so the same tests prove the desk
/// against both; `.ci/run` runs the desk's suites once more that way.
pub(crate) fn twin_config() -> SandboxConfig {
    SandboxConfig {
        webhook_backoff: Duration::from_millis(50),
        control: Some(std::net::SocketAddr::from(([127, 0, 0, 1], 0))),
        real_shapes: real_shapes(),
        ..SandboxConfig::default()
    }
}

/// Whether the tests run against a twin in the production service's shapes.
pub(crate) fn real_shapes() -> bool {
    std::env::var("PARCEL_DESK_TWIN_SHAPES").is_ok_and(|v| v == "real")
}

/// A runtime of its own for a test that drives a desk from a plain thread.
pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
}

pub(crate) async fn twin() -> RunningSandbox {
    twin_with(twin_config()).await
}

pub(crate) async fn twin_with(config: SandboxConfig) -> RunningSandbox {
    twin::start(config).await.expect("the twin starts")
}

/// The twin's control listener (`{control}/sandbox/...`).
pub(crate) fn control(t: &RunningSandbox) -> String {
    t.control_url()
        .expect("the test twin serves its control routes")
}

pub(crate) fn url(s: &str) -> url::Url {
    url::Url::parse(s).expect("valid URL")
}

pub(crate) async fn legacy(t: &RunningSandbox) -> LegacyClient {
    legacy_with(t, quick_config()).await
}

/// The demo customer's login on the legacy interface.
pub(crate) fn demo_login() -> parcel_desk::api::legacy::TokenRequest {
    let (username, password, inn) = twin_http::DEMO;
    parcel_desk::api::legacy::TokenRequest {
        username: username.into(),
        password: password.into(),
        inn: inn.into(),
    }
}

/// A legacy client with this configuration, logged in as the demo customer.
pub(crate) async fn legacy_with(t: &RunningSandbox, config: ClientConfig) -> LegacyClient {
    let c = LegacyClient::new(url(&t.legacy_url()), config).expect("client");
    c.get_token(demo_login()).await.expect("demo login");
    c
}

pub(crate) async fn current(t: &RunningSandbox) -> CurrentClient {
    current_at(&t.current_url()).await
}

/// A current-interface client logged in as the demo customer at this address (the embedded
/// twin's `{base}/api` in the UI tests).
pub(crate) async fn current_at(address: &str) -> CurrentClient {
    let c = CurrentClient::new(url(address), quick_config()).expect("client");
    c.login("demo", "demo12345").await.expect("demo login");
    c
}

pub(crate) async fn warehouse(t: &RunningSandbox) -> WarehouseClient {
    let c = WarehouseClient::new(url(&t.wms_url()), quick_config()).expect("client");
    c.login("123456789", "demo12345").await.expect("demo login");
    c
}

/// A valid legacy order from Tashkent to Samarkand, office to office.
pub(crate) fn legacy_order() -> parcel_desk::api::legacy::OrderInput {
    serde_json::from_value(serde_json::json!({
        "senderCityId": 197, "senderAddress": "Chilonzor 9, 12-uy", "senderReal": "Aliyev Ali",
        "senderPhone": "+998 90 1234567", "weight": 2.5, "packageId": 7, "postTypeId": 4,
        "receiver": "Valiyeva Gulnora", "receiverAddress": "Registon koʻchasi 2",
        "receiverCityId": 101, "receiverPhone": "+998 91 7654321", "receiverDelivery": 0
    }))
    .expect("valid order")
}

/// The first branch of Samarkand city (legacy id 101, code 3001) in the twin's seed.
pub(crate) fn samarkand_branch() -> &'static str {
    static CODE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    CODE.get_or_init(|| {
        let seed = parcel_desk::twin::seed::Seed::build();
        let first = seed
            .branches_of_city(101)
            .next()
            .expect("Samarkand has branches");
        first.code.clone()
    })
}

/// A valid current-interface order, self drop-off to branch.
pub(crate) fn current_order(receiver_branch_code: &str) -> parcel_desk::api::current::OrderInput {
    serde_json::from_value(serde_json::json!({
        "pickup_type": "self", "dropoff_type": "branch",
        "sender": {"name": "Aliyev Ali", "phone": "+998 90 1234567", "address": "Chilonzor 9", "city_code": "0101"},
        "receiver": {"name": "Karimova Dilnoza", "phone": "+998 93 1112233", "address": "Registon 2", "city_code": "3001", "branch_code": receiver_branch_code},
        "cargo": {"weight": 1.2, "piece": 1, "packageId": 7, "postTypeId": 11}
    }))
    .expect("valid order")
}

/// Raw HTTP for checking bodies and codes the clients fold away.
pub(crate) fn raw() -> reqwest::Client {
    reqwest::Client::new()
}

/// GET a URL and read its JSON body.
pub(crate) async fn get_json(url: String) -> serde_json::Value {
    json_of(raw().get(url)).await
}

/// POST a JSON body and read the JSON answer.
pub(crate) async fn post_json(url: String, body: serde_json::Value) -> serde_json::Value {
    json_of(raw().post(url).json(&body)).await
}

/// A body read as JSON; one that is not JSON comes as a JSON string of its text, so an assertion
/// on it shows what came.
pub(crate) fn json_or_text(bytes: &[u8]) -> serde_json::Value {
    serde_json::from_slice(bytes)
        .unwrap_or_else(|_| serde_json::Value::String(String::from_utf8_lossy(bytes).into_owned()))
}

/// GETs a URL with a bearer token: the status code and the body as JSON.
pub(crate) async fn get_with_token(url: String, token: &str) -> (u16, serde_json::Value) {
    status_and_json(raw().get(url).bearer_auth(token)).await
}

/// Sends a raw request: its status code and its body ([`json_or_text`]).
pub(crate) async fn status_and_json(request: reqwest::RequestBuilder) -> (u16, serde_json::Value) {
    let answer = request.send().await.expect("answer");
    let status = answer.status().as_u16();
    let bytes = answer.bytes().await.expect("body");
    (status, json_or_text(&bytes))
}

/// Sends a raw request and reads its JSON answer.
pub(crate) async fn json_of(request: reqwest::RequestBuilder) -> serde_json::Value {
    let answer = request.send().await.expect("answer");
    answer.json().await.expect("JSON body")
}

/// Makes the twin forget every access token it issued (its control route): the next call of
/// each client meets a 401.
pub(crate) async fn expire_tokens(t: &RunningSandbox) {
    let r = raw()
        .post(format!("{}/sandbox/tokens/expire", control(t)))
        .send()
        .await
        .expect("answer");
    assert!(r.status().is_success(), "expire tokens: {}", r.status());
}

/// A current-interface order to a Samarkand branch, created; its record.
pub(crate) async fn samarkand_order(c: &CurrentClient) -> parcel_desk::api::current::OrderRecord {
    c.add_order(&current_order(samarkand_branch()))
        .await
        .expect("order created")
}

/// Moves an order one status along on the twin (its control route).
pub(crate) async fn advance(t: &RunningSandbox, order_id: i64) {
    let r = raw()
        .post(format!("{}/sandbox/orders/{order_id}/advance", control(t)))
        .send()
        .await
        .expect("answer");
    assert!(
        r.status().is_success(),
        "advance {order_id}: {}",
        r.status()
    );
}

/// The service key the store tests keep their orders under.
pub(crate) fn svc() -> parcel_desk::store::ServiceKey {
    parcel_desk::store::ServiceKey::new("test-twin|123456789")
}

/// Waits for a desk task the way a test may (the UI never waits).
pub(crate) fn wait<T>(mut task: parcel_desk::desk::task::Task<T>) -> T {
    use parcel_desk::desk::task::Poll;
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        match task.poll() {
            Poll::Ready(v) => return v,
            Poll::Lost => panic!("the task was lost"),
            Poll::Pending => {}
        }
        assert!(std::time::Instant::now() < deadline, "task timed out");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Changes how the desk prints labels the way the Settings screen does: applied and saved.
pub(crate) fn set_printing(
    desk: &mut parcel_desk::desk::Desk,
    change: impl FnOnce(&mut parcel_desk::desk::session::settings::PrintSettings),
) {
    let mut settings = desk.settings().clone();
    change(&mut settings.printing);
    let saved = desk.apply_settings(settings).expect("printing applied");
    wait(saved).expect("settings saved");
}

/// A valid international parcel with one product line, courier to Samarkand.
pub(crate) fn intl_parcel(number: &str) -> parcel_desk::api::international::ParcelInput {
    serde_json::from_value(intl_parcel_json(number)).expect("a parcel")
}

/// The same parcel as the JSON a client sends.
pub(crate) fn intl_parcel_json(number: &str) -> serde_json::Value {
    serde_json::json!({
        "ParcelNumber": number, "ReceiverPhone": "+998 90 1234567", "ReceiverSurname": "Karimov",
        "ReceiverFirstName": "Aziz", "ReceiverPassposrtSerial": "AA", "ReceiverPassposrtNumber": "1234567",
        "ReceiverPinfl": "31234567890123", "ParcelWeight": "1.5", "ParcelValue": "80",
        "ParcelDeclareCurrency": "USD", "ReceiverCityId": 101, "ReceiverDelivery": "1",
        "products": [{"ProductDescription": "Sneakers", "ProductDescriptionRu": "Кроссовки",
            "ProductQuantity": "1", "ProductWeight": "1.2", "ProductDeclareValue": "80",
            "ProductUrl": "https://shop.example/p/1", "ProductUnit": "pcs", "HsCodeIs": "640411"}]
    })
}

/// The receivers of a desk's journal, sorted.
pub(crate) fn journal_receivers(desk: &parcel_desk::desk::Desk) -> Vec<String> {
    let mut names: Vec<String> = wait(desk.load_journal())
        .expect("the journal is read")
        .iter()
        .map(|r| r.receiver().to_string())
        .collect();
    names.sort();
    names
}

/// Logs the demo clerk in (after any re-wiring) and opens the session.
pub(crate) fn log_in_demo(desk: &mut parcel_desk::desk::Desk) {
    // After a change of service, the clients are built in the background first.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while desk.is_connecting() {
        assert!(desk.poll().is_empty(), "re-wiring failed");
        assert!(std::time::Instant::now() < deadline, "re-wiring timed out");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let outcome = wait(desk.login(parcel_desk::desk::Credentials::demo()));
    assert!(outcome.succeeded(), "{:?}", outcome.legacy);
    desk.open_session(&outcome);
}

/// An order with cash on delivery of `amount`, receipted as one registered good.
pub(crate) fn cod_order(
    desk: &parcel_desk::desk::Desk,
    receiver: &str,
    amount: i64,
) -> parcel_desk::api::legacy::OrderInput {
    let good = wait(desk.register_good(parcel_desk::api::legacy::GoodInput {
        spic: "06109001001000000".into(),
        name: "Futbolka".into(),
        units: "dona".into(),
        good_price: parcel_desk::api::Sum(amount),
    }))
    .expect("a good registered");
    let mut o = legacy_order();
    o.receiver = receiver.into();
    o.bring_back_money = Some(1);
    o.back_money = Some(parcel_desk::api::Sum(amount));
    o.options = vec![parcel_desk::api::legacy::OrderOption {
        option_id: parcel_desk::api::legacy::OrderOption::ELECTRONIC_RECEIPT,
        goods: vec![parcel_desk::api::legacy::OptionGood {
            id: None,
            mxik_goods_id: good.id,
            amount: 1,
            good_price: parcel_desk::api::Sum(amount),
        }],
    }];
    o
}

/// How often the twin's `iface` (`current` or `warehouse`) answered its `route` (`login` or
/// `refresh`).
pub(crate) async fn auth_calls(t: &RunningSandbox, iface: &str, route: &str) -> u64 {
    let counts = get_json(format!("{}/sandbox/auth-calls", control(t))).await;
    counts[iface][route].as_u64().expect("a count")
}

/// Writes settings pointing a desk at `twin` as at a real service, with statuses kept live by
/// neither receiver nor poller (a test moves them itself).
pub(crate) fn save_service_settings(twin: &RunningSandbox, config_dir: &std::path::Path) {
    use parcel_desk::desk::session::settings::{LiveSettings, ServiceUrls, Settings};
    Settings {
        service: Some(ServiceUrls {
            legacy: twin.legacy_url(),
            current: twin.current_url(),
            warehouse: twin.wms_url(),
        }),
        live: LiveSettings {
            poll_seconds: 0,
            receiver: Some(false),
            ..LiveSettings::default()
        },
        ..Settings::default()
    }
    .save(config_dir)
    .expect("settings");
}

/// A desk's orders on `store`, sending to the twin and asking its control listener when an
/// answer was lost (as the demo desk does).
pub(crate) async fn orders_at(
    t: &RunningSandbox,
    store: std::sync::Arc<parcel_desk::store::Store>,
) -> parcel_desk::desk::domestic::orders::Orders {
    let lookup =
        parcel_desk::api::sandbox_client::SandboxClient::new(url(&control(t)), quick_config())
            .expect("a client of the twin's control listener");
    parcel_desk::desk::domestic::orders::Orders::new(
        svc(),
        store,
        std::sync::Arc::new(legacy(t).await),
        Some(std::sync::Arc::new(lookup)),
    )
}

/// The exactly-once faults: a fifth of requests fail before anything is done, a fifth of
/// answers are dropped after the order is committed, with a little latency.
pub(crate) fn lossy(t: &RunningSandbox) {
    t.set_faults(parcel_desk::twin::Faults {
        latency_ms: 1,
        error_rate: 0.2,
        drop_after_commit_rate: 0.2,
        status: Some(503),
        ..parcel_desk::twin::Faults::default()
    });
}

/// A desk's folders inside `dir`, as the child-process tests lay them out.
pub(crate) fn desk_paths(dir: &std::path::Path) -> parcel_desk::desk::DeskPaths {
    parcel_desk::desk::DeskPaths {
        config_dir: dir.join("config"),
        data_dir: dir.join("data"),
    }
}

/// The common order, to `receiver`.
pub(crate) fn order_to(receiver: &str) -> parcel_desk::api::legacy::OrderInput {
    let mut order = legacy_order();
    order.receiver = receiver.into();
    order
}

/// Creates the common order to `receiver` through the desk and waits for the outcome.
pub(crate) fn create_to(
    desk: &parcel_desk::desk::Desk,
    receiver: &str,
) -> parcel_desk::desk::domestic::orders::CreateResult {
    wait(desk.create_order(order_to(receiver)).expect("orders"))
}
