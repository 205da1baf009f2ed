//! One way to speak SQL to either database the store keeps its rows in: the desk's own SQLite
//! file, or a shop's PostgreSQL server that several counters share. The store's queries are
//! written once, in the SQL both understand (`?1` parameters, `ON CONFLICT`, `RETURNING`); this
//! module binds the parameters, reads the columns and runs transactions for each.

use super::StoreError;

/// A connection to one of the two databases.
pub(crate) enum Db {
    Lite(rusqlite::Connection),
    Pg(Box<postgres::Client>),
    /// A shop database not reached yet: every call fails until a connection is made.
    PgAway,
}

/// A transaction on one of them; dropped without [`Tx::commit`] it is rolled back.
pub(crate) enum Tx<'a> {
    Lite(rusqlite::Transaction<'a>),
    Pg(postgres::Transaction<'a>),
}

/// One parameter of a query. Integers are 64-bit on both sides (`BIGINT` in PostgreSQL).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Arg<'a> {
    Int(i64),
    OptInt(Option<i64>),
    Text(&'a str),
    OptText(Option<&'a str>),
}

/// Builds a parameter list: `args![service.as_str(), order_id, row.cod]`.
macro_rules! args {
    ($($e:expr),* $(,)?) => {
        &[$($crate::db::Arg::from(&$e)),*][..]
    };
}
pub(crate) use args;

impl From<&i64> for Arg<'_> {
    fn from(v: &i64) -> Self {
        Arg::Int(*v)
    }
}
impl From<&usize> for Arg<'_> {
    fn from(v: &usize) -> Self {
        Arg::Int(i64::try_from(*v).unwrap_or(i64::MAX))
    }
}
impl From<&Option<i64>> for Arg<'_> {
    fn from(v: &Option<i64>) -> Self {
        Arg::OptInt(*v)
    }
}
impl<'a> From<&&'a str> for Arg<'a> {
    fn from(v: &&'a str) -> Self {
        Arg::Text(v)
    }
}
impl<'a> From<&'a String> for Arg<'a> {
    fn from(v: &'a String) -> Self {
        Arg::Text(v)
    }
}
impl<'a> From<&&'a String> for Arg<'a> {
    fn from(v: &&'a String) -> Self {
        Arg::Text(v)
    }
}
impl<'a> From<&Option<&'a str>> for Arg<'a> {
    fn from(v: &Option<&'a str>) -> Self {
        Arg::OptText(*v)
    }
}
impl<'a> From<&'a Option<String>> for Arg<'a> {
    fn from(v: &'a Option<String>) -> Self {
        Arg::OptText(v.as_deref())
    }
}

impl rusqlite::ToSql for Arg<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, Value, ValueRef};
        Ok(match *self {
            Arg::Int(v) | Arg::OptInt(Some(v)) => ToSqlOutput::Owned(Value::Integer(v)),
            Arg::Text(s) | Arg::OptText(Some(s)) => {
                ToSqlOutput::Borrowed(ValueRef::Text(s.as_bytes()))
            }
            Arg::OptInt(None) | Arg::OptText(None) => ToSqlOutput::Owned(Value::Null),
        })
    }
}

/// The same parameters as PostgreSQL takes them (a typed null for each kind).
fn pg_args<'a>(args: &'a [Arg<'a>]) -> Vec<&'a (dyn postgres::types::ToSql + Sync)> {
    args.iter()
        .map(|a| -> &(dyn postgres::types::ToSql + Sync) {
            match a {
                Arg::Int(v) => v,
                Arg::OptInt(v) => v,
                Arg::Text(s) => s,
                Arg::OptText(s) => s,
            }
        })
        .collect()
}

/// The query with PostgreSQL's `$1` for SQLite's `?1`. The store's SQL has no `?` elsewhere.
fn pg_sql(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(|n| n.is_ascii_digit()) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

/// A row of an answer, from either database.
pub(crate) enum Row<'a> {
    Lite(&'a rusqlite::Row<'a>),
    Pg(&'a postgres::Row),
}

impl Row<'_> {
    /// Column `i` (from 0) as `T`.
    pub(crate) fn get<T: Column>(&self, i: usize) -> Result<T, StoreError> {
        match self {
            Row::Lite(r) => Ok(r.get(i)?),
            Row::Pg(r) => T::from_pg(r, i),
        }
    }

    /// The row's columns from the first
    /// The row's columns from the first, in order, as one value: a tuple of [`Column`]s (and of
    /// [`super::Hands`], two columns), `r.columns::<(i64, String)>()`.
    pub(crate) fn columns<T: Columns>(&self) -> Result<T, StoreError> {
        T::read(&mut Cursor { row: self, at: 0 })
    }
}

/// The next column of a row to read.
pub(crate) struct Cursor<'r, 'a> {
    row: &'r Row<'a>,
    at: usize,
}

/// A value read from one column or more of a row, in order.
pub(crate) trait Columns: Sized {
    fn read(next: &mut Cursor<'_, '_>) -> Result<Self, StoreError>;
}

impl<T: Column> Columns for T {
    fn read(next: &mut Cursor<'_, '_>) -> Result<Self, StoreError> {
        let value = next.row.get(next.at)?;
        next.at += 1;
        Ok(value)
    }
}

/// Who did it: the clerk's column, then the counter's.
impl Columns for super::Hands {
    fn read(next: &mut Cursor<'_, '_>) -> Result<Self, StoreError> {
        Ok(super::Hands {
            clerk: Columns::read(next)?,
            counter: Columns::read(next)?,
        })
    }
}

/// A tuple of values read one after another.
macro_rules! tuple_columns {
    ($($t:ident),+) => {
        impl<$($t: Columns),+> Columns for ($($t,)+) {
            fn read(next: &mut Cursor<'_, '_>) -> Result<Self, StoreError> {
                Ok(($($t::read(next)?,)+))
            }
        }
    };
}
tuple_columns!(A, B);
tuple_columns!(A, B, C);
tuple_columns!(A, B, C, D);
tuple_columns!(A, B, C, D, E);
tuple_columns!(A, B, C, D, E, F);
tuple_columns!(A, B, C, D, E, F, G);
tuple_columns!(A, B, C, D, E, F, G, H);

/// A Rust type a column is read as: the store reads integers, texts, and either missing.
pub(crate) trait Column: rusqlite::types::FromSql + Sized {
    fn from_pg(row: &postgres::Row, i: usize) -> Result<Self, StoreError>;
}

impl Column for i64 {
    fn from_pg(row: &postgres::Row, i: usize) -> Result<Self, StoreError> {
        Option::<i64>::from_pg(row, i)?
            .ok_or_else(|| StoreError::Shape(format!("column {i} is empty")))
    }
}
impl Column for Option<i64> {
    fn from_pg(row: &postgres::Row, i: usize) -> Result<Self, StoreError> {
        // A literal (`SELECT 1`) is a 32-bit integer in PostgreSQL; the tables' are 64-bit.
        match row.try_get::<_, Option<i64>>(i) {
            Ok(v) => Ok(v),
            Err(_) => Ok(row.try_get::<_, Option<i32>>(i)?.map(i64::from)),
        }
    }
}
impl Column for bool {
    fn from_pg(row: &postgres::Row, i: usize) -> Result<Self, StoreError> {
        Ok(row.try_get(i)?)
    }
}
impl Column for String {
    fn from_pg(row: &postgres::Row, i: usize) -> Result<Self, StoreError> {
        Ok(row.try_get(i)?)
    }
}
impl Column for Option<String> {
    fn from_pg(row: &postgres::Row, i: usize) -> Result<Self, StoreError> {
        Ok(row.try_get(i)?)
    }
}

/// What reads each row of an answer into a `T`, in turn.
pub(crate) trait ReadRows<T>: FnMut(&Row<'_>) -> Result<T, StoreError> {}
impl<T, F: FnMut(&Row<'_>) -> Result<T, StoreError>> ReadRows<T> for F {}

/// Where a statement runs: the counter's SQLite (a connection or a transaction), or the shop's
/// PostgreSQL (a client or a transaction).
pub(crate) enum On<'c, 't> {
    Lite(&'c rusqlite::Connection),
    Pg(&'c mut postgres::Client),
    PgTx(&'c mut postgres::Transaction<'t>),
}

/// Queries and statements, the same on a connection and inside a transaction.
/// `'t` is a transaction's own lifetime (`'static` outside one).
pub(crate) trait Sql<'t> {
    /// The database the next statement runs on.
    fn on(&mut self) -> Result<On<'_, 't>, StoreError>;

    /// Runs a statement; how many rows it changed.
    fn execute(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<usize, StoreError> {
        match self.on()? {
            On::Lite(c) => lite_execute(c, sql, args),
            On::Pg(c) => pg_execute(c, sql, args),
            On::PgTx(t) => pg_execute(t, sql, args),
        }
    }

    /// Every row of a query, each read by `read`.
    fn query<T>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        read: impl ReadRows<T>,
    ) -> Result<Vec<T>, StoreError> {
        self.query_first(sql, args, usize::MAX, read)
    }

    /// The first row of a query, if any.
    fn query_opt<T>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        read: impl FnOnce(&Row<'_>) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        let mut read = Some(read);
        let first = self.query_first(sql, args, 1, |r| match read.take() {
            Some(read) => read(r),
            None => Err(StoreError::Shape("a second row was read".into())),
        })?;
        Ok(first.into_iter().next())
    }

    /// The first `most` rows of a query, each read by `read` (SQLite's rows after them are
    /// never read).
    fn query_first<T>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        most: usize,
        read: impl ReadRows<T>,
    ) -> Result<Vec<T>, StoreError> {
        match self.on()? {
            On::Lite(c) => lite_query(c, sql, args, most, read),
            On::Pg(c) => pg_query(c, sql, args, most, read),
            On::PgTx(t) => pg_query(t, sql, args, most, read),
        }
    }

    /// The first row of a query, which must exist (a count, a `RETURNING`).
    fn query_one<T>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        read: impl FnOnce(&Row<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.query_opt(sql, args, read)?
            .ok_or_else(|| StoreError::Shape("the query returned no row".into()))
    }
}

fn lite_execute(
    c: &rusqlite::Connection,
    sql: &str,
    args: &[Arg<'_>],
) -> Result<usize, StoreError> {
    Ok(c.prepare_cached(sql)?
        .execute(rusqlite::params_from_iter(args.iter()))?)
}

fn lite_query<T>(
    c: &rusqlite::Connection,
    sql: &str,
    args: &[Arg<'_>],
    most: usize,
    mut read: impl ReadRows<T>,
) -> Result<Vec<T>, StoreError> {
    let mut stmt = c.prepare_cached(sql)?;
    let mut rows = stmt.query(rusqlite::params_from_iter(args.iter()))?;
    let mut out = Vec::new();
    while out.len() < most
        && let Some(r) = rows.next()?
    {
        out.push(read(&Row::Lite(r))?);
    }
    Ok(out)
}

fn pg_execute(
    c: &mut impl postgres::GenericClient,
    sql: &str,
    args: &[Arg<'_>],
) -> Result<usize, StoreError> {
    let n = c.execute(pg_sql(sql).as_str(), &pg_args(args))?;
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

fn pg_query<T>(
    c: &mut impl postgres::GenericClient,
    sql: &str,
    args: &[Arg<'_>],
    most: usize,
    mut read: impl ReadRows<T>,
) -> Result<Vec<T>, StoreError> {
    let rows = c.query(pg_sql(sql).as_str(), &pg_args(args))?;
    rows.iter().take(most).map(|r| read(&Row::Pg(r))).collect()
}

impl Sql<'static> for Db {
    fn on(&mut self) -> Result<On<'_, 'static>, StoreError> {
        match self {
            Db::Lite(c) => Ok(On::Lite(c)),
            Db::Pg(c) => Ok(On::Pg(c.as_mut())),
            Db::PgAway => Err(StoreError::ShopAway),
        }
    }
}

impl<'t> Sql<'t> for Tx<'t> {
    fn on(&mut self) -> Result<On<'_, 't>, StoreError> {
        Ok(match self {
            Tx::Lite(t) => On::Lite(t),
            Tx::Pg(t) => On::PgTx(t),
        })
    }
}

impl Db {
    /// Begins a transaction: SQLite's takes the write lock at its first write, PostgreSQL's
    /// reads committed rows.
    pub(crate) fn transaction(&mut self) -> Result<Tx<'_>, StoreError> {
        Ok(match self {
            Db::Lite(c) => Tx::Lite(c.transaction()?),
            Db::Pg(c) => Tx::Pg(c.transaction()?),
            Db::PgAway => return Err(StoreError::ShopAway),
        })
    }
}

impl Tx<'_> {
    pub(crate) fn commit(self) -> Result<(), StoreError> {
        match self {
            Tx::Lite(t) => t.commit()?,
            Tx::Pg(t) => t.commit()?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_parameters_become_postgres_ones() {
        assert_eq!(
            pg_sql("SELECT a FROM t WHERE b = ?1 AND c = ?12 AND d LIKE '%?%'"),
            "SELECT a FROM t WHERE b = $1 AND c = $12 AND d LIKE '%?%'"
        );
    }
}
