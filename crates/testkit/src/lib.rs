//! A crate of its own, used only as a dev-dependency, so each crate's unit tests share it without
//! shipping it.
//!
//! What the unit tests of several modules share: a check of a yes/no rule against inputs it must
//! take and inputs it must refuse (naming the input that went the wrong way), and a fresh folder.

/// Asserts that `rule` takes every input of `taken` and refuses every one of `refused`.
pub fn sorts(rule: impl Fn(&str) -> bool, taken: &[&str], refused: &[&str]) {
    for input in taken {
        assert!(rule(input), "{input:?} should be taken");
    }
    for input in refused {
        assert!(!rule(input), "{input:?} should be refused");
    }
}

/// An empty folder of this test run's own under the system's temporary folder (emptied first,
/// should an earlier run have left it).
pub fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("parcel-desk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("cannot make {}: {e}", dir.display());
    }
    dir
}
