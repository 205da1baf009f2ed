//! How the Orders screen scales with the journal: frame time of the table and the time to
//! re-filter after a keystroke, at 1,000 and 100,000 orders, headless (egui without a window).
//! Run: `cargo bench --bench orders_table`.

use parcel_desk::store::{JournalRow, RowFields, SharedNames};
use parcel_desk::ui::fonts;
use parcel_desk::ui::screens::orders::OrdersScreen;
use std::time::{Duration, Instant};

const CITIES: [&str; 6] = [
    "Toshkent",
    "Samarqand",
    "Buxoro",
    "Fargʻona",
    "Nukus",
    "Termiz",
];
const NAMES: [&str; 5] = [
    "Karimova Dilnoza",
    "Aliyev Ali",
    "Tursunov Sardor",
    "Yusupova Madina",
    "Rahimov Jasur",
];

fn rows(n: usize) -> Vec<JournalRow> {
    // As the journal reads them: one copy of each city and status name.
    let mut names = SharedNames::default();
    (0..n)
        .map(|i| {
            JournalRow::new(
                RowFields {
                    order_id: 4_300_001 + i as i64,
                    barcode: &format!("01991{:07}", 4_300_001 + i),
                    wcs_code: Some(&format!("PD-{i:x}")),
                    created_at: 1_795_000_000 + i as i64 * 60,
                    receiver: NAMES[i % NAMES.len()],
                    receiver_phone: &format!("+998 9{} {:07}", i % 10, i % 10_000_000),
                    city: CITIES[i % CITIES.len()],
                    status_id: [1, 2, 3, 33, 4, 6][i % 6],
                    status_name: "Yoʻlda",
                    cod: (i % 3 == 0).then_some(150_000),
                    cost: 25_000 + (i % 40) as i64 * 500,
                    counter: None,
                },
                &mut names,
            )
        })
        .collect()
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..egui::RawInput::default()
    }
}

fn frame(ctx: &egui::Context, screen: &mut OrdersScreen) -> Duration {
    let start = Instant::now();
    let _ = ctx.run_ui(input(), |ui| {
        egui::CentralPanel::default().show(ui, |ui| {
            let _ = screen.show(ui);
        });
    });
    start.elapsed()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Resident memory of this process in bytes (Linux; 0 elsewhere).
fn resident() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

/// What 100,000 journal rows add to a fresh process: read as the journal gives them, indexed for
/// the filter and drawn.
fn memory() {
    let ctx = egui::Context::default();
    fonts::install(&ctx);
    let mut warm = OrdersScreen::from_rows(rows(1_000));
    frame(&ctx, &mut warm);
    let before = resident();
    let mut screen = OrdersScreen::from_rows(rows(100_000));
    for _ in 0..3 {
        frame(&ctx, &mut screen);
    }
    let after = resident();
    println!(
        "100000 orders add {:.1} MB resident",
        after.saturating_sub(before) as f64 / 1e6
    );
}

fn main() {
    // Memory is measured in a process of its own: one that already held and freed 100,000 rows
    // would reuse that memory and show less than a clerk's desk adds.
    if std::env::var_os("ORDERS_MEMORY").is_some() {
        memory();
        return;
    }
    let ctx = egui::Context::default();
    fonts::install(&ctx);
    println!(
        "{:>8} {:>14} {:>18} {:>10}",
        "orders", "frame (median)", "re-filter + frame", "matches"
    );
    for n in [1_000usize, 100_000] {
        let mut screen = OrdersScreen::from_rows(rows(n));
        for _ in 0..5 {
            frame(&ctx, &mut screen);
        }
        let frames: Vec<Duration> = (0..60).map(|_| frame(&ctx, &mut screen)).collect();
        let mut typing = Vec::new();
        // The clerk types a name letter by letter, then clears it and types part of a phone.
        for word in ["Karimova", "4300"] {
            for end in 1..=word.len() {
                screen.set_filter(&word[..end]);
                typing.push(frame(&ctx, &mut screen));
            }
            screen.set_filter("");
            frame(&ctx, &mut screen);
        }
        screen.set_filter("Samar");
        frame(&ctx, &mut screen);
        println!(
            "{:>8} {:>11.2} ms {:>15.2} ms {:>10}",
            n,
            median(frames).as_secs_f64() * 1e3,
            median(typing).as_secs_f64() * 1e3,
            screen.shown()
        );
    }
    match std::env::current_exe() {
        Ok(me) => {
            let out = std::process::Command::new(me)
                .env("ORDERS_MEMORY", "1")
                .output();
            match out {
                Ok(o) => print!("{}", String::from_utf8_lossy(&o.stdout)),
                Err(e) => println!("memory not measured: {e}"),
            }
        }
        Err(e) => println!("memory not measured: {e}"),
    }
}
