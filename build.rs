//! Rebuilds when a translation catalog changes: they are compiled into the program, and cargo
//! does not otherwise know the Rust code depends on them.

fn main() {
    println!("cargo:rerun-if-changed=assets/locales");
    for lang in ["en", "ru", "uz"] {
        println!("cargo:rerun-if-changed=assets/locales/{lang}.toml");
    }
}
