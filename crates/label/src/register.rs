//! The handover register a counter prints when it closes a day: every parcel handed to the
//! courier with its barcode as Code 128 bars, receiver, city, pieces, weight and cash on
//! delivery; the totals and the lines where clerk and courier sign on the last page. Drawn with
//! the documents' pen in the label's one layout, so the PDF renderer prints it.

use super::design::DesignError;
use super::documents::{A4, MARGIN, Pen, say};
use super::fit::fit_line;
use super::font::Face;
use super::layout::{Item, Page, TextLine};
use api::Sum;
use api::codes::Language;
use rust_i18n::t;

/// One parcel on the register.
#[derive(Debug, Clone, PartialEq)]
pub struct RegisterRow {
    pub barcode: String,
    pub receiver: String,
    pub city: String,
    pub pieces: i64,
    pub grams: u64,
    /// Cash on delivery, whole sum.
    pub cod: Option<i64>,
    /// Shipping charged, whole sum.
    pub cost: i64,
}

/// What heads every page.
#[derive(Debug, Clone, PartialEq)]
pub struct RegisterHead {
    /// The company the parcels are handed over for, as the service names it.
    pub company: Option<String>,
    /// The company's tax number.
    pub inn: String,
    /// The shop's counter that closed the day, where counters are named.
    pub counter: Option<String>,
    /// The day, as the clerk reads dates.
    pub day: String,
    /// When it was closed and by whom, as one line.
    pub closed: String,
    /// Who hands the parcels over (the clerk's name).
    pub clerk: String,
    /// How many of the day's orders were cancelled and stay at the counter (not listed).
    pub cancelled: usize,
}

const ROW: f32 = 13.0;
/// Left edges of the columns: number, bars, receiver, city, pieces, weight, COD.
const COLS: [f32; 7] = [0.0, 8.0, 45.0, 100.0, 130.0, 141.0, 156.0];
/// Room the totals and signatures need below the last row.
const FOOT: f32 = 52.0;

/// Grams as kilograms in the register's language (`1,25` in Uzbek and Russian).
fn kilograms(grams: u64, lang: Language) -> String {
    text::number::kilograms(grams, lang.as_str())
}

fn heading(pen: &mut Pen, head: &RegisterHead, lang: Language) {
    pen.line(
        6.0,
        Face::Bold,
        &format!("{} — {}", say("doc.register", lang), head.day),
    );
    let locale = lang.as_str();
    let company = match &head.company {
        Some(name) => t!("doc.company", locale = locale, name = name, inn = head.inn),
        None => t!("doc.shop", locale = locale, inn = head.inn),
    };
    pen.line(3.6, Face::Regular, &company);
    let mut closed = head.closed.clone();
    if let Some(counter) = &head.counter {
        closed = format!(
            "{closed} · {}",
            t!("doc.counter", locale = locale, name = counter)
        );
    }
    pen.line(3.2, Face::Regular, &closed);
    pen.rule();
    let names = [
        "№",
        &say("doc.barcode", lang),
        &say("doc.receiver", lang),
        &say("doc.city", lang),
        &say("doc.pieces", lang),
        &say("doc.kg", lang),
        &say("doc.cod", lang),
    ];
    let widths = widths();
    for ((x, w), name) in COLS.iter().zip(widths).zip(names) {
        pen.text_at(MARGIN + x, w - 1.0, 3.2, Face::Bold, name);
    }
    pen.y += 5.0;
    pen.rule();
}

fn widths() -> [f32; 7] {
    let inner = A4.0 - 2.0 * MARGIN;
    let mut w = [0.0; 7];
    for i in 0..7 {
        let next = COLS.get(i + 1).copied().unwrap_or(inner);
        w[i] = next - COLS[i];
    }
    w
}

/// The register's pages: rows in order, totals and signature lines after the last.
pub fn handover_register(
    head: &RegisterHead,
    rows: &[RegisterRow],
    lang: Language,
) -> Result<Vec<Page>, DesignError> {
    let widths = widths();
    let mut pages = Vec::new();
    let mut pen = Pen::new(A4, MARGIN);
    heading(&mut pen, head, lang);
    let bottom = A4.1 - MARGIN;
    for (i, r) in rows.iter().enumerate() {
        // The last row keeps the totals with it on its page.
        let need = if i + 1 == rows.len() { ROW + FOOT } else { ROW };
        if pen.y + need > bottom {
            pages.push(std::mem::replace(&mut pen, Pen::new(A4, MARGIN)).page());
            heading(&mut pen, head, lang);
        }
        let top = pen.y;
        pen.y = top + 1.0;
        pen.text_at(MARGIN, widths[0], 3.4, Face::Bold, &format!("{}.", i + 1));
        pen.y = top;
        if pen.bars(MARGIN + COLS[1], 7.5, &r.barcode).is_err() {
            // Still on the register, as its digits: a closed day must always print.
            tracing::warn!("{:?} cannot be drawn as Code 128", r.barcode);
        }
        pen.y = top + 8.2;
        pen.text_at(
            MARGIN + COLS[1],
            widths[1] - 1.0,
            2.8,
            Face::Regular,
            &r.barcode,
        );
        pen.y = top + 1.0;
        for (col, text) in [(2, &r.receiver), (3, &r.city)] {
            let w = widths[col] - 1.5;
            pen.text_lines(MARGIN + COLS[col], w, (3.4, Face::Regular), text, 2);
        }
        let cells = [
            (4, r.pieces.to_string()),
            (5, kilograms(r.grams, lang)),
            (6, r.cod.map(|c| Sum(c).to_string()).unwrap_or_default()),
        ];
        for (col, text) in cells {
            pen.text_at(
                MARGIN + COLS[col],
                widths[col] - 1.5,
                3.4,
                Face::Regular,
                &text,
            );
        }
        pen.y = top + ROW;
    }
    if rows.is_empty() && pen.y + FOOT > bottom {
        pages.push(std::mem::replace(&mut pen, Pen::new(A4, MARGIN)).page());
        heading(&mut pen, head, lang);
    }
    pen.rule();
    let pieces: i64 = rows.iter().map(|r| r.pieces).sum();
    let grams: u64 = rows.iter().map(|r| r.grams).sum();
    let cod: i64 = rows.iter().filter_map(|r| r.cod).sum();
    let cost: i64 = rows.iter().map(|r| r.cost).sum();
    pen.line(
        4.0,
        Face::Bold,
        &format!(
            "{}: {}  ·  {}: {}  ·  {}: {} {}",
            say("doc.parcels", lang),
            rows.len(),
            say("doc.pieces", lang),
            pieces,
            say("doc.total_weight", lang),
            kilograms(grams, lang),
            say("doc.kg", lang),
        ),
    );
    pen.line(
        4.0,
        Face::Bold,
        &format!(
            "{}: {} {}  ·  {}: {} {}",
            say("doc.shipping", lang),
            Sum(cost),
            say("order.sum", lang),
            say("doc.cod", lang),
            Sum(cod),
            say("order.sum", lang)
        ),
    );
    if head.cancelled > 0 {
        // Counted, never listed: the courier does not take them.
        let note = t!(
            "doc.cancelled_not_handed",
            locale = lang.as_str(),
            n = head.cancelled
        );
        pen.line(3.4, Face::Regular, &note);
    }
    pen.y += 8.0;
    for (who, name) in [
        ("doc.handed_over", head.clerk.as_str()),
        ("doc.courier", ""),
    ] {
        pen.line(
            3.6,
            Face::Regular,
            &format!(
                "{}: {}______________________   {} ____________",
                say(who, lang),
                if name.is_empty() {
                    String::new()
                } else {
                    format!("{name}  ")
                },
                say("doc.signature", lang)
            ),
        );
        pen.y += 7.0;
    }
    pages.push(pen.page());
    number_pages(&mut pages, lang);
    Ok(pages)
}

/// "Page 2 of 3" at the top right of every page, once their count is known.
fn number_pages(pages: &mut [Page], lang: Language) {
    let count = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        let text = t!(
            "doc.page_of",
            locale = lang.as_str(),
            page = i + 1,
            pages = count
        );
        let fitted = fit_line(&text, Face::Regular, 40.0, 3.2, 2.4);
        if let Some(line) = fitted.lines.first() {
            let x = A4.0 - MARGIN - Face::Regular.width_mm(line, fitted.size_mm);
            page.items.push(Item::Text(TextLine::at_top(
                x,
                MARGIN,
                fitted.size_mm,
                Face::Regular,
                line.clone(),
            )));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(i: u64) -> RegisterRow {
        RegisterRow {
            barcode: format!("{:012}", 19_910_000_000 + i),
            receiver: "Abdulazizxoʻja Gʻulomov".into(),
            city: "Samarqand".into(),
            pieces: 1,
            grams: 1250,
            cod: Some(100_000),
            cost: 25_000,
        }
    }

    #[test]
    fn long_days_run_over_pages_with_the_totals_on_the_last() {
        let head = RegisterHead {
            company: Some("Demo MChJ".into()),
            inn: "123456789".into(),
            counter: None,
            day: "2026-11-24".into(),
            closed: "closed".into(),
            clerk: "aziza".into(),
            cancelled: 1,
        };
        let one = handover_register(&head, &[row(1)], Language::En).unwrap();
        assert_eq!(one.len(), 1);
        let rows: Vec<RegisterRow> = (0..40).map(row).collect();
        let many = handover_register(&head, &rows, Language::Ru).unwrap();
        assert_eq!(many.len(), 3, "18 rows a page, the totals with the last");
        assert_eq!(
            handover_register(&head, &[], Language::Uz).unwrap().len(),
            1
        );
    }
}
