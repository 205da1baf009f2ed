//! Every screen of the desk, declared once: its id, the catalog key of its name, where it sits
//! (a section of the rail, or under the rail entry it is reached from), the shortcut that opens
//! it, whether it needs a session, whether it outlives one, and how it is made. The rail, the
//! keyboard commands (`Command::all`) and the window's list of screens are all read from here.
//!
//! A screen is made new when a session ends unless its line says it is kept: the forms that keep
//! what the clerk typed (they forget the session's own part themselves), the import under way,
//! Webhooks, Settings and About. The calculators start blank: their cities are the last
//! service's. The rail shows its entries in this order within their sections.

use super::screen::{Entry, Screen};
use super::screen_id::{ScreenId as Id, Section, Section::*};
use crate::ui::screens::about::AboutScreen;
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
use egui::{Key, KeyboardShortcut, Modifiers};

/// Where a screen is reached from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// An entry of the rail, in this section; its shortcut opens it.
    Rail(Section),
    /// Opened by an event (a row, a button); the rail shows this entry as selected meanwhile.
    Under(Id),
}

/// Whether a screen can be shown with nobody logged in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Session {
    /// Without a session the login screen stands in for it.
    Needed,
    /// Open without a session too (login, settings, about).
    NotNeeded,
}

/// What becomes of a screen when a session ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Life {
    /// Made new, so nothing of one session is shown in the next.
    OneSession,
    /// Kept as it is; it forgets the session's own part itself on `AppEvent::SessionEnded`.
    Kept,
}

/// One screen's declaration.
pub struct Declared {
    pub id: Id,
    /// The catalog key of its name (the rail's entry and the command that opens it).
    pub name: &'static str,
    pub place: Place,
    pub shortcut: Option<KeyboardShortcut>,
    pub session: Session,
    pub life: Life,
    make: fn(&Desk) -> Box<dyn Screen>,
}

/// Ctrl (Cmd on macOS) with a key, and with Shift too.
const fn ctrl(key: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(Modifiers::COMMAND, key))
}
const fn ctrl_shift(key: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(
        Modifiers::COMMAND.plus(Modifiers::SHIFT),
        key,
    ))
}

/// A screen's line with what most screens are: needs a session, made new with each.
const fn screen(
    id: Id,
    name: &'static str,
    place: Place,
    shortcut: Option<KeyboardShortcut>,
    make: fn(&Desk) -> Box<dyn Screen>,
) -> Declared {
    Declared {
        id,
        name,
        place,
        shortcut,
        session: Session::Needed,
        life: Life::OneSession,
        make,
    }
}

impl Declared {
    /// Kept as it is when a session ends.
    const fn kept(self) -> Declared {
        Declared {
            life: Life::Kept,
            ..self
        }
    }

    /// Also open without a session.
    const fn without_session(self) -> Declared {
        Declared {
            session: Session::NotNeeded,
            ..self
        }
    }

    /// The screen, made new.
    pub fn make(&self, desk: &Desk) -> Entry {
        Entry {
            id: self.id,
            rail: match self.place {
                Place::Rail(section) => Some(section),
                Place::Under(_) => None,
            },
            parent: match self.place {
                Place::Rail(_) => None,
                Place::Under(parent) => Some(parent),
            },
            needs_session: self.session == Session::Needed,
            kept_across_sessions: self.life == Life::Kept,
            screen: (self.make)(desk),
        }
    }
}

fn boxed(screen: impl Screen + 'static) -> Box<dyn Screen> {
    Box::new(screen)
}

/// Every screen, the rail's in the rail's order, then those reached from them.
pub static SCREENS: &[Declared] = &[
    screen(
        Id::NewOrder,
        "command.NewOrder",
        Place::Rail(Counter),
        ctrl(Key::N),
        |_| boxed(Form::new_order()),
    ),
    screen(
        Id::Orders,
        "command.Orders",
        Place::Rail(Counter),
        ctrl(Key::O),
        |_| boxed(OrdersScreen::empty()),
    ),
    screen(
        Id::Unsent,
        "command.Unsent",
        Place::Rail(Counter),
        ctrl(Key::U),
        |_| boxed(UnsentScreen::default()),
    ),
    screen(
        Id::EndOfDay,
        "command.EndOfDay",
        Place::Rail(Counter),
        ctrl(Key::E),
        |_| boxed(EndOfDayScreen::default()),
    ),
    screen(
        Id::Calculator,
        "command.Calculator",
        Place::Rail(Counter),
        ctrl(Key::K),
        |_| boxed(Calculator::default()),
    ),
    screen(
        Id::NewParcel,
        "command.NewParcel",
        Place::Rail(International),
        ctrl_shift(Key::N),
        |_| boxed(ParcelFormScreen::default()),
    )
    .kept(),
    screen(
        Id::Parcels,
        "command.Parcels",
        Place::Rail(International),
        ctrl_shift(Key::O),
        |_| boxed(ParcelsScreen::default()),
    ),
    screen(
        Id::Manifest,
        "command.Manifest",
        Place::Rail(International),
        ctrl_shift(Key::M),
        |_| boxed(ManifestScreen::default()),
    ),
    screen(
        Id::IntlCalculator,
        "command.IntlCalculator",
        Place::Rail(International),
        ctrl_shift(Key::K),
        |_| boxed(IntlCalculator::default()),
    ),
    screen(
        Id::IntlOrders,
        "command.IntlOrders",
        Place::Rail(International),
        ctrl_shift(Key::L),
        |_| boxed(IntlOrdersScreen::default()),
    ),
    screen(
        Id::Suppliers,
        "command.Suppliers",
        Place::Rail(Warehouse),
        ctrl_shift(Key::S),
        |_| boxed(SuppliersScreen::default()),
    ),
    screen(
        Id::Products,
        "command.Products",
        Place::Rail(Warehouse),
        ctrl_shift(Key::P),
        |_| boxed(ProductsScreen::default()),
    ),
    screen(
        Id::Directories,
        "command.Directories",
        Place::Rail(Reference),
        ctrl(Key::D),
        |_| boxed(DirectoryScreen::default()),
    ),
    screen(
        Id::Goods,
        "command.Goods",
        Place::Rail(Reference),
        ctrl(Key::G),
        |_| boxed(GoodsScreen::default()),
    ),
    screen(
        Id::Webhooks,
        "command.Webhooks",
        Place::Rail(Desk),
        ctrl_shift(Key::W),
        |_| boxed(WebhooksScreen::default()),
    )
    .kept(),
    screen(
        Id::Settings,
        "command.Settings",
        Place::Rail(Desk),
        ctrl(Key::Comma),
        |desk| boxed(SettingsScreen::new(desk.settings())),
    )
    .without_session()
    .kept(),
    screen(
        Id::About,
        "command.About",
        Place::Rail(Desk),
        ctrl(Key::I),
        |_| boxed(AboutScreen),
    )
    .without_session()
    .kept(),
    // Reached from the rail entry they belong under.
    screen(
        Id::Login,
        "login.title",
        Place::Under(Id::NewOrder),
        None,
        |desk| boxed(LoginScreen::new(desk)),
    )
    .without_session(),
    screen(
        Id::OrderDetail,
        "detail.title",
        Place::Under(Id::Orders),
        None,
        |_| boxed(DetailScreen::default()),
    ),
    screen(
        Id::EditOrder,
        "order.edit_title",
        Place::Under(Id::Orders),
        None,
        |_| boxed(Form::edit_order()),
    ),
    screen(
        Id::ParcelImport,
        "import.title",
        Place::Under(Id::NewParcel),
        None,
        |_| boxed(Import::default()),
    )
    .kept(),
    screen(
        Id::SupplierForm,
        "wms.new_supplier",
        Place::Under(Id::Suppliers),
        None,
        |_| boxed(SupplierForm::default()),
    )
    .kept(),
    screen(
        Id::ProductForm,
        "wms.new_product",
        Place::Under(Id::Products),
        None,
        |_| boxed(ProductForm::default()),
    )
    .kept(),
];

/// The declaration of a screen (every id has one: see the tests).
pub fn declared(id: Id) -> Option<&'static Declared> {
    SCREENS.iter().find(|d| d.id == id)
}

/// Every screen, made new.
pub fn screens(desk: &Desk) -> Vec<Entry> {
    SCREENS.iter().map(|d| d.make(desk)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::commands::Command;

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
        }
    }
    const COUNT: usize = 23;

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
        assert!(!has(&english, "command.NoSuchScreen"));
        assert!(!has(&english, "command"));
    }
}
