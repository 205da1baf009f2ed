//! The room of the day's end: the day's lines, the handover (who takes what), the report, the
//! exports, closing and the register.
//!
//! Closing the day at this desk: the day's report read off the UI thread, closing the day (its
//! register kept exactly as printed, later orders moved to the next day's register), the register
//! drawn, printed on a PDF printer or saved. The register is the day's orders the courier takes
//! ([`crate::day::handover`]); the exports are in `day_exports.rs`.

pub mod day_exports;
pub(crate) mod day_line;
pub mod day_report;
pub mod handover;

use crate::day::day_report::{
    CHART_DAYS, DayInputs, DayLine, DayReport, PlaceNames, Whose, report,
};
use crate::day::handover::Handover;
use crate::labels::printing::PrintProblem;
use crate::task::Task;
use crate::{Desk, DeskError};
use api::Sum;
use api::codes::Language;
use chrono::NaiveDate;
use label::print::{self, Printer};
use label::register::{RegisterHead, RegisterRow, handover_register};
use label::{LabelSize, Page};
use rust_i18n::t;
use serde::{Deserialize, Serialize};
use text::day::counter_zone;

/// A closed day's register: what the courier signed, kept to be printed again unchanged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Register {
    pub day: NaiveDate,
    pub closed_at: i64,
    /// Who handed the parcels over: the clerk's name as given at closing (the login where none
    /// was).
    pub clerk: String,
    /// The tax number of the company the parcels were handed over for.
    pub inn: String,
    /// The company, as the service names it on the day's orders.
    pub company: Option<String>,
    /// The counter that closed the day, where the shop names its counters.
    pub counter: Option<String>,
    /// The orders the courier takes.
    pub lines: Vec<DayLine>,
    /// The day's cancelled orders: not handed over, counted on the register, not listed.
    pub cancelled: Vec<DayLine>,
}

/// What a closed day keeps in the store besides its day, time and clerk (a day closed by an
/// earlier version has only the tax number and its lines).
#[derive(Serialize, Deserialize)]
struct Paper {
    inn: String,
    lines: Vec<DayLine>,
    #[serde(default)]
    company: Option<String>,
    #[serde(default)]
    counter: Option<String>,
    #[serde(default)]
    cancelled: Vec<DayLine>,
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

pub use text::day::today;

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
    pub fn pages(&self, lang: Language) -> Result<Vec<Page>, label::DesignError> {
        let locale = lang.as_str();
        let head = RegisterHead {
            company: self.company.clone(),
            inn: self.inn.clone(),
            counter: self.counter.clone(),
            day: day_text(self.day),
            closed: t!(
                "doc.closed_by",
                locale = locale,
                at = moment(self.closed_at),
                clerk = self.clerk
            )
            .to_string(),
            clerk: self.clerk.clone(),
            cancelled: self.cancelled.len(),
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
                cost: l.cost,
            })
            .collect();
        handover_register(&head, &rows, lang)
    }

    /// The register as a PDF file's bytes, titled in `lang` with its day.
    pub fn pdf(&self, lang: Language) -> Result<Vec<u8>, String> {
        let pages = self.pages(lang).map_err(|e| e.to_string())?;
        let title = format!(
            "{} — {}",
            t!("doc.register", locale = lang.as_str()),
            day_text(self.day)
        );
        label::pdf::render_pdf(&pages, &title).map_err(|e| e.to_string())
    }

    /// The proposed file name of its PDF.
    pub fn file_name(&self) -> String {
        format!("register-{}.pdf", self.day)
    }
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
            // While the shop's database is away whether the day was closed is not known: the
            // report shows the day's orders (those kept here too) as open, the notice above it
            // says the database is away, and closing it waits for the database.
            let closed = match store.closed_day(&svc, day) {
                Err(store::StoreError::ShopAway) => None,
                closed => closed?,
            };
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

    /// The name the clerk logged in gave for registers before, if any.
    pub fn clerk_name(&self) -> Option<String> {
        let login = &self.session.as_ref()?.legacy_user;
        self.settings.clerk_names.get(login).cloned()
    }

    /// Keeps the name the clerk gives for registers, for the next close (written with the
    /// settings in the background).
    pub fn remember_clerk_name(&mut self, name: &str) {
        let Some(login) = self.session.as_ref().map(|s| s.legacy_user.clone()) else {
            return;
        };
        let name = name.trim();
        if name.is_empty()
            || self.settings.clerk_names.get(&login).map(String::as_str) == Some(name)
        {
            return;
        }
        self.settings.clerk_names.insert(login, name.to_string());
        let (settings, dir) = (self.settings.clone(), self.paths.config_dir.clone());
        let _ = self.spawn_blocking(move || {
            if let Err(e) = settings.save(&dir) {
                tracing::warn!("the clerk's name is not kept: {e}");
            }
        });
    }

    /// Closes `day` for the whole shop (every counter and clerk): its register is kept as it is
    /// now, handed over by `clerk` (the name the clerk gave; the login when blank), and orders
    /// confirmed from now on go to the next open day's.
    pub fn close_day(
        &self,
        day: NaiveDate,
        clerk: &str,
    ) -> Option<Task<Result<Register, DeskError>>> {
        let (store, svc) = self.books()?;
        let session = self.session.as_ref()?;
        let clerk = match clerk.trim() {
            "" => session.legacy_user.clone(),
            name => name.to_string(),
        };
        let (inn, names) = (session.inn.clone(), self.place_names());
        let counter = Some(self.settings.shop.counter_name()).filter(|c| !c.is_empty());
        Some(self.spawn_blocking(move || {
            let orders = store.day_orders(&svc, day)?;
            let mut all: Vec<DayLine> = orders.iter().map(DayLine::from_order).collect();
            for l in &mut all {
                l.rename(&names);
            }
            // Every order of the day is closed with it, the cancelled too: none moves on to the
            // next day's register.
            let ids: Vec<i64> = all.iter().map(|l| l.order_id).collect();
            let company = all.iter().find_map(|l| l.customer.clone());
            let Handover { lines, cancelled } = Handover::of(all);
            let paper = serde_json::to_string(&Paper {
                inn: inn.clone(),
                lines: lines.clone(),
                company: company.clone(),
                counter: counter.clone(),
                cancelled: cancelled.clone(),
            })?;
            let at = now();
            store.close_day(&svc, day, &ids, &clerk, &paper, at)?;
            Ok(Register {
                day,
                closed_at: at,
                clerk,
                inn,
                company,
                counter,
                lines,
                cancelled,
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
                company: paper.company,
                counter: paper.counter,
                lines: paper.lines,
                cancelled: paper.cancelled,
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
