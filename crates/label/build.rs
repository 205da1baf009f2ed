//! Rebuilds when a translation catalog changes: they are compiled into this crate (its
//! documents are written in the clerk's language), and cargo does not otherwise know it.

fn main() {
    for lang in ["en", "ru", "uz"] {
        println!("cargo:rerun-if-changed=../../assets/locales/{lang}.toml");
    }
}
