//! End of day against the demo twin: the day's totals over orders of known cost, cash on
//! delivery and weight (one delivered, so its COD is due rather than to come); closing the day
//! keeps the register as printed, later orders go to the next day's register, a second close is
//! refused; the register PDF's pages and totals read back as text; the CSV holds the day.

mod common;

use common::*;
use parcel_desk::api::codes::Language;
use parcel_desk::desk::day::Register;
use parcel_desk::desk::day::day_exports::{day_csv, day_xlsx};
use parcel_desk::desk::day::day_report::{DayLine, Stage, Whose};
use parcel_desk::desk::domestic::orders::CreateResult;
use parcel_desk::desk::session::settings::{LiveSettings, Settings};
use parcel_desk::desk::{Desk, DeskError, DeskPaths};
use parcel_desk::store::{JournalRow, StoreError};

fn paths(name: &str) -> DeskPaths {
    let dir = std::env::temp_dir().join(format!("parcel-desk-eod-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    DeskPaths {
        config_dir: dir.join("config"),
        data_dir: dir.join("data"),
    }
}

fn created(desk: &Desk, order: parcel_desk::api::legacy::OrderInput) -> JournalRow {
    match wait(desk.create_order(order).expect("orders wired")) {
        CreateResult::Created(row) => row,
        other => panic!("not created: {other:?}"),
    }
}

/// The PDF's pages, each as its text.
fn pdf_pages(bytes: &[u8]) -> Vec<String> {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    let count = doc.get_pages().len() as u32;
    (1..=count)
        .map(|p| doc.extract_text(&[p]).expect("text"))
        .collect()
}

/// Digits only, so grouped sums read the same whatever space groups them.
fn digits(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{2009}')
        .collect()
}

#[test]
fn a_day_closes_with_a_register_its_totals_and_the_next_day_takes_later_orders() {
    let rt = runtime();
    let p = paths("close");
    let settings = Settings {
        live: LiveSettings {
            poll_seconds: 0,
            receiver: Some(false),
            ..LiveSettings::default()
        },
        ..Settings::default()
    };
    settings.save(&p.config_dir).expect("settings");
    let mut desk = Desk::start(rt.handle().clone(), p).expect("demo desk");
    log_in_demo(&mut desk);

    let mut heavy = legacy_order();
    heavy.receiver = "Toshmatov Sardor".into();
    heavy.weight = parcel_desk::api::Weight::from_grams(4_000);
    let rows = [
        created(&desk, cod_order(&desk, "Karimova Dilnoza", 150_000)),
        created(&desk, cod_order(&desk, "Valiyeva Gulnora", 50_000)),
        created(&desk, heavy),
    ];
    // The second is delivered: its cash on delivery is now due, not to come.
    let control = desk.twin_control().expect("twin control");
    let delivered = rows[1].order_id;
    for _ in 0..20 {
        let r = rt
            .block_on(
                raw()
                    .post(format!("{control}/sandbox/orders/{delivered}/advance"))
                    .send(),
            )
            .expect("advance");
        assert!(r.status().is_success());
        wait(desk.refresh_order(delivered).expect("session")).expect("refreshed");
        let journal = wait(desk.load_journal()).expect("journal");
        if journal
            .iter()
            .any(|r| r.order_id == delivered && Stage::of(r.status_id) == Stage::Delivered)
        {
            break;
        }
    }

    // A fourth, cancelled: it stays at the counter.
    let mut cancelled_order = legacy_order();
    cancelled_order.receiver = "Bekorova Dilnoza".into();
    let cancelled = created(&desk, cancelled_order);
    wait(desk.cancel_order(cancelled.order_id).expect("session")).expect("cancelled");

    let day = parcel_desk::store::counter_day(rows[0].created_at);
    let report = wait(desk.day_report(day, Whose::default()).expect("a session")).expect("report");
    assert_eq!(
        report
            .cancelled
            .iter()
            .map(|l| l.order_id)
            .collect::<Vec<_>>(),
        [cancelled.order_id],
        "listed apart"
    );
    assert_eq!(report.day_cancelled, 1);
    let t = report.totals;
    assert_eq!(t.orders, 3);
    assert_eq!(t.cost, rows.iter().map(|r| r.cost).sum::<i64>());
    assert_eq!((t.cod_to_come, t.cod_due), (150_000, 50_000));
    assert_eq!(t.grams, 2_500 + 2_500 + 4_000);
    assert!(t.pieces >= 3, "one piece at least each: {}", t.pieces);
    assert_eq!(report.clerks, ["demo"]);
    assert!(report.waiting.is_empty());
    assert!(
        report
            .by_stage
            .iter()
            .any(|(s, t)| *s == Stage::Delivered && t.orders == 1)
    );
    assert_eq!(report.hours.iter().sum::<u32>(), 3);
    // The day-by-day chart stacks every order made by stage: the cancelled one as cancelled.
    let last = report.days.last().expect("thirty days");
    assert_eq!((last.day, last.by_stage.iter().sum::<u32>()), (day, 4));
    let cancelled_stage = Stage::ALL
        .iter()
        .position(|s| *s == Stage::Cancelled)
        .expect("a stage");
    assert_eq!(last.by_stage[cancelled_stage], 1);
    assert_eq!(last.cod, 200_000);
    assert!(report.closed.is_none());

    // The day's CSV: a header and one line per order, the register's then the cancelled one,
    // barcodes written for a spreadsheet to keep as text (="0199…"), the cancelled one marked.
    let csv = day_csv(&report.lines, &report.cancelled, Language::En).expect("csv");
    let mut reader = csv::Reader::from_reader(&csv[3..]);
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a line")).collect();
    let barcodes: Vec<String> = records
        .iter()
        .map(|r| {
            r[1].trim_start_matches("=\"")
                .trim_end_matches('"')
                .to_string()
        })
        .collect();
    let mut expected: Vec<String> = rows.iter().map(|r| r.barcode().to_string()).collect();
    expected.push(cancelled.barcode().to_string());
    assert_eq!(barcodes, expected);
    assert!(records[3][12].contains("cancelled"), "{:?}", records[3]);
    assert!(!xlsx_is_empty(&day_xlsx(
        &report.lines,
        &report.cancelled,
        Language::En
    )));

    let register: Register =
        wait(desk.close_day(day, "Karimova Aziza").expect("a session")).expect("closed");
    assert_eq!(register.lines.len(), 3);
    assert_eq!(register.cancelled.len(), 1);
    let pdf = register.pdf(Language::En).expect("pdf");
    let pages = pdf_pages(&pdf);
    assert_eq!(pages.len(), 1);
    let text = digits(&pages[0]);
    for r in &rows {
        assert!(
            text.contains(r.barcode()),
            "{} on the register",
            r.barcode()
        );
    }
    assert!(
        !text.contains(cancelled.barcode()),
        "the cancelled one is not listed: {text}"
    );
    assert!(text.contains("notlisted"), "but counted: {text}");
    assert!(text.contains("Parcels:3"), "{text}");
    assert!(text.contains("COD:200000"), "{text}");
    let shipping: i64 = rows.iter().map(|r| r.cost).sum();
    assert!(
        text.contains(&format!("Shippingcharged:{shipping}")),
        "{text}"
    );
    assert!(text.contains("Totalweight:9kg"), "{text}");
    assert!(text.contains("Receivedbythecourier"), "{text}");
    assert!(
        text.contains("KarimovaAziza"),
        "handed over by the clerk's name: {text}"
    );
    // Its document says when it was made and what it is.
    let doc = lopdf::Document::load_mem(&pdf).expect("a PDF");
    let info = doc
        .trailer
        .get(b"Info")
        .and_then(|i| doc.dereference(i))
        .expect("info")
        .1;
    let info = info.as_dict().expect("a dictionary");
    let created_at = info
        .get(b"CreationDate")
        .and_then(|d| d.as_str())
        .expect("a date");
    let year = chrono::Utc::now().format("%Y").to_string();
    assert!(
        String::from_utf8_lossy(created_at).contains(&year),
        "{}",
        String::from_utf8_lossy(created_at)
    );

    // After closing, a new order goes to the next day's register; the closed one is unchanged.
    let late = created(&desk, legacy_order());
    let again = wait(desk.day_report(day, Whose::default()).expect("a session")).expect("report");
    assert_eq!(again.totals.orders, 3);
    assert!(again.closed.is_some());
    let next = day.succ_opt().expect("a next day");
    let tomorrow =
        wait(desk.day_report(next, Whose::default()).expect("a session")).expect("report");
    assert_eq!(
        tomorrow
            .lines
            .iter()
            .map(|l| l.order_id)
            .collect::<Vec<_>>(),
        [late.order_id]
    );
    match wait(desk.close_day(day, "").expect("a session")) {
        Err(DeskError::Store(StoreError::DayClosed(_))) => {}
        other => panic!("a closed day closed again: {other:?}"),
    }
    let kept = wait(desk.closed_register(day).expect("a session"))
        .expect("read")
        .expect("closed");
    assert_eq!(kept, register);
}

fn line(i: i64) -> DayLine {
    DayLine {
        order_id: i,
        barcode: format!("{:012}", 19_910_000_000 + i),
        created_at: 1_763_967_600 + i,
        clerk: Some("demo".into()),
        counter: None,
        receiver: "Abdulazizxoʻja Gʻulomov".into(),
        city: "Samarqand".into(),
        city_id: Some(101),
        region: Some("Samarqand viloyati".into()),
        region_id: Some(12),
        pickup: Some(0),
        pieces: 2,
        grams: 1_250,
        cod: Some(10_000),
        cost: 30_000,
        status_id: 1,
        status_name: "Qabul qilindi".into(),
        customer: Some("Demo MChJ".into()),
    }
}

/// A day's register of `lines`, closed at a counter named `counter` (or none).
fn register(lines: Vec<DayLine>, counter: Option<&str>) -> Register {
    Register {
        day: chrono::NaiveDate::from_ymd_opt(2026, 11, 24).expect("a day"),
        closed_at: 1_763_985_600,
        clerk: "demo".into(),
        inn: "123456789".into(),
        company: Some("Demo MChJ".into()),
        counter: counter.map(str::to_string),
        lines,
        cancelled: Vec::new(),
    }
}

/// Whether a workbook holds nothing but its frame (a sheet of one header row).
fn xlsx_is_empty(bytes: &Result<Vec<u8>, String>) -> bool {
    use std::io::Read;
    let Ok(bytes) = bytes else { return true };
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a workbook");
    let mut sheet = String::new();
    zip.by_name("xl/worksheets/sheet1.xml")
        .expect("a sheet")
        .read_to_string(&mut sheet)
        .expect("text");
    sheet.matches("<row").count() <= 1
}

#[test]
fn a_long_register_runs_over_pages_and_totals_only_on_the_last() {
    let register = register((1..=40).map(line).collect(), Some("Kassa 1"));
    let pages = pdf_pages(&register.pdf(Language::Ru).expect("pdf"));
    assert_eq!(pages.len(), 3);
    let last = digits(&pages[2]);
    assert!(last.contains("40"), "{last}");
    assert!(last.contains("400000"), "COD total: {last}");
    assert!(
        last.contains("50кг"),
        "weight total, as Russian writes it: {last}"
    );
    for page in &pages[..2] {
        assert!(!digits(page).contains("400000"), "totals only at the end");
    }
    // Every page is headed with the day and its number.
    for (i, page) in pages.iter().enumerate() {
        assert!(page.contains("24.11.2026"));
        assert!(page.contains(&format!("Лист {} из 3", i + 1)), "{page}");
    }
}

/// The register the courier signs writes its weights as each language writes a number: the
/// decimal comma in Uzbek and Russian (2,500 read there as two thousand five hundred), the point
/// in English; thousands grouped.
#[test]
fn the_register_writes_its_weights_as_each_language_does() {
    let register = register((1..=3).map(line).collect(), None);
    for (lang, row, total) in [
        (Language::Uz, "1,25", "3,75kg"),
        (Language::Ru, "1,25", "3,75кг"),
        (Language::En, "1.25", "3.75kg"),
    ] {
        let pages = pdf_pages(&register.pdf(lang).expect("pdf"));
        let text = digits(&pages[0]);
        assert!(text.contains(row), "{lang:?}: each row's weight: {text}");
        assert!(text.contains(total), "{lang:?}: the total: {text}");
        assert!(!text.contains("1.250"), "{lang:?}: never 1.250: {text}");
    }
}

/// The day's exports read back as a spreadsheet in each locale reads them: a byte-order mark,
/// `;` between fields where the decimal comma is written (`,` in English), the barcode as text
/// with its zero, the moment `DD.MM.YYYY HH:MM`, the weight a number in the language's form;
/// the workbook with numbers as numbers and the barcode as text.
#[test]
fn the_day_s_exports_read_back_in_every_locale() {
    use calamine::{Data, Reader, Xlsx};
    let lines: Vec<DayLine> = (1..=2).map(line).collect();
    for (lang, sep, weight) in [
        (Language::Ru, b';', "1,25"),
        (Language::Uz, b';', "1,25"),
        (Language::En, b',', "1.25"),
    ] {
        let csv = day_csv(&lines, &[], lang).expect("a CSV");
        assert!(csv.starts_with(b"\xEF\xBB\xBF"), "{lang:?}");
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(sep)
            .from_reader(&csv[3..]);
        let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
        assert_eq!(rows.len(), 2, "{lang:?}");
        assert_eq!(
            &rows[0][1], "=\"019910000001\"",
            "{lang:?}: the barcode as text"
        );
        assert!(
            rows[0][2].len() == 16 && rows[0][2].chars().nth(2) == Some('.'),
            "{lang:?}: DD.MM.YYYY HH:MM, {}",
            &rows[0][2]
        );
        assert_eq!(&rows[0][8], weight, "{lang:?}: the weight");
        let xlsx = day_xlsx(&lines, &[], lang).expect("a workbook");
        let mut book = Xlsx::new(std::io::Cursor::new(xlsx)).expect("readable");
        let sheet = book.worksheet_range_at(0).expect("a sheet").expect("cells");
        assert_eq!(
            sheet.get((1, 1)),
            Some(&Data::String("019910000001".into()))
        );
        assert_eq!(sheet.get((1, 8)), Some(&Data::Float(1.25)));
        assert!(
            matches!(sheet.get((1, 2)), Some(Data::DateTime(_))),
            "{lang:?}"
        );
    }
}
