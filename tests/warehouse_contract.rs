//! The warehouse client against the twin: bare tokens, 500 on validation, paging, confirmation,
//! products, the rate limit and enforced verbs.

mod common;

use common::*;
use parcel_desk::api::warehouse::{ProductInput, PurveyorInput, PurveyorState};
use parcel_desk::api::{ApiError, WarehouseClient};
use serde_json::json;
use std::time::Duration;

fn supplier(code: &str) -> PurveyorInput {
    PurveyorInput {
        group: "Yetkazib beruvchilar".into(),
        code: code.into(),
        name: "Olmazor Savdo".into(),
        full_name: "Olmazor Savdo MChJ".into(),
        stock_percentage: Some("12.5".into()),
        legal_entity: true,
        inn: Some("301234567".into()),
        is_supplier: true,
        contract_number: Some("42".into()),
        ..PurveyorInput::default()
    }
}

#[tokio::test]
async fn login_failures_are_422_with_text() {
    let t = twin().await;
    let c = WarehouseClient::new(url(&t.wms_url()), quick_config()).unwrap();
    match c.login("123456789", "wrong-password").await.unwrap_err() {
        ApiError::Validation { message, fields } => {
            assert!(message.unwrap().contains("notoʻgʻri"));
            assert!(fields.is_empty());
        }
        e => panic!("{e:?}"),
    }
    assert!(matches!(
        c.login("123456789", "short").await,
        Err(ApiError::Validation { .. })
    ));
    assert!(matches!(
        c.purveyors(None).await,
        Err(ApiError::Unauthorized { .. })
    ));
}

#[tokio::test]
async fn suppliers_create_list_confirm() {
    let t = twin().await;
    let c = warehouse(&t).await;
    let created = c.create(&supplier("S-001")).await.unwrap();
    assert_eq!(created.code, "S-001");
    assert_eq!(created.state(), Some(PurveyorState::New));
    assert_eq!(
        created
            .entity_type
            .as_ref()
            .unwrap()
            .stock_percentage
            .as_deref(),
        Some("12.50")
    );
    assert_eq!(
        created.tax_info.as_ref().unwrap().inn.as_deref(),
        Some("301234567")
    );
    assert!(
        created
            .links
            .as_ref()
            .unwrap()
            .this
            .href
            .contains(&created.id.to_string())
    );

    // Validation failures come as HTTP 500 with `errors`.
    let mut bad = supplier("");
    bad.full_name = String::new();
    let err = c.create(&bad).await.unwrap_err();
    assert_eq!(err.field("code").len(), 1);
    assert_eq!(err.field("full_name").len(), 1);
    // A supplier's code is not unique on the server: the same code again is another record.
    let again = c.create(&supplier("S-001")).await.unwrap();
    assert_ne!(again.id, created.id);

    for i in 3..=25 {
        c.create(&supplier(&format!("S-{i:03}"))).await.unwrap();
    }
    let page1 = c.purveyors(None).await.unwrap();
    assert_eq!(page1.meta.per_page, 20);
    assert_eq!(page1.items.len(), 20);
    assert_eq!(page1.meta.total_count, 25);
    let page2 = c.purveyors(Some(2)).await.unwrap();
    assert_eq!(page2.items.len(), 5);

    let msg = c
        .confirm_purveyors(&[created.id, page2.items[0].id])
        .await
        .unwrap();
    assert!(msg.contains('2'), "{msg}");
    let page1 = c.purveyors(Some(1)).await.unwrap();
    let first = page1.items.iter().find(|p| p.id == created.id).unwrap();
    assert_eq!(first.state(), Some(PurveyorState::Confirmed));
    assert!(
        c.confirm_purveyors(&[0])
            .await
            .unwrap_err()
            .field("status.0.id")
            .len()
            == 1
    );

    // Another company sees none of them.
    let other = WarehouseClient::new(url(&t.wms_url()), quick_config()).unwrap();
    other.login("987654321", "shop2pass").await.unwrap();
    assert_eq!(other.purveyors(None).await.unwrap().meta.total_count, 0);
}

#[tokio::test]
async fn products_need_the_servers_required_fields() {
    let t = twin().await;
    let c = warehouse(&t).await;
    let s = c.create(&supplier("S-100")).await.unwrap();
    let mut p = product(s.id, "P-1", "04780000000017");
    let created = c.create(&p).await.unwrap();
    assert_eq!(created.fields.code, "P-1");
    p.code = "P-2".into();
    p.specification = None;
    p.supplier_buyer_id = Some(999_999);
    let err = c.create(&p).await.unwrap_err();
    assert_eq!(err.field("specification").len(), 1);
}

#[tokio::test]
async fn past_the_rate_limit_429_comes_without_retry_after_and_the_client_holds_back() {
    let t = twin_with(parcel_desk::twin::SandboxConfig {
        wms_rate_limit: (5, std::time::Duration::from_secs(600)),
        ..twin_config()
    })
    .await;
    let c = warehouse(&t).await;
    for _ in 0..5 {
        c.create(&supplier(&format!("R-{}", rand_code())))
            .await
            .unwrap();
    }
    match c.create(&supplier("R-last")).await.unwrap_err() {
        // As the server: no `Retry-After`.
        ApiError::RateLimited { retry_after, .. } => assert!(retry_after.is_none()),
        e => panic!("{e:?}"),
    }
    // The client now holds everything back for the window instead of asking again.
    let held = tokio::time::timeout(Duration::from_millis(300), c.purveyors(None)).await;
    assert!(held.is_err(), "a request left while the window was full");
    assert!(c.waiting().is_some_and(|d| d > Duration::from_secs(590)));
}

#[tokio::test]
async fn the_client_paces_itself_under_the_limit_instead_of_meeting_429() {
    let t = twin_with(parcel_desk::twin::SandboxConfig {
        wms_rate_limit: (4, Duration::from_secs(1)),
        ..twin_config()
    })
    .await;
    let pacer = parcel_desk::api::pacer::Pacer::new(4, Duration::from_millis(1100));
    let c = WarehouseClient::paced(url(&t.wms_url()), quick_config(), pacer).unwrap();
    c.login("123456789", "demo12345").await.unwrap();
    let start = std::time::Instant::now();
    for _ in 0..9 {
        c.purveyors(None).await.expect("never refused");
    }
    // Nine requests at four a window: two waits.
    assert!(
        start.elapsed() >= Duration::from_millis(2000),
        "{:?}",
        start.elapsed()
    );
}

fn rand_code() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
}

#[tokio::test]
async fn verbs_are_enforced() {
    let t = twin().await;
    let r = raw()
        .get(format!("{}/v1/purveyor/create", t.wms_url()))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 405);
    assert!(r.headers().get("allow").is_some_and(|a| a == "POST"));
    let body: serde_json::Value = r.json().await.unwrap();
    assert_eq!(body["status"], 405);
    assert_eq!(body["name"], "Method Not Allowed");
    // A missing token: the framework's 401 body.
    let (status, body) =
        status_and_json(raw().get(format!("{}/v1/purveyor/clients", t.wms_url()))).await;
    assert_eq!(status, 401);
    assert_eq!(body["status"], 401);
    assert_eq!(body["name"], "Unauthorized");
    let tokens: serde_json::Value = post_json(
        format!("{}/v1/auth/login", t.wms_url()),
        json!({"login": "123456789", "password": "demo12345"}),
    )
    .await;
    assert!(
        tokens["access_token"].is_string() && tokens["refresh_token"].is_string(),
        "bare, no envelope"
    );
    let refreshed: serde_json::Value = post_json(
        format!("{}/v1/auth/refresh", t.wms_url()),
        json!({"refresh_token": tokens["refresh_token"]}),
    )
    .await;
    assert!(refreshed["access_token"].is_string());
}

#[tokio::test]
async fn an_expired_token_is_renewed_by_refresh() {
    let t = twin().await;
    let c = warehouse(&t).await;
    assert!(c.purveyors(None).await.is_ok());
    let logins = auth_calls(&t, "warehouse", "login").await;
    assert_eq!(auth_calls(&t, "warehouse", "refresh").await, 0);
    expire_tokens(&t).await;
    assert!(c.purveyors(None).await.is_ok());
    assert_eq!(auth_calls(&t, "warehouse", "refresh").await, 1);
    assert_eq!(
        auth_calls(&t, "warehouse", "login").await,
        logins,
        "no new login"
    );
}

#[tokio::test]
async fn records_are_viewed_edited_deleted_filtered_and_paged_with_the_servers_verbs() {
    use parcel_desk::api::warehouse::{Product, Purveyor};
    use parcel_desk::api::warehouse_client::Kind;
    let t = twin().await;
    let c = warehouse(&t).await;
    let me = c.about_me().await.unwrap();
    assert_eq!(me.username, "123456789");
    // Asked by POST, as some integrators do, it answers the same account.
    let token = twin_http::login(&t, twin_http::DEMO).await.wms;
    let (status, posted) = twin_http::send(
        &t,
        twin_http::Call::post(&format!("{}/v1/auth/about-me", t.wms_url()), json!({}))
            .token(&token),
    )
    .await;
    assert_eq!(
        (status, posted["username"].as_str()),
        (200, Some("123456789"))
    );

    // Tax numbers are strings (leading zeros kept) under `okpo`; the contract's integers under
    // `okpp` are read too.
    let mut s = supplier("E-1");
    s.inn = Some("001234567".into());
    s.okpo = Some("0098".into());
    let a = c.create(&s).await.unwrap();
    let tax = a.tax_info.clone().unwrap();
    assert_eq!(
        (tax.inn.as_deref(), tax.okpo.as_deref()),
        (Some("001234567"), Some("0098"))
    );
    let contract_form: serde_json::Value = serde_json::from_value(json!({
        "group": "G", "code": "E-2", "name": "Contract form", "full_name": "Contract form LLC",
        "inn": 301234567, "okpp": 77, "contract_number": 15,
    }))
    .unwrap();
    let read: parcel_desk::api::warehouse::PurveyorInput =
        serde_json::from_value(contract_form).unwrap();
    assert_eq!(read.okpo.as_deref(), Some("77"));
    assert_eq!(read.contract_number.as_deref(), Some("15"));
    let b = c.create(&read).await.unwrap();

    // Confirm, then edit: the edited record waits for confirmation again.
    c.confirm(Kind::Purveyor, &[a.id]).await.unwrap();
    let mut edit = a.input();
    edit.name = "Olmazor Savdo 2".into();
    let edited = c.update(a.id, &edit).await.unwrap();
    assert_eq!(edited.name, "Olmazor Savdo 2");
    assert_eq!(edited.state(), Some(PurveyorState::New));
    let seen: Purveyor = c.view(Kind::Purveyor, a.id).await.unwrap();
    assert_eq!(seen.name, "Olmazor Savdo 2");
    assert_eq!(seen.input(), edit);

    // Filter by a column, all on one page with per-page 0.
    let found = c
        .list::<Purveyor>(Kind::Purveyor, 1, 20, &[("name", "savdo 2".into())])
        .await
        .unwrap();
    assert_eq!(found.items.len(), 1);
    let all = c.list::<Purveyor>(Kind::Purveyor, 1, 0, &[]).await.unwrap();
    assert_eq!(all.items.len(), 2);

    // Delete: 204, gone from the list and from view (404).
    c.delete(Kind::Purveyor, b.id).await.unwrap();
    assert!(matches!(
        c.view::<Purveyor>(Kind::Purveyor, b.id).await,
        Err(ApiError::NotFound { .. })
    ));
    assert!(matches!(
        c.delete(Kind::Purveyor, b.id).await,
        Err(ApiError::NotFound { .. })
    ));

    // Products: create, list, confirm, edit, delete; the nested parts come back.
    let mut p = product(a.id, "P-10", "04780000000021");
    let made = c.create(&p).await.unwrap();
    assert!(made.more.contains_key("productPackagin"));
    let listed = c.list::<Product>(Kind::Product, 1, 20, &[]).await.unwrap();
    assert_eq!(listed.items.len(), 1);
    assert_eq!(listed.items[0].state(), Some(PurveyorState::New));
    c.confirm(Kind::Product, &[made.id]).await.unwrap();
    let seen: Product = c.view(Kind::Product, made.id).await.unwrap();
    assert_eq!(seen.state(), Some(PurveyorState::Confirmed));
    p.name = "Futbolka, koʻk".into();
    let edited = c.update(made.id, &p).await.unwrap();
    assert_eq!(edited.fields.name, "Futbolka, koʻk");
    assert_eq!(edited.state(), Some(PurveyorState::New));
    // The same GTIN twice is refused under the field.
    let twin_gtin = c.create(&product(a.id, "P-11", "04780000000021")).await;
    assert_eq!(twin_gtin.unwrap_err().field("gtin").len(), 1);
    c.delete(Kind::Product, made.id).await.unwrap();
    let listed = c.list::<Product>(Kind::Product, 1, 20, &[]).await.unwrap();
    assert!(listed.items.is_empty());

    // Another company cannot see, edit or delete them.
    let other = WarehouseClient::new(url(&t.wms_url()), quick_config()).unwrap();
    other.login("987654321", "shop2pass").await.unwrap();
    assert!(matches!(
        other.view::<Purveyor>(Kind::Purveyor, a.id).await,
        Err(ApiError::NotFound { .. })
    ));
    assert!(other.update(a.id, &edit).await.is_err());
    assert!(other.delete(Kind::Purveyor, a.id).await.is_err());
    assert!(c.view::<Purveyor>(Kind::Purveyor, a.id).await.is_ok());
}

fn product(supplier: i64, code: &str, gtin: &str) -> ProductInput {
    ProductInput {
        supplier_buyer_id: Some(supplier),
        group: "Kiyim".into(),
        code: code.into(),
        name: "Futbolka".into(),
        full_name: "Paxta futbolka, oq".into(),
        gtin: gtin.into(),
        article: "FT-01".into(),
        nomenclature_type: "goods".into(),
        unit: Some("dona".into()),
        shelf_life_stock: Some("0".into()),
        kis_code: "KIS-1".into(),
        weight: Some("0.2".into()),
        net_weight: Some("0.18".into()),
        volume: Some("0.001".into()),
        net_volume: Some("0.001".into()),
        specification: Some("100% paxta".into()),
        temperature_mode: Some("normal".into()),
        base_packaging: Some("paket".into()),
        ..ProductInput::default()
    }
}
