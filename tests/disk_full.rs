//! A desk whose disk fills up keeps running and loses nothing it confirmed: a child desk (this
//! test binary, started again in the child's role) creates an order; then no file of its may
//! grow any more (the system's file-size limit, as a full disk answers); the next order is
//! refused on this computer with nothing sent, the first is still in the journal, and once there
//! is room again the same desk creates orders as before.

#![cfg(target_os = "linux")]

mod common;

use common::*;
use parcel_desk::desk::Desk;
use parcel_desk::desk::domestic::orders::CreateResult;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

const ROLE: &str = "PARCEL_DESK_FULL_CHILD";
const FOLDER: &str = "PARCEL_DESK_FULL_FOLDER";

/// Says one line to the parent (a pipe: no file grows) and waits for its answer.
fn say(line: &str, answers: &mut impl BufRead) {
    println!("{line}");
    let mut answer = String::new();
    answers.read_line(&mut answer).expect("the parent answers");
}

/// The child's part: one order with room on the disk, one without, one with room again.
fn child(dir: PathBuf) -> ! {
    let rt = runtime();
    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("the child desk");
    log_in_demo(&mut desk);
    let first = create_to(&desk, "Birinchi Aziz");
    assert!(matches!(first, CreateResult::Created(_)), "{first:?}");
    let mut answers = BufReader::new(std::io::stdin());
    say("full?", &mut answers);
    let refused = create_to(&desk, "Ikkinchi Bobur");
    let told = match &refused {
        CreateResult::Local(why) => why.to_string(),
        other => panic!("not refused on this computer: {other:?}"),
    };
    let journal = wait(desk.load_journal()).expect("the journal is still read");
    assert_eq!(journal.len(), 1, "the confirmed order is still there");
    say(&format!("refused: {told}"), &mut answers);
    let again = create_to(&desk, "Uchinchi Sardor");
    assert!(matches!(again, CreateResult::Created(_)), "{again:?}");
    println!("done");
    std::process::exit(0);
}

/// Why this machine cannot play a full disk, if it cannot: the limit is set and lifted with
/// util-linux's `prlimit`, and lifting it needs a hard limit that is unlimited.
fn cannot_limit() -> Option<String> {
    if Command::new("prlimit").arg("--version").output().is_err() {
        return Some("prlimit (util-linux) is not installed".into());
    }
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let size = limits.lines().find(|l| l.starts_with("Max file size"))?;
    let hard = size.split_whitespace().nth(4).unwrap_or("");
    (hard != "unlimited").then(|| format!("the hard file-size limit is {hard}"))
}

#[test]
fn a_full_disk_refuses_the_next_order_and_keeps_the_ones_confirmed() {
    const NAME: &str = "a_full_disk_refuses_the_next_order_and_keeps_the_ones_confirmed";
    if std::env::var_os(ROLE).is_some() {
        child(std::env::var_os(FOLDER).map(PathBuf::from).expect("folder"));
    }
    if let Some(why) = cannot_limit() {
        eprintln!("not run here: {why}");
        return;
    }
    let rt = runtime();
    let twin = rt.block_on(twin());
    let dir = std::env::temp_dir().join(format!("parcel-desk-full-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    save_service_settings(&twin, &desk_paths(&dir).config_dir);
    // A write past the limit fails with "file too large" instead of stopping the process with
    // SIGXFSZ: the shell ignores that signal and the test binary inherits it.
    let mut child = Command::new("sh")
        .args(["-c", "trap '' XFSZ; exec \"$0\" \"$@\""])
        .arg(std::env::current_exe().expect("this test binary"))
        .args(["--exact", NAME, "--nocapture", "--test-threads=1"])
        .env(ROLE, "1")
        .env(FOLDER, &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the child starts");
    let pid = child.id().to_string();
    let mut to_child = child.stdin.take().expect("stdin");
    let mut from_child = BufReader::new(child.stdout.take().expect("stdout"));
    let mut next = || -> String {
        loop {
            let mut line = String::new();
            let read = from_child.read_line(&mut line).expect("the child's output");
            assert!(read > 0, "the child stopped before it was done");
            // The test harness prints its own words too, and the test's name on the same line.
            if let Some(at) = ["full?", "refused:", "done"]
                .iter()
                .filter_map(|w| line.find(w))
                .min()
            {
                return line[at..].trim().to_string();
            }
        }
    };
    // The soft limit only: raising a hard limit again takes a privilege a container may lack.
    let limit = |size: &str| {
        let ok = Command::new("prlimit")
            .args(["--pid", &pid, &format!("--fsize={size}:")])
            .status()
            .expect("prlimit (util-linux) runs");
        assert!(ok.success(), "the file-size limit is set");
    };

    assert_eq!(next(), "full?");
    limit("0");
    writeln!(to_child, "go").expect("to the child");
    let refused = next();
    assert!(refused.starts_with("refused:"), "{refused}");
    assert_eq!(
        twin.order_count(),
        1,
        "nothing was sent that is not on record"
    );
    limit("unlimited");
    writeln!(to_child, "go").expect("to the child");
    assert_eq!(next(), "done");
    assert!(child.wait().expect("the child ends").success());
    assert_eq!(twin.order_count(), 2);

    let mut desk = Desk::start(rt.handle().clone(), desk_paths(&dir)).expect("the desk again");
    log_in_demo(&mut desk);
    assert_eq!(
        journal_receivers(&desk),
        ["Birinchi Aziz", "Uchinchi Sardor"]
    );
    rt.block_on(twin.stop());
    let _ = std::fs::remove_dir_all(&dir);
}
