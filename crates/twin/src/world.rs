//! The twin's state and every operation on it. Route handlers parse and check the wire, then call
//! one method here under the lock; nothing in this file awaits.

use super::links::{Links, random_hex};
use super::model::*;
use super::persist::Persist;
use super::pricing;
use super::rng::Rng;
use super::seed::{Seed, order_status_name};
use api::codes::{Language, OrderStatus, ParcelStatus};
use api::international::{IntlOrder, ManifestInput, ParcelInput};
use api::legacy::CancellationReason;
use api::warehouse::{ProductInput, PurveyorInput, PurveyorState};
use api::webhook::{Notification, NotificationStatus};
use base64::Engine;
use chrono::{NaiveDate, NaiveDateTime, Utc};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The first order id the twin hands out; barcodes are `01991` + the id in seven digits.
pub const FIRST_ORDER_ID: i64 = 4_300_001;

/// Tashkent time: dates on the wire are local dates there.
pub fn local_now() -> NaiveDateTime {
    Utc::now()
        .with_timezone(&text::day::counter_zone())
        .naive_local()
}

pub use text::day::today;

pub fn epoch_now() -> i64 {
    Utc::now().timestamp()
}

pub fn barcode_for(id: i64) -> String {
    format!("01991{:07}", id % 10_000_000)
}

/// The public tracking link of the twin's tracking page.
pub fn tracking_link(public_base: &str, id: i64, barcode: &str) -> String {
    let page = url::Url::parse(&format!("{public_base}/track"))
        .unwrap_or_else(|_| url::Url::parse("http://127.0.0.1/track").expect("static URL"));
    api::tracking::tracking_link(&page, id, barcode)
}

/// Which token a route accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Access,
    Refresh,
}

#[derive(Debug, Clone)]
struct TokenInfo {
    customer_id: i64,
    iface: Iface,
    kind: TokenKind,
    expires: i64,
}

/// Token lifetimes; tests shorten them.
#[derive(Debug, Clone, Copy)]
pub struct Lifetimes {
    pub legacy: Duration,
    pub access: Duration,
    pub refresh: Duration,
}

impl Default for Lifetimes {
    fn default() -> Self {
        Lifetimes {
            legacy: Duration::from_secs(3600),
            access: Duration::from_secs(24 * 3600),
            refresh: Duration::from_secs(30 * 24 * 3600),
        }
    }
}

/// Faults injected on demand (`POST /sandbox/faults`).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize, PartialEq)]
pub struct Faults {
    #[serde(default)]
    pub latency_ms: u64,
    /// Added after the work is done, before the answer leaves (a slow line back).
    #[serde(default)]
    pub latency_after_ms: u64,
    /// Share of requests answered with `status` before anything is done.
    #[serde(default)]
    pub error_rate: f64,
    /// Share of requests whose work is done but whose connection is closed without an answer.
    #[serde(default)]
    pub drop_after_commit_rate: f64,
    /// Share of requests answered 200 with a body cut in the middle.
    #[serde(default)]
    pub malformed_rate: f64,
    /// The HTTP status of injected errors (default 503).
    #[serde(default)]
    pub status: Option<u16>,
    /// How the legacy interface refuses a wrong or expired token, when set (instead of the
    /// configured status and the twin's own sentence): deployments word it as they like.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy_token_refusal: Option<TokenRefusal>,
}

/// A legacy token refusal as a deployment words it: the HTTP status, the `code` of the envelope
/// (the status when not given; some answer HTTP 200 with `code: 401`) and `message.text`.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, PartialEq)]
pub struct TokenRefusal {
    pub status: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<u16>,
    pub text: String,
}

/// What the twin works out for an order: its price and receipt date.
#[derive(Debug, Clone, Copy)]
pub struct Priced {
    pub cost: api::Sum,
    pub receiver_date: NaiveDate,
}

/// Why a lookup of someone's record failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    NotFound,
    Forbidden,
}

/// A webhook notification to send once the lock is released.
#[derive(Debug, Clone)]
pub struct WebhookJob {
    pub reg: WebhookReg,
    pub notification: Notification,
}

pub struct World {
    pub seed: Arc<Seed>,
    /// The twin's public address and the key its label links are signed with.
    pub links: Links,
    pub lifetimes: Lifetimes,
    pub faults: Faults,
    pub rng: Rng,
    tokens: HashMap<String, TokenInfo>,
    next_order_id: i64,
    pub orders: BTreeMap<i64, Order>,
    wcs_index: HashMap<(i64, String), i64>,
    pub goods: Vec<Good>,
    /// Parcels and manifests by company and number: each company numbers its own, so one
    /// company can neither take another's numbers nor learn that they exist.
    pub parcels: BTreeMap<(i64, String), Parcel>,
    pub manifests: BTreeMap<(i64, String), Manifest>,
    pub webhooks: HashMap<i64, WebhookReg>,
    pub purveyors: BTreeMap<i64, PurveyorRec>,
    pub products: BTreeMap<i64, ProductRec>,
    pub intl_orders: Vec<(i64, IntlOrder)>,
    pub attempts: Vec<WebhookAttempt>,
    rate: HashMap<i64, VecDeque<Instant>>,
    persist: Option<Persist>,
    /// Names this twin's records: kept in the data file, new for a twin in memory.
    pub instance: String,
}

impl World {
    pub fn new(
        seed: Arc<Seed>,
        public_base: String,
        lifetimes: Lifetimes,
        rng_seed: u64,
        persist: Option<Persist>,
    ) -> World {
        let intl_orders = super::intl_seed::international_orders(&seed);
        let instance = persist
            .as_ref()
            .map(Persist::instance)
            .unwrap_or_else(super::new_instance_id);
        let link_key = persist
            .as_ref()
            .map(Persist::link_key)
            .unwrap_or_else(|| random_hex(32));
        let mut w = World {
            seed,
            links: Links::new(public_base, &link_key),
            lifetimes,
            faults: Faults::default(),
            rng: Rng::new(rng_seed),
            tokens: HashMap::new(),
            next_order_id: FIRST_ORDER_ID,
            orders: BTreeMap::new(),
            wcs_index: HashMap::new(),
            goods: Vec::new(),
            parcels: BTreeMap::new(),
            manifests: BTreeMap::new(),
            webhooks: HashMap::new(),
            purveyors: BTreeMap::new(),
            products: BTreeMap::new(),
            intl_orders,
            attempts: Vec::new(),
            rate: HashMap::new(),
            persist,
            instance,
        };
        w.load();
        w
    }

    fn load(&mut self) {
        let Some(p) = &self.persist else { return };
        let orders: Vec<Order> = p.all("order");
        let goods: Vec<Good> = p.all("good");
        let parcels: Vec<Parcel> = p.all("parcel");
        let manifests: Vec<Manifest> = p.all("manifest");
        let webhooks: Vec<WebhookReg> = p.all("webhook");
        for o in orders {
            self.next_order_id = self.next_order_id.max(o.id + 1);
            if let Some(w) = &o.body.wcs_code {
                self.wcs_index.insert((o.customer_id, w.clone()), o.id);
            }
            self.orders.insert(o.id, o);
        }
        self.goods = goods;
        for x in parcels {
            self.parcels
                .insert((x.customer_id, x.input.parcel_number.clone()), x);
        }
        for m in manifests {
            self.manifests.insert((m.customer_id, m.number.clone()), m);
        }
        for w in webhooks {
            self.webhooks.insert(w.customer_id, w);
        }
        self.load_records::<PurveyorInput>();
        self.load_records::<ProductInput>();
    }

    /// The kept records of one warehouse kind, by id.
    fn load_records<I: WmsInput>(&mut self) {
        let Some(p) = &self.persist else { return };
        let recs: Vec<WmsRec<I>> = p.all(I::AT.kind);
        let books = (I::AT.write)(self);
        for x in recs {
            books.insert(x.id, x);
        }
    }

    fn save<T: serde::Serialize>(&self, kind: &str, key: impl ToString, value: &T) {
        if let Some(p) = &self.persist {
            p.put(kind, &key.to_string(), value);
        }
    }

    // ----- tokens -------------------------------------------------------------------------

    /// A pair of tokens (access and refresh) for a login or a renewal on a token interface.
    pub fn issue_tokens(&mut self, customer_id: i64, iface: Iface) -> api::current::Tokens {
        api::current::Tokens {
            access_token: self.issue_token(customer_id, iface, TokenKind::Access),
            refresh_token: self.issue_token(customer_id, iface, TokenKind::Refresh),
        }
    }

    /// A token the twin checks by lookup: for the legacy interface an opaque 40-hex string (as
    /// the real service gives), otherwise a JWT-shaped one whose `exp` the client can read.
    pub fn issue_token(&mut self, customer_id: i64, iface: Iface, kind: TokenKind) -> String {
        let ttl = match (iface, kind) {
            (Iface::Legacy, _) => self.lifetimes.legacy,
            (_, TokenKind::Access) => self.lifetimes.access,
            (_, TokenKind::Refresh) => self.lifetimes.refresh,
        };
        let now = epoch_now();
        let expires = now + ttl.as_secs() as i64;
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let header = b64.encode(br#"{"alg":"RS256","typ":"JWT"}"#);
        let payload = b64.encode(
            serde_json::json!({
                "sub": customer_id.to_string(),
                "iat": now,
                "exp": expires,
                "jti": random_hex(8),
                "typ": if kind == TokenKind::Access { "access" } else { "refresh" },
            })
            .to_string(),
        );
        let signature = b64.encode(random_hex(32));
        let token = match iface {
            Iface::Legacy => random_hex(20),
            _ => format!("{header}.{payload}.{signature}"),
        };
        self.tokens.insert(
            token.clone(),
            TokenInfo {
                customer_id,
                iface,
                kind,
                expires,
            },
        );
        token
    }

    /// The customer a token belongs to, if it is valid for this interface and use.
    pub fn check_token(&self, token: &str, iface: Iface, kind: TokenKind) -> Option<i64> {
        let info = self.tokens.get(token)?;
        (info.iface == iface && info.kind == kind && info.expires > epoch_now())
            .then_some(info.customer_id)
    }

    /// Consumes a refresh token (each refresh token works once).
    pub fn take_refresh(&mut self, token: &str, iface: Iface) -> Option<i64> {
        let customer = self.check_token(token, iface, TokenKind::Refresh)?;
        self.tokens.remove(token);
        Some(customer)
    }

    /// Every token still held (control route: a test looks for them where they must not be).
    pub fn held_tokens(&self) -> Vec<String> {
        self.tokens.keys().cloned().collect()
    }

    /// Ends every access token now (control route; makes clients refresh).
    pub fn expire_access_tokens(&mut self) {
        for info in self.tokens.values_mut() {
            if info.kind == TokenKind::Access || info.iface == Iface::Legacy {
                info.expires = 0;
            }
        }
    }

    /// Counts a warehouse request; false past the limit.
    pub fn rate_ok(&mut self, customer_id: i64, limit: u32, window: Duration) -> bool {
        let now = Instant::now();
        let q = self.rate.entry(customer_id).or_default();
        while q.front().is_some_and(|t| now.duration_since(*t) > window) {
            q.pop_front();
        }
        if q.len() as u32 >= limit {
            return false;
        }
        q.push_back(now);
        true
    }

    // ----- orders -------------------------------------------------------------------------

    pub fn order_id_by_wcs(&self, customer_id: i64, wcs: &str) -> Option<i64> {
        self.wcs_index.get(&(customer_id, wcs.to_string())).copied()
    }

    pub fn order_for(&self, customer_id: i64, id: i64) -> Result<&Order, Lookup> {
        match self.orders.get(&id) {
            None => Err(Lookup::NotFound),
            Some(o) if o.customer_id != customer_id => Err(Lookup::Forbidden),
            Some(o) => Ok(o),
        }
    }

    fn city_name(&self, id: i64) -> String {
        self.seed
            .city(id)
            .map(|c| c.name.uz.clone())
            .unwrap_or_default()
    }

    /// The order's price and receipt date (given, or dispatch plus transit days); `None` when
    /// its quantities are beyond any price. Route checks bound them first, so `None` is a 422.
    pub fn priced(&self, body: &OrderBody) -> Option<Priced> {
        let cost = pricing::domestic(
            &self.seed,
            body.sender.city_id,
            body.receiver.city_id,
            body.weight,
            body.volume,
            body.sender.delivery,
            body.receiver.delivery,
            body.piece,
        )?;
        let receiver_date = match body.receiver_date {
            Some(d) => d,
            None => body.sender_date.checked_add_signed(chrono::Duration::days(
                pricing::transit_days(&self.seed, body.sender.city_id, body.receiver.city_id),
            ))?,
        };
        Some(Priced {
            cost,
            receiver_date,
        })
    }

    /// Stores a new order. The caller has checked that its `wcs_code` is free. No notification
    /// goes out: the service notifies a status's change, and a new order has had none.
    pub fn create_order(
        &mut self,
        customer_id: i64,
        via: Iface,
        body: OrderBody,
        priced: Priced,
    ) -> Order {
        let id = self.next_order_id;
        self.next_order_id += 1;
        let now = epoch_now();
        let order = Order {
            id,
            customer_id,
            via,
            barcode: barcode_for(id),
            cost: priced.cost,
            receiver_date: priced.receiver_date,
            status: OrderStatus::AtSender,
            history: vec![Event {
                at: now,
                status: OrderStatus::AtSender,
                location: self.city_name(body.sender.city_id),
                message: super::messages::ORDER_CREATED_UZ.into(),
            }],
            cancellations: Vec::new(),
            created_at: now,
            body,
        };
        if let Some(w) = &order.body.wcs_code {
            self.wcs_index.insert((customer_id, w.clone()), id);
        }
        self.save("order", id, &order);
        self.orders.insert(id, order.clone());
        order
    }

    /// Replaces an order's content while it is still at the sender.
    pub fn edit_order(&mut self, id: i64, body: OrderBody, priced: Priced) -> Option<Order> {
        let Priced {
            cost,
            receiver_date,
        } = priced;
        let order = self.orders.get_mut(&id)?;
        if let Some(old) = &order.body.wcs_code {
            self.wcs_index.remove(&(order.customer_id, old.clone()));
        }
        if let Some(new) = &body.wcs_code {
            self.wcs_index.insert((order.customer_id, new.clone()), id);
        }
        order.body = body;
        order.cost = cost;
        order.receiver_date = receiver_date;
        let order = order.clone();
        self.save("order", id, &order);
        Some(order)
    }

    fn location_for(&self, order: &Order, status: OrderStatus) -> String {
        use OrderStatus::*;
        let b = &order.body;
        let branch_or_city = |branch: Option<i64>, city: i64| {
            branch
                .and_then(|id| self.seed.branch(id))
                .map(|br| br.name.uz.clone())
                .unwrap_or_else(|| self.city_name(city))
        };
        let hub = |city: i64| {
            self.seed
                .city(city)
                .and_then(|c| self.seed.region(c.region_id))
                .map(|r| format!("{} HUB", r.name.uz))
                .unwrap_or_default()
        };
        match status {
            AtSender | CourierAccepted => self.city_name(b.sender.city_id),
            AtSendingOffice => branch_or_city(b.sender.branch_id, b.sender.city_id),
            InternalTransport => hub(b.sender.city_id),
            SortingCenter => "Toshkent saralash markazi".into(),
            InBag | InTransport => hub(b.receiver.city_id),
            AtDeliveryOffice => branch_or_city(b.receiver.branch_id, b.receiver.city_id),
            CourierDelivering | Delivered | Deleted | Expired => self.city_name(b.receiver.city_id),
        }
    }

    /// Moves an order one step along `next_possible_statuses`, or to `to` when that is a next
    /// status or a final one (deleted/expired) from any open status.
    pub fn advance(
        &mut self,
        id: i64,
        to: Option<OrderStatus>,
    ) -> Result<(Order, Vec<WebhookJob>), String> {
        let order = self
            .orders
            .get(&id)
            .ok_or_else(|| format!("order {id} not found"))?;
        let current = order.status;
        let next = match to {
            None => *current
                .next_possible()
                .first()
                .ok_or_else(|| format!("order {id} is in a final status"))?,
            Some(t) if current.next_possible().contains(&t) => t,
            Some(t @ (OrderStatus::Deleted | OrderStatus::Expired)) if !current.is_final() => t,
            Some(t) => {
                return Err(format!(
                    "order {id} cannot move from {} to {}",
                    current.code(),
                    t.code()
                ));
            }
        };
        self.set_status(id, next, None)
            .ok_or_else(|| format!("order {id} not found"))
    }

    fn set_status(
        &mut self,
        id: i64,
        status: OrderStatus,
        note: Option<String>,
    ) -> Option<(Order, Vec<WebhookJob>)> {
        let order = self.orders.get(&id)?;
        let location = self.location_for(order, status);
        let message = note.unwrap_or_else(|| order_status_name(status, Language::Uz));
        let order = self.orders.get_mut(&id)?;
        order.status = status;
        order.history.push(Event {
            at: epoch_now(),
            status,
            location,
            message,
        });
        let order = order.clone();
        self.save("order", id, &order);
        let jobs = self.webhook_jobs(&order);
        Some((order, jobs))
    }

    /// Cancels an order still at the sender.
    pub fn cancel(
        &mut self,
        id: i64,
        employee: &str,
        reason: &str,
    ) -> Option<(Order, Vec<WebhookJob>)> {
        let date = local_now();
        if let Some(o) = self.orders.get_mut(&id) {
            o.cancellations.push(CancellationReason {
                employee: employee.into(),
                description: reason.into(),
                date: date.with_nanosecond_zero(),
            });
        }
        self.set_status(id, OrderStatus::Deleted, Some(reason.to_string()))
    }

    /// Advances every open order one step (the status clock) and every parcel.
    pub fn tick(&mut self) -> Vec<WebhookJob> {
        let open: Vec<i64> = self
            .orders
            .values()
            .filter(|o| !o.status.is_final())
            .map(|o| o.id)
            .collect();
        let mut jobs = Vec::new();
        for id in open {
            if let Ok((_, j)) = self.advance(id, None) {
                jobs.extend(j);
            }
        }
        let numbers: std::collections::BTreeSet<String> =
            self.parcels.keys().map(|(_, n)| n.clone()).collect();
        for n in numbers {
            self.advance_parcel(&n);
        }
        jobs
    }

    fn webhook_jobs(&self, order: &Order) -> Vec<WebhookJob> {
        let Some(reg) = self.webhooks.get(&order.customer_id) else {
            return Vec::new();
        };
        let legacy = order.status.legacy();
        let notification = Notification {
            client_id: order.body.client_id.clone(),
            order_id: order.id,
            barcode: order.barcode.clone(),
            status: NotificationStatus {
                id: legacy.code(),
                name: super::seed::legacy_status_name(legacy, Language::Uz),
                code: (reg.via == Iface::Current).then_some(order.status.code()),
            },
            date: local_now().format("%Y-%m-%d %H:%M:%S").to_string(),
            environment: reg.environment,
            tracking_link: Some(tracking_link(self.links.base(), order.id, &order.barcode)),
            key: api::webhook::PartnerKey::new(reg.api_key.clone()),
        };
        vec![WebhookJob {
            reg: reg.clone(),
            notification,
        }]
    }

    // ----- goods ---------------------------------------------------------------------------

    pub fn add_good(
        &mut self,
        customer_id: i64,
        spic: String,
        name: String,
        units: String,
        price: api::Sum,
    ) -> Good {
        let good = Good {
            id: 1000 + self.goods.len() as i64 + 1,
            customer_id,
            spic,
            name,
            units,
            price,
        };
        self.save("good", good.id, &good);
        self.goods.push(good.clone());
        good
    }

    pub fn goods_of(&self, customer_id: i64) -> impl Iterator<Item = &Good> {
        self.goods
            .iter()
            .filter(move |g| g.customer_id == customer_id)
    }

    // ----- webhooks ------------------------------------------------------------------------

    pub fn set_webhook(&mut self, reg: WebhookReg) {
        self.save("webhook", reg.customer_id, &reg);
        self.webhooks.insert(reg.customer_id, reg);
    }

    /// Remembers the body form a customer's receiver accepted, for its next deliveries (while the
    /// registration is still the one delivered to).
    pub fn note_body_form(&mut self, customer_id: i64, url: &str, form: BodyForm) {
        let Some(reg) = self.webhooks.get_mut(&customer_id) else {
            return;
        };
        if reg.url != url || reg.body == Some(form) {
            return;
        }
        reg.body = Some(form);
        let reg = reg.clone();
        self.save("webhook", customer_id, &reg);
    }

    pub fn log_attempt(&mut self, a: WebhookAttempt) {
        self.attempts.push(a);
        if self.attempts.len() > 10_000 {
            self.attempts.drain(..5_000);
        }
    }

    // ----- international -------------------------------------------------------------------

    fn parcel_key(p: &Parcel) -> String {
        format!("{}|{}", p.customer_id, p.input.parcel_number)
    }

    pub fn parcel(&self, customer_id: i64, number: &str) -> Option<&Parcel> {
        self.parcels.get(&(customer_id, number.to_string()))
    }

    pub fn has_manifest(&self, customer_id: i64, number: &str) -> bool {
        self.manifests
            .contains_key(&(customer_id, number.to_string()))
    }

    pub fn add_parcel(&mut self, customer_id: i64, input: ParcelInput) -> Parcel {
        let parcel = Parcel {
            customer_id,
            input,
            status: ParcelStatus::AtSender,
            created_at: epoch_now(),
            manifest: None,
        };
        self.save("parcel", Self::parcel_key(&parcel), &parcel);
        self.parcels.insert(
            (customer_id, parcel.input.parcel_number.clone()),
            parcel.clone(),
        );
        parcel
    }

    /// Customs refuses parcels declared above 1000 in value (a rule of the twin, for training).
    fn customs_refuses(p: &Parcel) -> bool {
        p.input
            .value
            .as_deref()
            .and_then(|v| v.trim().replace(',', ".").parse::<f64>().ok())
            .is_some_and(|v| v > 1000.0)
    }

    /// Moves every company's parcel of this number one status along (control route and clock).
    pub fn advance_parcel(&mut self, number: &str) -> Option<ParcelStatus> {
        let keys: Vec<(i64, String)> = self
            .parcels
            .keys()
            .filter(|(_, n)| n == number)
            .cloned()
            .collect();
        let mut last = None;
        for key in keys {
            let Some(p) = self.parcels.get_mut(&key) else {
                continue;
            };
            let Some(next) = p.status.next(Self::customs_refuses(p)) else {
                continue;
            };
            p.status = next;
            let p = p.clone();
            self.save("parcel", Self::parcel_key(&p), &p);
            last = Some(next);
        }
        last
    }

    pub fn add_manifest(&mut self, customer_id: i64, m: &ManifestInput) {
        let rec = Manifest {
            customer_id,
            number: m.manifest_number.clone(),
            parcels: m.parcels.iter().map(|p| p.parcel_number.clone()).collect(),
            date: m.details.date.clone(),
        };
        let mut touched = Vec::new();
        for n in &rec.parcels {
            if let Some(p) = self.parcels.get_mut(&(customer_id, n.clone())) {
                p.manifest = Some(rec.number.clone());
                touched.push(p.clone());
            }
        }
        for p in &touched {
            self.save("parcel", Self::parcel_key(p), p);
        }
        self.save("manifest", format!("{customer_id}|{}", rec.number), &rec);
        self.manifests
            .insert((customer_id, rec.number.clone()), rec);
    }

    // ----- warehouse -----------------------------------------------------------------------

    /// Keeps a new record of this customer under the next id of its kind.
    pub fn add_record<I: WmsInput>(&mut self, customer_id: i64, input: I) -> WmsRec<I> {
        let books = (I::AT.read)(self);
        let id = books.keys().next_back().copied().unwrap_or(I::AT.ids_after) + 1;
        let rec = WmsRec {
            id,
            customer_id,
            input,
            state: PurveyorState::New,
            deleted: false,
        };
        self.save(I::AT.kind, id, &rec);
        (I::AT.write)(self).insert(id, rec.clone());
        rec
    }

    /// This customer's warehouse record (supplier or product), unless deleted.
    pub fn record<R: WmsRecord>(&self, customer_id: i64, id: i64) -> Option<&R> {
        R::all(self)
            .get(&id)
            .filter(|r| r.meta().0 == customer_id && !r.meta().1)
    }

    /// This customer's records, oldest first.
    pub fn records<R: WmsRecord>(&self, customer_id: i64) -> impl Iterator<Item = &R> {
        R::all(self)
            .values()
            .filter(move |r| r.meta().0 == customer_id && !r.meta().1)
    }

    /// Changes one record of this customer and keeps it; `None` when there is none.
    fn change<R: WmsRecord>(
        &mut self,
        customer_id: i64,
        id: i64,
        how: impl FnOnce(&mut R),
    ) -> Option<R> {
        self.record::<R>(customer_id, id)?;
        let rec = R::all_mut(self).get_mut(&id)?;
        how(rec);
        let rec = rec.clone();
        self.save(R::KIND, id, &rec);
        Some(rec)
    }

    /// Replaces a record's fields; as on the server, an edited record is new again.
    pub fn update_record<R: WmsRecord>(
        &mut self,
        customer_id: i64,
        id: i64,
        input: R::Input,
    ) -> Option<R> {
        self.change(customer_id, id, |r: &mut R| r.replace(input))
    }

    /// Deletes softly (the record stays, no longer served); false when there is none.
    pub fn delete_record<R: WmsRecord>(&mut self, customer_id: i64, id: i64) -> bool {
        self.change(customer_id, id, |r: &mut R| r.delete())
            .is_some()
    }

    /// Moves the named records of this customer from new to confirmed; returns how many moved.
    /// Unknown ids are skipped, as the server does.
    pub fn confirm_records<R: WmsRecord>(&mut self, customer_id: i64, ids: &[i64]) -> usize {
        let mut moved = 0;
        for id in ids {
            let new = self
                .record::<R>(customer_id, *id)
                .is_some_and(|r| r.meta().2 == PurveyorState::New);
            if new
                && self
                    .change(customer_id, *id, |r: &mut R| r.confirm())
                    .is_some()
            {
                moved += 1;
            }
        }
        moved
    }
}

trait NoNanos {
    fn with_nanosecond_zero(self) -> Self;
}

impl NoNanos for NaiveDateTime {
    fn with_nanosecond_zero(self) -> Self {
        use chrono::Timelike;
        self.with_nanosecond(0).unwrap_or(self)
    }
}

/// A warehouse record of the twin (supplier/buyer or product): owned by one customer, new until
/// confirmed, deleted softly.
pub trait WmsRecord: Clone + serde::Serialize + 'static {
    /// Its name: in the data file and in the server's paths (`/v1/{KIND}/...`).
    const KIND: &'static str;
    type Input;
    fn all(w: &World) -> &BTreeMap<i64, Self>;
    fn all_mut(w: &mut World) -> &mut BTreeMap<i64, Self>;
    /// A new record of this customer, kept.
    fn add(w: &mut World, customer_id: i64, input: Self::Input) -> Self;
    /// Its owner, whether it is deleted, and its state.
    fn meta(&self) -> (i64, bool, PurveyorState);
    fn state_mut(&mut self) -> &mut PurveyorState;
    fn input(&self) -> &Self::Input;
    fn input_mut(&mut self) -> &mut Self::Input;
    fn deleted_mut(&mut self) -> &mut bool;

    fn replace(&mut self, input: Self::Input) {
        *self.input_mut() = input;
        *self.state_mut() = PurveyorState::New;
    }
    fn delete(&mut self) {
        *self.deleted_mut() = true;
    }
    fn confirm(&mut self) {
        *self.state_mut() = PurveyorState::Confirmed;
    }
}

/// A kind of warehouse record: where the world keeps it (see [`Books`]).
pub trait WmsInput: Clone + serde::Serialize + serde::de::DeserializeOwned + 'static {
    const AT: Books<Self>;
}

/// What sets one kind of warehouse record apart in the world: its name (in the data file and the
/// server's paths), the id its first record follows, and the map that holds it, to read and to
/// change.
pub struct Books<I: 'static> {
    kind: &'static str,
    ids_after: i64,
    read: fn(&World) -> &BTreeMap<i64, WmsRec<I>>,
    write: fn(&mut World) -> &mut BTreeMap<i64, WmsRec<I>>,
}

impl<I> Books<I> {
    const fn new(
        kind: &'static str,
        ids_after: i64,
        read: fn(&World) -> &BTreeMap<i64, WmsRec<I>>,
        write: fn(&mut World) -> &mut BTreeMap<i64, WmsRec<I>>,
    ) -> Books<I> {
        Books {
            kind,
            ids_after,
            read,
            write,
        }
    }
}

impl WmsInput for PurveyorInput {
    const AT: Books<Self> = Books::new("purveyor", 500, |w| &w.purveyors, |w| &mut w.purveyors);
}

impl WmsInput for ProductInput {
    const AT: Books<Self> = Books::new("product", 9000, |w| &w.products, |w| &mut w.products);
}

impl<I: WmsInput> WmsRecord for WmsRec<I> {
    const KIND: &'static str = I::AT.kind;
    type Input = I;
    fn all(w: &World) -> &BTreeMap<i64, Self> {
        (I::AT.read)(w)
    }
    fn all_mut(w: &mut World) -> &mut BTreeMap<i64, Self> {
        (I::AT.write)(w)
    }
    fn add(w: &mut World, customer_id: i64, input: I) -> Self {
        w.add_record(customer_id, input)
    }
    fn meta(&self) -> (i64, bool, PurveyorState) {
        (self.customer_id, self.deleted, self.state)
    }
    fn state_mut(&mut self) -> &mut PurveyorState {
        &mut self.state
    }
    fn input(&self) -> &I {
        &self.input
    }
    fn input_mut(&mut self) -> &mut I {
        &mut self.input
    }
    fn deleted_mut(&mut self) -> &mut bool {
        &mut self.deleted
    }
}
