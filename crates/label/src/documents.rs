//! The paper of international parcels, drawn in the label's one layout (boxes, fitted text,
//! Code 128 bars) so the same PDF and raster renderers print it: a parcel label (its number as
//! bars, receiver, city, weight), the customs declaration in the CN 23 layout, and a manifest's
//! handover sheet (every parcel with its bars, totals, signature lines).

use super::design::DesignError;
use super::excerpt::excerpt;
use super::fit::{TextBox, fit, fit_line};
use super::font::Face;
use super::layout::{Area, Bars, Item, Page, TextLine};
use super::size::Dpi;
use super::symbols;
use api::codes::Language;
use api::international::ParcelInput;
use rust_i18n::t;
use text::number::{float, float_trimmed};

pub(super) const A4: (f32, f32) = (210.0, 297.0);
pub(super) const MARGIN: f32 = 15.0;
const RULE: f32 = 0.3;
/// Documents are printed on office printers: bars sized for 300 dpi, three dots to a module.
const DPI: Dpi = Dpi::D300;
const DOTS: u32 = 3;

/// A line's number as the service holds it (or as typed, with a decimal comma); 0 when none.
fn number(text: &str) -> f64 {
    text.trim().replace(',', ".").parse().unwrap_or(0.0)
}

pub(super) fn say(key: &str, lang: Language) -> String {
    t!(key, locale = lang.as_str()).to_string()
}

/// Places text, rules and bars on a page top-down.
pub(super) struct Pen {
    width: f32,
    height: f32,
    pub(super) y: f32,
    items: Vec<Item>,
    dpi: Dpi,
    dots: u32,
}

impl Pen {
    pub(super) fn new((width, height): (f32, f32), top: f32) -> Pen {
        Pen {
            width,
            height,
            y: top,
            items: Vec::new(),
            dpi: DPI,
            dots: DOTS,
        }
    }

    /// Text at `x`, fitted into `width` on one line, at this pen's line.
    pub(super) fn text_at(&mut self, x: f32, width: f32, size: f32, face: Face, text: &str) {
        let fitted = fit_line(text, face, width, size, size * 0.6);
        if let Some(line) = fitted.lines.first() {
            self.items.push(Item::Text(TextLine::at_top(
                x,
                self.y,
                fitted.size_mm,
                face,
                line.clone(),
            )));
        }
    }

    /// Text at `x` in up to `max_lines` lines of `width`, from this pen's line down (the pen
    /// stays where it is).
    pub(super) fn text_lines(
        &mut self,
        x: f32,
        width: f32,
        (size, face): (f32, Face),
        text: &str,
        max_lines: usize,
    ) {
        let fitted = fit(
            text,
            TextBox {
                face,
                width_mm: width,
                max_lines,
                size_mm: size,
                min_size_mm: size * 0.75,
            },
        );
        for (i, line) in fitted.lines.iter().enumerate() {
            let top = self.y + i as f32 * fitted.size_mm * 1.2;
            let text = TextLine::at_top(x, top, fitted.size_mm, face, line.clone());
            self.items.push(Item::Text(text));
        }
    }

    /// A full line of text, then down by its height.
    pub(super) fn line(&mut self, size: f32, face: Face, text: &str) {
        self.text_at(MARGIN, self.width - 2.0 * MARGIN, size, face, text);
        self.y += size * 1.35;
    }

    pub(super) fn rule(&mut self) {
        self.items.push(Item::Fill(Area {
            x: MARGIN,
            y: self.y,
            w: self.width - 2.0 * MARGIN,
            h: RULE,
        }));
        self.y += 1.5;
    }

    /// Code 128 bars of `data` at `x`, `height` mm tall, at this pen's line.
    pub(super) fn bars(&mut self, x: f32, height: f32, data: &str) -> Result<f32, DesignError> {
        let modules = symbols::code128(data)?;
        let width = modules.len() as f32 * self.dpi.mm(self.dots);
        self.items.push(Item::Barcode(Bars {
            x,
            y: self.y,
            height,
            dots_per_module: self.dots,
            modules,
            data: data.to_string(),
        }));
        Ok(width)
    }

    pub(super) fn page(self) -> Page {
        // A page a label printer takes (ZPL) has its text on the printer's dots, as labels do.
        let label = self.width <= super::zpl::WIDEST_LABEL_MM;
        let dpi = self.dpi;
        Page {
            width_mm: self.width,
            height_mm: self.height,
            dpi,
            items: if label {
                self.items.into_iter().map(|i| i.on_dots(dpi)).collect()
            } else {
                self.items
            },
        }
    }
}

/// The parcel's own label, 100 × 150 mm: its number as bars and digits, the receiver, the city,
/// the weight; bars on whole dots of a `dpi` printer.
pub fn parcel_label(
    p: &ParcelInput,
    city: &str,
    lang: Language,
    dpi: Dpi,
) -> Result<Page, DesignError> {
    let size = (100.0, 150.0);
    let mut pen = Pen::new(size, 8.0);
    pen.dpi = dpi;
    pen.dots = match dpi {
        Dpi::D203 => 2,
        Dpi::D300 => 3,
    };
    let inner = size.0 - 16.0;
    pen.text_at(8.0, inner, 5.0, Face::Bold, &say("doc.parcel_label", lang));
    pen.y += 9.0;
    let width = symbols::code128(&p.parcel_number)?.len() as f32 * dpi.mm(pen.dots);
    if width > inner {
        return Err(DesignError::BarcodeTooWide(excerpt(&p.parcel_number)));
    }
    pen.bars(8.0 + (inner - width) / 2.0, 22.0, &p.parcel_number)?;
    pen.y += 24.0;
    pen.text_at(8.0, inner, 5.0, Face::Bold, &p.parcel_number);
    pen.y += 10.0;
    for (label, value) in [
        (say("doc.receiver", lang), p.receiver_name()),
        (say("doc.phone", lang), p.receiver_phone.clone()),
        (say("doc.city", lang), city.to_string()),
        (
            say("doc.address", lang),
            p.receiver_address.clone().unwrap_or_default(),
        ),
        (
            say("doc.weight", lang),
            format!(
                "{} {}",
                text::number::kilograms(p.weight.grams(), lang.as_str()),
                say("doc.unit_kg", lang)
            ),
        ),
    ] {
        pen.text_at(8.0, inner, 3.0, Face::Regular, &label);
        pen.y += 4.2;
        pen.text_at(8.0, inner, 5.0, Face::Bold, &value);
        pen.y += 8.0;
    }
    Ok(pen.page())
}

/// Who sends a declared parcel, and where its goods come from unless a line says otherwise.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Declarant {
    pub name: String,
    pub address: String,
    pub phone: String,
    /// The goods' country of origin, as the declaration names it.
    pub origin: String,
}

/// A product line's unit in the sheet's language.
fn unit_word(unit: api::codes::ProductUnit, lang: Language) -> String {
    use api::codes::ProductUnit::*;
    let key = match unit {
        Kilogram => "doc.unit_kg",
        Gram => "doc.unit_g",
        Tonne => "doc.unit_t",
        Piece => "doc.unit_pcs",
        Litre => "doc.unit_l",
        Millilitre => "doc.unit_ml",
        CubicMetre => "doc.unit_m3",
    };
    say(key, lang)
}

/// The customs declaration in the CN 23 layout: sender and receiver, each product line with
/// its description, quantity, net weight, value, HS code and origin (the line's own in
/// `origins`, by line, or else the declarant's), totals, currency, the sender's signature and
/// date. `abroad`: the city and country abroad of the parcel's route, in words ("" when none was
/// chosen), said in the sender's block.
pub fn customs_declaration(
    p: &ParcelInput,
    city: &str,
    from: &Declarant,
    origins: &[String],
    abroad: &str,
    lang: Language,
) -> Vec<Page> {
    let mut pages = Vec::new();
    let mut pen = Pen::new(A4, MARGIN);
    pen.line(6.0, Face::Bold, &say("doc.cn23_title", lang));
    pen.line(3.2, Face::Regular, &say("doc.cn23_note", lang));
    pen.rule();
    pen.line(3.2, Face::Bold, &say("doc.sender", lang));
    if from.name.trim().is_empty() {
        // Nobody named in Settings: a line to write the sender on by hand.
        pen.line(
            3.6,
            Face::Regular,
            "______________________________________________",
        );
    } else {
        pen.line(4.2, Face::Bold, from.name.trim());
        let reach = [
            from.address.trim().to_string(),
            match from.phone.trim() {
                "" => String::new(),
                phone => format!("{}: {phone}", say("doc.phone", lang)),
            },
        ]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("   ");
        if !reach.is_empty() {
            pen.line(3.6, Face::Regular, &reach);
        }
    }
    if !abroad.trim().is_empty() {
        pen.line(
            3.6,
            Face::Regular,
            &format!("{}: {}", say("doc.city_abroad", lang), abroad.trim()),
        );
    }
    // The two blocks apart, as the form's boxes are.
    pen.y += 2.5;
    pen.line(3.2, Face::Bold, &say("doc.receiver", lang));
    pen.line(4.2, Face::Bold, &p.receiver_name());
    let address = [
        p.receiver_address.clone().unwrap_or_default(),
        city.to_string(),
    ]
    .into_iter()
    .filter(|s| !s.trim().is_empty())
    .collect::<Vec<_>>()
    .join(", ");
    pen.line(3.6, Face::Regular, &address);
    pen.line(
        3.6,
        Face::Regular,
        &format!(
            "{}: {}  ·  {}: {} {}  ·  {}: {}",
            say("doc.phone", lang),
            p.receiver_phone,
            say("doc.passport", lang),
            p.passport_serial,
            p.passport_number,
            say("doc.pinfl", lang),
            p.pinfl
        ),
    );
    pen.line(
        3.6,
        Face::Regular,
        &format!("{}: {}", say("doc.parcel_number", lang), p.parcel_number),
    );
    pen.rule();
    // The table: description | quantity | net weight | value | HS code | origin.
    let cols = [
        (MARGIN, 72.0),
        (MARGIN + 73.0, 16.0),
        (MARGIN + 90.0, 20.0),
        (MARGIN + 111.0, 24.0),
        (MARGIN + 136.0, 22.0),
        (MARGIN + 159.0, 21.0),
    ];
    let header = [
        say("doc.description", lang),
        say("doc.quantity", lang),
        say("doc.net_weight", lang),
        say("doc.value", lang),
        say("doc.hs_code", lang),
        say("doc.origin", lang),
    ];
    let head = |pen: &mut Pen| {
        for ((x, w), h) in cols.iter().zip(&header) {
            pen.text_at(*x, *w, 3.0, Face::Bold, h);
        }
        pen.y += 5.0;
        pen.rule();
    };
    head(&mut pen);
    let l = lang.as_str();
    let (mut total_weight, mut total_value) = (0.0f64, 0.0f64);
    for (n, line) in p.products.iter().enumerate() {
        if pen.y > A4.1 - 60.0 {
            pages.push(std::mem::replace(&mut pen, Pen::new(A4, MARGIN)).page());
            head(&mut pen);
        }
        let quantity = number(&line.quantity);
        let weight = number(&line.weight);
        let value = number(&line.declare_value);
        total_weight += weight;
        total_value += value * quantity;
        let description = format!("{} / {}", line.description, line.description_ru);
        let cells = [
            description,
            format!("{} {}", line.quantity, unit_word(line.unit, lang)),
            format!(
                "{} {}",
                float_trimmed(weight, 3, l),
                say("doc.unit_kg", lang)
            ),
            format!("{} {}", float(value * quantity, 2, l), p.currency),
            line.hs_code.clone(),
            // Neither the line nor the shop names one: a line to write it on, as the sender's.
            Some(
                origins
                    .get(n)
                    .map(|o| o.trim())
                    .filter(|o| !o.is_empty())
                    .unwrap_or(from.origin.trim()),
            )
            .filter(|o| !o.is_empty())
            .unwrap_or("________")
            .to_string(),
        ];
        for ((x, w), c) in cols.iter().zip(&cells) {
            pen.text_at(*x, *w, 3.4, Face::Regular, c);
        }
        pen.y += 5.0;
    }
    pen.rule();
    pen.line(
        3.8,
        Face::Bold,
        &format!(
            "{}: {} {kg}  ·  {}: {} {}  ·  {}: {} {kg}",
            say("doc.total_net", lang),
            float_trimmed(total_weight, 3, l),
            say("doc.total_value", lang),
            float(total_value, 2, l),
            p.currency,
            say("doc.gross", lang),
            text::number::kilograms(p.weight.grams(), l),
            kg = say("doc.unit_kg", lang),
        ),
    );
    pen.y += 8.0;
    pen.line(3.6, Face::Regular, &say("doc.cn23_certify", lang));
    pen.y += 10.0;
    pen.line(
        3.6,
        Face::Regular,
        &format!(
            "{} ____________________      {} ____________",
            say("doc.sender_signature", lang),
            say("doc.date", lang)
        ),
    );
    pages.push(pen.page());
    pages
}

/// One parcel of a handover sheet: the parcel as sent and its city abroad in words ("" when
/// its route named none).
pub struct HandedOver<'a> {
    pub parcel: &'a ParcelInput,
    pub abroad: &'a str,
}

/// A manifest's handover sheet: every parcel with its number as bars, its receiver, its city
/// abroad and weight, the totals, and lines for who hands over and who receives.
pub fn handover_sheet(
    number: &str,
    date: &str,
    parcels: &[HandedOver<'_>],
    lang: Language,
) -> Result<Vec<Page>, DesignError> {
    const ROW: f32 = 15.0;
    let mut pages = Vec::new();
    let mut pen = Pen::new(A4, MARGIN);
    let title = |pen: &mut Pen, page: usize| {
        pen.line(
            6.0,
            Face::Bold,
            &format!("{} {number} — {date}", say("doc.manifest", lang)),
        );
        if page > 1 {
            pen.line(
                3.2,
                Face::Regular,
                &format!("{} {page}", say("doc.page", lang)),
            );
        }
        pen.rule();
    };
    title(&mut pen, 1);
    let mut total = 0u64;
    let kg = say("doc.unit_kg", lang);
    for (i, HandedOver { parcel: p, abroad }) in parcels.iter().enumerate() {
        if pen.y + ROW > A4.1 - 45.0 {
            pages.push(std::mem::replace(&mut pen, Pen::new(A4, MARGIN)).page());
            title(&mut pen, pages.len() + 1);
        }
        total += p.weight.grams();
        let top = pen.y;
        pen.text_at(MARGIN, 10.0, 3.6, Face::Bold, &format!("{}.", i + 1));
        pen.bars(MARGIN + 10.0, 9.0, &p.parcel_number)?;
        pen.y = top + 9.6;
        pen.text_at(MARGIN + 10.0, 60.0, 3.0, Face::Regular, &p.parcel_number);
        pen.y = top + 1.0;
        pen.text_at(MARGIN + 85.0, 70.0, 3.6, Face::Regular, &p.receiver_name());
        pen.text_at(
            MARGIN + 160.0,
            20.0,
            3.6,
            Face::Regular,
            &format!(
                "{} {kg}",
                text::number::kilograms(p.weight.grams(), lang.as_str())
            ),
        );
        if !abroad.trim().is_empty() {
            pen.y = top + 6.5;
            pen.text_at(MARGIN + 85.0, 70.0, 3.0, Face::Regular, abroad.trim());
        }
        pen.y = top + ROW;
    }
    pen.rule();
    pen.line(
        4.0,
        Face::Bold,
        &format!(
            "{}: {}  ·  {}: {} {kg}",
            say("doc.parcels", lang),
            parcels.len(),
            say("doc.total_weight", lang),
            text::number::kilograms(total, lang.as_str()),
        ),
    );
    pen.y += 12.0;
    for who in ["doc.handed_over", "doc.received"] {
        pen.line(
            3.6,
            Face::Regular,
            &format!(
                "{}: ______________________   {} ____________",
                say(who, lang),
                say("doc.signature", lang)
            ),
        );
        pen.y += 6.0;
    }
    pages.push(pen.page());
    Ok(pages)
}
