//! `parcel-desk label` on records the twin returned: the legacy create answer, the legacy detail
//! answer (with --tracking-page) and the current detail answer, in every format and stock; the
//! PNGs are read back with rxing.

mod common;

use common::label_cli::{cli, decode, read_png};
use parcel_desk::label::Dpi;
use std::path::PathBuf;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn labels_from_the_services_records_in_every_format_and_size() {
    let twin = common::twin().await;
    let legacy = common::legacy(&twin).await;
    let current = common::current(&twin).await;
    let created = legacy
        .add_order(&common::legacy_order())
        .await
        .expect("created");
    let tracking = created
        .tracking
        .clone()
        .expect("the create answer has a link");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("label-cli");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");

    // The legacy create answer as the service sends it: the whole envelope.
    let create_json = dir.join("create.json");
    let envelope = serde_json::json!({"status": true, "data": created});
    std::fs::write(&create_json, envelope.to_string()).expect("write");

    // The legacy detail (no tracking link in it) and the current detail.
    let detail = legacy.order_detail(created.order_id).await.expect("detail");
    let detail_json = dir.join("detail.json");
    std::fs::write(&detail_json, serde_json::to_string(&detail).expect("json")).expect("write");
    // The first branch of Samarkand city (code 3001) in the twin's seed.
    let cur = current
        .add_order(&common::current_order(common::samarkand_branch()))
        .await
        .expect("created on the current interface");
    let cur_detail = current.order_detail(cur.order_id).await.expect("detail");
    let current_json = dir.join("current.json");
    std::fs::write(
        &current_json,
        serde_json::to_string(&cur_detail).expect("json"),
    )
    .expect("write");

    for size in ["100x150", "100x100", "58mm", "a4"] {
        for dpi in ["203", "300"] {
            let out = dir.join(format!("l-{size}-{dpi}.png"));
            let (ok, _, err) = cli(&[
                "--order",
                create_json.to_str().unwrap_or_default(),
                "--format",
                "png",
                "--size",
                size,
                "--dpi",
                dpi,
                "--out",
                out.to_str().unwrap_or_default(),
            ]);
            assert!(ok, "{size} {dpi}: {err}");
            let r = read_png(&out, dpi.parse().unwrap_or_default());
            assert_eq!(
                decode(&r, rxing::BarcodeFormat::CODE_128).as_deref(),
                Some(created.core.barcode.as_str()),
                "{size} {dpi}"
            );
            assert_eq!(
                decode(&r, rxing::BarcodeFormat::QR_CODE).as_deref(),
                Some(tracking.as_str()),
                "{size} {dpi}"
            );
        }
    }

    // Several orders: one PDF with a page each, one ZPL stream with a format each.
    let pdf = dir.join("all.pdf");
    let page = format!("{}/track", twin.base());
    let (ok, _, err) = cli(&[
        "--order",
        create_json.to_str().unwrap_or_default(),
        "--order",
        detail_json.to_str().unwrap_or_default(),
        "--order",
        current_json.to_str().unwrap_or_default(),
        "--tracking-page",
        &page,
        "--out",
        pdf.to_str().unwrap_or_default(),
    ]);
    assert!(ok, "{err}");
    let doc = lopdf::Document::load_mem(&std::fs::read(&pdf).expect("pdf")).expect("a PDF");
    assert_eq!(doc.get_pages().len(), 3);
    let zpl = dir.join("all.zpl");
    let (ok, _, err) = cli(&[
        "--order",
        create_json.to_str().unwrap_or_default(),
        "--order",
        current_json.to_str().unwrap_or_default(),
        "--format",
        "zpl",
        "--dpi",
        "300",
        "--out",
        zpl.to_str().unwrap_or_default(),
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&zpl).expect("zpl");
    assert_eq!(text.matches("^XA").count(), 2);
    assert!(text.contains(&format!("^FD>;{}^FS", created.core.barcode)));
    assert!(text.contains(&format!("^FD>;{}^FS", cur_detail.barcode)));

    // The detail record's link, built from the tracking page, is the one the service issued.
    let one = dir.join("detail.png");
    let (ok, _, _) = cli(&[
        "--order",
        detail_json.to_str().unwrap_or_default(),
        "--tracking-page",
        &page,
        "--format",
        "png",
        "--out",
        one.to_str().unwrap_or_default(),
    ]);
    assert!(ok);
    let r = read_png(&one, Dpi::D203);
    assert_eq!(
        decode(&r, rxing::BarcodeFormat::QR_CODE).as_deref(),
        Some(tracking.as_str())
    );

    // Clear refusals: not JSON, not an order, ZPL on A4.
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"status\": true, \"data\": {\"hello\": 1}}").expect("write");
    let (ok, _, err) = cli(&[
        "--order",
        junk.to_str().unwrap_or_default(),
        "--out",
        "x.pdf",
    ]);
    assert!(!ok && err.contains("not an order record"), "{err}");
    let (ok, _, err) = cli(&[
        "--order",
        create_json.to_str().unwrap_or_default(),
        "--format",
        "zpl",
        "--size",
        "a4",
        "--out",
        dir.join("a4.zpl").to_str().unwrap_or_default(),
    ]);
    assert!(!ok && err.contains("A4"), "{err}");
    twin.stop().await;
}
