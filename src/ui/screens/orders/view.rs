//! The Orders screen's view of the journal: which rows the filter, status and period let
//! through, in which order. Typing forward only narrows (the rows shown are checked again, not
//! all); the lists are recomputed only when what they depend on changed.

use super::{OrdersScreen, RangeProblem, SortBy};
use crate::ui::widgets::period::{Period, bounds, parse_day, today};
use text::translit::search_key;

impl OrdersScreen {
    pub(super) fn refilter(&mut self) {
        if self.shown_for.as_deref() == Some(self.filter.as_str()) {
            return;
        }
        let digits_of = |t: &str| -> String { t.chars().filter(char::is_ascii_digit).collect() };
        let digits = digits_of(&self.filter);
        let q = search_key(&self.filter);
        // Typing forward only narrows the match: then only the rows shown so far are checked.
        let narrowing = self.shown_for.as_deref().is_some_and(|old| {
            let (old_q, old_digits) = (search_key(old), digits_of(old));
            !old_q.is_empty()
                && q.starts_with(&old_q)
                && digits.starts_with(&old_digits)
                && (old_digits.len() >= 3) == (digits.len() >= 3)
        });
        let keys = &self.keys;
        let query = text::translit::Query::new(&q);
        let number = (digits.len() >= 3).then(|| text::translit::Query::new(&digits));
        // Which words each city holds, once for all its rows.
        let in_city: Vec<Vec<bool>> = self.city_keys.iter().map(|k| query.words_in(k)).collect();
        let city_of = &self.city_of;
        let through = |i: &u32| {
            let key = keys.get(*i as usize);
            let found = city_of
                .get(*i as usize)
                .and_then(|c| in_city.get(*c as usize))
                .map_or(&[][..], Vec::as_slice);
            q.is_empty()
                || query.matches_with(key, found)
                || number.as_ref().is_some_and(|n| n.matches(key))
        };
        self.shown = if narrowing {
            std::mem::take(&mut self.shown)
                .into_iter()
                .filter(through)
                .collect()
        } else {
            (0..self.rows.len() as u32).filter(through).collect()
        };
        self.shown_for = Some(self.filter.clone());
        self.shown_generation += 1;
    }

    /// The creation times the date filter lets through, `[from, until)`; `None` lets all
    /// through (also while a typed range is incomplete or unreadable).
    pub fn date_bounds(&self) -> Option<(i64, i64)> {
        let (first, last) = match self.period {
            Period::Range => self.typed_range().ok()?,
            preset => preset.days(today())?,
        };
        Some(bounds(first, last))
    }

    /// The typed range read as days, or which side cannot be read.
    pub(super) fn typed_range(
        &self,
    ) -> Result<(chrono::NaiveDate, chrono::NaiveDate), RangeProblem> {
        let from = parse_day(&self.range_from);
        let to = parse_day(&self.range_to);
        match (from, to) {
            (Some(a), Some(b)) if a <= b => Ok((a, b)),
            (Some(_), Some(_)) => Err(RangeProblem::Backwards),
            _ if self.range_from.trim().is_empty() || self.range_to.trim().is_empty() => {
                Err(RangeProblem::Incomplete)
            }
            _ => Err(RangeProblem::Unreadable),
        }
    }

    /// Narrows the filtered rows by status and date and sorts them; only when one of those
    /// changed.
    pub(super) fn reorder(&mut self) {
        let dates = self.date_bounds();
        let place = (self.counter.as_ref()).and_then(|c| self.counters.iter().position(|n| n == c));
        let key = (self.shown_generation, self.status, place, dates, self.sort);
        if self.view_for == Some(key) {
            return;
        }
        self.sort_all();
        let counter = self.counter.as_ref();
        let rows = &self.rows;
        let status = self.status;
        let keep = |i: u32| {
            let r = &rows[i as usize];
            status.is_none_or(|s| r.status_id == s)
                && counter.is_none_or(|c| r.counter.as_ref() == Some(c))
                && dates.is_none_or(|(from, until)| (from..until).contains(&r.created_at))
        };
        let view: Vec<u32> = if self.shown.len() * 8 < rows.len() {
            // Few let through: sort just those.
            let mut few: Vec<u32> = self.shown.iter().copied().filter(|&i| keep(i)).collect();
            let rank = &self.rank;
            few.sort_by_key(|&i| rank[i as usize]);
            few
        } else {
            let mut through = vec![false; rows.len()];
            for &i in &self.shown {
                through[i as usize] = true;
            }
            self.sorted
                .iter()
                .copied()
                .filter(|&i| through[i as usize] && keep(i))
                .collect()
        };
        self.view = view;
        self.view_for = Some(key);
    }

    /// Orders every row by the chosen column, once per load and sort.
    fn sort_all(&mut self) {
        if self.sorted_for == Some(self.sort) && self.sorted.len() == self.rows.len() {
            return;
        }
        let rows = &self.rows;
        let (by, descending) = self.sort;
        let mut all: Vec<u32> = (0..rows.len() as u32).collect();
        let receivers: Vec<String> = match by {
            SortBy::Receiver => rows.iter().map(|r| r.receiver().to_lowercase()).collect(),
            _ => Vec::new(),
        };
        all.sort_by(|&a, &b| {
            let (x, y) = (&rows[a as usize], &rows[b as usize]);
            let order = match by {
                SortBy::Barcode => x.barcode().cmp(y.barcode()),
                SortBy::Created => x
                    .created_at
                    .cmp(&y.created_at)
                    .then(x.order_id.cmp(&y.order_id)),
                SortBy::Receiver => receivers[a as usize].cmp(&receivers[b as usize]),
                SortBy::City => x.city().cmp(y.city()),
                SortBy::Counter => x.counter.cmp(&y.counter),
                SortBy::Status => x.status_id.cmp(&y.status_id),
                SortBy::Cost => x.cost.cmp(&y.cost),
            };
            if descending { order.reverse() } else { order }
        });
        self.rank = rank_of(&all);
        self.sorted = all;
        self.sorted_for = Some(self.sort);
    }
}

/// Each row's place in `sorted`.
fn rank_of(sorted: &[u32]) -> Vec<u32> {
    let mut rank = vec![0u32; sorted.len()];
    for (place, &row) in sorted.iter().enumerate() {
        rank[row as usize] = place as u32;
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::widgets::status::when;
    use store::{JournalRow, RowFields, SharedNames};

    fn row(i: i64, name: &str, phone: &str, city: &str) -> JournalRow {
        JournalRow::new(
            RowFields {
                order_id: i,
                barcode: &format!("01991{i:07}"),
                wcs_code: None,
                created_at: i,
                receiver: name,
                receiver_phone: phone,
                city,
                status_id: 1,
                status_name: "",
                cod: None,
                cost: 0,
                counter: None,
            },
            &mut SharedNames::default(),
        )
    }

    /// Three orders to three cities.
    fn three() -> Vec<JournalRow> {
        vec![
            row(1, "Karimova Dilnoza", "+998 91 7654321", "Samarqand"),
            row(2, "Aliyev Ali", "+998 90 1234765", "Toshkent"),
            row(3, "Yusupova Madina", "+998 93 7650000", "Buxoro"),
        ]
    }

    #[test]
    fn a_city_is_found_alone_and_beside_a_name() {
        // A fourth order to the first one's city: rows share a city by its place in the table.
        let mut rows = three();
        rows.push(row(4, "Rahimov Jasur", "+998 94 1112233", "Samarqand"));
        let mut s = OrdersScreen::from_rows(rows);
        let mut found = |typed: &str| {
            s.set_filter(typed);
            s.visible_ids()
        };
        assert_eq!(found("samarq"), vec![4, 1]);
        assert_eq!(found("Самарқанд"), vec![4, 1], "in Cyrillic too");
        assert_eq!(found("rahimov samarq"), vec![4]);
        assert_eq!(found("karimova samar"), vec![1], "a name and a city");
        assert_eq!(found("tosh aliyev"), vec![2], "in either order");
        assert_eq!(found("buxoro karimova"), Vec::<i64>::new());
    }

    #[test]
    fn typing_forward_gives_what_a_full_filter_gives() {
        let rows = three();
        for typed in ["Karimova", "765", "ab 765", "Самар", "01991000000"] {
            let mut step = OrdersScreen::from_rows(rows.clone());
            for end in 1..=typed.chars().count() {
                step.set_filter(&typed.chars().take(end).collect::<String>());
                step.refilter();
            }
            let mut full = OrdersScreen::from_rows(rows.clone());
            full.set_filter(typed);
            full.refilter();
            assert_eq!(step.shown, full.shown, "{typed}");
        }
        let mut sorted = OrdersScreen::from_rows(rows.clone());
        assert_eq!(sorted.visible_ids(), vec![3, 2, 1], "newest first");
        sorted.sort = (SortBy::Receiver, false);
        assert_eq!(
            sorted.visible_ids(),
            vec![2, 1, 3],
            "Aliyev, Karimova, Yusupova"
        );
        sorted.set_filter("765");
        sorted.sort = (SortBy::Cost, true);
        let mut with_status = OrdersScreen::from_rows(
            rows.iter()
                .cloned()
                .map(|mut r| {
                    if r.order_id == 3 {
                        r.status_id = 6;
                    }
                    r
                })
                .collect(),
        );
        with_status.status = Some(6);
        assert_eq!(with_status.visible_ids(), vec![3]);
        let mut s = OrdersScreen::from_rows(rows);
        s.set_filter("7654321");
        s.refilter();
        assert_eq!(s.shown, vec![0], "part of a phone finds its order");
    }

    #[test]
    fn the_date_filter_keeps_the_days_asked_for() {
        let now = chrono::Utc::now().timestamp();
        let day = 86_400;
        let mut rows = vec![
            row(1, "Bugungi", "", ""),
            row(2, "Oʻtgan oy", "", ""),
            row(3, "Ikki kun oldin", "", ""),
        ];
        rows[0].created_at = now;
        rows[1].created_at = now - 40 * day;
        rows[2].created_at = now - 2 * day;
        let mut s = OrdersScreen::from_rows(rows);
        assert_eq!(s.visible_ids().len(), 3);
        s.period = Period::Today;
        assert_eq!(s.visible_ids(), vec![1]);
        s.period = Period::Last7Days;
        assert_eq!(s.visible_ids(), vec![1, 3]);
        s.period = Period::Range;
        // While the range is half typed or unreadable, nothing is hidden by it.
        s.range_from = "01.01.2000".into();
        assert_eq!(s.visible_ids().len(), 3);
        s.range_to = "31.02.2000".into();
        assert_eq!(s.visible_ids().len(), 3);
        // The day as the table shows it is the day a range is typed in.
        let typed = when(now - 40 * day)[..10].to_string();
        s.range_from = typed.clone();
        s.range_to = typed;
        assert_eq!(s.visible_ids(), vec![2]);
    }

    #[test]
    fn one_counter_or_the_whole_shop() {
        let at = |i: i64, counter: Option<&str>| {
            let plain = row(i, "Karimova", "", "");
            JournalRow::new(
                RowFields {
                    counter,
                    ..plain.fields()
                },
                &mut SharedNames::default(),
            )
        };
        let alone = OrdersScreen::from_rows(vec![at(1, Some("Kassa 1")), at(2, Some("Kassa 1"))]);
        assert!(
            !alone.several_counters,
            "one named counter alone: no filter"
        );
        let mut s = OrdersScreen::from_rows(vec![
            at(1, Some("Kassa 1")),
            at(2, Some("Kassa 2")),
            at(3, None),
            at(4, Some("Kassa 2")),
        ]);
        assert!(s.several_counters);
        assert_eq!(s.visible_ids(), vec![4, 3, 2, 1], "the whole shop");
        s.counter = Some("Kassa 2".into());
        assert_eq!(s.visible_ids(), vec![4, 2]);
        s.set_filter("Karimova");
        assert_eq!(s.visible_ids(), vec![4, 2], "with the text filter too");
        s.counter = None;
        s.sort = (SortBy::Counter, false);
        assert_eq!(
            s.visible_ids(),
            vec![3, 1, 2, 4],
            "none first, then by name"
        );
        // A re-read where the chosen counter has no orders any more shows the whole shop.
        s.counter = Some("Kassa 1".into());
        s.set_rows(vec![at(5, Some("Kassa 3")), at(6, None)]);
        assert_eq!(s.counter, None);
    }
}
