//! Shop databases for the tests: the store suite runs once on a counter's own SQLite file and once
//! with a PostgreSQL shop database, each test in a schema of its own so tests running at once
//! never meet. The server is named by `PARCEL_DESK_TEST_POSTGRES` (settings in `key=value`
//! form; `tests/run` starts a throw-away one). Without it the PostgreSQL half of a test says so
//! and passes, unless `PARCEL_DESK_REQUIRE_POSTGRES` is set (as `tests/run` and CI set it): then
//! a missing server fails the run.

use std::sync::atomic::{AtomicU64, Ordering};

/// The environment variable naming the test server.
pub const SERVER: &str = "PARCEL_DESK_TEST_POSTGRES";
/// Set to make a missing test server a failure.
pub const REQUIRED: &str = "PARCEL_DESK_REQUIRE_POSTGRES";

/// Settings for a connection to a new, empty schema on the test server; `None` when no server is
/// named and none is required.
pub fn fresh_schema() -> Option<String> {
    let Ok(server) = std::env::var(SERVER) else {
        assert!(
            std::env::var_os(REQUIRED).is_none(),
            "{REQUIRED} is set but {SERVER} names no PostgreSQL server (tests/run starts one)"
        );
        eprintln!("no PostgreSQL test server ({SERVER} unset): the shop database half is skipped");
        return None;
    };
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let schema = format!(
        "t{}_{}_{nanos}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = match postgres::Client::connect(&server, postgres::NoTls) {
        Ok(c) => c,
        Err(e) => panic!("the PostgreSQL test server ({server}) did not answer: {e}"),
    };
    if let Err(e) = admin.batch_execute(&format!("CREATE SCHEMA {schema}")) {
        panic!("cannot make a test schema on {server}: {e}");
    }
    Some(format!("{server} options='-c search_path={schema}'"))
}

/// The environment variable naming the test server's TLS listener (settings in `key=value`
/// form, without `sslmode`), and the one naming the folder of its authorities: `ca.pem` signed
/// the server's certificate, `other-ca.pem` did not.
pub const TLS_SERVER: &str = "PARCEL_DESK_TEST_POSTGRES_TLS";
pub const TLS_AUTHORITIES: &str = "PARCEL_DESK_TEST_POSTGRES_CERTS";

/// A fresh schema reached over TLS: the settings (without `sslmode`) and the folder of the
/// authorities; `None` when no TLS listener is named and none is required.
pub fn fresh_schema_over_tls() -> Option<(String, std::path::PathBuf)> {
    let (Ok(tls), Some(certs)) = (std::env::var(TLS_SERVER), std::env::var_os(TLS_AUTHORITIES))
    else {
        assert!(
            std::env::var_os(REQUIRED).is_none(),
            "{REQUIRED} is set but {TLS_SERVER} and {TLS_AUTHORITIES} name no TLS listener"
        );
        eprintln!("no TLS test listener ({TLS_SERVER} unset): the TLS half is skipped");
        return None;
    };
    // The schema is made over the plain socket; only its name is used here.
    let plain = fresh_schema()?;
    let options = plain.split(" options=").nth(1)?;
    Some((format!("{tls} options={options}"), certs.into()))
}

/// A role of the `needs_password` group (`tests/run` makes the server ask its members for a
/// password), owning the schema of `schema_settings` (from [`fresh_schema`]): the settings for
/// that role, without its password, and the password.
pub fn role_with_password(schema_settings: &str) -> (String, String) {
    let server = std::env::var(SERVER).unwrap_or_default();
    let schema = schema_settings
        .split("search_path=")
        .nth(1)
        .map(|s| s.trim_end_matches('\''))
        .unwrap_or_default()
        .to_string();
    let role = format!("counter_{schema}");
    let password = "Kassa 2 s'ecret".to_string();
    let mut admin = match postgres::Client::connect(&server, postgres::NoTls) {
        Ok(c) => c,
        Err(e) => panic!("the PostgreSQL test server ({server}) did not answer: {e}"),
    };
    let made = admin.batch_execute(&format!(
        "CREATE ROLE {role} LOGIN PASSWORD 'Kassa 2 s''ecret' IN ROLE needs_password;
         ALTER SCHEMA {schema} OWNER TO {role}"
    ));
    if let Err(e) = made {
        panic!("cannot make a role with a password on {server} (tests/run makes its group): {e}");
    }
    (format!("{schema_settings} user={role}"), password)
}
