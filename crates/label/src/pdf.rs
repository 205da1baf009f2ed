//! Pages as a PDF: vector bars and QR modules (neighbouring dark modules merged into boxes),
//! text in the bundled faces embedded as subsets, pages exactly the stock's size.

use super::font::Face;
use super::layout::{Area, Item, Page, TextLine};
use printpdf::{
    Color, Greyscale, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Pt, Rect, TextItem, WindingOrder,
};
use std::sync::OnceLock;

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("the bundled font could not be read for the PDF")]
    Font,
    #[error("the PDF could not be written: {0}")]
    Write(String),
}

fn parsed(face: Face) -> Option<&'static ParsedFont> {
    static REGULAR: OnceLock<Option<ParsedFont>> = OnceLock::new();
    static BOLD: OnceLock<Option<ParsedFont>> = OnceLock::new();
    let cell = match face {
        Face::Regular => &REGULAR,
        Face::Bold => &BOLD,
    };
    cell.get_or_init(|| ParsedFont::from_bytes(face.bytes(), 0, &mut Vec::new()))
        .as_ref()
}

fn grey(level: f32) -> Color {
    Color::Greyscale(Greyscale {
        percent: level,
        icc_profile: None,
    })
}

/// Millimetres as points, to a hundredth of a point (a thirty-fifth of a 203 dpi dot): shorter
/// numbers in the page stream, nothing visible lost.
fn pt(mm: f32) -> Pt {
    Pt((Pt::from(Mm(mm)).0 * 100.0).round() / 100.0)
}

/// Converts top-left millimetres to the PDF's bottom-left points.
struct Sheet {
    height_mm: f32,
}

impl Sheet {
    fn rect(&self, x: f32, y: f32, w: f32, h: f32) -> Op {
        Op::DrawRectangle {
            rectangle: Rect {
                x: pt(x),
                y: pt(self.height_mm - y - h),
                width: pt(w),
                height: pt(h),
                mode: Some(PaintMode::Fill),
                winding_order: Some(WindingOrder::NonZero),
            },
        }
    }

    fn area(&self, a: &Area) -> Op {
        self.rect(a.x, a.y, a.w, a.h)
    }

    fn text(&self, t: &TextLine, font: PdfFontHandle) -> Vec<Op> {
        let mut ops = Vec::with_capacity(7);
        if t.inverse {
            ops.push(Op::SetFillColor { col: grey(1.0) });
        }
        ops.extend([
            Op::StartTextSection,
            Op::SetFont {
                font,
                size: Pt::from(Mm(t.size_mm)),
            },
            Op::SetTextCursor {
                pos: Point {
                    x: Mm(t.x).into(),
                    y: Mm(self.height_mm - t.baseline).into(),
                },
            },
            Op::ShowText {
                items: vec![TextItem::Text(t.text.clone())],
            },
            Op::EndTextSection,
        ]);
        if t.inverse {
            ops.push(Op::SetFillColor { col: grey(0.0) });
        }
        ops
    }
}

/// One PDF holding these pages in order.
pub fn render_pdf(pages: &[Page], title: &str) -> Result<Vec<u8>, PdfError> {
    let mut doc = PdfDocument::new(title);
    doc.metadata.info.creator = "Parcel Desk".into();
    doc.metadata.info.producer = "Parcel Desk".into();
    // The moment it is made (printpdf's default is 1970).
    let now = printpdf::DateTime::now();
    doc.metadata.info.creation_date = now;
    doc.metadata.info.modification_date = now;
    doc.metadata.info.metadata_date = now;
    let regular =
        PdfFontHandle::External(doc.add_font(parsed(Face::Regular).ok_or(PdfError::Font)?));
    let bold = PdfFontHandle::External(doc.add_font(parsed(Face::Bold).ok_or(PdfError::Font)?));
    let mut out = Vec::with_capacity(pages.len());
    for page in pages {
        let sheet = Sheet {
            height_mm: page.height_mm,
        };
        let dpi = page.dpi;
        let mut ops = vec![Op::SetFillColor { col: grey(0.0) }];
        for item in &page.items {
            match item {
                Item::Fill(a) => ops.push(sheet.area(a)),
                Item::Text(t) => {
                    let font = match t.face {
                        Face::Regular => regular.clone(),
                        Face::Bold => bold.clone(),
                    };
                    ops.extend(sheet.text(t, font));
                }
                Item::Barcode(b) => {
                    let m = b.module_mm(dpi);
                    for (start, count) in b.dark_runs() {
                        ops.push(sheet.rect(
                            b.x + start as f32 * m,
                            b.y,
                            count as f32 * m,
                            b.height,
                        ));
                    }
                }
                Item::Qr(q) => {
                    let m = q.module_mm(dpi);
                    for b in q.boxes() {
                        ops.push(sheet.rect(
                            q.x + b.col as f32 * m,
                            q.y + b.row as f32 * m,
                            b.cols as f32 * m,
                            b.rows as f32 * m,
                        ));
                    }
                }
            }
        }
        out.push(PdfPage::new(Mm(page.width_mm), Mm(page.height_mm), ops));
    }
    doc.with_pages(out);
    let mut lo =
        printpdf::serialize::to_lopdf_doc(&doc, &PdfSaveOptions::default(), &mut Vec::new());
    compress_streams(&mut lo);
    let mut bytes = Vec::new();
    lo.save_to(&mut bytes)
        .map_err(|e| PdfError::Write(e.to_string()))?;
    Ok(bytes)
}

/// Deflates every stream that may be compressed, shared out over the cores (each stream of a
/// label on its own): the page contents at zlib's level 3 (they shrink most; level 6 took longer
/// for 5 % less), the embedded font subsets at its fastest (one label's two subsets were most of
/// its compressing; level 1 costs them a few percent in size for a third of the time).
fn compress_streams(doc: &mut lopdf::Document) {
    let mut streams: Vec<&mut lopdf::Stream> = doc
        .objects
        .values_mut()
        .filter_map(|o| match o {
            lopdf::Object::Stream(s) if s.allows_compression && s.dict.get(b"Filter").is_err() => {
                Some(s)
            }
            _ => None,
        })
        .collect();
    super::spread::each_mut(&mut streams, 2, |s| deflate(s));
}

fn deflate(stream: &mut lopdf::Stream) {
    use std::io::Write;
    // A font program carries its unpacked length (`Length1`); page contents do not.
    let level = if stream.dict.has(b"Length1") {
        flate2::Compression::fast()
    } else {
        flate2::Compression::new(3)
    };
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), level);
    let Ok(packed) = z.write_all(&stream.content).and_then(|()| z.finish()) else {
        return; // left as it was: uncompressed is still a valid stream
    };
    if packed.len() + 19 < stream.content.len() {
        stream.dict.set("Filter", "FlateDecode");
        stream.set_content(packed);
    }
}
