//! Which service the desk's orders belong to. Order ids, barcodes and keys are the service's
//! own, so the journal keeps every row under a [`ServiceKey`]: the same id at another service,
//! another company, or a twin that started over is another order.
//!
//! - A configured service is its legacy and current addresses (normalised: no trailing slash,
//!   host in lower case) and the company's tax number. The warehouse address holds no orders.
//! - The embedded twin of demo mode is the name of its records (kept in its data file beside the
//!   desk's database) and the company: restarting the desk continues the same twin; a twin whose
//!   file was lost is a new service whose ids may repeat the old ones.

use store::ServiceKey;

/// Where the orders of a session live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServiceOrigin<'a> {
    /// The embedded twin, named by its records.
    Twin { instance: &'a str },
    /// A service at these addresses.
    Urls { legacy: &'a str, current: &'a str },
}

/// The key of a company's orders at a service.
pub fn service_key(origin: &ServiceOrigin<'_>, company: &str) -> ServiceKey {
    let company = company.trim();
    match origin {
        ServiceOrigin::Twin { instance } => ServiceKey::new(format!("twin:{instance}|{company}")),
        ServiceOrigin::Urls { legacy, current } => ServiceKey::new(format!(
            "svc:{}|{}|{company}",
            normalise(legacy),
            normalise(current)
        )),
    }
}

/// An address as the service is reached: scheme and host in lower case (the URL parser does
/// that), no trailing slash, no fragment; text that does not parse stays as typed, trimmed.
fn normalise(address: &str) -> String {
    match url::Url::parse(address.trim()) {
        Ok(mut u) => {
            u.set_fragment(None);
            u.to_string().trim_end_matches('/').to_string()
        }
        Err(_) => address.trim().trim_end_matches('/').to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_service_written_differently_is_one_key() {
        let a = ServiceOrigin::Urls {
            legacy: "https://API.Example.uz/index.php",
            current: "https://api.example.uz/v2/",
        };
        let b = ServiceOrigin::Urls {
            legacy: " https://api.example.uz/index.php ",
            current: "https://api.example.uz/v2",
        };
        assert_eq!(service_key(&a, "123456789"), service_key(&b, " 123456789"));
    }

    #[test]
    fn another_company_host_or_twin_is_another_service() {
        let urls = ServiceOrigin::Urls {
            legacy: "https://a.uz/index.php",
            current: "https://a.uz/api",
        };
        let keys = [
            service_key(&urls, "123456789"),
            service_key(&urls, "987654321"),
            service_key(
                &ServiceOrigin::Urls {
                    legacy: "https://b.uz/index.php",
                    current: "https://a.uz/api",
                },
                "123456789",
            ),
            service_key(&ServiceOrigin::Twin { instance: "x" }, "123456789"),
            service_key(&ServiceOrigin::Twin { instance: "y" }, "123456789"),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
