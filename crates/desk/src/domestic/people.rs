//! The address book's face: what the order form and the address book screen ask of the `Desk`.
//! The book in memory follows the shop's (read again, on the background runtime, when the
//! journal changed here or at another counter of the shop, at most every few seconds unless the
//! clerk changed it); corrections, merges and forgetting run on the background runtime and read
//! the book again when done.

use crate::domestic::address_book::AddressBook;
use crate::task::{Task, take};
use crate::*;
use std::time::Instant;
use store::{Correction, Person};

/// How often the book is read again at most while the journal keeps changing (each status
/// notification changes it).
const REREAD_EVERY: Duration = Duration::from_secs(2);

/// How many people a field suggests.
pub const SUGGESTED: usize = 6;

/// The book in memory and its reading.
#[derive(Default)]
pub struct People {
    book: Arc<AddressBook>,
    reading: Option<Task<Result<AddressBook, String>>>,
    /// The journal generation and service the book was read at, and when.
    read_at: Option<(u64, ServiceKey, Instant)>,
    /// The clerk changed the book: read it again at once.
    changed: bool,
    /// The service whose journal from before the book was read into it (once a run is enough:
    /// the store does it once a database, and asks nothing after).
    learned: Option<ServiceKey>,
}

impl Desk {
    /// The people a field's text points at (see [`AddressBook::suggest`]); never waits.
    pub fn suggest_people(&self, typed: &str) -> Vec<Person> {
        self.people
            .book
            .suggest(typed, SUGGESTED)
            .into_iter()
            .cloned()
            .collect()
    }

    /// The whole book as last read.
    pub fn address_book(&self) -> Arc<AddressBook> {
        self.people.book.clone()
    }

    /// Whether the book is being read.
    pub fn address_book_reading(&self) -> bool {
        self.people.reading.is_some()
    }

    /// Corrects a person; the new key comes back.
    pub fn correct_person(
        &mut self,
        key: String,
        fixed: Correction,
    ) -> Option<Task<Result<String, DeskError>>> {
        self.change_book(move |s, svc| s.correct_person(svc, &key, &fixed))
    }

    /// Merges `gone` into `kept`.
    pub fn merge_people(
        &mut self,
        kept: String,
        gone: String,
    ) -> Option<Task<Result<(), DeskError>>> {
        self.change_book(move |s, svc| s.merge_people(svc, &kept, &gone))
    }

    /// Forgets a person (and on request blanks them in the journal's searchable columns); how
    /// many journal rows were blanked.
    pub fn forget_person(
        &mut self,
        key: String,
        from_journal: bool,
    ) -> Option<Task<Result<usize, DeskError>>> {
        self.change_book(move |s, svc| s.forget_person(svc, &key, from_journal))
    }

    fn change_book<T: Send + 'static>(
        &mut self,
        change: impl FnOnce(&Store, &ServiceKey) -> Result<T, store::StoreError> + Send + 'static,
    ) -> Option<Task<Result<T, DeskError>>> {
        let (store, scope) = (self.store.clone()?, self.scope.clone()?);
        self.people.changed = true;
        Some(self.spawn_blocking(move || change(&store, &scope).map_err(DeskError::from)))
    }

    /// Takes a finished reading and starts the next when the journal changed (called once a
    /// frame from [`Desk::poll`]).
    pub(crate) fn follow_people(&mut self) {
        match take(&mut self.people.reading) {
            Some(Ok(Ok(book))) => self.people.book = Arc::new(book),
            Some(Ok(Err(e))) => {
                tracing::warn!("the address book was not read: {e}");
                // Its journal from before is read again with the next reading.
                self.people.learned = None;
            }
            Some(Err(_)) | None => {}
        }
        let (Some(store), Some(scope)) = (self.store.clone(), self.scope.clone()) else {
            if self.people.read_at.take().is_some() {
                self.people.book = Arc::default();
            }
            return;
        };
        if self.people.reading.is_some() {
            return;
        }
        let generation = store.journal_generation();
        let due = match &self.people.read_at {
            None => true,
            Some((_, svc, _)) if *svc != scope => {
                // Another service's people are not this one's.
                self.people.book = Arc::default();
                true
            }
            Some((seen, _, at)) => {
                *seen != generation && (self.people.changed || at.elapsed() >= REREAD_EVERY)
            }
        };
        if !due {
            return;
        }
        self.people.changed = false;
        self.people.read_at = Some((generation, scope.clone(), Instant::now()));
        let learn = self.people.learned.as_ref() != Some(&scope);
        self.people.learned = Some(scope.clone());
        self.people.reading = Some(self.spawn_blocking(move || {
            if learn {
                store
                    .learn_people_from_journal(&scope)
                    .map_err(|e| e.to_string())?;
            }
            let people = store.people(&scope).map_err(|e| e.to_string())?;
            Ok(AddressBook::new(people))
        }));
    }
}
