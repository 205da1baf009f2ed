//! International parcels exactly once: written before the request, an answer lost on the way is
//! settled by asking the service for the number, a refusal forgets only the attempt, and a parcel
//! already saved is never sent again.

mod common;

use common::*;
use parcel_desk::api::ApiError;
use parcel_desk::desk::international::parcels::{Parcels, SendResult};
use parcel_desk::store::{ParcelState, Store};
use parcel_desk::twin::Faults;
use std::sync::Arc;

/// This desk's parcels against the twin, with an empty store of their own.
async fn parcels_on(t: &parcel_desk::twin::RunningSandbox) -> (Arc<Store>, Parcels) {
    let store = Arc::new(Store::open_in_memory().unwrap());
    let parcels = Parcels {
        store: store.clone(),
        service: svc(),
        legacy: Arc::new(legacy(t).await),
    };
    (store, parcels)
}

#[tokio::test]
async fn a_lost_answer_is_settled_by_the_number_and_nothing_is_sent_twice() {
    let t = twin().await;
    let (store, parcels) = parcels_on(&t).await;
    // The service keeps the parcel but the answer never arrives.
    t.set_faults(Faults {
        drop_after_commit_rate: 1.0,
        ..Faults::default()
    });
    let first = parcels
        .send(intl_parcel("CN000000201UZ"), Default::default())
        .await;
    assert!(matches!(first, SendResult::Unknown(_)), "{first:?}");
    assert_eq!(
        store
            .parcel(&svc(), "CN000000201UZ")
            .unwrap()
            .unwrap()
            .state,
        ParcelState::Sending
    );
    t.set_faults(Faults::default());
    // Sent again: the service is asked first, has it, and it is saved without a second create
    // (which the service would refuse as a taken number).
    match parcels
        .send(intl_parcel("CN000000201UZ"), Default::default())
        .await
    {
        SendResult::Saved(row) => assert_eq!(row.state, ParcelState::Saved),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        parcels
            .send(intl_parcel("CN000000201UZ"), Default::default())
            .await,
        SendResult::AlreadySaved(_)
    ));

    // A refusal forgets the attempt, with the service's message under its field.
    let mut bad = intl_parcel("CN000000202UZ");
    bad.pinfl = "123".into();
    match parcels.send(bad, Default::default()).await {
        SendResult::Refused(e @ ApiError::Validation { .. }) => {
            assert_eq!(e.field("ReceiverPinfl").len(), 1)
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(store.parcel(&svc(), "CN000000202UZ").unwrap(), None);
    assert_eq!(parcels.list().await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_manifest_is_submitted_once_and_its_parcels_are_not_offered_twice() {
    use parcel_desk::desk::international::parcels::ManifestOutcome;
    let t = twin().await;
    let (_, parcels) = parcels_on(&t).await;
    for n in ["CN000000401UZ", "CN000000402UZ"] {
        assert!(matches!(
            parcels.send(intl_parcel(n), Default::default()).await,
            SendResult::Saved(_)
        ));
    }
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let both = vec!["CN000000401UZ".to_string(), "CN000000402UZ".to_string()];
    // A parcel the service does not have is not put on a manifest.
    match parcels
        .submit_manifest("M-0".into(), day, vec!["CN999999999UZ".into()])
        .await
    {
        ManifestOutcome::NotEligible(n) => assert_eq!(n, vec!["CN999999999UZ"]),
        other => panic!("{other:?}"),
    }
    // The answer is lost; submitted again, the taken number settles it as saved.
    t.set_faults(Faults {
        drop_after_commit_rate: 1.0,
        ..Faults::default()
    });
    let first = parcels
        .submit_manifest("M-1".into(), day, both.clone())
        .await;
    assert!(matches!(first, ManifestOutcome::Unknown(_)), "{first:?}");
    t.set_faults(Faults::default());
    match parcels
        .submit_manifest("M-1".into(), day, both.clone())
        .await
    {
        ManifestOutcome::Saved(m) => assert!(m.saved),
        other => panic!("{other:?}"),
    }
    let rows = parcels.list().await.unwrap();
    assert!(rows.iter().all(|p| p.manifest.as_deref() == Some("M-1")));
    // Neither goes on a second manifest.
    match parcels.submit_manifest("M-2".into(), day, both).await {
        ManifestOutcome::NotEligible(n) => assert_eq!(n.len(), 2),
        other => panic!("{other:?}"),
    }
}

/// A workbook of one sheet with these rows (inline strings, numbers as numbers), as a
/// spreadsheet program saves it.
fn workbook(rows: &[Vec<&str>]) -> Vec<u8> {
    use std::io::Write;
    let mut buf = std::io::Cursor::new(Vec::new());
    let mut z = zip::ZipWriter::new(&mut buf);
    let opts =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let files: [(&str, String); 4] = [
        (
            "[Content_Types].xml",
            r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.into(),
        ),
        (
            "_rels/.rels",
            r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.into(),
        ),
        (
            "xl/workbook.xml",
            r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Parcels" sheetId="1" r:id="rId1"/></sheets></workbook>"#.into(),
        ),
        (
            "xl/_rels/workbook.xml.rels",
            r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#.into(),
        ),
    ];
    for (name, text) in files {
        z.start_file(name, opts).expect("entry");
        z.write_all(text.as_bytes()).expect("written");
    }
    let mut sheet = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#,
    );
    for (r, row) in rows.iter().enumerate() {
        sheet.push_str(&format!("<row r=\"{}\">", r + 1));
        for (c, cell) in row.iter().enumerate() {
            let at = format!("{}{}", (b'A' + c as u8) as char, r + 1);
            if r > 0 && !cell.is_empty() && cell.parse::<f64>().is_ok() {
                sheet.push_str(&format!("<c r=\"{at}\"><v>{cell}</v></c>"));
            } else {
                let text = cell.replace('&', "&amp;").replace('<', "&lt;");
                sheet.push_str(&format!(
                    "<c r=\"{at}\" t=\"inlineStr\"><is><t>{text}</t></is></c>"
                ));
            }
        }
        sheet.push_str("</row>");
    }
    sheet.push_str("</sheetData></worksheet>");
    z.start_file("xl/worksheets/sheet1.xml", opts)
        .expect("entry");
    z.write_all(sheet.as_bytes()).expect("written");
    z.finish().expect("a workbook");
    buf.into_inner()
}

#[test]
fn a_workbook_is_read_as_its_csv_would_be_numbers_kept_whole() {
    use parcel_desk::desk::international::parcel_import::{CellProblem, read_workbook};
    use parcel_desk::desk::problem::Problem;
    // Each column: its heading and the good row's cell.
    let columns = [
        ("ParcelNumber", "CN000000601UZ"),
        ("ReceiverSurname", "Karimov"),
        ("ReceiverFirstName", "Aziz"),
        ("ReceiverPhone", "+998 90 1234567"),
        ("ReceiverPassposrtSerial", "AA"),
        ("ReceiverPassposrtNumber", "1234567"),
        ("ReceiverPinfl", "31234567890123"),
        ("ParcelWeight", "1.5"),
        ("ParcelValue", "80"),
        ("ParcelDeclareCurrency", "USD"),
        ("ReceiverCityId", "101"),
        ("ReceiverDelivery", "1"),
        ("ProductDescription", "Shoes"),
        ("ProductDescriptionRu", "Обувь"),
        ("ProductQuantity", "1"),
        ("ProductWeight", "1.2"),
        ("ProductDeclareValue", "80"),
        ("ProductUrl", "https://s.example/1"),
        ("ProductUnit", "pcs"),
        ("HsCodeIs", "640411"),
    ];
    let (header, good): (Vec<&str>, Vec<&str>) = columns.into_iter().unzip();
    let mut bad = good.clone();
    bad[0] = "CN000000602UZ";
    bad[6] = "123";
    let parcels = read_workbook(workbook(&[header, good, bad])).expect("a readable workbook");
    assert_eq!(parcels.len(), 2);
    let input = parcels[0].draft.to_input().expect("the first holds");
    assert_eq!(
        input.pinfl, "31234567890123",
        "a long number is not written as 3.1e13"
    );
    assert_eq!(input.products[0].hs_code, "640411");
    assert_eq!(input.receiver_city_id, Some(101));
    assert!(parcels[1].problems.contains(&CellProblem {
        line: 3,
        column: "ReceiverPinfl".into(),
        problem: Problem::Pinfl,
    }));
    assert!(read_workbook(b"not a workbook".to_vec()).is_err());
}
