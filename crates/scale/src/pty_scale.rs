//! A simulated serial scale on a pseudo terminal: the desk opens its port by name like any
//! serial scale's and reads the lines a continuously streaming scale sends (`ST,GS,+001.234kg`
//! ten times a second), so the whole path from the port to the weight field runs without
//! hardware, in the tests and in the demo. A parcel put on its pan rocks, settles and holds
//! ([`crate::simulated::placing`]); taking it off reads zero; unplugging closes the terminal.

use crate::reading::Reading;
use crate::simulated::{continuous_line, placing};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the simulated scale sends a line.
const EVERY: Duration = Duration::from_millis(100);

/// What the pan holds: the readings still to send, then the last one again and again.
#[derive(Default)]
struct Pan {
    coming: std::collections::VecDeque<Reading>,
    now: Option<Reading>,
    unplugged: bool,
}

/// A scale on a pseudo terminal; unplugged when dropped.
pub struct PtyScale {
    port: String,
    _slave: serialport::TTYPort,
    pan: Arc<Mutex<Pan>>,
    seed: u64,
}

impl PtyScale {
    /// Opens the terminal pair and starts streaming an empty pan.
    pub fn start() -> Result<PtyScale, String> {
        let (mut master, slave) = serialport::TTYPort::pair().map_err(|e| e.to_string())?;
        let port = serialport::SerialPort::name(&slave)
            .ok_or_else(|| "the pseudo terminal has no name".to_string())?;
        // Kept open while the scale is plugged in: a terminal with no end open takes no lines.
        let pan = Arc::new(Mutex::new(Pan {
            now: Some(Reading::Stable(0)),
            ..Pan::default()
        }));
        let shared = pan.clone();
        std::thread::Builder::new()
            .name("simulated scale".into())
            .spawn(move || {
                loop {
                    let line = {
                        let mut pan = shared.lock().unwrap_or_else(|p| p.into_inner());
                        if pan.unplugged {
                            return;
                        }
                        if let Some(next) = pan.coming.pop_front() {
                            pan.now = Some(next);
                        }
                        pan.now.map(|r| continuous_line(r) + "\r\n")
                    };
                    if let Some(line) = line
                        && master.write_all(line.as_bytes()).is_err()
                    {
                        return;
                    }
                    std::thread::sleep(EVERY);
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(PtyScale {
            port,
            _slave: slave,
            pan,
            seed: 1,
        })
    }

    /// The port the desk opens (`/dev/pts/N`).
    pub fn port(&self) -> &str {
        &self.port
    }

    fn pan(&self) -> std::sync::MutexGuard<'_, Pan> {
        self.pan.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Puts a parcel of `grams` on the pan.
    pub fn place(&mut self, grams: u64) {
        self.seed = self.seed.wrapping_add(1);
        let readings = placing(grams, self.seed);
        self.pan().coming.extend(readings);
    }

    /// Sends these readings, then holds the last.
    pub fn send(&self, readings: impl IntoIterator<Item = Reading>) {
        self.pan().coming.extend(readings);
    }

    /// Takes the parcel off.
    pub fn clear(&self) {
        let mut pan = self.pan();
        pan.coming.clear();
        pan.coming.push_back(Reading::Stable(0));
    }

    /// Pulls the cable: the terminal closes and the scale says nothing more.
    pub fn unplug(&self) {
        self.pan().unplugged = true;
    }
}

impl Drop for PtyScale {
    fn drop(&mut self) {
        self.unplug();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::{Connection, Event, Follow};
    use crate::serial_text::Format;
    use crate::steady::{Shown, Steady};
    use std::time::Instant;

    /// Drains `follow` into `steady` until `done` or five seconds.
    fn until(
        follow: &Follow,
        steady: &mut Steady,
        taken: &mut Vec<u64>,
        done: impl Fn(&Steady, &[u64]) -> bool,
    ) -> bool {
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            for e in follow.drain() {
                match e {
                    Event::Reading(r) => taken.extend(steady.feed(r).map(|w| w.grams())),
                    Event::Lost(_) => steady.lost(),
                }
            }
            if done(steady, taken) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    #[test]
    fn a_serial_scale_on_a_terminal_gives_its_settled_weight_once_and_is_missed_when_pulled() {
        let mut scale = PtyScale::start().expect("a pseudo terminal");
        let follow = Follow::start(
            Connection::Serial {
                port: scale.port().to_string(),
                baud: 9600,
                format: Format::Continuous,
            },
            || {},
        );
        let (mut steady, mut taken) = (Steady::new(3), Vec::new());
        assert!(until(&follow, &mut steady, &mut taken, |s, _| s.shown()
            == Shown::Empty));
        scale.place(2_345);
        assert!(until(&follow, &mut steady, &mut taken, |_, t| !t.is_empty()));
        assert_eq!(taken, [2_345], "the jitter never taken, the weight once");
        // Refused: under zero and over the limit.
        scale.send([Reading::Negative, Reading::Negative, Reading::Negative]);
        assert!(until(&follow, &mut steady, &mut taken, |s, _| s.shown()
            == Shown::Negative));
        scale.send([Reading::Overload; 4]);
        assert!(until(&follow, &mut steady, &mut taken, |s, _| s.shown()
            == Shown::Overload));
        assert_eq!(taken, [2_345]);
        // Pulled mid-reading: lost, nothing taken.
        scale.send([Reading::Moving(900), Reading::Moving(950)]);
        std::thread::sleep(Duration::from_millis(150));
        scale.unplug();
        assert!(until(&follow, &mut steady, &mut taken, |s, _| s.shown()
            == Shown::Lost));
        assert_eq!(taken, [2_345]);
    }

    #[test]
    fn a_hid_report_stream_is_followed_until_it_fails() {
        let mut reports: std::collections::VecDeque<Vec<u8>> = placing(1_200, 7)
            .into_iter()
            .map(|r| crate::simulated::hid_report(r).to_vec())
            .collect();
        // A report of another kind among them is no reading.
        reports.push_front(vec![1, 0, 0]);
        let follow = Follow::reports(
            move || match reports.pop_front() {
                Some(r) => Ok(Some(r)),
                None => Err("unplugged".into()),
            },
            || {},
        );
        let (mut steady, mut taken) = (Steady::new(3), Vec::new());
        assert!(until(&follow, &mut steady, &mut taken, |s, _| s.shown()
            == Shown::Lost));
        assert_eq!(taken, [1_200]);
    }
}
