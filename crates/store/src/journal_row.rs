//! The journal's row as lists read it, and how a row of the `journal` table becomes one: shared
//! by the journal and the days' registers, so neither imports the other for it.
//!
//! A shop's journal runs to 100,000 rows and the Orders screen holds all of them, so a row is
//! kept small: its own texts (barcode, shop code, receiver, phone) in one allocation, and the few
//! names many rows repeat (city, status, counter) shared through [`SharedNames`].

use super::StoreError;
use super::db::Row;
use std::collections::HashSet;
use std::sync::Arc;

/// One order as the Orders screen lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct JournalRow {
    pub order_id: i64,
    pub created_at: i64,
    pub status_id: i64,
    pub cost: i64,
    /// Cash on delivery, whole sum; `NO_COD` when there is none.
    cod: i64,
    /// Barcode, shop code, receiver and phone, one after the other.
    text: Box<str>,
    /// Where the barcode, the shop code and the receiver end in `text`.
    ends: [u16; 3],
    has_wcs: bool,
    city: Arc<str>,
    status_name: Arc<str>,
    /// The counter that took the order, where one named in Settings did (orders looked up from
    /// the service, or taken before the counter had a name, have none). Written from the
    /// outbox entry the counter made, never from a row: read only.
    pub counter: Option<Arc<str>>,
}

const NO_COD: i64 = i64::MIN;

/// The longest text one field of a row keeps (bytes, cut at a character): far beyond any the
/// service accepts, and what lets a row note its fields' ends in 16 bits.
const FIELD_MAX: usize = 16 * 1024;

/// A row's fields as read or received, to make a [`JournalRow`] of.
#[derive(Debug, Clone, Default)]
pub struct RowFields<'a> {
    pub order_id: i64,
    pub barcode: &'a str,
    pub wcs_code: Option<&'a str>,
    pub created_at: i64,
    pub receiver: &'a str,
    pub receiver_phone: &'a str,
    pub city: &'a str,
    pub status_id: i64,
    pub status_name: &'a str,
    pub cod: Option<i64>,
    pub cost: i64,
    pub counter: Option<&'a str>,
}

/// The names rows share: one copy of each city, status and counter however many rows name it.
#[derive(Debug, Default)]
pub struct SharedNames(HashSet<Arc<str>>);

impl SharedNames {
    pub fn get(&mut self, name: &str) -> Arc<str> {
        if let Some(kept) = self.0.get(name) {
            return kept.clone();
        }
        let new: Arc<str> = Arc::from(name);
        self.0.insert(new.clone());
        new
    }
}

/// `s` cut to at most `FIELD_MAX` bytes at a character boundary.
fn bounded(s: &str) -> &str {
    if s.len() <= FIELD_MAX {
        return s;
    }
    let mut end = FIELD_MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

impl JournalRow {
    pub fn new(f: RowFields<'_>, names: &mut SharedNames) -> JournalRow {
        let parts = [
            bounded(f.barcode),
            bounded(f.wcs_code.unwrap_or("")),
            bounded(f.receiver),
            bounded(f.receiver_phone),
        ];
        let mut text = String::with_capacity(parts.iter().map(|p| p.len()).sum());
        let mut ends = [0u16; 3];
        for (i, part) in parts.iter().enumerate() {
            text.push_str(part);
            if let Some(end) = ends.get_mut(i) {
                // The first three fields end by 3 × FIELD_MAX bytes, within 16 bits.
                *end = u16::try_from(text.len()).unwrap_or(u16::MAX);
            }
        }
        JournalRow {
            order_id: f.order_id,
            created_at: f.created_at,
            status_id: f.status_id,
            cost: f.cost,
            cod: f.cod.unwrap_or(NO_COD),
            text: text.into_boxed_str(),
            ends,
            has_wcs: f.wcs_code.is_some(),
            city: names.get(f.city),
            status_name: names.get(f.status_name),
            counter: f.counter.map(|c| names.get(c)),
        }
    }

    /// The fields again, borrowed from the row (to make a changed copy of it).
    pub fn fields(&self) -> RowFields<'_> {
        RowFields {
            order_id: self.order_id,
            barcode: self.barcode(),
            wcs_code: self.wcs_code(),
            created_at: self.created_at,
            receiver: self.receiver(),
            receiver_phone: self.receiver_phone(),
            city: self.city(),
            status_id: self.status_id,
            status_name: self.status_name(),
            cod: self.cod(),
            cost: self.cost,
            counter: self.counter.as_deref(),
        }
    }

    fn part(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        let end = self.ends.get(i).map_or(self.text.len(), |e| *e as usize);
        self.text.get(start..end).unwrap_or("")
    }

    pub fn barcode(&self) -> &str {
        self.part(0)
    }

    pub fn wcs_code(&self) -> Option<&str> {
        self.has_wcs.then(|| self.part(1))
    }

    pub fn receiver(&self) -> &str {
        self.part(2)
    }

    pub fn receiver_phone(&self) -> &str {
        self.part(3)
    }

    pub fn city(&self) -> &str {
        &self.city
    }

    /// The city's name, shared by every row of that city (cheap to compare by pointer).
    pub fn city_shared(&self) -> &Arc<str> {
        &self.city
    }

    pub fn status_name(&self) -> &str {
        &self.status_name
    }

    /// Cash on delivery, whole sum.
    pub fn cod(&self) -> Option<i64> {
        (self.cod != NO_COD).then_some(self.cod)
    }
}

/// A row selected with the columns of `JournalRow` first, in its order (`counter` last).
pub(super) fn journal_row(r: &Row<'_>, names: &mut SharedNames) -> Result<JournalRow, StoreError> {
    let barcode: String = r.get(1)?;
    let wcs_code: Option<String> = r.get(2)?;
    let receiver: String = r.get(4)?;
    let receiver_phone: String = r.get(5)?;
    let city: String = r.get(6)?;
    let status_name: String = r.get(8)?;
    let counter: Option<String> = r.get(11)?;
    Ok(JournalRow::new(
        RowFields {
            order_id: r.get(0)?,
            barcode: &barcode,
            wcs_code: wcs_code.as_deref(),
            created_at: r.get(3)?,
            receiver: &receiver,
            receiver_phone: &receiver_phone,
            city: &city,
            status_id: r.get(7)?,
            status_name: &status_name,
            cod: r.get(9)?,
            cost: r.get(10)?,
            counter: counter.as_deref(),
        },
        names,
    ))
}

/// A plain row for the store's tests: order `id` under the key `key`, created at `at`.
#[cfg(test)]
pub(crate) fn sample_row(id: i64, key: &str, at: i64) -> JournalRow {
    JournalRow::new(
        RowFields {
            order_id: id,
            barcode: &format!("01991{id:07}"),
            wcs_code: Some(key),
            created_at: at,
            receiver: "Vali",
            receiver_phone: "+998901234567",
            city: "Samarqand",
            status_id: 1,
            status_name: "Joʻnatuvchida",
            cod: None,
            cost: 25_000,
            counter: None,
        },
        &mut SharedNames::default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> RowFields<'static> {
        RowFields {
            order_id: 7,
            barcode: "019910000007",
            wcs_code: Some("PD-7"),
            created_at: 1_795_000_000,
            receiver: "Karimova Dilnoza",
            receiver_phone: "+998 90 123 45 67",
            city: "Fargʻona",
            status_id: 3,
            status_name: "Yoʻlda",
            cod: Some(150_000),
            cost: 25_000,
            counter: Some("Kassa 1"),
        }
    }

    #[test]
    fn every_field_comes_back_as_given() {
        let mut names = SharedNames::default();
        let row = JournalRow::new(fields(), &mut names);
        assert_eq!(row.barcode(), "019910000007");
        assert_eq!(row.wcs_code(), Some("PD-7"));
        assert_eq!(row.receiver(), "Karimova Dilnoza");
        assert_eq!(row.receiver_phone(), "+998 90 123 45 67");
        assert_eq!(row.city(), "Fargʻona");
        assert_eq!(row.status_name(), "Yoʻlda");
        assert_eq!(row.cod(), Some(150_000));
        assert_eq!(row.counter.as_deref(), Some("Kassa 1"));
        let again = JournalRow::new(row.fields(), &mut names);
        assert_eq!(again, row);
    }

    #[test]
    fn absent_and_empty_fields_stay_apart() {
        let mut names = SharedNames::default();
        let row = JournalRow::new(
            RowFields {
                wcs_code: None,
                cod: None,
                counter: None,
                receiver: "",
                ..fields()
            },
            &mut names,
        );
        assert_eq!(row.wcs_code(), None);
        assert_eq!(row.cod(), None);
        assert_eq!(row.receiver(), "");
        assert_eq!(row.receiver_phone(), "+998 90 123 45 67");
        let empty = JournalRow::new(
            RowFields {
                wcs_code: Some(""),
                cod: Some(0),
                ..fields()
            },
            &mut names,
        );
        assert_eq!(empty.wcs_code(), Some(""));
        assert_eq!(empty.cod(), Some(0));
    }

    #[test]
    fn rows_of_one_city_share_its_name() {
        let mut names = SharedNames::default();
        let a = JournalRow::new(fields(), &mut names);
        let b = JournalRow::new(
            RowFields {
                order_id: 8,
                ..fields()
            },
            &mut names,
        );
        assert!(Arc::ptr_eq(a.city_shared(), b.city_shared()));
        assert!(Arc::ptr_eq(
            a.counter.as_ref().expect("counter"),
            b.counter.as_ref().expect("counter")
        ));
    }

    #[test]
    fn an_absurdly_long_field_is_cut_at_a_character() {
        let mut names = SharedNames::default();
        let long = "ў".repeat(FIELD_MAX);
        let row = JournalRow::new(
            RowFields {
                receiver: &long,
                ..fields()
            },
            &mut names,
        );
        assert!(row.receiver().len() <= FIELD_MAX);
        assert!(row.receiver().chars().all(|c| c == 'ў'));
        assert_eq!(row.receiver_phone(), "+998 90 123 45 67");
    }
}
