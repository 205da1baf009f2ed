//! Serial and USB-serial scales speak lines of text. Two formats cover the counters' scales:
//!
//! - **Continuous** (the A&D-style stream many bench scales send several times a second without
//!   being asked): `ST,GS,+001.234kg` — a status (`ST` stable, `US` unstable, `OL` overload), an
//!   optional kind (`GS` gross, `NT` net), then the signed weight and its unit.
//! - **Request–reply** (the MT-SICS command set): the desk writes [`SICS_REQUEST`] and the scale
//!   answers `S S      1.234 kg` (settled), `S D      1.230 kg` (still moving), `S +` (overload),
//!   `S -` (under zero) or `S I` (busy).
//!
//! Which one a scale speaks is chosen in the settings, with its port and speed.

use crate::reading::{Amount, Fault, Reading, Unit};

/// The request of a request–reply scale: send the settled weight.
pub const SICS_REQUEST: &[u8] = b"S\r\n";

/// The text formats a serial scale may speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Readings streamed without asking.
    Continuous,
    /// A reading sent when asked ([`SICS_REQUEST`]).
    RequestReply,
}

impl Format {
    /// Reads one line (without its line end) of this format; `None` for a line that is not a
    /// reading (an echo, noise, a half line after the cable was plugged in).
    pub fn read_line(self, line: &str) -> Option<Reading> {
        match self {
            Format::Continuous => continuous(line),
            Format::RequestReply => sics(line),
        }
    }

    /// What to write to the scale before each reading, if anything.
    pub fn request(self) -> Option<&'static [u8]> {
        match self {
            Format::Continuous => None,
            Format::RequestReply => Some(SICS_REQUEST),
        }
    }
}

/// The signed number and unit at the end of a line (`+001.234kg`, `-  0.010 kg`, `3.5 oz`).
fn weight(text: &str, stable: bool) -> Option<Reading> {
    let text = text.trim();
    let unit_at = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(unit_at);
    let unit = Unit::parse(unit)?;
    let number: String = number.chars().filter(|c| !c.is_whitespace()).collect();
    Reading::of(Amount::parse(&number, unit)?, stable)
}

fn continuous(line: &str) -> Option<Reading> {
    let mut parts = line.trim().splitn(3, ',');
    let status = parts.next()?.trim();
    let rest: Vec<&str> = parts.collect();
    let value = match rest.as_slice() {
        [kind, value] if matches!(kind.trim(), "GS" | "NT" | "TR") => *value,
        [value] => *value,
        _ => return None,
    };
    match status {
        "ST" => weight(value, true),
        "US" => weight(value, false),
        "OL" => Some(Reading::Overload),
        _ => None,
    }
}

fn sics(line: &str) -> Option<Reading> {
    let rest = line.trim().strip_prefix('S')?;
    let rest = rest.trim_start();
    let (code, value) = rest.split_at(rest.chars().next()?.len_utf8());
    match code {
        "S" => weight(value, true),
        "D" => weight(value, false),
        "+" => Some(Reading::Overload),
        "-" => Some(Reading::Negative),
        "I" => Some(Reading::Fault(Fault::Busy)),
        _ => None,
    }
}

/// Gathers a serial port's bytes into lines: CR, LF or both end a line; a line longer than any
/// scale sends (noise at the wrong speed) is dropped rather than grown for ever.
#[derive(Debug, Default)]
pub struct Lines {
    partial: Vec<u8>,
    /// The line under way ran past [`LONGEST`]: dropped up to its end.
    overflowed: bool,
}

/// Longer than any reading line of a scale.
const LONGEST: usize = 64;

impl Lines {
    /// The complete lines among what has arrived so far, in order (blank lines left out).
    pub fn push(&mut self, bytes: &[u8]) -> Vec<String> {
        let mut lines = Vec::new();
        for &b in bytes {
            if b == b'\r' || b == b'\n' {
                if !self.partial.is_empty() && !self.overflowed {
                    lines.push(String::from_utf8_lossy(&self.partial).into_owned());
                }
                self.partial.clear();
                self.overflowed = false;
            } else if self.partial.len() < LONGEST {
                self.partial.push(b);
            } else {
                self.overflowed = true;
            }
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_continuous_stream_reads_status_and_weight() {
        let read = |l| Format::Continuous.read_line(l);
        assert_eq!(read("ST,GS,+001.234kg"), Some(Reading::Stable(1234)));
        assert_eq!(read("US,NT,+000.998 kg"), Some(Reading::Moving(998)));
        assert_eq!(read("ST,+00012.50  g"), Some(Reading::Stable(13)));
        assert_eq!(read("ST,GS,+002.50lb"), Some(Reading::Stable(1134)));
        assert_eq!(read("ST,GS,-000.020kg"), Some(Reading::Negative));
        assert_eq!(read("OL,GS,+999.999kg"), Some(Reading::Overload));
        for noise in [
            "",
            "GS",
            "ST,GS",
            "XX,GS,+1.0kg",
            "ST,GS,+1.0",
            "ST,GS,+1.0furlong",
        ] {
            assert_eq!(read(noise), None, "{noise:?}");
        }
    }

    #[test]
    fn the_request_reply_answers_read_as_the_command_set_says() {
        let read = |l| Format::RequestReply.read_line(l);
        assert_eq!(read("S S      1.234 kg"), Some(Reading::Stable(1234)));
        assert_eq!(read("S D      1.230 kg"), Some(Reading::Moving(1230)));
        assert_eq!(read("S S     -0.004 kg"), Some(Reading::Negative));
        assert_eq!(read("S +"), Some(Reading::Overload));
        assert_eq!(read("S -"), Some(Reading::Negative));
        assert_eq!(read("S I"), Some(Reading::Fault(Fault::Busy)));
        assert_eq!(read("ES"), None);
        assert_eq!(Format::RequestReply.request(), Some(SICS_REQUEST));
        assert_eq!(Format::Continuous.request(), None);
    }

    #[test]
    fn bytes_become_lines_whatever_the_line_end() {
        let mut lines = Lines::default();
        assert_eq!(lines.push(b"ST,GS,+1.0"), Vec::<String>::new());
        assert_eq!(
            lines.push(b"00kg\r\nUS,GS"),
            vec!["ST,GS,+1.000kg".to_string()]
        );
        assert_eq!(
            lines.push(b",+1.1kg\n\rS S 2 g\r"),
            vec!["US,GS,+1.1kg", "S S 2 g"]
        );
        // Noise at the wrong speed: a line that never ends is dropped, not kept growing.
        assert_eq!(lines.push(&[b'x'; 200]), Vec::<String>::new());
        assert_eq!(
            lines.push(b"\nST,GS,+2kg\n"),
            vec!["ST,GS,+2kg".to_string()]
        );
    }
}
