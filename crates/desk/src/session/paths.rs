//! Where the desk keeps its files (config and data folders, the database, the twin's records)
//! and where it proposes the clerk's own files go.

use std::path::PathBuf;

/// Where the desk keeps its files.
#[derive(Debug, Clone)]
pub struct DeskPaths {
    pub config_dir: PathBuf,
    pub data_dir: PathBuf,
}

impl DeskPaths {
    /// The platform folders, or `PARCEL_DESK_CONFIG_DIR` / `PARCEL_DESK_DATA_DIR` when set.
    pub fn platform() -> Option<DeskPaths> {
        let dirs = ::directories::ProjectDirs::from("uz", "Parcel Desk", "parcel-desk")?;
        let pick = |var: &str, default: &std::path::Path| {
            std::env::var_os(var)
                .map(PathBuf::from)
                .unwrap_or_else(|| default.to_path_buf())
        };
        Some(DeskPaths {
            config_dir: pick("PARCEL_DESK_CONFIG_DIR", dirs.config_dir()),
            data_dir: pick("PARCEL_DESK_DATA_DIR", dirs.data_dir()),
        })
    }

    pub fn database(&self) -> PathBuf {
        self.data_dir.join("desk.sqlite")
    }

    /// The daily copies of this counter's file.
    pub fn backups(&self) -> PathBuf {
        self.data_dir.join("backups")
    }

    /// The embedded twin's records in demo mode: kept, so a restart continues them.
    pub fn twin_data(&self) -> PathBuf {
        self.data_dir.join("twin.sqlite")
    }
}

/// The user's documents folder: the one the system names, else `Documents` in the home folder
/// (made when the first document is saved there).
pub fn documents_folder() -> PathBuf {
    let dirs = ::directories::UserDirs::new();
    if let Some(d) = dirs.as_ref().and_then(|u| u.document_dir()) {
        return d.to_path_buf();
    }
    let home = dirs
        .map(|u| u.home_dir().to_path_buf())
        .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("."));
    // Made when the first document goes there: documents never land loose in the home folder.
    home.join("Documents")
}
