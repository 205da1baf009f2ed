//! Text helpers shared by the twin's seed data and the desk's search: Uzbek Latin ↔ Cyrillic.

pub mod translit;
