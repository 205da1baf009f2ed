//! Every list that floats or opens in the window is one of two widgets, whose rules hold for all
//! of them: the suggestions that open as the clerk types (`widgets/suggestions.rs`: in a room of
//! their own, covering no field, picked only by Enter or a click aimed at a row) and the
//! drop-downs and menus the clerk opens on purpose (`widgets/dropdown.rs`). The window's sources
//! are read for every way egui has to make a list float (an area, a popup, a combo box, a menu,
//! a window), and each must be inside those two files; the lists that open as the clerk types
//! must be made of the one widget.

use std::path::{Path, PathBuf};

/// Every Rust file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("a readable folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The lines of `text` outside comments.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .map(|(n, l)| (n + 1, l))
}

#[test]
fn every_floating_list_is_made_by_one_of_the_two_widgets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ui = root.join("src/ui");
    // What makes a list float or open over the window, and the one file each may be in.
    let makers: [(&str, &str); 6] = [
        ("Area::new", "widgets/suggestions.rs"),
        ("Popup::from", "widgets/dropdown.rs"),
        ("Popup::new", "widgets/dropdown.rs"),
        ("ComboBox::", "widgets/dropdown.rs"),
        ("menu_button(", "widgets/dropdown.rs"),
        ("Window::new(", "widgets/dropdown.rs"),
    ];
    let mut found = Vec::new();
    let mut outside = Vec::new();
    for path in sources(&ui) {
        let text = std::fs::read_to_string(&path).expect("a readable source");
        let name = path
            .strip_prefix(&ui)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (n, line) in code_lines(&text) {
            for (maker, home) in makers {
                if line.contains(maker) {
                    found.push(format!("{name}:{n} {maker}"));
                    if name != home {
                        outside.push(format!("{name}:{n}: {maker} outside {home}"));
                    }
                }
            }
        }
    }
    assert!(
        outside.is_empty(),
        "lists made past the two widgets:\n{}",
        outside.join("\n")
    );
    assert!(
        found.iter().any(|f| f.contains("ComboBox::")),
        "the scan sees the drop-downs: {found:?}"
    );
}

#[test]
fn every_list_that_opens_as_the_clerk_types_is_the_suggestions_widget() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    // The lists offered as the clerk types: places at home and abroad, known people, product
    // lines declared before. Each keeps a `Suggestions` and draws in a `Room`.
    let lists = [
        "widgets/pickers.rs",
        "screens/order_form/people.rs",
        "screens/parcel_form.rs",
    ];
    for file in lists {
        let text = std::fs::read_to_string(root.join(file)).expect("a readable source");
        assert!(
            text.contains("Suggestions") && (text.contains("Room") || text.contains("room")),
            "{file} offers its list through the one widget"
        );
    }
    // And nothing else draws a list of its own over the form: no area, no layer of its own,
    // no list laid out in a fixed place outside the two widgets.
    for path in sources(&root) {
        let name = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        if name == "widgets/suggestions.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a readable source");
        for (n, line) in code_lines(&text) {
            for floats in ["Order::Foreground", "Order::Tooltip", ".fixed_pos("] {
                assert!(
                    !line.contains(floats),
                    "{name}:{n}: {floats}: a list floating over the form"
                );
            }
        }
    }
}
