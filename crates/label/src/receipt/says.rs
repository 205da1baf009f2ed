//! What a receipt says, block by block from the top, already in the sender's language: the one
//! place that decides its wording and order, so the drawn receipt and the printer's receipt
//! never tell the sender different things.

use super::Receipt;
use api::codes::Language;
use rust_i18n::t;

/// One block of the receipt.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Said {
    /// The heading: large, bold, centred.
    Title(String),
    /// A centred line under the heading (shop, its address and phone, the moment).
    Head { text: String, strong: bool },
    /// When the parcel was accepted, centred under the shop, the date and time kept together.
    When { label: String, value: String },
    /// A line across the paper between parts.
    Rule,
    /// The barcode as Code 128 bars with its characters under them.
    Bars(String),
    /// A fact on the left: where from, where to, weight, what was paid or is to be collected.
    /// Its value goes on a line of its own when the two do not fit on one, so an amount is
    /// never broken between its digits.
    Fact {
        label: String,
        value: String,
        strong: bool,
    },
    /// The tracking link's QR code, under a line saying what it is for.
    Qr { caption: String, link: String },
    /// Small print: what the sender agrees to.
    Note(String),
    /// Where the sender signs: its caption and room for the signature.
    Sign(String),
}

/// The receipt's blocks from the top.
pub(crate) fn says(r: &Receipt, lang: Language) -> Vec<Said> {
    let l = lang.as_str();
    let sum = t!("label.sum", locale = l);
    let head = |text: String, strong: bool| Said::Head { text, strong };
    let fact = |key: &str, value: String, strong: bool| Said::Fact {
        label: t!(key, locale = l).to_string(),
        value,
        strong,
    };
    let mut out = vec![
        Said::Title(t!("receipt.title", locale = l).to_string()),
        head(r.shop.name.clone(), true),
    ];
    let shop = [
        r.shop.address.clone(),
        r.shop.phone.as_ref().map(|p| phone(p, l)),
    ];
    out.extend(
        shop.into_iter()
            .flatten()
            .filter(|s| !s.trim().is_empty())
            .map(|s| head(s, false)),
    );
    out.push(Said::When {
        label: t!("receipt.accepted", locale = l).to_string(),
        value: r.at.format("%d.%m.%Y %H:%M").to_string(),
    });
    out.extend([Said::Rule, Said::Bars(r.barcode.clone()), Said::Rule]);
    out.extend([
        fact("receipt.from", r.from_city.clone(), false),
        fact("receipt.to", r.to_city.clone(), false),
        fact(
            "receipt.weight",
            format!(
                "{} {}",
                text::number::kilograms(r.weight.grams(), l),
                t!("label.kg", locale = l)
            ),
            false,
        ),
        fact("receipt.paid", format!("{} {sum}", r.paid), true),
    ]);
    if let Some(cod) = r.cod.filter(|c| c.0 > 0) {
        out.push(fact("receipt.cod", format!("{cod} {sum}"), true));
    }
    if let Some(link) = &r.tracking {
        out.extend([
            Said::Rule,
            Said::Qr {
                caption: t!("receipt.track", locale = l).to_string(),
                link: link.clone(),
            },
        ]);
    }
    out.push(Said::Rule);
    if let Some(agreement) = r.agreement.as_ref().filter(|a| !a.trim().is_empty()) {
        out.push(Said::Note(agreement.clone()));
    }
    out.push(Said::Sign(t!("receipt.signature", locale = l).to_string()));
    out
}

fn phone(number: &str, l: &str) -> String {
    format!("{} {number}", t!("receipt.phone", locale = l))
}
