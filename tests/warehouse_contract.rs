//! The warehouse client against the twin: bare tokens, 500 on validation, paging, confirmation,
//! products, the rate limit and enforced verbs.

mod common;

use common::*;
use parcel_desk::api::warehouse::{ProductInput, PurveyorInput, PurveyorState};
use parcel_desk::api::{ApiError, WarehouseClient};
use serde_json::json;

fn supplier(code: &str) -> PurveyorInput {
    PurveyorInput {
        group: "Yetkazib beruvchilar".into(),
        code: code.into(),
        name: "Olmazor Savdo".into(),
        full_name: "Olmazor Savdo MChJ".into(),
        stock_percentage: Some("12.5".into()),
        legal_entity: Some(true),
        inn: Some(301_234_567),
        is_supplier: Some(true),
        contract_number: Some(42),
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
    let created = c.create_purveyor(&supplier("S-001")).await.unwrap();
    assert_eq!(created.code, "S-001");
    assert_eq!(created.state, Some(PurveyorState::New));
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
    let err = c.create_purveyor(&bad).await.unwrap_err();
    assert_eq!(err.field("code").len(), 1);
    assert_eq!(err.field("full_name").len(), 1);
    assert!(
        !c.create_purveyor(&supplier("S-001"))
            .await
            .unwrap_err()
            .field("code")
            .is_empty()
    );

    for i in 2..=25 {
        c.create_purveyor(&supplier(&format!("S-{i:03}")))
            .await
            .unwrap();
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
    assert_eq!(first.state, Some(PurveyorState::Confirmed));
    assert!(
        c.confirm_purveyors(&[0])
            .await
            .unwrap_err()
            .field("status[0].id")
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
    let s = c.create_purveyor(&supplier("S-100")).await.unwrap();
    let mut p = ProductInput {
        supplier_buyer_id: Some(s.id),
        group: "Kiyim".into(),
        code: "P-1".into(),
        name: "Futbolka".into(),
        full_name: "Paxta futbolka, oq".into(),
        gtin: "04780000000017".into(),
        article: "FT-01".into(),
        nomenclature_type: "goods".into(),
        unit: Some("dona".into()),
        shelf_life_stock: Some("0".into()),
        kis_code: "KIS-1".into(),
        is_set: false,
        weight: Some("0.2".into()),
        net_weight: Some("0.18".into()),
        volume: Some("0.001".into()),
        net_volume: Some("0.001".into()),
        specification: Some("100% paxta".into()),
        temperature_mode: Some("normal".into()),
        base_packaging: Some("paket".into()),
        ..ProductInput::default()
    };
    let created = c.create_product(&p).await.unwrap();
    assert_eq!(created.fields.code, "P-1");
    p.code = "P-2".into();
    p.specification = None;
    p.supplier_buyer_id = Some(999_999);
    let err = c.create_product(&p).await.unwrap_err();
    assert_eq!(err.field("specification").len(), 1);
}

#[tokio::test]
async fn rate_limit_answers_429_with_retry_after() {
    let t = twin_with(parcel_desk::sandbox::SandboxConfig {
        wms_rate_limit: (5, std::time::Duration::from_secs(600)),
        ..twin_config()
    })
    .await;
    let c = warehouse(&t).await;
    for _ in 0..5 {
        c.create_purveyor(&supplier(&format!("R-{}", rand_code())))
            .await
            .unwrap();
    }
    match c.create_purveyor(&supplier("R-last")).await.unwrap_err() {
        ApiError::RateLimited { retry_after, .. } => assert!(retry_after.is_some()),
        e => panic!("{e:?}"),
    }
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
    raw()
        .post(format!("{}/sandbox/tokens/expire", common::control(&t)))
        .send()
        .await
        .unwrap();
    assert!(c.purveyors(None).await.is_ok());
}
