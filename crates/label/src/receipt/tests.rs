//! The receipt read from an order, and the drawn receipt read back: its bars and QR decoded from
//! the raster by an independent decoder, nothing inked outside the printed width, a PDF in every
//! language, the text saying every fact.

use super::*;
use crate::layout::{Item, Page};
use crate::order::{Handover, Party, SortCodes};
use crate::raster::{Raster, rasterize};
use api::codes::Language;
use chrono::NaiveDate;
use rxing::BarcodeFormat;

pub(crate) const LANGS: [Language; 3] = [Language::En, Language::Ru, Language::Uz];

pub(crate) fn order(cod: Option<Sum>) -> LabelOrder {
    let party = |name: &str, city: &str| Party {
        name: name.into(),
        phones: vec!["+998 90 123 45 67".into()],
        address: "Amir Temur koʻchasi 1".into(),
        city: city.into(),
        region: String::new(),
    };
    LabelOrder {
        order_id: 4_300_001,
        barcode: "019914300001".into(),
        tracking: Some("https://track.example.uz/t/4300001?b=019914300001".into()),
        receiver: party("Karimova Dilnoza", "Самарканд"),
        handover: Handover::Courier,
        sender: party("Gʻulomov Aziz", "Qoʻqon"),
        sort: SortCodes::default(),
        weight: Weight::from_grams(2_500),
        pieces: 1,
        package: String::new(),
        shipment: String::new(),
        cod,
        take_photo: false,
        return_waybill: false,
        date: NaiveDate::from_ymd_opt(2026, 11, 28).unwrap(),
        client_ref: None,
        cancelled: false,
    }
}

pub(crate) fn shop() -> ShopLine {
    ShopLine {
        name: "Chilonzor filiali".into(),
        address: Some("Bunyodkor shoh koʻchasi 7".into()),
        phone: Some("+998 71 200 00 00".into()),
    }
}

pub(crate) fn at() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 28)
        .and_then(|d| d.and_hms_opt(14, 56, 0))
        .unwrap()
}

pub(crate) const AGREEMENT: &str = "I confirm the parcel holds no forbidden goods";

/// A receipt with cash on delivery, or without.
pub(crate) fn receipt(cod: Option<Sum>) -> Receipt {
    Receipt::of(&order(cod), shop(), at(), Sum(25_000)).with_agreement(AGREEMENT)
}

/// A receipt whose every text is longer than any line of the roll.
pub(crate) fn long_receipt() -> Receipt {
    let mut r = receipt(Some(Sum(1_250_000)));
    r.shop.name =
        "Oʻzbekiston pochta xizmati — Chilonzor tumani 19-mavze filiali va qabul punkti".into();
    r.shop.address = Some(
        "Toshkent shahri, Chilonzor tumani, Bunyodkor shoh koʻchasi 7-uy, moʻljal: sariq darvoza"
            .into(),
    );
    r.from_city = "Qoraqalpogʻiston Respublikasi, Toʻrtkoʻl tumani, Pahlavon Mahmud MFY".into();
    r.to_city = "Ж".repeat(70);
    r.agreement = Some(AGREEMENT.repeat(6));
    r
}

/// The facts the sender must find, as written in `lang`.
pub(crate) fn facts(r: &Receipt, lang: Language) -> Vec<String> {
    let l = lang.as_str();
    let mut out = vec![
        rust_i18n::t!("receipt.title", locale = l).to_string(),
        r.shop.name.clone(),
        "Bunyodkor shoh koʻchasi 7".into(),
        "+998 71 200 00 00".into(),
        "28.11.2026 14:56".into(),
        format!(
            "{}: {}",
            rust_i18n::t!("receipt.from", locale = l),
            r.from_city
        ),
        format!("{}: {}", rust_i18n::t!("receipt.to", locale = l), r.to_city),
        // The weight as the receipt's language writes it: 2,5 in Uzbek and Russian.
        match lang {
            Language::En => "2.5 kg".into(),
            _ => format!("2,5 {}", rust_i18n::t!("label.kg", locale = l)),
        },
        format!("25\u{2009}000 {}", rust_i18n::t!("label.sum", locale = l)),
        AGREEMENT.into(),
        rust_i18n::t!("receipt.signature", locale = l).to_string(),
        rust_i18n::t!("receipt.track", locale = l).to_string(),
    ];
    if let Some(cod) = r.cod {
        out.push(format!(
            "{}: {cod}",
            rust_i18n::t!("receipt.cod", locale = l)
        ));
    }
    out
}

/// Whitespace of any kind collapsed to one space.
pub(crate) fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The page's lines of text, in the order they were drawn.
fn text_lines(page: &Page) -> Vec<&str> {
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.text.as_str()),
            _ => None,
        })
        .collect()
}

fn drawn_text(page: &Page) -> String {
    squeeze(&text_lines(page).join(" "))
}

/// Every paper width, language, and a receipt with and without cash on delivery.
pub(crate) fn every_case(mut check: impl FnMut(&Receipt, ReceiptWidth, Language, bool)) {
    for width in ReceiptWidth::ALL {
        for lang in LANGS {
            for cod in [None, Some(Sum(1_250_000))] {
                check(&receipt(cod), width, lang, cod.is_some());
            }
        }
    }
}

fn decode(r: &Raster, format: BarcodeFormat) -> Option<String> {
    rxing::helpers::detect_in_luma(r.pixels.clone(), r.width, r.height, Some(format))
        .ok()
        .map(|res| res.getText().to_string())
}

#[test]
fn a_receipt_reads_what_the_order_says() {
    let r = receipt(Some(Sum(1_250_000)));
    assert_eq!(r.barcode, "019914300001");
    assert_eq!(r.from_city, "Qoʻqon");
    assert_eq!(r.to_city, "Самарканд");
    assert_eq!(r.weight.grams(), 2_500);
    assert_eq!((r.paid, r.cod), (Sum(25_000), Some(Sum(1_250_000))));
    assert_eq!(r.at, at());
    assert_eq!(r.agreement.as_deref(), Some(AGREEMENT));
    assert!(r.tracking.as_deref().is_some_and(|t| t.contains("4300001")));
    // Nothing to collect is no cash on delivery; a blank link is no link.
    let mut o = order(Some(Sum(0)));
    o.tracking = Some("  ".into());
    let r = Receipt::of(&o, shop(), at(), Sum(25_000)).with_agreement(" ");
    assert_eq!((r.cod, r.tracking, r.agreement), (None, None, None));
}

#[test]
fn the_drawn_receipt_scans_back_to_the_orders_barcode_and_link() {
    for width in ReceiptWidth::ALL {
        for lang in LANGS {
            let r = receipt(Some(Sum(1_250_000)));
            let raster = rasterize(&pages(&r, width, lang));
            assert_eq!(
                decode(&raster, BarcodeFormat::CODE_128).as_deref(),
                Some("019914300001"),
                "{width:?} {lang:?}"
            );
            assert_eq!(
                decode(&raster, BarcodeFormat::QR_CODE),
                r.tracking,
                "{width:?} {lang:?}"
            );
        }
    }
}

#[test]
fn an_odd_or_lettered_barcode_scans_back_too() {
    for data in ["12345", "AB-2026/7"] {
        let mut r = receipt(None);
        r.barcode = data.into();
        let raster = rasterize(&pages(&r, ReceiptWidth::Mm58, Language::En));
        assert_eq!(
            decode(&raster, BarcodeFormat::CODE_128).as_deref(),
            Some(data)
        );
    }
}

/// The columns of dots the head prints: the paper less its margins.
fn printed_dots(width: ReceiptWidth, dpi: crate::Dpi) -> (u32, u32) {
    let margin = (width.paper_mm() - width.printable_mm()) / 2.0;
    let left = dpi.dots(margin) as u32;
    (left, left + width.dots())
}

#[test]
fn nothing_is_inked_outside_the_printed_width() {
    for width in ReceiptWidth::ALL {
        for lang in LANGS {
            for r in [receipt(None), long_receipt()] {
                let page = pages(&r, width, lang);
                assert_eq!(page.width_mm, width.paper_mm());
                let raster = rasterize(&page);
                let (left, right) = printed_dots(width, page.dpi);
                assert!(right <= raster.width);
                for y in 0..raster.height {
                    for x in (0..left).chain(right..raster.width) {
                        assert_eq!(raster.get(x, y), 255, "{width:?} {lang:?} ink at {x},{y}");
                    }
                }
                // Nothing drawn past the foot of the strip either.
                for item in &page.items {
                    if let Item::Text(t) = item {
                        let a = t.area();
                        assert!(a.y + a.h <= page.height_mm, "{:?}", t.text);
                    }
                }
            }
        }
    }
}

#[test]
fn the_strip_is_as_long_as_what_it_says() {
    let short = pages(&receipt(None), ReceiptWidth::Mm58, Language::Ru);
    let long = pages(&long_receipt(), ReceiptWidth::Mm58, Language::Ru);
    assert!(long.height_mm > short.height_mm + 10.0);
    let mut bare = receipt(None);
    bare.tracking = None;
    let bare = pages(&bare, ReceiptWidth::Mm58, Language::Ru);
    assert!(!bare.items.iter().any(|i| matches!(i, Item::Qr(_))));
    assert!(bare.height_mm + 25.0 < short.height_mm);
}

#[test]
fn the_drawn_receipt_says_every_fact_in_every_language() {
    every_case(|r, width, lang, cod| {
        let text = drawn_text(&pages(r, width, lang));
        for fact in facts(r, lang) {
            assert!(
                text.contains(&squeeze(&fact)),
                "{lang:?} lacks {fact:?}: {text}"
            );
        }
        let caption = rust_i18n::t!("receipt.cod", locale = lang.as_str()).to_string();
        assert_eq!(text.contains(&caption), cod, "{lang:?}: {text}");
    });
}

#[test]
fn every_receipt_makes_a_pdf() {
    for width in ReceiptWidth::ALL {
        for lang in LANGS {
            let page = pages(&long_receipt(), width, lang);
            let pdf = crate::pdf::render_pdf(&[page], "Receipt").unwrap();
            assert!(pdf.starts_with(b"%PDF"), "{width:?} {lang:?}");
            assert!(pdf.len() > 1000);
        }
    }
}

#[test]
fn the_moment_and_the_amounts_are_never_broken_between_lines() {
    for width in ReceiptWidth::ALL {
        for lang in LANGS {
            let page = pages(&long_receipt(), width, lang);
            let lines = text_lines(&page);
            for whole in [
                "28.11.2026 14:56",
                "25\u{2009}000",
                "1\u{2009}250\u{2009}000",
            ] {
                assert!(
                    lines.iter().any(|l| l.contains(whole)),
                    "{width:?} {lang:?}: {whole:?} broken in {lines:#?}"
                );
            }
        }
    }
}
