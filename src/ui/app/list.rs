//! The screens of the desk, one line each: where it sits in the rail (its section and the
//! command that opens it) or which rail entry it belongs under, and whether it needs a session.
//! The rail shows them in this order within their sections.

use super::commands::Command;
use super::screen::Entry;
use super::screen_id::{ScreenId as Id, Section::*};
use crate::desk::Desk;
use crate::ui::screens::*;

pub fn screens(desk: &Desk) -> Vec<Entry> {
    vec![
        Entry::under(Id::Login, Id::NewOrder, login::LoginScreen::new(desk)).without_session(),
        Entry::rail(
            Id::NewOrder,
            Counter,
            Command::NewOrder,
            order_form_screen::OrderFormScreen::new_order(),
        ),
        Entry::rail(
            Id::Orders,
            Counter,
            Command::Orders,
            orders::OrdersScreen::empty(),
        ),
        Entry::rail(
            Id::Unsent,
            Counter,
            Command::Unsent,
            unsent::UnsentScreen::default(),
        ),
        Entry::rail(
            Id::Calculator,
            Counter,
            Command::Calculator,
            calculator::Calculator::default(),
        ),
        Entry::under(
            Id::OrderDetail,
            Id::Orders,
            order_detail::DetailScreen::default(),
        ),
        Entry::under(
            Id::EditOrder,
            Id::Orders,
            order_form_screen::OrderFormScreen::edit_order(),
        ),
        Entry::rail(
            Id::Directories,
            Reference,
            Command::Directories,
            directories::DirectoryScreen::default(),
        ),
        Entry::rail(
            Id::Goods,
            Reference,
            Command::Goods,
            goods::GoodsScreen::default(),
        ),
        Entry::rail(
            Id::Settings,
            Desk,
            Command::Settings,
            settings::SettingsScreen::new(&desk.settings),
        )
        .without_session(),
        Entry::rail(Id::About, Desk, Command::About, about::AboutScreen).without_session(),
    ]
}
