//! Following a connected scale: a thread of its own reads the device (a USB HID scale's reports,
//! a serial scale's lines, asking first when its format answers only when asked) and hands each
//! reading over, with word when the scale stops answering (unplugged, switched off) and again
//! when it is back. The thread never touches the window: the desk drains what it sent once a
//! frame. Dropping the [`Follow`] stops it.

use crate::hid_pos::{USAGE_PAGE, read_report};
use crate::reading::Reading;
use crate::serial_text::{Format, Lines};
use crate::steady::{SETTLED_REPORTS, Steady};
use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

/// How a scale is reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connection {
    /// A USB HID scale of the point-of-sale page: the first one found, or this vendor and
    /// product.
    Hid { device: Option<(u16, u16)> },
    /// A serial or USB-serial scale: its port (`/dev/ttyUSB0`, `COM3`), speed and format.
    Serial {
        port: String,
        baud: u32,
        format: Format,
    },
}

/// What the follower saw.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Reading(Reading),
    /// The scale cannot be read (the system's words).
    Lost(String),
}

/// How long a read waits before the thread looks whether it should stop (and a request–reply
/// scale is asked again).
const TICK: Duration = Duration::from_millis(200);
/// How long a lost scale is left before it is looked for again.
const RETRY: Duration = Duration::from_secs(1);

/// A scale being followed; stops when dropped.
pub struct Follow {
    stop: Arc<AtomicBool>,
    events: Receiver<Event>,
}

impl Follow {
    /// Starts following `connection`; `wake` is called when what the scale says changed (the
    /// window's repaint): a new reading shown, a weight settled, the scale lost or back. A
    /// scale repeating what it said (most of its reports, a few a second) wakes nothing, so a
    /// counter at rest draws nothing.
    pub fn start(connection: Connection, wake: impl Fn() + Send + 'static) -> Follow {
        Follow::with(move |stop, tx| run(&connection, stop, tx), wake)
    }

    /// Follows the reports of `source` as a HID scale's (a fake report stream in the tests).
    pub fn reports(
        mut source: impl FnMut() -> Result<Option<Vec<u8>>, String> + Send + 'static,
        wake: impl Fn() + Send + 'static,
    ) -> Follow {
        Follow::with(
            move |stop, send| {
                if let Err(why) = follow_reports(&mut source, stop, send) {
                    send(Event::Lost(why));
                }
            },
            wake,
        )
    }

    fn with(
        body: impl FnOnce(&AtomicBool, &dyn Fn(Event) -> bool) + Send + 'static,
        wake: impl Fn() + Send + 'static,
    ) -> Follow {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, events) = channel();
        let flag = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("scale".into())
            .spawn(move || {
                // What the desk will make of the events (its own `Steady`, fed the same ones):
                // the window is woken only when that changes.
                let seen = std::cell::RefCell::new(Steady::new(SETTLED_REPORTS));
                let send = |e: Event| {
                    let changed = {
                        let mut seen = seen.borrow_mut();
                        match &e {
                            Event::Reading(r) => {
                                let before = seen.shown();
                                let settled = seen.feed(*r).is_some();
                                settled || seen.shown() != before
                            }
                            Event::Lost(_) => {
                                seen.lost();
                                true
                            }
                        }
                    };
                    let sent = Sender::send(&tx, e).is_ok();
                    if changed {
                        wake();
                    }
                    sent
                };
                body(&flag, &send);
            });
        if let Err(e) = spawned {
            tracing::warn!("the scale cannot be followed: {e}");
        }
        Follow { stop, events }
    }

    /// What arrived since the last call (never waits).
    pub fn drain(&self) -> Vec<Event> {
        self.events.try_iter().collect()
    }
}

impl Drop for Follow {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Reads the scale until told to stop, opening it again after it is lost.
fn run(connection: &Connection, stop: &AtomicBool, send: &dyn Fn(Event) -> bool) {
    // Whether the scale was read since it was last said lost: a scale that stays away is said
    // lost once, not once a second.
    let read = std::cell::Cell::new(true);
    let passed = |e: Event| {
        read.set(true);
        send(e)
    };
    while !stop.load(Ordering::Relaxed) {
        let ended = match connection {
            Connection::Hid { device } => follow_hid(*device, stop, &passed),
            Connection::Serial { port, baud, format } => {
                follow_serial(port, *baud, *format, stop, &passed)
            }
        };
        match ended {
            Ok(()) => return,
            Err(why) => {
                if read.replace(false) && !send(Event::Lost(why)) {
                    return;
                }
                sleep_unless_stopped(RETRY, stop);
            }
        }
    }
}

fn sleep_unless_stopped(total: Duration, stop: &AtomicBool) {
    let mut slept = Duration::ZERO;
    while slept < total && !stop.load(Ordering::Relaxed) {
        std::thread::sleep(TICK);
        slept += TICK;
    }
}

/// A serial scale: `Ok` when told to stop, `Err` when the port failed.
fn follow_serial(
    port: &str,
    baud: u32,
    format: Format,
    stop: &AtomicBool,
    send: &dyn Fn(Event) -> bool,
) -> Result<(), String> {
    let mut device = serialport::new(port, baud)
        .timeout(TICK)
        .open()
        .map_err(|e| format!("{port}: {e}"))?;
    let mut lines = Lines::default();
    let mut buf = [0u8; 256];
    while !stop.load(Ordering::Relaxed) {
        if let Some(request) = format.request() {
            device
                .write_all(request)
                .map_err(|e| format!("{port}: {e}"))?;
        }
        match device.read(&mut buf) {
            // A pseudo terminal whose other end closed reads nothing: the scale is gone.
            Ok(0) => return Err(format!("{port}: closed")),
            Ok(n) => {
                for line in lines.push(&buf[..n]) {
                    if let Some(reading) = format.read_line(&line)
                        && !send(Event::Reading(reading))
                    {
                        return Ok(());
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("{port}: {e}")),
        }
    }
    Ok(())
}

/// A USB HID scale: `Ok` when told to stop, `Err` when none is found or it went away.
fn follow_hid(
    device: Option<(u16, u16)>,
    stop: &AtomicBool,
    send: &dyn Fn(Event) -> bool,
) -> Result<(), String> {
    let api = hidapi::HidApi::new().map_err(|e| e.to_string())?;
    let info = api
        .device_list()
        .find(|d| match device {
            Some((vendor, product)) => d.vendor_id() == vendor && d.product_id() == product,
            None => d.usage_page() == USAGE_PAGE,
        })
        .ok_or_else(|| "no USB scale is connected".to_string())?;
    let hid = info.open_device(&api).map_err(|e| e.to_string())?;
    let mut buf = [0u8; 64];
    let ms = i32::try_from(TICK.as_millis()).unwrap_or(200);
    let mut next = move || match hid.read_timeout(&mut buf, ms) {
        Ok(0) => Ok(None),
        Ok(n) => Ok(Some(buf[..n].to_vec())),
        Err(e) => Err(e.to_string()),
    };
    follow_reports(&mut next, stop, send)
}

/// Reads reports until told to stop (`Ok`) or the source fails (`Err`).
fn follow_reports(
    next: &mut dyn FnMut() -> Result<Option<Vec<u8>>, String>,
    stop: &AtomicBool,
    send: &dyn Fn(Event) -> bool,
) -> Result<(), String> {
    while !stop.load(Ordering::Relaxed) {
        match next() {
            Ok(Some(report)) => {
                // Other reports of the device (its attributes, a control) are not readings.
                if let Ok(reading) = read_report(&report)
                    && !send(Event::Reading(reading))
                {
                    return Ok(());
                }
            }
            Ok(None) => {}
            Err(why) => return Err(why),
        }
    }
    Ok(())
}

/// The serial ports of this machine, for the settings to offer.
pub fn serial_ports() -> Vec<String> {
    serialport::available_ports()
        .map(|ports| ports.into_iter().map(|p| p.port_name).collect())
        .unwrap_or_default()
}
