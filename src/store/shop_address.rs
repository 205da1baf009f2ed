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

use super::StoreError;
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
    pub fn read(text: &str) -> Result<ShopAddress, StoreError> {
        let text = text.trim();
        let (rest, tls) = if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            from_url(text)
        } else {
            from_settings(text)
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
    pub fn connect(&self) -> Result<postgres::Client, StoreError> {
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

/// The TLS settings taken out of an address.
#[derive(Default)]
struct TlsWords {
    mode: Option<String>,
    root: Option<String>,
}

/// `postgres://…?sslmode=…&sslrootcert=…`: the two taken out of the query, the rest kept as
/// written.
fn from_url(text: &str) -> (String, TlsWords) {
    let Some((base, query)) = text.split_once('?') else {
        return (text.to_string(), TlsWords::default());
    };
    let mut tls = TlsWords::default();
    let mut kept = Vec::new();
    for raw in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = url::form_urlencoded::parse(raw.as_bytes())
            .next()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .unwrap_or_default();
        match key.as_str() {
            "sslmode" => tls.mode = Some(value),
            "sslrootcert" => tls.root = Some(value),
            _ => kept.push(raw),
        }
    }
    let rest = if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    (rest, tls)
}

/// `host=… sslmode=… sslrootcert='…'`: the two taken out, the other settings kept as written.
fn from_settings(text: &str) -> (String, TlsWords) {
    let mut tls = TlsWords::default();
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
        match key.as_str() {
            "sslmode" => tls.mode = Some(value),
            "sslrootcert" => tls.root = Some(value),
            _ => kept.push(&text[start..end]),
        }
    }
    (kept.join(" "), tls)
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
        let dir = crate::test_support::fresh_dir("shop-ca");
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
