//! The address book learns from the orders the desk makes against the twin: the service's own
//! record names the sender and receiver, and both are suggested afterwards by name or number.

mod common;

use common::*;
use parcel_desk::desk::domestic::address_book::AddressBook;
use parcel_desk::desk::domestic::orders::{CreateResult, Orders};
use parcel_desk::store::Store;
use std::sync::Arc;

#[tokio::test]
async fn an_order_made_teaches_the_book_its_sender_and_receiver() {
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let orders = Orders::new(svc(), store.clone(), Arc::new(legacy(&t).await), None);
    let made = orders.create(legacy_order()).await;
    assert!(matches!(made, CreateResult::Created(_)), "{made:?}");
    let book = AddressBook::new(store.people(&svc()).unwrap());
    assert_eq!(book.len(), 2);
    let sender = book.suggest("90 123", 6);
    assert_eq!(sender.len(), 1);
    assert_eq!(sender[0].name, "Aliyev Ali");
    assert_eq!(sender[0].city, Some(197));
    assert_eq!(sender[0].address, "Chilonzor 9, 12-uy");
    let receiver = book.suggest("Валиева", 6);
    assert_eq!(receiver.len(), 1, "found in Cyrillic too");
    assert_eq!(receiver[0].city, Some(101));
}
