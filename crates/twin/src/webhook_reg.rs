//! Webhook registration as both interfaces take it (legacy `v1/webhook/add`, current
//! `webhook-config`): one set of checks, one record per customer.

use super::http_util::*;
use super::messages as msg;
use super::model::{Iface, WebhookReg};
use super::shared::Shared;
use super::world::local_now;
use api::codes::{Environment, Language};
use api::webhook::{PartnerKey, WebhookConfig, WebhookConfigRequest};
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use url::Host;

/// Registration shared by both interfaces; `environment_required` on the current one.
pub(crate) fn webhook_config(
    s: &Shared,
    lang: Language,
    customer: i64,
    raw: &Value,
    via: Iface,
    environment_required: bool,
) -> Result<WebhookConfig, api::FieldErrors> {
    let mut check = Check::new(lang);
    check.required(raw, &["webhook_url"]);
    if environment_required {
        check.required(raw, &["environment"]);
    }
    if let Some(env) = raw.get("environment").and_then(Value::as_str)
        && Environment::parse(env).is_none()
    {
        check.push("environment", msg::invalid(lang, "environment"));
    }
    // Every field's problem at once, as the service lists them: the address and the key are
    // read from the body as sent, before its types are.
    let raw = &with_contract_key_name(raw);
    if let Some(address) = raw.get("webhook_url").and_then(Value::as_str) {
        match url::Url::parse(address.trim()) {
            Ok(u) if u.scheme() == "http" || u.scheme() == "https" => {
                if points_at_twin(u.as_str(), &s.addresses) {
                    check.push("webhook_url", msg::webhook_to_itself(lang));
                }
            }
            _ => check.push("webhook_url", msg::invalid(lang, "webhook_url")),
        }
    }
    let key = raw
        .get(api::webhook::headers::PARTNER_KEY)
        .and_then(Value::as_str);
    check.max_len("partner-apiKey", key, 512);
    if !check.ok() {
        return Err(check.fields);
    }
    let Some(req) = check.typed::<WebhookConfigRequest>(raw) else {
        return Err(check.fields);
    };
    // A receiver that wants a token and named no key gets a random one, told in the answer:
    // never one derived from the company, which anyone could work out.
    let api_key = match req.partner_api_key.clone() {
        None if req.has_token => Some(super::links::random_hex(20)),
        key => key,
    };
    let date = local_now().format("%Y-%m-%d").to_string();
    let environment = req.environment.unwrap_or_default();
    s.world().set_webhook(WebhookReg {
        customer_id: customer,
        url: req.webhook_url.trim().to_string(),
        has_token: req.has_token,
        environment,
        api_key: api_key.clone(),
        via,
        date: date.clone(),
        body: None,
    });
    Ok(WebhookConfig {
        webhook_url: req.webhook_url.trim().to_string(),
        method: "POST".into(),
        date,
        has_token: req.has_token,
        environment,
        key: PartnerKey::new(api_key),
    })
}

/// Production names the API key with the provider's prefix (`<prefix>-apiKey`); the contract
/// writes `partner-apiKey`. Any `*-apiKey` field is taken as the key when the contract's is absent.
fn with_contract_key_name(raw: &Value) -> Value {
    let mut body = raw.clone();
    if let Some(map) = body.as_object_mut()
        && !map.contains_key(api::webhook::headers::PARTNER_KEY)
        && let Some(name) = map.keys().find(|k| k.ends_with("-apiKey")).cloned()
        && let Some(key) = map.remove(&name)
    {
        map.insert(api::webhook::headers::PARTNER_KEY.to_string(), key);
    }
    body
}

/// True when `address` would reach this twin: a loopback, unspecified or own address (or
/// `localhost`) on one of the ports it listens on.
pub(crate) fn points_at_twin(address: &str, own: &[SocketAddr]) -> bool {
    let Ok(url) = url::Url::parse(address) else {
        return false;
    };
    let Some(port) = url.port_or_known_default() else {
        return false;
    };
    if !own.iter().any(|a| a.port() == port) {
        return false;
    }
    match url.host() {
        Some(Host::Domain(d)) => {
            let d = d.trim_end_matches('.').to_ascii_lowercase();
            d == "localhost" || d.ends_with(".localhost")
        }
        Some(Host::Ipv4(ip)) => is_own(IpAddr::V4(ip), own),
        Some(Host::Ipv6(ip)) => is_own(IpAddr::V6(ip), own),
        None => false,
    }
}

/// Whether `ip` is this machine as the twin listens on it: a loopback, unspecified or own address
/// (an IPv4 one written as IPv6 too).
fn is_own(ip: IpAddr, own: &[SocketAddr]) -> bool {
    let local =
        |ip: IpAddr| ip.is_loopback() || ip.is_unspecified() || own.iter().any(|a| a.ip() == ip);
    match ip {
        IpAddr::V6(v6) => local(ip) || v6.to_ipv4_mapped().is_some_and(|v4| local(IpAddr::V4(v4))),
        IpAddr::V4(_) => local(ip),
    }
}

/// As [`points_at_twin`], with a host name resolved as the delivery would resolve it: a name
/// from the hosts file (or any resolver) that leads to this machine on one of the twin's ports
/// reaches the twin as surely as 127.0.0.1 does. Asked at each delivery, since what a name
/// resolves to may change after it was registered.
pub(crate) async fn resolves_to_twin(address: &str, own: &[SocketAddr]) -> bool {
    if points_at_twin(address, own) {
        return true;
    }
    let Ok(url) = url::Url::parse(address) else {
        return false;
    };
    let (Some(Host::Domain(name)), Some(port)) = (url.host(), url.port_or_known_default()) else {
        return false;
    };
    if !own.iter().any(|a| a.port() == port) {
        return false;
    }
    match tokio::net::lookup_host((name, port)).await {
        Ok(found) => any_own(found.map(|a| a.ip()), own),
        // A name that resolves to nothing reaches nothing.
        Err(_) => false,
    }
}

fn any_own(found: impl IntoIterator<Item = IpAddr>, own: &[SocketAddr]) -> bool {
    found.into_iter().any(|ip| is_own(ip, own))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_resolved_to_this_machine_is_the_twin() {
        let own = [SocketAddr::from(([127, 0, 0, 1], 8080))];
        let v4 = |a, b, c, d| IpAddr::from([a, b, c, d]);
        assert!(any_own([v4(10, 0, 0, 5), v4(127, 0, 1, 1)], &own));
        assert!(any_own(
            ["::ffff:127.0.0.1".parse().expect("an address")],
            &own
        ));
        assert!(any_own([v4(0, 0, 0, 0)], &own));
        assert!(!any_own([v4(10, 0, 0, 5), v4(93, 184, 216, 34)], &own));
    }

    #[tokio::test]
    async fn this_machines_own_names_are_resolved_before_a_delivery() {
        let own = [SocketAddr::from(([127, 0, 0, 1], 8080))];
        // Every name the hosts file gives this machine (`localhost` is caught without a lookup).
        let hosts = std::fs::read_to_string("/etc/hosts").unwrap_or_default();
        let names: Vec<&str> = hosts
            .lines()
            .filter(|l| l.starts_with("127."))
            .flat_map(|l| l.split_whitespace().skip(1))
            .filter(|n| !n.starts_with('#'))
            .collect();
        assert!(
            !names.is_empty(),
            "no name for 127.0.0.1 in /etc/hosts: {hosts}"
        );
        for name in names {
            let at = format!("http://{name}:8080/sandbox/tokens/expire");
            assert!(resolves_to_twin(&at, &own).await, "{at}");
        }
        assert!(!resolves_to_twin("http://no-such-host.invalid:8080/", &own).await);
    }

    #[test]
    fn addresses_of_the_twin_itself_are_recognised() {
        let own = [SocketAddr::from(([127, 0, 0, 1], 8080))];
        for at in [
            "http://127.0.0.1:8080/x",
            "http://localhost:8080/sandbox/tokens/expire",
            "http://LOCALHOST.:8080/",
            "http://127.1.2.3:8080/",
            "http://0.0.0.0:8080/",
            "http://[::1]:8080/",
            "http://[::ffff:127.0.0.1]:8080/",
        ] {
            assert!(points_at_twin(at, &own), "{at}");
        }
        for away in [
            "http://127.0.0.1:9090/hook",
            "https://example.com:8080/hook",
            "http://10.0.0.5:8080/hook",
            "not a url",
        ] {
            assert!(!points_at_twin(away, &own), "{away}");
        }
    }
}
