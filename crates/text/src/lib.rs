//! A crate of its own because the twin, the journal and the desk search text the same way: one
//! transliteration, so a city found by one is found by all.
//!
//! Text helpers shared by the twin's seed data and the desk's search (Uzbek Latin ↔ Cyrillic),
//! days as the clerk types them, and numbers as each language writes them.

pub mod day;
pub mod number;
pub mod place_kind;
pub mod plural;
pub mod search_keys;
pub mod translit;
