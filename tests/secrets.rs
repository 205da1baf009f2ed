//! No secret stays behind: after a whole session against a configured service (log in to all
//! three interfaces, create an order, print its label, save it as PDF, close the day, log out),
//! neither the password nor any token the service issued is found in any file of the desk's
//! settings and data folders (database and its write-ahead log included) or in its log.

mod common;

use common::printer::stand_in;
use common::ui::Env;
use common::*;
use parcel_desk::desk::domestic::orders::CreateResult;
use parcel_desk::desk::{Credentials, Desk};
use parcel_desk::label::print::{Printer, Spooler};
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// The log as the desk writes it, kept in memory.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl Write for Log {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every file under `dir`, with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(bytes) = std::fs::read(&p) {
                out.push((p.display().to_string(), bytes));
            }
        }
    }
    out
}

fn holds(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[test]
fn a_whole_session_leaves_no_password_or_token_on_disk_or_in_the_log() {
    let log = Log::default();
    let writer = log.clone();
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .init();
    let env = Env::new("secrets");
    let twin = env.rt.block_on(twin());
    save_service_settings(&twin, &env.paths().config_dir);
    let mut desk: Desk = env.desk();
    let bin = env.dir.join("bin");
    let lp = stand_in(&env, "lp", &format!("cat > '{}/printed'\n", bin.display()));
    desk.set_spooler(Spooler {
        lp,
        ..Spooler::default()
    });
    set_printing(&mut desk, |p| {
        p.printer = Some(Printer::SystemPdf {
            queue: "Counter".into(),
        })
    });
    log_in_demo(&mut desk);
    let password = Credentials::demo().password;
    let row = match wait(desk.create_order(legacy_order()).expect("orders")) {
        CreateResult::Created(row) => row,
        other => panic!("not created: {other:?}"),
    };
    let (_, printed) = desk
        .print_labels(vec![row.order_id], None)
        .expect("printing");
    assert!(wait(printed).is_empty(), "printed");
    let saved = env.dir.join("data").join("label.pdf");
    wait(
        desk.save_labels(vec![row.order_id], saved.clone())
            .expect("printing"),
    )
    .expect("saved");
    let day = parcel_desk::store::counter_day(row.created_at);
    wait(desk.close_day(day, "").expect("a session")).expect("closed");
    let tokens: Vec<String> = serde_json::from_value(
        env.rt
            .block_on(get_json(format!("{}/sandbox/tokens", control(&twin)))),
    )
    .expect("the twin's tokens");
    assert!(tokens.len() >= 3, "a token for each interface: {tokens:?}");
    desk.logout();
    drop(desk);

    let on_disk = files(&env.dir);
    assert!(
        on_disk.iter().any(|(p, _)| p.ends_with("settings.toml")) && saved.exists(),
        "the session wrote its files: {:?}",
        on_disk.iter().map(|(p, _)| p).collect::<Vec<_>>()
    );
    let logged = log.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
    assert!(!logged.is_empty(), "the desk logged");
    let mut found = Vec::new();
    for secret in std::iter::once(&password).chain(&tokens) {
        for (path, bytes) in &on_disk {
            if holds(bytes, secret) {
                found.push(format!("{path} holds {secret}"));
            }
        }
        if holds(&logged, secret) {
            found.push(format!("the log holds {secret}"));
        }
    }
    assert!(found.is_empty(), "{found:#?}");
    env.rt.block_on(twin.stop());
}
