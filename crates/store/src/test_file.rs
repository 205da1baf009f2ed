//! A counter's file as a desk that ran before left it, for the tests that open one again.

use super::Store;
use std::path::PathBuf;

/// A fresh folder named after `folder` with the counter's file `file` in it, written by
/// `earlier` (a desk that ran and stopped): the folder, for the test to remove, and the file.
pub(crate) fn left_by(
    folder: &str,
    file: &str,
    earlier: impl FnOnce(&Store),
) -> (PathBuf, PathBuf) {
    let dir = testkit::fresh_dir(folder);
    let path = dir.join(file);
    earlier(&Store::open(&path).expect("a new file"));
    (dir, path)
}
