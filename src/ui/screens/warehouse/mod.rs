//! The fulfilment warehouse's screens: suppliers/buyers and products, each a list (one generic
//! screen over [`rows::Row`]) and a form (one generic screen over [`form::Fields`]), under the
//! warehouse account's own login.

/// A warehouse record's field by its own name, which is also its wire name (where the service's
/// problems with it are kept) and, after `wms.`, the catalog key of its label:
/// `field!(d.inn)` is `(t!("wms.inn"), &mut d.inn, "inn")`, a row of `Form::texts`.
macro_rules! field {
    ($record:ident . $name:ident) => {
        (
            rust_i18n::t!(concat!("wms.", stringify!($name))),
            &mut $record.$name,
            stringify!($name),
        )
    };
}

/// Several fields of one record, by name, as the rows of one `Form::texts` (or `optional_texts`):
/// `fields!(d: inn, kpp)` is `[field!(d.inn), field!(d.kpp)]`.
macro_rules! fields {
    ($record:ident: $($name:ident),+ $(,)?) => {
        [$(field!($record.$name)),+]
    };
}

/// A stored record's field as its detail shows it: the label, and the value made text by
/// `shown` (`detail!(f.weight, opt)` is `(t!("wms.weight"), opt(&f.weight))`).
macro_rules! detail {
    ($record:ident . $name:ident, $shown:expr) => {
        (
            rust_i18n::t!(concat!("wms.", stringify!($name))),
            $shown(&$record.$name),
        )
    };
}

pub mod account;
pub mod form;
pub mod list;
pub mod product_fields;
pub mod rows;
pub mod supplier_fields;

use api::warehouse::{Product, Purveyor};
use desk::warehouse::product_draft::ProductDraft;
use desk::warehouse::supplier_draft::SupplierDraft;

pub type SuppliersScreen = list::WarehouseList<Purveyor>;
pub type ProductsScreen = list::WarehouseList<Product>;
pub type SupplierFormScreen = form::WarehouseForm<SupplierDraft>;
pub type ProductFormScreen = form::WarehouseForm<ProductDraft>;
