//! A small seeded generator (splitmix64) for fault rolls and token ids: the twin needs no
//! cryptographic randomness, and a seed makes a test run repeatable.

#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// True with probability `p` (0..=1).
    pub fn chance(&mut self, p: f64) -> bool {
        if p <= 0.0 {
            return false;
        }
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
    }

    pub fn hex(&mut self, bytes: usize) -> String {
        let mut s = String::with_capacity(bytes * 2);
        while s.len() < bytes * 2 {
            s.push_str(&format!("{:016x}", self.next_u64()));
        }
        s.truncate(bytes * 2);
        s
    }
}
