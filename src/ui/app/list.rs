//! The screens of the desk, in the order the rail shows them within their sections. Adding a
//! screen is one line here.

use super::screen::Screen;
use crate::desk::Desk;
use crate::ui::screens::*;

pub fn screens(desk: &Desk) -> Vec<Box<dyn Screen>> {
    vec![
        Box::new(login::LoginScreen::new(desk)),
        Box::new(new_order::NewOrderScreen::default()),
        Box::new(orders::OrdersScreen::empty()),
        Box::new(unsent::UnsentScreen::default()),
        Box::new(calculator::Calculator::default()),
        Box::new(order_detail::DetailScreen::default()),
        Box::new(edit_order::EditOrderScreen::default()),
        Box::new(directories::DirectoryScreen::default()),
        Box::new(goods::GoodsScreen::default()),
        Box::new(settings::SettingsScreen::new(&desk.settings)),
        Box::new(about::AboutScreen),
    ]
}
