//! How fast labels render: one 100 × 150 label and 500 labels, as PDF and as ZPL, from orders
//! already read (what the print queue does after the journal lookup), and one label whose name
//! and address are 200,000 characters each (a field no label can show costs what a full box
//! costs, so one such order cannot hold up the queue).
//! Run: `cargo bench --bench labels` (add `-- PDF` or another word to run only those).

#[path = "../tests/common/label_sender.rs"]
mod label_sender;

use chrono::NaiveDate;
use parcel_desk::api::codes::Language;
use parcel_desk::api::{Sum, Weight};
use parcel_desk::label::order::{Handover, LabelOrder, Party, SortCodes};
use parcel_desk::label::{Dpi, Format, LabelSize, Stock, render};
use std::time::{Duration, Instant};

fn order(i: i64) -> LabelOrder {
    let id = 4_300_001 + i;
    let barcode = format!("01991{id:07}");
    LabelOrder {
        order_id: id,
        tracking: Some(parcel_desk::api::tracking::tracking_link(
            &url::Url::parse("https://track.example.uz/track").expect("URL"),
            id,
            &barcode,
        )),
        barcode,
        receiver: Party {
            name: "Qoʻchqorova Gʻulomjon — Қўшқўрғонова Ҳилола".into(),
            phones: vec!["+998 91 765 43 21".into()],
            address: "Samarqand, Registon koʻchasi 2, 45-xonadon".into(),
            city: "Samarqand".into(),
            region: "Samarqand viloyati".into(),
        },
        handover: Handover::Office(Some("Registon filiali".into())),
        sender: label_sender::tashkent_sender(),
        sort: SortCodes::default(),
        weight: Weight::from_grams(2_500),
        pieces: 1,
        package: "Quti".into(),
        shipment: "Posilka".into(),
        cod: (i % 3 == 0).then_some(Sum(250_000)),
        take_photo: i % 2 == 0,
        return_waybill: false,
        date: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap_or_default(),
        client_ref: None,
        cancelled: false,
    }
}

/// Runs `f` `runs` times and prints its best and mean; skipped when the command line names
/// other benchmarks (`cargo bench --bench labels -- PDF` runs only those whose name has "PDF").
fn time(what: &str, runs: u32, mut f: impl FnMut() -> usize) {
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if !wanted.is_empty() && !wanted.iter().any(|w| what.contains(w.as_str())) {
        return;
    }
    let _ = f(); // warm-up: font parsing happens once per process
    let mut best = Duration::MAX;
    let mut total = Duration::ZERO;
    let mut bytes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        bytes = f();
        let e = t.elapsed();
        best = best.min(e);
        total += e;
    }
    println!(
        "{what:<28} best {:>8.2} ms   mean {:>8.2} ms   {bytes} bytes",
        best.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3 / runs as f64
    );
}

fn main() {
    let stock = Stock {
        size: LabelSize::L100x150,
        dpi: Dpi::D203,
        lang: Language::Uz,
    };
    let one = vec![order(0)];
    let many: Vec<LabelOrder> = (0..500).map(order).collect();
    time("500 QR codes", 5, || {
        many.iter()
            .filter_map(|o| parcel_desk::label::symbols::qr(o.tracking.as_deref()?).ok())
            .count()
    });
    time("500 labels, layout only", 5, || {
        parcel_desk::label::pages(&many, stock).map_or(0, |p| p.len())
    });
    for (format, name) in [(Format::Pdf, "PDF"), (Format::Zpl, "ZPL")] {
        let size = |r: parcel_desk::label::Rendered| r.single_file().map_or(0, <[u8]>::len);
        time(&format!("1 label, {name}"), 50, || {
            render(&one, stock, format).map(size).unwrap_or(0)
        });
        time(&format!("500 labels, {name}"), 5, || {
            render(&many, stock, format).map(size).unwrap_or(0)
        });
    }
    let mut long = order(0);
    long.receiver.name = "Qoʻchqorova Gʻulomjon Қўшқўрғонова "
        .repeat(6_000)
        .chars()
        .take(200_000)
        .collect();
    long.receiver.address = "Ж".repeat(200_000);
    let long = vec![long];
    for (format, name) in [
        (Format::Pdf, "PDF"),
        (Format::Zpl, "ZPL"),
        (Format::Png, "PNG"),
    ] {
        let size = |r: parcel_desk::label::Rendered| r.single_file().map_or(0, <[u8]>::len);
        time(&format!("200,000-char name, {name}"), 20, || {
            render(&long, stock, format).map(size).unwrap_or(0)
        });
    }
    // Not a label's cost: sent ahead of a printer's first job in a run (made once per run).
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if wanted.is_empty() || wanted.iter().any(|w| "ZPL faces".contains(w.as_str())) {
        let t = Instant::now();
        let faces = parcel_desk::label::zpl::font_download().len();
        println!(
            "ZPL faces, once a printer     made in {:>6.2} ms                       {faces} bytes",
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}
