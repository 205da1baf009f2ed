//! What only a shop database does: several counters on one journal. Each test opens three
//! stores, as three counters would, on one fresh schema of the test server.

use super::db::{Sql, args};
use super::{JournalRow, ServiceKey, Store, test_shop};
use std::time::{Duration, Instant};

fn counters(n: usize) -> Option<Vec<Store>> {
    let url = test_shop::fresh_schema()?;
    Some(
        (0..n)
            .map(|_| Store::open_in_memory_with_shop(&url).expect("a counter on the test server"))
            .collect(),
    )
}

/// How many of the counters' tries, made all at once (a thread each), succeeded.
fn winners(desks: &[Store], try_it: impl Fn(&Store) -> bool + Sync) -> usize {
    std::thread::scope(|s| {
        let tries: Vec<_> = desks.iter().map(|d| s.spawn(|| try_it(d))).collect();
        tries
            .into_iter()
            .map(|t| usize::from(t.join().unwrap()))
            .sum()
    })
}

fn row(id: i64, key: &str) -> JournalRow {
    super::journal_row::sample_row(id, key, 1_763_967_600 + id)
}

#[test]
fn an_order_made_at_one_counter_shows_at_the_others_within_a_second() {
    let Some(desks) = counters(3) else { return };
    let svc = ServiceKey::new("svc");
    let before: Vec<u64> = desks.iter().map(Store::journal_generation).collect();
    desks[0]
        .outbox_add(&svc, "K1", "{}", None, "aziza", 1)
        .unwrap();
    desks[0]
        .journal_confirm(&svc, &row(1, "K1"), "{}", Some("K1"), 2)
        .unwrap();
    let written = Instant::now();
    for (i, d) in desks.iter().enumerate().skip(1) {
        while d.journal_generation() == before[i] {
            assert!(
                written.elapsed() < Duration::from_secs(1),
                "counter {i} was not told within a second"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(d.journal(&svc).unwrap(), vec![row(1, "K1")]);
        assert_eq!(d.outbox_count(&svc).unwrap(), 0);
    }
}

#[test]
fn a_key_enters_the_shop_outbox_once_whichever_counters_try_it() {
    let Some(desks) = counters(3) else { return };
    let svc = ServiceKey::new("svc");
    let won = winners(&desks, |d| {
        d.outbox_add(&svc, "SAME", "{}", None, "x", 1).is_ok()
    });
    assert_eq!(won, 1, "exactly one counter's entry is kept");
    for d in &desks {
        assert_eq!(d.outbox_count(&svc).unwrap(), 1);
    }
}

#[test]
fn the_shop_records_are_shared_and_each_counters_drafts_are_its_own() {
    let Some(desks) = counters(2) else { return };
    let svc = ServiceKey::new("svc");
    desks[0].put_draft("new-order", "{\"a\":1}", 1).unwrap();
    assert_eq!(desks[1].draft("new-order").unwrap(), None);
    desks[0]
        .outbox_add_from_form(&svc, "K2", "{}", ("{\"a\":1}", "new-order"), "x", 2)
        .unwrap();
    assert_eq!(
        desks[0].draft("new-order").unwrap(),
        None,
        "the form is gone"
    );
    assert_eq!(
        desks[1].outbox_get(&svc, "K2").unwrap().map(|e| e.wcs_code),
        Some("K2".into())
    );
}

#[test]
fn a_lost_connection_to_the_shop_is_opened_again_at_the_next_call() {
    let Some(mut desks) = counters(1) else { return };
    let s = desks.remove(0);
    let svc = ServiceKey::new("svc");
    s.outbox_add(&svc, "K1", "{}", None, "x", 1).unwrap();
    let pid: i64 = s
        .conn()
        .query_one("SELECT pg_backend_pid()", args![], |r| r.get(0))
        .unwrap();
    let server = std::env::var(test_shop::SERVER).expect("the test server");
    let mut admin = postgres::Client::connect(&server, postgres::NoTls).unwrap();
    let pid = i32::try_from(pid).unwrap();
    admin
        .execute("SELECT pg_terminate_backend($1)", &[&pid])
        .unwrap();
    // The call that meets the closed connection may count only what is kept at this counter
    // (none); the next one connects again.
    let answers: Vec<_> = (0..3).map(|_| s.outbox_count(&svc).ok()).collect();
    assert!(matches!(answers[0], Some(0 | 1)), "{answers:?}");
    assert_eq!(answers[1..], [Some(1), Some(1)], "{answers:?}");
}

#[test]
fn one_counter_at_a_time_sends_an_entry_and_a_stopped_ones_claim_runs_out() {
    let Some(desks) = counters(3) else { return };
    let svc = ServiceKey::new("svc");
    desks[0]
        .outbox_add(&svc, "K1", "{}", None, "x", 100)
        .unwrap();
    let won = winners(&desks, |d| d.outbox_sending(&svc, "K1", 101).unwrap());
    assert_eq!(won, 1, "exactly one counter sends it");
    assert!(
        !desks[1]
            .outbox_sending(&svc, "K1", 101 + super::outbox::SENDING_LEASE - 1)
            .unwrap()
    );
    assert!(
        desks[1]
            .outbox_sending(&svc, "K1", 101 + super::outbox::SENDING_LEASE)
            .unwrap(),
        "a claim left by a counter that stopped runs out"
    );
}

#[test]
fn over_tls_the_server_is_proven_by_the_shops_own_authority_or_refused() {
    let Some((server, certs)) = test_shop::fresh_schema_over_tls() else {
        return;
    };
    let with = |extra: &str| format!("{server} sslmode=require {extra}");
    let ca = certs.join("ca.pem");
    let store = Store::open_in_memory_with_shop(&with(&format!("sslrootcert='{}'", ca.display())))
        .expect("a counter over TLS, trusting the shop's authority");
    let encrypted: bool = store
        .conn()
        .query_one(
            "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
            args![],
            |r| r.get(0),
        )
        .unwrap();
    assert!(encrypted, "the connection is encrypted");
    let svc = ServiceKey::new("svc");
    store
        .outbox_add(&svc, "K1", "{}", None, "aziza", 1)
        .unwrap();
    assert_eq!(store.outbox_count(&svc).unwrap(), 1);
    // A server whose certificate another authority signed, or no authority of the shop's
    // named (the public ones do not know a shop's own): never reached, never made plain. The
    // counter starts as with a database away, keeping its orders itself.
    let other = certs.join("other-ca.pem");
    for refused in [
        with(&format!("sslrootcert='{}'", other.display())),
        with(""),
    ] {
        let counter = Store::open_in_memory_with_shop(&refused).expect("the counter starts");
        assert!(counter.shop_away(), "{refused}");
        // What it reads is its own file: the shop's entry is not seen, so the server was
        // never reached.
        let seen = counter.outbox_count(&svc).expect("its own file answers");
        assert_eq!(seen, 0, "{refused}");
    }
    // An authority's file that cannot be read can never work: said at once.
    let missing = Store::open_in_memory_with_shop(&with("sslrootcert=/no/such/ca.pem"));
    assert!(
        matches!(missing, Err(super::StoreError::Certificate(_))),
        "{:?}",
        missing.err()
    );
}

#[test]
fn a_shop_database_that_asks_for_a_password_is_reached_with_it_and_says_when_it_is_refused() {
    let Some(url) = test_shop::fresh_schema() else {
        return;
    };
    let (as_counter, password) = test_shop::role_with_password(&url);
    let svc = ServiceKey::new("svc");
    for refused in [
        as_counter.clone(),
        super::shop_address::with_password(&as_counter, "wrong"),
    ] {
        let store = Store::open_in_memory_with_shop(&refused).expect("the counter starts");
        assert!(store.shop_away(), "{refused}");
        assert!(store.shop_refuses_login(), "{refused}");
    }
    let admitted = super::shop_address::with_password(&as_counter, &password);
    let store = Store::open_in_memory_with_shop(&admitted).expect("the counter starts");
    assert!(!store.shop_away() && !store.shop_refuses_login());
    store
        .outbox_add(&svc, "K1", "{}", None, "aziza", 1)
        .unwrap();
    assert!(!store.shop_away(), "written to the shop's database");
    // The counter's own file names the database it brought its history to without the password.
    store.bring_history().unwrap();
    let named: String = store
        .local()
        .query_one("SELECT shop FROM brought_to_shop", args![], |r| r.get(0))
        .unwrap();
    assert_eq!(named, as_counter);
    // A file from before, whose name of the database held the password, is named anew without
    // it, and its history is not brought again.
    let before = Store::open_in_memory_with_shop(&admitted).expect("the counter starts");
    before
        .local()
        .execute(
            "INSERT INTO brought_to_shop (shop, at) VALUES (?1, 1)",
            args![admitted],
        )
        .unwrap();
    assert_eq!(before.bring_history().unwrap(), 0);
    let named: String = before
        .local()
        .query_one("SELECT shop FROM brought_to_shop", args![], |r| r.get(0))
        .unwrap();
    assert_eq!(named, as_counter);
    // A database that is merely away is not a refused login.
    let gone = Store::open_in_memory_with_shop("host=127.0.0.1 port=9 connect_timeout=2")
        .expect("the counter starts");
    assert!(gone.shop_away() && !gone.shop_refuses_login());
}

#[test]
fn a_counter_that_joins_a_shop_brings_its_earlier_records_once() {
    let Some(url) = test_shop::fresh_schema() else {
        return;
    };
    let svc = ServiceKey::new("svc");
    // Alone, before the shop had a database: an order taken here and one looked up.
    let (dir, file) = super::test_file::left_by("joins-shop", "desk.sqlite", |alone| {
        alone
            .outbox_add(&svc, "K1", "{}", None, "aziza", 1)
            .unwrap();
        alone
            .journal_confirm(&svc, &row(1, "K1"), "{}", Some("K1"), 2)
            .unwrap();
        alone
            .journal_confirm(&svc, &row(2, "elsewhere"), "{}", None, 3)
            .unwrap();
        let print = crate::PrintRecord {
            order_id: 1,
            barcode: row(1, "K1").barcode().to_string(),
            at: 4,
            outcome: crate::PrintOutcome::Printed,
            printer: "Counter_Labels".into(),
            reason: None,
            hands: crate::Hands {
                clerk: Some("aziza".into()),
                counter: None,
            },
        };
        alone.log_print(&svc, &print).unwrap();
    });
    let (alone_day, shared_day) = (
        chrono::NaiveDate::from_ymd_opt(2026, 11, 2).unwrap(),
        chrono::NaiveDate::from_ymd_opt(2026, 11, 3).unwrap(),
    );
    {
        let alone = Store::open(&file).unwrap();
        for day in [alone_day, shared_day] {
            alone.close_day(&svc, day, &[], "aziza", "[]", 5).unwrap();
        }
    }
    // Another counter of the shop took an order on the second day.
    let other = Store::open_in_memory_with_shop(&url).unwrap();
    other.set_counter("Kassa 2");
    other.outbox_add(&svc, "K9", "{}", None, "bek", 6).unwrap();
    other
        .journal_confirm(&svc, &row(9, "K9"), "{}", Some("K9"), 7)
        .unwrap();
    other
        .conn()
        .execute(
            "UPDATE journal SET register_day = '2026-11-03' WHERE order_id = 9",
            args![],
        )
        .unwrap();
    let joined = Store::open_shop(&file, &url).unwrap();
    joined.set_counter("Kassa 1");
    assert_eq!(
        joined.bring_history().unwrap(),
        4,
        "two orders, a print, the day closed alone"
    );
    assert!(other.closed_day(&svc, alone_day).unwrap().is_some());
    assert_eq!(
        other.closed_day(&svc, shared_day).unwrap(),
        None,
        "a day other counters worked stays open in the shop"
    );
    assert_eq!(joined.bring_history().unwrap(), 0, "once");
    let seen = other.journal(&svc).unwrap();
    let counter_of = |id: i64| {
        seen.iter()
            .find(|r| r.order_id == id)
            .map(|r| r.counter.as_deref().map(str::to_string))
    };
    assert_eq!(counter_of(1), Some(Some("Kassa 1".into())), "made here");
    assert_eq!(counter_of(2), Some(None), "looked up: no counter made it");
    assert_eq!(other.prints_of(&svc, 1).unwrap().len(), 1);
    // A copy cut short before it was noted is done again without a print counted twice.
    joined
        .local()
        .execute("DELETE FROM brought_to_shop", args![])
        .unwrap();
    assert_eq!(joined.bring_history().unwrap(), 0);
    assert_eq!(other.prints_of(&svc, 1).unwrap().len(), 1);
    drop(joined);
    let _ = std::fs::remove_dir_all(&dir);
}
