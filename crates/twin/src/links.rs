//! The twin's public links and the key that signs them. A label names a receiver, a phone and an
//! address, so a link to one carries an HMAC over what it opens (the orders, their company and,
//! for the temporary sticker link, its expiry): changing an id or the expiry breaks the signature.
//! The key is random, kept in the data file so that links survive a restart.

use ring::hmac;
use ring::rand::{SecureRandom, SystemRandom};

/// `n` random bytes from the system, as lowercase hex (tokens, keys, secrets).
pub(crate) fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    if SystemRandom::new().fill(&mut bytes).is_err() {
        // The system's generator does not fail on supported platforms; if it ever does, the
        // standard library's randomly keyed hasher still gives values no client can predict.
        use std::hash::{BuildHasher, Hasher};
        for chunk in bytes.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_usize(chunk.len());
            let word = h.finish().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub struct Links {
    base: String,
    key: hmac::Key,
}

impl Links {
    /// Links under `base` (the twin's address) signed with `secret`.
    pub fn new(base: String, secret: &str) -> Links {
        Links {
            base,
            key: hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes()),
        }
    }

    pub fn base(&self) -> &str {
        &self.base
    }

    fn message(ids: &[i64], customer: i64, expires: Option<i64>) -> String {
        let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
        format!(
            "labels|{}|{customer}|{}",
            ids.join(","),
            expires.map(|e| e.to_string()).unwrap_or_default()
        )
    }

    fn sign(&self, ids: &[i64], customer: i64, expires: Option<i64>) -> String {
        let tag = hmac::sign(&self.key, Self::message(ids, customer, expires).as_bytes());
        tag.as_ref().iter().map(|b| format!("{b:02x}")).collect()
    }

    /// True when `signature` was made by this twin for exactly these orders, company and expiry.
    pub fn verify(
        &self,
        ids: &[i64],
        customer: i64,
        expires: Option<i64>,
        signature: &str,
    ) -> bool {
        let Some(tag) = from_hex(signature) else {
            return false;
        };
        let message = Self::message(ids, customer, expires);
        hmac::verify(&self.key, message.as_bytes(), &tag).is_ok()
    }

    /// The permanent link to one order's label (legacy create and detail answers).
    pub fn label(&self, customer: i64, id: i64) -> String {
        format!(
            "{}/labels/{id}.pdf?c={customer}&sig={}",
            self.base,
            self.sign(&[id], customer, None)
        )
    }

    /// The temporary link to several orders' labels (the current interface's sticker route).
    pub fn sticker(&self, customer: i64, ids: &[i64], expires: i64) -> String {
        let list: Vec<String> = ids.iter().map(i64::to_string).collect();
        format!(
            "{}/labels/sticker.pdf?ids={}&c={customer}&expires={expires}&sig={}",
            self.base,
            list.join(","),
            self.sign(ids, customer, Some(expires))
        )
    }
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || text.len() > 128 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_opens_only_what_it_was_made_for() {
        let links = Links::new("http://twin".into(), &random_hex(32));
        let sig = links.sign(&[7, 8], 1, Some(100));
        assert!(links.verify(&[7, 8], 1, Some(100), &sig));
        assert!(!links.verify(&[7, 9], 1, Some(100), &sig));
        assert!(!links.verify(&[7, 8], 2, Some(100), &sig));
        assert!(!links.verify(&[7, 8], 1, Some(101), &sig));
        assert!(!links.verify(&[7, 8], 1, None, &sig));
        assert!(!links.verify(&[7, 8], 1, Some(100), "zz"));
        let other = Links::new("http://twin".into(), &random_hex(32));
        assert!(!other.verify(&[7, 8], 1, Some(100), &sig));
        assert_ne!(random_hex(20), random_hex(20));
        assert_eq!(random_hex(20).len(), 40);
    }
}
