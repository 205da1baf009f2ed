//! The sender every label of the tests and benchmarks carries: a Tashkent shop's client. One
//! definition, so the label tests and the label benchmarks measure the same text.

use parcel_desk::label::order::Party;

pub(crate) fn tashkent_sender() -> Party {
    Party {
        name: "Aliyev Ali".into(),
        phones: vec!["+998 90 123 45 67".into()],
        address: "Chilonzor 9".into(),
        city: "Toshkent".into(),
        region: "Toshkent".into(),
    }
}
