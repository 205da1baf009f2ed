//! A counter's file that cannot be written — a data folder made read-only, a file another
//! account owns, a medium mounted read-only — is still opened, to read. The journal stays in
//! view and nothing confirmed is hidden; every write is refused by SQLite itself ("readonly
//! database"), so an order is refused on this computer before anything is sent, and the status
//! bar says why ([`Store::read_only`]).

use super::{MIGRATIONS, Store, StoreError};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

impl Store {
    /// The file at `path` opened to read, after `why` kept it from being opened to write; `why`
    /// again when it cannot be read either (no file, another schema).
    pub(super) fn open_to_read(path: &Path, why: StoreError) -> Result<Store, StoreError> {
        if !path.is_file() {
            return Err(why);
        }
        let Ok(conn) = read_connection(path) else {
            return Err(why);
        };
        let version: i64 = match conn.pragma_query_value(None, "user_version", |r| r.get(0)) {
            Ok(v) => v,
            Err(_) => return Err(why),
        };
        if version != MIGRATIONS.len() as i64 {
            // An older file needs its schema brought up to date, which is a write.
            return Err(why);
        }
        tracing::warn!(
            "the database {} is opened to read only: {why}",
            path.display()
        );
        let mut store = Store::with(conn, None);
        store.read_only = Some(why.to_string());
        Ok(store)
    }

    /// Why this counter's records can be read but not written, when that is so.
    pub fn read_only(&self) -> Option<&str> {
        self.read_only.as_deref()
    }
}

/// A read-only connection. A write-ahead log left beside the file (a desk that stopped without
/// closing) is read with it; without one the file is opened as unchanging, since SQLite cannot
/// make the shared-memory index a write-ahead database needs in a folder it cannot write.
fn read_connection(path: &Path) -> rusqlite::Result<Connection> {
    let mut log = path.as_os_str().to_owned();
    log.push("-wal");
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI;
    if Path::new(&log).is_file() {
        return Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY);
    }
    Connection::open_with_flags(format!("file:{}?immutable=1", uri_path(path)), flags)
}

/// A path as what follows `file:` in an SQLite URI: `/tmp/a` stays, `C:\a` becomes `///C:/a` and
/// a share `\\server\a` becomes `////server/a` (an empty authority each time); the characters a
/// URI gives meaning to, and every byte beyond ASCII, are escaped.
fn uri_path(path: &Path) -> String {
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = {
        let text = path.to_string_lossy().replace('\\', "/");
        let text = match text.strip_prefix("//?/") {
            Some(rest) => match rest.strip_prefix("UNC/") {
                Some(share) => format!("//{share}"),
                None => rest.to_string(),
            },
            None => text,
        };
        let lead = if text.starts_with("//") { "//" } else { "///" };
        format!("{lead}{text}").into_bytes()
    };
    let mut out = String::new();
    for b in bytes {
        match b {
            b'%' | b'?' | b'#' | b' ' | 0x80.. | ..0x20 => out.push_str(&format!("%{b:02X}")),
            _ => out.push(b as char),
        }
    }
    out
}

/// Whether opening failed because this account may not write there (permissions, a read-only
/// medium): then the file is opened to read. A busy or damaged file is not that, and stays an
/// error.
pub(super) fn cannot_write(e: &StoreError) -> bool {
    use rusqlite::ErrorCode::{CannotOpen, PermissionDenied, ReadOnly};
    match e {
        StoreError::Folder { source, .. } => matches!(
            source.kind(),
            std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
        ),
        StoreError::Sql(rusqlite::Error::SqliteFailure(f, _)) => {
            matches!(f.code, ReadOnly | CannotOpen | PermissionDenied)
        }
        _ => false,
    }
}

/// Whether a store error is a write refused because the database is open to read only.
pub fn is_read_only(e: &StoreError) -> bool {
    match e {
        StoreError::ReadOnly(_) => true,
        StoreError::Sql(rusqlite::Error::SqliteFailure(f, _)) => {
            f.code == rusqlite::ErrorCode::ReadOnly
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ServiceKey;

    #[test]
    fn a_file_that_cannot_be_written_is_read_and_refuses_writes() {
        let svc = ServiceKey::new("twin:a|1");
        let (dir, path) = crate::test_file::left_by("read-only", "desk 100%?.sqlite", |s| {
            s.outbox_add(&svc, "K1", "{}", None, "clerk", 1)
                .expect("written");
            assert_eq!(s.read_only(), None);
        });
        let kept =
            Store::open_to_read(&path, StoreError::Shape("test".into())).expect("opened to read");
        assert_eq!(kept.read_only(), Some("database row: test"));
        assert!(kept.outbox_get(&svc, "K1").expect("read").is_some());
        let refused = kept
            .outbox_add(&svc, "K2", "{}", None, "clerk", 2)
            .expect_err("a write is refused");
        assert!(is_read_only(&refused), "{refused:?}");
        let absent = Store::open_to_read(&dir.join("none.sqlite"), StoreError::Shape("x".into()));
        assert!(absent.is_err(), "no file: the first error");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
