//! Pages as pixels at the printer's resolution: the on-screen preview, the PNG output, the text
//! graphics sent inside ZPL, and what the tests decode. Bars and modules land on whole dots, text is
//! drawn from the same bundled faces the layout measured with.

use super::layout::{Area, Bars, Item, Page, QrBlock, TextLine};
use super::size::Dpi;
use ab_glyph::{Font, PxScale, ScaleFont};

/// An 8-bit grey image, 255 = paper, 0 = ink.
#[derive(Debug, Clone, PartialEq)]
pub struct Raster {
    pub width: u32,
    pub height: u32,
    pub dpi: Dpi,
    pub pixels: Vec<u8>,
}

impl Raster {
    pub fn blank(width: u32, height: u32, dpi: Dpi) -> Raster {
        Raster {
            width,
            height,
            dpi,
            pixels: vec![255; width as usize * height as usize],
        }
    }

    pub fn get(&self, x: u32, y: u32) -> u8 {
        self.pixels[y as usize * self.width as usize + x as usize]
    }

    /// Inks one dot with `c` of 255 coverage (lightens it for white text).
    fn ink(&mut self, x: i64, y: i64, c: u8, white: bool) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return;
        }
        let i = y as usize * self.width as usize + x as usize;
        let p = &mut self.pixels[i];
        *p = if white {
            (*p).max(c)
        } else {
            (*p).min(255 - c)
        };
    }

    fn fill_dots(&mut self, x0: i64, y0: i64, x1: i64, y1: i64) {
        let (x0, x1) = (x0.max(0), x1.min(self.width as i64));
        let (y0, y1) = (y0.max(0), y1.min(self.height as i64));
        for y in y0..y1 {
            let row = y as usize * self.width as usize;
            for x in x0..x1 {
                self.pixels[row + x as usize] = 0;
            }
        }
    }

    /// PNG bytes (8-bit grey) that carry the resolution, so viewers show the true size.
    pub fn to_png(&self) -> Result<Vec<u8>, png::EncodingError> {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, self.width, self.height);
            enc.set_color(png::ColorType::Grayscale);
            enc.set_depth(png::BitDepth::Eight);
            let per_metre = (self.dpi.value() as f64 / 0.0254).round() as u32;
            enc.set_pixel_dims(Some(png::PixelDimensions {
                xppu: per_metre,
                yppu: per_metre,
                unit: png::Unit::Meter,
            }));
            let mut writer = enc.write_header()?;
            writer.write_image_data(&self.pixels)?;
            writer.finish()?;
        }
        Ok(out)
    }
}

/// Draws a page.
pub fn rasterize(page: &Page) -> Raster {
    let dpi = page.dpi;
    let mut r = Raster::blank(
        dpi.dots(page.width_mm).max(1) as u32,
        dpi.dots(page.height_mm).max(1) as u32,
        dpi,
    );
    for item in &page.items {
        match item {
            Item::Fill(a) => fill(&mut r, a),
            Item::Text(t) => text(&mut r, t, 0.0, 0.0),
            Item::Barcode(b) => bars(&mut r, b),
            Item::Qr(q) => qr(&mut r, q),
        }
    }
    r
}

fn fill(r: &mut Raster, a: &Area) {
    let d = r.dpi;
    r.fill_dots(
        d.dots(a.x),
        d.dots(a.y),
        d.dots(a.x + a.w),
        d.dots(a.y + a.h),
    );
}

fn bars(r: &mut Raster, b: &Bars) {
    let d = r.dpi;
    let (x0, y0, y1) = (d.dots(b.x), d.dots(b.y), d.dots(b.y + b.height));
    let m = b.dots_per_module as i64;
    for (start, count) in b.dark_runs() {
        let x = x0 + start as i64 * m;
        r.fill_dots(x, y0, x + count as i64 * m, y1);
    }
}

fn qr(r: &mut Raster, q: &QrBlock) {
    let d = r.dpi;
    let (x0, y0) = (d.dots(q.x), d.dots(q.y));
    let m = q.dots_per_module as i64;
    for row in 0..q.width {
        let y = y0 + row as i64 * m;
        for (start, count) in q.row_runs(row) {
            let x = x0 + start as i64 * m;
            r.fill_dots(x, y, x + count as i64 * m, y + m);
        }
    }
}

/// Draws a line of text; `dx`, `dy` (mm) shift it, for drawing into a raster of its own.
pub fn text(r: &mut Raster, t: &TextLine, dx: f32, dy: f32) {
    let font = t.face.font();
    let dpmm = r.dpi.dots_per_mm();
    let em_px = t.size_mm * dpmm;
    let units = font.units_per_em().unwrap_or(2048.0);
    let scale = PxScale::from(em_px * font.height_unscaled() / units);
    let scaled = font.as_scaled(scale);
    let mut caret = (t.x + dx) * dpmm;
    let baseline = (t.baseline + dy) * dpmm;
    for c in t.text.chars() {
        let id = font.glyph_id(c);
        super::glyphs::draw(t.face, id, scale, caret, baseline, |x, y, cov| {
            r.ink(x, y, cov, t.inverse)
        });
        caret += scaled.h_advance(id);
    }
}
