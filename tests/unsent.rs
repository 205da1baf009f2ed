//! The clerk's decisions on creates whose outcome the desk cannot find out by itself (a service
//! without a lookup by key): link the entry to the order a barcode names when the service echoes
//! the same key, refuse a barcode of another order, never let "send again" make a double, and
//! discard.

mod common;

use common::*;
use parcel_desk::api::sandbox_client::SandboxClient;
use parcel_desk::desk::domestic::orders::{CreateResult, Orders};
use parcel_desk::desk::domestic::unsent::{Decided, Decision, DecisionError, Verdict};
use parcel_desk::store::{OutboxState, Store};
use parcel_desk::twin::Faults;
use std::sync::Arc;

/// Creates one order whose answer is lost; returns its key and the barcode the twin gave it.
async fn lost_create(t: &parcel_desk::twin::RunningSandbox, orders: &Orders) -> (String, String) {
    t.set_faults(Faults {
        drop_after_commit_rate: 1.0,
        ..Faults::default()
    });
    let key = match orders.create(legacy_order()).await {
        CreateResult::Unknown { wcs_code, .. } => wcs_code,
        other => panic!("{other:?}"),
    };
    t.set_faults(Faults::default());
    // What the customer's SMS would say: the twin's own record of the order.
    let twin_lookup = SandboxClient::new(url(&control(t)), quick_config()).unwrap();
    let found = twin_lookup.find_by_wcs(&key).await.unwrap();
    assert_eq!(found.len(), 1);
    (key, found[0].barcode.clone())
}

#[tokio::test]
async fn the_clerk_links_a_lost_create_to_its_order_by_barcode() {
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let orders = Orders::new(svc(), store.clone(), Arc::new(legacy(&t).await), None);
    let (key, barcode) = lost_create(&t, &orders).await;

    let listed = orders.unsent().await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].entry.state, OutboxState::Unknown);
    assert_eq!(listed[0].entry.wcs_code, key);
    assert!(listed[0].order.is_some(), "what was typed is shown");
    assert!(listed[0].entry.last_error.is_some());

    // "Send again" would make a double: the service refuses the key as taken, which proves the
    // order exists; the entry is marked so and never offered for sending again.
    match orders.decide(&key, Decision::SendAgain).await {
        Ok(Decided::Sent(CreateResult::Unknown { .. })) => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(t.order_count(), 1, "no second order");
    assert_eq!(store.outbox_count(&svc()).unwrap(), 1);
    let listed = orders.unsent().await.unwrap();
    assert_eq!(listed[0].entry.state, OutboxState::Exists);
    assert!(matches!(
        orders.decide(&key, Decision::SendAgain).await,
        Err(DecisionError::Exists)
    ));
    orders.drain().await;
    assert_eq!(t.order_count(), 1, "the pass does not send it either");

    // Another order's barcode is not accepted for it.
    let other = match orders.create(legacy_order()).await {
        CreateResult::Created(row) => row,
        other => panic!("{other:?}"),
    };
    let c = orders.candidate(&key, other.barcode()).await.unwrap();
    assert_eq!(c.verdict, Verdict::OtherKey);
    assert!(matches!(
        orders.decide(&key, Decision::IsOrder(Box::new(c))).await,
        Err(DecisionError::OtherOrder)
    ));

    // Its own barcode is, and the order moves to the journal.
    let c = orders.candidate(&key, &barcode).await.unwrap();
    assert_eq!(c.verdict, Verdict::SameKey);
    match orders
        .decide(&key, Decision::IsOrder(Box::new(c.clone())))
        .await
    {
        Ok(Decided::Journaled(row)) => assert_eq!(row.barcode(), barcode),
        other => panic!("{other:?}"),
    }
    assert_eq!(store.outbox_count(&svc()).unwrap(), 0);
    assert_eq!(store.journal_count(&svc()).unwrap(), 2);
    assert!(matches!(
        orders.decide(&key, Decision::IsOrder(Box::new(c))).await,
        Err(DecisionError::Gone)
    ));
    assert_eq!(t.order_count(), 2);
}

#[tokio::test]
async fn a_discarded_entry_leaves_the_outbox_and_nothing_is_sent() {
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let orders = Orders::new(svc(), store.clone(), Arc::new(legacy(&t).await), None);
    let (key, _) = lost_create(&t, &orders).await;
    assert!(matches!(
        orders.decide(&key, Decision::Discard).await,
        Ok(Decided::Discarded)
    ));
    assert_eq!(store.outbox_count(&svc()).unwrap(), 0);
    assert!(orders.unsent().await.unwrap().is_empty());
    assert_eq!(orders.drain().await, Default::default());
    assert_eq!(t.order_count(), 1);
}

#[tokio::test]
async fn a_create_that_never_arrived_is_sent_when_the_clerk_says_so() {
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let orders = Orders::new(svc(), store.clone(), Arc::new(legacy(&t).await), None);
    // Refused before doing anything, with a gateway error: to the desk the outcome is unknown.
    t.set_faults(Faults {
        error_rate: 1.0,
        status: Some(504),
        ..Faults::default()
    });
    let key = match orders.create(legacy_order()).await {
        CreateResult::Unknown { wcs_code, .. } => wcs_code,
        other => panic!("{other:?}"),
    };
    t.set_faults(Faults::default());
    assert_eq!(t.order_count(), 0);
    match orders.decide(&key, Decision::SendAgain).await {
        Ok(Decided::Sent(CreateResult::Created(row))) => {
            assert_eq!(row.wcs_code(), Some(key.as_str()))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(t.order_count(), 1);
    assert_eq!(store.outbox_count(&svc()).unwrap(), 0);
}

/// A lost answer settled by the service's own word: a status notification of an order the
/// journal does not know is read, and when it carries the entry's key that is the order; the
/// entry leaves the outbox with no clerk action and nothing is sent again.
#[tokio::test]
async fn a_status_notification_of_the_order_settles_a_lost_answer() {
    use parcel_desk::store::{Notice, NotificationRow, Verdict as Heard};
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let orders = Orders::new(svc(), store.clone(), Arc::new(legacy(&t).await), None);
    let (key, barcode) = lost_create(&t, &orders).await;
    orders.drain().await;
    assert_eq!(
        store.outbox_count(&svc()).unwrap(),
        1,
        "no lookup: undecided"
    );
    let order_id =
        parcel_desk::desk::domestic::orders::order_id_in_barcode(&barcode).expect("an id");
    let heard = NotificationRow {
        id: 0,
        received_at: chrono::Utc::now().timestamp(),
        notice: Notice {
            source: "receiver".into(),
            order_id: Some(order_id),
            barcode: barcode.clone(),
            status_id: Some(2),
            status_name: "Kuryer qabul qildi".into(),
            status_date: "2026-11-28 12:00:00".into(),
            environment: "test".into(),
            headers: String::new(),
            body: String::new(),
        },
        verdict: Heard::UnknownOrder,
    };
    store.notification_add(&svc(), &heard).unwrap();
    let report = orders.drain().await;
    assert_eq!(report.confirmed, 1, "{report:?}");
    assert_eq!(store.outbox_count(&svc()).unwrap(), 0);
    let row = store
        .journal_get(&svc(), order_id)
        .unwrap()
        .expect("journaled");
    assert_eq!(row.wcs_code(), Some(key.as_str()));
    assert_eq!(t.order_count(), 1);
}
