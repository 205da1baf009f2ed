//! A crate of its own because the journal's schema and its two databases change together and
//! nothing here knows a screen or the service's clients beyond their wire types.
//!
//! The desk's memory: the counter's own SQLite file (opened once, WAL, schema migrations by
//! `user_version`) and, for a shop of several counters, the shop's PostgreSQL database, which
//! then holds the shop's records. Calls are blocking; the desk runs them on the background
//! runtime (`spawn_blocking`), never on the UI thread. It holds the outbox of orders not yet
//! confirmed by the service, the journal of orders created or looked up, status histories, the
//! print log, international parcels and manifests, the notification log and closed days (the
//! shop's records), and the form drafts and directory cache (always the counter's own).

/// Store tests written once and run on both back ends: `fn name(store) { … }` becomes a module
/// `name` with a test `sqlite` (a counter's own file) and a test `postgres` (a shop database).
/// Adds to the shop's `rows` the ones this counter `kept` (confirmed while the shop's database
/// was away) that the shop does not hold yet, told apart by order id (one service's rows).
pub(crate) fn kept_beside<T>(rows: &mut Vec<T>, kept: Vec<T>, order_id: impl Fn(&T) -> i64) {
    let known: std::collections::HashSet<i64> = rows.iter().map(&order_id).collect();
    rows.extend(kept.into_iter().filter(|r| !known.contains(&order_id(r))));
}

#[cfg(test)]
macro_rules! on_both_backends {
    ($(fn $name:ident($s:ident) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            fn body($s: $crate::Store) $body
            #[test]
            fn sqlite() {
                body($crate::Store::open_in_memory().expect("an in-memory store"));
            }
            #[test]
            fn postgres() {
                if let Some(url) = $crate::test_shop::fresh_schema() {
                    body(
                        $crate::Store::open_in_memory_with_shop(&url)
                            .expect("a store on the test server"),
                    );
                }
            }
        }
    )*};
}

mod bring_history;
mod counter_own;
mod damaged;
mod days;
pub(crate) mod db;
mod journal;
mod journal_row;
mod kept_here;
mod manifests;
mod notifications;
mod numbered;
mod outbox;
mod parcels;
mod people;
mod print_log;
mod read_only;
mod schema;
mod shop_address;
mod shop_listen;
mod shop_schema;
#[cfg(test)]
mod shop_tests;
#[cfg(test)]
mod test_file;
#[doc(hidden)]
pub mod test_shop;

pub use damaged::SetAside;
pub use days::{ClosedDay, DayOrder, DayPoint, counter_day};
pub use journal::{HistoryRow, JournalRow, RowFields, SharedNames, StatusMove};
pub use manifests::ManifestRow;
pub use notifications::{Notice, NotificationRow, Verdict};
pub use outbox::{Kept, OutboxEntry, OutboxState, SENDING_LEASE};
pub use parcels::{ParcelExtras, ParcelRow, ParcelState, PlaceAbroad};
pub use people::{Correction, Person, Seen, person_key};
pub use print_log::{PrintOutcome, PrintRecord};
pub use read_only::is_read_only;
pub use shop_address::readable as shop_address_readable;
pub use shop_address::{
    split_password as shop_address_split_password, with_password as shop_address_with_password,
};

/// Where a write went: the shop's records, or (the shop's database away) this counter's file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Where {
    Shop,
    Here,
}

/// The login of the clerk at a counter: one handle, changed by the desk at each login and read
/// by whatever writes who did it (orders, prints, parcels, manifests).
pub type Clerk = std::sync::Arc<Mutex<String>>;

use db::{Db, Sql, args};
use rusqlite::Connection;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

/// Each entry moves the schema one version up; never edit a shipped entry, append a new one.
/// Entries are templates naming the shop's column lists (see `schema.rs`), expanded for SQLite.
pub(crate) const MIGRATIONS: &[&str] = &[
    "CREATE TABLE directory_cache (
        kind TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        fetched_at INTEGER NOT NULL
    );",
    "CREATE TABLE outbox (
        wcs_code TEXT PRIMARY KEY,
        {outbox_row}
    );
    CREATE TABLE journal (
        order_id INTEGER PRIMARY KEY,
        {journal_row}
    );
    CREATE INDEX journal_barcode ON journal (barcode);
    CREATE INDEX journal_created ON journal (created_at);
    CREATE TABLE status_history (
        {history_row},
        PRIMARY KEY (order_id, at, status_id)
    );
    CREATE TABLE drafts (
        name TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        updated_at INTEGER NOT NULL
    );",
    // The form a create came from, kept so an edit re-opens it whole.
    "ALTER TABLE outbox ADD COLUMN draft TEXT;
    ALTER TABLE journal ADD COLUMN draft TEXT;",
    // Every label sent to a printer or a file, and every failure.
    "CREATE TABLE print_log (
        id {id},
        {print_row}
    );
    CREATE INDEX print_log_order ON print_log (order_id, at);",
    // Every order belongs to one service (its addresses and company, or one twin's records):
    // order ids are the service's, so two services' orders never share a row. Rows from before
    // carry the empty service until `claim_unscoped` gives them to the first service logged in.
    // An outbox entry the service confirmed under an id the journal already holds for another
    // order keeps that id and barcode (`conflict_*`) for the clerk.
    "CREATE TABLE journal_scoped (
        {journal},
        PRIMARY KEY (service, order_id)
    );
    INSERT INTO journal_scoped SELECT '', order_id, barcode, wcs_code, created_at, receiver,
        receiver_phone, city, status_id, status_name, cod, cost, record, updated_at, draft
        FROM journal;
    DROP TABLE journal;
    ALTER TABLE journal_scoped RENAME TO journal;
    CREATE INDEX journal_barcode ON journal (service, barcode);
    CREATE INDEX journal_created ON journal (service, created_at);
    CREATE TABLE status_history_scoped (
        service TEXT NOT NULL,
        {history_row},
        PRIMARY KEY (service, order_id, at, status_id)
    );
    INSERT INTO status_history_scoped SELECT '', order_id, at, status_id, message, location
        FROM status_history;
    DROP TABLE status_history;
    ALTER TABLE status_history_scoped RENAME TO status_history;
    CREATE TABLE outbox_scoped (
        {outbox},
        PRIMARY KEY (service, wcs_code)
    );
    INSERT INTO outbox_scoped (service, wcs_code, payload, state, attempts, last_error,
        created_at, updated_at, draft)
        SELECT '', wcs_code, payload, state, attempts, last_error, created_at, updated_at, draft
        FROM outbox;
    DROP TABLE outbox;
    ALTER TABLE outbox_scoped RENAME TO outbox;
    ALTER TABLE print_log ADD COLUMN service TEXT NOT NULL DEFAULT '';
    DROP INDEX print_log_order;
    CREATE INDEX print_log_order ON print_log (service, order_id, at);",
    // International parcels, each under its service and its parcel number (the service's key),
    // and the manifests that hand them over together.
    "CREATE TABLE parcels (
        {parcels},
        PRIMARY KEY (service, number)
    );
    CREATE INDEX parcels_created ON parcels (service, created_at);
    CREATE TABLE manifests (
        {manifests},
        PRIMARY KEY (service, number)
    );",
    // Every status notification the desk's receiver took (or the poller found), with what became
    // of it; the log an integrator reads.
    "{notifications}",
    // End of day: who created each order here and which day's handover register it belongs to
    // (orders only looked up have none), and the days closed with the register as printed.
    // Registers start with this version: which older orders were made here is not known.
    "ALTER TABLE outbox ADD COLUMN clerk TEXT;
    ALTER TABLE journal ADD COLUMN clerk TEXT;
    ALTER TABLE journal ADD COLUMN register_day TEXT;
    CREATE INDEX journal_register ON journal (service, register_day);
    {closed_days}",
    // Which counter of the shop took each order (its name in Settings), beside the clerk; and
    // which counter and clerk printed each label and sent each parcel and manifest; which shop
    // databases this counter's earlier records were copied to.
    "ALTER TABLE outbox ADD COLUMN counter TEXT;
    ALTER TABLE journal ADD COLUMN counter TEXT;
    ALTER TABLE print_log ADD COLUMN counter TEXT;
    ALTER TABLE print_log ADD COLUMN clerk TEXT;
    ALTER TABLE parcels ADD COLUMN counter TEXT;
    ALTER TABLE parcels ADD COLUMN clerk TEXT;
    ALTER TABLE manifests ADD COLUMN counter TEXT;
    ALTER TABLE manifests ADD COLUMN clerk TEXT;
    CREATE TABLE brought_to_shop (shop TEXT PRIMARY KEY, at INTEGER NOT NULL);",
    // Orders the service confirmed while the shop's database was away, kept in this counter's
    // file until they are brought to the shop's journal (a counter's file of its own never
    // sets it).
    "ALTER TABLE journal ADD COLUMN kept_here INTEGER NOT NULL DEFAULT 0;",
    // The address book: the senders and receivers of the journal's orders (`people.rs`).
    "{people}",
];

/// The service an order, outbox entry or print belongs to. Order ids and keys are the service's
/// own: the same number at two services is two orders, so every row carries this and every
/// lookup asks for it. The desk decides what it holds (see `desk::domestic::identity`); the store only
/// keeps it apart.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ServiceKey(String);

impl ServiceKey {
    /// A key from its text; the empty text is reserved for rows from before services were told
    /// apart.
    pub fn new(text: impl Into<String>) -> ServiceKey {
        let t = text.into();
        ServiceKey(if t.is_empty() { "-".into() } else { t })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whose hands something passed through here: the clerk's login and the shop counter's name,
/// each where named (a lone counter has no name; an order from before logins were kept has no
/// clerk).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hands {
    pub clerk: Option<String>,
    pub counter: Option<String>,
}

impl Hands {
    /// The clerk and then the counter, those that are named.
    pub fn named(&self) -> Vec<&str> {
        [&self.clerk, &self.counter]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// The shop's shared database (PostgreSQL) refused or could not be reached.
    #[error("shop database: {0}")]
    Postgres(#[from] postgres::Error),
    /// The shop's shared database has not answered since this counter started.
    #[error("the shop database cannot be reached")]
    ShopAway,
    /// The shop database's TLS settings cannot be used (the mode, or the authority's file).
    #[error("the shop database's certificate: {0}")]
    Certificate(String),
    /// A column held what the store never writes there.
    #[error("database row: {0}")]
    Shape(String),
    #[error("cannot write in {path}: {source}")]
    Folder {
        path: String,
        source: std::io::Error,
    },
    #[error("the database is newer (schema {found}) than this Parcel Desk knows ({known})")]
    TooNew { found: i64, known: i64 },
    /// The service confirmed an order under an id the journal already holds for a different
    /// order (another key or barcode). Nothing was written.
    #[error(
        "order {order_id} is already in the journal as another order (key {kept_key:?}, barcode {kept_barcode}); nothing was overwritten"
    )]
    Collision {
        order_id: i64,
        kept_key: Option<String>,
        kept_barcode: String,
    },
    /// The day's register was already closed; a closed day is never changed.
    #[error("the day {0} is already closed")]
    DayClosed(String),
    /// This counter's records are open to read only (see `read_only.rs`): refused before the
    /// service is asked for what the journal could not keep.
    #[error("this computer's records are open to read only: {0}")]
    ReadOnly(String),
    /// The work on the database stopped before it finished (its worker ended).
    #[error("the database work stopped: {0}")]
    Interrupted(String),
}

impl StoreError {
    /// Whether the shop's database refused this counter's password: none was set and the
    /// server asked for one, or it was wrong. (A login the server does not admit at all is
    /// another matter, for its administrator, not a password to type.)
    pub fn login_refused(&self) -> bool {
        let StoreError::Postgres(e) = self else {
            return false;
        };
        // The client's own word when the server asks for a password it was not given.
        let missing =
            std::error::Error::source(e).is_some_and(|c| c.to_string() == "password missing");
        e.code() == Some(&postgres::error::SqlState::INVALID_PASSWORD) || missing
    }
}

/// The desk's rows. Its own SQLite file always holds what is this counter's alone (form drafts,
/// the directory cache); the shop's records (journal, outbox, prints, parcels, manifests,
/// notifications, closed days) live in the same file, or, for a shop whose counters share one
/// journal, in a PostgreSQL database ([`Store::open_shop`]).
pub struct Store {
    local: Mutex<Db>,
    /// The shop's shared database, when the counters share one; else the shop's rows are local.
    shop: Option<Mutex<Db>>,
    /// Where the shop's database is, to connect again after the connection was lost.
    shop_url: Option<String>,
    /// Bumped by every write to the journal (rows or statuses), so a list on screen knows to
    /// read it again without being told by whoever wrote; with a shop database also by every
    /// other counter's write to the journal or the outbox.
    journal_changes: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Called after another counter's change (the window's repaint).
    wake: shop_listen::Wake,
    /// Whether the shop's database was last found away (read by the status bar, never locked).
    away: std::sync::atomic::AtomicBool,
    /// Whether the last try to connect was refused for the login (a password missing or
    /// wrong): waiting will not mend it, the settings will.
    login_refused: std::sync::atomic::AtomicBool,
    /// This counter's earlier records are in the shop's database (asked of its file once).
    brought: std::sync::atomic::AtomicBool,
    /// This counter's name in the shop, written with every create it takes.
    counter: Mutex<String>,
    /// The login of the clerk at this counter, written with every print, parcel and manifest:
    /// the desk's own handle, which its login changes (see [`Store::follow_clerk`]).
    clerk: Mutex<Clerk>,
    /// No new connection to an away shop database is tried before this: a counter taking
    /// orders while it is away answers at once instead of waiting out a connection each call.
    retry_at: Mutex<Option<std::time::Instant>>,
    /// Why this counter's file is open to read only, when it is (see `read_only.rs`).
    read_only: Option<String>,
    /// The damaged file found on opening, set aside (see `damaged.rs`).
    set_aside: Option<SetAside>,
}

/// How long the worker's look at the shop's database waits for its answer (on a shop's
/// network an empty query answers in a millisecond).
pub(crate) const SHOP_PING: std::time::Duration = std::time::Duration::from_secs(2);

/// How long after a failed connection to the shop's database the next is tried.
/// Short: when the database is back, every counter meets it again within a second or so, and
/// what it kept meanwhile reaches the others (a refused connection costs next to nothing).
const SHOP_RETRY: std::time::Duration = std::time::Duration::from_secs(1);
/// ... and a database that refused the password only after a minute (the settings mend it, and
/// a new password opens the store anew at once).
const SHOP_LOGIN_RETRY: std::time::Duration = std::time::Duration::from_secs(60);

/// A shop database's connection drives itself with a runtime of its own, which may not be
/// stopped from inside another: the last holder of a store may be a task on the desk's runtime,
/// so the connection is closed on a thread of its own.
impl Drop for Store {
    fn drop(&mut self) {
        if let Some(shop) = self.shop.take() {
            let closing = std::thread::Builder::new()
                .name("shop-close".into())
                .spawn(move || drop(shop));
            if let Err(e) = closing {
                tracing::warn!("the shop database's connection was left open: {e}");
            }
        }
    }
}

impl Store {
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let (file, set_aside) = match Self::open_checked(path) {
            Ok(opened) => opened,
            Err(why) if read_only::cannot_write(&why) => return Self::open_to_read(path, why),
            Err(why) => return Err(why),
        };
        let mut store = Store::with(file, None);
        store.set_aside = set_aside;
        // One desk owns its file: a claim to send left in it was left by a desk that stopped
        // mid-request, and is unknown now (a shop database's claims run out instead).
        store.local().execute(
            "UPDATE outbox SET state = 'unknown' WHERE state = 'sending'",
            args![],
        )?;
        Ok(store)
    }

    /// This counter's file for its own rows, and the shop's records in the PostgreSQL database
    /// at `url` (its schema brought up to date here).
    pub fn open_shop(path: &Path, url: &str) -> Result<Store, StoreError> {
        let (local, set_aside) = Self::open_checked(path)?;
        let mut store = Self::with_shop(local, url)?;
        store.set_aside = set_aside;
        Ok(store)
    }

    /// Opens this counter's file, checked: a damaged one (or one that is no database) is set
    /// aside, a fresh one opened in its place with what could be read from it (see
    /// `damaged.rs`).
    fn open_checked(path: &Path) -> Result<(Connection, Option<SetAside>), StoreError> {
        let why = match Self::open_file(path) {
            Ok(conn) => match damaged::check(&conn) {
                Ok(()) => return Ok((conn, None)),
                Err(why) => why,
            },
            Err(e) if damaged::is_damage(&e) => e.to_string(),
            Err(e) => return Err(e),
        };
        tracing::error!("this counter's file {} is damaged: {why}", path.display());
        let damaged = damaged::set_aside(path).map_err(|source| StoreError::Folder {
            path: path.display().to_string(),
            source,
        })?;
        let fresh = Self::open_file(path)?;
        let salvaged = damaged::salvage(&damaged, &fresh);
        tracing::warn!(
            "set aside as {}; {salvaged} rows read back into a fresh file",
            damaged.display()
        );
        Ok((
            fresh,
            Some(SetAside {
                damaged,
                salvaged,
                why,
            }),
        ))
    }

    /// The damaged file found on opening and set aside, if one was.
    pub fn set_aside(&self) -> Option<&SetAside> {
        self.set_aside.as_ref()
    }

    /// Copies this counter's file into `folder` once a day (see `damaged.rs`); the copy made
    /// today, if this call made it.
    pub fn daily_copy(&self, folder: &Path) -> Result<Option<std::path::PathBuf>, StoreError> {
        match &*self.local() {
            Db::Lite(conn) => damaged::daily_copy(conn, folder),
            _ => Ok(None),
        }
    }

    pub fn open_in_memory() -> Result<Store, StoreError> {
        Ok(Store::with(
            Self::migrate(Connection::open_in_memory()?)?,
            None,
        ))
    }

    /// An in-memory counter whose shop records are in the PostgreSQL database at `url`.
    pub fn open_in_memory_with_shop(url: &str) -> Result<Store, StoreError> {
        let local = Self::migrate(Connection::open_in_memory()?)?;
        Self::with_shop(local, url)
    }

    /// This counter with the shop's database, connected and up to date, or away when it cannot
    /// be reached now (the counter starts anyway, keeping new orders here, and connects at a
    /// later call). A database newer than this desk, or TLS settings that can never work (an
    /// unknown mode, an authority's file that cannot be read), are refused.
    fn with_shop(local: Connection, url: &str) -> Result<Store, StoreError> {
        let (client, refused) = match shop_schema::connect(url) {
            Ok(c) => (Some(c), false),
            Err(e @ (StoreError::TooNew { .. } | StoreError::Certificate(_))) => return Err(e),
            Err(e) => {
                tracing::warn!("the shop database is away at start: {e}");
                (None, e.login_refused())
            }
        };
        let store = Store::with(local, Some((client, url)));
        store
            .login_refused
            .store(refused, std::sync::atomic::Ordering::Relaxed);
        store.listening()
    }

    /// Follows the other counters' changes to the shop database.
    fn listening(self) -> Result<Store, StoreError> {
        if let Some(url) = &self.shop_url {
            let changes = std::sync::Arc::downgrade(&self.journal_changes);
            shop_listen::start(url.clone(), changes, self.wake.clone())?;
        }
        Ok(self)
    }

    /// What to call when another counter changed the shop's records (the window's repaint).
    pub fn on_shop_change(&self, wake: std::sync::Arc<dyn Fn() + Send + Sync>) {
        *self.wake.lock().unwrap_or_else(|p| p.into_inner()) = Some(wake);
    }

    fn with(local: Connection, shop: Option<(Option<postgres::Client>, &str)>) -> Store {
        let away = matches!(shop, Some((None, _)));
        let (shop, shop_url) = match shop {
            Some((c, url)) => {
                let db = match c {
                    Some(c) => Db::Pg(Box::new(c)),
                    None => Db::PgAway,
                };
                (Some(Mutex::new(db)), Some(url.to_string()))
            }
            None => (None, None),
        };
        Store {
            local: Mutex::new(Db::Lite(local)),
            away: std::sync::atomic::AtomicBool::new(away),
            login_refused: Default::default(),
            shop,
            shop_url,
            journal_changes: Default::default(),
            wake: Default::default(),
            counter: Default::default(),
            brought: Default::default(),
            clerk: Default::default(),
            retry_at: Default::default(),
            read_only: None,
            set_aside: None,
        }
    }

    fn open_file(path: &Path) -> Result<Connection, StoreError> {
        if let Some(parent) = path.parent() {
            files::create_dir(parent).map_err(|source| StoreError::Folder {
                path: parent.display().to_string(),
                source,
            })?;
        }
        files::ensure_file(path).map_err(|source| StoreError::Folder {
            path: path.display().to_string(),
            source,
        })?;
        let conn = Connection::open(path)?;
        // First, so a file another process holds is waited for, not refused at once.
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        Self::migrate(conn)
    }

    /// Brings the schema up to date, one migration a transaction; the version is read inside
    /// each (taking the write lock first), so two processes opening one database at once never
    /// both apply the same migration.
    fn migrate(mut conn: Connection) -> Result<Connection, StoreError> {
        let known = MIGRATIONS.len() as i64;
        // Up to date (the usual start): no write lock taken, so a desk starting beside another
        // process holding the database does not wait on it.
        let current: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if current != known {
            loop {
                // Read again under the write lock: another process may have migrated meanwhile.
                let tx =
                    conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
                let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
                if version > known {
                    return Err(StoreError::TooNew {
                        found: version,
                        known,
                    });
                }
                let Some(sql) = MIGRATIONS.get(version as usize) else {
                    break;
                };
                tx.execute_batch(&schema::expand(sql, schema::Dialect::Lite))?;
                tx.pragma_update(None, "user_version", version + 1)?;
                tx.commit()?;
            }
        }
        Ok(conn)
    }

    /// Names this counter (Settings): the name is written with every create taken from now on.
    pub fn set_counter(&self, name: &str) {
        *self.counter.lock().unwrap_or_else(|p| p.into_inner()) = name.trim().to_string();
    }

    pub(crate) fn counter(&self) -> String {
        self.counter
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Follows the desk's clerk: `clerk` is the handle its login writes.
    pub fn follow_clerk(&self, clerk: Clerk) {
        *self.clerk.lock().unwrap_or_else(|p| p.into_inner()) = clerk;
    }

    /// Names the clerk at this counter (a store without a desk: tests, tools).
    pub fn set_clerk(&self, login: &str) {
        let clerk = self.clerk.lock().unwrap_or_else(|p| p.into_inner()).clone();
        *clerk.lock().unwrap_or_else(|p| p.into_inner()) = login.trim().to_string();
    }

    /// This counter's clerk and name, each `None` while not named.
    pub fn hands(&self) -> Hands {
        let named = |s: String| (!s.is_empty()).then_some(s);
        let clerk = self.clerk.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let login = clerk.lock().unwrap_or_else(|p| p.into_inner()).clone();
        Hands {
            clerk: named(login),
            counter: named(self.counter()),
        }
    }

    /// Whether the shop's records are in a shared PostgreSQL database.
    pub fn is_shared(&self) -> bool {
        self.shop.is_some()
    }

    /// How many times the journal was written since the store opened.
    pub fn journal_generation(&self) -> u64 {
        self.journal_changes
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    pub(crate) fn journal_touched(&self) {
        self.journal_changes
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// Where the shop's records are: the shared database, or this counter's file. A shop
    /// connection found lost (the server restarted, the network dropped) is opened again here,
    /// so a blip costs the one call that met it, not the rest of the day.
    pub(crate) fn conn(&self) -> MutexGuard<'_, Db> {
        let m = self.shop.as_ref().unwrap_or(&self.local);
        let mut db = m.lock().unwrap_or_else(|p| p.into_inner());
        let lost = match &*db {
            Db::Pg(client) => client.is_closed(),
            Db::PgAway => true,
            Db::Lite(_) => false,
        };
        let mut retry_at = self.retry_at.lock().unwrap_or_else(|p| p.into_inner());
        let due = retry_at.is_none_or(|at| std::time::Instant::now() >= at);
        if lost
            && due
            && let Some(url) = &self.shop_url
        {
            // Up to date as well: the database may be a new one, or newer, since.
            match shop_schema::connect(url) {
                Ok(again) => {
                    *db = Db::Pg(Box::new(again));
                    *retry_at = None;
                    // What was read while it was away was this counter's part only: the lists
                    // read the shop's records again now.
                    self.journal_touched();
                    self.login_refused
                        .store(false, std::sync::atomic::Ordering::Relaxed);
                }
                Err(e) => {
                    tracing::warn!("the shop database is still away: {e}");
                    // A refused password is not tried again every few seconds: each try is a
                    // failed login in the server's log (and may count against the counter).
                    let refused = e.login_refused();
                    let wait = if refused {
                        SHOP_LOGIN_RETRY
                    } else {
                        SHOP_RETRY
                    };
                    *retry_at = Some(std::time::Instant::now() + wait);
                    self.login_refused
                        .store(refused, std::sync::atomic::Ordering::Relaxed);
                }
            }
            let away = !matches!(&*db, Db::Pg(c) if !c.is_closed());
            self.away.store(away, std::sync::atomic::Ordering::Relaxed);
        }
        db
    }

    /// What the shop's database answered, or nothing when the connection was found lost
    /// meanwhile: a reader then lists what this counter kept ([`kept_beside`]). The answer must
    /// be bound before this is called: the connection's lock must be let go before
    /// `shop_lost` takes it.
    pub(crate) fn shop_part<T>(
        &self,
        answer: Result<Vec<T>, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        match answer {
            Err(_) if self.shop_lost() => Ok(Vec::new()),
            answer => answer,
        }
    }

    /// Runs `f` on the shop's records; when the shop's database is away, on this counter's file,
    /// where what is done meanwhile is kept until it answers ([`Where`] says which ran). A
    /// counter of its own runs it on its file.
    pub(crate) fn shop_or_here<T>(
        &self,
        f: impl Fn(&mut Db, Where) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if !self.is_shared() {
            return f(&mut self.local(), Where::Shop);
        }
        // Bound first: the connection's lock must be let go before `shop_lost` takes it.
        let answer = f(&mut self.conn(), Where::Shop);
        match answer {
            Err(_) if self.shop_lost() => f(&mut self.local(), Where::Here),
            answer => answer,
        }
    }

    /// How many rows of a table belong to one service (`table` is one of the store's own names,
    /// never text from outside).
    pub(crate) fn rows_of(
        &self,
        table: &'static str,
        service: &ServiceKey,
    ) -> Result<i64, StoreError> {
        self.conn().query_one(
            &format!("SELECT COUNT(*) FROM {table} WHERE service = ?1"),
            args![service.as_str()],
            |r| r.get(0),
        )
    }

    /// Whether the shop's database connection is lost (checked after a failed call: the
    /// failure was the connection's, not the statement's).
    pub(crate) fn shop_lost(&self) -> bool {
        let Some(shop) = &self.shop else {
            return false;
        };
        let lost = match &*shop.lock().unwrap_or_else(|p| p.into_inner()) {
            Db::Pg(c) => c.is_closed(),
            Db::PgAway => true,
            Db::Lite(_) => false,
        };
        if lost {
            self.away.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        lost
    }

    /// Looks whether the shop's database still answers: an empty query, answered within
    /// [`SHOP_PING`], or the connection is let go (and opened again when a try is due). A
    /// connection looks open until it is next used, so without this an idle counter would say
    /// "Online" for as long as nobody used it after the database stopped; with it, the status
    /// bar tells a stopped database within a second or two of the worker's look.
    pub fn notice_shop(&self) {
        if self.shop.is_none() {
            return;
        }
        let mut db = self.conn();
        if let Db::Pg(client) = &mut *db
            && let Err(e) = client.is_valid(SHOP_PING)
        {
            tracing::warn!("the shop database does not answer: {e}");
            *db = Db::PgAway;
            self.away.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Whether the shop's database was away when last asked (never waits).
    pub fn shop_away(&self) -> bool {
        self.away.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Whether the shop's database is away because it refused this counter's login (its
    /// password missing or wrong), as the last try to connect found (never waits).
    pub fn shop_refuses_login(&self) -> bool {
        self.shop_away()
            && self
                .login_refused
                .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// This counter's own file (drafts, directory cache).
    pub(crate) fn local(&self) -> MutexGuard<'_, Db> {
        self.local.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The schema version of this counter's file.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        match &mut *self.local() {
            Db::Lite(c) => Ok(c.pragma_query_value(None, "user_version", |r| r.get(0))?),
            Db::Pg(_) | Db::PgAway => Err(StoreError::Shape("the local store is SQLite".into())),
        }
    }

    /// Gives the rows kept before services were told apart to `service`, the first configured
    /// service logged in after the upgrade: they were made against the service configured then.
    /// Orders whose record links to a twin on this machine (demo mode's) stay apart, and so do
    /// their history and prints. Returns how many rows moved. Only this counter's file can hold
    /// such rows: a shop database never had unscoped ones.
    pub fn claim_unscoped(&self, service: &ServiceKey) -> Result<usize, StoreError> {
        if self.is_shared() {
            return Ok(0);
        }
        let mut conn = self.local();
        let mut tx = conn.transaction()?;
        let svc = service.as_str();
        let mut n = tx.execute(
            "UPDATE OR IGNORE journal SET service = ?1 WHERE service = ''
                 AND record NOT LIKE '%//127.0.0.1%' AND record NOT LIKE '%//localhost%'",
            args![svc],
        )?;
        n += tx.execute(
            "UPDATE OR IGNORE status_history SET service = ?1 WHERE service = ''
                 AND order_id IN (SELECT order_id FROM journal WHERE service = ?1)",
            args![svc],
        )?;
        n += tx.execute(
            "UPDATE print_log SET service = ?1 WHERE service = ''
                 AND order_id IN (SELECT order_id FROM journal WHERE service = ?1)",
            args![svc],
        )?;
        n += tx.execute(
            "UPDATE OR IGNORE outbox SET service = ?1 WHERE service = ''",
            args![svc],
        )?;
        tx.commit()?;
        self.journal_touched();
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrates_once_and_keeps_data_across_reopen() {
        let (dir, path) = test_file::left_by("store", "desk.sqlite", |s| {
            assert_eq!(s.schema_version().unwrap(), MIGRATIONS.len() as i64);
            s.put_directory("regions", "[1]", 10).unwrap();
            s.put_directory("regions", "[1,2]", 20).unwrap();
        });
        let s = Store::open(&path).unwrap();
        assert_eq!(
            s.directory("regions").unwrap(),
            Some(("[1,2]".to_string(), 20))
        );
        assert_eq!(s.directory("cities").unwrap(), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn orders_kept_before_services_were_told_apart_survive_the_upgrade() {
        let conn = Connection::open_in_memory().unwrap();
        for sql in &MIGRATIONS[..4] {
            let sql = schema::expand(sql, schema::Dialect::Lite);
            conn.execute_batch(&sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 4).unwrap();
        conn.execute_batch(
            "INSERT INTO journal (order_id, barcode, wcs_code, created_at, receiver, receiver_phone,
                city, status_id, status_name, cod, cost, record, updated_at)
             VALUES (9, '019910000009', 'k9', 1, 'Vali', '+998', 'Samarqand', 1, 'x', 5000, 100,
                '{\"tracking\":\"https://track.example.uz/t?c=019910000009\"}', 1),
                    (10, '019910000010', 'k10', 1, 'Demo', '+998', 'Samarqand', 1, 'x', NULL, 100,
                '{\"tracking\":\"http://127.0.0.1:4000/track\"}', 1);
             INSERT INTO outbox (wcs_code, payload, state, created_at, updated_at)
             VALUES ('k11', '{}', 'pending', 1, 1);",
        )
        .unwrap();
        let store = Store::with(Store::migrate(conn).unwrap(), None);
        let svc = ServiceKey::new("svc:https://a.uz|https://a.uz/api|123456789");
        assert!(store.journal(&svc).unwrap().is_empty(), "nobody's yet");
        store.claim_unscoped(&svc).unwrap();
        let rows = store.journal(&svc).unwrap();
        assert_eq!(rows.len(), 1, "the twin's order stays apart: {rows:?}");
        assert_eq!(rows[0].cod(), Some(5000));
        assert_eq!(store.outbox_count(&svc).unwrap(), 1);
    }
}
