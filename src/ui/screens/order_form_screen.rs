//! The two screens the order form is shown on: New order (kept between visits, its draft on disk
//! while typed; Ctrl+Enter creates the order exactly once) and Edit order (an order still at the
//! sender, filled with what it was created from, apart from the new-order form so neither loses
//! what was typed; saved, its detail opens again).

use super::order_form::OrderForm;
use crate::ui::frame::commands::Command;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::frame::screen_id::ScreenId;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    New,
    Edit,
}

pub struct OrderFormScreen {
    purpose: Purpose,
    form: Option<OrderForm>,
}

impl OrderFormScreen {
    pub fn new_order() -> OrderFormScreen {
        OrderFormScreen {
            purpose: Purpose::New,
            form: None,
        }
    }

    pub fn edit_order() -> OrderFormScreen {
        OrderFormScreen {
            purpose: Purpose::Edit,
            form: None,
        }
    }

    pub fn form(&self) -> Option<&OrderForm> {
        self.form.as_ref()
    }
}

impl OrderFormScreen {
    /// A new order's form is there whenever the screen is (an edit's comes with its event).
    fn make_new_form(&mut self, cx: &mut Cx) {
        if self.purpose == Purpose::New && self.form.is_none() {
            self.form = Some(OrderForm::new(cx.desk));
        }
    }
}

impl Screen for OrderFormScreen {
    fn poll(&mut self, cx: &mut Cx) {
        let Some(f) = &mut self.form else { return };
        let Some(row) = f.poll(cx.ctx, cx.desk, cx.toasts) else {
            return;
        };
        match self.purpose {
            Purpose::New => cx.emit(AppEvent::OrderCreated(row.order_id)),
            Purpose::Edit => {
                self.form = None;
                cx.emit(AppEvent::OpenOrder(row.order_id));
            }
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.make_new_form(cx);
        match &mut self.form {
            Some(f) => f.show(ui, cx.desk),
            None => cx.emit(AppEvent::Go(ScreenId::Orders)),
        }
    }

    /// Opened by the clerk (Ctrl+N, the rail): the form shows from its top with the cursor in
    /// its first field, never where it was left (a Shift+Tab would start from nowhere).
    fn entered(&mut self, cx: &mut Cx) {
        match &mut self.form {
            Some(f) if self.purpose == Purpose::New => f.come_back(cx.desk),
            _ => self.make_new_form(cx),
        }
    }

    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        match event {
            AppEvent::EditOrder { order_id, draft } if self.purpose == Purpose::Edit => {
                self.form = Some(OrderForm::edit(cx.desk, *order_id, (**draft).clone()));
            }
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
            (Command::Send, Some(f)) => {
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
