//! The catalog is complete: uz, ru and en hold the same keys; every key the code names exists,
//! whether asked for at once (`t!("…")`) or handed along first (a `key()` of an enum, a table of
//! keys, a `format!` prefix); and no text the clerk reads is written into a widget past the
//! catalog.

use std::collections::BTreeSet;
use std::path::Path;

fn keys(lang: &str) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/locales/{lang}.toml"));
    let text = std::fs::read_to_string(&path).expect("catalog readable");
    let table: toml::Table = toml::from_str(&text).expect("catalog is TOML");
    let mut out = BTreeSet::new();
    flatten("", &toml::Value::Table(table), &mut out);
    out
}

fn flatten(prefix: &str, v: &toml::Value, out: &mut BTreeSet<String>) {
    match v {
        toml::Value::Table(t) => {
            for (k, v) in t {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, out);
            }
        }
        toml::Value::String(s) => {
            assert!(!s.trim().is_empty(), "{prefix} is empty");
            out.insert(prefix.to_string());
        }
        other => panic!("{prefix} is not text: {other:?}"),
    }
}

#[test]
fn every_language_has_every_key() {
    let en = keys("en");
    for lang in ["uz", "ru"] {
        let other = keys(lang);
        let missing: Vec<_> = en.difference(&other).collect();
        let extra: Vec<_> = other.difference(&en).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}: missing {missing:?}, extra {extra:?}"
        );
    }
}

#[test]
fn every_key_the_code_uses_exists() {
    let en = keys("en");
    let mut used = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![root.join("src"), root.join("crates")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src readable").flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&p).expect("source readable");
                for (at, _) in text.match_indices("t!(\"") {
                    let before = text[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue; // format!(, print!( ...
                    }
                    let rest = &text[at + 4..];
                    if let Some(end) = rest.find('"') {
                        used.push((p.display().to_string(), rest[..end].to_string()));
                    }
                }
            }
        }
    }
    assert!(used.len() > 50, "the scan found the keys");
    let unknown: Vec<_> = used.iter().filter(|(_, k)| !en.contains(k)).collect();
    assert!(unknown.is_empty(), "unknown keys: {unknown:?}");
}

/// The Rust sources of the desk: the app's and its crates' (not the twin, not the wire types:
/// their texts are the service's), each with its text.
fn desk_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates = root.join("crates");
    let mut out = Vec::new();
    let mut stack = vec![root.join("src"), crates.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src readable").flatten() {
            let p = entry.path();
            if p.is_dir() {
                if !["twin", "api"].iter().any(|d| p == crates.join(d)) {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&p).expect("source readable");
                out.push((p.display().to_string(), text));
            }
        }
    }
    out
}

/// Every string literal of a Rust source with what stands just before it (skipping comments
/// and character literals such as `'"'`).
fn literals(text: &str) -> Vec<(String, String)> {
    let b = text.as_bytes();
    let (mut i, mut out) = (0, Vec::new());
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'\'' if b.get(i + 2) == Some(&b'\'') => i += 3,
            b'\'' if b.get(i + 1) == Some(&b'\\') && b.get(i + 3) == Some(&b'\'') => i += 4,
            b'"' => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                let before = text[..i].chars().rev().take(24).collect::<Vec<_>>();
                let before: String = before.into_iter().rev().collect();
                out.push((before, text[start..j.min(b.len())].to_string()));
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

#[test]
fn every_key_named_anywhere_exists() {
    let en = keys("en");
    let sections: BTreeSet<&str> = en.iter().filter_map(|k| k.split('.').next()).collect();
    // Literals of the catalog's form that are not catalog keys.
    let not_keys = ["settings.toml"];
    let mut unknown = Vec::new();
    let mut named = 0;
    for (path, text) in desk_sources() {
        for (_, lit) in literals(&text) {
            let Some((section, rest)) = lit.split_once('.') else {
                continue;
            };
            let key_like = |s: &str| {
                !s.is_empty()
                    && s.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
            };
            if !sections.contains(section) || not_keys.contains(&lit.as_str()) {
                continue;
            }
            // `format!("eod.csv_{k}")`: some key must start so.
            if let Some((prefix, _)) = rest.split_once('{') {
                if key_like(prefix) {
                    named += 1;
                    let whole = format!("{section}.{prefix}");
                    if !en.iter().any(|k| k.starts_with(&whole)) {
                        unknown.push(format!("{path}: {lit}"));
                    }
                }
                continue;
            }
            if key_like(rest) {
                named += 1;
                if !en.contains(&lit) {
                    unknown.push(format!("{path}: {lit}"));
                }
            }
        }
    }
    assert!(named > 500, "the scan found the keys ({named})");
    assert!(
        unknown.is_empty(),
        "named but not in the catalog: {unknown:#?}"
    );
}

/// The warehouse screens name a field once (`field!(d.inn)`, `fields!(d: inn, kpp)`,
/// `detail!(f.inn, opt)`): its label is the catalog's `wms.` and its name, which must exist.
#[test]
fn every_warehouse_field_named_by_its_name_has_a_label() {
    let en = keys("en");
    let mut named = Vec::new();
    for (path, text) in desk_sources() {
        for call in ["field!(", "fields!(", "detail!("] {
            for (at, _) in text.match_indices(call) {
                let rest = &text[at + call.len()..];
                let inside = &rest[..rest.find(')').unwrap_or(rest.len())];
                // `d.name` or `f.name, shown` for one, `d: a, b` for several.
                let names: Vec<&str> = match inside.split_once(':') {
                    Some((_, list)) => list.split(',').collect(),
                    None => inside.split(',').take(1).collect(),
                };
                for name in names {
                    let name = name.trim();
                    let name = name.rsplit('.').next().unwrap_or(name);
                    // The macros' own definitions name `$name`.
                    if !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                    {
                        named.push((path.clone(), format!("wms.{name}")));
                    }
                }
            }
        }
    }
    assert!(
        named.len() > 60,
        "the scan found the fields ({})",
        named.len()
    );
    let unknown: Vec<_> = named.iter().filter(|(_, k)| !en.contains(k)).collect();
    assert!(unknown.is_empty(), "fields without a label: {unknown:#?}");
}

#[test]
fn no_clerk_visible_text_bypasses_the_catalog() {
    // Widgets given text the clerk reads.
    let takers = [
        ".label(",
        ".button(",
        ".heading(",
        ".on_hover_text(",
        ".small_button(",
        ".selectable_label(",
        "RichText::new(",
        ".strong(",
        ".weak(",
        ".info(",
        ".error(",
        ".checkbox(",
        "Button::new(",
        "Label::new(",
    ];
    // The desk's own widgets whose text is one argument among others: a literal on the line of
    // such a call is text the clerk reads.
    let own = [
        "button_if(",
        "send_button(",
        "working(",
        "inline_field(",
        "inline_secret(",
    ];
    // Signs that read the same in every language.
    let allowed = ["◀", "▶", "№", "—", "×", "✓", "⟳", "…"];
    let mut bypass = Vec::new();
    for (path, text) in desk_sources() {
        for (before, lit) in literals(&text) {
            let line = before.rsplit('\n').next().unwrap_or("");
            // Beside the text, those calls take ids (`hook-port`): lower case, no spaces.
            let id = lit
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
            let taken = takers.iter().any(|t| before.trim_end().ends_with(t))
                || (own.iter().any(|call| line.contains(call))
                    && !id
                    && !before.trim_end().ends_with("t!("));
            // A form's `error("field")` names a field of the wire, not a text.
            let field_name = before.trim_end().ends_with(".error(")
                && lit.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let taken = taken && !field_name;
            let words = lit.chars().filter(|c| c.is_alphabetic()).count() >= 2;
            if taken && words && !allowed.contains(&lit.as_str()) && !lit.contains('{') {
                bypass.push(format!("{path}: {lit:?}"));
            }
        }
    }
    assert!(bypass.is_empty(), "text past the catalog: {bypass:#?}");
}

#[test]
fn uzbek_text_uses_the_letter_mark_not_ascii_apostrophes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales/uz.toml");
    let text = std::fs::read_to_string(path).unwrap();
    for bad in ["o'", "g'", "O'", "G'"] {
        assert!(
            !text.contains(bad),
            "uz.toml writes {bad} with an ASCII apostrophe"
        );
    }
}

/// The language is one setting for the whole program: tests that switch it take turns.
static LOCALE: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn printing_failures_are_told_in_the_clerks_language() {
    let _turn = LOCALE.lock().unwrap_or_else(|p| p.into_inner());
    use parcel_desk::desk::labels::printing::PrintProblem;
    use parcel_desk::label::print::PrintError;
    use parcel_desk::ui::widgets::errors::tell_print;
    let unreachable = PrintProblem::Printer(PrintError::Unreachable {
        address: "10.0.0.9:9100".into(),
        reason: "connection refused".into(),
    });
    let missing = PrintProblem::NotJournaled(4_300_001);
    for (lang, word) in [("ru", "Принтер"), ("uz", "printer"), ("en", "printer")] {
        rust_i18n::set_locale(lang);
        let told = tell_print(&unreachable);
        assert!(told.message.contains(word), "{lang}: {}", told.message);
        assert!(told.message.contains("10.0.0.9:9100"));
        // The system's own words stay for the details, not the message.
        assert!(!told.message.contains("refused"));
        assert_eq!(told.details.as_deref(), Some("connection refused"));
        let told = tell_print(&missing);
        assert!(told.message.contains("4300001"), "{lang}: {}", told.message);
        assert!(!told.message.contains("journal") || lang == "en");
    }
    rust_i18n::set_locale("uz");
}

#[test]
fn a_failing_database_is_told_as_such_not_as_the_services_answer() {
    let _turn = LOCALE.lock().unwrap_or_else(|p| p.into_inner());
    use parcel_desk::desk::DeskError;
    use parcel_desk::store::StoreError;
    use parcel_desk::ui::widgets::errors::tell_desk;
    rust_i18n::set_locale("en");
    let full = DeskError::Store(StoreError::Folder {
        path: "/data".into(),
        source: std::io::Error::other("No space left on device"),
    });
    let told = tell_desk(&full);
    assert!(
        told.message.contains("database on this computer"),
        "{}",
        told.message
    );
    assert!(!told.message.contains("service"), "{}", told.message);
    assert!(told.details.is_some_and(|d| d.contains("No space left")));
    rust_i18n::set_locale("uz");
}

#[test]
fn notices_follow_a_change_of_language() {
    let _turn = LOCALE.lock().unwrap_or_else(|p| p.into_inner());
    use parcel_desk::desk::DeskError;
    use parcel_desk::store::StoreError;
    use parcel_desk::ui::widgets::Toasts;
    use parcel_desk::ui::widgets::errors::tell_desk;
    let full = || {
        let e = DeskError::Store(StoreError::Folder {
            path: "/data".into(),
            source: std::io::Error::other("No space left on device"),
        });
        let told = tell_desk(&e);
        (told.message, told.details)
    };
    rust_i18n::set_locale("en");
    let mut toasts = Toasts::default();
    toasts.info("Saved.");
    toasts.act(full);
    let english: Vec<String> = toasts.texts().map(str::to_string).collect();
    assert_eq!(english.len(), 2);
    assert!(english[1].contains("database on this computer"));
    rust_i18n::set_locale("ru");
    toasts.follow_language();
    let russian: Vec<String> = toasts.texts().map(str::to_string).collect();
    // The report said in English is withdrawn; what the clerk must act on is said again.
    assert_eq!(russian.len(), 1, "{russian:?}");
    assert_eq!(russian[0], full().0);
    assert!(
        russian[0].chars().any(|c| ('а'..='я').contains(&c)),
        "{}",
        russian[0]
    );
    rust_i18n::set_locale("uz");
}
