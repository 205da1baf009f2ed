//! Three counters, one shop: each with its own file for drafts and one shared PostgreSQL journal,
//! creating 1,000 orders together against a twin that fails a fifth of requests and drops a
//! fifth of answers after committing. The shop ends with exactly 1,000 orders, each once, every
//! one visible at every counter, and the shared outbox empty.

mod common;

use common::*;
use parcel_desk::desk::orders::{CreateResult, Orders};
use parcel_desk::sandbox::Faults;
use parcel_desk::store::{Store, test_shop};
use std::collections::HashSet;
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 3)]
async fn three_counters_make_a_thousand_orders_once_on_one_shop_journal() {
    let Some(shop) = tokio::task::block_in_place(test_shop::fresh_schema) else {
        return;
    };
    let t = twin().await;
    let mut desks = Vec::new();
    for _ in 0..3 {
        // The store's calls block (the desk makes them on blocking threads).
        let store = Arc::new(tokio::task::block_in_place(|| {
            Store::open_in_memory_with_shop(&shop).expect("a counter")
        }));
        let orders = orders_at(&t, store.clone()).await;
        desks.push((store, orders));
    }
    lossy(&t);
    let runs: Vec<_> = desks
        .iter()
        .enumerate()
        .map(|(i, (_, orders))| {
            let orders = orders.clone();
            tokio::spawn(async move {
                let (mut created, mut deferred) = (0, 0);
                for _ in 0..(1000 / 3 + usize::from(i == 0)) {
                    match orders.create(legacy_order()).await {
                        CreateResult::Created(_) => created += 1,
                        CreateResult::Queued { .. } | CreateResult::Unknown { .. } => deferred += 1,
                        other => panic!("a valid order was not accepted: {other:?}"),
                    }
                }
                (created, deferred)
            })
        })
        .collect();
    let (mut created, mut deferred) = (0, 0);
    for r in runs {
        let (c, d) = r.await.expect("a counter's run");
        created += c;
        deferred += d;
    }
    assert_eq!(created + deferred, 1000);
    assert!(deferred > 100, "the faults were felt ({deferred} deferred)");
    // Every counter drains the one shared outbox, at once.
    let mut passes = 0;
    let waiting = |store: &Store| tokio::task::block_in_place(|| store.outbox_count(&svc()));
    while waiting(&desks[0].0).unwrap() > 0 {
        passes += 1;
        assert!(passes <= 50, "the shop's outbox does not drain");
        let drains: Vec<_> = desks
            .iter()
            .map(|(_, o)| {
                let o = o.clone();
                tokio::spawn(async move { o.drain().await })
            })
            .collect();
        for d in drains {
            d.await.expect("a drain");
        }
    }
    t.set_faults(Faults::default());
    assert_eq!(t.order_count(), 1000, "the twin holds each order once");
    for (i, (store, _)) in desks.iter().enumerate() {
        let journal = tokio::task::block_in_place(|| store.journal(&svc())).unwrap();
        assert_eq!(journal.len(), 1000, "counter {i} sees every order");
        let keys: HashSet<_> = journal.iter().map(|r| r.wcs_code()).collect();
        let barcodes: HashSet<_> = journal.iter().map(|r| r.barcode().to_string()).collect();
        assert_eq!((keys.len(), barcodes.len()), (1000, 1000), "each once");
    }
}

/// A counter whose line to the shop's database is cut in the middle of a burst keeps taking
/// orders (kept at the counter, unsent), and when the line is mended they go to the shop's
/// outbox and out once: the other counter sees all of them, the twin holds each once.
#[tokio::test(flavor = "multi_thread", worker_threads = 3)]
async fn a_counter_cut_off_from_the_shop_mid_burst_catches_up_with_no_duplicate() {
    let Some(shop) = tokio::task::block_in_place(test_shop::fresh_schema) else {
        return;
    };
    let server = std::env::var(test_shop::SERVER).expect("the test server");
    let line = common::cut_line::CutLine::to(&server).await;
    let t = twin().await;
    let open = |settings: String| {
        tokio::task::block_in_place(move || {
            Arc::new(Store::open_in_memory_with_shop(&settings).expect("a counter"))
        })
    };
    let far = open(line.settings(&shop));
    let near = open(shop.clone());
    let orders = Orders::new(svc(), far.clone(), Arc::new(legacy(&t).await), None);
    let (mut sent, mut kept) = (0, 0);
    for i in 0..60 {
        if i == 20 {
            line.cut();
        }
        match orders.create(legacy_order()).await {
            CreateResult::Created(_) => sent += 1,
            CreateResult::KeptHere { .. } => kept += 1,
            other => panic!("a valid order was not taken: {other:?}"),
        }
    }
    assert_eq!(
        (sent, kept),
        (20, 40),
        "out before the cut, kept here after it"
    );
    assert!(far.shop_away(), "the counter knows the shop is away");
    let here = tokio::task::block_in_place(|| far.kept_here()).unwrap();
    assert_eq!(here, kept as i64, "kept at the counter, none sent");
    assert_eq!(
        t.order_count(),
        sent,
        "nothing kept here reached the service"
    );
    // A counter started while the line is cut opens all the same, and keeps its orders too.
    let late = open(line.settings(&shop));
    assert!(late.shop_away());
    let late_orders = Orders::new(svc(), late.clone(), Arc::new(legacy(&t).await), None);
    let started_away = late_orders.create(legacy_order()).await;
    assert!(
        matches!(started_away, CreateResult::KeptHere { .. }),
        "{started_away:?}"
    );
    line.mend();
    let mut passes = 0;
    loop {
        let left = orders.return_kept().await + late_orders.return_kept().await;
        orders.drain().await;
        let waiting = tokio::task::block_in_place(|| near.outbox_count(&svc())).unwrap();
        if left == 0 && waiting == 0 {
            break;
        }
        passes += 1;
        assert!(
            passes <= 100,
            "the counter does not catch up: {left} here, {waiting} waiting"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(!far.shop_away() && !late.shop_away());
    assert_eq!(t.order_count(), 61, "the twin holds each order once");
    let journal = tokio::task::block_in_place(|| near.journal(&svc())).unwrap();
    let keys: HashSet<_> = journal.iter().map(|r| r.wcs_code()).collect();
    assert_eq!(
        (journal.len(), keys.len()),
        (61, 61),
        "each once, seen at the other counter"
    );
}
