//! The scale on the counter, as the order form sees it: what it reads now (shown under the weight
//! field) and a settled weight, handed once to the form, which puts it in the field (the clerk may
//! still type over it). A negative, overloaded, faulty or unsettled reading is never handed over;
//! a scale that stops answering leaves the field as it is. The scale is followed on a thread of
//! its own (`scale::device`); what it sent is drained once a frame from [`Desk::poll`].

use crate::session::settings::ScaleKind;
use crate::*;
use api::quantity::Weight;
use scale::device::{Connection, Event, Follow};
use scale::{SETTLED_REPORTS, Shown, Steady};
use std::cell::Cell;

/// The scale followed, and what it said.
pub struct Weighing {
    kind: ScaleKind,
    follow: Option<Follow>,
    steady: Steady,
    /// A settled weight the form has not taken yet.
    settled: Cell<Option<Weight>>,
    /// Why the scale cannot be read, as the system said it (shown with "not answering").
    lost: Option<String>,
    /// The simulated scale, in the demo.
    #[cfg(unix)]
    simulated: Option<scale::pty_scale::PtyScale>,
    /// What wakes the window when the scale said something (the window hands it over after the
    /// scale is already followed: it is read at each call).
    wake: Arc<std::sync::RwLock<Repaint>>,
}

impl Default for Weighing {
    fn default() -> Weighing {
        Weighing {
            kind: ScaleKind::Off,
            follow: None,
            steady: Steady::new(SETTLED_REPORTS),
            settled: Cell::new(None),
            lost: None,
            #[cfg(unix)]
            simulated: None,
            wake: Arc::new(std::sync::RwLock::new(Arc::new(|| {}))),
        }
    }
}

/// What the weight field says of its scale.
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleState {
    pub shown: Shown,
    /// The system's words when the scale cannot be read.
    pub why: Option<String>,
    pub simulated: bool,
}

impl Desk {
    /// What the scale reads now; `None` when the counter has none.
    pub fn scale_state(&self) -> Option<ScaleState> {
        let w = &self.weighing;
        w.follow.as_ref()?;
        Some(ScaleState {
            shown: w.steady.shown(),
            why: w.lost.clone(),
            simulated: w.kind == ScaleKind::Simulated,
        })
    }

    /// A weight that has just settled on the scale, once.
    pub fn take_scale_weight(&self) -> Option<Weight> {
        self.weighing.settled.take()
    }

    /// Puts a parcel of `grams` on the simulated scale (the demo's; nothing without one).
    pub fn simulate_parcel(&self, grams: u64) {
        #[cfg(unix)]
        if let Some(s) = &self.weighing.simulated {
            s.send(scale::simulated::placing(grams, grams));
        }
        #[cfg(not(unix))]
        let _ = grams;
    }

    /// Takes the parcel off the simulated scale.
    pub fn simulate_clear(&self) {
        #[cfg(unix)]
        if let Some(s) = &self.weighing.simulated {
            s.clear();
        }
    }

    /// Follows the scale the settings name (again, when they changed).
    pub(crate) fn wire_scale(&mut self) {
        let demo = self.settings.service.is_none();
        let kind = self.settings.scale.in_force(demo);
        if kind == self.weighing.kind && (self.weighing.follow.is_some() || kind == ScaleKind::Off)
        {
            return;
        }
        self.weighing = Weighing {
            kind: kind.clone(),
            wake: Arc::new(std::sync::RwLock::new(self.repaint.clone())),
            ..Weighing::default()
        };
        let shared = self.weighing.wake.clone();
        let wake = move || {
            let repaint = shared.read().unwrap_or_else(|p| p.into_inner()).clone();
            repaint();
        };
        let connection = match kind {
            ScaleKind::Off => return,
            ScaleKind::UsbHid => Connection::Hid { device: None },
            ScaleKind::Serial { port, baud, format } => Connection::Serial {
                port,
                baud,
                format: format.format(),
            },
            ScaleKind::Simulated => match self.simulated_port() {
                Ok(port) => Connection::Serial {
                    port,
                    baud: 9600,
                    format: scale::serial_text::Format::Continuous,
                },
                Err(why) => {
                    tracing::warn!("no simulated scale: {why}");
                    return;
                }
            },
        };
        self.weighing.follow = Some(Follow::start(connection, wake));
    }

    #[cfg(unix)]
    fn simulated_port(&mut self) -> Result<String, String> {
        let sim = scale::pty_scale::PtyScale::start()?;
        let port = sim.port().to_string();
        self.weighing.simulated = Some(sim);
        Ok(port)
    }

    #[cfg(not(unix))]
    fn simulated_port(&mut self) -> Result<String, String> {
        Err("a simulated scale needs a pseudo terminal".into())
    }

    /// The window's repaint, for the scale's thread to wake it with.
    pub(crate) fn wake_for_scale(&self) {
        *self
            .weighing
            .wake
            .write()
            .unwrap_or_else(|p| p.into_inner()) = self.repaint.clone();
    }

    /// Takes what the scale sent since the last frame.
    pub(crate) fn follow_scale(&mut self) {
        let Some(follow) = &self.weighing.follow else {
            return;
        };
        for event in follow.drain() {
            match event {
                Event::Reading(reading) => {
                    self.weighing.lost = None;
                    if let Some(weight) = self.weighing.steady.feed(reading) {
                        self.weighing.settled.set(Some(weight));
                    }
                }
                Event::Lost(why) => {
                    self.weighing.steady.lost();
                    // A weight settled but not yet taken is not put in after the scale is gone.
                    self.weighing.settled.set(None);
                    self.weighing.lost = Some(why);
                }
            }
        }
    }
}
