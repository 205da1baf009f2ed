//! The end-of-day screen in demo mode: opened with its shortcut it shows the day's order in its
//! totals and its three charts; closing the day asks first, then prints the register on the PDF
//! printer (a stand-in `lp` keeps the document) and the screen offers to print it again.

mod common;

use common::printer::stand_in;
use common::ui::*;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use parcel_desk::label::print::{Printer, Spooler};
use parcel_desk::ui::screens::end_of_day::EndOfDayScreen;
use parcel_desk::ui::{DeskApp, ScreenId, tr};

fn screen<'h>(h: &'h egui_kittest::Harness<'static, DeskApp>) -> &'h EndOfDayScreen {
    h.state()
        .find_screen::<EndOfDayScreen>(ScreenId::EndOfDay)
        .expect("the end-of-day screen")
}

#[test]
fn the_day_is_charted_closed_and_its_register_printed() {
    let env = Env::new("end-of-day");
    let mut desk = env.desk();
    let bin = env.dir.join("bin");
    let lp = stand_in(
        &env,
        "lp",
        &format!("cat > '{}/register.pdf'\n", bin.display()),
    );
    desk.set_spooler(Spooler {
        lp,
        ..Spooler::default()
    });
    common::set_printing(&mut desk, |p| {
        p.printer = Some(Printer::SystemPdf {
            queue: "Office".into(),
        })
    });
    let mut h = harness_sized(desk, [1280.0, 1000.0]);
    ready(&mut h);
    let row = create_sample_order(&h);

    h.key_press_modifiers(Modifiers::COMMAND, Key::E);
    step_until(&mut h, "the day's report", |h| {
        h.state().screen() == ScreenId::EndOfDay
            && screen(h)
                .report
                .as_ref()
                .is_some_and(|r| r.totals.orders == 1)
    });
    for chart in ["eod.chart_hours", "eod.chart_days", "eod.chart_cod"] {
        h.get_by_label(&tr(chart));
    }
    let report = screen(&h).report.clone().expect("report");
    assert_eq!(report.hours.iter().sum::<u32>(), 1);
    assert_eq!(report.lines[0].barcode, row.barcode());
    h.get_by_label(row.barcode());

    h.get_by_label(&tr("eod.close_day")).click();
    h.step();
    h.step();
    // Asked first; the question's "no" has the focus (closing cannot be undone).
    h.get_by_label(&tr("eod.close_yes")).click();
    step_until(&mut h, "the register printed", |h| {
        screen(h).register.is_some() && !h.state().is_busy() && bin.join("register.pdf").exists()
    });
    let pdf = std::fs::read(bin.join("register.pdf")).expect("lp got the register");
    let doc = lopdf::Document::load_mem(&pdf).expect("a PDF");
    assert_eq!(doc.get_pages().len(), 1);
    let text = doc.extract_text(&[1]).expect("text");
    assert!(text.contains(row.barcode()), "{text}");
    step_until(&mut h, "the closed day offers a reprint", |h| {
        h.query_by_label(&tr("eod.print_again")).is_some()
    });
    assert!(
        h.state()
            .toasts
            .texts()
            .any(|t| t.contains(&tr("eod.printed")))
    );
}

#[test]
fn logging_out_leaves_nothing_of_the_days_report_for_the_next_session() {
    let (_env, mut h) = ready_desk("end-of-day-logout");
    h.key_press_modifiers(Modifiers::COMMAND, Key::E);
    step_until(&mut h, "the day's report", |h| screen(h).report.is_some());
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Q);
    step_until(&mut h, "the login form", |h| {
        h.query_by_label(&tr("login.submit")).is_some()
    });
    let left = screen(&h);
    assert!(
        left.report.is_none() && left.day.is_none(),
        "nothing of the report stays"
    );
}
