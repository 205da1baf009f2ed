//! One file or folder per screen; each is one type implementing `app::screen::Screen`, listed
//! once in `app/list.rs`.

pub mod about;
pub mod address_book;
pub mod calculator;
pub mod directories;
pub mod end_of_day;
pub mod goods;
pub mod intl_calculator;
pub mod intl_orders;
pub mod login;
pub mod manifest;
pub mod order_detail;
pub mod order_form;
pub mod order_form_screen;
pub mod orders;
pub mod parcel_form;
pub mod parcel_import;
pub mod parcels;
pub mod settings;
pub mod unsent;
pub mod warehouse;
pub mod webhooks;
