//! The room of live status: the poller, the notification receiver and what they report.
//!
//! Keeping the journal's statuses live while a session is open. Two feeds, one door
//! ([`LiveStatus`]): the webhook receiver (when the service can reach this computer; always in
//! demo mode, where it registers itself with the embedded twin) and the poller, which re-reads
//! the journal's open orders one at a time, spread over a round the clerk sets, backing off on
//! failures and on 429. What moved comes back to the screens as notes.

pub(crate) mod live_status;
pub(crate) mod receiver;

use crate::live::live_status::{Arrival, LiveStatus, Moved};
use crate::live::receiver::{Expect, Receiver};
use crate::*;
use api::codes::{Environment, OrderStatus};
use api::webhook::{WebhookConfig, WebhookConfigRequest};
use std::sync::Mutex;
use store::{Notice, NotificationRow, Verdict};

/// What the poller is doing, for the clerk to see.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PollState {
    /// Seconds a round takes (0: stopped).
    pub every_seconds: u32,
    /// When the next reading is due (seconds since the epoch).
    pub next_at: Option<i64>,
    /// Orders read in the current round, of how many.
    pub read: usize,
    pub open: usize,
    /// Why the last reading failed, while the poller waits longer before the next.
    pub last_error: Option<PollProblem>,
}

/// Why the receiver does not listen; the screen says it in the clerk's words.
#[derive(Debug, Clone, PartialEq)]
pub enum ReceiverProblem {
    /// Outside demo mode, no key to check callers with.
    NoKey,
    /// The address and port do not read as one.
    Address(String),
    /// The system refused to listen there (in use, not this computer's); its words kept.
    Listen { addr: String, detail: String },
    /// Demo mode: the twin did not take the registration.
    Register(api::ApiError),
}

/// Why a reading failed.
#[derive(Debug, Clone, PartialEq)]
pub enum PollProblem {
    /// The service did not answer as it should.
    Service(api::ApiError),
    /// This computer's database could not be read or written.
    Database(String),
}

/// A receiver listening, with the registration the demo twin answered.
type Started = (Receiver, Option<WebhookConfig>);
type Starting = Task<Result<Started, ReceiverProblem>>;

/// The live parts of an open session.
pub struct Live {
    pub status: LiveStatus,
    receiver: Option<Receiver>,
    starting: Option<Starting>,
    /// Why the receiver could not start.
    pub receiver_error: Option<ReceiverProblem>,
    /// The registration the demo twin answered with.
    pub registered: Option<WebhookConfig>,
    /// The partner key the receiver expects (to register it with).
    pub expected_key: String,
    poller: Option<tokio::task::AbortHandle>,
    pub poll: Arc<Mutex<PollState>>,
}

impl Drop for Live {
    fn drop(&mut self) {
        if let Some(p) = self.poller.take() {
            p.abort();
        }
    }
}

/// A key nobody can guess, for the receiver the demo registers with its twin.
fn random_key() -> String {
    use ring::rand::SecureRandom;
    let mut bytes = [0u8; 16];
    if ring::rand::SystemRandom::new().fill(&mut bytes).is_err() {
        // No system randomness: the time is still unknown to anyone calling from outside.
        bytes = chrono::Utc::now()
            .timestamp_nanos_opt()
            .unwrap_or_default()
            .to_le_bytes()
            .repeat(2)
            .try_into()
            .unwrap_or_default();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Longest wait after failures.
const MAX_BACKOFF: Duration = Duration::from_secs(30 * 60);

/// Whether an order may still move (not delivered, cancelled, deleted or expired; a return is
/// still on its way).
fn is_open(status_id: i64) -> bool {
    status_id == api::codes::LegacyStatus::Return.code()
        || OrderStatus::from_legacy(status_id).is_none_or(|s| !s.is_final())
}

/// Reads the open orders again and again: one request at a time, spread over the round.
async fn poll_loop(
    legacy: Arc<api::LegacyClient>,
    live: LiveStatus,
    every: Duration,
    state: Arc<Mutex<PollState>>,
) {
    let set = |f: &dyn Fn(&mut PollState)| f(&mut state.lock().unwrap_or_else(|p| p.into_inner()));
    let mut backoff = Duration::ZERO;
    loop {
        let (store, scope) = (live.store().clone(), live.scope().clone());
        let read = tokio::task::spawn_blocking(move || store.journal(&scope))
            .await
            .map_err(|e| store::StoreError::Interrupted(e.to_string()))
            .and_then(|r| r);
        let open: Vec<(i64, String)> = match read {
            Ok(rows) => rows
                .into_iter()
                .filter(|r| is_open(r.status_id))
                .map(|r| (r.order_id, r.barcode().to_string()))
                .collect(),
            Err(e) => {
                // Said, and tried again after a round.
                set(&|s| s.last_error = Some(PollProblem::Database(e.to_string())));
                Vec::new()
            }
        };
        let gap = every / u32::try_from(open.len().max(1)).unwrap_or(u32::MAX);
        let gap = gap.max(Duration::from_secs(1));
        set(&|s| {
            s.read = 0;
            s.open = open.len();
        });
        for (order_id, barcode) in open {
            let wait = gap.max(backoff);
            let due = chrono::Utc::now().timestamp() + wait.as_secs() as i64;
            set(&|s| s.next_at = Some(due));
            tokio::time::sleep(wait).await;
            match legacy.track(order_id).await {
                Ok(track) => {
                    backoff = Duration::ZERO;
                    let now = chrono::Utc::now().with_timezone(&text::day::counter_zone());
                    let notice = Notice {
                        source: "poller".into(),
                        order_id: Some(order_id),
                        barcode,
                        status_id: Some(track.status.id.code()),
                        status_name: track.status.name.clone(),
                        status_date: now.format("%Y-%m-%d %H:%M:%S").to_string(),
                        ..Notice::default()
                    };
                    let arrival = Arrival {
                        notice,
                        refused: false,
                    };
                    match live.take(arrival).await {
                        Ok(_) => set(&|s| {
                            s.read += 1;
                            s.last_error = None;
                        }),
                        Err(e) => {
                            set(&|s| s.last_error = Some(PollProblem::Database(e.to_string())));
                        }
                    }
                }
                Err(e) => {
                    backoff = match &e {
                        api::ApiError::RateLimited {
                            retry_after: Some(d),
                            ..
                        } => *d,
                        _ => (backoff * 2).max(every).min(MAX_BACKOFF),
                    };
                    set(&|s| s.last_error = Some(PollProblem::Service(e.clone())));
                }
            }
        }
        if gap > Duration::ZERO {
            let due = chrono::Utc::now().timestamp() + gap.as_secs() as i64;
            set(&|s| s.next_at = Some(due));
            tokio::time::sleep(gap).await;
        }
    }
}

impl Desk {
    /// Starts keeping statuses live for the session just opened.
    pub(crate) fn start_live(&mut self) {
        self.live = None;
        let (Some(store), Some(scope)) = (self.store.clone(), self.scope.clone()) else {
            return;
        };
        let status = LiveStatus::new(store, scope);
        let settings = self.settings.live.clone();
        let poll = Arc::new(Mutex::new(PollState {
            every_seconds: settings.poll_seconds,
            ..PollState::default()
        }));
        let poller = (settings.poll_seconds > 0).then(|| {
            let every = Duration::from_secs(u64::from(settings.poll_seconds));
            let legacy = self.services.legacy.clone();
            let task = poll_loop(legacy, status.clone(), every, poll.clone());
            self.rt.spawn(task).abort_handle()
        });
        let demo = self.is_demo();
        let expected_key = if demo {
            random_key()
        } else {
            settings.key.clone()
        };
        let starting = settings
            .receiver_on(demo)
            .then(|| self.start_receiver(&status, &expected_key));
        self.live = Some(Live {
            status,
            receiver: None,
            starting,
            receiver_error: None,
            registered: None,
            expected_key,
            poller,
            poll,
        });
    }

    /// Listens for notifications; in demo mode on a free loopback port, registered at once with
    /// the embedded twin under a key of its own.
    fn start_receiver(&self, status: &LiveStatus, key: &str) -> Starting {
        let demo = self.is_demo();
        let s = &self.settings.live;
        let (bind, mut expect) = if demo {
            let bind = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
            (
                Ok(bind),
                Expect {
                    key: key.to_string(),
                    token: String::new(),
                },
            )
        } else {
            let written = format!("{}:{}", s.bind.trim(), s.port);
            let bind = written
                .parse::<std::net::SocketAddr>()
                .map_err(|_| ReceiverProblem::Address(written.clone()));
            (
                bind,
                Expect {
                    key: s.key.clone(),
                    token: s.token.clone(),
                },
            )
        };
        // Outside demo mode a receiver takes notifications only with a key: without one anybody
        // who reaches the port could move the journal's orders.
        let keyless = !demo && expect.key.trim().is_empty() && expect.token.trim().is_empty();
        let (status, current) = (status.clone(), self.services.current.clone());
        self.spawn(async move {
            if keyless {
                return Err(ReceiverProblem::NoKey);
            }
            let bind = bind?;
            let key = expect.key.clone();
            if demo {
                expect.token.clear();
            }
            let receiver = Receiver::start(bind, expect, status).await.map_err(|e| {
                ReceiverProblem::Listen {
                    addr: bind.to_string(),
                    detail: e.to_string(),
                }
            })?;
            if !demo {
                return Ok((receiver, None));
            }
            let request = WebhookConfigRequest {
                webhook_url: receiver.url(),
                has_token: false,
                environment: Some(Environment::Test),
                partner_api_key: Some(key),
            };
            let registered = current
                .webhook_config(&request)
                .await
                .map_err(ReceiverProblem::Register)?;
            Ok((receiver, Some(registered)))
        })
    }

    /// Picks up the receiver's start and the orders that moved (each frame).
    pub(crate) fn poll_live(&mut self) -> Vec<Moved> {
        // Another session or service: what was live belongs to the one before.
        if self.live.as_ref().is_some_and(|l| {
            self.session.is_none() || Some(l.status.scope()) != self.scope.as_ref()
        }) {
            self.live = None;
        }
        let Some(live) = &mut self.live else {
            return Vec::new();
        };
        match crate::task::ready(&mut live.starting) {
            Some(Ok((receiver, registered))) => {
                live.receiver = Some(receiver);
                live.registered = registered;
                live.receiver_error = None;
            }
            Some(Err(e)) => live.receiver_error = Some(e),
            None => {}
        }
        live.status.take_moved()
    }

    pub fn live(&self) -> Option<&Live> {
        self.live.as_ref()
    }

    /// The partner key the receiver expects, once it listens (to register it with).
    pub fn receiver_key(&self) -> Option<String> {
        let live = self.live.as_ref()?;
        live.receiver.as_ref().map(|_| live.expected_key.clone())
    }

    /// Keeps the registration the service answered: the service sends notifications to one
    /// address, the one registered last.
    pub fn note_registered(&mut self, registered: WebhookConfig) {
        if let Some(l) = &mut self.live {
            l.registered = Some(registered);
        }
    }

    /// The address notifications go to when it is not this desk's receiver (registered
    /// elsewhere since): this desk then hears of statuses only from its background readings.
    pub fn notifications_elsewhere(&self) -> Option<String> {
        let here = self.receiver_url()?;
        let there = &self.live.as_ref()?.registered.as_ref()?.webhook_url;
        (there.trim_end_matches('/') != here.trim_end_matches('/')).then(|| there.clone())
    }

    /// Where the receiver listens, once it does.
    pub fn receiver_url(&self) -> Option<String> {
        self.live.as_ref()?.receiver.as_ref().map(Receiver::url)
    }

    /// The delivery log, newest first.
    pub fn delivery_log(&self) -> Option<Task<Result<Vec<NotificationRow>, DeskError>>> {
        let live = self.live.as_ref()?.status.clone();
        Some(self.spawn_blocking(move || Ok(live.store().notifications(live.scope(), 500)?)))
    }

    /// Applies a logged notification again (its verdict is updated).
    pub fn replay(&self, row: NotificationRow) -> Option<Task<Result<Verdict, DeskError>>> {
        let live = self.live.as_ref()?.status.clone();
        Some(self.spawn(async move {
            let notice = Notice {
                source: "replay".into(),
                ..row.notice
            };
            let arrival = Arrival {
                notice,
                refused: false,
            };
            Ok(live.take(arrival).await?)
        }))
    }
}

/// Which registration route a webhook goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// `v1/webhook/add`: notifications as a JSON body.
    Legacy,
    /// `/v1/webhook/webhook-config`: notifications as form data.
    Current,
}

impl Desk {
    /// Registers an address for status notifications on the chosen route.
    pub fn register_webhook(
        &self,
        route: Route,
        request: WebhookConfigRequest,
    ) -> Task<Result<WebhookConfig, DeskError>> {
        let (legacy, current) = (self.services.legacy.clone(), self.services.current.clone());
        self.spawn_noted(async move {
            Ok(match route {
                Route::Legacy => legacy.add_webhook(&request).await?,
                Route::Current => current.webhook_config(&request).await?,
            })
        })
    }

    /// Demo mode: asks the twin to move an order one status on, so its notification comes.
    pub fn send_test_notification(&self, order_id: i64) -> Option<Task<Result<(), DeskError>>> {
        let control = self.twin_control()?;
        Some(self.spawn(async move {
            let url = format!("{control}/sandbox/orders/{order_id}/advance");
            let answer = reqwest::Client::new().post(url).send().await.map_err(|e| {
                api::ApiError::Connect {
                    detail: e.without_url().to_string(),
                }
            })?;
            if answer.status().is_success() {
                Ok(())
            } else {
                Err(DeskError::Service(api::ApiError::Rejected {
                    status: answer.status().as_u16(),
                    message: answer.text().await.unwrap_or_default(),
                }))
            }
        }))
    }

    /// Keeps new live settings and starts the receiver and poller again with them.
    pub fn set_live_settings(
        &mut self,
        live: crate::session::settings::LiveSettings,
    ) -> Task<Result<(), String>> {
        self.settings.live = live;
        let (settings, dir) = (self.settings.clone(), self.paths.config_dir.clone());
        if self.session.is_some() {
            self.start_live();
        }
        self.spawn_blocking(move || settings.save(&dir).map_err(|e| e.to_string()))
    }
}
