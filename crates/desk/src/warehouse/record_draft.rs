//! A warehouse form's draft: made from a record the service has, checked field by field, and
//! turned into what is sent. The supplier and product forms are two of these, so the screens,
//! the desk's save and its recovery of a lost create serve both alike.

use crate::problem::Problem;
use api::warehouse_client::RecordInput;
use std::collections::BTreeMap;

/// Fields of an input by name, each with its wire name, which is its own name (and where its
/// problems are kept): `named!(d: inn, kpp)` is `[("inn", &d.inn), ("kpp", &d.kpp)]`.
macro_rules! named {
    ($record:ident: $($name:ident),+ $(,)?) => {
        [$((stringify!($name), &$record.$name)),+]
    };
}
pub(crate) use named;

/// The record a draft's input makes.
pub type RecordOf<D> = <<D as RecordDraft>::Input as RecordInput>::Record;

pub trait RecordDraft: Default {
    /// What it sends.
    type Input: RecordInput;
    /// The form for a record the service has (to edit it).
    fn from_record(record: &RecordOf<Self>) -> Self;
    /// What is wrong, by field; empty when it can be sent.
    fn problems(&self) -> BTreeMap<&'static str, Problem>;
    /// What is sent; `None` while there are problems.
    fn input(&self) -> Option<Self::Input>;
}
