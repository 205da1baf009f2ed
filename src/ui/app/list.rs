//! The window's screens, made from their declarations (`frame/screen_id.rs`): how each one is
//! made, and the entry the window keeps for it. The match is exhaustive, so a declared screen
//! cannot lack its type.

use crate::ui::frame::screen::{Entry, Screen};
use crate::ui::frame::screen_id::{Declared, Life, Place, SCREENS, ScreenId as Id, Session};
use crate::ui::screens::about::AboutScreen;
use crate::ui::screens::address_book::AddressBookScreen;
use crate::ui::screens::calculator::Calculator;
use crate::ui::screens::directories::DirectoryScreen;
use crate::ui::screens::end_of_day::EndOfDayScreen;
use crate::ui::screens::goods::GoodsScreen;
use crate::ui::screens::intl_calculator::IntlCalculator;
use crate::ui::screens::intl_orders::IntlOrdersScreen;
use crate::ui::screens::login::LoginScreen;
use crate::ui::screens::manifest::ManifestScreen;
use crate::ui::screens::order_detail::DetailScreen;
use crate::ui::screens::order_form_screen::OrderFormScreen as Form;
use crate::ui::screens::orders::OrdersScreen;
use crate::ui::screens::parcel_form::ParcelFormScreen;
use crate::ui::screens::parcel_import::ParcelImportScreen as Import;
use crate::ui::screens::parcels::ParcelsScreen;
use crate::ui::screens::settings::SettingsScreen;
use crate::ui::screens::unsent::UnsentScreen;
use crate::ui::screens::warehouse::ProductFormScreen as ProductForm;
use crate::ui::screens::warehouse::SupplierFormScreen as SupplierForm;
use crate::ui::screens::warehouse::{ProductsScreen, SuppliersScreen};
use crate::ui::screens::webhooks::WebhooksScreen;
use desk::Desk;

/// The screen `id` names, made new.
fn make(id: Id, desk: &Desk) -> Box<dyn Screen> {
    match id {
        Id::NewOrder => Box::new(Form::new_order()),
        Id::Orders => Box::new(OrdersScreen::empty()),
        Id::Unsent => Box::new(UnsentScreen::default()),
        Id::EndOfDay => Box::new(EndOfDayScreen::default()),
        Id::Calculator => Box::new(Calculator::default()),
        Id::NewParcel => Box::new(ParcelFormScreen::default()),
        Id::Parcels => Box::new(ParcelsScreen::default()),
        Id::Manifest => Box::new(ManifestScreen::default()),
        Id::IntlCalculator => Box::new(IntlCalculator::default()),
        Id::IntlOrders => Box::new(IntlOrdersScreen::default()),
        Id::Suppliers => Box::new(SuppliersScreen::default()),
        Id::Products => Box::new(ProductsScreen::default()),
        Id::Directories => Box::new(DirectoryScreen::default()),
        Id::Goods => Box::new(GoodsScreen::default()),
        Id::AddressBook => Box::new(AddressBookScreen::default()),
        Id::Webhooks => Box::new(WebhooksScreen::default()),
        Id::Settings => Box::new(SettingsScreen::new(desk.settings())),
        Id::About => Box::new(AboutScreen),
        Id::Login => Box::new(LoginScreen::new(desk)),
        Id::OrderDetail => Box::new(DetailScreen::default()),
        Id::EditOrder => Box::new(Form::edit_order()),
        Id::ParcelImport => Box::new(Import::default()),
        Id::SupplierForm => Box::new(SupplierForm::default()),
        Id::ProductForm => Box::new(ProductForm::default()),
    }
}

/// The screen a declaration names, made new, with what the window needs to know of it.
fn entry(d: &Declared, desk: &Desk) -> Entry {
    Entry {
        id: d.id,
        rail: match d.place {
            Place::Rail(section) => Some(section),
            Place::Under(_) => None,
        },
        parent: match d.place {
            Place::Rail(_) => None,
            Place::Under(parent) => Some(parent),
        },
        needs_session: d.session == Session::Needed,
        kept_across_sessions: d.life == Life::Kept,
        screen: make(d.id, desk),
    }
}

/// Every screen, made new.
pub(crate) fn screens(desk: &Desk) -> Vec<Entry> {
    SCREENS.iter().map(|d| entry(d, desk)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::frame::commands::Command;
    use crate::ui::frame::screen_id::declared;

    /// Exhaustive: a new screen fails to compile here until it is numbered, and the test then
    /// fails until it is declared.
    fn number(id: Id) -> usize {
        match id {
            Id::Login => 0,
            Id::NewOrder => 1,
            Id::EditOrder => 2,
            Id::Calculator => 3,
            Id::Orders => 4,
            Id::OrderDetail => 5,
            Id::Directories => 6,
            Id::Goods => 7,
            Id::Unsent => 8,
            Id::EndOfDay => 9,
            Id::NewParcel => 10,
            Id::Parcels => 11,
            Id::Manifest => 12,
            Id::IntlCalculator => 13,
            Id::IntlOrders => 14,
            Id::ParcelImport => 15,
            Id::Suppliers => 16,
            Id::SupplierForm => 17,
            Id::Products => 18,
            Id::ProductForm => 19,
            Id::Webhooks => 20,
            Id::Settings => 21,
            Id::About => 22,
            Id::AddressBook => 23,
        }
    }
    const COUNT: usize = 24;

    /// The keys of one language's catalog, read from its file (the catalog answers a missing
    /// key in English, so asking it would not show a key missing in Uzbek or Russian).
    fn catalog(lang: &str) -> toml::Table {
        let path = format!("{}/assets/locales/{lang}.toml", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        text.parse()
            .unwrap_or_else(|e| panic!("{path} does not parse: {e}"))
    }

    fn has(table: &toml::Table, key: &str) -> bool {
        let mut parts = key.split('.');
        let (Some(section), Some(name), None) = (parts.next(), parts.next(), parts.next()) else {
            return false;
        };
        table
            .get(section)
            .and_then(|s| s.get(name))
            .and_then(|v| v.as_str())
            .is_some_and(|v| !v.trim().is_empty())
    }

    #[test]
    fn every_screen_is_declared_once() {
        let mut seen = [0; COUNT];
        for d in SCREENS {
            seen[number(d.id)] += 1;
        }
        for (n, times) in seen.iter().enumerate() {
            assert_eq!(*times, 1, "screen number {n} is declared {times} times");
        }
    }

    #[test]
    fn every_screen_has_its_shortcut_its_command_and_its_name_in_every_language() {
        let catalogs: Vec<_> = ["uz", "ru", "en"]
            .into_iter()
            .map(|lang| (lang, catalog(lang)))
            .collect();
        let commands = Command::all();
        for d in SCREENS {
            for (lang, table) in &catalogs {
                assert!(
                    has(table, d.name),
                    "{lang}: {:?} has no name ({})",
                    d.id,
                    d.name
                );
            }
            match d.place {
                Place::Rail(section) => {
                    assert!(
                        d.shortcut.is_some(),
                        "{:?} is in the rail without a shortcut",
                        d.id
                    );
                    assert!(
                        commands.contains(&Command::Open(d.id)),
                        "{:?} has no command",
                        d.id
                    );
                    for (lang, table) in &catalogs {
                        assert!(
                            has(table, section.key()),
                            "{lang}: {section:?} has no heading"
                        );
                    }
                }
                Place::Under(parent) => {
                    let parent = declared(parent).map(|p| p.place);
                    assert!(
                        matches!(parent, Some(Place::Rail(_))),
                        "{:?} is under a screen the rail does not show",
                        d.id
                    );
                }
            }
        }
    }

    #[test]
    fn a_missing_translation_or_shortcut_is_caught() {
        let english = catalog("en");
        assert!(has(&english, "command.NewOrder"));
        // Built, so the catalog's own test does not read it as a key the code uses.
        let missing = ["command", "NoSuchScreen"].join(".");
        assert!(!has(&english, &missing));
        assert!(!has(&english, "command"));
    }
}
