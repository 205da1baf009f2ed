//! Labels decode to what they say: every stock at 203 and 300 dpi, with long Uzbek and Russian
//! names, is rasterized and read back with an independent decoder (rxing); PDFs are checked for
//! size, embedded fonts and extractable text; the command line renders records from the twin.

mod common;

use chrono::NaiveDate;
use parcel_desk::api::codes::Language;
use parcel_desk::api::{Sum, Weight};
use parcel_desk::label::layout::{Item, Page};
use parcel_desk::label::order::{Handover, LabelOrder, Party, SortCodes};
use parcel_desk::label::raster::{Raster, rasterize};
use parcel_desk::label::{Dpi, Format, LabelSize, Rendered, Stock, pages, render};
use rxing::BarcodeFormat;

fn order(id: i64, long: bool) -> LabelOrder {
    let name = if long {
        "Abdurahmonova Oʻgʻiljon Gʻayratjon qizi — Қўшқўрғонова Ҳилола Ғайратовна"
    } else {
        "Karimova Dilnoza"
    };
    let address = if long {
        "Qashqadaryo viloyati, Gʻuzor tumani, Oʻzbekiston MFY, Toʻqimachilar koʻchasi 117-uy, 45-xonadon, moʻljal: eski bozor yonidagi sariq darvoza, Қўқон кўчаси"
    } else {
        "Registon koʻchasi 2"
    };
    LabelOrder {
        order_id: id,
        barcode: format!("01991{id:07}"),
        tracking: Some(parcel_desk::api::tracking::tracking_link(
            &url::Url::parse("https://track.example.uz/track").expect("URL"),
            id,
            &format!("01991{id:07}"),
        )),
        receiver: Party {
            name: name.into(),
            phones: vec!["+998 91 765 43 21".into(), "+998 93 111 22 33".into()],
            address: address.into(),
            city: if long {
                "Qoraqalpogʻiston Respublikasi, Toʻrtkoʻl"
            } else {
                "Samarqand"
            }
            .into(),
            region: "Samarqand viloyati".into(),
        },
        handover: Handover::Office(Some("Samarqand Registon filiali №2".into())),
        sender: common::label_sender::tashkent_sender(),
        sort: SortCodes {
            hub: Some("SKD-HUB".into()),
            city: None,
            branch: Some("Registon".into()),
            zone: Some(12),
        },
        weight: Weight::from_grams(2_500),
        pieces: 1,
        package: "Quti".into(),
        shipment: "Hujjatlar".into(),
        cod: long.then_some(Sum(1_250_000)),
        take_photo: long,
        return_waybill: long,
        date: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap_or_default(),
        client_ref: long.then(|| "INV-2026/11-000123-A".into()),
        cancelled: false,
    }
}

fn read(r: &Raster, x: u32, y: u32, w: u32, h: u32, format: BarcodeFormat) -> Option<String> {
    let mut luma = Vec::with_capacity((w * h) as usize);
    for row in y..(y + h).min(r.height) {
        for col in x..(x + w).min(r.width) {
            luma.push(r.get(col, row));
        }
    }
    let (w, h) = ((x + w).min(r.width) - x, (y + h).min(r.height) - y);
    rxing::helpers::detect_in_luma(luma, w, h, Some(format))
        .ok()
        .map(|res| res.getText().to_string())
}

/// Decodes the barcode and QR of every label on a page (four on an A4 sheet).
fn decode_page(page: &Page, size: LabelSize) -> Vec<(Option<String>, Option<String>)> {
    let r = rasterize(page);
    let dpmm = page.dpi.dots_per_mm();
    let frame = size.frame();
    let slots = size.per_page();
    (0..slots)
        .map(|slot| {
            let (ox, oy) = size.slot_origin(slot);
            let (x, y) = ((ox * dpmm) as u32, (oy * dpmm) as u32);
            let w = (frame.width * dpmm) as u32;
            let h = r
                .height
                .saturating_sub(y)
                .min(frame.height.map_or(r.height, |fh| (fh * dpmm) as u32));
            (
                read(&r, x, y, w, h, BarcodeFormat::CODE_128),
                read(&r, x, y, w, h, BarcodeFormat::QR_CODE),
            )
        })
        .collect()
}

fn inside(page: &Page) {
    for item in &page.items {
        let (x, y, w, h) = match item {
            Item::Fill(a) => (a.x, a.y, a.w, a.h),
            Item::Text(t) => {
                let a = t.area();
                (a.x, a.y, a.w, a.h)
            }
            Item::Barcode(b) => (b.x, b.y, b.width_mm(page.dpi), b.height),
            Item::Qr(q) => {
                let s = q.width as f32 * q.module_mm(page.dpi);
                (q.x, q.y, s, s)
            }
        };
        assert!(
            x >= 0.0 && y >= 0.0 && x + w <= page.width_mm + 0.01 && y + h <= page.height_mm + 0.01,
            "{item:?} runs off the {}×{} page",
            page.width_mm,
            page.height_mm
        );
    }
}

#[test]
fn every_stock_and_resolution_decodes_to_the_barcode_and_tracking_link() {
    for size in LabelSize::ALL {
        for dpi in Dpi::ALL {
            for (i, long) in [false, true, true, false].into_iter().enumerate() {
                let id = 4_300_001 + i as i64 * 7_919 + (dpi.value() as i64);
                let orders: Vec<LabelOrder> = (0..size.per_page() as i64)
                    .map(|k| order(id + k, long))
                    .collect();
                let stock = Stock {
                    size,
                    dpi,
                    lang: [Language::Uz, Language::Ru, Language::En][i % 3],
                };
                let pages = pages(&orders, stock).expect("designed");
                assert_eq!(pages.len(), 1);
                inside(&pages[0]);
                let read = decode_page(&pages[0], size);
                for (o, (bar, qr)) in orders.iter().zip(read) {
                    assert_eq!(bar.as_deref(), Some(o.barcode.as_str()), "{size:?} {dpi:?}");
                    assert_eq!(qr, o.tracking, "{size:?} {dpi:?}");
                }
            }
        }
    }
}

#[test]
fn a_cancelled_order_says_so_across_the_top_and_still_fits_and_scans() {
    for size in LabelSize::ALL {
        for (lang, word) in [
            (Language::Uz, "BEKOR QILINGAN"),
            (Language::Ru, "ОТМЕНЁН"),
            (Language::En, "CANCELLED"),
        ] {
            let mut o = order(4_300_901, true);
            o.cancelled = true;
            let stock = Stock {
                size,
                dpi: Dpi::D203,
                lang,
            };
            let pages = pages(&[o.clone()], stock).expect("designed");
            inside(&pages[0]);
            let texts: Vec<&Item> = pages[0].items.iter().collect();
            let mark = texts
                .iter()
                .position(|i| matches!(i, Item::Text(t) if t.text == word && t.inverse));
            let mark = mark.unwrap_or_else(|| panic!("{size:?} {lang:?}: no {word} band"));
            // It is the first thing after the date, white on a black box drawn before it.
            assert!(matches!(texts[mark - 1], Item::Fill(_)), "{size:?}");
            // The city is not lost: it moved to the line under the band.
            assert!(
                texts
                    .iter()
                    .any(|i| matches!(i, Item::Text(t) if t.text.contains("Qoraqalpog"))),
                "{size:?} {lang:?}: the city is gone"
            );
            let read = decode_page(&pages[0], size);
            assert_eq!(read[0].0.as_deref(), Some(o.barcode.as_str()), "{size:?}");
        }
    }
    // An order that is not cancelled carries no such band.
    let stock = Stock {
        size: LabelSize::L100x150,
        dpi: Dpi::D203,
        lang: Language::En,
    };
    let page = &pages(&[order(4_300_902, true)], stock).expect("designed")[0];
    assert!(
        !page
            .items
            .iter()
            .any(|i| matches!(i, Item::Text(t) if t.text == "CANCELLED"))
    );
}

#[test]
fn bars_and_modules_sit_on_whole_dots_with_quiet_zones() {
    for size in LabelSize::ALL {
        for dpi in Dpi::ALL {
            let stock = Stock {
                size,
                dpi,
                lang: Language::Uz,
            };
            let page = &pages(&[order(4_300_777, true)], stock).expect("designed")[0];
            let dpmm = dpi.dots_per_mm();
            for item in &page.items {
                if let Item::Barcode(b) = item {
                    let x_dots = b.x * dpmm;
                    assert!((x_dots - x_dots.round()).abs() < 0.01);
                    let module = b.module_mm(dpi);
                    assert!(module >= 0.25, "{module} mm bars are too thin");
                    let quiet = 10.0 * module;
                    assert!(b.x - quiet >= 0.0 && b.x + b.width_mm(dpi) + quiet <= page.width_mm);
                    // Nothing else is drawn in the quiet zones.
                    for other in &page.items {
                        if let Item::Text(t) = other {
                            let a = t.area();
                            let overlaps_band = a.y < b.y + b.height && a.y + a.h > b.y;
                            assert!(!overlaps_band, "text {:?} beside the bars", t.text);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn pieces_get_a_label_each() {
    let mut o = order(4_300_321, false);
    o.pieces = 3;
    let stock = Stock {
        size: LabelSize::L100x150,
        dpi: Dpi::D203,
        lang: Language::En,
    };
    let pages = pages(&[o], stock).expect("designed");
    assert_eq!(pages.len(), 3);
    for (i, page) in pages.iter().enumerate() {
        let marked = page.items.iter().any(|it| match it {
            Item::Text(t) => t.text.contains(&format!("{}/3", i + 1)),
            _ => false,
        });
        assert!(marked, "label {} lacks its piece mark", i + 1);
    }
    let sheets = parcel_desk::label::pages(
        &[
            order(1, false),
            order(2, false),
            order(3, false),
            order(4, false),
            order(5, false),
        ],
        Stock {
            size: LabelSize::A4,
            ..stock
        },
    )
    .expect("designed");
    assert_eq!(sheets.len(), 2);
}

#[test]
fn the_pdf_is_the_stock_size_with_embedded_fonts_and_real_text() {
    let o = order(4_300_555, true);
    for (size, w, h) in [
        (LabelSize::L100x150, 100.0, 150.0),
        (LabelSize::L100x100, 100.0, 100.0),
        (LabelSize::A4, 210.0, 297.0),
    ] {
        let stock = Stock {
            size,
            dpi: Dpi::D203,
            lang: Language::Uz,
        };
        let Ok(Rendered::Pdf(bytes)) = render(std::slice::from_ref(&o), stock, Format::Pdf) else {
            panic!("no PDF for {size:?}");
        };
        let doc = lopdf::Document::load_mem(&bytes).expect("a PDF lopdf reads");
        let pages = doc.get_pages();
        assert_eq!(pages.len(), 1);
        let page_id = pages.values().next().copied().expect("one page");
        let page = doc.get_dictionary(page_id).expect("page dictionary");
        let media = page
            .get(b"MediaBox")
            .and_then(|m| m.as_array())
            .expect("a media box");
        let pt = |i: usize| media[i].as_float().unwrap_or_default();
        assert!((pt(2) - w * 72.0 / 25.4).abs() < 0.1 && (pt(3) - h * 72.0 / 25.4).abs() < 0.1);
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            text.contains("FontFile2") || text.contains("FontFile3"),
            "fonts not embedded"
        );
        assert!(
            bytes.len() < 200_000,
            "a label of {} bytes: fonts not subset",
            bytes.len()
        );
        let words = doc.extract_text(&[1]).expect("text extracts");
        assert!(words.contains("Abdurahmonova"), "{words}");
        assert!(words.contains("Қўшқўрғонова"), "{words}");
    }
}

#[test]
fn zpl_declares_utf8_sizes_the_page_and_starts_bars_in_set_c() {
    for dpi in Dpi::ALL {
        let stock = Stock {
            size: LabelSize::L100x150,
            dpi,
            lang: Language::Ru,
        };
        let Ok(Rendered::Zpl(zpl)) = render(&[order(4_300_002, true)], stock, Format::Zpl) else {
            panic!("no ZPL");
        };
        assert!(zpl.starts_with("^XA\n^CI28\n"));
        assert!(zpl.trim_end().ends_with("^XZ"));
        let (w, h) = (dpi.dots(100.0), dpi.dots(150.0));
        assert!(zpl.contains(&format!("^PW{w}\n^LL{h}\n")));
        assert!(zpl.contains("^FD>;019914300002^FS"));
        let module = if dpi == Dpi::D203 { 3 } else { 4 };
        assert!(zpl.contains(&format!("^BY{module},3,")), "{dpi:?}");
        assert!(zpl.matches("^A@N,").count() > 10, "text goes as text");
        assert_eq!(zpl.matches("^GFA,").count(), 1, "the QR alone is a graphic");
        assert!(zpl.contains("Қўшқўрғонова"), "letters leave as UTF-8");
    }
    let a4 = render(
        &[order(1, false)],
        Stock {
            size: LabelSize::A4,
            dpi: Dpi::D203,
            lang: Language::Uz,
        },
        Format::Zpl,
    );
    assert!(a4.is_err(), "A4 sheets are not sent to label printers");
}

#[test]
fn zpl_read_back_prints_what_the_preview_shows_and_scans() {
    for (dpi, size) in [
        (Dpi::D203, LabelSize::L100x150),
        (Dpi::D300, LabelSize::L100x100),
    ] {
        for long in [false, true] {
            let o = order(4_300_010, long);
            let stock = Stock {
                size,
                dpi,
                lang: Language::Uz,
            };
            let Ok(Rendered::Zpl(zpl)) = render(std::slice::from_ref(&o), stock, Format::Zpl)
            else {
                panic!("no ZPL");
            };
            let without = common::zpl_reader::read(&zpl, dpi)
                .err()
                .unwrap_or_default();
            assert!(
                without.contains("never downloaded"),
                "without the faces a printer would set the text in another font: {without}"
            );
            // As a printer's first job from the desk: the faces, then the label.
            let job = [parcel_desk::label::zpl::font_download(), zpl.as_str()].concat();
            let printed =
                common::zpl_reader::read(&job, dpi).expect("the reader takes every command");
            assert_eq!(printed.len(), 1, "one label");
            let dots = &printed[0];
            let raster = Raster {
                width: dots.width as u32,
                height: dots.height as u32,
                dpi,
                pixels: dots.luma(),
            };
            let (w, h) = (raster.width, raster.height);
            assert_eq!(
                read(&raster, 0, 0, w, h, BarcodeFormat::CODE_128).as_deref(),
                Some(o.barcode.as_str()),
                "{dpi:?} {size:?}"
            );
            assert_eq!(
                read(&raster, 0, 0, w, h, BarcodeFormat::QR_CODE),
                o.tracking.clone(),
                "{dpi:?} {size:?}"
            );
            // Dot for dot the preview: text, boxes, inverse lines, bars and modules (a few dots of
            // a glyph's edge may fall outside its line's box; fewer than one in 20,000).
            let preview = rasterize(&pages(std::slice::from_ref(&o), stock).expect("a page")[0]);
            assert_eq!((preview.width, preview.height), (w, h));
            let differ = preview
                .pixels
                .iter()
                .zip(&dots.ink)
                .filter(|(p, ink)| (**p < 128) != **ink)
                .count();
            assert!(
                differ * 20_000 < dots.ink.len(),
                "{differ} dots differ from the preview ({dpi:?} {size:?})"
            );
            assert!(
                dots.ink.iter().filter(|i| **i).count() > 10_000,
                "it is inked"
            );
        }
    }
}

#[test]
fn a_png_page_decodes_like_the_preview() {
    let o = order(4_300_999, false);
    let stock = Stock {
        size: LabelSize::L100x100,
        dpi: Dpi::D300,
        lang: Language::En,
    };
    let Ok(Rendered::Png(pngs)) = render(std::slice::from_ref(&o), stock, Format::Png) else {
        panic!("no PNG");
    };
    let raster = png_raster(&pngs[0]);
    assert_eq!((raster.width, raster.height), (1181, 1181));
    let all = read(
        &raster,
        0,
        0,
        raster.width,
        raster.height,
        BarcodeFormat::CODE_128,
    );
    assert_eq!(all.as_deref(), Some(o.barcode.as_str()));
}

pub fn png_raster(bytes: &[u8]) -> Raster {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    buf.truncate(info.buffer_size());
    Raster {
        width: info.width,
        height: info.height,
        dpi: Dpi::D300,
        pixels: buf,
    }
}

#[test]
fn a_field_of_200000_characters_is_cut_with_an_ellipsis_in_every_format_and_quickly() {
    let mut o = order(4_301_000, true);
    o.receiver.name = "Qoʻchqorova Gʻulomjon Қўшқўрғонова "
        .repeat(6_000)
        .chars()
        .take(200_000)
        .collect();
    o.receiver.address = "Ж".repeat(200_000);
    o.receiver.city = "Toshkent".repeat(25_000);
    let stock = Stock {
        size: LabelSize::L100x150,
        dpi: Dpi::D203,
        lang: Language::Uz,
    };
    let started = std::time::Instant::now();
    let page = pages(std::slice::from_ref(&o), stock).expect("a page");
    let laid_out = started.elapsed();
    // Generous for a debug build on a busy machine: the bench measures the real cost.
    assert!(laid_out.as_secs_f64() < 2.0, "laid out in {laid_out:?}");
    assert_eq!(page.len(), 1);
    inside(&page[0]);
    let texts: Vec<&str> = page[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.text.as_str()),
            _ => None,
        })
        .collect();
    let cut = texts.iter().filter(|t| t.ends_with('…')).count();
    assert!(
        cut >= 3,
        "name, address and city each end in an ellipsis: {texts:?}"
    );
    let shown: usize = texts.iter().map(|t| t.chars().count()).sum();
    assert!(shown < 2_000, "{shown} characters on one label");

    for format in [Format::Pdf, Format::Zpl, Format::Png] {
        let started = std::time::Instant::now();
        let rendered = render(std::slice::from_ref(&o), stock, format).expect("rendered");
        let took = started.elapsed();
        assert!(took.as_secs_f64() < 2.0, "{format:?} in {took:?}");
        match rendered {
            Rendered::Zpl(zpl) => {
                assert!(zpl.contains('…'), "the ZPL carries the cut");
                assert!(zpl.len() < 8_000, "{} bytes of ZPL", zpl.len());
            }
            Rendered::Pdf(pdf) => {
                let doc = lopdf::Document::load_mem(&pdf).expect("a PDF");
                assert_eq!(doc.get_pages().len(), 1);
                assert!(pdf.len() < 200_000, "{} bytes of PDF", pdf.len());
            }
            Rendered::Png(pngs) => {
                let r = png_raster(&pngs[0]);
                let (w, h) = (stock.dpi.dots(100.0), stock.dpi.dots(150.0));
                assert_eq!((i64::from(r.width), i64::from(r.height)), (w, h));
                let all = read(&r, 0, 0, r.width, r.height, BarcodeFormat::CODE_128);
                assert_eq!(all.as_deref(), Some(o.barcode.as_str()), "still scans");
            }
        }
    }
}

/// The label writes its weight as each language writes a number: 2,5 in Uzbek and Russian, 2.5
/// in English (never 2.500, read there as two thousand five hundred).
#[test]
fn the_label_writes_its_weight_as_each_language_does() {
    let o = order(4_300_556, false);
    for (lang, weight) in [
        (Language::Uz, "2,5"),
        (Language::Ru, "2,5"),
        (Language::En, "2.5"),
    ] {
        let stock = Stock {
            size: LabelSize::L100x150,
            dpi: Dpi::D203,
            lang,
        };
        let page = pages(std::slice::from_ref(&o), stock)
            .expect("laid out")
            .into_iter()
            .next()
            .expect("a page");
        let text: Vec<String> = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) => Some(t.text.clone()),
                _ => None,
            })
            .collect();
        assert!(
            text.iter().any(|t| t.starts_with(weight)),
            "{lang:?}: {weight} in {text:?}"
        );
        assert!(
            !text.iter().any(|t| t.contains("2.500")),
            "{lang:?}: {text:?}"
        );
    }
}
