//! Printing from the desk against the twin: a created order's label goes to a raw ZPL port and to
//! a system queue (a stand-in `lp` that keeps what it is given), reprints carry their reason,
//! failures keep the printer's words, and the preview decodes to the order's barcode and link.

mod common;

#[cfg(unix)]
use common::printer::stand_in;
use common::printer::{fake_9100, fake_9100_set_to};
use common::ui::Env;
use common::wait;
use parcel_desk::desk::session::settings::PrintSettings;
use parcel_desk::desk::{Credentials, Desk};
use parcel_desk::label::print::Printer;
#[cfg(unix)]
use parcel_desk::label::print::Spooler;
use parcel_desk::label::{Dpi, LabelSize};
use parcel_desk::store::{JournalRow, PrintOutcome};
use std::time::{Duration, Instant};

fn logged_in(env: &Env) -> Desk {
    let mut desk = env.desk();
    let outcome = wait(desk.login(Credentials::demo()));
    assert!(outcome.succeeded(), "{outcome:?}");
    desk.open_session(&outcome);
    desk
}

fn create(desk: &Desk, pieces: i64) -> JournalRow {
    let mut input = common::legacy_order();
    input.piece = Some(pieces);
    match wait(desk.create_order(input).expect("orders available")) {
        parcel_desk::desk::domestic::orders::CreateResult::Created(row) => row,
        other => panic!("not created: {other:?}"),
    }
}

fn print(desk: &Desk, ids: Vec<i64>, reason: Option<&str>) -> Vec<String> {
    let (progress, task) = desk
        .print_labels(ids.clone(), reason.map(str::to_string))
        .expect("printing available");
    let errors: Vec<String> = wait(task).iter().map(|e| e.to_string()).collect();
    assert_eq!(
        progress.done.load(std::sync::atomic::Ordering::Relaxed),
        ids.len()
    );
    errors
}

/// Labels go to a thermal printer at `address`: 100×150 at 203 dpi, `copies` of each.
fn to_label_printer(desk: &mut Desk, address: String, copies: u32) {
    common::set_printing(desk, |p| {
        *p = PrintSettings {
            printer: Some(Printer::NetworkZpl { address }),
            size: LabelSize::L100x150,
            dpi: Dpi::D203,
            copies,
            auto_print: false,
        }
    });
}

#[test]
fn zpl_reaches_the_raw_port_intact_once_per_piece_and_reprints_keep_their_reason() {
    let env = Env::new("print-zpl");
    let mut desk = logged_in(&env);
    let (address, got) = fake_9100();
    to_label_printer(&mut desk, address.clone(), 1);
    let row = create(&desk, 2);
    assert!(print(&desk, vec![row.order_id], None).is_empty());
    assert!(print(&desk, vec![row.order_id], Some("label torn")).is_empty());
    let deadline = Instant::now() + Duration::from_secs(5);
    while got.lock().expect("lock").len() < 2 {
        assert!(Instant::now() < deadline, "the printer got nothing");
        std::thread::sleep(Duration::from_millis(10));
    }
    let jobs = got.lock().expect("lock").clone();
    // The printer's first job from this desk brings the label's faces; the labels themselves
    // are the same both times, byte for byte.
    let fonts = parcel_desk::label::zpl::font_download().as_bytes();
    assert!(
        jobs[0].strip_prefix(fonts) == Some(&jobs[1][..]),
        "the faces, then the same label as the reprint"
    );
    assert!(
        !jobs[1].starts_with(b"~DY"),
        "the faces go once to a printer"
    );
    let zpl = String::from_utf8(jobs[1].clone()).expect("ZPL is text");
    assert_eq!(zpl.matches("^XA").count(), 2, "one label per piece");
    assert_eq!(zpl.matches("^XZ").count(), 2);
    assert!(zpl.contains(&format!("^FD>;{}^FS", row.barcode())));
    assert!(zpl.contains("^PW799\n^LL1199\n"), "100 × 150 mm at 203 dpi");

    let log = wait(desk.print_log(row.order_id));
    assert_eq!(log.len(), 2);
    assert_eq!(log[0].outcome, PrintOutcome::Printed);
    assert_eq!(log[1].outcome, PrintOutcome::Reprinted);
    assert_eq!(log[1].reason.as_deref(), Some("label torn"));
    assert!(log[1].printer.contains(&address));
}

#[cfg(unix)]
#[test]
fn pdf_goes_to_the_system_queue_with_the_stock_size_and_refusals_are_logged() {
    let env = Env::new("print-lp");
    let mut desk = logged_in(&env);
    let bin = env.dir.join("bin");
    let lp = stand_in(
        &env,
        "lp",
        &format!("echo \"$@\" > '{0}/args'\ncat > '{0}/doc'\n", bin.display()),
    );
    let refusing = stand_in(
        &env,
        "lp-refusing",
        "cat > /dev/null\necho 'lp: The printer or class does not exist.' >&2\nexit 1\n",
    );
    desk.set_spooler(Spooler {
        lp,
        ..Spooler::default()
    });
    common::set_printing(&mut desk, |p| {
        *p = PrintSettings {
            printer: Some(Printer::SystemPdf {
                queue: "Counter_Labels".into(),
            }),
            size: LabelSize::L100x100,
            dpi: Dpi::D300,
            copies: 2,
            auto_print: false,
        };
    });
    let row = create(&desk, 1);
    assert!(print(&desk, vec![row.order_id], None).is_empty());
    let args = std::fs::read_to_string(bin.join("args")).expect("lp was run");
    assert!(args.contains("-d Counter_Labels"), "{args}");
    assert!(args.contains("-n 2"), "{args}");
    assert!(args.contains("media=Custom.100x100mm"), "{args}");
    let pdf = std::fs::read(bin.join("doc")).expect("lp got the document");
    let doc = lopdf::Document::load_mem(&pdf).expect("a whole PDF");
    assert_eq!(doc.get_pages().len(), 1);
    let text = doc.extract_text(&[1]).expect("text");
    assert!(text.contains("Valiyeva Gulnora"), "{text}");

    desk.set_spooler(Spooler {
        lp: refusing,
        ..Spooler::default()
    });
    let errors = print(&desk, vec![row.order_id], Some("second copy"));
    assert_eq!(errors.len(), 1);
    assert!(errors[0].contains("does not exist"), "{errors:?}");
    let log = wait(desk.print_log(row.order_id));
    let last = log.last().expect("logged");
    assert!(
        matches!(&last.outcome, PrintOutcome::Failed(e) if e.contains("does not exist")),
        "{:?}",
        last.outcome
    );
}

#[test]
fn the_preview_reads_back_as_the_order_and_save_as_pdf_writes_the_file() {
    let env = Env::new("print-preview");
    let mut desk = logged_in(&env);
    let row = create(&desk, 1);
    for size in LabelSize::ALL {
        common::set_printing(&mut desk, |p| p.size = size);
        let preview = wait(
            desk.label_preview(row.order_id)
                .expect("printing available"),
        );
        let preview = preview.expect("drawn");
        let page = &preview.pages[0];
        let luma = page.pixels.clone();
        let bar = rxing::helpers::detect_in_luma(
            luma.clone(),
            page.width,
            page.height,
            Some(rxing::BarcodeFormat::CODE_128),
        )
        .expect("the barcode reads");
        assert_eq!(bar.getText(), row.barcode());
        let qr = rxing::helpers::detect_in_luma(
            luma,
            page.width,
            page.height,
            Some(rxing::BarcodeFormat::QR_CODE),
        )
        .expect("the QR reads");
        assert!(qr.getText().contains("/track?term="), "{}", qr.getText());
    }
    let path = env.dir.join("saved.pdf");
    wait(
        desk.save_labels(vec![row.order_id], path.clone())
            .expect("printing available"),
    )
    .expect("saved");
    let doc = lopdf::Document::load_mem(&std::fs::read(&path).expect("file")).expect("a PDF");
    assert_eq!(doc.get_pages().len(), 1);
    // The customer's name, phone and address: readable by the user only, where asked.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "the label's PDF is private");
    }
    let log = wait(desk.print_log(row.order_id));
    assert_eq!(log[0].outcome, PrintOutcome::Saved);
}

#[test]
fn the_clerk_prints_with_ctrl_p_gives_a_reason_to_reprint_and_prints_a_batch() {
    use common::ui::{click_then_see, harness, log_in_with_enter, step_until};
    use egui::{Key, Modifiers};
    use egui_kittest::kittest::Queryable;
    use parcel_desk::ui::{ScreenId, tr};

    let env = Env::new("print-ui");
    let mut desk = env.desk();
    let (address, got) = fake_9100();
    to_label_printer(&mut desk, address, 1);
    let mut h = harness(desk);
    log_in_with_enter(&mut h);
    let rows: Vec<JournalRow> = (0..3).map(|_| create(&h.state().desk, 1)).collect();

    // The detail shows the label; Ctrl+P prints it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "journal", |h| {
        h.state().screen() == ScreenId::Orders && !h.state().is_busy()
    });
    click_then_see(&mut h, rows[0].barcode(), &tr("print.preview"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    step_until(&mut h, "printed", |h| {
        // The button now offers a reprint (its name carries the shortcut too).
        h.query_by_label_contains(&tr("print.reprint")).is_some() && !h.state().is_busy()
    });
    printer_has(&got, 1);

    // Again: now a reprint, which asks why.
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    step_until(&mut h, "reason asked", |h| {
        h.query_by_label(&tr("print.reason")).is_some()
    });
    h.get_by_label(&tr("print.reason")).type_text("label torn");
    h.step();
    h.get_by_label(&tr("print.reprint_go")).click();
    step_until(&mut h, "reprinted", |h| {
        h.query_all_by_label_contains(&tr("print.outcome_reprinted"))
            .next()
            .is_some()
            && !h.state().is_busy()
    });
    printer_has(&got, 2);

    // A batch from the Orders screen: select all shown, print, wait for the three labels.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "journal again", |h| {
        h.state().screen() == ScreenId::Orders && !h.state().is_busy()
    });
    h.get_by_label(&tr("print.select_all")).click();
    h.step();
    h.get_by_label(&tr("print.print_selected").replace("%{n}", "3"))
        .click();
    let deadline = Instant::now() + Duration::from_secs(20);
    while got.lock().expect("lock").len() < 5 {
        h.step();
        assert!(
            Instant::now() < deadline,
            "the batch did not reach the printer"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    step_until(&mut h, "batch done", |h| {
        h.query_by_label(&tr("print.print_selected").replace("%{n}", "0"))
            .is_some()
    });
    let barcodes: Vec<String> = got.lock().expect("lock")[2..]
        .iter()
        .map(|job| String::from_utf8_lossy(job).into_owned())
        .collect();
    for row in &rows {
        assert!(
            barcodes.iter().any(|z| z.contains(row.barcode())),
            "{} not printed in the batch",
            row.barcode()
        );
    }
}

#[cfg(unix)]
#[test]
fn the_printers_own_settings_are_read_and_a_mismatch_is_shown() {
    use common::ui::{harness, log_in_with_enter, step_until};
    use egui::{Key, Modifiers};
    use egui_kittest::kittest::Queryable;
    use parcel_desk::label::probe::{Mismatch, PrinterMedia};
    use parcel_desk::ui::tr;

    // A CUPS queue set to 300 dpi and 4×6 inch media, through a stand-in lpoptions.
    let env = Env::new("probe");
    let mut desk = env.desk();
    let lpoptions = stand_in(
        &env,
        "lpoptions",
        "[ \"$2\" = Counter_Labels ] || { echo 'lpoptions: Unknown printer' >&2; exit 1; }\n\
         echo 'PageSize/Media Size: w288h432 *w288h432'\necho 'Resolution/Resolution: 203dpi *300dpi'\n",
    );
    desk.set_spooler(Spooler {
        lpoptions,
        ..Spooler::default()
    });
    let queue = |q: &str| Printer::SystemPdf { queue: q.into() };
    let media: PrinterMedia = wait(
        desk.probe_printer(queue("Counter_Labels"))
            .expect("printing"),
    )
    .expect("read");
    assert_eq!(media.dpi, Some(300));
    assert!(
        media.mismatches(LabelSize::L100x150, Dpi::D300).is_empty(),
        "{media:?}"
    );
    assert!(matches!(
        media.mismatches(LabelSize::L100x100, Dpi::D203)[..],
        [
            Mismatch::Dpi {
                chosen: 203,
                printer: 300
            },
            Mismatch::Length { .. }
        ]
    ));
    let refused = wait(desk.probe_printer(queue("Nowhere")).expect("printing"));
    assert!(refused.unwrap_err().contains("Unknown printer"));

    // A network printer set to 300 dpi while the desk draws for 203: the label pane says so.
    let (address, got) = fake_9100_set_to("\"300\"\"1218\"");
    to_label_printer(&mut desk, address, 1);
    let mut h = harness(desk);
    log_in_with_enter(&mut h);
    let row = create(&h.state().desk, 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "journal", |h| {
        h.query_by_label(row.barcode()).is_some() && !h.state().is_busy()
    });
    h.get_by_label(row.barcode()).click();
    let warning = tr("print.dpi_mismatch")
        .replace("%{printer}", "300")
        .replace("%{chosen}", "203");
    step_until(&mut h, "mismatch shown", |h| {
        h.query_by_label(&warning).is_some() && !h.state().is_busy()
    });
    // 1,218 dots at 300 dpi is 103 mm: a 4-inch roll, close enough to the 100 mm label.
    let width = tr("print.width_mismatch");
    let width_head = width.split("%{").next().unwrap_or_default();
    assert!(h.query_by_label_contains(width_head).is_none());
    assert!(
        got.lock().expect("lock").is_empty(),
        "asking printed nothing"
    );
}

#[cfg(unix)]
#[test]
fn without_a_system_dialog_the_window_asks_where_the_pdf_goes() {
    use common::ui::{click_then_see, harness, log_in_with_enter, replace_text, step_until};
    use egui::{Key, Modifiers};
    use egui_kittest::kittest::Queryable;
    use parcel_desk::ui::tr;

    let env = Env::new("save-typed");
    let mut desk = env.desk();
    desk.without_file_dialogs();
    let mut h = harness(desk);
    log_in_with_enter(&mut h);
    let row = create(&h.state().desk, 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    step_until(&mut h, "journal", |h| {
        h.query_by_label(row.barcode()).is_some() && !h.state().is_busy()
    });
    click_then_see(&mut h, row.barcode(), &tr("print.save_pdf"));
    h.get_by_label(&tr("print.save_pdf")).click();
    // Asked as every document is: the window's own chooser, the label's name proposed.
    step_until(&mut h, "where asked", |h| {
        h.query_by_label(&tr("chooser.save_title")).is_some()
    });
    let proposed = h
        .get_by_label(&tr("chooser.file_name"))
        .value()
        .unwrap_or_default();
    assert!(
        proposed.ends_with(&format!("label-{}.pdf", row.barcode())),
        "{proposed}"
    );
    std::fs::create_dir_all(&env.dir).expect("a folder");
    replace_text(
        &mut h,
        &tr("chooser.folder"),
        &env.dir.display().to_string(),
    );
    h.key_press(Key::Enter);
    for _ in 0..4 {
        h.step();
    }
    replace_text(&mut h, &tr("chooser.file_name"), "typed");
    h.key_press(Key::Enter);
    let target = env.dir.join("typed.pdf");
    step_until(&mut h, "saved", |h| target.exists() && !h.state().is_busy());
    let pdf = std::fs::read(&target).expect("saved PDF");
    assert!(pdf.starts_with(b"%PDF"));
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&target)
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600, "readable by the user only");
}

#[cfg(unix)]
#[test]
fn the_clerk_picks_the_queue_from_the_installed_printers() {
    use common::ui::{click_then_see, harness_sized, log_in_with_enter, step_until};
    use egui::{Key, Modifiers};
    use egui_kittest::kittest::Queryable;
    use parcel_desk::ui::tr;

    // CUPS as a stand-in `lpstat -e`: two queues.
    let env = Env::new("queues");
    let mut desk = env.desk();
    let lpstat = stand_in(
        &env,
        "lpstat",
        "[ \"$1\" = -e ] || exit 2\necho Office_A4\necho Counter_Labels\n",
    );
    desk.set_spooler(Spooler {
        lpstat,
        ..Spooler::default()
    });
    // Tall enough for the whole Settings form, Save included (a click is positional).
    let mut h = harness_sized(desk, [1280.0, 1600.0]);
    log_in_with_enter(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Comma);
    step_until(&mut h, "settings", |h| {
        h.query_by_label(&tr("printer.kind")).is_some()
    });
    h.get_by_label(&tr("printer.kind")).click();
    step_until(&mut h, "kinds", |h| {
        h.query_by_label(&tr("printer.kind_system_pdf")).is_some()
    });
    click_then_see(
        &mut h,
        &tr("printer.kind_system_pdf"),
        &tr("printer.installed"),
    );
    h.get_by_label(&tr("printer.installed")).click();
    step_until(&mut h, "queue names", |h| {
        h.query_by_label("Counter_Labels").is_some()
    });
    h.get_by_label("Counter_Labels").click();
    // The click lands in one frame; the field above the picker shows it in the next.
    h.step();
    h.step();
    assert_eq!(
        h.get_by_label(&tr("printer.queue")).value().as_deref(),
        Some("Counter_Labels")
    );
    h.get_by_label(&tr("settings.save")).click();
    step_until(&mut h, "saved", |h| {
        h.state().desk.settings().printing.printer
            == Some(Printer::SystemPdf {
                queue: "Counter_Labels".into(),
            })
    });
}

#[test]
fn a_parcel_label_reaches_the_label_printer_as_zpl_with_its_number() {
    let env = Env::new("print-parcel");
    let mut desk = logged_in(&env);
    let (address, got) = fake_9100();
    to_label_printer(&mut desk, address, 2);
    let parcel: parcel_desk::api::international::ParcelInput =
        serde_json::from_value(serde_json::json!({
            "ParcelNumber": "CN000000101UZ", "ReceiverPhone": "+998 90 1234567",
            "ReceiverSurname": "Karimov", "ReceiverFirstName": "Aziz",
            "ReceiverPassposrtSerial": "AA", "ReceiverPassposrtNumber": "1234567",
            "ReceiverPinfl": "31234567890123", "ParcelWeight": "1.5",
            "ParcelDeclareCurrency": "USD", "ReceiverCityId": 101, "ReceiverDelivery": "1"
        }))
        .expect("a parcel");
    wait(desk.print_parcel_label(parcel, "Samarqand shahar".into())).expect("printed");
    let deadline = Instant::now() + Duration::from_secs(10);
    while got.lock().expect("lock").is_empty() {
        assert!(Instant::now() < deadline, "nothing reached the printer");
        std::thread::sleep(Duration::from_millis(20));
    }
    let jobs = got.lock().expect("lock").clone();
    assert_eq!(jobs.len(), 1, "one job");
    let zpl = String::from_utf8_lossy(&jobs[0]).to_string();
    assert_eq!(zpl.matches("^XA").count(), 2, "two copies");
    assert!(
        zpl.contains("CN000000101UZ"),
        "the number is in the bars' data"
    );
}

/// Waits until the printer has read `jobs` jobs to their end (it reads on its own thread, after
/// the desk has handed a job over: a printer's first job also carries the label's faces), then
/// holds that it has exactly that many.
fn printer_has(got: &std::sync::Arc<std::sync::Mutex<Vec<Vec<u8>>>>, jobs: usize) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while got.lock().expect("lock").len() < jobs {
        assert!(
            Instant::now() < deadline,
            "the printer never had {jobs} jobs"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(got.lock().expect("lock").len(), jobs);
}
