//! The names of the screens and of the rail's sections: a leaf, so events and the screen list
//! can name a screen without knowing what a screen is.

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
