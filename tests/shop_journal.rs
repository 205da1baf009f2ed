//! Three counters, one shop: each with its own file for drafts and one shared PostgreSQL journal,
//! creating 1,000 orders together against a twin that fails a fifth of requests and drops a
//! fifth of answers after committing. The shop ends with exactly 1,000 orders, each once, every
//! one visible at every counter, and the shared outbox empty.

mod common;

use common::*;
use parcel_desk::desk::domestic::orders::{CreateResult, Orders};
use parcel_desk::store::{Store, test_shop};
use parcel_desk::twin::Faults;
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

/// A counter cut off from the shop's database mid-burst still sends every order at once (its
/// key makes each one order at the service) and gives its barcode; the records are kept at the
/// counter, listed there, and brought to the shop's journal when the line is mended: the other
/// counter then sees all of them, each once, and the twin holds each once.
#[tokio::test(flavor = "multi_thread", worker_threads = 3)]
async fn a_counter_cut_off_from_the_shop_mid_burst_sends_at_once_and_brings_its_records_once() {
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
    for i in 0..60 {
        if i == 20 {
            line.cut();
        }
        match orders.create(legacy_order()).await {
            CreateResult::Created(_) => {}
            other => panic!("order {i} was not made at once: {other:?}"),
        }
    }
    assert!(far.shop_away(), "the counter knows the shop is away");
    assert_eq!(
        t.order_count(),
        60,
        "each reached the service at once, once"
    );
    let here = tokio::task::block_in_place(|| far.kept_here()).unwrap();
    assert_eq!(
        here, 40,
        "the records made after the cut are kept at the counter"
    );
    assert_eq!(
        orders.return_kept().await,
        40,
        "the count the screens show, asked while the shop is still away"
    );
    let listed = tokio::task::block_in_place(|| far.journal(&svc())).unwrap();
    assert_eq!(
        listed.len(),
        40,
        "the counter lists what it keeps while the shop is away"
    );
    // End of day counts them too, on their day, and does not pretend to know the closing.
    let today = parcel_desk::store::counter_day(listed[0].created_at);
    let (points, closed) = tokio::task::block_in_place(|| {
        (
            far.day_points(&svc(), today, today),
            far.closed_day(&svc(), today),
        )
    });
    assert_eq!(points.expect("the day's points while away").len(), 40);
    assert!(
        matches!(closed, Err(parcel_desk::store::StoreError::ShopAway)),
        "{closed:?}"
    );
    let waiting = tokio::task::block_in_place(|| far.outbox_count(&svc())).unwrap();
    assert_eq!(waiting, 0, "nothing waits: every order is confirmed");
    let seen = tokio::task::block_in_place(|| near.journal(&svc())).unwrap();
    assert_eq!(seen.len(), 20, "the other counter has what the shop has");
    // A counter started while the line is cut opens all the same and makes its order too.
    let late = open(line.settings(&shop));
    assert!(late.shop_away());
    let late_orders = Orders::new(svc(), late.clone(), Arc::new(legacy(&t).await), None);
    let started_away = late_orders.create(legacy_order()).await;
    assert!(
        matches!(started_away, CreateResult::Created(_)),
        "{started_away:?}"
    );
    line.mend();
    let mut passes = 0;
    loop {
        let left = orders.return_kept().await + late_orders.return_kept().await;
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
    // On today's register, all of them (brought while the day is open).
    let day = parcel_desk::store::counter_day(journal[0].created_at);
    let on_register = tokio::task::block_in_place(|| near.day_orders(&svc(), day)).unwrap();
    assert_eq!(on_register.len(), 61);
}

/// The shop's database is lost while a create is on the wire and the service then answers: the
/// counter has the answer, so the order is made (kept at the counter, the customer has the
/// barcode), and it reaches the shop's journal once the database answers again, with no clerk
/// action and no second order; its entry, left in the shop's outbox by the lost connection,
/// goes with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 3)]
async fn an_answer_that_comes_after_the_shop_database_went_away_is_kept_and_brought_once() {
    let Some(shop) = tokio::task::block_in_place(test_shop::fresh_schema) else {
        return;
    };
    let server = std::env::var(test_shop::SERVER).expect("the test server");
    let line = common::cut_line::CutLine::to(&server).await;
    let t = twin().await;
    let far = tokio::task::block_in_place(|| {
        Arc::new(Store::open_in_memory_with_shop(&line.settings(&shop)).expect("a counter"))
    });
    let near = tokio::task::block_in_place(|| {
        Arc::new(Store::open_in_memory_with_shop(&shop).expect("the other counter"))
    });
    let orders = Orders::new(svc(), far.clone(), Arc::new(legacy(&t).await), None);
    // The service takes its time; the line is cut while the request is on the wire.
    t.set_faults(parcel_desk::twin::Faults {
        latency_after_ms: 600,
        ..parcel_desk::twin::Faults::default()
    });
    let create = tokio::spawn({
        let orders = orders.clone();
        async move { orders.create(legacy_order()).await }
    });
    tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    line.cut();
    let made = create.await.expect("the create's task");
    let CreateResult::Created(row) = made else {
        panic!("the answer came, so the order is made: {made:?}");
    };
    assert_eq!(t.order_count(), 1);
    assert_eq!(tokio::task::block_in_place(|| far.kept_here()).unwrap(), 1);
    let listed = tokio::task::block_in_place(|| far.journal_get(&svc(), row.order_id)).unwrap();
    assert!(listed.is_some(), "its detail and label are there at once");
    t.set_faults(parcel_desk::twin::Faults::default());
    line.mend();
    // Kept until the counter meets the shop again (it tries every few seconds); -1 while away.
    let mut passes = 0;
    while orders.return_kept().await != 0 {
        passes += 1;
        assert!(passes < 100, "never brought to the shop");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let journal = tokio::task::block_in_place(|| near.journal(&svc())).unwrap();
    assert_eq!(
        journal.iter().map(|r| r.order_id).collect::<Vec<_>>(),
        [row.order_id],
        "in the shop's journal, once"
    );
    let waiting = tokio::task::block_in_place(|| near.outbox_count(&svc())).unwrap();
    assert_eq!(waiting, 0, "its entry left the shop's outbox with it");
    orders.drain().await;
    assert_eq!(t.order_count(), 1, "never sent a second time");
}

/// A day closed at one counter is closed at every other within a second: the shop announces it.
#[tokio::test(flavor = "multi_thread", worker_threads = 3)]
async fn a_day_closed_at_one_counter_is_closed_at_the_others_within_a_second() {
    let Some(shop) = tokio::task::block_in_place(test_shop::fresh_schema) else {
        return;
    };
    let open = || {
        tokio::task::block_in_place(|| Store::open_in_memory_with_shop(&shop).expect("a counter"))
    };
    let (one, other) = (open(), open());
    let day = parcel_desk::store::counter_day(chrono::Utc::now().timestamp());
    let seen = other.journal_generation();
    tokio::task::block_in_place(|| one.close_day(&svc(), day, &[], "aziza", "[]", 5)).unwrap();
    let closed = std::time::Instant::now();
    while other.journal_generation() == seen {
        assert!(
            closed.elapsed() < std::time::Duration::from_secs(1),
            "the other counter did not hear of it within a second"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let there = tokio::task::block_in_place(|| other.closed_day(&svc(), day)).unwrap();
    assert!(there.is_some(), "closed there too");
}

/// Three counters on one shop database that goes away in the middle of a burst and comes back:
/// each keeps making orders meanwhile, and once the counters meet the database again every one
/// of them lists every order within two seconds.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_counters_list_every_order_within_two_seconds_of_meeting_the_shop_again() {
    let Some(shop) = tokio::task::block_in_place(test_shop::fresh_schema) else {
        return;
    };
    let server = std::env::var(test_shop::SERVER).expect("the test server");
    let line = Arc::new(common::cut_line::CutLine::to(&server).await);
    let t = twin().await;
    let mut counters = Vec::new();
    for _ in 0..3 {
        let store = tokio::task::block_in_place(|| {
            Arc::new(Store::open_in_memory_with_shop(&line.settings(&shop)).expect("a counter"))
        });
        let orders = Orders::new(svc(), store.clone(), Arc::new(legacy(&t).await), None);
        counters.push((store, orders));
    }
    const EACH: usize = 20;
    let runs: Vec<_> = counters
        .iter()
        .enumerate()
        .map(|(i, (_, orders))| {
            let (orders, line) = (orders.clone(), line.clone());
            tokio::spawn(async move {
                for n in 0..EACH {
                    if i == 0 && n == EACH / 3 {
                        line.cut();
                    }
                    match orders.create(legacy_order()).await {
                        CreateResult::Created(_) => {}
                        other => panic!("counter {i}, order {n}: {other:?}"),
                    }
                }
            })
        })
        .collect();
    for r in runs {
        r.await.expect("a counter's run");
    }
    assert_eq!(t.order_count(), 3 * EACH, "every order made at once, once");
    line.mend();
    // Each counter's worker brings what it kept, as the desk's does (every second here).
    let mended = std::time::Instant::now();
    let mut met: Vec<Option<std::time::Instant>> = vec![None; 3];
    let mut whole: Vec<Option<std::time::Instant>> = vec![None; 3];
    while whole.iter().any(Option::is_none) {
        assert!(
            mended.elapsed() < std::time::Duration::from_secs(20),
            "never caught up"
        );
        for (i, (store, orders)) in counters.iter().enumerate() {
            let kept = orders.return_kept().await;
            if kept == 0 && met[i].is_none() {
                met[i] = Some(std::time::Instant::now());
            }
            let listed = tokio::task::block_in_place(|| store.journal(&svc())).unwrap();
            if met[i].is_some() && listed.len() == 3 * EACH && whole[i].is_none() {
                whole[i] = Some(std::time::Instant::now());
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let last_met = met
        .iter()
        .flatten()
        .max()
        .copied()
        .expect("all met the shop");
    for (i, w) in whole.iter().enumerate() {
        let after = w.expect("listed").saturating_duration_since(last_met);
        assert!(
            after <= std::time::Duration::from_secs(2),
            "counter {i} listed every order {after:?} after the counters met the shop"
        );
    }
    let journal = tokio::task::block_in_place(|| counters[0].0.journal(&svc())).unwrap();
    let keys: HashSet<_> = journal.iter().map(|r| r.wcs_code()).collect();
    assert_eq!(keys.len(), 3 * EACH, "each once");
}

/// An idle counter tells a database that went away at its next look (the outbox worker's, once
/// a second), not only when the clerk next uses it: the connection looks open until used, so
/// the look asks the database something empty.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_counter_notices_the_shop_database_gone_at_its_next_look() {
    let Some(shop) = tokio::task::block_in_place(test_shop::fresh_schema) else {
        return;
    };
    let server = std::env::var(test_shop::SERVER).expect("the test server");
    let line = common::cut_line::CutLine::to(&server).await;
    let settings = line.settings(&shop);
    let idle = tokio::task::block_in_place(move || {
        Store::open_in_memory_with_shop(&settings).expect("a counter")
    });
    tokio::task::block_in_place(|| idle.notice_shop());
    assert!(!idle.shop_away(), "the database answers");
    line.cut();
    tokio::task::block_in_place(|| idle.notice_shop());
    assert!(idle.shop_away(), "one look after the cut tells it");
    let read_while_away = idle.journal_generation();
    line.mend();
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    tokio::task::block_in_place(|| idle.notice_shop());
    assert!(!idle.shop_away(), "and one look after it is back");
    assert!(
        idle.journal_generation() > read_while_away,
        "what the lists read while it was away is read again"
    );
}
