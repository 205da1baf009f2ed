//! The room of the session and settings: logging in, secrets in the keyring, the settings file,
//! wiring the clients to the service, reachability and the desk's folders.
//!
//! Logging in and out: the login form's prefill, remembered passwords in the keyring, the login on
//! every interface the clerk filled in, and the session scope (whose orders the journal shows).

pub mod folders;
pub(crate) mod paths;
pub(crate) mod reach;
pub(crate) mod secrets;
pub mod settings;
pub(crate) mod wiring;

use crate::domestic::identity;
use crate::*;

/// Who is logged in on which interface.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub legacy_user: String,
    pub inn: String,
    pub current_login: Option<String>,
    pub warehouse_login: Option<String>,
    /// The warehouse account's own details, once read ("about me").
    pub warehouse_account: Option<api::warehouse::AboutMe>,
}

/// What the clerk typed on the login screen.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Credentials {
    pub username: String,
    pub password: String,
    pub inn: String,
    pub current_login: String,
    pub current_password: String,
    pub warehouse_login: String,
    pub warehouse_password: String,
    pub remember: bool,
}

/// Passwords never reach a log.
impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (user, inn) = (&self.username, &self.inn);
        let (current, warehouse) = (&self.current_login, &self.warehouse_login);
        write!(
            f,
            "Credentials {{ username: {user:?}, inn: {inn:?}, current_login: {current:?}, \
             warehouse_login: {warehouse:?}, remember: {}, .. }}",
            self.remember
        )
    }
}

impl Credentials {
    /// The demo account of the twin.
    pub fn demo() -> Credentials {
        Credentials {
            username: "demo".into(),
            password: "demo12345".into(),
            inn: "123456789".into(),
            current_login: "demo".into(),
            current_password: "demo12345".into(),
            warehouse_login: "123456789".into(),
            warehouse_password: "demo12345".into(),
            remember: false,
        }
    }
}

/// The answer of each interface to a login.
#[derive(Debug, Clone)]
pub struct LoginOutcome {
    pub legacy: Result<(), ApiError>,
    /// `None` when no current-interface login was given.
    pub current: Option<Result<(), ApiError>>,
    pub warehouse: Option<Result<(), ApiError>>,
    pub credentials: Credentials,
}

impl LoginOutcome {
    /// The desk opens when the legacy login (the orders interface) succeeded and no optional
    /// login the clerk asked for failed.
    pub fn succeeded(&self) -> bool {
        self.legacy.is_ok()
            && !matches!(self.current, Some(Err(_)))
            && !matches!(self.warehouse, Some(Err(_)))
    }
}

impl Desk {
    /// Whether the clerk is logged in on the current interface too.
    pub fn has_current_session(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.current_login.is_some())
    }

    /// The login form as the desk would pre-fill it: the demo account in demo mode, otherwise
    /// the last login names.
    pub fn login_prefill(&self) -> Credentials {
        if self.is_demo() {
            return Credentials::demo();
        }
        let last = self.settings.last_login.clone().unwrap_or_default();
        Credentials {
            username: last.username,
            inn: last.inn,
            current_login: last.current_login,
            warehouse_login: last.warehouse_login,
            remember: last.remember,
            ..Credentials::default()
        }
    }

    /// Looks up remembered passwords for the pre-filled names in the keyring.
    pub fn recall_passwords(&self, creds: Credentials) -> Task<Credentials> {
        self.spawn_blocking(move || {
            let mut c = creds;
            if !c.remember {
                return c;
            }
            if c.password.is_empty() && !c.username.is_empty() {
                c.password =
                    secrets::recall(&secrets::account("legacy", &c.username)).unwrap_or_default();
            }
            if c.current_password.is_empty() && !c.current_login.is_empty() {
                c.current_password =
                    secrets::recall(&secrets::account("current", &c.current_login))
                        .unwrap_or_default();
            }
            if c.warehouse_password.is_empty() && !c.warehouse_login.is_empty() {
                c.warehouse_password =
                    secrets::recall(&secrets::account("warehouse", &c.warehouse_login))
                        .unwrap_or_default();
            }
            c
        })
    }

    /// Logs in on every interface the clerk filled in.
    pub fn login(&self, creds: Credentials) -> Task<LoginOutcome> {
        let services = self.services.clone();
        let reach = self.reach.clone();
        self.spawn(async move {
            let legacy = services
                .legacy
                .get_token(TokenRequest {
                    username: creds.username.trim().to_string(),
                    password: creds.password.clone(),
                    inn: creds.inn.trim().to_string(),
                })
                .await
                .map(|_| ());
            reach.note(&legacy);
            // The optional interfaces are logged in to only when the clerk named a login.
            let current = match named(&creds.current_login) {
                None => None,
                Some(login) => Some(services.current.login(login, &creds.current_password).await),
            };
            let warehouse = match named(&creds.warehouse_login) {
                None => None,
                Some(login) => {
                    let password = &creds.warehouse_password;
                    Some(services.warehouse.login(login, password).await)
                }
            };
            let (current, warehouse) =
                (current.map(|r| r.map(drop)), warehouse.map(|r| r.map(drop)));
            LoginOutcome {
                legacy,
                current,
                warehouse,
                credentials: creds,
            }
        })
    }

    /// Opens the session after a successful login; remembers names in the settings and, when the
    /// clerk asked, passwords in the keyring (in the background).
    pub fn open_session(&mut self, outcome: &LoginOutcome) {
        let c = &outcome.credentials;
        self.session = Some(Session {
            legacy_user: c.username.trim().to_string(),
            inn: c.inn.trim().to_string(),
            current_login: matches!(outcome.current, Some(Ok(())))
                .then(|| c.current_login.trim().to_string()),
            warehouse_login: matches!(outcome.warehouse, Some(Ok(())))
                .then(|| c.warehouse_login.trim().to_string()),
            warehouse_account: None,
        });
        *self.clerk.lock().unwrap_or_else(|p| p.into_inner()) = c.username.trim().to_string();
        self.enter_scope(c.inn.trim());
        self.start_live();
        // The order form picks from the directories: read them at once.
        self.sync_directories();
        if self.is_demo() {
            return;
        }
        self.settings.last_login = Some(LastLogin {
            username: c.username.trim().to_string(),
            inn: c.inn.trim().to_string(),
            current_login: c.current_login.trim().to_string(),
            warehouse_login: c.warehouse_login.trim().to_string(),
            remember: c.remember,
        });
        let settings = self.settings.clone();
        let dir = self.paths.config_dir.clone();
        let creds = c.clone();
        let _ = self.spawn_blocking(move || {
            if let Err(e) = settings.save(&dir) {
                tracing::warn!("cannot save settings: {e}");
            }
            let pairs = [
                ("legacy", &creds.username, &creds.password),
                ("current", &creds.current_login, &creds.current_password),
                (
                    "warehouse",
                    &creds.warehouse_login,
                    &creds.warehouse_password,
                ),
            ];
            for (iface, login, password) in pairs {
                if login.trim().is_empty() {
                    continue;
                }
                let account = secrets::account(iface, login.trim());
                if creds.remember {
                    secrets::remember(&account, password);
                } else {
                    secrets::forget(&account);
                }
            }
        });
    }

    /// Points the journal, outbox and print log at this company's orders at the wired service
    /// (see [`identity`]). Rows from before services were told apart go to the first configured
    /// service logged in.
    pub(crate) fn enter_scope(&mut self, company: &str) {
        let key = match (&self.twin, &self.settings.service) {
            (Some(twin), _) => identity::service_key(
                &identity::ServiceOrigin::Twin {
                    instance: &twin.instance(),
                },
                company,
            ),
            (None, Some(urls)) => identity::service_key(
                &identity::ServiceOrigin::Urls {
                    legacy: &urls.legacy,
                    current: &urls.current,
                },
                company,
            ),
            (None, None) => ServiceKey::new(format!("unwired|{company}")),
        };
        if self.scope.as_ref() == Some(&key) && self.orders.is_some() {
            return;
        }
        if !self.is_demo()
            && let Some(store) = self.store.clone()
        {
            let k = key.clone();
            let _ = self.spawn_blocking(move || match store.claim_unscoped(&k) {
                Ok(0) => {}
                Ok(n) => {
                    tracing::info!("{n} rows from before services were told apart joined {k:?}")
                }
                Err(e) => tracing::warn!("cannot attribute older rows: {e}"),
            });
        }
        self.scope = Some(key);
        self.wire_orders();
    }

    pub fn logout(&mut self) {
        self.session = None;
        let services = self.services.clone();
        let _ = self.spawn(async move {
            services.legacy.logout().await;
            services.current.logout().await;
            services.warehouse.logout().await;
        });
    }
}

/// A login the clerk typed, or none when the field was left blank.
fn named(login: &str) -> Option<&str> {
    Some(login.trim()).filter(|l| !l.is_empty())
}

#[cfg(test)]
mod tests {
    use super::Credentials;

    #[test]
    fn passwords_never_reach_a_log() {
        let c = Credentials {
            password: "s3cret-legacy".into(),
            current_password: "s3cret-current".into(),
            warehouse_password: "s3cret-wms".into(),
            ..Credentials::demo()
        };
        let shown = format!("{c:?}");
        assert!(!shown.contains("s3cret"), "{shown}");
        assert!(shown.contains("demo"));
        let t = api::legacy::TokenRequest {
            username: "shop".into(),
            password: "s3cret".into(),
            inn: "123456789".into(),
        };
        assert!(!format!("{t:?}").contains("s3cret"));
    }
}
