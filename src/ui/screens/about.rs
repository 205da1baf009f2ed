//! About Parcel Desk: the version and build, where the desk keeps its files, and the licences of
//! the bundled font and of the crates the program is built from. A test keeps the crate list in
//! step with Cargo.toml.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::screen::Screen;
use egui::RichText;
use rust_i18n::t;

/// The crates the program links (Cargo.toml's dependencies) and their licences.
pub const CRATES: &[(&str, &str)] = &[
    ("ab_glyph", "Apache-2.0"),
    ("axum", "MIT"),
    ("barcoders", "MIT OR Apache-2.0"),
    ("base64", "MIT OR Apache-2.0"),
    ("calamine", "MIT"),
    ("rust_xlsxwriter", "MIT OR Apache-2.0"),
    ("chrono", "MIT OR Apache-2.0"),
    ("clap", "MIT OR Apache-2.0"),
    ("csv", "Unlicense OR MIT"),
    ("directories", "MIT OR Apache-2.0"),
    ("eframe", "MIT OR Apache-2.0"),
    ("egui", "MIT OR Apache-2.0"),
    ("egui_extras", "MIT OR Apache-2.0"),
    ("egui_plot", "MIT OR Apache-2.0"),
    ("flate2", "MIT OR Apache-2.0"),
    ("futures-util", "MIT OR Apache-2.0"),
    ("hidapi", "MIT"),
    ("hyper", "MIT"),
    ("hyper-util", "MIT"),
    ("keyring", "MIT OR Apache-2.0"),
    ("lopdf", "MIT"),
    ("memchr", "Unlicense OR MIT"),
    ("png", "MIT OR Apache-2.0"),
    ("postgres", "MIT OR Apache-2.0"),
    ("printpdf", "MIT"),
    ("qrcode", "MIT OR Apache-2.0"),
    ("reqwest", "MIT OR Apache-2.0"),
    ("rfd", "MIT"),
    ("ring", "Apache-2.0 AND ISC"),
    ("rusqlite", "MIT"),
    ("rustls", "Apache-2.0 OR ISC OR MIT"),
    ("rust-i18n", "MIT"),
    ("serde", "MIT OR Apache-2.0"),
    ("serde_json", "MIT OR Apache-2.0"),
    ("serde_path_to_error", "MIT OR Apache-2.0"),
    ("serde_with", "MIT OR Apache-2.0"),
    ("serialport", "MPL-2.0"),
    ("thiserror", "MIT OR Apache-2.0"),
    ("tokio", "MIT"),
    ("tokio-postgres-rustls", "MIT"),
    ("toml", "MIT OR Apache-2.0"),
    ("tracing", "MIT"),
    ("tracing-subscriber", "MIT"),
    ("url", "MIT OR Apache-2.0"),
    ("webpki-roots", "CDLA-Permissive-2.0"),
    ("windows-sys", "MIT OR Apache-2.0"),
];

const FONT_LICENCE: &str = include_str!("../../../assets/fonts/LICENSE-DejaVu.txt");

#[derive(Default)]
pub struct AboutScreen;

impl Screen for AboutScreen {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading(t!("about.title"));
            ui.label(t!(
                "about.version",
                version = env!("CARGO_PKG_VERSION"),
                target = std::env::consts::OS
            ));
            ui.label(t!("about.built", date = env!("PARCEL_DESK_BUILD_DATE")));
            let paths = cx.desk.paths();
            ui.label(t!(
                "about.data",
                path = paths.data_dir.display().to_string()
            ));
            ui.label(t!(
                "about.config",
                path = paths.config_dir.display().to_string()
            ));
            ui.add_space(10.0);
            ui.strong(t!("about.crates"));
            egui::Grid::new("about-crates")
                .num_columns(2)
                .spacing([24.0, 2.0])
                .show(ui, |ui| {
                    for (name, licence) in CRATES {
                        ui.label(*name);
                        ui.label(RichText::new(*licence).weak());
                        ui.end_row();
                    }
                });
            ui.add_space(10.0);
            egui::CollapsingHeader::new(t!("about.font"))
                .id_salt("font-licence")
                .show(ui, |ui| {
                    ui.add(
                        egui::Label::new(RichText::new(FONT_LICENCE).small().monospace()).wrap(),
                    );
                });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::CRATES;
    use chrono::Datelike;

    #[test]
    fn the_build_is_dated() {
        let date = env!("PARCEL_DESK_BUILD_DATE");
        assert!(
            chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok_and(|d| d.year() >= 2025),
            "{date}"
        );
    }

    /// The libraries the program is built with: every package's normal and platform
    /// dependencies (the root's and each crate's under `crates/`), not the workspace's own.
    fn built_with() -> Vec<String> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut manifests = vec![root.join("Cargo.toml")];
        let crates = std::fs::read_dir(root.join("crates")).expect("crates/");
        manifests.extend(crates.flatten().map(|c| c.path().join("Cargo.toml")));
        let workspace: Vec<String> = manifests
            .iter()
            .filter_map(|m| {
                let table: toml::Table = std::fs::read_to_string(m).ok()?.parse().ok()?;
                Some(table.get("package")?.get("name")?.as_str()?.to_string())
            })
            .collect();
        let mut names: Vec<String> = Vec::new();
        for m in &manifests {
            let text = std::fs::read_to_string(m).unwrap_or_else(|e| panic!("{m:?}: {e}"));
            let table: toml::Table = text.parse().unwrap_or_else(|e| panic!("{m:?}: {e}"));
            if let Some(deps) = table.get("dependencies").and_then(|d| d.as_table()) {
                names.extend(deps.keys().cloned());
            }
            // Platform-specific dependencies count too.
            if let Some(targets) = table.get("target").and_then(|t| t.as_table()) {
                for t in targets.values() {
                    if let Some(deps) = t.get("dependencies").and_then(|d| d.as_table()) {
                        names.extend(deps.keys().cloned());
                    }
                }
            }
        }
        names.retain(|n| !workspace.contains(n));
        names.sort();
        names.dedup();
        names
    }

    #[test]
    fn every_dependency_is_listed_with_its_licence() {
        let names = built_with();
        let listed: Vec<&str> = CRATES.iter().map(|(n, _)| *n).collect();
        for n in &names {
            assert!(
                listed.contains(&n.as_str()),
                "{n} is not on the About screen"
            );
        }
        for l in &listed {
            assert!(
                names.iter().any(|n| n == l),
                "{l} is listed but not a dependency"
            );
        }
    }
}
