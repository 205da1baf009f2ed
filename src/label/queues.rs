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

/// The installed queues, or why they cannot be listed.
pub async fn list(spooler: &Spooler) -> Result<Vec<String>, String> {
    #[cfg(windows)]
    {
        let _ = spooler;
        tokio::task::spawn_blocking(super::winspool::queues)
            .await
            .map_err(|e| e.to_string())?
    }
    #[cfg(not(windows))]
    {
        let run = tokio::process::Command::new(&spooler.lpstat)
            .arg("-e")
            .kill_on_drop(true)
            .output();
        let out = tokio::time::timeout(std::time::Duration::from_secs(5), run)
            .await
            .map_err(|_| format!("{}: no answer in 5 s", spooler.lpstat))?
            .map_err(|e| format!("{}: {e}", spooler.lpstat))?;
        if !out.status.success() {
            let said = String::from_utf8_lossy(&out.stderr).trim().to_string();
            return Err(if said.is_empty() {
                format!("{} ended with {}", spooler.lpstat, out.status)
            } else {
                said
            });
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
}
