//! `parcel-desk label --receipt` on records the twin returned: the sender's receipt as PNG (its
//! barcode and QR read back with rxing, within the roll's width), as PDF (its text in each
//! language) and as ESC/POS, written all or nothing.

mod common;

use common::label_cli::{cli, decode, read_png};
use parcel_desk::label::Dpi;
use std::path::PathBuf;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_receipt_from_a_record_in_every_form() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("label-cli-receipt");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let (record, created) = common::label_cli::twin_record(&dir).await;
    let tracking = created.tracking.clone().expect("a tracking link");
    let path = |name: &str| dir.join(name).display().to_string();
    let shop = [
        "--shop-name",
        "Baraka Savdo",
        "--shop-phone",
        "+998 71 200 00 01",
    ];

    for width in ["58", "80"] {
        let out = path(&format!("r-{width}.png"));
        let mut args = vec!["--order", record.to_str().unwrap_or_default()];
        args.extend(["--receipt", width, "--format", "png", "--out", &out]);
        args.extend(shop);
        let (ok, _, err) = cli(&args);
        assert!(ok, "{width}: {err}");
        let png = read_png(std::path::Path::new(&out), Dpi::D203);
        let roll_px = (width.parse::<f32>().unwrap_or(0.0) / 25.4 * 203.0).round() as u32;
        assert!(
            png.width <= roll_px + 1,
            "{width} mm: {} px wide",
            png.width
        );
        assert_eq!(
            decode(&png, rxing::BarcodeFormat::CODE_128).as_deref(),
            Some(created.core.barcode.as_str()),
            "{width}"
        );
        assert_eq!(
            decode(&png, rxing::BarcodeFormat::QR_CODE).as_deref(),
            Some(tracking.as_str()),
            "{width}"
        );
    }

    for (lang, paid_word) in [("uz", "Toʻlandi"), ("ru", "Оплачено"), ("en", "Paid")] {
        let out = path(&format!("r-{lang}.pdf"));
        let mut args = vec!["--order", record.to_str().unwrap_or_default()];
        args.extend(["--receipt", "80mm", "--lang", lang, "--out", &out]);
        args.extend(shop);
        let (ok, _, err) = cli(&args);
        assert!(ok, "{lang}: {err}");
        let doc = lopdf::Document::load(&out).expect("a PDF");
        let text = doc.extract_text(&[1]).expect("text");
        for said in [paid_word, "Baraka Savdo", created.core.barcode.as_str()] {
            assert!(text.contains(said), "{lang}: {said:?} in {text}");
        }
    }

    let out = path("r.bin");
    let mut args = vec!["--order", record.to_str().unwrap_or_default()];
    args.extend(["--receipt", "58", "--escpos", "--out", &out]);
    let (ok, _, err) = cli(&args);
    assert!(ok, "{err}");
    let bytes = std::fs::read(&out).expect("written");
    assert!(bytes.starts_with(b"\x1b@"), "a printer reset first");

    // ZPL is for labels; nothing is written when the receipt is refused.
    let out = path("r.zpl");
    let mut args = vec!["--order", record.to_str().unwrap_or_default()];
    args.extend(["--receipt", "58", "--format", "zpl", "--out", &out]);
    let (ok, _, err) = cli(&args);
    assert!(!ok && err.contains("ZPL"), "{err}");
    assert!(!std::path::Path::new(&out).exists());
    let (ok, _, err) = cli(&["--order", "x.json", "--receipt", "57", "--out", &out]);
    assert!(!ok && err.contains("58 or 80"), "{err}");
}
