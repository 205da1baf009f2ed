//! `parcel-desk label` run as a shop's script runs it: whether it succeeded, what it printed,
//! and what it said on standard error.

use std::process::Command;

/// Runs `parcel-desk label` with `args`: (succeeded, standard output, standard error).
pub(crate) fn cli(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parcel-desk"))
        .arg("label")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
