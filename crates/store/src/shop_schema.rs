//! The shop's shared database on PostgreSQL: connecting to it and bringing its schema up to date.
//! It holds only the shop's records (journal, status history, outbox, prints, parcels,
//! manifests, notifications, closed days), in the same tables and columns as a counter's own
//! SQLite file, so the store's queries are one text for both. Integers are `BIGINT`, as SQLite's
//! are 64-bit; `rowid` is an identity column here, giving the insertion order SQLite's implicit
//! one gives.

use super::StoreError;
use super::schema::{Dialect, expand};
use std::time::Duration;

/// Each entry moves the shop schema one version up; never edit a shipped entry, append one.
/// Entries are templates naming the shop's column lists (see `schema.rs`), expanded for
/// PostgreSQL.
pub(crate) const SHOP_MIGRATIONS: &[&str] = &[
    "CREATE TABLE outbox (
        {outbox},
        clerk TEXT,
        counter TEXT,
        rowid BIGINT GENERATED ALWAYS AS IDENTITY,
        PRIMARY KEY (service, wcs_code)
    );
    CREATE TABLE journal (
        {journal},
        clerk TEXT,
        register_day TEXT,
        counter TEXT,
        PRIMARY KEY (service, order_id)
    );
    CREATE INDEX journal_barcode ON journal (service, barcode);
    CREATE INDEX journal_created ON journal (service, created_at);
    CREATE INDEX journal_register ON journal (service, register_day);
    CREATE TABLE status_history (
        service TEXT NOT NULL,
        {history_row},
        rowid BIGINT GENERATED ALWAYS AS IDENTITY,
        PRIMARY KEY (service, order_id, at, status_id)
    );
    CREATE TABLE print_log (
        id {id},
        service TEXT NOT NULL,
        {print_row},
        counter TEXT,
        clerk TEXT
    );
    CREATE INDEX print_log_order ON print_log (service, order_id, at);
    CREATE TABLE parcels (
        {parcels},
        counter TEXT,
        clerk TEXT,
        PRIMARY KEY (service, number)
    );
    CREATE INDEX parcels_created ON parcels (service, created_at);
    CREATE TABLE manifests (
        {manifests},
        counter TEXT,
        clerk TEXT,
        PRIMARY KEY (service, number)
    );
    {notifications}
    {closed_days}
    CREATE FUNCTION parcel_desk_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_notify('parcel_desk_changes', current_schema() || '.' || TG_TABLE_NAME);
        RETURN NULL;
    END $$;
    CREATE TRIGGER journal_announce AFTER INSERT OR UPDATE OR DELETE ON journal
        FOR EACH STATEMENT EXECUTE FUNCTION parcel_desk_announce();
    CREATE TRIGGER outbox_announce AFTER INSERT OR UPDATE OR DELETE ON outbox
        FOR EACH STATEMENT EXECUTE FUNCTION parcel_desk_announce();",
    // A day closed at one counter is closed at every other at once: announced like the journal.
    "CREATE TRIGGER closed_days_announce AFTER INSERT OR UPDATE OR DELETE ON closed_days
        FOR EACH STATEMENT EXECUTE FUNCTION parcel_desk_announce();",
    // The address book, shared by the shop's counters and announced like the journal.
    "{people}
    CREATE TRIGGER people_announce AFTER INSERT OR UPDATE OR DELETE ON people
        FOR EACH STATEMENT EXECUTE FUNCTION parcel_desk_announce();",
];

/// Any number the desks agree on: the advisory lock two counters starting at once take, so
/// only one of them migrates.
const MIGRATION_LOCK: i64 = 0x7061_7263_656c;

/// How long a counter waits for the shop's database to answer a connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Connects to the shop's database at `url` (a `postgres://` URL or `key=value` settings) and
/// brings its schema up to date.
pub(super) fn connect(url: &str) -> Result<postgres::Client, StoreError> {
    let mut client = open(url)?;
    migrate(&mut client)?;
    Ok(client)
}

/// A connection to the shop's database, as it is.
pub(super) fn open(url: &str) -> Result<postgres::Client, StoreError> {
    let mut address = super::shop_address::ShopAddress::read(url)?;
    let config = &mut address.config;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    config.application_name("parcel-desk");
    // A network gone quiet fails a call within seconds, not after the system's TCP timeout,
    // so the counter keeps taking orders at once.
    config
        .keepalives(true)
        .keepalives_idle(Duration::from_secs(10))
        .tcp_user_timeout(Duration::from_secs(10));
    address.connect()
}

/// Applies the migrations the database lacks, all in one transaction under the lock.
fn migrate(client: &mut postgres::Client) -> Result<(), StoreError> {
    let known = SHOP_MIGRATIONS.len() as i64;
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS parcel_desk_schema (version BIGINT NOT NULL);
         INSERT INTO parcel_desk_schema (version)
             SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM parcel_desk_schema);",
    )?;
    let version: i64 = tx
        .query_one("SELECT version FROM parcel_desk_schema", &[])?
        .try_get(0)?;
    if version > known {
        return Err(StoreError::TooNew {
            found: version,
            known,
        });
    }
    for template in SHOP_MIGRATIONS.iter().skip(version as usize) {
        tx.batch_execute(&expand(template, Dialect::Pg))?;
    }
    tx.execute("UPDATE parcel_desk_schema SET version = $1", &[&known])?;
    tx.commit()?;
    Ok(())
}
