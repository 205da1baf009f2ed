//! A whole day at one counter, compressed into a bounded run: the window is driven (the Orders
//! screen shown and filtered, frames stepped) while the desk behind it creates thousands of
//! orders on the service, prints every one of them to a label printer, and follows their
//! statuses as the service's clock runs fast (each tick moves every open order one status and
//! sends its notifications to the desk's receiver, registered as a shop registers it; the poller
//! reads the rest). The service is the twin in a process of its own, so this process's memory is
//! the desk's. After a warm-up, resident memory stays flat and frames stay fast; at the end the
//! journal holds exactly the twin's orders, each once, in the twin's status.
//!
//! Bounded: `ROUNDS` rounds of `PER_ROUND` orders, with a deadline for the whole run. The test
//! profile is unoptimised, so the frame bound is a 60 Hz frame rather than the release budget
//! (which `cargo bench --bench orders_table` holds).

mod common;

use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use parcel_desk::api::codes::OrderStatus;
use parcel_desk::desk::domestic::orders::CreateResult;
use parcel_desk::desk::task::{Poll, Task};
use parcel_desk::ui::{DeskApp, ScreenId, tr};
use std::collections::BTreeMap;
use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const ROUNDS: usize = 20;
const PER_ROUND: usize = 100;
/// Rounds before memory is taken as the baseline: the database's caches, the allocator's pools
/// and the connections fill in the first hundreds of orders.
const WARM_UP: usize = 8;
/// The whole run's limit: far above what it takes, so only a stuck desk reaches it.
const WHOLE_RUN: Duration = Duration::from_secs(600);
/// What the resident memory may grow over the 1,200 orders after the warm-up: the journal's rows
/// (a few hundred bytes an order) and what the database and the allocator still settle (the last
/// rounds add about 1 MB each, falling). A leak of 14 KB an order or more (a day's labels or
/// requests kept) fails it.
const MEMORY_GROWTH: u64 = 16 * 1024 * 1024;
/// A frame's median in a round, in this unoptimised build: a 60 Hz frame.
const FRAME: Duration = Duration::from_millis(16);

/// The twin as a service of its own: `parcel-desk sandbox`, its URLs as it prints them (legacy,
/// current, warehouse, control). Stopped when dropped.
struct Service {
    child: std::process::Child,
    urls: Vec<String>,
}

impl Service {
    fn start() -> Service {
        use std::io::BufRead;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_parcel-desk"))
            .args([
                "sandbox",
                "--listen",
                "127.0.0.1:0",
                "--control",
                "127.0.0.1:0",
            ])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the twin starts");
        let out = child.stdout.take().expect("its output");
        let urls = std::io::BufReader::new(out)
            .lines()
            .take(4)
            .map(|l| {
                let l = l.expect("a line");
                l.split_whitespace().nth(1).expect("a URL").to_string()
            })
            .collect();
        Service { child, urls }
    }

    fn control(&self) -> &str {
        &self.urls[3]
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A raw-port label printer that counts the labels it is sent (`^XZ`), keeping no bytes.
fn counting_printer() -> (String, Arc<AtomicUsize>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let address = listener.local_addr().expect("address").to_string();
    let labels = Arc::new(AtomicUsize::new(0));
    let count = labels.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { break };
            let count = count.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 16 * 1024];
                // A label's end may fall across two reads: the last two bytes are read again
                // with the next (`^XZ` cannot overlap itself, so none is counted twice).
                let mut seen: Vec<u8> = Vec::new();
                while let Ok(n) = stream.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    seen.extend_from_slice(&buf[..n]);
                    let found = seen.windows(3).filter(|w| *w == b"^XZ").count();
                    count.fetch_add(found, Ordering::SeqCst);
                    seen.drain(..seen.len().saturating_sub(2));
                }
            });
        }
    });
    (address, labels)
}

/// The resident memory, once the allocator gave back what is free: what the desk holds, not
/// what the allocator keeps for later (glibc keeps freed memory of its threads' arenas, and how
/// much depends on how the threads met, which made the same run differ by 10 MB).
fn resident() -> u64 {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn malloc_trim(pad: usize) -> i32;
        }
        // SAFETY: glibc's malloc_trim only returns free memory to the system; it takes no
        // pointer and is safe to call at any time from any thread.
        unsafe {
            malloc_trim(0);
        }
    }
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

/// One frame of the window, timed.
fn frame(h: &mut Harness<'static, DeskApp>) -> Duration {
    let start = Instant::now();
    h.step();
    start.elapsed()
}

/// Steps frames until every task is ready; their results, and the frames' times.
fn drive<T>(
    h: &mut Harness<'static, DeskApp>,
    mut tasks: Vec<Task<T>>,
    frames: &mut Vec<Duration>,
    what: &str,
) -> Vec<T> {
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut done: Vec<Option<T>> = tasks.iter().map(|_| None).collect();
    loop {
        frames.push(frame(h));
        for (task, slot) in tasks.iter_mut().zip(done.iter_mut()) {
            if slot.is_none() {
                match task.poll() {
                    Poll::Ready(v) => *slot = Some(v),
                    Poll::Lost => panic!("{what}: a task was lost"),
                    Poll::Pending => {}
                }
            }
        }
        if done.iter().all(Option::is_some) {
            return done.into_iter().flatten().collect();
        }
        assert!(Instant::now() < deadline, "{what}: timed out");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The twin's orders: id → (barcode, status).
fn twin_orders(control: &str) -> BTreeMap<i64, (String, i64)> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let list = rt.block_on(common::get_json(format!("{control}/sandbox/orders")));
    list.as_array()
        .expect("a list")
        .iter()
        .map(|o| {
            (
                o["orderId"].as_i64().expect("id"),
                (
                    o["barcode"].as_str().expect("barcode").to_string(),
                    // The twin names the current interface's status; the journal keeps the
                    // legacy id the desk reads.
                    OrderStatus::try_from(o["status"].as_i64().expect("status"))
                        .expect("a known status")
                        .legacy()
                        .code(),
                ),
            )
        })
        .collect()
}

fn tick(control: &str) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(common::post_json(
        format!("{control}/sandbox/clock/tick"),
        serde_json::json!({}),
    ));
}

#[test]
fn a_whole_day_of_orders_prints_and_statuses_with_the_window_driven() {
    let started = Instant::now();
    let service = Service::start();
    let control = service.control().to_string();
    let env = Env::new("soak");
    {
        use parcel_desk::desk::session::settings::{
            LastLogin, LiveSettings, ServiceUrls, Settings,
        };
        let settings = Settings {
            service: Some(ServiceUrls {
                legacy: service.urls[0].clone(),
                current: service.urls[1].clone(),
                warehouse: service.urls[2].clone(),
            }),
            last_login: Some(LastLogin {
                username: "demo".into(),
                inn: "123456789".into(),
                current_login: "demo".into(),
                ..LastLogin::default()
            }),
            live: LiveSettings {
                poll_seconds: 5,
                receiver: Some(true),
                port: 0,
                key: "soak-key".into(),
                ..LiveSettings::default()
            },
            ..Settings::default()
        };
        settings.save(&env.paths().config_dir).expect("settings");
    }
    let (printer, labels) = counting_printer();
    let mut h = ready_by_hand(env.desk());
    step_until(&mut h, "the receiver listening", |h| {
        h.state().desk.receiver_url().is_some()
    });
    let request = parcel_desk::api::webhook::WebhookConfigRequest {
        webhook_url: h.state().desk.receiver_url().expect("its address"),
        has_token: false,
        environment: None,
        partner_api_key: Some("soak-key".into()),
    };
    let registering = h
        .state()
        .desk
        .register_webhook(parcel_desk::desk::live::Route::Legacy, request);
    let registered = drive(&mut h, vec![registering], &mut Vec::new(), "registering");
    assert!(registered[0].is_ok(), "{:?}", registered[0]);
    {
        let desk = &mut h.state_mut().desk;
        common::set_printing(desk, |p| {
            p.printer = Some(parcel_desk::label::print::Printer::NetworkZpl { address: printer })
        });
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "the orders screen", |h| {
        h.state().screen() == ScreenId::Orders
    });

    let mut baseline: Option<(u64, Duration)> = None;
    let mut worst_frames = Duration::ZERO;
    let mut printed = 0usize;
    for round in 0..ROUNDS {
        assert!(started.elapsed() < WHOLE_RUN, "the run took too long");
        let mut frames = Vec::new();
        // A round's orders, sent together as a busy counter's queue would.
        let creates: Vec<Task<CreateResult>> = (0..PER_ROUND)
            .map(|i| {
                let mut order = common::legacy_order();
                order.receiver = format!("Mijoz {round}-{i}");
                h.state()
                    .desk
                    .create_order(order)
                    .expect("orders available")
            })
            .collect();
        let created = drive(&mut h, creates, &mut frames, "creates");
        let ids: Vec<i64> = created
            .into_iter()
            .map(|r| match r {
                CreateResult::Created(row) => row.order_id,
                other => panic!("round {round}: not created: {other:?}"),
            })
            .collect();
        // The clerk types into the filter between rounds: the list follows the journal.
        if round % 5 == 0 {
            replace_text(&mut h, &tr("orders.filter"), &format!("Mijoz {round}-"));
            replace_text(&mut h, &tr("orders.filter"), "");
        }
        // The round's labels, one batch.
        let (_progress, job) = h.state().desk.print_labels(ids, None).expect("printing");
        let problems = drive(&mut h, vec![job], &mut frames, "printing");
        assert!(problems[0].is_empty(), "round {round}: {:?}", problems[0]);
        printed += PER_ROUND;
        // The twin's clock: every open order one status on, notifications sent.
        tick(&control);
        for _ in 0..20 {
            frames.push(frame(&mut h));
        }
        let frames = median(frames);
        if round + 1 == WARM_UP {
            baseline = Some((resident(), frames));
        }
        if round >= WARM_UP {
            worst_frames = worst_frames.max(frames);
        }
        eprintln!(
            "round {round}: {} MB resident, frame median {:.2} ms",
            resident() / 1_000_000,
            frames.as_secs_f64() * 1e3
        );
    }

    // Every label reached the printer.
    let deadline = Instant::now() + Duration::from_secs(20);
    while labels.load(Ordering::SeqCst) < printed {
        assert!(Instant::now() < deadline, "labels missing at the printer");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(labels.load(Ordering::SeqCst), printed, "each label once");

    // The journal holds exactly the twin's orders, in the twin's statuses: notifications and the
    // poller bring the last tick's moves within seconds.
    let expected = twin_orders(&control);
    assert_eq!(
        expected.len(),
        ROUNDS * PER_ROUND,
        "the twin has each order once"
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        frame(&mut h);
        let journal: BTreeMap<i64, (String, i64)> = common::wait(h.state().desk.load_journal())
            .expect("the journal")
            .into_iter()
            .map(|r| (r.order_id, (r.barcode().to_string(), r.status_id)))
            .collect();
        if journal == expected {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the journal never matched the twin: {} rows, {} differ, e.g. {:?} against {:?}",
            journal.len(),
            expected
                .iter()
                .filter(|(id, v)| journal.get(id) != Some(v))
                .count(),
            journal.iter().next(),
            expected.iter().next()
        );
        std::thread::sleep(Duration::from_millis(200));
    }

    let (warm_memory, warm_frames) = baseline.expect("warmed up");
    let grown = resident().saturating_sub(warm_memory);
    assert!(
        grown <= MEMORY_GROWTH,
        "memory grew {} MB after the warm-up",
        grown / 1_000_000
    );
    assert!(
        worst_frames <= FRAME,
        "a round's frames took {worst_frames:?} (after the warm-up: {warm_frames:?})"
    );
}
