//! A day adds up, whatever it held: random days (orders of every status, cancellations,
//! deliveries, returns, several clerks and counters, with and without cash on delivery) are
//! reported, closed into a register and exported, and every figure is checked against a sum made
//! here independently of the desk: the screen's totals, the register's lines, its PDF's text
//! (no cancelled barcode on it), the CSV's and the workbook's rows.

use parcel_desk::api::codes::{Language, LegacyStatus};
use parcel_desk::desk::day::Register;
use parcel_desk::desk::day::day_exports::{day_csv, day_xlsx};
use parcel_desk::desk::day::day_report::{DayInputs, DayLine, Whose, report};
use parcel_desk::desk::day::handover::Handover;
use proptest::prelude::*;

const DAY_START: i64 = 1_764_010_800; // 2025-11-25 00:00 at the counter (UTC+5)

/// An order's status, cash on delivery, cost, pieces and grams.
type Parcel = (LegacyStatus, Option<i64>, i64, i64, u64);
/// Which clerk and counter took it (by index).
type Who = (usize, usize);

fn line(i: usize, (status, cod, cost, pieces, grams): Parcel, (clerk, counter): Who) -> DayLine {
    let id = 4_300_000 + i as i64;
    DayLine {
        order_id: id,
        barcode: format!("01991{id:07}"),
        created_at: DAY_START + 3600 * 8 + i as i64 * 97,
        clerk: Some(["aziza", "bek", "dilnoza"][clerk].into()),
        counter: [None, Some("Kassa 1"), Some("Kassa 2")][counter].map(str::to_string),
        receiver: format!("Oluvchi {i}"),
        city: "Samarqand shahar".into(),
        city_id: Some(101),
        region: Some("Samarqand viloyati".into()),
        region_id: Some(8),
        pickup: Some(0),
        pieces,
        grams,
        cod,
        cost,
        status_id: status.code(),
        status_name: status.label().into(),
        customer: Some("Demo MChJ".into()),
    }
}

fn a_line() -> impl Strategy<Value = (Parcel, Who)> {
    let status = prop::sample::select(LegacyStatus::ALL.to_vec());
    let cod = prop::option::of(1_000i64..2_000_000);
    (
        (status, cod, 10_000i64..200_000, 1i64..5, 100u64..30_000),
        (0usize..3, 0usize..3),
    )
}

/// What the courier takes, summed here: every order not cancelled.
#[derive(Debug, Default, PartialEq)]
struct Sums {
    orders: usize,
    cost: i64,
    cod_to_come: i64,
    cod_due: i64,
    pieces: i64,
    grams: u64,
}

fn sums<'a>(lines: impl IntoIterator<Item = &'a DayLine>) -> Sums {
    use LegacyStatus::*;
    let mut s = Sums::default();
    for l in lines {
        let status = LegacyStatus::try_from(l.status_id).expect("a status");
        if status == Refused {
            continue;
        }
        s.orders += 1;
        s.cost += l.cost;
        s.pieces += l.pieces;
        s.grams += l.grams;
        let cod = l.cod.unwrap_or(0);
        match status {
            Delivered => s.cod_due += cod,
            Return | Refused => {}
            _ => s.cod_to_come += cod,
        }
    }
    s
}

fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    let pages: Vec<u32> = (1..=doc.get_pages().len() as u32).collect();
    doc.extract_text(&pages)
        .expect("text")
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{2009}')
        .collect()
}

/// The number in a cell as the CSV writes it.
fn number(cell: &str) -> f64 {
    cell.parse().expect("a number")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_screen_the_register_and_the_exports_agree_with_a_sum_made_apart(
        specs in prop::collection::vec(a_line(), 0..30),
        whose in (0usize..4, 0usize..4),
    ) {
        let lines: Vec<DayLine> = specs
            .iter()
            .enumerate()
            .map(|(i, (l, who))| line(i, *l, *who))
            .collect();
        let day = parcel_desk::store::counter_day(DAY_START + 3600 * 9);
        let whose = Whose {
            clerk: ["aziza", "bek", "dilnoza"].get(whose.0).map(|c| c.to_string()),
            counter: ["Kassa 1", "Kassa 2"].get(whose.1).map(|c| c.to_string()),
        };
        let chosen: Vec<&DayLine> = lines
            .iter()
            .filter(|l| {
                whose.clerk.as_ref().is_none_or(|c| l.clerk.as_ref() == Some(c))
                    && whose.counter.as_ref().is_none_or(|c| l.counter.as_ref() == Some(c))
            })
            .collect();
        let r = report(
            DayInputs {
                day,
                lines: lines.clone(),
                outbox: vec![],
                points: vec![],
                closed: None,
                today: day,
            },
            whose.clone(),
        );
        // The screen: the chosen clerk's and counter's figures, and the whole day's.
        let t = r.totals;
        let screen = Sums {
            orders: t.orders,
            cost: t.cost,
            cod_to_come: t.cod_to_come,
            cod_due: t.cod_due,
            pieces: t.pieces,
            grams: t.grams,
        };
        prop_assert_eq!(screen, sums(chosen.iter().copied()));
        prop_assert_eq!(r.day_totals.orders, sums(&lines).orders);
        prop_assert_eq!(r.day_totals.cost, sums(&lines).cost);
        let refused = LegacyStatus::Refused.code();
        prop_assert!(r.lines.iter().all(|l| l.status_id != refused));
        prop_assert_eq!(
            r.cancelled.len(),
            chosen.iter().filter(|l| l.status_id == refused).count()
        );
        prop_assert_eq!(r.day_cancelled, lines.iter().filter(|l| l.status_id == refused).count());

        // The register, as closing makes it: every order not cancelled, in order.
        let parted = Handover::of(lines.clone());
        let register = Register {
            day,
            closed_at: DAY_START + 3600 * 20,
            clerk: "Karimova Aziza".into(),
            inn: "123456789".into(),
            company: Some("Demo MChJ".into()),
            counter: Some("Kassa 1".into()),
            lines: parted.lines.clone(),
            cancelled: parted.cancelled.clone(),
        };
        let expected: Vec<i64> = lines
            .iter()
            .filter(|l| l.status_id != refused)
            .map(|l| l.order_id)
            .collect();
        prop_assert_eq!(register.lines.iter().map(|l| l.order_id).collect::<Vec<_>>(), expected);
        let text = pdf_text(&register.pdf(Language::En).expect("a PDF"));
        for l in &lines {
            if l.status_id == refused {
                prop_assert!(!text.contains(&l.barcode), "{} is cancelled", l.barcode);
            } else {
                prop_assert!(text.contains(&l.barcode), "{} is handed over", l.barcode);
            }
        }
        let day_sums = sums(&lines);
        let parcels = format!("Parcels:{}", day_sums.orders);
        let shipping = format!("Shippingcharged:{}sum", day_sums.cost);
        prop_assert!(text.contains(&parcels), "{}", text);
        prop_assert!(text.contains(&shipping), "{}", text);

        // The CSV and the workbook: every order of the chosen, the cancelled marked, and the
        // handed-over rows adding up to the screen's totals.
        let csv = day_csv(&r.lines, &r.cancelled, Language::En).expect("a CSV");
        let mut reader = csv::Reader::from_reader(&csv[3..]);
        let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
        prop_assert_eq!(rows.len(), chosen.len());
        let handed: Vec<&csv::StringRecord> = rows.iter().filter(|r| &r[12] == "yes").collect();
        let cost: f64 = handed.iter().map(|r| number(&r[10])).sum();
        let cod: f64 = handed.iter().map(|r| number(&r[9])).sum();
        prop_assert_eq!(handed.len(), t.orders);
        prop_assert_eq!(cost as i64, t.cost);
        let cod_handed: i64 = chosen
            .iter()
            .filter(|l| l.status_id != refused)
            .map(|l| l.cod.unwrap_or(0))
            .sum();
        prop_assert_eq!(cod as i64, cod_handed);
        for r in &rows {
            prop_assert!(r[1].starts_with("=\"01991"), "a barcode kept as text: {}", &r[1]);
        }
        let book = day_xlsx(&r.lines, &r.cancelled, Language::En).expect("a workbook");
        let sheet = {
            use calamine::Reader;
            let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(book))
                .expect("a workbook");
            book.worksheet_range_at(0).expect("a sheet").expect("readable")
        };
        let cells: Vec<Vec<calamine::Data>> = sheet.rows().skip(1).map(<[_]>::to_vec).collect();
        prop_assert_eq!(cells.len(), chosen.len());
        let mut book_cost = 0.0;
        for row in &cells {
            // The barcode is text, zeros and all; the amounts are numbers.
            prop_assert!(matches!(&row[1], calamine::Data::String(b) if b.starts_with("01991")));
            prop_assert!(matches!(row[10], calamine::Data::Float(_)));
            if let (calamine::Data::Float(f), true) =
                (&row[10], row[12] == calamine::Data::String("yes".into()))
            {
                book_cost += f;
            }
        }
        prop_assert_eq!(book_cost as i64, t.cost);
    }
}
