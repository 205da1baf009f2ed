//! Documents the clerk saves (registers, manifests, exports): made on the background runtime and
//! written where the clerk chose, never over a file the clerk was not asked about, and readable
//! by the user only (they hold customers' names and phones), like the desk's own files.

use crate::*;

impl Desk {
    /// Makes a document on the background runtime and writes it where the clerk chose; with
    /// `keep_existing` (no dialog asked about replacing) a file already there is left alone and
    /// the document takes the next free name (`register-2026-11-24 (2).pdf`).
    pub fn write_document(
        &self,
        path: PathBuf,
        keep_existing: bool,
        make: impl FnOnce() -> Result<Vec<u8>, String> + Send + 'static,
    ) -> Task<Result<PathBuf, String>> {
        self.spawn_blocking(move || {
            let bytes = make()?;
            if let Some(folder) = path.parent() {
                // The documents folder of a fresh account may not exist yet.
                std::fs::create_dir_all(folder)
                    .map_err(|e| format!("{}: {e}", folder.display()))?;
            }
            let written = if keep_existing {
                write_new(&path, &bytes)
            } else {
                files::write_document(&path, &bytes).map(|()| path.clone())
            };
            written.map_err(|e| format!("{}: {e}", path.display()))
        })
    }
}

/// Writes `bytes` to `path`, or to the first of `name (2).ext`, `name (3).ext`, … that names no
/// file yet; a file already there is never opened for writing (each name is created new).
fn write_new(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
    use std::io::Write;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let names = std::iter::once(path.to_path_buf())
        .chain((2..10_000).map(|n| path.with_file_name(format!("{stem} ({n}){ext}"))));
    for name in names {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        match options.open(&name) {
            Ok(mut file) => {
                file.write_all(bytes)?;
                return Ok(name);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        "every free name is taken",
    ))
}

#[cfg(test)]
mod tests {
    use super::write_new;

    #[test]
    fn a_document_saved_without_a_dialog_never_replaces_a_file() {
        let names = [
            "register-2026-11-24.pdf",
            "register-2026-11-24 (2).pdf",
            "register-2026-11-24 (3).pdf",
        ];
        let dir = testkit::fresh_dir("free");
        let asked = dir.join(names[0]);
        for (n, name) in names.iter().enumerate() {
            let written = write_new(&asked, name.as_bytes()).unwrap();
            assert_eq!(written, dir.join(name), "save number {}", n + 1);
        }
        for name in names {
            assert_eq!(
                std::fs::read(dir.join(name)).unwrap(),
                name.as_bytes(),
                "kept as written"
            );
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let mode = std::fs::metadata(dir.join(name))
                    .unwrap()
                    .permissions()
                    .mode();
                assert_eq!(mode & 0o777, 0o600, "{name} is the user's only");
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
