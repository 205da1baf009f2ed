//! The desk's settings, kept as TOML in the platform config folder: the three service URLs, the
//! environment, the language, the last login names (never passwords) and the printer. No file means demo
//! mode on the embedded twin. The shop database's password is kept in the OS keyring, never
//! here (a file from before keeps one in the address until the keyring takes it).

use api::codes::Language;
use label::print::Printer;
use label::{Dpi, LabelSize};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Production or test service (the twin is a third, shown as "sandbox"): the same two the
/// service itself names, kept in the settings as it writes them ("production", "test").
pub use api::codes::Environment as ServiceEnvironment;

/// The three interface addresses of a real service.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct ServiceUrls {
    pub legacy: String,
    pub current: String,
    pub warehouse: String,
}

/// Login names remembered for the next start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct LastLogin {
    pub username: String,
    pub inn: String,
    #[serde(default)]
    pub current_login: String,
    #[serde(default)]
    pub warehouse_login: String,
    #[serde(default)]
    pub remember: bool,
}

/// How labels are printed at this counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrintSettings {
    /// `None`: no printer yet; labels can still be previewed and saved as PDF.
    #[serde(default)]
    pub printer: Option<Printer>,
    #[serde(default)]
    pub size: LabelSize,
    #[serde(default)]
    pub dpi: Dpi,
    #[serde(default = "one_copy")]
    pub copies: u32,
    /// Print the label as soon as an order is created.
    #[serde(default)]
    pub auto_print: bool,
}

fn one_copy() -> u32 {
    1
}

impl Default for PrintSettings {
    fn default() -> PrintSettings {
        PrintSettings {
            printer: None,
            size: LabelSize::default(),
            dpi: Dpi::default(),
            copies: 1,
            auto_print: false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Settings {
    /// `None`: demo mode on the embedded twin.
    #[serde(default)]
    pub service: Option<ServiceUrls>,
    #[serde(default)]
    pub environment: ServiceEnvironment,
    #[serde(default)]
    pub language: Language,
    #[serde(default)]
    pub last_login: Option<LastLogin>,
    #[serde(default)]
    pub printing: PrintSettings,
    /// Values above these are asked about before an order is sent.
    #[serde(default)]
    pub limits: crate::domestic::plausible::Limits,
    /// Keeping the journal's statuses live: the poller and the webhook receiver.
    #[serde(default)]
    pub live: LiveSettings,
    /// Where the shop's records are kept: this counter's own file, or a database its counters
    /// share.
    #[serde(default)]
    pub shop: ShopSettings,
    /// The names clerks give for the registers they hand over, by login (the service knows a
    /// login only; the courier signs for a person).
    #[serde(default)]
    pub clerk_names: std::collections::BTreeMap<String, String>,
    /// The shop as a sender, for the parcels it sends itself.
    #[serde(default)]
    pub sender: SenderProfile,
    /// The sender's receipt: where it prints, on what paper, and when.
    #[serde(default)]
    pub receipt: ReceiptSettings,
    /// The scale on the counter.
    #[serde(default)]
    pub scale: ScaleSettings,
    /// The folders files were last chosen from in the window's own file chooser, the most recent
    /// first.
    #[serde(default)]
    pub recent_folders: Vec<String>,
}

/// Which scale the weight comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct ScaleSettings {
    /// `None`: not chosen (the demo weighs on its simulated scale; a real service has none).
    pub kind: Option<ScaleKind>,
}

/// The kinds of scale a counter may have.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ScaleKind {
    /// No scale: the weight is typed.
    Off,
    /// A USB scale of the point-of-sale page (the first one connected).
    UsbHid,
    /// A serial or USB-serial scale.
    Serial {
        port: String,
        baud: u32,
        format: SerialFormat,
    },
    /// The simulated scale (a pseudo terminal speaking a streaming scale's lines).
    Simulated,
}

/// What a serial scale speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SerialFormat {
    /// Readings streamed without asking (`ST,GS,+001.234kg`).
    Continuous,
    /// A reading when asked (MT-SICS `S`).
    RequestReply,
}

impl SerialFormat {
    pub fn format(self) -> scale::serial_text::Format {
        match self {
            SerialFormat::Continuous => scale::serial_text::Format::Continuous,
            SerialFormat::RequestReply => scale::serial_text::Format::RequestReply,
        }
    }
}

impl ScaleSettings {
    /// The scale in force: the one chosen, or in the demo the simulated one.
    pub fn in_force(&self, demo: bool) -> ScaleKind {
        match &self.kind {
            Some(kind) => kind.clone(),
            None if demo => ScaleKind::Simulated,
            None => ScaleKind::Off,
        }
    }
}

/// How the sender's receipt is printed at this counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct ReceiptSettings {
    /// `None`: no receipt printer; a receipt can still be saved as PDF.
    pub printer: Option<label::receipt_print::ReceiptPrinter>,
    pub width: label::receipt::ReceiptWidth,
    /// Print the receipt as soon as an order is created.
    pub after_create: bool,
    /// What the sender signs under, when the shop asks for a signature (empty: no line).
    pub agreement: String,
}

/// The shop's own name, phone, city and address as a sender: filled into the sender's side with
/// one click, or into every new order when the shop ships only its own goods.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct SenderProfile {
    pub name: String,
    pub phone: String,
    pub city: Option<i64>,
    pub address: String,
    /// Every new order starts with the shop as its sender.
    pub every_order: bool,
    /// Where the shop's goods come from, for a customs declaration's lines (a country's name).
    pub origin: String,
}

impl SenderProfile {
    /// The shop as the sender of a customs declaration.
    pub fn declarant(&self) -> label::documents::Declarant {
        label::documents::Declarant {
            name: self.name.trim().to_string(),
            address: self.address.trim().to_string(),
            phone: self.phone.trim().to_string(),
            origin: self.origin.trim().to_string(),
        }
    }

    /// Whether the profile says enough to be a sender: a name, a phone and a city.
    pub fn is_complete(&self) -> bool {
        !self.name.trim().is_empty() && !self.phone.trim().is_empty() && self.city.is_some()
    }
}

/// The shop's shared journal, for a shop with several counters.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct ShopSettings {
    /// A PostgreSQL connection (`postgres://user@host/db` or `host=… dbname=…`); empty keeps the
    /// shop's records in this counter's own file.
    pub database: String,
    /// The name this counter goes by in the shop (written with every order it takes).
    pub counter: String,
    /// The database's password: kept in the OS keyring under the database's address, never
    /// written to the settings file.
    #[serde(skip)]
    pub password: String,
}

impl std::fmt::Debug for ShopSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShopSettings")
            .field("database", &self.database)
            .field("counter", &self.counter)
            .field(
                "password",
                &(!self.password.is_empty()).then_some("(hidden)"),
            )
            .finish()
    }
}

impl ShopSettings {
    /// The shared database's address as the settings keep it, when one is set.
    pub fn database(&self) -> Option<&str> {
        Some(self.database.trim()).filter(|d| !d.is_empty())
    }

    /// What the counter connects with: the address, and the password put back into it (in
    /// memory only).
    pub fn connection(&self) -> Option<String> {
        let address = self.database()?;
        Some(store::shop_address_with_password(address, &self.password))
    }

    /// The same settings with a password typed into the address moved to its own field: the
    /// address is written to the settings file, the password only to the keyring. An empty one
    /// (`desk:@host`) leaves the field as it is.
    pub fn password_moved_out(mut self) -> ShopSettings {
        let (database, typed) = store::shop_address_split_password(&self.database);
        if let Some(password) = typed.filter(|p| !p.is_empty()) {
            self.database = database;
            self.password = password;
        }
        self
    }

    fn keyring_account(&self) -> Option<String> {
        Some(crate::session::secrets::account("shop", self.database()?))
    }

    /// At start (blocking): the password from the keyring. A password still in the address (a
    /// file from before the keyring was used) moves into the keyring when it takes it, and
    /// otherwise stays where it is.
    fn recall_password(&mut self) {
        let moved = self.clone().password_moved_out();
        if !moved.password.is_empty() {
            if let Some(account) = moved.keyring_account()
                && crate::session::secrets::remember(&account, &moved.password)
            {
                *self = moved;
            }
            return;
        }
        if let Some(password) = self
            .keyring_account()
            .and_then(|a| crate::session::secrets::recall(&a))
        {
            self.password = password;
        }
    }

    /// Brings the keyring in step with what the clerk saved, against the settings `before`
    /// (blocking): a new or changed password is kept under the address, a cleared one is
    /// forgotten, and so is the old address's when the address changed. When neither changed,
    /// nothing is touched, so a password the keyring did not give back is never forgotten by an
    /// unrelated save. False when the keyring did not take a new password: it then holds until
    /// the desk closes.
    pub fn keep_password(&self, before: &ShopSettings) -> bool {
        let (old, new) = (before.keyring_account(), self.keyring_account());
        if old == new && before.password == self.password {
            return true;
        }
        if let Some(old) = &old
            && new.as_ref() != Some(old)
            && !before.password.is_empty()
        {
            crate::session::secrets::forget(old);
        }
        match new {
            None => true,
            Some(account) if self.password.is_empty() => {
                if old.as_ref() == Some(&account) {
                    crate::session::secrets::forget(&account);
                }
                true
            }
            Some(account) => crate::session::secrets::remember(&account, &self.password),
        }
    }

    /// The longest counter name, in characters: it stands in a column of the Orders list and
    /// on the day's register.
    pub const COUNTER_NAME_MAX: usize = 32;

    /// The counter's name as written on its records: trimmed, at most `COUNTER_NAME_MAX`
    /// characters (a longer one in a hand-edited settings file is cut, never refused at start).
    pub fn counter_name(&self) -> String {
        self.counter
            .trim()
            .chars()
            .take(Self::COUNTER_NAME_MAX)
            .collect()
    }

    /// Whether the database's connection reads as PostgreSQL's settings (or none is set).
    pub fn database_readable(&self) -> bool {
        self.database().is_none_or(store::shop_address_readable)
    }
}

/// How the journal's statuses are kept live.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LiveSettings {
    /// Seconds a round of readings of the open orders takes; 0 stops the readings.
    pub poll_seconds: u32,
    /// Whether the desk listens for the service's notifications; unset: in demo mode only.
    pub receiver: Option<bool>,
    /// Where it listens: an address of this computer and a port.
    pub bind: String,
    pub port: u16,
    /// The partner key the service sends with each notification; empty takes any.
    pub key: String,
    /// The bearer token the service sends (a registration with a token); empty takes any.
    pub token: String,
}

impl LiveSettings {
    /// Whether the receiver runs: as set, else in demo mode (where the twin can reach it).
    pub fn receiver_on(&self, demo: bool) -> bool {
        self.receiver.unwrap_or(demo)
    }
}

impl Default for LiveSettings {
    fn default() -> Self {
        LiveSettings {
            poll_seconds: 180,
            receiver: None,
            bind: "127.0.0.1".into(),
            port: 8787,
            key: String::new(),
            token: String::new(),
        }
    }
}

/// What is wrong with a settings value, per field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsProblem {
    /// The named URL field does not parse as http(s).
    BadUrl(&'static str),
}

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path} is not valid settings: {source}")]
    Parse {
        path: String,
        source: toml::de::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot encode settings: {0}")]
    Encode(#[from] toml::ser::Error),
}

/// A settings file that could not be read at start: why, and where it was kept.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsSetAside {
    pub why: String,
    pub kept_as: Option<PathBuf>,
}

pub fn file_in(config_dir: &Path) -> PathBuf {
    config_dir.join("settings.toml")
}

/// A URL the clients can use: http or https with a host.
pub fn valid_url(text: &str) -> Option<url::Url> {
    let u = url::Url::parse(text.trim()).ok()?;
    (matches!(u.scheme(), "http" | "https") && u.host().is_some()).then_some(u)
}

/// A service address that would carry passwords and orders in the clear: plain `http://` to a
/// host other than this computer. Allowed (a shop's own gateway may be so), but shown.
pub fn unencrypted(text: &str) -> bool {
    let Some(u) = valid_url(text) else {
        return false;
    };
    let loopback = match u.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    u.scheme() == "http" && !loopback
}

impl ServiceUrls {
    /// Whether any of the three addresses is [`unencrypted`].
    pub fn unencrypted(&self) -> bool {
        [&self.legacy, &self.current, &self.warehouse]
            .into_iter()
            .any(|u| unencrypted(u))
    }

    pub fn problems(&self) -> Vec<SettingsProblem> {
        let mut out = Vec::new();
        for (name, value) in [
            ("legacy", &self.legacy),
            ("current", &self.current),
            ("warehouse", &self.warehouse),
        ] {
            if valid_url(value).is_none() {
                out.push(SettingsProblem::BadUrl(name));
            }
        }
        out
    }
}

impl Settings {
    /// Reads the settings file; `Ok(None)` when there is none (first start, demo mode).
    pub fn load(config_dir: &Path) -> Result<Option<Settings>, SettingsError> {
        let path = file_in(config_dir);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(SettingsError::Read {
                    path: path.display().to_string(),
                    source,
                });
            }
        };
        let mut settings: Settings =
            toml::from_str(&text).map_err(|source| SettingsError::Parse {
                path: path.display().to_string(),
                source,
            })?;
        settings.shop.recall_password();
        Ok(Some(settings))
    }

    /// The settings of `config_dir`, or, when its file cannot be read (cut short, edited by
    /// hand into nonsense), the defaults with the problem: the file is set aside beside itself
    /// under a dated name, so nothing of it is lost and the desk still opens (on Settings).
    pub fn load_or_set_aside(config_dir: &Path) -> (Settings, Option<SettingsSetAside>) {
        match Settings::load(config_dir) {
            Ok(found) => (found.unwrap_or_default(), None),
            Err(e) => {
                let path = file_in(config_dir);
                let stamp = chrono::Local::now().format("%Y-%m-%d-%H%M%S");
                let aside = path.with_file_name(format!("settings.toml.unreadable-{stamp}"));
                let kept = std::fs::rename(&path, &aside).is_ok();
                tracing::error!("settings unreadable, set aside as {}: {e}", aside.display());
                let problem = SettingsSetAside {
                    why: e.to_string(),
                    kept_as: kept.then_some(aside),
                };
                (Settings::default(), Some(problem))
            }
        }
    }

    /// Writes atomically: a temporary file renamed over the old one, readable by the user only
    /// (it names the service and the login).
    pub fn save(&self, config_dir: &Path) -> Result<(), SettingsError> {
        let path = file_in(config_dir);
        let mut table = toml::Table::try_from(self)?;
        if self.service.is_none() {
            // Demo mode runs on the twin: no production or test service to name.
            table.remove("environment");
        }
        let text = toml::to_string_pretty(&table)?;
        // Saves from the background can overlap (a login and the settings screen): one at a
        // time, each through its own temporary file, so neither renames the other's away.
        static SAVING: std::sync::Mutex<u64> = std::sync::Mutex::new(0);
        let mut turn = SAVING.lock().unwrap_or_else(|p| p.into_inner());
        *turn += 1;
        let write = |p: &Path| -> std::io::Result<()> {
            files::create_dir(config_dir)?;
            let tmp = p.with_extension(format!("toml.{}.{}.tmp", std::process::id(), *turn));
            files::write(&tmp, text.as_bytes())?;
            std::fs::rename(&tmp, p)
        };
        write(&path).map_err(|source| SettingsError::Write {
            path: path.display().to_string(),
            source,
        })
    }

    pub fn is_demo(&self) -> bool {
        self.service.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_must_be_http_with_a_host() {
        assert!(valid_url("https://api.example.uz/v1").is_some());
        assert!(valid_url(" http://127.0.0.1:8080/api ").is_some());
        assert!(valid_url("ftp://example.uz").is_none());
        assert!(valid_url("example.uz").is_none());
        assert!(valid_url("").is_none());
        let urls = ServiceUrls {
            legacy: "https://a.uz/index.php".into(),
            current: "not a url".into(),
            warehouse: "https://w.uz".into(),
        };
        assert_eq!(urls.problems(), vec![SettingsProblem::BadUrl("current")]);
    }

    #[test]
    fn demo_settings_name_no_service_environment() {
        let dir = testkit::fresh_dir("settings-demo");
        Settings::default().save(&dir).unwrap();
        let text = std::fs::read_to_string(file_in(&dir)).unwrap();
        assert!(!text.contains("environment"), "{text}");
        assert_eq!(Settings::load(&dir).unwrap(), Some(Settings::default()));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&dir), 0o700);
            assert_eq!(mode(&file_in(&dir)), 0o600);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn missing_file_is_demo_and_round_trip_keeps_everything() {
        let dir = testkit::fresh_dir("settings");
        assert_eq!(Settings::load(&dir).unwrap(), None);
        let s = Settings {
            service: Some(ServiceUrls {
                legacy: "https://a.uz/index.php".into(),
                current: "https://a.uz/api".into(),
                warehouse: "https://w.uz".into(),
            }),
            environment: ServiceEnvironment::Test,
            language: Language::Ru,
            last_login: Some(LastLogin {
                username: "shop".into(),
                inn: "123456789".into(),
                ..LastLogin::default()
            }),
            printing: PrintSettings {
                printer: Some(Printer::NetworkZpl {
                    address: "10.0.0.9:9100".into(),
                }),
                size: LabelSize::Strip58,
                dpi: Dpi::D300,
                copies: 2,
                auto_print: true,
            },
            limits: crate::domestic::plausible::Limits {
                max_weight_kg: 70,
                max_cod: 5_000_000,
                max_name_chars: 80,
            },
            live: LiveSettings {
                poll_seconds: 600,
                receiver: Some(true),
                bind: "0.0.0.0".into(),
                port: 9000,
                key: "k".into(),
                token: "t".into(),
            },
            shop: ShopSettings {
                database: "host=10.0.0.2 dbname=shop".into(),
                counter: "Kassa 2".into(),
                password: String::new(),
            },
            clerk_names: [("shop".to_string(), "Karimova Aziza".to_string())].into(),
            sender: SenderProfile {
                name: "Baraka Savdo".into(),
                phone: "+998 71 200 00 01".into(),
                city: Some(197),
                address: "Chilonzor 9".into(),
                every_order: true,
                origin: "Xitoy".into(),
            },
            receipt: ReceiptSettings {
                printer: Some(label::receipt_print::ReceiptPrinter::Device {
                    path: "/dev/usb/lp0".into(),
                }),
                width: label::receipt::ReceiptWidth::Mm58,
                after_create: true,
                agreement: "Taqiqlangan narsa yoʻq".into(),
            },
            scale: ScaleSettings {
                kind: Some(ScaleKind::Serial {
                    port: "/dev/ttyUSB0".into(),
                    baud: 9_600,
                    format: SerialFormat::RequestReply,
                }),
            },
            recent_folders: vec!["/home/clerk/Parcels".into()],
        };
        s.save(&dir).unwrap();
        assert_eq!(Settings::load(&dir).unwrap(), Some(s));
        std::fs::write(file_in(&dir), "environment = \"staging\"").unwrap();
        assert!(matches!(
            Settings::load(&dir),
            Err(SettingsError::Parse { .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_shop_databases_password_never_reaches_the_file_and_comes_back_from_the_keyring() {
        use crate::session::secrets::recall;
        let dir = std::env::temp_dir().join(format!("pd-shop-pw-{}", std::process::id()));
        let before = Settings::default();
        let mut s = Settings::default();
        s.shop.database = format!("host=10.0.0.2 dbname=shop user=desk{}", std::process::id());
        s.shop.password = "Zx9 s'ecret".into();
        assert!(!format!("{s:?}").contains("ecret"), "Debug hides it");
        let kept = s.shop.keep_password(&before.shop);
        s.save(&dir).unwrap();
        let text = std::fs::read_to_string(file_in(&dir)).unwrap();
        assert!(!text.contains("ecret"), "{text}");
        let loaded = Settings::load(&dir).unwrap().unwrap();
        let account = s.shop.keyring_account().unwrap();
        if kept {
            // A restart connects with the same password.
            assert_eq!(loaded.shop.connection(), s.shop.connection());
            assert_eq!(recall(&account).as_deref(), Some("Zx9 s'ecret"));
        } else {
            // No keyring here: it held until the desk closed.
            assert!(loaded.shop.password.is_empty());
        }
        // A save of something else, with the password not given back, forgets nothing.
        let mut unknown = loaded.clone();
        unknown.shop.password.clear();
        let mut later = unknown.clone();
        later.limits.max_weight_kg = 10;
        assert!(later.shop.keep_password(&unknown.shop));
        assert_eq!(recall(&account).is_some(), kept);
        // Cleared by the clerk: forgotten.
        let mut cleared = s.clone();
        cleared.shop.password.clear();
        assert!(cleared.shop.keep_password(&s.shop));
        assert_eq!(recall(&account), None);
        // A file from before the keyring: the password in the address moves there at start
        // when the keyring takes it, and stays in the address when there is none.
        let old = store::shop_address_with_password(&s.shop.database, "old pw");
        std::fs::write(file_in(&dir), format!("[shop]\ndatabase = {old:?}\n")).unwrap();
        let loaded = Settings::load(&dir).unwrap().unwrap();
        assert_eq!(loaded.shop.connection().as_deref(), Some(old.as_str()));
        if recall(&account).is_some() {
            assert_eq!(loaded.shop.database, s.shop.database);
            assert_eq!(loaded.shop.password, "old pw");
            crate::session::secrets::forget(&account);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_counter_name_is_written_trimmed_and_cut_to_its_most() {
        let shop = |name: &str| ShopSettings {
            counter: name.into(),
            ..ShopSettings::default()
        };
        assert_eq!(shop("  Kassa 2 ").counter_name(), "Kassa 2");
        let long = "Oʻ".repeat(ShopSettings::COUNTER_NAME_MAX);
        let written = shop(&long).counter_name();
        assert_eq!(written.chars().count(), ShopSettings::COUNTER_NAME_MAX);
        assert!(long.starts_with(&written));
    }

    #[test]
    fn plain_http_beyond_this_computer_is_unencrypted() {
        let elsewhere = [
            "http://api.example.uz/legacy/index.php",
            "http://10.0.0.5:8080",
        ];
        let here_or_encrypted = [
            "https://api.example.uz",
            "http://127.0.0.1:8080/legacy/index.php",
            "http://localhost:8080",
            "http://[::1]:8080",
            "not a url",
        ];
        testkit::sorts(unencrypted, &elsewhere, &here_or_encrypted);
    }
}
