//! The New order screen: the order form, kept between visits (what was typed stays), its draft
//! kept on disk while typed; Ctrl+Enter creates the order exactly once.

use super::order_form::OrderForm;
use crate::ui::app::commands::Command;
use crate::ui::app::cx::Cx;
use crate::ui::app::event::AppEvent;
use crate::ui::app::screen::Screen;

#[derive(Default)]
pub struct NewOrderScreen {
    form: Option<OrderForm>,
}

impl NewOrderScreen {
    pub fn form(&self) -> Option<&OrderForm> {
        self.form.as_ref()
    }
}

impl Screen for NewOrderScreen {
    fn poll(&mut self, cx: &mut Cx) {
        let Some(f) = &mut self.form else { return };
        if let Some(row) = f.poll(cx.ctx, cx.desk, cx.toasts) {
            cx.emit(AppEvent::OrderCreated(row.order_id));
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        self.form
            .get_or_insert_with(|| OrderForm::new(cx.desk))
            .show(ui, cx.desk);
    }

    fn entered(&mut self, cx: &mut Cx) {
        if self.form.is_none() {
            self.form = Some(OrderForm::new(cx.desk));
        }
    }

    fn on_event(&mut self, event: &AppEvent, _cx: &mut Cx) {
        match event {
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
