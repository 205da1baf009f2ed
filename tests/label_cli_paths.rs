//! `parcel-desk label --out PATH` leaves PATH what it was: a named pipe is written into (what it
//! carries is the label), a character device stays a device (`--out /dev/usb/lp0`, the path the
//! clerk's guide names for a receipt printer, was turned into a regular file), a symbolic link
//! stays a link and its target gets the document, and a regular file is replaced whole and
//! readable by the user only. Labels and receipts alike.

#![cfg(unix)]

mod common;

use common::label_cli::cli;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::PathBuf;

/// The command's arguments for a label (or, with `receipt`, a receipt) into `out`.
fn args<'a>(record: &'a str, out: &'a str, receipt: bool) -> Vec<&'a str> {
    let mut args = vec!["--order", record, "--format", "pdf", "--out", out];
    if receipt {
        args.extend(["--receipt", "58"]);
    }
    args
}

fn run(c: &str) {
    let status = std::process::Command::new("sh")
        .args(["-c", c])
        .status()
        .expect("sh runs");
    assert!(status.success(), "{c}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_output_path_stays_what_it_was() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("label-cli-paths");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let (record, _) = common::label_cli::twin_record(&dir).await;
    let record = record.to_str().unwrap_or_default().to_string();
    for receipt in [false, true] {
        let kind = if receipt { "receipt" } else { "label" };

        // A named pipe: read while the command writes into it.
        let pipe = dir.join(format!("{kind}.fifo"));
        let _ = std::fs::remove_file(&pipe);
        run(&format!("mkfifo '{}'", pipe.display()));
        let reader = {
            let pipe = pipe.clone();
            std::thread::spawn(move || std::fs::read(&pipe).expect("the pipe read"))
        };
        let out = pipe.display().to_string();
        let (ok, _, err) = tokio::task::spawn_blocking({
            let (record, out) = (record.clone(), out.clone());
            move || cli(&args(&record, &out, receipt))
        })
        .await
        .expect("ran");
        assert!(ok, "{kind} into a pipe: {err}");
        let carried = reader.join().expect("the reader");
        assert!(
            carried.starts_with(b"%PDF"),
            "{kind}: the pipe carried the document"
        );
        let meta = std::fs::symlink_metadata(&pipe).expect("still there");
        assert!(meta.file_type().is_fifo(), "{kind}: still a pipe");

        // A character device made for the test (the same as /dev/null: it swallows the bytes).
        let device = dir.join(format!("{kind}-lp0"));
        let _ = std::fs::remove_file(&device);
        run(&format!("mknod '{}' c 1 3", device.display()));
        let out = device.display().to_string();
        let (ok, _, err) = cli(&args(&record, &out, receipt));
        assert!(ok, "{kind} into a device: {err}");
        let meta = std::fs::symlink_metadata(&device).expect("still there");
        assert!(meta.file_type().is_char_device(), "{kind}: still a device");

        // A symbolic link to a file: the link stays, the file gets the document, private.
        let file = dir.join(format!("{kind}-target.pdf"));
        std::fs::write(&file, b"before").expect("written");
        let link = dir.join(format!("{kind}-latest.pdf"));
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&file, &link).expect("a link");
        let out = link.display().to_string();
        let (ok, _, err) = cli(&args(&record, &out, receipt));
        assert!(ok, "{kind} through a link: {err}");
        let meta = std::fs::symlink_metadata(&link).expect("still there");
        assert!(meta.file_type().is_symlink(), "{kind}: still a link");
        let written = std::fs::read(&file).expect("the target");
        assert!(
            written.starts_with(b"%PDF"),
            "{kind}: the target has the document"
        );
        let mode = std::fs::metadata(&file).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{kind}: readable by the user only");
    }
}
