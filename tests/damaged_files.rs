//! Files that cannot rot silently: a counter's file damaged in one page, or cut short, is set
//! aside unchanged under a dated name when the desk opens, a working file takes its place with
//! what could be read back, and the clerk is told; a settings file cut short opens the window on
//! Settings with the old file kept beside it; the file is copied daily.

mod common;

use parcel_desk::desk::{Desk, DeskPaths};
use parcel_desk::store::{Store, StoreError};
use parcel_desk::ui::{DeskApp, ScreenId};
use std::path::{Path, PathBuf};

fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("parcel-desk-damaged-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}

/// A counter's file with `rows` orders in its journal, closed (its log folded in).
fn file_with_orders(path: &Path, rows: i64) {
    drop(Store::open(path).expect("a fresh file"));
    let mut conn = rusqlite::Connection::open(path).expect("the file");
    let tx = conn.transaction().expect("a transaction");
    for i in 0..rows {
        tx.execute(
            "INSERT INTO journal (service, order_id, barcode, wcs_code, created_at, receiver,
                 receiver_phone, city, status_id, status_name, cod, cost, record, updated_at)
             VALUES ('svc', ?1, ?2, ?3, ?4, 'Abdullayeva Gulnora Karimovna',
                 '+998 90 1234567', 'Samarqand shahar', 1, 'Joʻnatuvchida', NULL, 25000, '{}', ?4)",
            rusqlite::params![
                4_300_000 + i,
                format!("01991{:07}", 4_300_000 + i),
                format!("PD-{i}"),
                1_764_000_000 + i
            ],
        )
        .expect("a row");
    }
    tx.commit().expect("written");
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .expect("folded in");
}

/// The file set aside next to `path`, if any.
fn set_aside_beside(path: &Path) -> Option<PathBuf> {
    std::fs::read_dir(path.parent()?)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            name.contains(".damaged-") && !name.ends_with("-wal") && !name.ends_with("-shm")
        })
}

fn journal_rows(store: &Store) -> usize {
    store
        .journal(&parcel_desk::store::ServiceKey::new("svc"))
        .expect("the journal reads")
        .len()
}

#[test]
fn a_file_damaged_in_one_page_is_set_aside_unchanged_and_a_working_one_takes_its_place() {
    let dir = folder("page");
    let path = dir.join("desk.sqlite");
    file_with_orders(&path, 3000);
    // One page in the middle of the file filled with noise.
    let mut bytes = std::fs::read(&path).expect("the file");
    let page = 4096;
    let middle = (bytes.len() / page / 2) * page;
    for (i, b) in bytes[middle..middle + page].iter_mut().enumerate() {
        *b = (i * 131 % 251) as u8;
    }
    std::fs::write(&path, &bytes).expect("damaged");

    let store = Store::open(&path).expect("the counter opens all the same");
    let aside = store
        .set_aside()
        .expect("the damage is found and said")
        .clone();
    assert_eq!(
        std::fs::read(&aside.damaged).expect("kept"),
        bytes,
        "the damaged file is kept exactly as it was"
    );
    assert_eq!(set_aside_beside(&path), Some(aside.damaged.clone()));
    // What could be read came back (all of it when the noise hit an index, not the rows).
    let kept = journal_rows(&store);
    assert!(
        kept > 0 && aside.salvaged >= kept,
        "what could be read came back ({kept} of 3000, {} rows)",
        aside.salvaged
    );
    // The working file takes orders.
    let integrity: String = rusqlite::Connection::open(&path)
        .expect("the new file")
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("checked");
    assert_eq!(integrity, "ok");
    drop(store);
    // Opened again, it is sound: nothing more is set aside.
    let again = Store::open(&path).expect("opens");
    assert!(again.set_aside().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_cut_short_is_set_aside_and_a_fresh_one_opened() {
    let dir = folder("cut");
    let path = dir.join("desk.sqlite");
    file_with_orders(&path, 500);
    let bytes = std::fs::read(&path).expect("the file");
    let half = bytes[..bytes.len() / 2].to_vec();
    std::fs::write(&path, &half).expect("cut");
    let store = Store::open(&path).expect("the counter opens all the same");
    let aside = store.set_aside().expect("said").clone();
    assert_eq!(std::fs::read(&aside.damaged).expect("kept"), half);
    assert!(journal_rows(&store) < 500);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_file_is_copied_once_a_day_and_the_copy_reads() {
    let dir = folder("copy");
    let path = dir.join("desk.sqlite");
    file_with_orders(&path, 50);
    let store = Store::open(&path).expect("opens");
    let backups = dir.join("backups");
    let made = store
        .daily_copy(&backups)
        .expect("copied")
        .expect("today's copy");
    assert!(
        store.daily_copy(&backups).expect("looked").is_none(),
        "once a day"
    );
    let copy = Store::open(&made).expect("the copy opens");
    assert_eq!(journal_rows(&copy), 50);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&made)
            .expect("there")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the user's only");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_settings_file_cut_short_opens_the_window_on_settings_with_the_old_file_kept() {
    let dir = folder("settings");
    let paths = DeskPaths {
        config_dir: dir.join("config"),
        data_dir: dir.join("data"),
    };
    std::fs::create_dir_all(&paths.config_dir).expect("a folder");
    let cut = "language = \"ru\"\n[service]\nlegacy = \"https://a.uz/ind";
    let file = paths.config_dir.join("settings.toml");
    std::fs::write(&file, cut).expect("written");
    let rt = common::runtime();
    let desk = Desk::start(rt.handle().clone(), paths.clone()).expect("the desk starts");
    let aside = desk
        .settings_set_aside()
        .expect("the problem is said")
        .clone();
    let kept = aside.kept_as.expect("the old file is kept");
    assert_eq!(std::fs::read_to_string(&kept).expect("beside"), cut);
    assert!(kept.starts_with(&paths.config_dir));
    let app = DeskApp::new(desk);
    assert_eq!(
        app.screen(),
        ScreenId::Settings,
        "the window opens where it is mended"
    );
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damage_check_never_takes_a_sound_file_for_a_damaged_one() {
    let dir = folder("sound");
    let path = dir.join("desk.sqlite");
    file_with_orders(&path, 200);
    let store = Store::open(&path).expect("opens");
    assert!(store.set_aside().is_none());
    assert_eq!(journal_rows(&store), 200);
    assert!(!matches!(
        Store::open(&dir.join("missing/desk.sqlite")),
        Err(StoreError::Sql(_))
    ));
    let _ = std::fs::remove_dir_all(&dir);
}
