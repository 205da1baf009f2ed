//! A scale without hardware, for the tests and the demo: a parcel put on the pan rocks for a
//! few reports (jitter of tens of grams), is flagged settled a moment too early (a gram either
//! way), then holds. The same readings are spoken as a HID scale's reports or as either serial
//! format's lines, so every reader is driven by what a real scale would send.

use crate::hid_pos::{self, status as sent};
use crate::reading::Reading;

/// The readings of a parcel of `grams` put on the pan; `seed` varies the jitter.
pub fn placing(grams: u64, seed: u64) -> Vec<Reading> {
    let mut noise = Noise(seed | 1);
    let mut readings: Vec<Reading> = (0..5)
        .map(|_| Reading::Moving(grams.saturating_add_signed(noise.within(40))))
        .collect();
    readings.extend((0..2).map(|_| Reading::Stable(grams.saturating_add_signed(noise.within(1)))));
    readings.extend((0..6).map(|_| Reading::Stable(grams)));
    readings
}

/// A small deterministic jitter (no randomness crate for a simulated pan).
struct Noise(u64);

impl Noise {
    /// A number in `-span..=span`.
    fn within(&mut self, span: i64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let width = u64::try_from(2 * span + 1).unwrap_or(1);
        i64::try_from((self.0 >> 33) % width).unwrap_or(0) - span
    }
}

/// The HID report a POS scale sends for `reading` (grams; heavier than 65 kg in tens of grams).
pub fn hid_report(reading: Reading) -> [u8; 6] {
    const GRAM: u8 = 2;
    let weighed = |state, g: u64| match u16::try_from(g) {
        Ok(g) => hid_pos::report(state, GRAM, 0, g),
        Err(_) => hid_pos::report(state, GRAM, 1, u16::try_from(g / 10).unwrap_or(u16::MAX)),
    };
    match reading {
        Reading::Stable(0) => hid_pos::report(sent::STABLE_ZERO, GRAM, 0, 0),
        Reading::Stable(g) => weighed(sent::STABLE, g),
        Reading::Moving(g) => weighed(sent::IN_MOTION, g),
        Reading::Negative => hid_pos::report(sent::UNDER_ZERO, GRAM, 0, 0),
        Reading::Overload => hid_pos::report(sent::OVER_LIMIT, GRAM, 0, 0),
        Reading::Fault(_) => hid_pos::report(sent::FAULT, GRAM, 0, 0),
    }
}

fn kilograms(g: u64) -> String {
    format!("{:03}.{:03}", g / 1000, g % 1000)
}

/// The line a continuously streaming scale sends for `reading`.
pub fn continuous_line(reading: Reading) -> String {
    match reading {
        Reading::Stable(g) => format!("ST,GS,+{}kg", kilograms(g)),
        Reading::Moving(g) => format!("US,GS,+{}kg", kilograms(g)),
        Reading::Negative => "ST,GS,-000.020kg".to_string(),
        Reading::Overload | Reading::Fault(_) => "OL,GS,+999.999kg".to_string(),
    }
}

/// The answer of a request–reply scale to the weight request, when `reading` is on its pan.
pub fn sics_reply(reading: Reading) -> String {
    match reading {
        Reading::Stable(g) => format!("S S {:>10} kg", kilograms(g)),
        Reading::Moving(g) => format!("S D {:>10} kg", kilograms(g)),
        Reading::Negative => "S -".to_string(),
        Reading::Overload => "S +".to_string(),
        Reading::Fault(_) => "S I".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hid_pos::read_report;
    use crate::serial_text::{Format, Lines};
    use crate::steady::Steady;

    /// Every reader, fed what the simulated scale sends, takes the parcel's weight once.
    #[test]
    fn each_kind_of_scale_gives_the_settled_weight_through_the_jitter() {
        for seed in 0..50 {
            let grams = 250 + seed * 731;
            let readings = placing(grams, seed);
            let mut hid = Steady::new(3);
            let from_hid: Vec<u64> = readings
                .iter()
                .filter_map(|r| read_report(&hid_report(*r)).ok())
                .filter_map(|r| hid.feed(r))
                .map(|w| w.grams())
                .collect();
            assert_eq!(from_hid, vec![grams], "HID, seed {seed}");

            let mut stream = Steady::new(3);
            let mut lines = Lines::default();
            let bytes: String = readings
                .iter()
                .map(|r| continuous_line(*r) + "\r\n")
                .collect();
            let from_stream: Vec<u64> = lines
                .push(bytes.as_bytes())
                .iter()
                .filter_map(|l| Format::Continuous.read_line(l))
                .filter_map(|r| stream.feed(r))
                .map(|w| w.grams())
                .collect();
            assert_eq!(from_stream, vec![grams], "continuous, seed {seed}");

            let mut asked = Steady::new(3);
            let from_replies: Vec<u64> = readings
                .iter()
                .filter_map(|r| Format::RequestReply.read_line(&sics_reply(*r)))
                .filter_map(|r| asked.feed(r))
                .map(|w| w.grams())
                .collect();
            assert_eq!(from_replies, vec![grams], "request-reply, seed {seed}");
        }
    }

    #[test]
    fn refusals_survive_the_trip_through_each_protocol() {
        for reading in [Reading::Negative, Reading::Overload] {
            assert_eq!(read_report(&hid_report(reading)), Ok(reading));
            assert_eq!(
                Format::Continuous.read_line(&continuous_line(reading)),
                Some(reading)
            );
            assert_eq!(
                Format::RequestReply.read_line(&sics_reply(reading)),
                Some(reading)
            );
        }
    }
}
