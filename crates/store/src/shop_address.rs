//! Reading the shop database's address as a shop's administrator writes it for any PostgreSQL
//! program: a `postgres://` URL or `key=value` settings, with libpq's TLS settings.
//!
//! - No `sslmode`, or `disable` / `prefer`: a plain connection, as on a shop's own network.
//! - `sslmode=require` (and `verify-ca`, `verify-full`): encrypted, and the server must prove
//!   itself with a certificate for the host it was asked for, issued by an authority the counter
//!   trusts: the public ones, or, with `sslrootcert=/path/ca.pem`, only the shop's own (a server
//!   with a self-made certificate). A connection that cannot be proven is refused, never made
//!   plain.
//!
//! The PostgreSQL client reads the rest; it knows `sslmode` only as far as `require` and not
//! `sslrootcert`, so those two are taken out here before it reads the text.
//!
//! A password is never kept in the address the settings file holds: [`split_password`] takes
//! one typed into it out (for the keyring), and [`with_password`] puts it back for connecting.

use super::StoreError;
use std::collections::HashMap;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

/// How the counter talks to the shop's server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Security {
    Plain,
    /// TLS with the server's certificate checked against these authorities.
    Verified(Authorities),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Authorities {
    /// The public certificate authorities (as browsers trust them).
    Public,
    /// Only the ones in this PEM file.
    File(PathBuf),
}

/// The shop database's address, read.
pub(super) struct ShopAddress {
    pub config: postgres::Config,
    pub security: Security,
}

impl ShopAddress {
    pub(crate) fn read(text: &str) -> Result<ShopAddress, StoreError> {
        let text = text.trim();
        let (rest, taken) = take_out(text, &["sslmode", "sslrootcert"]);
        let tls = TlsWords {
            mode: taken.get("sslmode").cloned(),
            root: taken.get("sslrootcert").cloned(),
        };
        let security = match tls.mode.as_deref() {
            None | Some("disable" | "prefer") => Security::Plain,
            Some("require" | "verify-ca" | "verify-full") => Security::Verified(match tls.root {
                Some(path) => Authorities::File(PathBuf::from(path)),
                None => Authorities::Public,
            }),
            Some(other) => {
                return Err(StoreError::Certificate(format!(
                    "sslmode {other:?} is not one of disable, prefer, require, verify-ca, verify-full"
                )));
            }
        };
        let mut config = postgres::Config::from_str(&rest)?;
        config.ssl_mode(match security {
            Security::Plain => postgres::config::SslMode::Disable,
            Security::Verified(_) => postgres::config::SslMode::Require,
        });
        Ok(ShopAddress { config, security })
    }

    /// Opens the connection this address asks for.
    pub(crate) fn connect(&self) -> Result<postgres::Client, StoreError> {
        match &self.security {
            Security::Plain => Ok(self.config.connect(postgres::NoTls)?),
            Security::Verified(authorities) => {
                Ok(self.config.connect(tls_connector(authorities)?)?)
            }
        }
    }
}

/// Whether `text` reads as a shop database's address.
pub fn readable(text: &str) -> bool {
    ShopAddress::read(text).is_ok()
}

/// The address with its password taken out, and that password: from a URL's user
/// (`postgres://desk:secret@host/shop`), its query (`?password=secret`) or a `password=`
/// setting. The rest is kept as written.
pub fn split_password(text: &str) -> (String, Option<String>) {
    let text = text.trim();
    let (rest, mut taken) = take_out(text, &["password"]);
    let (rest, in_user) = if is_url(&rest) {
        user_password_out(&rest)
    } else {
        (rest, None)
    };
    (rest, in_user.or(taken.remove("password")))
}

/// The address with `password` put back, in the address's own form (a URL's query, or a
/// quoted setting); an empty password leaves it as it is.
pub fn with_password(text: &str, password: &str) -> String {
    let text = text.trim();
    if password.is_empty() {
        return text.to_string();
    }
    if is_url(text) {
        let mut encoded = String::new();
        for b in password.bytes() {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                encoded.push(char::from(b));
            } else {
                encoded.push_str(&format!("%{b:02X}"));
            }
        }
        let joint = if text.contains('?') { '&' } else { '?' };
        format!("{text}{joint}password={encoded}")
    } else {
        let quoted = password.replace('\\', "\\\\").replace('\'', "\\'");
        format!("{text} password='{quoted}'")
    }
}

fn is_url(text: &str) -> bool {
    text.starts_with("postgres://") || text.starts_with("postgresql://")
}

/// `postgres://user:password@hosts/…`: the password taken out of the user part.
fn user_password_out(url: &str) -> (String, Option<String>) {
    let Some((scheme, rest)) = url.split_once("://") else {
        return (url.to_string(), None);
    };
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let Some((user, hosts)) = authority.rsplit_once('@') else {
        return (url.to_string(), None);
    };
    let Some((name, password)) = user.split_once(':') else {
        return (url.to_string(), None);
    };
    (
        format!("{scheme}://{name}@{hosts}{tail}"),
        Some(percent_decoded(password)),
    )
}

/// `%XX` read as the byte it names (a URL's parts are so escaped; `+` is itself there).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .filter(|_| bytes[i] == b'%')
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match hex {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The TLS settings taken out of an address.
#[derive(Default)]
struct TlsWords {
    mode: Option<String>,
    root: Option<String>,
}

/// The settings named `keys` taken out of an address, in either form; the rest kept as written.
fn take_out(text: &str, keys: &[&str]) -> (String, HashMap<String, String>) {
    if is_url(text) {
        from_url(text, keys)
    } else {
        from_settings(text, keys)
    }
}

/// `postgres://…?sslmode=…&sslrootcert=…`: the keys taken out of the query.
fn from_url(text: &str, keys: &[&str]) -> (String, HashMap<String, String>) {
    let Some((base, query)) = text.split_once('?') else {
        return (text.to_string(), HashMap::new());
    };
    let mut taken = HashMap::new();
    let mut kept = Vec::new();
    for raw in query.split('&').filter(|p| !p.is_empty()) {
        // Read as the PostgreSQL client reads them: `%XX` escapes, and `+` is a plus.
        let (key, value) = raw.split_once('=').unwrap_or((raw, ""));
        let (key, value) = (percent_decoded(key), percent_decoded(value));
        if keys.contains(&key.as_str()) {
            taken.insert(key, value);
        } else {
            kept.push(raw);
        }
    }
    let rest = if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    (rest, taken)
}

/// `host=… sslmode=… sslrootcert='…'`: the keys taken out, the other settings kept as written.
fn from_settings(text: &str, keys: &[&str]) -> (String, HashMap<String, String>) {
    let mut taken = HashMap::new();
    let mut kept = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        // One setting: a key, `=` (spaces allowed around it), a bare or quoted value.
        let mut key = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if c == '=' || c.is_whitespace() {
                break;
            }
            key.push(c);
            chars.next();
        }
        while chars.peek().is_some_and(|&(_, c)| c.is_whitespace()) {
            chars.next();
        }
        let mut value = String::new();
        if chars.peek().is_some_and(|&(_, c)| c == '=') {
            chars.next();
            while chars.peek().is_some_and(|&(_, c)| c.is_whitespace()) {
                chars.next();
            }
            if chars.peek().is_some_and(|&(_, c)| c == '\'') {
                chars.next();
                while let Some((_, c)) = chars.next() {
                    match c {
                        '\'' => break,
                        '\\' => value.extend(chars.next().map(|(_, c)| c)),
                        c => value.push(c),
                    }
                }
            } else {
                while let Some(&(_, c)) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        let end = chars.peek().map_or(text.len(), |&(i, _)| i);
        if keys.contains(&key.as_str()) {
            taken.insert(key, value);
        } else {
            kept.push(&text[start..end]);
        }
    }
    (kept.join(" "), taken)
}

/// A TLS connector that trusts only `authorities`.
fn tls_connector(
    authorities: &Authorities,
) -> Result<tokio_postgres_rustls::MakeRustlsConnect, StoreError> {
    use rustls::pki_types::CertificateDer;
    use rustls::pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    match authorities {
        Authorities::Public => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
        Authorities::File(path) => {
            let shown = path.display();
            let pem = std::fs::read(path)
                .map_err(|e| StoreError::Certificate(format!("{shown}: {e}")))?;
            for cert in CertificateDer::pem_slice_iter(&pem) {
                let cert = cert.map_err(|e| StoreError::Certificate(format!("{shown}: {e}")))?;
                roots
                    .add(cert)
                    .map_err(|e| StoreError::Certificate(format!("{shown}: {e}")))?;
            }
            if roots.is_empty() {
                return Err(StoreError::Certificate(format!(
                    "{shown}: no certificate in the file"
                )));
            }
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| StoreError::Certificate(e.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(tokio_postgres_rustls::MakeRustlsConnect::new(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn security(text: &str) -> Security {
        ShopAddress::read(text).map(|a| a.security).expect(text)
    }

    fn password_of(text: &str) -> Option<String> {
        let address = ShopAddress::read(text).expect(text);
        let sent = address.config.get_password()?;
        Some(String::from_utf8(sent.to_vec()).expect("utf-8"))
    }

    #[test]
    fn a_password_typed_into_the_address_is_taken_out_whole() {
        let cases = [
            (
                "postgres://desk:s%40cr+t@10.0.0.2:5433/shop",
                "postgres://desk@10.0.0.2:5433/shop",
                "s@cr+t",
            ),
            (
                "postgres://desk@db/shop?password=a%26b&sslmode=require",
                "postgres://desk@db/shop?sslmode=require",
                "a&b",
            ),
            (
                "postgres://desk@db/shop?password=a+b",
                "postgres://desk@db/shop",
                "a+b",
            ),
            (
                "host=db password = 'o\\'k x' dbname=shop",
                "host=db dbname=shop",
                "o'k x",
            ),
            (
                "host=db user=desk password=plain",
                "host=db user=desk",
                "plain",
            ),
        ];
        for (typed, kept, password) in cases {
            assert_eq!(
                split_password(typed),
                (kept.to_string(), Some(password.into())),
                "{typed}"
            );
        }
        for none in [
            "postgres://desk@db/shop",
            "host=db dbname=shop",
            "postgres://db/shop?x=y",
        ] {
            assert_eq!(split_password(none), (none.to_string(), None));
        }
    }

    #[test]
    fn a_password_put_back_reaches_the_server_as_typed_in_either_form() {
        for address in [
            "postgres://desk@db/shop",
            "postgres://desk@db/shop?sslmode=require",
            "host=db user=desk dbname=shop",
        ] {
            for password in ["plain", "with space", "q'uote\\back", "p%20+&=?@/:ü"] {
                let joined = with_password(address, password);
                assert_eq!(password_of(&joined).as_deref(), Some(password), "{joined}");
                assert_eq!(
                    split_password(&joined),
                    (address.into(), Some(password.into()))
                );
            }
            assert_eq!(with_password(address, ""), address);
            assert_eq!(password_of(address), None);
        }
        // TLS settings still read with the password beside them.
        let tls = with_password("host=db sslmode=require dbname=shop", "x y");
        assert_eq!(security(&tls), Security::Verified(Authorities::Public));
    }

    #[test]
    fn plain_unless_tls_is_asked_for() {
        assert_eq!(
            security("host=/run/postgresql dbname=shop"),
            Security::Plain
        );
        assert_eq!(security("postgres://desk@10.0.0.2/shop"), Security::Plain);
        assert_eq!(
            security("postgres://desk@10.0.0.2/shop?sslmode=prefer"),
            Security::Plain
        );
    }

    #[test]
    fn require_checks_the_server_against_the_public_or_the_shops_own_authority() {
        assert_eq!(
            security("host=db.shop.uz sslmode=require dbname=shop"),
            Security::Verified(Authorities::Public)
        );
        let own = Security::Verified(Authorities::File("/etc/shop ca.pem".into()));
        assert_eq!(
            security("host=10.0.0.2 sslmode=verify-full sslrootcert='/etc/shop ca.pem' user=desk"),
            own
        );
        assert_eq!(
            security(
                "postgresql://desk@10.0.0.2:5433/shop?sslrootcert=%2Fetc%2Fshop%20ca.pem&sslmode=verify-ca&connect_timeout=3"
            ),
            own
        );
    }

    #[test]
    fn the_other_settings_are_read_as_written() {
        let a = ShopAddress::read(
            "postgres://desk@10.0.0.2:5433/shop?sslmode=require&connect_timeout=3",
        )
        .unwrap();
        assert_eq!(a.config.get_dbname(), Some("shop"));
        assert_eq!(a.config.get_ports(), [5433]);
        assert_eq!(
            a.config.get_connect_timeout(),
            Some(&std::time::Duration::from_secs(3))
        );
        let b = ShopAddress::read(
            "host = 10.0.0.2  sslrootcert = '/a b/c.pem' port=5433 sslmode=require",
        )
        .unwrap();
        assert_eq!(b.config.get_ports(), [5433]);
        assert_eq!(
            b.security,
            Security::Verified(Authorities::File("/a b/c.pem".into()))
        );
    }

    #[test]
    fn an_unknown_mode_or_an_unusable_authority_file_is_said() {
        assert!(!readable("host=x sslmode=sometimes"));
        assert!(!readable("host=x nonsense=1"));
        let missing = ShopAddress::read("host=127.0.0.1 sslmode=require sslrootcert=/no/such.pem")
            .unwrap()
            .connect();
        assert!(
            matches!(&missing, Err(StoreError::Certificate(m)) if m.contains("/no/such.pem")),
            "{:?}",
            missing.err()
        );
        let dir = testkit::fresh_dir("shop-ca");
        let empty = dir.join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let text = format!(
            "host=127.0.0.1 sslmode=require sslrootcert={}",
            empty.display()
        );
        let none = ShopAddress::read(&text).unwrap().connect();
        assert!(
            matches!(&none, Err(StoreError::Certificate(m)) if m.contains("no certificate")),
            "{:?}",
            none.err()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
