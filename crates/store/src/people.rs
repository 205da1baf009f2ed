//! The shop's address book: every sender and receiver of the journal's orders, with the city,
//! address and office they last used, so a repeat customer is chosen, not typed. Kept in the
//! shop's records (every counter of a shop on PostgreSQL sees the same people), learned in the
//! same transaction that writes an order to the journal, and once from the journal kept before
//! the book existed.
//!
//! A person is one name at one phone number within one service (a city is a service's id):
//! the key is the number's national digits and the name as written, in lower case. Two spellings
//! of one customer are two people until the clerk merges them; a merged person stays as a
//! pointer to the one kept, so the next order under the old spelling counts for the kept one.
//! Forgetting deletes the person (and the spellings merged into them); on request it also blanks
//! their name and phone in the journal's searchable columns.

use super::db::{Db, Row, Sql, args};
use super::{ServiceKey, Store, StoreError};
use api::codes::Delivery;
use api::legacy::OrderCore;
use api::phone::phone_digits;

/// A person the shop sent for or to, as last seen.
#[derive(Debug, Clone, PartialEq)]
pub struct Person {
    /// The book's key of this person (see [`person_key`]).
    pub key: String,
    pub name: String,
    pub phone: String,
    pub city: Option<i64>,
    pub address: String,
    /// The office they last collected at, when they did.
    pub branch: Option<i64>,
    pub delivery: Delivery,
    /// How many orders they were on.
    pub uses: i64,
    /// When they were last on an order (Unix seconds).
    pub last_at: i64,
    /// The phones of the spellings merged into them (they find them too).
    pub other_phones: Vec<String>,
}

/// One end of an order, as the book learns it.
#[derive(Debug, Clone, PartialEq)]
pub struct Seen {
    pub name: String,
    pub phone: String,
    pub city: Option<i64>,
    pub address: String,
    pub branch: Option<i64>,
    pub delivery: Delivery,
}

impl Seen {
    /// The sender and the receiver of a service's order record.
    pub fn both(core: &OrderCore) -> [Seen; 2] {
        [
            Seen {
                name: core.sender_real.clone(),
                phone: core.sender_phone.clone(),
                city: core.sender_city.id,
                address: core.sender_address.clone(),
                branch: core.sender_branch.as_ref().and_then(|b| b.id),
                delivery: core.sender_delivery,
            },
            Seen {
                name: core.receiver.clone(),
                phone: core.receiver_phone.clone(),
                city: core.receiver_city.id,
                address: core.receiver_address.clone(),
                branch: core.receiver_branch.as_ref().and_then(|b| b.id),
                delivery: core.receiver_delivery,
            },
        ]
    }
}

/// A name with its spaces made single (as the book keeps and compares it).
fn one_spaced(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The key of a person: the phone's national digits and the name in lower case with its spaces
/// made single. `None` when either is missing: a person without both is not worth suggesting.
pub fn person_key(name: &str, phone: &str) -> Option<String> {
    let digits = phone_digits(phone);
    let name = one_spaced(name).to_lowercase();
    (digits.len() >= 7 && !name.is_empty()).then(|| format!("{digits}|{name}"))
}

/// The columns of a [`Person`], in the order [`read_person`] reads them.
const SELECT_PEOPLE: &str =
    "SELECT person, name, phone, city_id, address, branch_id, delivery, uses,
    last_at FROM people WHERE service = ?1 AND merged_into IS NULL";

fn read_person(r: &Row<'_>) -> Result<Person, StoreError> {
    Ok(Person {
        key: r.get(0)?,
        name: r.get(1)?,
        phone: r.get(2)?,
        city: r.get(3)?,
        address: r.get(4)?,
        branch: r.get(5)?,
        delivery: Delivery::try_from(r.get::<i64>(6)?).unwrap_or_default(),
        uses: r.get(7)?,
        last_at: r.get(8)?,
        other_phones: Vec::new(),
    })
}

/// Writes what an order showed of a person into the book: a new person, or the one they are
/// (or were merged into) with this order's city, address and office when the order is the newer;
/// `counted` adds the order to how many they were on (once per order, not per update of it).
pub(crate) fn learn<'t>(
    sql: &mut impl Sql<'t>,
    service: &ServiceKey,
    seen: &Seen,
    at: i64,
    counted: i64,
) -> Result<(), StoreError> {
    let Some(key) = person_key(&seen.name, &seen.phone) else {
        return Ok(());
    };
    let merged: Option<Option<String>> = sql.query_opt(
        "SELECT merged_into FROM people WHERE service = ?1 AND person = ?2",
        args![service.as_str(), key],
        |r| r.get(0),
    )?;
    let (key, renamed) = match merged {
        Some(Some(kept)) => (kept, false),
        _ => (key, true),
    };
    let name = one_spaced(&seen.name);
    // The name and phone are the person's own only under their own key: an order under a
    // spelling merged into another person leaves that person's as they are.
    let newer = "excluded.last_at >= people.last_at";
    let own = if renamed { newer } else { "1 = 0" };
    sql.execute(
        &format!(
            "INSERT INTO people (service, person, name, phone, city_id, address, branch_id,
                                 delivery, uses, last_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
             ON CONFLICT (service, person) DO UPDATE SET
                name = CASE WHEN {own} THEN excluded.name ELSE people.name END,
                phone = CASE WHEN {own} THEN excluded.phone ELSE people.phone END,
                city_id = CASE WHEN {newer} THEN COALESCE(excluded.city_id, people.city_id)
                               ELSE people.city_id END,
                address = CASE WHEN {newer} AND excluded.address <> '' THEN excluded.address
                               ELSE people.address END,
                branch_id = CASE WHEN {newer} THEN excluded.branch_id ELSE people.branch_id END,
                delivery = CASE WHEN {newer} THEN excluded.delivery ELSE people.delivery END,
                uses = people.uses + excluded.uses,
                last_at = CASE WHEN excluded.last_at > people.last_at THEN excluded.last_at
                               ELSE people.last_at END"
        ),
        args![
            service.as_str(),
            key,
            name,
            seen.phone.trim(),
            seen.city,
            seen.address.trim(),
            seen.branch,
            seen.delivery.code(),
            counted,
            at
        ],
    )?;
    Ok(())
}

/// What the clerk corrected of a person.
#[derive(Debug, Clone, PartialEq)]
pub struct Correction {
    pub name: String,
    pub phone: String,
    pub city: Option<i64>,
    pub address: String,
    pub branch: Option<i64>,
}

impl Store {
    /// Everyone the book suggests for `service` (merged spellings are not listed: the person
    /// kept is).
    pub fn people(&self, service: &ServiceKey) -> Result<Vec<Person>, StoreError> {
        let read = |db: &mut Db| -> Result<Vec<Person>, StoreError> {
            let mut people = db.query(SELECT_PEOPLE, args![service.as_str()], read_person)?;
            let merged: Vec<(String, String)> = db.query(
                "SELECT merged_into, phone FROM people
                 WHERE service = ?1 AND merged_into IS NOT NULL",
                args![service.as_str()],
                |r| r.columns(),
            )?;
            if !merged.is_empty() {
                let at: std::collections::HashMap<&str, usize> = people
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (p.key.as_str(), i))
                    .collect();
                let mut phones: Vec<(usize, String)> = merged
                    .into_iter()
                    .filter_map(|(kept, phone)| Some((*at.get(kept.as_str())?, phone)))
                    .collect();
                phones.sort();
                phones.dedup();
                for (i, phone) in phones {
                    if phone_digits(&phone) != phone_digits(&people[i].phone) {
                        people[i].other_phones.push(phone);
                    }
                }
            }
            Ok(people)
        };
        let answer = read(&mut self.conn());
        match answer {
            Err(_) if self.shop_lost() => read(&mut self.local()),
            answer => answer,
        }
    }

    /// Learns the people of the journal's orders kept before the book existed, once for each
    /// service and database; how many orders were read (0 when it was done before).
    pub fn learn_people_from_journal(&self, service: &ServiceKey) -> Result<usize, StoreError> {
        self.shop_or_here(|db, _| learn_journal(db, service))
    }

    /// Corrects a person: their name, phone, city, address or office as the clerk wrote them.
    /// A correction that makes them someone the book already has merges them into that person.
    pub fn correct_person(
        &self,
        service: &ServiceKey,
        key: &str,
        fixed: &Correction,
    ) -> Result<String, StoreError> {
        let Some(new_key) = person_key(&fixed.name, &fixed.phone) else {
            return Err(StoreError::Shape(
                "a person needs a name and a phone".into(),
            ));
        };
        self.shop_or_here(|db, _| {
            let mut tx = db.transaction()?;
            let exists = |tx: &mut super::db::Tx<'_>, k: &str| {
                tx.query_opt(
                    "SELECT 1 FROM people WHERE service = ?1 AND person = ?2",
                    args![service.as_str(), k],
                    |r| r.get::<i64>(0),
                )
            };
            if exists(&mut tx, key)?.is_none() {
                return Err(StoreError::Shape(
                    "that person is no longer in the book".into(),
                ));
            }
            if new_key != key && exists(&mut tx, &new_key)?.is_some() {
                tx.commit()?;
                return merge(db, service, &new_key, key).map(|()| new_key.clone());
            }
            let name = one_spaced(&fixed.name);
            tx.execute(
                "UPDATE people SET person = ?3, name = ?4, phone = ?5, city_id = ?6, address = ?7,
                                   branch_id = ?8
                 WHERE service = ?1 AND person = ?2",
                args![
                    service.as_str(),
                    key,
                    new_key,
                    name,
                    fixed.phone.trim(),
                    fixed.city,
                    fixed.address.trim(),
                    fixed.branch
                ],
            )?;
            tx.execute(
                "UPDATE people SET merged_into = ?3 WHERE service = ?1 AND merged_into = ?2",
                args![service.as_str(), key, new_key],
            )?;
            tx.commit()?;
            Ok(new_key.clone())
        })
        .inspect(|_| self.journal_touched())
    }

    /// Merges the person `gone` into `kept`: their orders count for `kept`, and the next order
    /// under `gone`'s name and phone fills `kept`'s.
    pub fn merge_people(
        &self,
        service: &ServiceKey,
        kept: &str,
        gone: &str,
    ) -> Result<(), StoreError> {
        if kept == gone {
            return Ok(());
        }
        self.shop_or_here(|db, _| merge(db, service, kept, gone))?;
        self.journal_touched();
        Ok(())
    }

    /// Forgets a person: they (and every spelling merged into them) leave the book; with
    /// `from_journal`, their name and phone are also blanked in the journal's searchable
    /// columns (the service's own record of each order is kept: it is the order). How many
    /// journal rows were blanked.
    pub fn forget_person(
        &self,
        service: &ServiceKey,
        key: &str,
        from_journal: bool,
    ) -> Result<usize, StoreError> {
        let blanked = self.shop_or_here(|db, _| {
            let mut tx = db.transaction()?;
            let spellings: Vec<(String, String)> = tx.query(
                "SELECT name, phone FROM people
                 WHERE service = ?1 AND (person = ?2 OR merged_into = ?2)",
                args![service.as_str(), key],
                |r| r.columns(),
            )?;
            tx.execute(
                "DELETE FROM people WHERE service = ?1 AND (person = ?2 OR merged_into = ?2)",
                args![service.as_str(), key],
            )?;
            let mut blanked = 0;
            if from_journal {
                for (name, phone) in &spellings {
                    let phones: Vec<(i64, String, String)> = tx.query(
                        "SELECT order_id, receiver, receiver_phone FROM journal
                         WHERE service = ?1 AND receiver = ?2",
                        args![service.as_str(), name],
                        |r| r.columns(),
                    )?;
                    for (order_id, _, their_phone) in phones {
                        if phone_digits(&their_phone) == phone_digits(phone) {
                            blanked += tx.execute(
                                "UPDATE journal SET receiver = '', receiver_phone = ''
                                 WHERE service = ?1 AND order_id = ?2",
                                args![service.as_str(), order_id],
                            )?;
                        }
                    }
                }
            }
            tx.commit()?;
            Ok(blanked)
        })?;
        self.journal_touched();
        Ok(blanked)
    }
}

fn merge(db: &mut Db, service: &ServiceKey, kept: &str, gone: &str) -> Result<(), StoreError> {
    let mut tx = db.transaction()?;
    let uses: Option<i64> = tx.query_opt(
        "SELECT uses FROM people WHERE service = ?1 AND person = ?2 AND merged_into IS NULL",
        args![service.as_str(), gone],
        |r| r.get(0),
    )?;
    let Some(uses) = uses else {
        return Err(StoreError::Shape(
            "that person is no longer in the book".into(),
        ));
    };
    let changed = tx.execute(
        "UPDATE people SET uses = uses + ?3 WHERE service = ?1 AND person = ?2
             AND merged_into IS NULL",
        args![service.as_str(), kept, uses],
    )?;
    if changed == 0 {
        return Err(StoreError::Shape(
            "that person is no longer in the book".into(),
        ));
    }
    tx.execute(
        "UPDATE people SET merged_into = ?3, uses = 0
         WHERE service = ?1 AND (person = ?2 OR merged_into = ?2)",
        args![service.as_str(), gone, kept],
    )?;
    tx.commit()
}

/// Reads the journal's orders of `service` into the book, unless that was done.
fn learn_journal(db: &mut Db, service: &ServiceKey) -> Result<usize, StoreError> {
    let mut tx = db.transaction()?;
    // Taken first: a second counter doing the same waits here, then finds it done.
    let first = tx.execute(
        "INSERT INTO people_learned (service, at) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
        args![service.as_str(), chrono::Utc::now().timestamp()],
    )?;
    if first == 0 {
        return Ok(0);
    }
    let records: Vec<(String, i64)> = tx.query(
        "SELECT record, created_at FROM journal WHERE service = ?1 ORDER BY created_at",
        args![service.as_str()],
        |r| r.columns(),
    )?;
    for (record, at) in &records {
        // A record the service wrote in another shape teaches nothing; the order stays.
        let Ok(core) = serde_json::from_str::<OrderCore>(record) else {
            continue;
        };
        for seen in Seen::both(&core) {
            learn(&mut tx, service, &seen, *at, 1)?;
        }
    }
    tx.commit()?;
    Ok(records.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::journal_row::sample_row;

    fn svc() -> ServiceKey {
        ServiceKey::new("twin:a|123456789")
    }

    /// A service's order record from `sender` to `receiver` (name, phone, city, address).
    fn record(sender: (&str, &str, i64, &str), receiver: (&str, &str, i64, &str)) -> String {
        let place = |id: i64| serde_json::json!({"id": id, "name": format!("city {id}")});
        serde_json::json!({
            "customer": {"id": 1, "name": "Shop"},
            "status": {"id": 1, "info": "At the sender"},
            "senderRegion": place(1), "receiverRegion": place(2),
            "senderCity": place(sender.2), "receiverCity": place(receiver.2),
            "receiverBranch": {"id": 77, "name": "Branch 77"},
            "senderDelivery": 0, "receiverDelivery": 0,
            "senderReal": sender.0, "senderPhone": sender.1, "senderAddress": sender.3,
            "receiver": receiver.0, "receiverPhone": receiver.1, "receiverAddress": receiver.3,
            "package": {"id": 1, "name": "Box"}, "postType": {"id": 1, "name": "Parcel"},
            "cost": "25000", "weight": "1.5", "piece": 1,
            "senderDate": "2026-11-28", "receiverDate": "2026-11-29",
            "barcode": "019910000001",
        })
        .to_string()
    }

    const AZIZ: (&str, &str, i64, &str) = ("Aziz Karimov", "+998 90 123 45 67", 10, "Navoiy 5");
    const DILNOZA: (&str, &str, i64, &str) = ("Dilnoza", "+998 91 765 43 21", 20, "Bobur 1");

    /// Journals order `id` with its record; its searchable columns name the record's receiver.
    fn confirm(s: &Store, id: i64, json: &str, at: i64) {
        let core: OrderCore = serde_json::from_str(json).unwrap();
        let sample = sample_row(id, &format!("k{id}"), id);
        let fields = crate::RowFields {
            receiver: &core.receiver,
            receiver_phone: &core.receiver_phone,
            ..sample.fields()
        };
        let row = crate::JournalRow::new(fields, &mut crate::SharedNames::default());
        s.journal_confirm(&svc(), &row, json, None, at).unwrap();
    }

    fn named<'a>(people: &'a [Person], name: &str) -> &'a Person {
        people.iter().find(|p| p.name == name).unwrap()
    }

    #[test]
    fn a_phone_however_typed_is_one_person() {
        let key = person_key("Aziz  Karimov", "+998 90 123 45 67");
        assert_eq!(key.as_deref(), Some("901234567|aziz karimov"));
        assert_eq!(person_key("aziz karimov", "90-123-45-67"), key);
        assert_eq!(person_key("", "901234567"), None);
        assert_eq!(person_key("Aziz", "12"), None);
    }

    on_both_backends! {
        fn every_order_teaches_the_book_its_sender_and_receiver(s) {
            confirm(&s, 1, &record(AZIZ, DILNOZA), 100);
            // The same order read again is not a second order.
            confirm(&s, 1, &record(AZIZ, DILNOZA), 150);
            let moved = ("Dilnoza", "91 765 43 21", 30, "Amir Temur 9");
            confirm(&s, 2, &record(AZIZ, moved), 200);
            let people = s.people(&svc()).unwrap();
            assert_eq!(people.len(), 2, "{people:?}");
            let aziz = named(&people, "Aziz Karimov");
            assert_eq!((aziz.uses, aziz.city, aziz.last_at), (2, Some(10), 200));
            let dilnoza = named(&people, "Dilnoza");
            assert_eq!(dilnoza.uses, 2);
            assert_eq!(dilnoza.city, Some(30), "the last order's city");
            assert_eq!(dilnoza.address, "Amir Temur 9");
            assert_eq!(dilnoza.branch, Some(77));
            // An older order read late changes nothing of what is newer.
            confirm(&s, 3, &record(AZIZ, DILNOZA), 50);
            let people = s.people(&svc()).unwrap();
            assert_eq!(named(&people, "Dilnoza").address, "Amir Temur 9");
            assert_eq!(named(&people, "Dilnoza").uses, 3);
            assert!(s.people(&ServiceKey::new("other")).unwrap().is_empty());
        }

        fn a_merged_spelling_counts_for_the_person_kept(s) {
            confirm(&s, 1, &record(AZIZ, DILNOZA), 100);
            let short = ("aziz", "901234567", 10, "Navoiy 5");
            confirm(&s, 2, &record(short, DILNOZA), 200);
            assert_eq!(s.people(&svc()).unwrap().len(), 3);
            let kept = person_key(AZIZ.0, AZIZ.1).unwrap();
            let gone = person_key(short.0, short.1).unwrap();
            s.merge_people(&svc(), &kept, &gone).unwrap();
            let people = s.people(&svc()).unwrap();
            assert_eq!(people.len(), 2);
            assert_eq!(named(&people, "Aziz Karimov").uses, 2);
            assert!(named(&people, "Aziz Karimov").other_phones.is_empty(), "the same number");
            // The next order under the merged spelling is the kept person's.
            let moved = ("aziz", "901234567", 40, "Yangi 1");
            confirm(&s, 3, &record(moved, DILNOZA), 300);
            let people = s.people(&svc()).unwrap();
            assert_eq!(people.len(), 2, "{people:?}");
            let aziz = named(&people, "Aziz Karimov");
            assert_eq!((aziz.uses, aziz.city, aziz.address.as_str()), (3, Some(40), "Yangi 1"));
        }

        fn a_correction_is_kept_and_may_meet_a_duplicate(s) {
            confirm(&s, 1, &record(AZIZ, DILNOZA), 100);
            let key = person_key(DILNOZA.0, DILNOZA.1).unwrap();
            let fixed = Correction {
                name: "Dilnoza Rahimova".into(),
                phone: "+998 91 765 43 21".into(),
                city: Some(21),
                address: "Bobur 2".into(),
                branch: None,
            };
            let new_key = s.correct_person(&svc(), &key, &fixed).unwrap();
            let people = s.people(&svc()).unwrap();
            let d = named(&people, "Dilnoza Rahimova");
            assert_eq!((d.key.as_str(), d.city, d.branch), (new_key.as_str(), Some(21), None));
            // Corrected into Aziz (same name and phone): the two are merged.
            let as_aziz = Correction { name: AZIZ.0.into(), phone: AZIZ.1.into(), ..fixed };
            s.correct_person(&svc(), &new_key, &as_aziz).unwrap();
            let people = s.people(&svc()).unwrap();
            assert_eq!(people.len(), 1);
            assert_eq!(people[0].uses, 2);
        }

        fn a_forgotten_person_leaves_nothing_that_suggests_them(s) {
            confirm(&s, 1, &record(AZIZ, DILNOZA), 100);
            let other = ("Dilnoza R.", "+998 91 765 43 21", 20, "Bobur 1");
            confirm(&s, 2, &record(AZIZ, other), 200);
            let key = person_key(DILNOZA.0, DILNOZA.1).unwrap();
            let other_key = person_key(other.0, other.1).unwrap();
            s.merge_people(&svc(), &key, &other_key).unwrap();
            let blanked = s.forget_person(&svc(), &key, true).unwrap();
            let people = s.people(&svc()).unwrap();
            assert_eq!(people.len(), 1, "{people:?}");
            assert_eq!(people[0].name, "Aziz Karimov");
            // Both orders' searchable columns named her (under either spelling).
            assert_eq!(blanked, 2);
            let searchable: Vec<String> =
                s.journal(&svc()).unwrap().iter().map(|r| r.receiver().to_string()).collect();
            assert_eq!(searchable, ["", ""]);
            let rows: i64 = s
                .conn()
                .query_one(
                    "SELECT COUNT(*) FROM people WHERE name LIKE 'Dilnoza%'",
                    args![],
                    |r| r.get(0),
                )
                .unwrap();
            assert_eq!(rows, 0, "no row of hers, not even a merged spelling");
        }

        fn the_journal_from_before_the_book_is_read_once(s) {
            confirm(&s, 1, &record(AZIZ, DILNOZA), 100);
            s.conn().execute("DELETE FROM people", args![]).unwrap();
            assert_eq!(s.learn_people_from_journal(&svc()).unwrap(), 1);
            assert_eq!(s.people(&svc()).unwrap().len(), 2);
            let key = person_key(AZIZ.0, AZIZ.1).unwrap();
            s.forget_person(&svc(), &key, false).unwrap();
            // Read once: a forgotten person is not learned back from the journal.
            assert_eq!(s.learn_people_from_journal(&svc()).unwrap(), 0);
            assert_eq!(s.people(&svc()).unwrap().len(), 1);
        }
    }
}
