//! A counter's file that cannot rot silently. On opening it is checked (SQLite's quick check,
//! bounded in time); a damaged one, or one that is no database at all, is set aside under a
//! dated name and never written to again, a fresh file takes its place, and every row that can
//! still be read from the damaged one is copied into it (from a throw-away copy, so the file set
//! aside stays exactly as it was found). The clerk is told ([`SetAside`]). And the file is copied
//! daily with SQLite's online backup, a few days kept, so a dead disk sector costs at most a
//! day's local notes.

use super::StoreError;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long the check on opening may take before it is left unfinished (the file is then
/// taken as it is: a counter must open).
const CHECK_TIME: Duration = Duration::from_secs(3);

/// How many daily copies are kept.
const BACKUPS_KEPT: usize = 3;

/// A damaged file found on opening and set aside.
#[derive(Debug, Clone, PartialEq)]
pub struct SetAside {
    /// Where the damaged file is now, unchanged.
    pub damaged: PathBuf,
    /// Rows read from it into the fresh file.
    pub salvaged: usize,
    /// What SQLite said of it.
    pub why: String,
}

/// Whether an error opening a file says the file is damaged (or no database at all).
pub(super) fn is_damage(e: &StoreError) -> bool {
    use rusqlite::ErrorCode::{DatabaseCorrupt, NotADatabase};
    matches!(e, StoreError::Sql(rusqlite::Error::SqliteFailure(f, _))
        if matches!(f.code, DatabaseCorrupt | NotADatabase))
}

/// The file's own verdict on itself, within [`CHECK_TIME`]: `Err` with SQLite's words when it is
/// damaged; `Ok` when it is sound or the check could not finish in time.
pub(super) fn check(conn: &Connection) -> Result<(), String> {
    let started = Instant::now();
    conn.progress_handler(10_000, Some(move || started.elapsed() > CHECK_TIME));
    let verdict: Result<Vec<String>, rusqlite::Error> = conn
        .prepare("PRAGMA quick_check")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect());
    conn.progress_handler(0, None::<fn() -> bool>);
    match verdict {
        Ok(lines) if lines.len() == 1 && lines[0] == "ok" => Ok(()),
        Ok(lines) => Err(lines.join("; ")),
        // Interrupted: not known to be damaged.
        Err(rusqlite::Error::SqliteFailure(f, _))
            if f.code == rusqlite::ErrorCode::OperationInterrupted =>
        {
            tracing::warn!("the check of this counter's file did not finish in time");
            Ok(())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// `path` with `suffix` added to its file name.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// Moves the damaged file (and its write-ahead log) aside under a dated name; where it went.
pub(super) fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let stamp = chrono::Local::now().format("%Y-%m-%d-%H%M%S");
    let aside = beside(path, &format!(".damaged-{stamp}"));
    std::fs::rename(path, &aside)?;
    for log in ["-wal", "-shm"] {
        let from = beside(path, log);
        if from.exists() {
            std::fs::rename(&from, beside(&aside, log))?;
        }
    }
    Ok(aside)
}

/// The tables a counter's file holds, in the order their rows are copied.
const TABLES: &[&str] = &[
    "journal",
    "status_history",
    "outbox",
    "drafts",
    "directory_cache",
    "print_log",
    "parcels",
    "manifests",
    "notifications",
    "closed_days",
    "brought_to_shop",
    "people",
    "people_learned",
];

/// Copies every row that can be read from the damaged file at `damaged` into `into` (a fresh
/// file of the current schema), through a throw-away copy; how many rows came over. A table
/// read stops at its first unreadable row; rows already in `into` are kept.
pub(super) fn salvage(damaged: &Path, into: &Connection) -> usize {
    let copy = beside(damaged, ".salvage");
    let copied = std::fs::copy(damaged, &copy).is_ok();
    // Its write-ahead log too: the last writes may be there still.
    let log = beside(damaged, "-wal");
    if copied && log.exists() {
        let _ = std::fs::copy(&log, beside(&copy, "-wal"));
    }
    let mut rows = 0;
    if copied && let Ok(from) = Connection::open(&copy) {
        for table in TABLES {
            rows += salvage_table(&from, into, table);
        }
    }
    for file in [beside(&copy, "-wal"), beside(&copy, "-shm"), copy] {
        let _ = std::fs::remove_file(file);
    }
    rows
}

/// The columns a table has in a file.
fn columns(conn: &Connection, table: &str) -> Vec<String> {
    let Ok(mut s) = conn.prepare(&format!("PRAGMA table_info({table})")) else {
        return Vec::new();
    };
    s.query_map([], |r| r.get::<_, String>(1))
        .map(|rows| rows.flatten().collect())
        .unwrap_or_default()
}

fn salvage_table(from: &Connection, into: &Connection, table: &str) -> usize {
    // The columns both files know (an older file lacks the later ones; they take defaults).
    let theirs = columns(from, table);
    let shared: Vec<String> = columns(into, table)
        .into_iter()
        .filter(|c| theirs.contains(c))
        .collect();
    if shared.is_empty() {
        return 0;
    }
    let list = shared.join(", ");
    let marks = (1..=shared.len())
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let Ok(mut read) = from.prepare(&format!("SELECT {list} FROM {table}")) else {
        return 0;
    };
    let Ok(mut write) = into.prepare(&format!(
        "INSERT OR IGNORE INTO {table} ({list}) VALUES ({marks})"
    )) else {
        return 0;
    };
    let Ok(mut rows) = read.query([]) else {
        return 0;
    };
    let mut copied = 0;
    loop {
        let row = match rows.next() {
            Ok(Some(row)) => row,
            // The end, or the damage: what came before it is kept.
            Ok(None) | Err(_) => break,
        };
        let values: Result<Vec<rusqlite::types::Value>, _> =
            (0..shared.len()).map(|i| row.get(i)).collect();
        let Ok(values) = values else { break };
        if write
            .execute(rusqlite::params_from_iter(values.iter()))
            .is_ok_and(|n| n > 0)
        {
            copied += 1;
        }
    }
    copied
}

/// Copies the counter's file to `folder/desk-YYYY-MM-DD.sqlite` with SQLite's online backup
/// (whole and consistent while the desk goes on using it), once a day; keeps the newest few.
/// The copy made, or `None` when today's is already there.
pub(super) fn daily_copy(conn: &Connection, folder: &Path) -> Result<Option<PathBuf>, StoreError> {
    let folder_error = |source| StoreError::Folder {
        path: folder.display().to_string(),
        source,
    };
    files::create_dir(folder).map_err(folder_error)?;
    let today = chrono::Local::now().format("%Y-%m-%d");
    let target = folder.join(format!("desk-{today}.sqlite"));
    if target.exists() {
        return Ok(None);
    }
    let partial = beside(&target, ".partial");
    files::ensure_file(&partial).map_err(folder_error)?;
    {
        let mut copy = Connection::open(&partial)?;
        let backup = rusqlite::backup::Backup::new(conn, &mut copy)?;
        backup.run_to_completion(256, Duration::from_millis(5), None)?;
    }
    std::fs::rename(&partial, &target).map_err(folder_error)?;
    // The oldest go; names sort by their dates.
    let mut copies: Vec<PathBuf> = std::fs::read_dir(folder)
        .map_err(folder_error)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with("desk-") && name.ends_with(".sqlite")
        })
        .collect();
    copies.sort();
    let excess = copies.len().saturating_sub(BACKUPS_KEPT);
    for old in copies.into_iter().take(excess) {
        let _ = std::fs::remove_file(old);
    }
    Ok(Some(target))
}
