//! The printers this computer knows, so the clerk picks a queue instead of typing its exact
//! name: CUPS destinations (`lpstat -e`) on Linux and macOS, the spooler's printers on Windows.

use super::print::Spooler;

/// `lpstat -e` prints one destination a line; instances look like `queue/instance`.
pub fn parse_lpstat(text: &str) -> Vec<String> {
    let mut names: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.contains(char::is_whitespace))
        .map(str::to_string)
        .collect();
    names.sort_by_key(|n| n.to_lowercase());
    names.dedup();
    names
}

/// Why the installed queues could not be listed: what it means for the clerk, and what the
/// system said (for the details; in the system's language, never shown as the message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueuesError {
    /// This computer has no printing system (no CUPS, `lpstat` not installed).
    NoPrintingSystem(String),
    /// The printing system did not answer in time.
    NoAnswer(String),
    /// The printing system answered with an error (not running, not allowed).
    Refused(String),
}

impl QueuesError {
    /// What the system itself said.
    pub fn said(&self) -> &str {
        match self {
            QueuesError::NoPrintingSystem(s)
            | QueuesError::NoAnswer(s)
            | QueuesError::Refused(s) => s,
        }
    }
}

/// The installed queues, or why they cannot be listed.
pub async fn list(spooler: &Spooler) -> Result<Vec<String>, QueuesError> {
    #[cfg(windows)]
    {
        let _ = spooler;
        tokio::task::spawn_blocking(super::winspool::queues)
            .await
            .map_err(|e| QueuesError::Refused(e.to_string()))?
            .map_err(QueuesError::Refused)
    }
    #[cfg(not(windows))]
    {
        let run = tokio::process::Command::new(&spooler.lpstat)
            .arg("-e")
            .kill_on_drop(true)
            .output();
        let lpstat = &spooler.lpstat;
        let out = tokio::time::timeout(std::time::Duration::from_secs(5), run)
            .await
            .map_err(|_| QueuesError::NoAnswer(format!("{lpstat}: no answer in 5 s")))?
            .map_err(|e| {
                let said = format!("{lpstat}: {e}");
                if e.kind() == std::io::ErrorKind::NotFound {
                    QueuesError::NoPrintingSystem(said)
                } else {
                    QueuesError::Refused(said)
                }
            })?;
        if !out.status.success() {
            let said = String::from_utf8_lossy(&out.stderr).trim().to_string();
            return Err(QueuesError::Refused(if said.is_empty() {
                format!("{lpstat} ended with {}", out.status)
            } else {
                said
            }));
        }
        Ok(parse_lpstat(&String::from_utf8_lossy(&out.stdout)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destinations_are_one_a_line_sorted_once() {
        let text = "Zebra_GK420d\nOffice-A4\n\nzebra_gk420d/4x6\nOffice-A4\nlpstat: noise here\n";
        assert_eq!(
            parse_lpstat(text),
            vec!["Office-A4", "Zebra_GK420d", "zebra_gk420d/4x6"]
        );
        assert!(parse_lpstat("").is_empty());
    }

    #[cfg(not(windows))]
    #[test]
    fn a_computer_without_a_printing_system_is_told_apart() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let missing = Spooler {
            lpstat: "/nonexistent/lpstat".into(),
            ..Spooler::default()
        };
        match rt.block_on(list(&missing)) {
            Err(QueuesError::NoPrintingSystem(said)) => assert!(said.contains("lpstat")),
            other => panic!("{other:?}"),
        }
        let failing = Spooler {
            lpstat: "false".into(),
            ..Spooler::default()
        };
        assert!(matches!(
            rt.block_on(list(&failing)),
            Err(QueuesError::Refused(_))
        ));
    }
}
