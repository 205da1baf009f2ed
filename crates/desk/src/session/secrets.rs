//! Passwords the clerk asked to remember, kept only in the operating system's keyring. Where no
//! keyring is available the desk quietly does not remember. Blocking: called on the runtime.

const SERVICE: &str = "parcel-desk";

fn entry(account: &str) -> Option<keyring::Entry> {
    keyring::Entry::new(SERVICE, account).ok()
}

/// The keyring account name for one interface's login.
pub(crate) fn account(interface: &str, login: &str) -> String {
    format!("{interface}:{login}")
}

pub(crate) fn remember(account: &str, password: &str) -> bool {
    match entry(account).map(|e| e.set_password(password)) {
        Some(Ok(())) => true,
        Some(Err(e)) => {
            tracing::info!("keyring unavailable, not remembering: {e}");
            false
        }
        None => false,
    }
}

pub(crate) fn recall(account: &str) -> Option<String> {
    entry(account)?.get_password().ok()
}

pub(crate) fn forget(account: &str) {
    if let Some(e) = entry(account) {
        let _ = e.delete_credential();
    }
}
