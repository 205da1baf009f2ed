//! A crate of its own because the journal, the twin and the desk all write customers' data to
//! disk, and every one of them must make its files private the same way.
//!
//! Files that hold customers' names, phones and addresses, or a clerk's login, are readable by
//! the user only: folders 0700, files 0600 on Unix. Elsewhere the platform's per-user folders
//! already keep other users out, and these calls only create.

mod output;

pub use output::{NotWritten, write_document, write_documents};
use std::io::Write;
use std::path::Path;

/// Creates the folder (and its parents) and makes the folder itself private.
pub fn create_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    restrict(dir, 0o700)
}

/// Writes a whole file that only the user can read, replacing what was there.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    restrict(path, 0o600)
}

/// Makes an existing file private, or creates it empty and private (a database before SQLite
/// opens it: its journal files take the same permissions).
pub fn ensure_file(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?;
    restrict(path, 0o600)
}

#[cfg(unix)]
fn restrict(path: &Path, mode: u32) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn restrict(_path: &Path, _mode: u32) -> std::io::Result<()> {
    Ok(())
}
