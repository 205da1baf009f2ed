//! The shop's tables written once for both of its databases. A counter's own SQLite file and a
//! shop's PostgreSQL server hold the same tables with the same columns, but each got there by
//! its own migrations (the file's grew a version at a time, the server's was made whole): both
//! lists are written here as templates that name the column lists below, so a table's columns
//! are spelled in one place, and each database gets its own word for a 64-bit integer and for a
//! numbered row's key.
//!
//! A shipped migration must never expand to anything else: a file or a server already past it
//! would differ from a new one.

/// The database a migration is expanded for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// A counter's own file.
    Lite,
    /// The shop's shared server.
    Pg,
}

impl Dialect {
    /// A 64-bit integer column (SQLite's integers are 64-bit already).
    fn int(self) -> &'static str {
        match self {
            Dialect::Lite => "INTEGER",
            Dialect::Pg => "BIGINT",
        }
    }

    /// The key of a table whose rows are numbered in the order they were written.
    fn id(self) -> &'static str {
        match self {
            Dialect::Lite => "INTEGER PRIMARY KEY AUTOINCREMENT",
            Dialect::Pg => "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
        }
    }
}

/// A template's SQL for one database: each `{part}` by its text (parts may name the parts after
/// them), then `{int}` and `{id}` in the database's words.
pub(crate) fn expand(template: &str, dialect: Dialect) -> String {
    let whole = PARTS
        .iter()
        .fold(template.to_string(), |sql, (name, text)| {
            sql.replace(name, text)
        });
    whole
        .replace("{int}", dialect.int())
        .replace("{id}", dialect.id())
}

/// The column lists both databases' migrations name, outer ones first; each without the comma
/// that follows it where more columns do.
const PARTS: &[(&str, &str)] = &[
    ("{journal}", JOURNAL),
    ("{journal_row}", JOURNAL_ROW),
    ("{outbox}", OUTBOX),
    ("{outbox_row}", OUTBOX_ROW),
    ("{history_row}", HISTORY_ROW),
    ("{print_row}", PRINT_ROW),
    ("{parcels}", PARCELS),
    ("{manifests}", MANIFESTS),
    ("{notifications}", NOTIFICATIONS),
    ("{closed_days}", CLOSED_DAYS),
    ("{people}", PEOPLE),
];

/// An order in the journal once orders were kept apart by service (the columns added after are
/// each database's own).
const JOURNAL: &str = "service TEXT NOT NULL,
        order_id {int} NOT NULL,
        {journal_row},
        draft TEXT";

/// What the journal kept of an order from the first version on.
const JOURNAL_ROW: &str = "barcode TEXT NOT NULL,
        wcs_code TEXT,
        created_at {int} NOT NULL,
        receiver TEXT NOT NULL,
        receiver_phone TEXT NOT NULL,
        city TEXT NOT NULL,
        status_id {int} NOT NULL,
        status_name TEXT NOT NULL,
        cod {int},
        cost {int} NOT NULL,
        record TEXT NOT NULL,
        updated_at {int} NOT NULL";

/// An outbox entry once entries were kept apart by service.
const OUTBOX: &str = "service TEXT NOT NULL,
        wcs_code TEXT NOT NULL,
        {outbox_row},
        draft TEXT,
        conflict_order_id {int},
        conflict_barcode TEXT";

/// What the outbox kept of an entry from the first version on.
const OUTBOX_ROW: &str = "payload TEXT NOT NULL,
        state TEXT NOT NULL,
        attempts {int} NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at {int} NOT NULL,
        updated_at {int} NOT NULL";

/// A status an order went through.
const HISTORY_ROW: &str = "order_id {int} NOT NULL,
        at {int} NOT NULL,
        status_id {int} NOT NULL,
        message TEXT NOT NULL,
        location TEXT NOT NULL";

/// A label printed, or a print that failed.
const PRINT_ROW: &str = "order_id {int} NOT NULL,
        barcode TEXT NOT NULL,
        at {int} NOT NULL,
        outcome TEXT NOT NULL,
        printer TEXT NOT NULL,
        reason TEXT,
        error TEXT";

/// An international parcel, before who sent it was kept.
const PARCELS: &str = "service TEXT NOT NULL,
        number TEXT NOT NULL,
        state TEXT NOT NULL,
        input TEXT NOT NULL,
        status_code {int},
        status_message TEXT,
        created_at {int} NOT NULL,
        updated_at {int} NOT NULL,
        manifest TEXT";

/// A manifest, before who sent it was kept.
const MANIFESTS: &str = "service TEXT NOT NULL,
        number TEXT NOT NULL,
        date TEXT NOT NULL,
        parcels TEXT NOT NULL,
        state TEXT NOT NULL,
        created_at {int} NOT NULL,
        updated_at {int} NOT NULL";

/// The notification log, whole.
const NOTIFICATIONS: &str = "CREATE TABLE notifications (
        id {id},
        service TEXT NOT NULL,
        received_at {int} NOT NULL,
        source TEXT NOT NULL,
        order_id {int},
        barcode TEXT NOT NULL,
        status_id {int},
        status_name TEXT NOT NULL,
        status_date TEXT NOT NULL,
        environment TEXT NOT NULL,
        headers TEXT NOT NULL,
        body TEXT NOT NULL,
        verdict TEXT NOT NULL
    );
    CREATE INDEX notifications_received ON notifications (service, received_at);";

/// The closed days, whole.
const CLOSED_DAYS: &str = "CREATE TABLE closed_days (
        service TEXT NOT NULL,
        day TEXT NOT NULL,
        closed_at {int} NOT NULL,
        clerk TEXT NOT NULL,
        lines TEXT NOT NULL,
        PRIMARY KEY (service, day)
    );";

/// The address book, whole: everyone on the journal's orders (see `people.rs`), and the services
/// whose journal was read into it.
const PEOPLE: &str = "CREATE TABLE people (
        service TEXT NOT NULL,
        person TEXT NOT NULL,
        name TEXT NOT NULL,
        phone TEXT NOT NULL,
        city_id {int},
        address TEXT NOT NULL,
        branch_id {int},
        delivery {int} NOT NULL,
        uses {int} NOT NULL,
        last_at {int} NOT NULL,
        merged_into TEXT,
        PRIMARY KEY (service, person)
    );
    CREATE TABLE people_learned (
        service TEXT PRIMARY KEY,
        at {int} NOT NULL
    );";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_is_expanded_for_both_databases() {
        let lists = [
            (crate::MIGRATIONS, Dialect::Lite),
            (crate::shop_schema::SHOP_MIGRATIONS, Dialect::Pg),
        ];
        for (list, dialect) in lists {
            for template in list {
                let sql = expand(template, dialect);
                assert!(!sql.contains('{'), "left unexpanded: {sql}");
            }
        }
    }
}
