//! The label command's files appear together or not at all, and stay what they are: written as
//! `files::write_documents` writes (a regular file whole or not at all, readable by the user
//! only; a device, a named pipe or standard output written into, never replaced; a symbolic link
//! followed).

use std::path::{Path, PathBuf};

/// Writes every `(target, bytes)`, all or none; the error names the file that could not be
/// written.
pub(crate) fn write_all(files: &[(PathBuf, &[u8])]) -> Result<(), String> {
    files::write_documents(files).map_err(|e| e.to_string())
}

/// `labels.png` → `labels-2.png`.
pub(crate) fn numbered(path: &Path, n: usize) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "label".into());
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    path.with_file_name(format!("{stem}-{n}{ext}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("staged-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("listed")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn all_files_appear_when_all_were_written() {
        let dir = folder("all");
        let files = [
            (dir.join("a.png"), &b"one"[..]),
            (dir.join("b.png"), &b"two"[..]),
        ];
        write_all(&files).expect("written");
        assert_eq!(names(&dir), ["a.png", "b.png"]);
        assert_eq!(std::fs::read(dir.join("b.png")).expect("read"), b"two");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn one_file_that_cannot_be_written_leaves_nothing() {
        let dir = folder("none");
        std::fs::create_dir(dir.join("b.png")).expect("in the way");
        let files = [
            (dir.join("a.png"), &b"one"[..]),
            (dir.join("b.png"), &b"two"[..]),
            (dir.join("c.png"), &b"three"[..]),
        ];
        let e = write_all(&files).expect_err("refused");
        assert!(e.contains("b.png"), "{e}");
        assert_eq!(names(&dir), ["b.png"], "only the folder that was there");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
