//! The twin's faults as the clients see them, and `--data` keeping records across restarts.

mod common;

use common::*;
use parcel_desk::api::{ApiError, ClientConfig, LegacyClient, RetryPolicy};
use parcel_desk::twin::{Faults, SandboxConfig};
use std::time::Duration;

#[tokio::test]
async fn gets_ride_through_errors_posts_do_not_repeat() {
    let t = twin().await;
    let c = legacy(&t).await;
    let created = c.add_order(&legacy_order()).await.unwrap();
    t.set_faults(Faults {
        error_rate: 0.5,
        status: Some(503),
        ..Faults::default()
    });
    // With four attempts per GET, 20 reads all succeed unless one loses four times in a row
    // (1 in 16 per read): a seeded generator keeps this run repeatable.
    let mut ok = 0;
    for _ in 0..20 {
        if c.track(created.order_id).await.is_ok() {
            ok += 1;
        }
    }
    assert!(ok >= 17, "only {ok} of 20 reads got through");
    // POSTs are never retried: with every request failing, exactly one attempt is made.
    t.set_faults(Faults {
        error_rate: 1.0,
        status: Some(500),
        ..Faults::default()
    });
    let before = t.order_count();
    let err = c.add_order(&legacy_order()).await.unwrap_err();
    assert!(
        matches!(err, ApiError::Server { status: 500, .. }),
        "{err:?}"
    );
    assert_eq!(t.order_count(), before);
    t.set_faults(Faults::default());
}

#[tokio::test]
async fn a_dropped_answer_after_commit_is_outcome_unknown() {
    let t = twin().await;
    let c = legacy(&t).await;
    t.set_faults(Faults {
        drop_after_commit_rate: 1.0,
        ..Faults::default()
    });
    let mut o = legacy_order();
    o.wcs_code = Some("dropped-1".into());
    let err = c.add_order(&o).await.unwrap_err();
    assert!(err.outcome_unknown(), "{err:?}");
    t.set_faults(Faults::default());
    // The order was stored: the twin finds it by its key.
    let found: serde_json::Value = get_json(format!(
        "{}/sandbox/orders?wcs_code=dropped-1",
        common::control(&t)
    ))
    .await;
    assert_eq!(found.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn malformed_bodies_and_slow_answers() {
    let t = twin().await;
    let c = legacy(&t).await;
    t.set_faults(Faults {
        malformed_rate: 1.0,
        ..Faults::default()
    });
    match c.regions().await.unwrap_err() {
        ApiError::Decode { body_head, .. } => assert!(body_head.starts_with('{')),
        e => panic!("{e:?}"),
    }
    t.set_faults(Faults {
        latency_ms: 700,
        ..Faults::default()
    });
    let impatient = LegacyClient::new(
        url(&t.legacy_url()),
        ClientConfig {
            timeout: Duration::from_millis(300),
            retry: RetryPolicy {
                attempts: 1,
                ..RetryPolicy::default()
            },
            ..ClientConfig::default()
        },
    )
    .unwrap();
    let err = impatient.get_token(demo_login()).await.unwrap_err();
    assert!(matches!(err, ApiError::NoAnswer { .. }), "{err:?}");
    let unreachable =
        LegacyClient::new(url("http://127.0.0.1:9/legacy/index.php"), quick_config()).unwrap();
    let err = unreachable
        .get_token(parcel_desk::api::legacy::TokenRequest {
            username: "a".into(),
            password: "b".into(),
            inn: "c".into(),
        })
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Connect { .. }), "{err:?}");
    assert!(!err.outcome_unknown());
}

#[tokio::test]
async fn data_file_keeps_orders_across_restarts() {
    let dir = std::env::temp_dir().join(format!("parcel-desk-twin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("twin.sqlite");
    let _ = std::fs::remove_file(&file);
    let config = SandboxConfig {
        data: Some(file.clone()),
        ..twin_config()
    };
    let t = twin_with(config.clone()).await;
    let c = legacy(&t).await;
    let mut o = legacy_order();
    o.wcs_code = Some("kept-1".into());
    let created = c.add_order(&o).await.unwrap();
    advance(&t, created.order_id).await;
    t.stop().await;

    let t = twin_with(config).await;
    let c = legacy(&t).await;
    let detail = c.order_detail(created.order_id).await.unwrap();
    assert_eq!(detail.core.barcode, created.core.barcode);
    assert_eq!(c.history(created.order_id).await.unwrap().len(), 2);
    // The key is still taken and new ids continue after the old ones.
    assert!(
        !c.add_order(&o)
            .await
            .unwrap_err()
            .field("wcs_code")
            .is_empty()
    );
    let next = c.add_order(&legacy_order()).await.unwrap();
    assert!(next.order_id > created.order_id);
    t.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}
