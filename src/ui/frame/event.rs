//! What a screen tells the rest of the app: one closed set, handled once per frame in one place
//! (`DeskApp::handle`), after every screen has heard it.

use super::screen_id::ScreenId;
use api::warehouse::{Product, Purveyor};
use api::warehouse_client::Kind;
use desk::LoginOutcome;
use desk::domestic::order_draft::OrderDraft;

#[derive(Debug, Clone)]
pub enum AppEvent {
    /// The login succeeded on the interfaces the clerk asked for.
    LoggedIn(Box<LoginOutcome>),
    /// Open this screen.
    Go(ScreenId),
    /// Show this order's detail.
    OpenOrder(i64),
    /// The counter created this order (its detail opens; its label prints when set to).
    OrderCreated(i64),
    /// Edit this order with the form it came from.
    EditOrder {
        order_id: i64,
        draft: Box<OrderDraft>,
    },
    /// Goods were registered: lists that offer them read them again.
    GoodsChanged,
    /// A parcel was sent: the parcel list reads the journal again.
    ParcelsChanged,
    /// Look up this barcode (journal first, then the service) and open its order.
    Find(String),
    /// Track this international parcel (a scanned or typed parcel number).
    TrackParcel(String),
    /// Open the supplier/buyer form: empty for a new one, or filled to edit this record.
    EditSupplier(Option<Box<Purveyor>>),
    /// Open the product form: empty for a new one, or filled to edit this product.
    EditProduct(Option<Box<Product>>),
    /// Warehouse records of this kind were saved, deleted or confirmed: their list reads again.
    WarehouseChanged(Kind),
    /// A journaled order's status moved on its own (a notification or a reading).
    OrderMoved(i64),
    /// The session ended (logout, or another service): the app makes its screens new, and the
    /// screens kept across sessions forget the session's own part.
    SessionEnded,
    /// The clerk's language changed: what a screen holds in the service's words (asked in the
    /// language before) is read or asked again.
    LanguageChanged,
}

/// A warehouse record an event opens the form for: `Some(Some(record))` to edit it, `Some(None)`
/// for a new one, `None` when the event is about something else.
pub trait Edited: Sized {
    fn edited(event: &AppEvent) -> Option<Option<&Self>>;
}

impl Edited for Purveyor {
    fn edited(event: &AppEvent) -> Option<Option<&Self>> {
        match event {
            AppEvent::EditSupplier(record) => Some(record.as_deref()),
            _ => None,
        }
    }
}

impl Edited for Product {
    fn edited(event: &AppEvent) -> Option<Option<&Self>> {
        match event {
            AppEvent::EditProduct(record) => Some(record.as_deref()),
            _ => None,
        }
    }
}
