//! The label's design: from an order to placed items, for each stock. Sorting facts first (city,
//! office, hub), then the barcode, the receiver, the sender, and at the foot the QR code beside
//! weight, pieces, marks and cash on delivery in large type. Every text block has a line budget
//! chosen so that the fullest order still fits its stock; tests hold each stock to that.

use super::excerpt::excerpt;
use super::fit::{TextBox, fit, fit_line};
use super::font::Face;
use super::layout::{Area, Bars, Item, QrBlock, TextLine};
use super::order::{Handover, LabelOrder};
use super::size::{Dpi, Frame, LabelSize};
use super::symbols::{self, BAR_QUIET, QR_QUIET, QrMatrix, SymbolError};
use api::codes::Language;
use rust_i18n::t;

/// One label of one order: the `index`-th of `count` pieces.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Piece {
    pub index: u32,
    pub count: u32,
}

/// A designed label: its items relative to its own top-left corner, and its height.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Designed {
    pub width_mm: f32,
    pub height_mm: f32,
    pub items: Vec<Item>,
}

/// Type sizes (em, mm) and line budgets of one stock.
struct Style {
    margin: f32,
    city: f32,
    caption: f32,
    body: f32,
    name: f32,
    min: f32,
    bar_height: f32,
    digits: f32,
    qr_box: f32,
    big: f32,
    name_lines: usize,
    address_lines: usize,
    sender_lines: usize,
    /// QR below the facts instead of beside them (narrow stock).
    stacked: bool,
}

impl Style {
    fn of(size: LabelSize) -> Style {
        match size {
            LabelSize::L100x150 | LabelSize::A4 => Style {
                margin: 3.0,
                city: 6.5,
                caption: 2.4,
                body: 3.4,
                name: 4.2,
                min: 2.4,
                bar_height: 20.0,
                digits: 4.0,
                qr_box: 34.0,
                big: 5.0,
                name_lines: 2,
                address_lines: 3,
                sender_lines: 2,
                stacked: false,
            },
            LabelSize::L100x100 => Style {
                margin: 2.5,
                city: 5.0,
                caption: 2.0,
                body: 3.0,
                name: 3.6,
                min: 2.2,
                bar_height: 12.0,
                digits: 3.2,
                qr_box: 26.0,
                big: 4.2,
                name_lines: 1,
                address_lines: 2,
                sender_lines: 1,
                stacked: false,
            },
            LabelSize::Strip58 => Style {
                margin: 5.0,
                city: 5.0,
                caption: 2.2,
                body: 3.0,
                name: 3.6,
                min: 2.2,
                bar_height: 14.0,
                digits: 3.4,
                qr_box: 30.0,
                big: 4.4,
                name_lines: 2,
                address_lines: 3,
                sender_lines: 2,
                stacked: true,
            },
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum DesignError {
    #[error(transparent)]
    Symbol(#[from] SymbolError),
    #[error("the barcode {0:?} is too long to print with readable bars on this label")]
    BarcodeTooWide(String),
}

const LINE: f32 = 1.18;
const RULE: f32 = 0.35;

/// Places items top-down in a column.
struct Pen {
    items: Vec<Item>,
    x: f32,
    width: f32,
    y: f32,
}

impl Pen {
    fn block(&mut self, text: &str, b: TextBox) {
        let fitted = fit(text, b);
        self.y = set_lines(
            &mut self.items,
            self.x,
            self.y,
            &fitted.lines,
            fitted.size_mm,
            b.face,
        );
    }

    /// One line at the current height whose right end is at `right`; its width.
    fn at_right(&mut self, right: f32, size: f32, face: Face, text: String) -> f32 {
        let w = face.width_mm(&text, size);
        let line = TextLine::at_top(right - w, self.y, size, face, text);
        self.items.push(Item::Text(line));
        w
    }

    fn line(&mut self, text: &str, face: Face, size: f32, min: f32) {
        let f = fit_line(text, face, self.width, size, min);
        self.y = set_lines(&mut self.items, self.x, self.y, &f.lines, f.size_mm, face);
    }

    /// One line white on black across `width`, the type shrunk (down to `min`) to fit.
    fn band(&mut self, text: &str, width: f32, size: f32, min: f32) {
        let f = fit_line(text, Face::Bold, width - 2.0, size, min);
        let h = f.size_mm * LINE + 1.0;
        self.items.push(Item::Fill(Area {
            x: self.x,
            y: self.y,
            w: width,
            h,
        }));
        if let Some(line) = f.lines.first() {
            self.items.push(Item::Text(
                TextLine::at_top(
                    self.x + 1.0,
                    self.y + 0.5,
                    f.size_mm,
                    Face::Bold,
                    line.clone(),
                )
                .inverse(),
            ));
        }
        self.y += h;
    }

    fn rule(&mut self) {
        self.y += 1.0;
        self.items.push(Item::Fill(Area {
            x: self.x,
            y: self.y,
            w: self.width,
            h: RULE,
        }));
        self.y += RULE + 1.0;
    }
}

/// Sets lines from `top` down; returns the y under the last line.
fn set_lines(
    items: &mut Vec<Item>,
    x: f32,
    top: f32,
    lines: &[String],
    size: f32,
    face: Face,
) -> f32 {
    let mut y = top;
    for line in lines {
        items.push(Item::Text(TextLine::at_top(x, y, size, face, line.clone())));
        y += size * LINE;
    }
    y
}

/// The whole-dot module size that fits `modules` into `room_mm`, between `min` and `max` dots.
fn module_dots(room_mm: f32, modules: usize, dpi: Dpi, min: u32, max: u32) -> Option<u32> {
    let fit = (room_mm * dpi.dots_per_mm() / modules as f32).floor() as u32;
    (fit >= min).then_some(fit.min(max))
}

/// Snaps a length in mm to whole printer dots.
fn snap(mm: f32, dpi: Dpi) -> f32 {
    dpi.dots(mm) as f32 / dpi.dots_per_mm()
}

fn caption(key: &str, lang: Language) -> String {
    t!(key, locale = lang.as_str()).to_uppercase()
}

/// Lays out one label.
/// What every block of one label reads: the order, the stock's style and width, the printer's
/// resolution and the label's language.
struct Sheet<'a> {
    order: &'a LabelOrder,
    s: Style,
    inner: f32,
    dpi: Dpi,
    lang: Language,
    l: &'a str,
}

impl Sheet<'_> {
    /// A block's caption: its catalog word in capitals, at caption size.
    fn caption_line(&self, pen: &mut Pen, key: &str) {
        let size = self.s.caption;
        pen.line(&caption(key, self.lang), Face::Regular, size, size);
    }
}

/// Lays out one label, block by block from the top: where it goes, the barcode, the receiver,
/// the sender, and the foot (facts beside or above the QR code).
pub(crate) fn design(
    order: &LabelOrder,
    piece: Piece,
    size: LabelSize,
    dpi: Dpi,
    lang: Language,
) -> Result<Designed, DesignError> {
    let frame: Frame = size.frame();
    let style = Style::of(size);
    let inner = frame.width - 2.0 * style.margin;
    let mut pen = Pen {
        items: Vec::new(),
        x: style.margin,
        width: inner,
        y: style.margin,
    };
    let c = Sheet {
        order,
        s: style,
        inner,
        dpi,
        lang,
        l: lang.as_str(),
    };
    destination(&mut pen, &c);
    barcode(&mut pen, &c)?;
    receiver(&mut pen, &c);
    sender(&mut pen, &c);
    let s = &c.s;
    // The foot: QR beside (or, on a strip, under) the facts.
    let qr = match &order.tracking {
        Some(link) => Some((symbols::qr(link)?, link.clone())),
        None => None,
    };
    let (facts_x, facts_w) = match (&qr, s.stacked) {
        (Some(_), false) => (s.margin + s.qr_box + 2.0, inner - s.qr_box - 2.0),
        _ => (s.margin, inner),
    };
    // The facts are set from y = 0 and moved into place once their height is known.
    let mut facts = Pen {
        items: Vec::new(),
        x: facts_x,
        width: facts_w,
        y: 0.0,
    };
    foot_facts(&mut facts, &c, piece, facts_w);
    let foot_h = if s.stacked || qr.is_none() {
        facts.y
    } else {
        facts.y.max(s.qr_box)
    };
    let foot_top = match frame.height {
        Some(h) => (h - s.margin - foot_h).max(pen.y),
        None => pen.y,
    };
    let mut items = pen.items;
    items.extend(facts.items.iter().map(|i| i.shifted(0.0, foot_top)));
    let facts_bottom = foot_top + facts.y;
    let mut bottom = facts_bottom;

    if let Some(qr) = qr {
        bottom = bottom.max(place_qr(&mut items, &c, qr, foot_top, facts_bottom));
    }
    let height = frame.height.unwrap_or_else(|| snap(bottom + s.margin, dpi));
    Ok(Designed {
        width_mm: frame.width,
        height_mm: height,
        items,
    })
}

/// Where it goes: the date, the city large (or CANCELLED, with the city under it), the
/// handover and region, the sorting band.
fn destination(pen: &mut Pen, c: &Sheet) {
    let (order, s, inner, lang, l) = (c.order, &c.s, c.inner, c.lang, c.l);
    let date = order.date.format("%d.%m.%Y").to_string();
    let city = if order.receiver.city.is_empty() {
        order.sort.city.clone().unwrap_or_default()
    } else {
        order.receiver.city.clone()
    };
    let date_w = pen.at_right(s.margin + inner, s.caption, Face::Regular, date);
    let mut place = Vec::new();
    if order.cancelled {
        // A cancelled order's label must not pass for a valid one: the word takes the city's
        // place at the top, white on black, and the city moves to the line under it.
        let word = caption("label.cancelled", lang);
        pen.band(&word, inner - date_w - 2.0, s.city, s.min);
        pen.y += 0.5;
        place.push(city);
    } else {
        let city_fit = fit_line(&city, Face::Bold, inner - date_w - 2.0, s.city, s.min);
        pen.y = set_lines(
            &mut pen.items,
            pen.x,
            pen.y,
            &city_fit.lines,
            city_fit.size_mm,
            Face::Bold,
        );
    }
    let handover = match &order.handover {
        Handover::Courier => t!("label.courier", locale = l).to_string(),
        Handover::Office(Some(name)) => format!("{}: {name}", t!("label.office", locale = l)),
        Handover::Office(None) => t!("label.office", locale = l).to_string(),
    };
    place.extend([handover, order.receiver.region.clone()]);
    let place = place
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    pen.line(&place, Face::Regular, s.body, s.min);
    let mut sort: Vec<String> = [order.sort.hub.clone(), order.sort.branch.clone()]
        .into_iter()
        .flatten()
        .collect();
    if let Some(zone) = order.sort.zone {
        sort.push(format!("{} {zone}", t!("label.zone", locale = l)));
    }
    if !sort.is_empty() {
        pen.y += 0.6;
        pen.band(&sort.join(" · "), inner, s.body, s.min);
    }
    pen.rule();
}

/// The barcode, centred, bars on whole dots, quiet zones kept clear, and its digits.
fn barcode(pen: &mut Pen, c: &Sheet) -> Result<(), DesignError> {
    let (order, s, inner, dpi) = (c.order, &c.s, c.inner, c.dpi);
    let (min_dots, max_dots) = match dpi {
        Dpi::D203 => (2, 3),
        Dpi::D300 => (3, 4),
    };
    // Set C draws two digits in 11 modules; a barcode with more characters than that could fit
    // at the smallest module is refused before it is encoded, however long it is.
    let most_chars = (inner / dpi.mm(min_dots) / 5.5) as usize;
    if order.barcode.trim().chars().nth(most_chars).is_some() {
        return Err(DesignError::BarcodeTooWide(excerpt(&order.barcode)));
    }
    let bars = symbols::code128(&order.barcode)?;
    let dots = module_dots(inner, bars.len() + 2 * BAR_QUIET, dpi, min_dots, max_dots)
        .ok_or_else(|| DesignError::BarcodeTooWide(excerpt(&order.barcode)))?;
    let bar_w = bars.len() as f32 * dpi.mm(dots);
    pen.y += 0.8;
    pen.items.push(Item::Barcode(Bars {
        x: snap(pen.x + (inner - bar_w) / 2.0, dpi),
        y: snap(pen.y, dpi),
        height: s.bar_height,
        dots_per_module: dots,
        modules: bars,
        data: order.barcode.clone(),
    }));
    pen.y += s.bar_height + 0.6;
    let digits = spaced_digits(&order.barcode);
    let dw = Face::Bold.width_mm(&digits, s.digits);
    let digits_size = if dw > inner {
        s.digits * inner / dw
    } else {
        s.digits
    };
    let dw = Face::Bold.width_mm(&digits, digits_size);
    pen.y = set_lines(
        &mut pen.items,
        pen.x + (inner - dw) / 2.0,
        pen.y,
        &[digits],
        digits_size,
        Face::Bold,
    );
    pen.rule();
    Ok(())
}

/// The receiver: caption, name, phones, address.
fn receiver(pen: &mut Pen, c: &Sheet) {
    let (order, s, inner) = (c.order, &c.s, c.inner);
    c.caption_line(pen, "label.to");
    pen.block(
        &order.receiver.name,
        TextBox {
            face: Face::Bold,
            width_mm: inner,
            max_lines: s.name_lines,
            size_mm: s.name,
            min_size_mm: s.min,
        },
    );
    pen.block(
        &order.receiver.phones.join(", "),
        TextBox {
            face: Face::Bold,
            width_mm: inner,
            max_lines: 2,
            size_mm: s.body,
            min_size_mm: s.min,
        },
    );
    pen.block(
        &order.receiver.address,
        TextBox {
            face: Face::Regular,
            width_mm: inner,
            max_lines: s.address_lines,
            size_mm: s.body,
            min_size_mm: s.min,
        },
    );
    pen.rule();
}

/// The sender on one or two lines.
fn sender(pen: &mut Pen, c: &Sheet) {
    let (order, s, inner) = (c.order, &c.s, c.inner);
    c.caption_line(pen, "label.from");
    let sender = [
        order.sender.name.clone(),
        order.sender.phones.join(", "),
        order.sender.city.clone(),
    ]
    .into_iter()
    .filter(|p| !p.trim().is_empty())
    .collect::<Vec<_>>()
    .join(" · ");
    pen.block(
        &sender,
        TextBox {
            face: Face::Regular,
            width_mm: inner,
            max_lines: s.sender_lines,
            size_mm: s.body,
            min_size_mm: s.min,
        },
    );
    pen.rule();
}

/// The facts of the foot (weight and piece mark, kinds, reference, marks, cash on delivery),
/// set from y = 0 in a column of their own.
fn foot_facts(facts: &mut Pen, c: &Sheet, piece: Piece, facts_w: f32) {
    let (order, s, lang, l) = (c.order, &c.s, c.lang, c.l);
    let kg = text::number::kilograms(order.weight.grams(), l);
    let weight = format!("{kg} {}", t!("label.kg", locale = l));
    if piece.count > 1 {
        // The piece mark at the right, on the weight's line.
        let mark = format!("{}/{}", piece.index, piece.count);
        let w = facts.at_right(facts.x + facts_w, s.big, Face::Bold, mark);
        facts.width -= w + 2.0;
    }
    facts.line(&weight, Face::Bold, s.big, s.min);
    facts.width = facts_w;
    let kind = [order.package.clone(), order.shipment.clone()]
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    if !kind.is_empty() {
        facts.line(&kind, Face::Regular, s.body, s.min);
    }
    if let Some(r) = &order.client_ref {
        facts.line(
            &format!("{}: {r}", t!("label.reference", locale = l)),
            Face::Regular,
            s.body,
            s.min,
        );
    }
    let marks: Vec<String> = [
        (order.take_photo, "label.photo"),
        (order.return_waybill, "label.waybill"),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, key)| caption(key, lang))
    .collect();
    // Marks as white-on-black tags, as many a row as fit.
    let tag_h = s.body * LINE + 0.6;
    let mut x = facts.x;
    if !marks.is_empty() {
        facts.y += 0.5;
    }
    for (i, mark) in marks.iter().enumerate() {
        let f = fit_line(mark, Face::Bold, facts_w - 2.0, s.body, s.min);
        let Some(text) = f.lines.first() else {
            continue;
        };
        let w = Face::Bold.width_mm(text, f.size_mm) + 2.0;
        if i > 0 && x + w > facts.x + facts_w {
            x = facts.x;
            facts.y += tag_h + 0.8;
        }
        facts.items.push(Item::Fill(Area {
            x,
            y: facts.y,
            w,
            h: tag_h,
        }));
        facts.items.push(Item::Text(
            TextLine::at_top(x + 1.0, facts.y + 0.3, f.size_mm, Face::Bold, text.clone()).inverse(),
        ));
        x += w + 1.5;
    }
    if !marks.is_empty() {
        facts.y += tag_h + 0.8;
    }
    if let Some(cod) = order.cod {
        // Cash on delivery: its caption, then the amount in the largest type on the label.
        let head = fit_line(
            &t!("label.cod", locale = l).to_uppercase(),
            Face::Bold,
            facts_w - 2.0,
            s.caption * 1.1,
            s.min.min(s.caption),
        );
        let amount = format!("{cod} {}", t!("label.sum", locale = l));
        let big = fit_line(&amount, Face::Bold, facts_w - 2.0, s.big * 1.3, s.min);
        let h = head.size_mm * LINE + big.size_mm * LINE + 1.6;
        facts.y += 0.5;
        facts.items.push(Item::Fill(Area {
            x: facts.x,
            y: facts.y,
            w: facts_w,
            h,
        }));
        let mut y = facts.y + 0.6;
        for (f, lines) in [(&head, &head.lines), (&big, &big.lines)] {
            if let Some(line) = lines.first() {
                facts.items.push(Item::Text(
                    TextLine::at_top(facts.x + 1.0, y, f.size_mm, Face::Bold, line.clone())
                        .inverse(),
                ));
            }
            y += f.size_mm * LINE;
        }
        facts.y += h;
    }
}

/// The QR code: beside the facts, or under them on a strip. Returns the lowest point drawn.
fn place_qr(
    items: &mut Vec<Item>,
    c: &Sheet,
    (matrix, link): (QrMatrix, String),
    foot_top: f32,
    facts_bottom: f32,
) -> f32 {
    let (s, inner, dpi) = (&c.s, c.inner, c.dpi);
    let total = matrix.width + 2 * QR_QUIET;
    let (min_dots, max_dots) = match dpi {
        Dpi::D203 => (3, 8),
        Dpi::D300 => (4, 12),
    };
    let box_mm = if s.stacked {
        inner.min(s.qr_box)
    } else {
        s.qr_box
    };
    let dots = module_dots(box_mm, total, dpi, min_dots, max_dots).unwrap_or(min_dots);
    let module = dpi.mm(dots);
    let quiet = QR_QUIET as f32 * module;
    let side = matrix.width as f32 * module;
    let (x, y) = if s.stacked {
        (s.margin + (inner - side) / 2.0, facts_bottom + quiet)
    } else {
        (s.margin + quiet, foot_top + quiet)
    };
    items.push(Item::Qr(QrBlock {
        x: snap(x, dpi),
        y: snap(y, dpi),
        dots_per_module: dots,
        width: matrix.width,
        dark: matrix.dark,
        data: link,
    }));
    y + side + quiet
}

/// `019914293640` → `0199 1429 3640`: groups of four read aloud easily over the phone.
fn spaced_digits(barcode: &str) -> String {
    let b = barcode.trim();
    if !b.chars().all(|c| c.is_ascii_digit()) {
        return b.to_string();
    }
    b.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}
