//! Documents written where the user named them, without breaking what is there: a path that is a
//! device, a named pipe or standard output is written into (a receipt printer at `/dev/usb/lp0`
//! stays a printer); a symbolic link is followed and its target written; a regular file is
//! written whole or not at all (a temporary beside it, renamed over it), readable by the user
//! only. Several files are placed together or none: a run that fails part way leaves no page
//! behind that a script would take for the whole job.

use std::io::Write;
use std::path::{Path, PathBuf};

/// How many symbolic links in a row are followed before the path is taken as it is.
const LINKS: usize = 40;

/// What a target path is on disk, once its links are followed.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Target {
    /// A regular file, or nothing yet: written whole beside it and renamed over it.
    File(PathBuf),
    /// A device, a pipe, a socket: written into as it is.
    Special(PathBuf),
}

/// The path `path` leads to, its symbolic links followed (a dangling link leads to where it
/// points, to be created there).
fn resolve(path: &Path) -> PathBuf {
    let mut at = path.to_path_buf();
    for _ in 0..LINKS {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => match std::fs::read_link(&at) {
                Ok(to) if to.is_absolute() => at = to,
                Ok(to) => {
                    let base = at.parent().map(Path::to_path_buf).unwrap_or_default();
                    at = base.join(to);
                }
                Err(_) => return at,
            },
            _ => return at,
        }
    }
    at
}

/// Where `path` leads and what is there.
fn target(path: &Path) -> std::io::Result<Target> {
    // Standard output and the like are links into the process's own files; what they lead to
    // is asked of the system (following every link), not spelt out.
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            Err(std::io::Error::other("a folder of that name is in the way"))
        }
        Ok(meta) if !meta.is_file() => Ok(Target::Special(path.to_path_buf())),
        _ => Ok(Target::File(resolve(path))),
    }
}

/// A new private file beside `target` holding `bytes`, synced; its path.
fn beside(target: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "document".into());
    let temporary = target.with_file_name(format!(".{name}.{}.part", std::process::id()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let written = options.open(&temporary).and_then(|mut file| {
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

/// Writes into what is at `path` as it is (a device, a pipe): nothing is created or replaced.
fn into(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

/// A file that could not be written, and why.
#[derive(Debug)]
pub struct NotWritten {
    pub path: PathBuf,
    pub error: std::io::Error,
}

impl std::fmt::Display for NotWritten {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.error)
    }
}

/// Writes every `(path, bytes)` as the module says: regular files all or none (on failure no
/// target is changed and no temporary is left; a failure while renaming may leave those already
/// renamed), then the devices and pipes, written into.
pub fn write_documents(files: &[(PathBuf, &[u8])]) -> Result<(), NotWritten> {
    let fail = |path: &Path, error| NotWritten {
        path: path.to_path_buf(),
        error,
    };
    let mut regular: Vec<(PathBuf, PathBuf)> = Vec::new();
    let mut special: Vec<(PathBuf, &[u8])> = Vec::new();
    let cleanup = |written: &[(PathBuf, PathBuf)]| {
        for (temporary, _) in written {
            let _ = std::fs::remove_file(temporary);
        }
    };
    for (path, bytes) in files {
        let written = target(path).and_then(|t| match t {
            Target::File(resolved) => {
                // The folder named may not be there yet (the documents folder of a fresh
                // account).
                if let Some(folder) = resolved.parent().filter(|f| !f.as_os_str().is_empty()) {
                    std::fs::create_dir_all(folder)?;
                }
                let temporary = beside(&resolved, bytes)?;
                regular.push((temporary, resolved));
                Ok(())
            }
            Target::Special(at) => {
                special.push((at, bytes));
                Ok(())
            }
        });
        if let Err(e) = written {
            cleanup(&regular);
            return Err(fail(path, e));
        }
    }
    for (n, (temporary, resolved)) in regular.iter().enumerate() {
        if let Err(e) = std::fs::rename(temporary, resolved) {
            cleanup(&regular[n..]);
            return Err(fail(resolved, e));
        }
    }
    for (at, bytes) in special {
        into(&at, bytes).map_err(|e| fail(&at, e))?;
    }
    Ok(())
}

/// Writes one document (see [`write_documents`]).
pub fn write_document(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_documents(&[(path.to_path_buf(), bytes)]).map_err(|e| e.error)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("files-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        dir
    }

    #[test]
    fn a_regular_file_is_replaced_whole_and_private_a_link_is_followed() {
        let dir = folder("regular");
        let file = dir.join("a-label.pdf");
        std::fs::write(&file, b"old").expect("written");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("mode");
        write_document(&file, b"new").expect("written");
        assert_eq!(std::fs::read(&file).expect("read"), b"new");
        let mode = std::fs::metadata(&file).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        // A link: its target is written, the link stays a link.
        let link = dir.join("latest.pdf");
        std::os::unix::fs::symlink(&file, &link).expect("a link");
        write_document(&link, b"newer").expect("written");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("meta")
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&file).expect("read"), b"newer");
        // No temporary left behind.
        let left: Vec<_> = std::fs::read_dir(&dir)
            .expect("listed")
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".part"))
            .collect();
        assert!(left.is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn all_or_none_and_a_folder_in_the_way_is_said() {
        let dir = folder("all-or-none");
        std::fs::create_dir(dir.join("b.png")).expect("a folder in the way");
        let a = dir.join("a.png");
        let result = write_documents(&[(a.clone(), b"a"), (dir.join("b.png"), b"b")]);
        assert!(result.is_err());
        assert!(!a.exists(), "nothing placed when one cannot be");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
