//! What a counter manager reads at closing time, computed without pixels or waiting: the day's
//! orders made at this desk (optionally one clerk's), their totals (shipping cost, cash on
//! delivery still to come back and already due, pieces, weight), the same grouped by stage,
//! hand-over mode and destination region, the orders not yet confirmed, and the series the
//! charts draw (orders per hour, orders per day stacked by stage, COD per day). The register's
//! lines ([`DayLine`]) are what a closed day keeps, so a reprint is the paper the courier signed.

pub use crate::day::day_line::{DayLine, PlaceNames, Stage};
use crate::day::handover::Handover;
use api::codes::Delivery;
use api::legacy::OrderInput;
use chrono::{NaiveDate, Timelike};
use std::collections::BTreeMap;
use store::{DayPoint, OutboxEntry, OutboxState, counter_day};

/// How many days the day-by-day charts reach back, the chosen day included.
pub const CHART_DAYS: u64 = 30;

/// A destination region as orders are grouped by it: by its id when the record gives one (its
/// name then comes from the directory in the clerk's language, else from the first record), by
/// the name alone otherwise.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RegionKey {
    pub id: Option<i64>,
    pub name: Option<String>,
}

/// The sums over some orders.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub orders: usize,
    pub cost: i64,
    /// Cash on delivery of orders not yet delivered (nor returned or cancelled).
    pub cod_to_come: i64,
    /// Cash on delivery of delivered orders: collected, due to the shop.
    pub cod_due: i64,
    pub pieces: i64,
    pub grams: u64,
}

impl Totals {
    fn add(&mut self, l: &DayLine) {
        self.orders += 1;
        self.cost += l.cost;
        let cod = l.cod.unwrap_or(0);
        match l.stage() {
            Stage::Accepted | Stage::OnTheWay => self.cod_to_come += cod,
            Stage::Delivered => self.cod_due += cod,
            Stage::Returned | Stage::Cancelled => {}
        }
        self.pieces += l.pieces;
        self.grams += l.grams;
    }

    pub fn of<'a>(lines: impl IntoIterator<Item = &'a DayLine>) -> Totals {
        let mut t = Totals::default();
        for l in lines {
            t.add(l);
        }
        t
    }
}

/// An order of the day not yet confirmed by the service.
#[derive(Debug, Clone, PartialEq)]
pub struct Waiting {
    pub wcs_code: String,
    pub state: OutboxState,
    pub created_at: i64,
    /// Its receiver, when its body can be read.
    pub receiver: Option<String>,
    pub cod: Option<i64>,
}

impl Waiting {
    pub fn from_entry(e: &OutboxEntry) -> Waiting {
        let input: Option<OrderInput> = serde_json::from_str(&e.payload).ok();
        Waiting {
            wcs_code: e.wcs_code.clone(),
            state: e.state,
            created_at: e.created_at,
            receiver: input.as_ref().map(|i| i.receiver.clone()),
            cod: input
                .as_ref()
                .and_then(|i| i.cash_on_delivery())
                .map(|s| s.0),
        }
    }
}

/// One day of the day-by-day charts.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DayBar {
    pub day: NaiveDate,
    /// Orders per stage, in [`Stage::ALL`]'s order.
    pub by_stage: [u32; 5],
    pub cod: i64,
}

/// Whose orders a day's report counts: one clerk's or (`None`) every clerk's of the desk, one
/// counter's or (`None`) the whole shop's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Whose {
    pub clerk: Option<String>,
    pub counter: Option<String>,
}

impl Whose {
    /// Whether an order of this clerk at this counter counts.
    fn counts(&self, clerk: &Option<String>, counter: &Option<String>) -> bool {
        let picked = |who: &Option<String>, pick: &Option<String>| pick.is_none() || who == pick;
        picked(clerk, &self.clerk) && picked(counter, &self.counter)
    }
}

/// The end-of-day screen's whole content for one day.
#[derive(Debug, Clone, PartialEq)]
pub struct DayReport {
    pub day: NaiveDate,
    pub whose: Whose,
    /// The clerks who made orders on this day (to choose from).
    pub clerks: Vec<String>,
    /// The counters that took orders on this day (to choose from; none for a lone counter).
    pub counters: Vec<String>,
    /// The orders the courier takes (see [`crate::day::handover`]), of the chosen clerk and counter.
    pub lines: Vec<DayLine>,
    /// The day's cancelled orders, not handed over, of the chosen clerk and counter.
    pub cancelled: Vec<DayLine>,
    pub waiting: Vec<Waiting>,
    pub totals: Totals,
    /// The totals of every clerk's orders (what closing the day puts on the register).
    pub day_totals: Totals,
    /// How many of the day's orders (every clerk's) were cancelled: not on the register.
    pub day_cancelled: usize,
    /// How many orders of the day each counter took for the register (closing is the whole
    /// shop's: the question lists them); `None` for orders of no named counter.
    pub by_counter: Vec<(Option<String>, usize)>,
    pub by_stage: Vec<(Stage, Totals)>,
    pub by_pickup: Vec<(Option<Delivery>, Totals)>,
    pub by_region: Vec<(RegionKey, Totals)>,
    /// Orders per hour of the day, 0–23.
    pub hours: [u32; 24],
    /// The last [`CHART_DAYS`] days, oldest first, ending with this one.
    pub days: Vec<DayBar>,
    /// When the day was closed and by whom; its lines are then the register as printed.
    pub closed: Option<(i64, String)>,
}

impl DayReport {
    /// Names every place of the report in the clerk's language where the directory can.
    pub fn rename(&mut self, names: &PlaceNames) {
        for l in self.lines.iter_mut().chain(&mut self.cancelled) {
            l.rename(names);
        }
        for (key, _) in &mut self.by_region {
            if let Some(n) = key.id.and_then(|id| names.regions.get(&id)) {
                key.name = Some(n.clone());
            }
        }
    }
}

/// Sums of lines by some key, largest group first (ties by key).
fn grouped<K: Ord + Clone>(lines: &[DayLine], key: impl Fn(&DayLine) -> K) -> Vec<(K, Totals)> {
    let mut groups: BTreeMap<K, Totals> = BTreeMap::new();
    for l in lines {
        groups.entry(key(l)).or_default().add(l);
    }
    let mut out: Vec<(K, Totals)> = groups.into_iter().collect();
    out.sort_by(|a, b| b.1.orders.cmp(&a.1.orders).then_with(|| a.0.cmp(&b.0)));
    out
}

fn by_region(lines: &[DayLine]) -> Vec<(RegionKey, Totals)> {
    let mut groups = grouped(lines, |l| RegionKey {
        id: l.region_id,
        name: if l.region_id.is_some() {
            None
        } else {
            l.region.clone()
        },
    });
    for (key, _) in &mut groups {
        if let Some(id) = key.id {
            key.name = lines
                .iter()
                .find(|l| l.region_id == Some(id))
                .and_then(|l| l.region.clone());
        }
    }
    groups
}

/// What the report is made from, as the store gives it.
pub struct DayInputs {
    pub day: NaiveDate,
    /// The day's orders with their statuses now (a closed day's are its register's: orders
    /// confirmed after closing went to the next day).
    pub lines: Vec<DayLine>,
    pub outbox: Vec<OutboxEntry>,
    pub points: Vec<DayPoint>,
    pub closed: Option<(i64, String)>,
    /// Today: every waiting order is listed, whatever day it was made.
    pub today: NaiveDate,
}

/// The report of the day's inputs, counting `whose` orders (the clerk's choice).
pub fn report(inputs: DayInputs, whose: Whose) -> DayReport {
    let DayInputs {
        day,
        lines,
        outbox,
        points,
        closed,
        today,
    } = inputs;
    let mut clerks: Vec<String> = lines.iter().filter_map(|l| l.clerk.clone()).collect();
    clerks.sort();
    clerks.dedup();
    let mut counters: Vec<String> = lines.iter().filter_map(|l| l.counter.clone()).collect();
    counters.sort();
    counters.dedup();
    let parted = Handover::of(lines);
    let day_totals = Totals::of(&parted.lines);
    let mut by_counter: Vec<(Option<String>, usize)> = Vec::new();
    for l in &parted.lines {
        match by_counter.iter_mut().find(|(c, _)| *c == l.counter) {
            Some((_, n)) => *n += 1,
            None => by_counter.push((l.counter.clone(), 1)),
        }
    }
    by_counter.sort();
    let day_cancelled = parted.cancelled.len();
    let chosen = |l: &DayLine| whose.counts(&l.clerk, &l.counter);
    let cancelled: Vec<DayLine> = parted.cancelled.into_iter().filter(chosen).collect();
    let lines: Vec<DayLine> = parted.lines.into_iter().filter(chosen).collect();
    let waiting = outbox
        .iter()
        .filter(|e| {
            let made = counter_day(e.created_at);
            made == day || (day == today && made < day)
        })
        .map(Waiting::from_entry)
        .collect();
    let mut hours = [0u32; 24];
    for l in &lines {
        if let Some(t) = chrono::DateTime::from_timestamp(l.created_at, 0) {
            let local = t.with_timezone(&text::day::counter_zone());
            hours[local.hour() as usize % 24] += 1;
        }
    }
    let first = day
        .checked_sub_days(chrono::Days::new(CHART_DAYS - 1))
        .unwrap_or(day);
    let mut days: Vec<DayBar> = first
        .iter_days()
        .take_while(|d| *d <= day)
        .map(|d| DayBar {
            day: d,
            ..DayBar::default()
        })
        .collect();
    let chosen = |p: &&DayPoint| whose.counts(&p.hands.clerk, &p.hands.counter);
    for p in points.iter().filter(chosen) {
        if let Some(bar) = days.iter_mut().find(|b| b.day == p.day) {
            let stage = Stage::of(p.status_id);
            let i = Stage::ALL.iter().position(|s| *s == stage).unwrap_or(0);
            bar.by_stage[i] += 1;
            // Money that comes back: none for a returned or cancelled parcel.
            if matches!(stage, Stage::Accepted | Stage::OnTheWay | Stage::Delivered) {
                bar.cod += p.cod.unwrap_or(0).max(0);
            }
        }
    }
    DayReport {
        day,
        whose,
        clerks,
        counters,
        totals: Totals::of(&lines),
        day_totals,
        day_cancelled,
        by_counter,
        // Every order of the day by where it stands, the cancelled among them.
        by_stage: grouped(
            &lines.iter().chain(&cancelled).cloned().collect::<Vec<_>>(),
            DayLine::stage,
        ),
        by_pickup: grouped(&lines, DayLine::pickup_mode),
        by_region: by_region(&lines),
        hours,
        days,
        waiting,
        lines,
        cancelled,
        closed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: i64, status_id: i64, cod: Option<i64>, region: &str) -> DayLine {
        DayLine {
            barcode: format!("0199100000{id:02}"),
            created_at: 1_763_985_600 + id * 3600,
            clerk: Some(if id % 2 == 0 { "bek" } else { "aziza" }.into()),
            region: Some(region.into()),
            cod,
            status_id,
            ..DayLine::example(id)
        }
    }

    #[test]
    fn cod_is_split_by_whether_the_money_is_still_to_come() {
        let lines = vec![
            line(1, 1, Some(100_000), "Samarqand"),
            line(2, 6, Some(50_000), "Toshkent"),
            line(3, 0, Some(70_000), "Samarqand"),
            line(4, 33, None, "Samarqand"),
        ];
        let day = counter_day(lines[0].created_at);
        let inputs = DayInputs {
            day,
            lines,
            outbox: vec![],
            points: vec![],
            closed: None,
            today: day,
        };
        let r = report(inputs, Whose::default());
        // The cancelled one (3) is not handed over: not in the totals, listed apart.
        assert_eq!(r.totals.orders, 3);
        assert_eq!(r.totals.cost, 75_000);
        assert_eq!(r.totals.cod_to_come, 100_000);
        assert_eq!(r.totals.cod_due, 50_000);
        assert_eq!((r.totals.pieces, r.totals.grams), (6, 4500));
        assert_eq!(
            r.cancelled.iter().map(|l| l.order_id).collect::<Vec<_>>(),
            [3]
        );
        assert_eq!(r.by_region[0].0.name.as_deref(), Some("Samarqand"));
        assert_eq!(r.by_region[0].1.orders, 2);
        assert!(
            r.by_stage
                .iter()
                .any(|(s, t)| *s == Stage::Cancelled && t.orders == 1)
        );
        assert_eq!(r.clerks, ["aziza", "bek"]);
        assert_eq!(r.days.len(), CHART_DAYS as usize);
        assert_eq!(r.hours.iter().sum::<u32>(), 3);
    }

    #[test]
    fn one_counter_of_the_shop_or_the_whole_shop() {
        let mut lines: Vec<DayLine> = (1..=5).map(|i| line(i, 1, None, "Samarqand")).collect();
        for l in &mut lines {
            l.counter = Some(
                if l.order_id <= 3 {
                    "Kassa 1"
                } else {
                    "Kassa 2"
                }
                .into(),
            );
        }
        let day = counter_day(lines[0].created_at);
        let inputs = || DayInputs {
            day,
            lines: lines.clone(),
            outbox: vec![],
            points: vec![],
            closed: None,
            today: day,
        };
        let at = |counter: &str| Whose {
            clerk: None,
            counter: Some(counter.to_string()),
        };
        let shop = report(inputs(), Whose::default());
        assert_eq!(shop.counters, ["Kassa 1", "Kassa 2"]);
        assert_eq!(shop.totals.orders, 5);
        let second = report(inputs(), at("Kassa 2"));
        assert_eq!(second.totals.orders, 2);
        assert_eq!(
            second.day_totals.orders, 5,
            "the register is the whole day's"
        );
    }

    #[test]
    fn a_region_named_in_two_languages_is_one_group() {
        let mut a = line(1, 1, None, "Samarkand region");
        let mut b = line(2, 1, None, "Samarqand viloyati");
        let c = line(3, 1, None, "Xorazm");
        (a.region_id, b.region_id) = (Some(12), Some(12));
        let groups = by_region(&[a, b, c]);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].0.id, Some(12));
        assert_eq!(groups[0].1.orders, 2);
        assert_eq!(groups[1].0.name.as_deref(), Some("Xorazm"));
    }

    #[test]
    fn places_are_named_in_the_clerks_language_where_the_directory_knows_them() {
        let mut r = report(
            DayInputs {
                day: counter_day(1_763_985_600),
                lines: vec![
                    DayLine {
                        city_id: Some(101),
                        region_id: Some(12),
                        ..line(1, 1, None, "Samarqand viloyati")
                    },
                    DayLine {
                        city_id: Some(999),
                        ..line(2, 1, None, "Xorazm")
                    },
                ],
                outbox: vec![],
                points: vec![],
                closed: None,
                today: counter_day(1_763_985_600),
            },
            Whose::default(),
        );
        let names = PlaceNames {
            cities: std::collections::HashMap::from([(101, "Samarkand city".to_string())]),
            regions: std::collections::HashMap::from([(12, "Samarkand region".to_string())]),
        };
        r.rename(&names);
        assert_eq!(r.lines[0].city, "Samarkand city");
        assert_eq!(r.lines[0].region.as_deref(), Some("Samarkand region"));
        assert_eq!(
            r.lines[1].city, "Samarqand",
            "unknown to the directory: kept"
        );
        assert!(
            r.by_region
                .iter()
                .any(|(k, _)| k.name.as_deref() == Some("Samarkand region"))
        );
    }
}
