//! The fulfilment warehouse's screens: suppliers/buyers and products, each a list (one generic
//! screen over [`rows::Row`]) and a form (one generic screen over [`form::Fields`]), under the
//! warehouse account's own login.

pub mod account;
pub mod form;
pub mod list;
pub mod product_fields;
pub mod rows;
pub mod supplier_fields;

use crate::api::warehouse::{Product, Purveyor};
use crate::desk::product_draft::ProductDraft;
use crate::desk::supplier_draft::SupplierDraft;

pub type SuppliersScreen = list::WarehouseList<Purveyor>;
pub type ProductsScreen = list::WarehouseList<Product>;
pub type SupplierFormScreen = form::WarehouseForm<SupplierDraft>;
pub type ProductFormScreen = form::WarehouseForm<ProductDraft>;
