//! What the window's own file chooser shows, for a desktop whose system offers no file dialog:
//! a folder's entries (read on the background runtime, folders first, hidden ones left out, only
//! the files a choice can take), the folders files were last chosen from (kept in the settings,
//! the most recent first), and the question where to save a document, asked by a screen and
//! answered in the window's chooser.

use crate::Desk;
use crate::task::Task;
use std::path::{Path, PathBuf};

/// How many recent folders are remembered.
pub const RECENT: usize = 6;

/// One entry of a folder.
#[derive(Debug, Clone, PartialEq)]
pub struct FolderEntry {
    pub name: String,
    pub path: PathBuf,
    pub is_folder: bool,
    /// Bytes, for a file.
    pub size: u64,
    /// When it last changed, as Unix seconds (when the system says).
    pub modified: Option<i64>,
}

/// Whether a file's name ends in one of `extensions` (any case); every file when there are none.
pub fn takes(name: &str, extensions: &[&str]) -> bool {
    if extensions.is_empty() {
        return true;
    }
    let Some((_, ext)) = name.rsplit_once('.') else {
        return false;
    };
    extensions.iter().any(|e| e.eq_ignore_ascii_case(ext))
}

/// The entries of `folder` a choice of files ending in `extensions` can use: its folders and
/// those files, folders first, then by name (case does not count); hidden entries left out.
pub fn list(folder: &Path, extensions: &[&str]) -> Result<Vec<FolderEntry>, String> {
    let read = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let mut entries = Vec::new();
    for entry in read.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with('.') {
            continue;
        }
        // A link is followed: a link to a folder is a folder.
        let Ok(meta) = std::fs::metadata(entry.path()) else {
            continue;
        };
        let is_folder = meta.is_dir();
        if !is_folder && !takes(&name, extensions) {
            continue;
        }
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .and_then(|d| i64::try_from(d.as_secs()).ok());
        entries.push(FolderEntry {
            name,
            path: entry.path(),
            is_folder,
            size: if is_folder { 0 } else { meta.len() },
            modified,
        });
    }
    entries.sort_by(|a, b| {
        (!a.is_folder, a.name.to_lowercase()).cmp(&(!b.is_folder, b.name.to_lowercase()))
    });
    Ok(entries)
}

/// `folder` first among `recent`, once, at most [`RECENT`] kept.
pub fn remember(recent: &mut Vec<String>, folder: &Path) {
    let folder = folder.display().to_string();
    recent.retain(|f| *f != folder);
    recent.insert(0, folder);
    recent.truncate(RECENT);
}

/// Where to save a document, asked inside the window when the system has no file dialog: the
/// name and folder proposed, and where the answer goes.
pub struct SaveAsk {
    pub proposed: PathBuf,
    answer: tokio::sync::oneshot::Sender<Option<PathBuf>>,
}

impl Desk {
    /// Asks where to save a document: the system's dialog, or, without one, the window's own
    /// chooser (shown by the window while [`Desk::save_asked`] says so). `None` comes back
    /// when the clerk cancels.
    pub fn ask_save_path(&mut self, proposed: PathBuf) -> Task<Option<PathBuf>> {
        if self.file_dialogs() {
            return self.choose_save_path(proposed);
        }
        let (answer, task) = crate::task::answered_by_hand();
        // A question asked before and not answered is given up (one chooser at a time).
        if let Some(before) = self.save_ask.replace(SaveAsk { proposed, answer }) {
            let _ = before.answer.send(None);
        }
        task
    }

    /// The name and folder proposed, while the window's chooser should ask where to save.
    pub fn save_asked(&self) -> Option<&Path> {
        self.save_ask.as_ref().map(|a| a.proposed.as_path())
    }

    /// The clerk's answer to [`Desk::ask_save_path`]: the file chosen, or `None` (cancelled).
    pub fn answer_save(&mut self, path: Option<PathBuf>) {
        if let Some(ask) = self.save_ask.take() {
            let _ = ask.answer.send(path);
        }
    }

    /// Reads a folder's entries for the window's file chooser (on the background runtime).
    pub fn list_folder(
        &self,
        folder: PathBuf,
        extensions: &'static [&'static str],
    ) -> Task<Result<Vec<FolderEntry>, String>> {
        self.spawn_blocking(move || list(&folder, extensions))
    }

    /// The folders files were last chosen from, the most recent first.
    pub fn recent_folders(&self) -> &[String] {
        &self.settings.recent_folders
    }

    /// Remembers the folder a file was chosen from (saved with the settings, in the background).
    pub fn remember_folder(&mut self, folder: &Path) {
        remember(&mut self.settings.recent_folders, folder);
        let (settings, dir) = (self.settings.clone(), self.paths.config_dir.clone());
        drop(self.spawn_blocking(move || {
            if let Err(e) = settings.save(&dir) {
                tracing::warn!("recent folders not saved: {e}");
            }
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_its_folders_first_then_the_files_a_choice_takes() {
        let dir = std::env::temp_dir().join(format!("desk-folders-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["b-folder", "A-folder", ".hidden-folder"] {
            std::fs::create_dir_all(dir.join(sub)).expect("a folder");
        }
        for file in [
            "PARCELS.CSV",
            "book.xlsx",
            "notes.txt",
            ".secret.csv",
            "noext",
        ] {
            std::fs::write(dir.join(file), b"x").expect("a file");
        }
        let names = |ext: &[&str]| -> Vec<String> {
            list(&dir, ext)
                .expect("listed")
                .into_iter()
                .map(|e| e.name)
                .collect()
        };
        assert_eq!(
            names(&["csv", "xlsx"]),
            ["A-folder", "b-folder", "book.xlsx", "PARCELS.CSV"]
        );
        assert_eq!(names(&[]).len(), 6, "every file when none is named");
        assert!(list(&dir.join("gone"), &[]).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn recent_folders_keep_the_latest_first_once() {
        let mut recent = Vec::new();
        for f in ["/a", "/b", "/a", "/c", "/d", "/e", "/f", "/g"] {
            remember(&mut recent, Path::new(f));
        }
        assert_eq!(recent, ["/g", "/f", "/e", "/d", "/c", "/a"]);
    }
}
