//! The workspace is the architecture: `docs/architecture.md` names every member (and no member
//! that is gone), and the clerk's logic and the twin build without a window toolkit. Read from
//! `cargo metadata` and `cargo tree`, so a new crate or a wrong dependency fails here, not in a review.

use serde_json::Value;
use std::collections::BTreeSet;

fn cargo(args: &[&str]) -> Vec<u8> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(args)
        .args(["--offline", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn metadata() -> Value {
    let out = cargo(&["metadata", "--format-version", "1", "--no-deps"]);
    serde_json::from_slice(&out).expect("cargo metadata prints JSON")
}

fn members(meta: &Value) -> BTreeSet<String> {
    let ids: BTreeSet<&str> = meta["workspace_members"]
        .as_array()
        .expect("workspace_members")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .filter(|p| p["id"].as_str().is_some_and(|id| ids.contains(id)))
        .filter_map(|p| p["name"].as_str().map(str::to_string))
        .collect()
}

/// The first column of the crates table: each row reads "| `name` | `folder` | ...".
fn documented() -> BTreeSet<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/architecture.md");
    let text = std::fs::read_to_string(path).expect("docs/architecture.md");
    let table = text
        .split("## The crates")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a section \"The crates\"");
    table
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split('`').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_architecture_page_names_every_member_of_the_workspace() {
    let meta = metadata();
    assert_eq!(
        documented(),
        members(&meta),
        "docs/architecture.md's crates table and the workspace's members"
    );
}

/// The package names `root` builds for this machine by normal (not dev, not build) dependencies.
fn reached(root: &str) -> BTreeSet<String> {
    let out = cargo(&["tree", "-e", "normal", "-p", root, "--prefix", "none"]);
    String::from_utf8_lossy(&out)
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_clerks_logic_and_the_twin_build_no_window_toolkit() {
    for root in ["desk", "twin", "api", "store", "label"] {
        let toolkit: Vec<_> = reached(root)
            .into_iter()
            .filter(|n| n.starts_with("egui") || n == "eframe" || n.starts_with("winit"))
            .collect();
        assert!(toolkit.is_empty(), "{root} builds {toolkit:?}");
    }
    // The check can fail: the app itself does build egui.
    assert!(reached("parcel-desk").contains("egui"));
}
