//! How a failed call is told to the clerk: the service's own words when it gave any, otherwise a
//! translated sentence, and the technical detail kept for the "details" expander. A form field's
//! problem is told here too, so the form and the calculator say it the same way.

use api::ApiError;
use desk::DeskError;
use desk::labels::printing::PrintProblem;
use desk::problem::Problem;
use label::print::PrintError;
use rust_i18n::t;

/// A message for the clerk and, where useful, details for support.
#[derive(Debug, Clone, PartialEq)]
pub struct Told {
    pub message: String,
    pub details: Option<String>,
}

/// A form field's problem, in the clerk's words.
/// A problem of a field as [`Words`](crate::ui::widgets::words::Words): said anew in the
/// language of the moment.
pub fn problem_words(p: Problem) -> crate::ui::widgets::words::Words {
    crate::ui::widgets::words::Words::new(move || problem_text(p))
}

pub fn problem_text(p: Problem) -> String {
    let text = match p {
        Problem::Required => t!("login.required"),
        Problem::Phone => t!("order.bad_phone"),
        Problem::Weight => t!("order.bad_weight"),
        Problem::Number => t!("order.bad_number"),
        Problem::Unfinished => t!("order.unfinished_number"),
        Problem::BranchNotInCity => t!("order.branch_city"),
        Problem::Date => t!("order.bad_date"),
        Problem::Coordinates => t!("order.bad_coordinates"),
        // The two that say their numbers.
        Problem::TooLong(n) => t!("order.too_long", n = n),
        Problem::Between(min, max) => t!("wms.between", min = min, max = max),
        // International parcels and the warehouse.
        Problem::Pinfl => t!("parcel.bad_pinfl"),
        Problem::PassportSeries => t!("parcel.bad_passport_series"),
        Problem::PassportNumber => t!("parcel.bad_passport_number"),
        Problem::HsCode => t!("parcel.bad_hs_code"),
        Problem::Imei => t!("parcel.bad_imei"),
        Problem::Url => t!("parcel.bad_url"),
        Problem::Currency => t!("parcel.bad_currency"),
        Problem::Count => t!("parcel.bad_count"),
        Problem::Choice => t!("parcel.bad_choice"),
        Problem::Gtin => t!("wms.bad_gtin"),
    };
    text.to_string()
}

pub fn tell(err: &ApiError) -> Told {
    let (message, details) = match err {
        ApiError::Validation { message, fields } => {
            let mut parts: Vec<String> = message.iter().cloned().collect();
            parts.extend(fields.values().flatten().cloned());
            (parts.join(" "), None)
        }
        ApiError::Unauthorized { message }
        | ApiError::Forbidden { message }
        | ApiError::NotFound { message }
        | ApiError::BadRequest { message }
        | ApiError::Rejected { message, .. } => (message.clone(), None),
        ApiError::RateLimited { .. } => (t!("error.too_many").to_string(), None),
        ApiError::Server { status, message } => (
            t!("error.server", status = status).to_string(),
            Some(message.clone()),
        ),
        ApiError::Connect { detail } => (t!("error.offline").to_string(), Some(detail.clone())),
        ApiError::NoAnswer { detail } => (t!("error.no_answer").to_string(), Some(detail.clone())),
        ApiError::Decode {
            detail, body_head, ..
        } => (
            t!("error.unexpected").to_string(),
            Some(format!("{detail}\n{body_head}")),
        ),
    };
    let message = if message.trim().is_empty() {
        t!("error.unexpected").to_string()
    } else {
        message
    };
    Told { message, details }
}

/// A printing or saving failure in the clerk's words; the system's own text in the details.
pub fn tell_print(p: &PrintProblem) -> Told {
    let (message, details) = match p {
        PrintProblem::NotJournaled(id) => (t!("print.err_not_journaled", id = id), None),
        PrintProblem::Record(id, why) => (t!("print.err_record", id = id), Some(why.clone())),
        PrintProblem::Render(why) => (t!("print.err_render"), Some(why.clone())),
        PrintProblem::File(path, why) => (t!("print.err_file", path = path), Some(why.clone())),
        PrintProblem::Store(why) => (t!("print.err_store"), Some(why.clone())),
        PrintProblem::NotForDocuments => (t!("print.err_not_for_documents"), None),
        PrintProblem::Printer(e) => match e {
            PrintError::NoPrinter => (t!("print.no_printer"), None),
            PrintError::BadAddress(a) => (t!("print.err_bad_address", address = a), None),
            PrintError::Unreachable { address, reason } => (
                t!("print.err_unreachable", address = address),
                Some(reason.clone()),
            ),
            PrintError::Timeout(a) => (t!("print.err_timeout", address = a), None),
            PrintError::NoSpooler { program, reason } => (
                t!("print.err_no_spooler", program = program),
                Some(reason.clone()),
            ),
            PrintError::Refused(why) => (t!("print.err_refused"), Some(why.clone())),
        },
    };
    Told {
        message: message.to_string(),
        details,
    }
}

/// Several printing failures as lines, each its message and the system's words.
pub fn tell_prints(errors: &[PrintProblem]) -> String {
    errors
        .iter()
        .map(|e| {
            let told = tell_print(e);
            match told.details {
                Some(d) => format!("{}: {d}", told.message),
                None => told.message,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Any failure of the desk in the clerk's words: the service's own (as [`tell`] says them), the
/// database on this computer, the settings file, the embedded twin, something unreadable.
/// What went wrong, as [`Words`](crate::ui::widgets::words::Words) said anew in the language of
/// the moment.
pub fn told(err: &ApiError) -> crate::ui::widgets::words::Words {
    let err = err.clone();
    crate::ui::widgets::words::Words::new(move || tell(&err).message)
}

/// As [`told`], for the desk's errors: the service's are said anew; the others (the disk's,
/// the database's, worded with what the system said) as they were said.
pub fn told_desk(err: &DeskError) -> crate::ui::widgets::words::Words {
    match err {
        DeskError::Service(e) => told(e),
        other => crate::ui::widgets::words::Words::said(tell_desk(other).message),
    }
}

pub fn tell_desk(err: &DeskError) -> Told {
    let (message, details) = match err {
        DeskError::Service(e) => return tell(e),
        DeskError::Store(store::StoreError::DayClosed(day)) => {
            (t!("eod.already_closed", day = day).to_string(), None)
        }
        DeskError::Store(e @ (store::StoreError::Postgres(_) | store::StoreError::ShopAway)) => {
            (t!("error.shop_database").to_string(), Some(e.to_string()))
        }
        DeskError::Store(e @ store::StoreError::Certificate(_)) => (
            t!("error.shop_certificate").to_string(),
            Some(e.to_string()),
        ),
        DeskError::Store(e) if store::is_read_only(e) => {
            (t!("error.store_read_only").to_string(), Some(e.to_string()))
        }
        DeskError::Store(e) => (t!("error.store").to_string(), Some(e.to_string())),
        DeskError::Settings(e) => (t!("settings.save_failed").to_string(), Some(e.to_string())),
        DeskError::Sandbox(e) => (t!("error.sandbox").to_string(), Some(e.to_string())),
        DeskError::BadUrl(_) => (t!("settings.bad_url").to_string(), None),
        DeskError::NoLookup => (t!("error.no_lookup").to_string(), None),
        DeskError::Unreadable(why) => (t!("error.unexpected").to_string(), Some(why.clone())),
    };
    Told { message, details }
}

/// Whether a printer is chosen; when none is, the clerk is told where to choose one.
pub fn printer_chosen(desk: &desk::Desk, toasts: &mut super::Toasts) -> bool {
    let chosen = desk.settings().printing.printer.is_some();
    if !chosen {
        toasts.error(t!("print.no_printer"), None);
    }
    chosen
}
