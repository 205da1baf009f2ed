//! The address book as the order form searches it: every person the shop's book holds, indexed
//! in memory by their phone's digits and by the words of their name, so a keystroke finds the
//! matching people among 100,000 within the budget (`benches/people.rs`) without asking the
//! database. Built on the background runtime from the store's rows and swapped in whole.

use api::phone::{phone_digits, phone_starts};
use store::Person;
use text::translit::search_key;

/// How few digits or letters are worth a suggestion: one digit is a tenth of the book.
const FEWEST_DIGITS: usize = 3;
const FEWEST_LETTERS: usize = 2;

#[derive(Debug, Default)]
pub struct AddressBook {
    people: Vec<Person>,
    /// Each person's phone digits, with the person's place in `people`, sorted.
    phones: Vec<(Box<str>, u32)>,
    /// Each word of each person's name (as a search key), with the person's place, sorted.
    words: Vec<(Box<str>, u32)>,
    /// Each person's whole name as a search key, for the words of a query after its first.
    names: Vec<Box<str>>,
    /// Everyone's place, most used first (sorted once here, never in a frame).
    ranked: Vec<u32>,
    /// Which book this is, of those built in this run (a search made in another is stale).
    edition: u64,
}

/// The books built so far in this run.
static EDITIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl AddressBook {
    pub fn new(people: Vec<Person>) -> AddressBook {
        let mut phones = Vec::with_capacity(people.len());
        let mut words = Vec::with_capacity(people.len() * 2);
        let mut names = Vec::with_capacity(people.len());
        for (at, p) in people.iter().enumerate() {
            let Ok(at) = u32::try_from(at) else { break };
            phones.push((phone_digits(&p.phone).into_boxed_str(), at));
            for other in &p.other_phones {
                phones.push((phone_digits(other).into_boxed_str(), at));
            }
            let name = search_key(&p.name);
            for word in name.split(' ').filter(|w| !w.is_empty()) {
                words.push((Box::from(word), at));
            }
            names.push(name.into_boxed_str());
        }
        phones.sort_unstable();
        words.sort_unstable();
        let mut ranked: Vec<u32> = (0..names.len())
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
        ranked.sort_by(|a, b| rank(&people[*a as usize]).cmp(&rank(&people[*b as usize])));
        AddressBook {
            people,
            phones,
            words,
            names,
            ranked,
            edition: EDITIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }

    pub fn len(&self) -> usize {
        self.people.len()
    }

    pub fn is_empty(&self) -> bool {
        self.people.is_empty()
    }

    /// Which book this is: another number, another book (the empty book of no session is 0).
    pub fn edition(&self) -> u64 {
        self.edition
    }

    /// Everyone, most used first (the address book's own screen), as ranked when the book was
    /// built.
    pub fn everyone(&self) -> impl Iterator<Item = &Person> {
        self.ranked.iter().map(|at| &self.people[*at as usize])
    }

    /// The people a field's text points at, most used (then most recent) first, at most `most`:
    /// by the start of the phone number when it is digits (`+998 90 12`, `9012`, `90-12`), by
    /// the start of their name's words otherwise, in Latin or Cyrillic (`aziz kar`, `Азиз`).
    pub fn suggest(&self, typed: &str, most: usize) -> Vec<&Person> {
        let mut found = if looks_like_phone(typed) {
            // Every reading of the digits (998 typed as the country code, or as the number's
            // own start) is asked.
            let mut hits: Vec<u32> = phone_starts(typed)
                .iter()
                .filter(|start| start.len() >= FEWEST_DIGITS)
                .flat_map(|start| starting(&self.phones, start).collect::<Vec<_>>())
                .collect();
            hits.sort_unstable();
            hits.dedup();
            hits
        } else {
            let key = search_key(typed);
            let key = unfinished_spelling_off(&key);
            let mut words = key.split(' ').filter(|w| !w.is_empty());
            let Some(first) = words.next() else {
                return Vec::new();
            };
            if key.chars().count() < FEWEST_LETTERS {
                return Vec::new();
            }
            let rest: Vec<&str> = words.collect();
            let mut hits: Vec<u32> = starting(&self.words, first).collect();
            hits.sort_unstable();
            hits.dedup();
            hits.retain(|at| {
                let name = &self.names[*at as usize];
                rest.iter()
                    .all(|w| name.split(' ').any(|n| n.starts_with(w)))
            });
            hits
        };
        let by_rank = |a: &u32, b: &u32| {
            rank(&self.people[*a as usize]).cmp(&rank(&self.people[*b as usize]))
        };
        if found.len() > most && most > 0 {
            found.select_nth_unstable_by(most - 1, by_rank);
            found.truncate(most);
        }
        found.sort_unstable_by(by_rank);
        found
            .into_iter()
            .take(most)
            .map(|at| &self.people[at as usize])
            .collect()
    }
}

/// Most used first, then most recent, then by name (a stable order for equals).
fn rank(p: &Person) -> (std::cmp::Reverse<i64>, std::cmp::Reverse<i64>, &str) {
    (
        std::cmp::Reverse(p.uses),
        std::cmp::Reverse(p.last_at),
        p.key.as_str(),
    )
}

/// The query's key without a last letter that may be the start of a spelling the search key
/// writes otherwise ("Aliy" is on its way to "Aliyev", whose key folds "ye"; "Ad" to "Adjiev",
/// "dj"): its prefix is then still a prefix of the name's key.
fn unfinished_spelling_off(key: &str) -> &str {
    let cut = ["dz", "y", "d"]
        .iter()
        .find_map(|end| key.strip_suffix(end))
        .filter(|rest| rest.split(' ').next_back().is_some_and(|w| !w.is_empty()));
    cut.unwrap_or(key)
}

/// Digits and the signs a number is written with, and nothing else.
fn looks_like_phone(typed: &str) -> bool {
    let typed = typed.trim();
    !typed.is_empty()
        && typed.chars().any(|c| c.is_ascii_digit())
        && typed
            .chars()
            .all(|c| c.is_ascii_digit() || " +-()".contains(c))
}

/// The places of the entries of a sorted list whose key starts with `start`.
fn starting<'a>(list: &'a [(Box<str>, u32)], start: &'a str) -> impl Iterator<Item = u32> + 'a {
    let from = list.partition_point(|(k, _)| k.as_ref() < start);
    list[from..]
        .iter()
        .take_while(move |(k, _)| k.starts_with(start))
        .map(|(_, at)| *at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::codes::Delivery;

    fn person(name: &str, phone: &str, uses: i64, last_at: i64) -> Person {
        Person {
            key: store::person_key(name, phone).unwrap_or_default(),
            name: name.into(),
            phone: phone.into(),
            city: Some(1),
            address: String::new(),
            branch: None,
            delivery: Delivery::Office,
            uses,
            last_at,
            other_phones: Vec::new(),
        }
    }

    fn book() -> AddressBook {
        AddressBook::new(vec![
            person("Aziz Karimov", "+998 90 123 45 67", 3, 10),
            person("Azamat Rahimov", "+998 90 123 99 00", 7, 5),
            person("Дилноза Каримова", "+998 91 765 43 21", 1, 20),
            person("Karim Azizov", "+998 93 111 22 33", 1, 30),
        ])
    }

    fn names(found: Vec<&Person>) -> Vec<&str> {
        found.iter().map(|p| p.name.as_str()).collect()
    }

    #[test]
    fn everyone_is_listed_most_used_first_and_each_book_is_another_edition() {
        let b = book();
        let all: Vec<&str> = b.everyone().map(|p| p.name.as_str()).collect();
        assert_eq!(
            all,
            [
                "Azamat Rahimov",
                "Aziz Karimov",
                "Karim Azizov",
                "Дилноза Каримова"
            ]
        );
        assert_ne!(b.edition(), book().edition());
        assert_eq!(AddressBook::default().edition(), 0);
    }

    #[test]
    fn a_number_typed_any_way_finds_its_people_most_used_first() {
        let b = book();
        for typed in [
            "+998 90 123",
            "90123",
            "90-123",
            "+998901 23",
            "998901",
            "998 90 123",
        ] {
            assert_eq!(
                names(b.suggest(typed, 5)),
                ["Azamat Rahimov", "Aziz Karimov"],
                "{typed}"
            );
        }
        assert_eq!(names(b.suggest("90 123 45", 5)), ["Aziz Karimov"]);
        assert_eq!(names(b.suggest("998 90 123 45", 5)), ["Aziz Karimov"]);
        // The whole number, in every usual form.
        for whole in [
            "+998 90 123 45 67",
            "998901234567",
            "90-123-45-67",
            "901234567",
            "(90) 123-45-67",
        ] {
            assert_eq!(names(b.suggest(whole, 5)), ["Aziz Karimov"], "{whole}");
        }
        assert!(b.suggest("+998 9", 5).is_empty(), "too little typed yet");
        assert!(b.suggest("95", 5).is_empty());
        // A duplicate merged in brings its number along.
        let mut aziz = person("Aziz Karimov", "+998 90 123 45 67", 3, 10);
        aziz.other_phones.push("+998 95 000 11 22".into());
        let b = AddressBook::new(vec![aziz]);
        assert_eq!(names(b.suggest("95 000", 5)), ["Aziz Karimov"]);
    }

    #[test]
    fn a_name_is_found_by_the_start_of_its_words_in_either_script() {
        let b = book();
        assert_eq!(
            names(b.suggest("aziz", 5)),
            ["Aziz Karimov", "Karim Azizov"]
        );
        assert_eq!(
            names(b.suggest("Азиз", 5)),
            ["Aziz Karimov", "Karim Azizov"]
        );
        assert_eq!(names(b.suggest("aziz karimo", 5)), ["Aziz Karimov"]);
        assert_eq!(
            names(b.suggest("kar aziz", 5)),
            ["Aziz Karimov", "Karim Azizov"]
        );
        assert_eq!(names(b.suggest("dilnoza", 5)), ["Дилноза Каримова"]);
        // A prefix whose last letter starts a spelling the key folds ("ye" of "Aliyev").
        let b = AddressBook::new(vec![person("Aliyev Ali", "+998 90 000 00 01", 1, 1)]);
        for typed in ["Ali", "Aliy", "Aliye", "Aliyev", "Алиев"] {
            assert_eq!(names(b.suggest(typed, 5)), ["Aliyev Ali"], "{typed}");
        }
        let b = book();
        assert_eq!(
            names(b.suggest("kari", 5)),
            ["Aziz Karimov", "Karim Azizov", "Дилноза Каримова"],
            "the same use count: the most recent first"
        );
        assert_eq!(names(b.suggest("kari", 1)), ["Aziz Karimov"]);
        assert!(b.suggest("a", 5).is_empty(), "one letter suggests nothing");
        assert!(b.suggest("zz", 5).is_empty());
    }
}
