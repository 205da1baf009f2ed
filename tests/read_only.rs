//! A desk started on a data folder it cannot write keeps running, shows what was confirmed and
//! takes no order it could not keep: a first desk confirms an order; the folder is made
//! read-only (and, where the test runs as root, which writes anywhere, the child desk runs as
//! the unprivileged `nobody`, the folder its own); the child desk says so in its status, reads
//! the journal, and refuses the next order on this computer with nothing sent. Writable again,
//! the folder holds the first order and takes new ones.

#![cfg(target_os = "linux")]

mod common;

use common::*;
use parcel_desk::desk::domestic::orders::CreateResult;
use parcel_desk::desk::{Desk, DeskError, StoreTrouble};
use parcel_desk::store::is_read_only;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROLE: &str = "PARCEL_DESK_READ_ONLY_CHILD";
const FOLDER: &str = "PARCEL_DESK_READ_ONLY_FOLDER";
const NAME: &str = "a_read_only_data_folder_is_read_and_takes_no_order";
const NOBODY: &str = "65534";

/// The child's part, on the read-only folder.
fn child(dir: PathBuf) -> ! {
    let rt = runtime();
    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("the desk starts");
    let trouble = desk.store_trouble();
    assert!(
        matches!(trouble, Some(StoreTrouble::ReadOnly(_))),
        "the status says the folder is read-only: {trouble:?}"
    );
    log_in_demo(&mut desk);
    assert_eq!(
        journal_receivers(&desk),
        ["Birinchi Aziz"],
        "what was confirmed shows"
    );
    match create_to(&desk, "Ikkinchi Bobur") {
        CreateResult::Local(why) => assert!(
            matches!(&*why, DeskError::Store(e) if is_read_only(e)),
            "refused as unwritable: {why:?}"
        ),
        other => panic!("not refused on this computer: {other:?}"),
    }
    assert_eq!(journal_receivers(&desk), ["Birinchi Aziz"]);
    println!("child done");
    std::process::exit(0);
}

/// Every file and folder below `dir` set to `file` and `folder` modes (and owned by `owner`).
fn set_modes(dir: &Path, folder: u32, file: u32, owner: Option<&str>) {
    if let Some(owner) = owner {
        let ok = Command::new("chown")
            .args(["-R", &format!("{owner}:{owner}")])
            .arg(dir)
            .status()
            .expect("chown runs");
        assert!(ok.success());
    }
    for entry in walk(dir) {
        use std::os::unix::fs::PermissionsExt;
        let mode = if entry.is_dir() { folder } else { file };
        std::fs::set_permissions(&entry, std::fs::Permissions::from_mode(mode)).expect("modes set");
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut all = vec![dir.to_path_buf()];
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                all.extend(walk(&p));
            } else {
                all.push(p);
            }
        }
    }
    all
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(2) == Some("0"))
}

#[test]
fn a_read_only_data_folder_is_read_and_takes_no_order() {
    if std::env::var_os(ROLE).is_some() {
        child(std::env::var_os(FOLDER).map(PathBuf::from).expect("folder"));
    }
    let root = is_root();
    let me = std::env::current_exe().expect("this test binary");
    if root {
        // As nobody the child must still reach this binary (not under a private home folder).
        let reach = Command::new("setpriv")
            .args([
                &format!("--reuid={NOBODY}"),
                &format!("--regid={NOBODY}"),
                "--clear-groups",
                "test",
                "-x",
            ])
            .arg(&me)
            .status();
        match reach {
            Err(_) => {
                eprintln!("not run here: as root the child needs setpriv (util-linux)");
                return;
            }
            Ok(s) if !s.success() => {
                eprintln!("not run here: nobody cannot reach {}", me.display());
                return;
            }
            Ok(_) => {}
        }
    }
    let rt = runtime();
    let twin = rt.block_on(twin());
    let dir = std::env::temp_dir().join(format!("parcel-desk-read-only-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    save_service_settings(&twin, &desk_paths(&dir).config_dir);
    {
        // The first desk on a runtime of its own, so its database is closed when it ends.
        let own = runtime();
        let mut desk = Desk::start(own.handle().clone(), desk_paths(&dir)).expect("the first desk");
        log_in_demo(&mut desk);
        let first = create_to(&desk, "Birinchi Aziz");
        assert!(matches!(first, CreateResult::Created(_)), "{first:?}");
        drop(desk);
        drop(own);
    }
    let data = desk_paths(&dir).data_dir;
    let owner = root.then_some(NOBODY);
    set_modes(&dir, 0o700, 0o600, owner);
    set_modes(&data, 0o500, 0o400, owner);

    let mut command = if root {
        let mut c = Command::new("setpriv");
        c.args([
            &format!("--reuid={NOBODY}"),
            &format!("--regid={NOBODY}"),
            "--clear-groups",
        ])
        .arg(&me);
        c
    } else {
        Command::new(&me)
    };
    let out = command
        .args(["--exact", NAME, "--nocapture", "--test-threads=1"])
        .env(ROLE, "1")
        .env(FOLDER, &dir)
        .env("HOME", &dir)
        .output()
        .expect("the child starts");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains("child done"),
        "the child desk:\n{said}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        twin.order_count(),
        1,
        "nothing was sent that is not on record"
    );

    set_modes(&data, 0o700, 0o600, root.then_some("0"));
    set_modes(&dir, 0o700, 0o600, None);
    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("the desk again");
    assert_eq!(desk.store_trouble(), None);
    log_in_demo(&mut desk);
    let again = create_to(&desk, "Uchinchi Sardor");
    assert!(matches!(again, CreateResult::Created(_)), "{again:?}");
    assert_eq!(
        journal_receivers(&desk),
        ["Birinchi Aziz", "Uchinchi Sardor"]
    );
    rt.block_on(twin.stop());
    let _ = std::fs::remove_dir_all(&dir);
}
