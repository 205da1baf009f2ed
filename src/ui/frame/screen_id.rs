//! Every screen of the desk, declared once: its id, the catalog key of its name, where it sits
//! (a section of the rail, or under the rail entry it is reached from), the shortcut that opens
//! it, whether it needs a session and whether it outlives one. The rail, the keyboard commands
//! (`Command::all`) and the window's list of screens (`app/list.rs`, which makes each one) are
//! all read from here. A leaf: events and commands can name a screen without knowing what a
//! screen is.
//!
//! A screen is made new when a session ends unless its line says it is kept: the forms that keep
//! what the clerk typed (they forget the session's own part themselves), the import under way,
//! Webhooks, Settings and About. The rail shows its entries in this order within their sections.

use Place::{Rail, Under};
use ScreenId as Id;
use Section::*;
use egui::{Key, KeyboardShortcut, Modifiers};

/// Which screen is meant, for navigation and for tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScreenId {
    Login,
    NewOrder,
    EditOrder,
    Calculator,
    Orders,
    OrderDetail,
    Directories,
    Goods,
    AddressBook,
    Unsent,
    EndOfDay,
    NewParcel,
    Parcels,
    Manifest,
    IntlCalculator,
    IntlOrders,
    ParcelImport,
    Suppliers,
    SupplierForm,
    Products,
    ProductForm,
    Webhooks,
    Settings,
    About,
}

/// The groups of the navigation rail, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Section {
    /// Taking parcels: new order, the journal, unsent orders, the calculator.
    Counter,
    /// Parcels from abroad: the customs form, tracking along the customs chain.
    International,
    /// The fulfilment warehouse: suppliers and buyers, products.
    Warehouse,
    /// What the forms pick from: directories, registered goods.
    Reference,
    /// The desk itself: settings, about.
    Desk,
}

impl Section {
    /// The catalog key of its heading.
    pub fn key(self) -> &'static str {
        match self {
            Section::Counter => "nav.section_counter",
            Section::International => "nav.section_international",
            Section::Warehouse => "nav.section_warehouse",
            Section::Reference => "nav.section_reference",
            Section::Desk => "nav.section_desk",
        }
    }
}

/// Where a screen is reached from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// An entry of the rail, in this section; its shortcut opens it.
    Rail(Section),
    /// Opened by an event (a row, a button); the rail shows this entry as selected meanwhile.
    Under(ScreenId),
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
    pub id: ScreenId,
    /// The catalog key of its name (the rail's entry and the command that opens it).
    pub name: &'static str,
    pub place: Place,
    pub shortcut: Option<KeyboardShortcut>,
    pub session: Session,
    pub life: Life,
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
    id: ScreenId,
    name: &'static str,
    place: Place,
    shortcut: Option<KeyboardShortcut>,
) -> Declared {
    Declared {
        id,
        name,
        place,
        shortcut,
        session: Session::Needed,
        life: Life::OneSession,
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
}

/// Every screen, the rail's in the rail's order, then those reached from them: one line each.
#[rustfmt::skip]
pub static SCREENS: &[Declared] = &[
    screen(Id::NewOrder, "command.NewOrder", Rail(Counter), ctrl(Key::N)),
    screen(Id::Orders, "command.Orders", Rail(Counter), ctrl(Key::O)),
    screen(Id::Unsent, "command.Unsent", Rail(Counter), ctrl(Key::U)),
    screen(Id::EndOfDay, "command.EndOfDay", Rail(Counter), ctrl(Key::E)),
    screen(Id::Calculator, "command.Calculator", Rail(Counter), ctrl(Key::K)),
    screen(Id::NewParcel, "command.NewParcel", Rail(International), ctrl_shift(Key::N)).kept(),
    screen(Id::Parcels, "command.Parcels", Rail(International), ctrl_shift(Key::O)),
    screen(Id::Manifest, "command.Manifest", Rail(International), ctrl_shift(Key::M)),
    screen(Id::IntlCalculator, "command.IntlCalculator", Rail(International), ctrl_shift(Key::K)),
    screen(Id::IntlOrders, "command.IntlOrders", Rail(International), ctrl_shift(Key::L)),
    screen(Id::Suppliers, "command.Suppliers", Rail(Warehouse), ctrl_shift(Key::S)),
    screen(Id::Products, "command.Products", Rail(Warehouse), ctrl_shift(Key::P)),
    screen(Id::Directories, "command.Directories", Rail(Reference), ctrl(Key::D)),
    screen(Id::Goods, "command.Goods", Rail(Reference), ctrl(Key::G)),
    screen(Id::AddressBook, "command.AddressBook", Rail(Reference), ctrl(Key::B)),
    screen(Id::Webhooks, "command.Webhooks", Rail(Desk), ctrl_shift(Key::W)).kept(),
    screen(Id::Settings, "command.Settings", Rail(Desk), ctrl(Key::Comma)).without_session().kept(),
    screen(Id::About, "command.About", Rail(Desk), ctrl(Key::I)).without_session().kept(),
    // Reached from the rail entry they belong under.
    screen(Id::Login, "login.title", Under(Id::NewOrder), None).without_session(),
    screen(Id::OrderDetail, "detail.title", Under(Id::Orders), None),
    screen(Id::EditOrder, "order.edit_title", Under(Id::Orders), None),
    screen(Id::ParcelImport, "import.title", Under(Id::NewParcel), None).kept(),
    screen(Id::SupplierForm, "wms.new_supplier", Under(Id::Suppliers), None).kept(),
    screen(Id::ProductForm, "wms.new_product", Under(Id::Products), None).kept(),
];

/// The declaration of a screen (every id has one: see the tests).
pub fn declared(id: ScreenId) -> Option<&'static Declared> {
    SCREENS.iter().find(|d| d.id == id)
}
