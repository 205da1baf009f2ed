//! Editing an order that is still at the sender: the order form filled with what it was created
//! from, apart from the new-order form so neither loses what was typed. Saved, the order's detail
//! opens again.

use super::order_form::OrderForm;
use crate::ui::app::commands::Command;
use crate::ui::app::cx::Cx;
use crate::ui::app::event::AppEvent;
use crate::ui::app::screen::Screen;
use crate::ui::app::screen_id::ScreenId;

#[derive(Default)]
pub struct EditOrderScreen {
    form: Option<OrderForm>,
}

impl EditOrderScreen {
    pub fn form(&self) -> Option<&OrderForm> {
        self.form.as_ref()
    }
}

impl Screen for EditOrderScreen {
    fn poll(&mut self, cx: &mut Cx) {
        let Some(f) = &mut self.form else { return };
        if let Some(row) = f.poll(cx.ctx, cx.desk, cx.toasts) {
            self.form = None;
            cx.emit(AppEvent::OpenOrder(row.order_id));
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        match &mut self.form {
            Some(f) => f.show(ui, cx.desk),
            None => cx.emit(AppEvent::Go(ScreenId::Orders)),
        }
    }

    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        match event {
            AppEvent::EditOrder { order_id, draft } => {
                self.form = Some(OrderForm::edit(cx.desk, *order_id, (**draft).clone()));
            }
            AppEvent::SessionEnded => self.form = None,
            AppEvent::GoodsChanged => {
                if let Some(f) = &mut self.form {
                    f.goods.mark_stale();
                }
            }
            _ => {}
        }
    }

    fn command(&mut self, command: Command, cx: &mut Cx) -> bool {
        match (command, &mut self.form) {
            (Command::CreateOrder, Some(f)) => {
                f.submit(cx.desk);
                true
            }
            _ => false,
        }
    }

    fn is_busy(&self) -> bool {
        self.form.as_ref().is_some_and(|f| f.is_busy())
    }
}
