//! The printer's receipt played back through the test's own ESC/POS interpreter: every fact is
//! printed in every language, no line is wider than the paper, the bars and the QR carry the
//! order's barcode and link, and the paper is cut at the end.

use super::read::read;
use super::*;
use crate::receipt::tests::{LANGS, every_case, facts, long_receipt, receipt, squeeze};

/// How a fact comes out of a code page 866 printer: the letter marks as apostrophes.
fn as_printed(s: &str) -> String {
    squeeze(&s.replace(['ʻ', 'ʼ'], "'"))
}

#[test]
fn every_fact_is_printed_in_every_language() {
    every_case(|r, width, lang, cod| {
        let p = read(&receipt_bytes(r, width, lang));
        let text = squeeze(&p.text());
        for fact in facts(r, lang) {
            let fact = as_printed(&fact);
            assert!(
                text.contains(&fact),
                "{width:?} {lang:?} lacks {fact:?}: {text}"
            );
        }
        let caption = rust_i18n::t!("receipt.cod", locale = lang.as_str());
        assert_eq!(text.contains(&as_printed(&caption)), cod);
        assert_eq!(p.bars.len(), 1);
        assert_eq!(p.bars[0].data, "019914300001");
        assert!(p.bars[0].hri_below);
        assert_eq!(p.qrs.len(), 1);
        assert_eq!(Some(&p.qrs[0].data), r.tracking.as_ref());
        assert!(p.qrs[0].model2 && p.qrs[0].level_m && p.qrs[0].module_dots >= 3);
        assert!(p.cut, "{width:?} {lang:?} is not cut");
        let title = &p.lines[0];
        assert!(title.bold && title.double && title.centred, "{title:?}");
    });
}

#[test]
fn russian_comes_back_in_cyrillic() {
    let p = read(&receipt_bytes(
        &receipt(None),
        ReceiptWidth::Mm58,
        Language::Ru,
    ));
    let text = p.text();
    for word in [
        "Квитанция",
        "Откуда: Qo'qon",
        "Куда: Самарканд",
        "Подпись отправителя",
    ] {
        assert!(text.contains(word), "{word}: {text}");
    }
    assert!(!text.contains('?'), "{text}");
}

#[test]
fn no_line_is_wider_than_the_paper() {
    for width in ReceiptWidth::ALL {
        for lang in LANGS {
            let p = read(&receipt_bytes(&long_receipt(), width, lang));
            assert!(p.lines.len() > 20);
            for line in &p.lines {
                assert!(
                    line.columns <= width.columns(),
                    "{width:?} {lang:?}: {} columns: {:?}",
                    line.columns,
                    line.text
                );
            }
            // The long words are broken, not lost.
            let joined: String = p.text().chars().filter(|c| *c == 'Ж').collect();
            assert_eq!(joined.chars().count(), 70);
        }
    }
    assert_eq!(ReceiptWidth::Mm58.columns(), 32);
    assert_eq!(ReceiptWidth::Mm80.columns(), 48);
}

#[test]
fn without_a_link_there_is_no_qr_and_without_cod_no_cod() {
    let mut r = receipt(None);
    r.tracking = None;
    let p = read(&receipt_bytes(&r, ReceiptWidth::Mm80, Language::Uz));
    assert!(p.qrs.is_empty());
    let text = p.text();
    assert!(!text.contains("Joʻnatmani") && !text.contains("Jo'natmani kuzating"));
    assert!(!text.contains("olinadigan"), "{text}");
    assert!(p.cut);
}

#[test]
fn odd_and_lettered_barcodes_keep_their_characters() {
    for data in ["12345", "AB-{2026}/7", "019914300001"] {
        let mut r = receipt(None);
        r.barcode = data.into();
        let p = read(&receipt_bytes(&r, ReceiptWidth::Mm58, Language::En));
        assert_eq!(p.bars.len(), 1, "{data}");
        assert_eq!(p.bars[0].data, data);
    }
    // Too long for bars on the roll: its characters are printed instead.
    let mut r = receipt(None);
    r.barcode = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".into();
    let p = read(&receipt_bytes(&r, ReceiptWidth::Mm58, Language::En));
    assert!(p.bars.is_empty());
    assert!(p.text().contains("ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
}

#[test]
fn set_c_sends_one_byte_a_digit_pair() {
    assert_eq!(
        code128_data("0199123"),
        Some(vec![b'{', b'C', 1, 99, 12, b'{', b'B', b'3'])
    );
    assert_eq!(code128_data("A{"), Some(b"{BA{{".to_vec()));
    assert_eq!(code128_data("Ж"), None);
    assert_eq!(
        wrap(b"ab  cd efgh", 5),
        vec![b"ab cd".to_vec(), b"efgh".to_vec()]
    );
}
