//! `parcel-desk label` against records it must not trust: fields of 200,000 characters, an order
//! id of -1, an empty barcode, a 10 MB value; a ZPL file without the 1 MB of printer faces unless
//! asked; and a run that fails part way leaves no file behind. The record is one the twin
//! returned, changed field by field.

mod common;

use common::label_cli::cli;
use parcel_desk::label::Dpi;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The legacy create answer's `data`, as the twin sent it (fetched once for every test).
fn record() -> serde_json::Value {
    static RECORD: OnceLock<serde_json::Value> = OnceLock::new();
    RECORD
        .get_or_init(|| {
            common::runtime().block_on(async {
                let twin = common::twin().await;
                let legacy = common::legacy(&twin).await;
                let created = legacy
                    .add_order(&common::legacy_order())
                    .await
                    .expect("created");
                twin.stop().await;
                serde_json::to_value(&created).expect("json")
            })
        })
        .clone()
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("label-cli-limits-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    dir
}

fn write_record(dir: &Path, name: &str, value: &serde_json::Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, value.to_string()).expect("write");
    path.to_string_lossy().into_owned()
}

fn path(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

#[test]
fn fields_of_200000_characters_make_a_label_in_every_format() {
    let dir = folder("long");
    let mut r = record();
    r["receiver"] = "Qoʻchqorova Gʻulomjon ".repeat(10_000).into();
    r["receiverAddress"] = "Ж".repeat(200_000).into();
    let order = write_record(&dir, "long.json", &r);
    for format in ["pdf", "zpl", "png"] {
        let out = dir.join(format!("long.{format}"));
        let started = std::time::Instant::now();
        let (ok, _, err) = cli(&["--order", &order, "--format", format, "--out", &path(&out)]);
        let took = started.elapsed();
        assert!(ok, "{format}: {err}");
        // Generous for a debug build beside other builds; the bench measures the real cost.
        assert!(took.as_secs_f64() < 5.0, "{format} in {took:?}");
        let bytes = std::fs::read(&out).expect("written");
        assert!(bytes.len() < 200_000, "{format}: {} bytes", bytes.len());
        if format == "zpl" {
            let text = String::from_utf8_lossy(&bytes);
            assert!(text.contains('…'), "the name and the address are cut");
            let printed = common::zpl_reader::read(
                &[parcel_desk::label::zpl::font_download(), &text].concat(),
                Dpi::D203,
            )
            .expect("prints");
            assert_eq!(printed.len(), 1);
        }
    }
}

/// A refusal: failed, one line naming the file, short, and nothing written.
fn refused(args: &[&str], file: &str, out: &Path) -> String {
    let (ok, _, err) = cli(args);
    assert!(!ok, "refused");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(file), "names {file}: {err}");
    assert!(err.len() < 600, "{} bytes of error", err.len());
    assert!(!out.exists(), "nothing written");
    err
}

#[test]
fn a_record_without_an_order_id_or_a_barcode_is_refused_in_one_short_line() {
    let dir = folder("refused");
    let out = dir.join("label.pdf");
    let o = path(&out);

    let mut r = record();
    r["orderId"] = (-1).into();
    let file = write_record(&dir, "minus.json", &r);
    let err = refused(&["--order", &file, "--out", &o], "minus.json", &out);
    assert!(err.contains("-1"), "{err}");

    r["orderId"] = 0.into();
    let file = write_record(&dir, "zero.json", &r);
    refused(&["--order", &file, "--out", &o], "zero.json", &out);

    let mut r = record();
    r["barcode"] = "  ".into();
    let file = write_record(&dir, "empty.json", &r);
    let err = refused(&["--order", &file, "--out", &o], "empty.json", &out);
    assert!(err.contains("barcode"), "{err}");

    // A good record beside a bad one: nothing is written for either.
    let good = write_record(&dir, "good.json", &record());
    refused(
        &["--order", &good, "--order", &file, "--out", &o],
        "empty.json",
        &out,
    );
}

#[test]
fn an_error_quotes_a_10_mb_value_by_its_start() {
    let dir = folder("huge");
    let out = dir.join("label.pdf");
    let o = path(&out);
    let huge = "7".repeat(10_000_000);

    let mut r = record();
    r["barcode"] = huge.clone().into();
    let file = write_record(&dir, "barcode.json", &r);
    let err = refused(&["--order", &file, "--out", &o], "barcode.json", &out);
    assert!(err.contains("7777…"), "an excerpt of the barcode: {err}");

    let mut r = record();
    r["weight"] = huge.replace('7', "x").into();
    let file = write_record(&dir, "weight.json", &r);
    refused(&["--order", &file, "--out", &o], "weight.json", &out);

    let mut r = record();
    r["receiverDelivery"] = huge.into();
    let file = write_record(&dir, "delivery.json", &r);
    refused(&["--order", &file, "--out", &o], "delivery.json", &out);
}

#[test]
fn a_page_that_cannot_be_written_leaves_no_page_behind() {
    let dir = folder("pages");
    let order = write_record(&dir, "order.json", &record());
    let out = dir.join("labels.png");
    std::fs::create_dir(dir.join("labels-2.png")).expect("a folder in the second page's way");
    let out_path = path(&out);
    let two_pages = [
        "--order", &order, "--order", &order, "--format", "png", "--out", &out_path,
    ];
    let (ok, stdout, err) = cli(&two_pages);
    assert!(!ok, "refused: {stdout}");
    assert!(err.contains("labels-2.png"), "names the file: {err}");
    // The pages are labels-1.png and labels-2.png.
    assert!(
        !out.exists() && !dir.join("labels-1.png").exists(),
        "the first page is not left behind"
    );
    assert!(dir.join("labels-2.png").is_dir(), "the folder is untouched");
    let left: Vec<String> = std::fs::read_dir(&dir)
        .expect("listed")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "order.json" && n != "labels-2.png")
        .collect();
    assert!(left.is_empty(), "no temporaries either: {left:?}");

    // With the way clear, both pages appear.
    std::fs::remove_dir(dir.join("labels-2.png")).expect("cleared");
    let (ok, stdout, err) = cli(&two_pages);
    assert!(ok, "{err}");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(dir.join("labels-1.png").is_file() && dir.join("labels-2.png").is_file());
}

#[test]
fn a_zpl_file_carries_the_printer_faces_only_when_asked() {
    let dir = folder("fonts");
    let order = write_record(&dir, "order.json", &record());
    let bare = dir.join("bare.zpl");
    let (ok, _, err) = cli(&["--order", &order, "--format", "zpl", "--out", &path(&bare)]);
    assert!(ok, "{err}");
    let labels = std::fs::read_to_string(&bare).expect("written");
    assert!(!labels.contains("~DY"), "no font download");
    assert!(labels.len() < 8_000, "{} bytes for one label", labels.len());
    assert!(labels.starts_with("^XA"));
    // A printer that already took the faces (the desk sends them once) prints the file as is.
    let faces = parcel_desk::label::zpl::font_download();
    let printed = common::zpl_reader::read(&[faces, &labels].concat(), Dpi::D203).expect("prints");
    assert_eq!(printed.len(), 1);
    assert!(printed[0].ink.iter().filter(|i| **i).count() > 10_000);
    // One that never did would set the text in another font: that is what the flag is for.
    let never = common::zpl_reader::read(&labels, Dpi::D203)
        .err()
        .unwrap_or_default();
    assert!(never.contains("never downloaded"), "{never}");

    let whole = dir.join("whole.zpl");
    let (ok, _, err) = cli(&[
        "--order",
        &order,
        "--format",
        "zpl",
        "--with-fonts",
        "--out",
        &path(&whole),
    ]);
    assert!(ok, "{err}");
    let with = std::fs::read_to_string(&whole).expect("written");
    assert!(with.starts_with("~DY"), "the faces first");
    assert!(with.ends_with(&labels), "then the same labels");
    let printed = common::zpl_reader::read(&with, Dpi::D203).expect("prints on its own");
    assert_eq!(printed.len(), 1);
}
