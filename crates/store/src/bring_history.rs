//! A counter that joins a shop brings its history along. Before a shop database was named, the
//! counter's journal, status histories, print log, parcels, manifests and closed days were in
//! its own file; once a shop database is set they would be out of every list. The first time
//! the counter reaches that database, they are copied there (its own file keeps them too, should
//! the shop's database ever be given up). Rows the shop already holds stay as they are: an order
//! is the service's and its id, so the shop's row is the same order, never overwritten. A copy cut
//! short is finished by the next one, without a print counted twice. A day the counter closed
//! alone comes along only when no other counter took orders on it: closing a shared day is the
//! shop's decision, not a copy's.

use super::db::{Arg, Row, Sql, args};
use super::{Store, StoreError};

/// One column's value, as either database holds it.
enum Cell {
    Int(Option<i64>),
    Text(Option<String>),
}

impl Cell {
    fn arg(&self) -> Arg<'_> {
        match self {
            Cell::Int(v) => Arg::OptInt(*v),
            Cell::Text(v) => Arg::OptText(v.as_deref()),
        }
    }
}

/// A table copied, with its columns (integer or text) and the columns a row is known by (none:
/// the whole row).
struct Table {
    name: &'static str,
    columns: &'static [(&'static str, bool)],
    key: Option<&'static str>,
}

const INT: bool = true;
const TEXT: bool = false;

const TABLES: &[Table] = &[
    Table {
        name: "journal",
        columns: &[
            ("service", TEXT),
            ("order_id", INT),
            ("barcode", TEXT),
            ("wcs_code", TEXT),
            ("created_at", INT),
            ("receiver", TEXT),
            ("receiver_phone", TEXT),
            ("city", TEXT),
            ("status_id", INT),
            ("status_name", TEXT),
            ("cod", INT),
            ("cost", INT),
            ("record", TEXT),
            ("updated_at", INT),
            ("draft", TEXT),
            ("clerk", TEXT),
            ("register_day", TEXT),
            ("counter", TEXT),
        ],
        key: Some("service, order_id"),
    },
    Table {
        name: "status_history",
        columns: &[
            ("service", TEXT),
            ("order_id", INT),
            ("at", INT),
            ("status_id", INT),
            ("message", TEXT),
            ("location", TEXT),
        ],
        key: Some("service, order_id, at, status_id"),
    },
    Table {
        name: "print_log",
        columns: &[
            ("service", TEXT),
            ("order_id", INT),
            ("barcode", TEXT),
            ("at", INT),
            ("outcome", TEXT),
            ("printer", TEXT),
            ("reason", TEXT),
            ("error", TEXT),
            ("counter", TEXT),
            ("clerk", TEXT),
        ],
        key: None,
    },
    Table {
        name: "parcels",
        columns: &[
            ("service", TEXT),
            ("number", TEXT),
            ("state", TEXT),
            ("input", TEXT),
            ("status_code", INT),
            ("status_message", TEXT),
            ("created_at", INT),
            ("updated_at", INT),
            ("manifest", TEXT),
            ("counter", TEXT),
            ("clerk", TEXT),
        ],
        key: Some("service, number"),
    },
    Table {
        name: "manifests",
        columns: &[
            ("service", TEXT),
            ("number", TEXT),
            ("date", TEXT),
            ("parcels", TEXT),
            ("state", TEXT),
            ("created_at", INT),
            ("updated_at", INT),
            ("counter", TEXT),
            ("clerk", TEXT),
        ],
        key: Some("service, number"),
    },
    Table {
        name: "closed_days",
        columns: &[
            ("service", TEXT),
            ("day", TEXT),
            ("closed_at", INT),
            ("clerk", TEXT),
            ("lines", TEXT),
        ],
        key: Some("service, day"),
    },
];

impl Store {
    /// A counter's file from before named the database with the password typed into its
    /// address: that name becomes the address alone, so the password leaves the file and the
    /// history is not copied again.
    fn forget_passwords_in_names(&self, shop: &str) -> Result<(), StoreError> {
        let named: Vec<String> =
            self.local()
                .query("SELECT shop FROM brought_to_shop", args![], |r| r.get(0))?;
        for old in named {
            if old != shop && super::shop_address::split_password(&old).0 == shop {
                self.local()
                    .execute("DELETE FROM brought_to_shop WHERE shop = ?1", args![old])?;
                self.note_brought(shop)?;
            }
        }
        Ok(())
    }

    /// Notes in this counter's file that its history is in the database `shop` (its address).
    fn note_brought(&self, shop: &str) -> Result<(), StoreError> {
        self.local().execute(
            "INSERT INTO brought_to_shop (shop, at) VALUES (?1, ?2) ON CONFLICT (shop) DO NOTHING",
            args![shop, chrono::Utc::now().timestamp()],
        )?;
        Ok(())
    }

    /// Copies this counter's earlier records into the shop's database, once per database; how
    /// many rows the shop did not hold yet.
    pub fn bring_history(&self) -> Result<usize, StoreError> {
        // The database is named by its address without the password: that never reaches the
        // counter's file, and a new password is the same database.
        let Some(shop) = self
            .shop_url
            .as_deref()
            .map(|u| super::shop_address::split_password(u).0)
        else {
            return Ok(0);
        };
        if self.brought.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(0);
        }
        self.forget_passwords_in_names(&shop)?;
        let brought: bool = self.local().query_one(
            "SELECT EXISTS (SELECT 1 FROM brought_to_shop WHERE shop = ?1)",
            args![shop],
            |r| r.get(0),
        )?;
        if brought {
            self.brought
                .store(true, std::sync::atomic::Ordering::Relaxed);
            return Ok(0);
        }
        let name = self.counter();
        let mut added = 0;
        let mut conn = self.conn();
        let mut tx = conn.transaction()?;
        for table in TABLES {
            let names: Vec<&str> = table.columns.iter().map(|(n, _)| *n).collect();
            let select = format!("SELECT {} FROM {}", names.join(", "), table.name);
            let rows = self
                .local()
                .query(&select, args![], |r| cells(r, table.columns))?;
            let marks: Vec<String> = (1..=names.len()).map(|i| format!("?{i}")).collect();
            let insert = format!(
                "INSERT INTO {} ({}) VALUES ({})",
                table.name,
                names.join(", "),
                marks.join(", ")
            );
            for mut row in rows {
                if table.name == "journal" {
                    made_here_at(&mut row, &names, &name);
                }
                let values: Vec<Arg<'_>> = row.iter().map(Cell::arg).collect();
                // A day this counter closed alone is not the shop's day when other counters
                // took orders on it: closing it for them is the manager's, not this copy's.
                if table.name == "closed_days" {
                    let others = "SELECT EXISTS (SELECT 1 FROM journal WHERE service = ?1
                        AND register_day = ?2 AND (counter IS NULL OR counter <> ?3))";
                    let (service, day) = (&values[0], &values[1]);
                    let shared: bool =
                        tx.query_one(others, &[*service, *day, Arg::Text(&name)], |r| r.get(0))?;
                    if shared {
                        tracing::warn!("a day closed at this counter alone is open in the shop");
                        continue;
                    }
                }
                added += match table.key {
                    Some(key) => {
                        tx.execute(&format!("{insert} ON CONFLICT ({key}) DO NOTHING"), &values)?
                    }
                    // A print has no key of its own: one of the same order at the same time,
                    // with the same outcome and printer, is this one, copied before.
                    None => {
                        let same = "SELECT EXISTS (SELECT 1 FROM print_log WHERE service = ?1
                            AND order_id = ?2 AND barcode = ?3 AND at = ?4 AND outcome = ?5
                            AND printer = ?6)";
                        let known: bool = tx.query_one(same, &values[..6], |r| r.get(0))?;
                        if known {
                            0
                        } else {
                            tx.execute(&insert, &values)?
                        }
                    }
                };
            }
        }
        tx.commit()?;
        drop(conn);
        self.note_brought(&shop)?;
        self.brought
            .store(true, std::sync::atomic::Ordering::Relaxed);
        if added > 0 {
            self.journal_touched();
        }
        Ok(added)
    }
}

fn cells(r: &Row<'_>, columns: &[(&str, bool)]) -> Result<Vec<Cell>, StoreError> {
    columns
        .iter()
        .enumerate()
        .map(|(i, (_, int))| {
            Ok(if *int {
                Cell::Int(r.get(i)?)
            } else {
                Cell::Text(r.get(i)?)
            })
        })
        .collect()
}

/// An order this counter made (it has a clerk) before the counter was named gets its name.
fn made_here_at(row: &mut [Cell], names: &[&str], counter: &str) {
    let at = |n: &str| names.iter().position(|c| *c == n);
    let (Some(clerk), Some(named)) = (at("clerk"), at("counter")) else {
        return;
    };
    let made_here = matches!(&row[clerk], Cell::Text(Some(_)));
    if made_here && !counter.is_empty() && matches!(&row[named], Cell::Text(None)) {
        row[named] = Cell::Text(Some(counter.to_string()));
    }
}
