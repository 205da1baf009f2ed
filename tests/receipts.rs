//! The sender's receipt at the counter: printed by itself on the receipt printer as soon as the
//! order is made (here a device file standing in for a USB receipt printer), saved as a PDF from
//! the order's detail with the shop, barcode, cities, weight and price in the clerk's language,
//! and both in the order's print history without making the label's first print a "reprint".

mod common;

use common::ui::{Env, fill_valid_form, harness, ready, send_form_to_detail, step_until};
use parcel_desk::desk::session::settings::SenderProfile;
use parcel_desk::label::receipt::ReceiptWidth;
use parcel_desk::label::receipt_print::ReceiptPrinter;
use parcel_desk::store::PrintOutcome;

fn pdf_text(path: &std::path::Path) -> String {
    let doc = lopdf::Document::load(path).expect("a PDF");
    doc.extract_text(&[1]).expect("text")
}

#[test]
fn a_receipt_prints_after_the_create_and_saves_as_pdf() {
    let env = Env::new("receipts");
    std::fs::create_dir_all(env.dir.join("dev")).unwrap();
    let device = env.dir.join("dev").join("lp0");
    std::fs::write(&device, b"").unwrap();
    let mut desk = env.desk();
    let mut settings = desk.settings().clone();
    settings.receipt.printer = Some(ReceiptPrinter::Device {
        path: device.display().to_string(),
    });
    settings.receipt.width = ReceiptWidth::Mm58;
    settings.receipt.after_create = true;
    settings.sender = SenderProfile {
        name: "Baraka Savdo".into(),
        phone: "+998 71 200 00 01".into(),
        city: Some(197),
        address: "Chilonzor 9".into(),
        every_order: false,
        origin: String::new(),
    };
    common::wait(desk.apply_settings(settings).expect("applied")).expect("saved");
    let mut h = harness(desk);
    ready(&mut h);
    fill_valid_form(&mut h, "Valiyeva Gulnora");
    send_form_to_detail(&mut h);
    let order_id = h.state().open_order().expect("the order made");
    step_until(&mut h, "the receipt printed", |h| {
        std::fs::metadata(&device).is_ok_and(|m| m.len() > 0) && !h.state().is_busy()
    });
    let row = common::wait(h.state().desk.journal_entry(order_id))
        .unwrap()
        .0;
    let bytes = std::fs::read(&device).unwrap();
    let has = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    // Its bars and QR are decoded by the label crate's own ESC/POS reader; here: it is a
    // receipt for this counter, started and cut as a printer takes it.
    assert!(
        bytes.starts_with(b"\x1b@"),
        "it starts by resetting the printer"
    );
    assert!(has(b"Baraka Savdo"), "the shop heads it");
    let cut = bytes.len().saturating_sub(4);
    assert_eq!(
        &bytes[cut..cut + 3],
        b"\x1dVB",
        "it ends with a partial cut"
    );

    let pdf = env.dir.join("receipt.pdf");
    let saved = h
        .state()
        .desk
        .save_receipt(order_id, pdf.clone())
        .expect("wired");
    common::wait(saved).expect("saved");
    // The customer's name, phone and address: readable by the user only, where asked.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&pdf).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "the receipt's PDF is private");
    }
    // Sums are grouped with a narrow space: read as a plain one.
    let text = pdf_text(&pdf).replace(['\u{a0}', '\u{202f}', '\u{2009}'], " ");
    let digits = row.cost.to_string();
    let paid = digits
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|c| String::from_utf8_lossy(c).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    for said in [
        row.barcode(),
        "Baraka Savdo",
        "Samarqand shahar",
        paid.as_str(),
    ] {
        assert!(text.contains(said), "{said:?} in {text}");
    }
    let log = common::wait(h.state().desk.print_log(order_id));
    let outcomes: Vec<&PrintOutcome> = log.iter().map(|r| &r.outcome).collect();
    assert!(
        outcomes.contains(&&PrintOutcome::ReceiptPrinted),
        "{outcomes:?}"
    );
    assert!(
        outcomes.contains(&&PrintOutcome::ReceiptSaved),
        "{outcomes:?}"
    );
    let label_prints = [PrintOutcome::Printed, PrintOutcome::Reprinted];
    assert!(
        !outcomes.iter().any(|o| label_prints.contains(o)),
        "no label print yet"
    );
}
