//! How long the end-of-day report takes to compute over a month's journal: 100,000 orders over
//! 30 days (3,334 on the day itself, five clerks), the charts' 30 days of points included. The
//! desk computes it on the background runtime; this is the work it does there after reading.
//! Run: `cargo bench --bench end_of_day`.

use chrono::NaiveDate;
use parcel_desk::desk::day::day_report::{DayInputs, DayLine, Whose, report};
use parcel_desk::store::{DayPoint, Hands};
use std::time::{Duration, Instant};

const ORDERS: usize = 100_000;
const DAYS: usize = 30;
const CLERKS: [&str; 5] = ["aziza", "bobur", "dilnoza", "jasur", "madina"];

fn inputs(day: NaiveDate) -> DayInputs {
    let first = day - chrono::Days::new(DAYS as u64 - 1);
    let start = first
        .and_hms_opt(4, 0, 0)
        .map(|t| t.and_utc().timestamp())
        .unwrap_or_default();
    let points: Vec<DayPoint> = (0..ORDERS)
        .map(|i| {
            let d = i * DAYS / ORDERS;
            DayPoint {
                day: first + chrono::Days::new(d as u64),
                created_at: start + d as i64 * 86_400 + (i % 40_000) as i64,
                status_id: [1, 2, 3, 33, 4, 6][i % 6],
                cod: (i % 3 == 0).then_some(150_000),
                hands: Hands {
                    clerk: Some(CLERKS[i % CLERKS.len()].to_string()),
                    counter: None,
                },
            }
        })
        .collect();
    let lines: Vec<DayLine> = points
        .iter()
        .enumerate()
        .filter(|(_, p)| p.day == day)
        .map(|(i, p)| DayLine {
            order_id: 4_300_001 + i as i64,
            barcode: format!("01991{:07}", 4_300_001 + i),
            created_at: p.created_at,
            clerk: p.hands.clerk.clone(),
            counter: None,
            receiver: "Qoʻchqorova Gʻulomjon".into(),
            city: "Samarqand".into(),
            city_id: Some(100 + (i % 14) as i64),
            region: Some("Samarqand viloyati".into()),
            region_id: Some((i % 14) as i64 + 1),
            pickup: Some((i % 2) as i64 + 1),
            pieces: 1 + (i % 3) as i64,
            grams: 500 + (i % 20) as u64 * 250,
            cod: p.cod,
            cost: 25_000 + (i % 40) as i64 * 500,
            status_id: p.status_id,
            status_name: "Yoʻlda".into(),
            customer: Some("Demo MChJ".into()),
        })
        .collect();
    DayInputs {
        day,
        lines,
        outbox: Vec::new(),
        points,
        closed: None,
        today: day,
    }
}

fn main() {
    let day = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap_or_default();
    let made = inputs(day);
    let lines = made.lines.len();
    let mut times = Vec::new();
    for round in 0..25 {
        let copy = DayInputs {
            lines: made.lines.clone(),
            points: made.points.clone(),
            ..inputs_head(&made)
        };
        let whose = Whose {
            clerk: (round % 2 == 1).then(|| CLERKS[1].to_string()),
            counter: None,
        };
        let t = Instant::now();
        let r = report(copy, whose);
        times.push(t.elapsed());
        std::hint::black_box(r);
    }
    times.sort();
    let median: Duration = times[times.len() / 2];
    println!(
        "end of day over {ORDERS} orders in {DAYS} days ({lines} on the day): median {:.2} ms, best {:.2} ms",
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3
    );
}

/// The inputs' small parts, copied.
fn inputs_head(i: &DayInputs) -> DayInputs {
    DayInputs {
        day: i.day,
        lines: Vec::new(),
        outbox: Vec::new(),
        points: Vec::new(),
        closed: i.closed.clone(),
        today: i.today,
    }
}
