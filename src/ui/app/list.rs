//! The screens of the desk, one line each: where it sits in the rail (its section; the command
//! that opens it is `Command::Open` with its id) or which rail entry it belongs under, and
//! whether it needs a session. A screen is made new when a session ends unless its line says it
//! is kept: the forms that keep what the clerk typed (they forget the session's own part
//! themselves), the import under way, Webhooks, Settings and About. The calculators start blank:
//! their cities are the last service's.
//! The rail shows its entries in this order within their sections; the screens reached from
//! them follow.

use super::screen::Entry;
use super::screen_id::{ScreenId as Id, Section::*};
use crate::desk::Desk;
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

pub fn screens(desk: &Desk) -> Vec<Entry> {
    vec![
        Entry::rail(Id::NewOrder, Counter, Form::new_order()),
        Entry::rail(Id::Orders, Counter, OrdersScreen::empty()),
        Entry::rail(Id::Unsent, Counter, UnsentScreen::default()),
        Entry::rail(Id::EndOfDay, Counter, EndOfDayScreen::default()),
        Entry::rail(Id::Calculator, Counter, Calculator::default()),
        Entry::rail(Id::NewParcel, International, ParcelFormScreen::default())
            .kept_across_sessions(),
        Entry::rail(Id::Parcels, International, ParcelsScreen::default()),
        Entry::rail(Id::Manifest, International, ManifestScreen::default()),
        Entry::rail(Id::IntlCalculator, International, IntlCalculator::default()),
        Entry::rail(Id::IntlOrders, International, IntlOrdersScreen::default()),
        Entry::rail(Id::Suppliers, Warehouse, SuppliersScreen::default()),
        Entry::rail(Id::Products, Warehouse, ProductsScreen::default()),
        Entry::rail(Id::Directories, Reference, DirectoryScreen::default()),
        Entry::rail(Id::Goods, Reference, GoodsScreen::default()),
        Entry::rail(Id::Webhooks, Desk, WebhooksScreen::default()).kept_across_sessions(),
        Entry::rail(Id::Settings, Desk, SettingsScreen::new(desk.settings()))
            .without_session()
            .kept_across_sessions(),
        Entry::rail(Id::About, Desk, AboutScreen)
            .without_session()
            .kept_across_sessions(),
        // Reached from the rail entry they belong under.
        Entry::under(Id::Login, Id::NewOrder, LoginScreen::new(desk)).without_session(),
        Entry::under(Id::OrderDetail, Id::Orders, DetailScreen::default()),
        Entry::under(Id::EditOrder, Id::Orders, Form::edit_order()),
        Entry::under(Id::ParcelImport, Id::NewParcel, Import::default()).kept_across_sessions(),
        Entry::under(Id::SupplierForm, Id::Suppliers, SupplierForm::default())
            .kept_across_sessions(),
        Entry::under(Id::ProductForm, Id::Products, ProductForm::default()).kept_across_sessions(),
    ]
}
