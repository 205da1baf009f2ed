//! The paper of international parcels: the parcel label and the manifest's handover sheet are
//! rasterized and every barcode read back with an independent decoder; the CN 23 declaration
//! holds each product line, its HS code and the totals; all of it fits its page and makes a PDF.

use parcel_desk::api::codes::Language;
use parcel_desk::api::international::ParcelInput;
use parcel_desk::label::documents::{
    Declarant, HandedOver, customs_declaration, handover_sheet, parcel_label,
};
use parcel_desk::label::layout::{Item, Page};
use parcel_desk::label::raster::{Raster, rasterize};
use rxing::BarcodeFormat;

fn parcel(number: &str) -> ParcelInput {
    serde_json::from_value(serde_json::json!({
        "ParcelNumber": number, "ReceiverPhone": "+998 90 1234567",
        "ReceiverSurname": "Abdurahmonova", "ReceiverFirstName": "Oʻgʻiljon",
        "ReceiverPatronymic": "Shavkatovna", "ReceiverPassposrtSerial": "AA",
        "ReceiverPassposrtNumber": "1234567", "ReceiverPinfl": "31234567890123",
        "ReceiverAddress": "Registon koʻchasi 2, 15-xonadon", "ParcelWeight": "1.5",
        "ParcelValue": "100", "ParcelDeclareCurrency": "USD", "ReceiverCityId": 101,
        "ReceiverDelivery": "1",
        "products": [
            {"ProductDescription": "Sneakers", "ProductDescriptionRu": "Кроссовки",
             "ProductQuantity": "2", "ProductWeight": "0.8", "ProductDeclareValue": "30",
             "ProductUrl": "https://shop.example/p/1", "ProductUnit": "pcs", "HsCodeIs": "640411"},
            {"ProductDescription": "Phone", "ProductDescriptionRu": "Телефон",
             "ProductQuantity": "1", "ProductWeight": "0.3", "ProductDeclareValue": "40",
             "ProductUrl": "https://shop.example/p/2", "ProductUnit": "pcs", "HsCodeIs": "851712",
             "ProductImei": "490154203237518"}
        ]
    }))
    .expect("a parcel")
}

fn read(r: &Raster, x: u32, y: u32, w: u32, h: u32) -> Option<String> {
    let (x, y) = (x.min(r.width - 1), y.min(r.height - 1));
    let (w, h) = (w.min(r.width - x), h.min(r.height - y));
    let mut luma = Vec::with_capacity((w * h) as usize);
    for row in y..y + h {
        for col in x..x + w {
            luma.push(r.get(col, row));
        }
    }
    rxing::helpers::detect_in_luma(luma, w, h, Some(BarcodeFormat::CODE_128))
        .ok()
        .map(|res| res.getText().to_string())
}

/// Every barcode of the page, read back from its pixels with a margin around it.
fn barcodes(page: &Page) -> Vec<(String, Option<String>)> {
    let r = rasterize(page);
    let dpmm = page.dpi.dots_per_mm();
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Barcode(b) => {
                let x = ((b.x - 6.0).max(0.0) * dpmm) as u32;
                let y = ((b.y - 2.0).max(0.0) * dpmm) as u32;
                let w = ((b.width_mm(page.dpi) + 12.0) * dpmm) as u32;
                let h = ((b.height + 4.0) * dpmm) as u32;
                Some((b.data.clone(), read(&r, x, y, w, h)))
            }
            _ => None,
        })
        .collect()
}

fn inside(page: &Page) {
    for item in &page.items {
        let (x, y, right) = match item {
            Item::Fill(a) => (a.x, a.y, a.x + a.w),
            Item::Text(t) => (t.x, t.area().y, t.x + t.width_mm()),
            Item::Barcode(b) => (b.x, b.y, b.x + b.width_mm(page.dpi)),
            Item::Qr(q) => (q.x, q.y, q.x),
        };
        assert!(x >= 0.0 && y >= 0.0, "{item:?}");
        assert!(right <= page.width_mm + 0.01, "{item:?} runs off the page");
        assert!(y <= page.height_mm, "{item:?} below the page");
    }
}

fn texts(page: &Page) -> String {
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.text.clone()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_parcel_label_scans_as_its_number() {
    for lang in [Language::Uz, Language::Ru, Language::En] {
        for dpi in [parcel_desk::label::Dpi::D203, parcel_desk::label::Dpi::D300] {
            let page = parcel_label(&parcel("CN000000101UZ"), "Samarqand shahar", lang, dpi)
                .expect("label");
            inside(&page);
            let read = barcodes(&page);
            assert_eq!(read.len(), 1);
            assert_eq!(
                read[0].1.as_deref(),
                Some("CN000000101UZ"),
                "{lang:?} {dpi:?}"
            );
            assert!(texts(&page).contains("Abdurahmonova"));
            parcel_desk::label::pdf::render_pdf(std::slice::from_ref(&page), "label")
                .expect("a PDF");
            parcel_desk::label::zpl::render_zpl(&[page]).expect("ZPL");
        }
    }
}

#[test]
fn a_handover_sheet_lists_every_parcel_with_bars_that_scan_across_pages() {
    let parcels: Vec<ParcelInput> = (1..=20)
        .map(|i| parcel(&format!("CN0000005{i:02}UZ")))
        .collect();
    // Every other parcel's route named a city abroad.
    let refs: Vec<HandedOver> = parcels
        .iter()
        .enumerate()
        .map(|(i, parcel)| HandedOver {
            parcel,
            abroad: if i % 2 == 0 { "Moskva, Rossiya" } else { "" },
        })
        .collect();
    let pages = handover_sheet("M-2026-001", "2026-11-23", &refs, Language::Ru).expect("sheet");
    assert!(pages.len() >= 2, "twenty rows take more than a page");
    let mut seen = Vec::new();
    for page in &pages {
        inside(page);
        for (data, read) in barcodes(page) {
            assert_eq!(
                read.as_deref(),
                Some(data.as_str()),
                "a barcode that does not scan"
            );
            seen.push(data);
        }
    }
    let numbers: Vec<String> = parcels.iter().map(|p| p.parcel_number.clone()).collect();
    assert_eq!(seen, numbers);
    let last = texts(pages.last().expect("a page"));
    assert!(last.contains("20"), "the count: {last}");
    assert!(
        last.contains("30 кг"),
        "the total weight, in Russian: {last}"
    );
    let all = pages.iter().map(texts).collect::<Vec<_>>().join("\n");
    assert_eq!(all.matches("Moskva, Rossiya").count(), 10, "{all}");
    assert!(
        !all.contains(" kg"),
        "no English unit on a Russian sheet: {all}"
    );
    parcel_desk::label::pdf::render_pdf(&pages, "sheet").expect("a PDF");
}

#[test]
fn a_cn23_declaration_holds_each_line_and_the_totals() {
    let from = Declarant {
        name: "Baraka Savdo MChJ".into(),
        address: "Toshkent, Chilonzor 9".into(),
        phone: "+998 71 200 00 01".into(),
        origin: "Xitoy".into(),
    };
    for (lang, piece) in [
        (Language::Uz, "dona"),
        (Language::Ru, "шт."),
        (Language::En, "pcs"),
    ] {
        let parcel = parcel("CN000000101UZ");
        // The second line says where it comes from itself; the first takes the shop's.
        let origins = [String::new(), "Turkiya".to_string()];
        let abroad = "Moskva, Rossiya";
        let pages = customs_declaration(&parcel, "Samarqand shahar", &from, &origins, abroad, lang);
        // The PDF's own text, as a border officer's software would extract it.
        let pdf = parcel_desk::label::pdf::render_pdf(&pages, "cn23").expect("a PDF");
        let doc = lopdf::Document::load_mem(&pdf).expect("a PDF");
        let numbers: Vec<u32> = doc.get_pages().keys().copied().collect();
        let text = doc.extract_text(&numbers).expect("text");
        for want in [
            "Baraka Savdo MChJ",
            "Toshkent, Chilonzor 9",
            "+998 71 200 00 01",
            "Xitoy",
            "Turkiya",
            "Moskva, Rossiya",
        ] {
            assert!(
                text.contains(want),
                "{lang:?}: {want} missing in the PDF's text\n{text}"
            );
        }
        let unit_shown = parcel
            .products
            .iter()
            .any(|l| l.unit == parcel_desk::api::codes::ProductUnit::Piece);
        if unit_shown {
            assert!(text.contains(piece), "{lang:?}: {piece} in\n{text}");
        }
        if lang != Language::En {
            assert!(
                !text.contains(" pcs"),
                "{lang:?}: no English unit in\n{text}"
            );
        }
        for page in &pages {
            inside(page);
        }
        let all = pages.iter().map(texts).collect::<Vec<_>>().join("\n");
        // Read as each language writes a number: the decimal comma in Uzbek and Russian.
        let (kg, value) = match lang {
            Language::Ru => ("1,1 кг", "100,00 USD"),
            Language::Uz => ("1,1 kg", "100,00 USD"),
            Language::En => ("1.1 kg", "100.00 USD"),
        };
        for want in [
            "CN 23",
            "640411",
            "851712",
            "Sneakers / Кроссовки",
            value,
            kg,
            "31234567890123",
        ] {
            assert!(all.contains(want), "{lang:?}: {want} missing in\n{all}");
        }
    }
}

/// The handover sheet writes its weights as each language writes a number: 4,5 in Uzbek and
/// Russian, 4.5 in English (never 4.500, read there as four thousand five hundred).
#[test]
fn the_handover_sheet_writes_its_weights_as_each_language_does() {
    let parcels: Vec<ParcelInput> = (1..=3)
        .map(|i| parcel(&format!("CN0000007{i:02}UZ")))
        .collect();
    let refs: Vec<HandedOver> = parcels
        .iter()
        .map(|parcel| HandedOver { parcel, abroad: "" })
        .collect();
    for (lang, row, total) in [
        (Language::Uz, "1,5 kg", "4,5 kg"),
        (Language::Ru, "1,5 кг", "4,5 кг"),
        (Language::En, "1.5 kg", "4.5 kg"),
    ] {
        let pages = handover_sheet("M-2026-009", "2026-11-23", &refs, lang).expect("sheet");
        let all = pages.iter().map(texts).collect::<Vec<_>>().join("\n");
        assert!(all.contains(row), "{lang:?}: each parcel's weight: {all}");
        assert!(all.contains(total), "{lang:?}: the total: {all}");
        assert!(!all.contains("1.500"), "{lang:?}: never 1.500: {all}");
    }
}
