//! Exactly once: with the twin failing a fifth of requests before doing anything, dropping a
//! fifth of answers after committing, and adding latency, 1,000 creates end as exactly 1,000
//! orders in the twin and in the journal, none twice, the outbox empty.

mod common;

use common::*;
use parcel_desk::desk::domestic::orders::{CreateResult, Orders};
use parcel_desk::store::Store;
use parcel_desk::twin::Faults;
use std::collections::HashSet;
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_creates_under_faults_make_a_thousand_orders() {
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let orders = orders_at(&t, store.clone()).await;
    lossy(&t);
    let (mut created, mut deferred) = (0, 0);
    for _ in 0..1000 {
        match orders.create(legacy_order()).await {
            CreateResult::Created(_) => created += 1,
            CreateResult::Queued { .. } | CreateResult::Unknown { .. } => deferred += 1,
            other => panic!("a valid order was not accepted: {other:?}"),
        }
    }
    assert!(deferred > 100, "the faults were felt ({deferred} deferred)");
    let mut passes = 0;
    while store.outbox_count(&svc()).unwrap() > 0 {
        passes += 1;
        assert!(
            passes <= 50,
            "the outbox does not drain: {:?}",
            orders.drain().await
        );
        orders.drain().await;
    }
    t.set_faults(Faults::default());
    assert_eq!(created + deferred, 1000);
    assert_eq!(t.order_count(), 1000, "the twin holds each order once");
    assert_eq!(
        store.journal_count(&svc()).unwrap(),
        1000,
        "the journal holds each order once"
    );
    let journal = store.journal(&svc()).unwrap();
    let keys: HashSet<_> = journal.iter().map(|r| r.wcs_code()).collect();
    let barcodes: HashSet<_> = journal.iter().map(|r| r.barcode()).collect();
    assert_eq!(keys.len(), 1000);
    assert_eq!(barcodes.len(), 1000);
}

#[tokio::test]
async fn without_a_lookup_an_unanswered_create_waits_for_the_clerk() {
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let orders = Orders::new(svc(), store.clone(), Arc::new(legacy(&t).await), None);
    t.set_faults(Faults {
        drop_after_commit_rate: 1.0,
        ..Faults::default()
    });
    let result = orders.create(legacy_order()).await;
    assert!(matches!(result, CreateResult::Unknown { .. }), "{result:?}");
    t.set_faults(Faults::default());
    // Draining does not send it again: it stays unknown, and the twin has one order.
    let report = orders.drain().await;
    assert_eq!(report.still_unknown, 1);
    assert_eq!(t.order_count(), 1);
    assert_eq!(store.outbox_count(&svc()).unwrap(), 1);
}

#[tokio::test]
async fn refusals_leave_nothing_behind_and_keep_the_services_words() {
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let orders = Orders::new(svc(), store.clone(), Arc::new(legacy(&t).await), None);
    let mut bad = legacy_order();
    bad.receiver_phone = "123".into();
    match orders.create(bad).await {
        CreateResult::Refused(e) => assert_eq!(e.field("receiverPhone").len(), 1),
        other => panic!("{other:?}"),
    }
    // A key the clerk reuses is refused on its first attempt, not mistaken for ours.
    let mut first = legacy_order();
    first.wcs_code = Some("CLERK-1".into());
    assert!(matches!(
        orders.create(first.clone()).await,
        CreateResult::Created(_)
    ));
    match orders.create(first).await {
        CreateResult::Refused(e) => assert!(!e.field("wcs_code").is_empty()),
        other => panic!("{other:?}"),
    }
    assert_eq!(store.outbox_count(&svc()).unwrap(), 0);
    assert_eq!(store.journal_count(&svc()).unwrap(), 1);
}

#[tokio::test]
async fn offline_creates_queue_and_go_out_when_the_service_answers() {
    let t = twin().await;
    let addr = t.addr;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let orders = Orders::new(svc(), store.clone(), Arc::new(legacy(&t).await), None);
    t.stop().await;
    match orders.create(legacy_order()).await {
        CreateResult::Queued { .. } => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(store.outbox_count(&svc()).unwrap(), 1);
    // The service is back (a fresh one on the same address: the old token is unknown there, so
    // the client logs in again by itself).
    let t = twin_with(parcel_desk::twin::SandboxConfig {
        listen: addr,
        ..twin_config()
    })
    .await;
    let report = orders.drain().await;
    assert_eq!(report.confirmed, 1, "{report:?}");
    assert_eq!(store.outbox_count(&svc()).unwrap(), 0);
    assert_eq!(t.order_count(), 1);
    assert_eq!(
        orders.drain().await,
        Default::default(),
        "nothing is sent twice"
    );
}

/// A second cancel (the clerk's, or another desk's first) is production's 400 envelope with a
/// sentence: the desk reads the order again and, finding it cancelled, says it is done.
#[tokio::test]
async fn cancelling_an_order_already_cancelled_ends_as_cancelled() {
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let client = Arc::new(legacy(&t).await);
    let orders = Orders::new(svc(), store, client.clone(), None);
    let created = client.add_order(&legacy_order()).await.unwrap();
    let first = orders.cancel(created.order_id).await.expect("cancelled");
    let second = orders
        .cancel(created.order_id)
        .await
        .expect("already cancelled is done");
    assert_eq!(first.last().map(|r| r.status_id), Some(0));
    assert_eq!(second.last().map(|r| r.status_id), Some(0));
    // An order that cannot be cancelled still says so.
    let gone = orders.cancel(999_999_999).await;
    assert!(gone.is_err());
}
