//! What the printer itself is set to — its resolution and the width (and for CUPS the length) of
//! its media — so the desk can warn before a label is printed at the wrong size or DPI, the most
//! common label complaint at counters. A thermal printer on the network is asked with Zebra's
//! Set-Get-Do commands on its raw port; a system queue through `lpoptions -l` (CUPS marks the
//! queue's defaults with `*`). A printer that does not say leaves the facts unknown: no warning
//! is better than a wrong one.

use super::print::{Printer, Spooler, with_port};
use super::size::{Dpi, LabelSize};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// What the printer reported; each fact may be missing.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PrinterMedia {
    pub dpi: Option<u32>,
    pub width_mm: Option<f32>,
    pub length_mm: Option<f32>,
}

/// A difference between the desk's label settings and the printer's own.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Mismatch {
    Dpi { chosen: u32, printer: u32 },
    Width { chosen: f32, printer: f32 },
    Length { chosen: f32, printer: f32 },
}

/// Millimetres within which two media sizes count as the same (die-cut gaps, rounding).
const SIZE_TOLERANCE_MM: f32 = 3.0;
/// How much wider than the label a printer's print width may be: a 100 mm label on a 4-inch
/// head (104 mm) is normal, a 58 mm strip on it is not.
const WIDER_HEAD_MM: f32 = 6.0;

impl PrinterMedia {
    /// The differences from the chosen stock; empty when they agree or nothing is known.
    pub fn mismatches(&self, size: LabelSize, dpi: Dpi) -> Vec<Mismatch> {
        let mut out = Vec::new();
        if let Some(p) = self.dpi
            && p != dpi.value()
        {
            out.push(Mismatch::Dpi {
                chosen: dpi.value(),
                printer: p,
            });
        }
        let (width, length) = match size.sheet() {
            Some(page) => page,
            None => {
                let frame = size.frame();
                (frame.width, frame.height.unwrap_or(0.0))
            }
        };
        if let Some(p) = self.width_mm
            && (p < width - SIZE_TOLERANCE_MM || p > width + WIDER_HEAD_MM)
        {
            out.push(Mismatch::Width {
                chosen: width,
                printer: p,
            });
        }
        // A strip is as long as its content: any length fits it.
        if length > 0.0
            && let Some(p) = self.length_mm
            && (p - length).abs() > SIZE_TOLERANCE_MM
        {
            out.push(Mismatch::Length {
                chosen: length,
                printer: p,
            });
        }
        out
    }
}

/// The quoted values of an SGD reply, in order (`"203""812"` → `["203", "812"]`).
fn sgd_values(reply: &str) -> Vec<String> {
    reply
        .split('"')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, v)| v.trim().to_string())
        .collect()
}

/// Reads the replies to the two questions `ask_zebra` sends: resolution, then print width in dots.
pub fn parse_sgd(reply: &str) -> PrinterMedia {
    let values = sgd_values(reply);
    let number = |i: usize| values.get(i).and_then(|v| v.parse::<u32>().ok());
    let dpi = number(0).filter(|d| (100..=700).contains(d));
    let width_mm = match (dpi, number(1)) {
        (Some(d), Some(w)) if w > 0 => Some(w as f32 * 25.4 / d as f32),
        _ => None,
    };
    PrinterMedia {
        dpi,
        width_mm,
        length_mm: None,
    }
}

/// Reads `lpoptions -l`: the starred choice of `Resolution` and `PageSize`/`media`.
pub fn parse_lpoptions(text: &str) -> PrinterMedia {
    let mut media = PrinterMedia::default();
    for line in text.lines() {
        let Some((name, choices)) = line.split_once(':') else {
            continue;
        };
        let key = name.split('/').next().unwrap_or_default().trim();
        let Some(chosen) = choices.split_whitespace().find_map(|c| c.strip_prefix('*')) else {
            continue;
        };
        match key {
            "Resolution" => {
                media.dpi = chosen
                    .trim_end_matches("dpi")
                    .split('x')
                    .next()
                    .and_then(|d| d.parse().ok());
            }
            "PageSize" | "media" => {
                if let Some((w, l)) = page_size_mm(chosen) {
                    media.width_mm = Some(w);
                    media.length_mm = Some(l);
                }
            }
            _ => {}
        }
    }
    media
}

/// A CUPS page size name in mm: `w288h432` (points), `Custom.100x150mm`, `A4`.
fn page_size_mm(name: &str) -> Option<(f32, f32)> {
    let n = name.trim();
    if n.eq_ignore_ascii_case("a4") || n.starts_with("iso_a4") {
        return Some((210.0, 297.0));
    }
    if let Some(rest) = n.strip_prefix('w')
        && let Some((w, h)) = rest.split_once('h')
        && let (Ok(w), Ok(h)) = (w.parse::<f32>(), h.parse::<f32>())
    {
        let mm = 25.4 / 72.0;
        return Some((w * mm, h * mm));
    }
    let body = n.strip_prefix("Custom.").unwrap_or(n);
    let body = body.rsplit('_').next().unwrap_or(body);
    let (dims, unit) = if let Some(d) = body.strip_suffix("mm") {
        (d, 1.0)
    } else if let Some(d) = body.strip_suffix("in") {
        (d, 25.4)
    } else {
        return None;
    };
    let (w, h) = dims.split_once('x')?;
    Some((w.parse::<f32>().ok()? * unit, h.parse::<f32>().ok()? * unit))
}

/// Asks a network thermal printer (2 s budget for each step).
async fn ask_zebra(address: &str) -> Result<PrinterMedia, String> {
    let step = Duration::from_secs(2);
    let address = with_port(address);
    let mut stream = tokio::time::timeout(step, tokio::net::TcpStream::connect(&address))
        .await
        .map_err(|_| format!("{address}: no answer"))?
        .map_err(|e| format!("{address}: {e}"))?;
    let question = "! U1 getvar \"head.resolution.in_dpi\"\r\n! U1 getvar \"ezpl.print_width\"\r\n";
    tokio::time::timeout(step, stream.write_all(question.as_bytes()))
        .await
        .map_err(|_| format!("{address}: no answer"))?
        .map_err(|e| format!("{address}: {e}"))?;
    // Read until both answers are in, the printer closes, or it stops talking.
    let mut reply = Vec::new();
    let mut buf = [0u8; 256];
    while sgd_values(&String::from_utf8_lossy(&reply)).len() < 2 && reply.len() < 4096 {
        match tokio::time::timeout(step, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Err(_) => break,
            Ok(Ok(n)) => reply.extend_from_slice(&buf[..n]),
            Ok(Err(e)) => return Err(format!("{address}: {e}")),
        }
    }
    Ok(parse_sgd(&String::from_utf8_lossy(&reply)))
}

/// Asks CUPS for a queue's defaults.
async fn ask_cups(spooler: &Spooler, queue: &str) -> Result<PrinterMedia, String> {
    let run = tokio::process::Command::new(&spooler.lpoptions)
        .args(["-p", queue, "-l"])
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(5), run)
        .await
        .map_err(|_| format!("{}: no answer", spooler.lpoptions))?
        .map_err(|e| format!("{}: {e}", spooler.lpoptions))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_string());
    }
    Ok(parse_lpoptions(&String::from_utf8_lossy(&out.stdout)))
}

/// What the printer is set to, as far as it tells.
pub async fn probe(printer: &Printer, spooler: &Spooler) -> Result<PrinterMedia, String> {
    match printer {
        Printer::NetworkZpl { address } => ask_zebra(address).await,
        Printer::SystemPdf { queue } | Printer::SystemZpl { queue } => {
            if cfg!(windows) {
                // The Windows spooler has no lpoptions; nothing is known, nothing is warned.
                Ok(PrinterMedia::default())
            } else {
                ask_cups(spooler, queue).await
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zebra_replies_are_read_in_order() {
        let m = parse_sgd("\"203\"\"812\"");
        assert_eq!(m.dpi, Some(203));
        assert!((m.width_mm.unwrap() - 101.6).abs() < 0.1);
        assert_eq!(parse_sgd("\"?\"").dpi, None);
        assert_eq!(parse_sgd("").dpi, None);
    }

    #[test]
    fn cups_defaults_are_the_starred_choices() {
        let text = "PageSize/Media Size: w288h432 *w283h425 Custom.WIDTHxHEIGHT\n\
                    Resolution/Resolution: 203dpi *300dpi\n\
                    Darkness/Darkness: *Default 10 20\n";
        let m = parse_lpoptions(text);
        assert_eq!(m.dpi, Some(300));
        assert!((m.width_mm.unwrap() - 99.8).abs() < 0.2);
        assert!((m.length_mm.unwrap() - 149.9).abs() < 0.2);
        let custom = parse_lpoptions("PageSize/Page Size: A4 *Custom.100x100mm\n");
        assert_eq!(custom.width_mm, Some(100.0));
        assert_eq!(custom.dpi, None);
    }

    #[test]
    fn only_real_differences_are_reported() {
        let m = PrinterMedia {
            dpi: Some(203),
            width_mm: Some(101.6),
            length_mm: None,
        };
        assert!(m.mismatches(LabelSize::L100x150, Dpi::D203).is_empty());
        assert_eq!(
            m.mismatches(LabelSize::L100x150, Dpi::D300),
            vec![Mismatch::Dpi {
                chosen: 300,
                printer: 203
            }]
        );
        assert!(matches!(
            m.mismatches(LabelSize::Strip58, Dpi::D203)[..],
            [Mismatch::Width { .. }]
        ));
        let a4 = PrinterMedia {
            dpi: None,
            width_mm: Some(210.0),
            length_mm: Some(297.0),
        };
        assert!(a4.mismatches(LabelSize::A4, Dpi::D300).is_empty());
        assert_eq!(a4.mismatches(LabelSize::L100x100, Dpi::D300).len(), 2);
        assert!(
            PrinterMedia::default()
                .mismatches(LabelSize::L100x100, Dpi::D300)
                .is_empty()
        );
    }
}
