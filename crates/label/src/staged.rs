//! The label command's files appear together or not at all. A run that fails part way (a full
//! disk, a page whose name a folder already has) must not leave some pages behind that a script
//! would take for the whole job: every file is written under a temporary name beside its target,
//! and they are renamed into place only once all of them were written.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes every `(target, bytes)`, all or none; on failure no target and no temporary is left
/// (a target that existed before may be gone if the failure came while renaming), and the error
/// names the file that could not be written.
pub(crate) fn write_all(files: &[(PathBuf, &[u8])]) -> Result<(), String> {
    let mut temporaries: Vec<PathBuf> = Vec::new();
    for (target, bytes) in files {
        match write_beside(target, bytes) {
            Ok(temporary) => temporaries.push(temporary),
            Err(e) => {
                remove(&temporaries);
                return Err(format!("cannot write {}: {e}", target.display()));
            }
        }
    }
    let mut placed: Vec<PathBuf> = Vec::new();
    for ((target, _), temporary) in files.iter().zip(&temporaries) {
        if let Err(e) = std::fs::rename(temporary, target) {
            remove(&placed);
            remove(&temporaries);
            return Err(format!("cannot write {}: {e}", target.display()));
        }
        placed.push(target.clone());
    }
    Ok(())
}

/// Writes `bytes` to a new file beside `target`; returns its path. A folder at the target is an
/// error here, before anything is renamed.
fn write_beside(target: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
    if target.is_dir() {
        return Err(std::io::Error::other("a folder of that name is in the way"));
    }
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "label".into());
    let temporary = target.with_file_name(format!(".{name}.{}.part", std::process::id()));
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    match written {
        Ok(()) => Ok(temporary),
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            Err(e)
        }
    }
}

fn remove(paths: &[PathBuf]) {
    for path in paths {
        let _ = std::fs::remove_file(path);
    }
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
