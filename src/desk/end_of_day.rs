//! Closing the day at this desk: the day's report read off the UI thread, closing the day (its
//! register kept exactly as printed, later orders moved to the next day's register), the register
//! drawn, printed on a PDF printer or saved, and the day's orders as CSV.

use super::day_report::{CHART_DAYS, DayInputs, DayLine, DayReport, PlaceNames, Whose, report};
use super::printing::PrintProblem;
use super::task::Task;
use super::{Desk, DeskError};
use crate::api::Sum;
use crate::api::codes::Language;
use crate::label::print::{self, Printer};
use crate::label::register::{RegisterHead, RegisterRow, handover_register};
use crate::label::{LabelSize, Page};
use crate::text::day::counter_zone;
use chrono::NaiveDate;
use rust_i18n::t;
use serde::{Deserialize, Serialize};

/// A closed day's register: what the courier signed, kept to be printed again unchanged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Register {
    pub day: NaiveDate,
    pub closed_at: i64,
    pub clerk: String,
    /// The tax number of the company the parcels were handed over for.
    pub inn: String,
    pub lines: Vec<DayLine>,
}

/// What a closed day keeps in the store besides its day, time and clerk.
#[derive(Serialize, Deserialize)]
struct Paper {
    inn: String,
    lines: Vec<DayLine>,
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

pub use crate::text::day::today;

/// A day as the counter writes it.
pub fn day_text(day: NaiveDate) -> String {
    day.format("%d.%m.%Y").to_string()
}

/// A moment as the counter writes it: day and time at the counter.
pub fn moment(at: i64) -> String {
    chrono::DateTime::from_timestamp(at, 0)
        .map(|d| {
            d.with_timezone(&counter_zone())
                .format("%d.%m.%Y %H:%M")
                .to_string()
        })
        .unwrap_or_default()
}

impl Register {
    /// The register's pages in `lang`.
    pub fn pages(&self, lang: Language) -> Result<Vec<Page>, crate::label::DesignError> {
        let locale = lang.as_str();
        let head = RegisterHead {
            inn: self.inn.clone(),
            day: day_text(self.day),
            closed: t!(
                "doc.closed_by",
                locale = locale,
                at = moment(self.closed_at),
                clerk = self.clerk
            )
            .to_string(),
            clerk: self.clerk.clone(),
        };
        let rows: Vec<RegisterRow> = self
            .lines
            .iter()
            .map(|l| RegisterRow {
                barcode: l.barcode.clone(),
                receiver: l.receiver.clone(),
                city: l.city.clone(),
                pieces: l.pieces,
                grams: l.grams,
                cod: l.cod,
            })
            .collect();
        handover_register(&head, &rows, lang)
    }

    /// The register as a PDF file's bytes.
    pub fn pdf(&self, lang: Language) -> Result<Vec<u8>, String> {
        let pages = self.pages(lang).map_err(|e| e.to_string())?;
        let title = format!("register-{}", self.day);
        crate::label::pdf::render_pdf(&pages, &title).map_err(|e| e.to_string())
    }

    /// The proposed file name of its PDF.
    pub fn file_name(&self) -> String {
        format!("register-{}.pdf", self.day)
    }
}

/// The day's orders as CSV (UTF-8 with a byte-order mark, so a spreadsheet reads the letters),
/// headed in `lang`.
pub fn day_csv(lines: &[DayLine], lang: Language) -> Result<Vec<u8>, String> {
    let locale = lang.as_str();
    let head = [
        "order", "barcode", "created", "clerk", "receiver", "city", "region", "pieces", "weight",
        "cod", "cost", "status",
    ]
    .map(|k| t!(format!("eod.csv_{k}"), locale = locale).to_string());
    let mut out = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    out.write_record(&head).map_err(|e| e.to_string())?;
    for l in lines {
        let key = format!("legacy_status.{}", l.status_id);
        let status = match t!(&key, locale = locale).to_string() {
            named if named != key => named,
            _ => l.status_name.clone(),
        };
        out.write_record([
            l.order_id.to_string(),
            l.barcode.clone(),
            moment(l.created_at),
            l.clerk.clone().unwrap_or_default(),
            l.receiver.clone(),
            l.city.clone(),
            l.region.clone().unwrap_or_default(),
            l.pieces.to_string(),
            crate::api::Weight::from_grams(l.grams).to_decimal_string(),
            l.cod.map(|c| c.to_string()).unwrap_or_default(),
            l.cost.to_string(),
            status,
        ])
        .map_err(|e| e.to_string())?;
    }
    out.into_inner().map_err(|e| e.to_string())
}

impl Desk {
    /// The directory's cities and regions by id, in the clerk's language (empty before the
    /// directories are read).
    pub fn place_names(&self) -> PlaceNames {
        let Some(d) = &self.directories else {
            return PlaceNames::default();
        };
        PlaceNames {
            cities: d
                .data
                .cities
                .iter()
                .enumerate()
                .map(|(i, c)| (c.id, d.city_name_at(i).to_string()))
                .collect(),
            regions: d
                .data
                .regions
                .iter()
                .filter_map(|r| Some((r.id, d.region_name(r.id)?.to_string())))
                .collect(),
        }
    }

    /// The report of `day` at this desk, for one clerk or (`None`) all; `None` without a session
    /// or a database.
    pub fn day_report(
        &self,
        day: NaiveDate,
        whose: Whose,
    ) -> Option<Task<Result<DayReport, DeskError>>> {
        let (store, svc) = self.books()?;
        Some(self.spawn_blocking(move || {
            let first = day
                .checked_sub_days(chrono::Days::new(CHART_DAYS - 1))
                .unwrap_or(day);
            let orders = store.day_orders(&svc, day)?;
            let closed = store.closed_day(&svc, day)?;
            let inputs = DayInputs {
                day,
                lines: orders.iter().map(DayLine::from_order).collect(),
                outbox: store.outbox(&svc)?,
                points: store.day_points(&svc, first, day)?,
                closed: closed.map(|c| (c.closed_at, c.clerk)),
                today: today(),
            };
            Ok(report(inputs, whose))
        }))
    }

    /// Closes `day` for every clerk of this desk: its register is kept as it is now, and orders
    /// confirmed from now on go to the next open day's.
    pub fn close_day(&self, day: NaiveDate) -> Option<Task<Result<Register, DeskError>>> {
        let (store, svc) = self.books()?;
        let session = self.session.as_ref()?;
        let clerk = session.legacy_user.clone();
        let (inn, names) = (session.inn.clone(), self.place_names());
        Some(self.spawn_blocking(move || {
            let orders = store.day_orders(&svc, day)?;
            let mut lines: Vec<DayLine> = orders.iter().map(DayLine::from_order).collect();
            for l in &mut lines {
                l.rename(&names);
            }
            let ids: Vec<i64> = lines.iter().map(|l| l.order_id).collect();
            let paper = serde_json::to_string(&Paper {
                inn: inn.clone(),
                lines: lines.clone(),
            })?;
            let at = now();
            store.close_day(&svc, day, &ids, &clerk, &paper, at)?;
            Ok(Register {
                day,
                closed_at: at,
                clerk,
                inn,
                lines,
            })
        }))
    }

    /// The register of a closed day, as it was printed; `Ok(None)` when `day` is open.
    pub fn closed_register(
        &self,
        day: NaiveDate,
    ) -> Option<Task<Result<Option<Register>, DeskError>>> {
        let (store, svc) = self.books()?;
        Some(self.spawn_blocking(move || {
            let Some(closed) = store.closed_day(&svc, day)? else {
                return Ok(None);
            };
            let paper: Paper = serde_json::from_str(&closed.lines)?;
            Ok(Some(Register {
                day,
                closed_at: closed.closed_at,
                clerk: closed.clerk,
                inn: paper.inn,
                lines: paper.lines,
            }))
        }))
    }

    /// Prints a register on the configured PDF printer, on A4; a label printer taking ZPL
    /// cannot print it (the clerk saves it as PDF instead).
    pub fn print_register(&self, register: Register) -> Task<Result<(), PrintProblem>> {
        let printer = self.settings.printing.printer.clone();
        let (lang, spooler) = (self.settings.language, self.spooler.clone());
        self.spawn(async move {
            let queue = match printer {
                None => return Err(print::PrintError::NoPrinter.into()),
                Some(Printer::SystemPdf { queue }) => queue,
                Some(_) => return Err(PrintProblem::NotForDocuments),
            };
            let bytes = tokio::task::spawn_blocking(move || register.pdf(lang))
                .await
                .map_err(|e| PrintProblem::Render(e.to_string()))?
                .map_err(PrintProblem::Render)?;
            let job = print::Job {
                document: &bytes,
                size: LabelSize::A4,
                page_height_mm: 297.0,
                copies: 1,
                title: "register",
            };
            print::send(&Printer::SystemPdf { queue }, &spooler, job)
                .await
                .map_err(PrintProblem::from)
        })
    }
}

/// Money as the register and the screen show it.
pub fn money(sum: i64) -> String {
    Sum(sum).to_string()
}
