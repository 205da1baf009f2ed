//! A barcode being looked up (scanned, or typed where the journal has no such order): the
//! journal first, then the service; its order opens, or the clerk hears it was not found.

use crate::ui::frame::event::AppEvent;
use crate::ui::widgets::Toasts;
use crate::ui::widgets::errors::tell_desk;
use desk::task::{Poll, Task};
use desk::{Desk, DeskError};
use rust_i18n::t;

/// The order id a lookup found (`None`: no such order).
type Lookup = Task<Result<Option<i64>, DeskError>>;

#[derive(Default)]
pub(crate) struct Finding {
    under_way: Option<(String, Lookup)>,
}

impl Finding {
    pub(crate) fn is_busy(&self) -> bool {
        self.under_way.is_some()
    }

    pub(crate) fn start(&mut self, desk: &Desk, barcode: String) {
        if desk.session().is_none() || self.under_way.is_some() {
            return;
        }
        if let Some(task) = desk.find_by_barcode(barcode.clone()) {
            self.under_way = Some((barcode, task));
        }
    }

    /// The order to open, once the lookup found one.
    pub(crate) fn poll(&mut self, toasts: &mut Toasts) -> Option<AppEvent> {
        let (code, task) = self.under_way.as_mut()?;
        let code = code.clone();
        let found = match task.poll() {
            Poll::Pending => return None,
            Poll::Ready(Ok(Some(id))) => Some(AppEvent::OpenOrder(id)),
            Poll::Ready(Ok(None)) => {
                toasts.error(t!("orders.not_found", barcode = code), None);
                None
            }
            Poll::Ready(Err(e)) => {
                let told = tell_desk(&e);
                toasts.error(told.message, told.details);
                None
            }
            Poll::Lost => {
                toasts.error(t!("error.lost"), None);
                None
            }
        };
        self.under_way = None;
        found
    }
}
