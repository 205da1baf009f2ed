//! Reference directory records: regions, cities, branches with opening hours, shipment and
//! packaging types, countries, yes/no values, status lists. Legacy and current shapes both live
//! here because the desk caches them side by side.

use super::codes::OrderStatus;
use super::lenient::{opt_int, opt_string, string_or_number};
use serde::de::{self, Deserializer};
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// `{id, name}`: shipment types, packaging types, legacy regions, yes/no values, customers.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct IdName {
    pub id: i64,
    #[serde(with = "string_or_number")]
    pub name: String,
}

/// Legacy city: `{id, regionId, name}` in the contract; the real service names it `nameRu`
/// (sometimes beside `nameUz`): both are read, the contract's name first when it is there.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(from = "CityWire")]
pub struct City {
    pub id: i64,
    #[serde(rename = "regionId")]
    pub region_id: i64,
    pub name: String,
}

/// A city record as either form sends it.
#[derive(Deserialize)]
struct CityWire {
    id: i64,
    #[serde(rename = "regionId", alias = "region_id")]
    region_id: i64,
    #[serde(default, with = "opt_string")]
    name: Option<String>,
    #[serde(default, rename = "nameRu", alias = "name_ru", with = "opt_string")]
    name_ru: Option<String>,
    #[serde(default, rename = "nameUz", alias = "name_uz", with = "opt_string")]
    name_uz: Option<String>,
}

impl From<CityWire> for City {
    fn from(w: CityWire) -> City {
        let name = [w.name, w.name_ru, w.name_uz]
            .into_iter()
            .flatten()
            .find(|n| !n.trim().is_empty())
            .unwrap_or_default();
        City {
            id: w.id,
            region_id: w.region_id,
            name,
        }
    }
}

/// Legacy region: `{id, name}`.
pub type Region = IdName;

/// Country: the code is empty or null for some.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Country {
    pub id: i64,
    #[serde(with = "opt_string", default)]
    pub code: Option<String>,
    pub name: String,
}

/// A legacy branch (office). The contract names its address `address`; the real service sends
/// `address_ru`: both are read, the contract's first when it is not blank.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(from = "BranchWire")]
pub struct Branch {
    pub id: i64,
    pub name: String,
    #[serde(rename = "regionId")]
    pub region_id: i64,
    #[serde(rename = "cityId")]
    pub city_id: i64,
    pub address: String,
    /// `"latitude,longitude"`.
    pub lat_long: String,
    pub phone: String,
    #[serde(with = "string_or_number", default)]
    pub video_link: String,
    pub working_hours: WorkingHours,
}

/// A branch record as either form sends it.
#[derive(Deserialize)]
struct BranchWire {
    id: i64,
    name: String,
    #[serde(rename = "regionId")]
    region_id: i64,
    #[serde(rename = "cityId")]
    city_id: i64,
    #[serde(default, with = "opt_string")]
    address: Option<String>,
    #[serde(default, with = "opt_string")]
    address_ru: Option<String>,
    #[serde(default)]
    lat_long: String,
    #[serde(default, with = "string_or_number")]
    phone: String,
    #[serde(with = "string_or_number", default)]
    video_link: String,
    working_hours: WorkingHours,
}

impl From<BranchWire> for Branch {
    fn from(w: BranchWire) -> Branch {
        let address = [w.address, w.address_ru]
            .into_iter()
            .flatten()
            .find(|a| !a.trim().is_empty())
            .unwrap_or_default();
        Branch {
            id: w.id,
            name: w.name,
            region_id: w.region_id,
            city_id: w.city_id,
            address,
            lat_long: w.lat_long,
            phone: w.phone,
            video_link: w.video_link,
            working_hours: w.working_hours,
        }
    }
}

impl Branch {
    /// Latitude and longitude parsed from `lat_long`, when it holds two numbers.
    pub fn coordinates(&self) -> Option<(f64, f64)> {
        let (a, b) = self.lat_long.split_once(',')?;
        Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
    }
}

/// Current-interface region: codes are 2-digit strings.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct CodedRegion {
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(with = "opt_string", default)]
    pub code: Option<String>,
    pub name: String,
}

/// A place as the current interface's directories code it: a city (its code has 4 digits), and
/// the head of a branch's record.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct CodedPlace {
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(with = "opt_string", default)]
    pub code: Option<String>,
    pub name: String,
    #[serde(rename = "regionCode", with = "opt_string", default)]
    pub region_code: Option<String>,
}

/// Current-interface city.
pub type CodedCity = CodedPlace;

/// Current-interface branch: a coded place in a city, with its address, phone and hours.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CodedBranch {
    #[serde(flatten)]
    pub place: CodedPlace,
    #[serde(rename = "cityCode", with = "opt_string", default)]
    pub city_code: Option<String>,
    #[serde(default)]
    pub address: String,
    #[serde(default)]
    pub lat_long: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub working_hours: WorkingHours,
}

/// One entry of `/v1/status/index`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StatusInfo {
    pub code: OrderStatus,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub next_possible_statuses: Vec<OrderStatus>,
}

/// Opening hours of one day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayHours {
    /// Open from..to, minutes after midnight.
    Open { from: u16, to: u16 },
    /// `24/7`.
    AllDay,
}

impl DayHours {
    pub fn parse(text: &str) -> Option<DayHours> {
        let t = text.trim();
        if t == "24/7" || t == "00:00-24:00" {
            return Some(DayHours::AllDay);
        }
        let (a, b) = t.split_once('-')?;
        Some(DayHours::Open {
            from: parse_hhmm(a)?,
            to: parse_hhmm(b)?,
        })
    }

    /// Is a time (minutes after midnight) within these hours?
    pub fn contains(self, minute: u16) -> bool {
        match self {
            DayHours::AllDay => true,
            DayHours::Open { from, to } if from <= to => (from..to).contains(&minute),
            // Past midnight: 20:00-02:00.
            DayHours::Open { from, to } => minute >= from || minute < to,
        }
    }
}

fn parse_hhmm(s: &str) -> Option<u16> {
    let (h, m) = s.trim().split_once(':')?;
    let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
    (h <= 24 && m < 60 && h * 60 + m <= 24 * 60).then_some(h * 60 + m)
}

impl fmt::Display for DayHours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DayHours::AllDay => f.write_str("24/7"),
            DayHours::Open { from, to } => write!(
                f,
                "{:02}:{:02}-{:02}:{:02}",
                from / 60,
                from % 60,
                to / 60,
                to % 60
            ),
        }
    }
}

/// `working_hours`: keys `"1"`..`"7"` are Monday..Sunday; `null` (or a missing key) is closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WorkingHours(pub [Option<DayHours>; 7]);

impl WorkingHours {
    /// Hours of a weekday, Monday = 0.
    pub fn day(&self, weekday_from_monday: usize) -> Option<DayHours> {
        self.0.get(weekday_from_monday).copied().flatten()
    }

    /// Open at this weekday (Monday = 0) and minute after midnight?
    pub fn is_open(&self, weekday_from_monday: usize, minute: u16) -> bool {
        self.day(weekday_from_monday)
            .is_some_and(|d| d.contains(minute))
    }
}

impl Serialize for WorkingHours {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(7))?;
        for (i, day) in self.0.iter().enumerate() {
            map.serialize_entry(&(i + 1).to_string(), &day.map(|d| d.to_string()))?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for WorkingHours {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        let mut days = [None; 7];
        let entries: Vec<(String, serde_json::Value)> = match v {
            serde_json::Value::Object(m) => m.into_iter().collect(),
            // Some answers send a list of seven.
            serde_json::Value::Array(a) => a
                .into_iter()
                .enumerate()
                .map(|(i, v)| ((i + 1).to_string(), v))
                .collect(),
            serde_json::Value::Null => Vec::new(),
            other => {
                return Err(de::Error::custom(format!(
                    "expected working hours, got {other}"
                )));
            }
        };
        for (key, value) in entries {
            let idx: usize = key
                .trim()
                .parse()
                .ok()
                .filter(|k| (1..=7).contains(k))
                .ok_or_else(|| de::Error::custom(format!("working_hours key {key} is not 1..7")))?;
            days[idx - 1] = match value {
                serde_json::Value::Null => None,
                serde_json::Value::String(s) if s.trim().is_empty() => None,
                serde_json::Value::String(s) => Some(
                    DayHours::parse(&s)
                        .ok_or_else(|| de::Error::custom(format!("bad opening hours \"{s}\"")))?,
                ),
                other => return Err(de::Error::custom(format!("bad opening hours {other}"))),
            };
        }
        Ok(WorkingHours(days))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_city_reads_in_the_contracts_form_and_in_the_real_services() {
        use crate::envelope::DataList;
        // The real service: `code` beside `data`, the name as `nameRu`.
        let real: DataList<City> = serde_json::from_str(
            r#"{"code":200,"message":"OK","data":[{"id":101,"regionId":12,"nameRu":"г.Самарканд"}]}"#,
        )
        .expect("the real form");
        assert_eq!(real.data[0].name, "г.Самарканд");
        assert_eq!((real.data[0].id, real.data[0].region_id), (101, 12));
        // The contract: `name`.
        let contract: DataList<City> =
            serde_json::from_str(r#"{"data":[{"id":25,"regionId":2,"name":"Andijon"}]}"#)
                .expect("the contract's form");
        assert_eq!(contract.data[0].name, "Andijon");
        // Both, or a blank name beside a real one: the non-blank one wins.
        let both: City =
            serde_json::from_str(r#"{"id":8,"regionId":15,"name":"","nameRu":"г.Нукус"}"#)
                .expect("both");
        assert_eq!(both.name, "г.Нукус");
        // Cached as the contract writes it, and read back the same.
        let cached = serde_json::to_string(&both).expect("cache");
        assert_eq!(serde_json::from_str::<City>(&cached).expect("back"), both);
    }

    #[test]
    fn a_branch_reads_its_address_from_either_name() {
        let hours = r#"{"1":"09:00-18:00","2":null,"3":null,"4":null,"5":null,"6":null,"7":null}"#;
        let real = format!(
            r#"{{"id":7,"name":"Registon","regionId":12,"cityId":101,"address_ru":"ул. Регистан, 2","lat_long":"39.65,66.97","phone":"+998 66 000 00 00","working_hours":{hours}}}"#
        );
        let b: Branch = serde_json::from_str(&real).expect("the real form");
        assert_eq!(b.address, "ул. Регистан, 2");
        let contract = real.replace("address_ru", "address");
        let b2: Branch = serde_json::from_str(&contract).expect("the contract's form");
        assert_eq!(b2, b);
        let cached = serde_json::to_string(&b).expect("cache");
        assert_eq!(serde_json::from_str::<Branch>(&cached).expect("back"), b);
    }

    use super::*;
    use serde_json::json;

    #[test]
    fn working_hours_round_trip_with_closed_days_and_all_day() {
        let wh: WorkingHours = serde_json::from_value(json!({
            "1": "09:00-18:00", "2": "09:00-18:00", "3": "24/7", "4": "09:00-18:00",
            "5": "09:00-18:00", "6": "10:00-14:00", "7": null
        }))
        .unwrap();
        assert_eq!(wh.day(6), None);
        assert_eq!(wh.day(2), Some(DayHours::AllDay));
        assert!(wh.is_open(0, 9 * 60));
        assert!(!wh.is_open(0, 18 * 60));
        assert!(!wh.is_open(6, 12 * 60));
        let back = serde_json::to_value(wh).unwrap();
        assert_eq!(back["1"], json!("09:00-18:00"));
        assert_eq!(back["7"], json!(null));
    }

    #[test]
    fn bad_hours_are_errors_not_silently_closed() {
        assert!(serde_json::from_value::<WorkingHours>(json!({"1": "nine to five"})).is_err());
        assert!(serde_json::from_value::<WorkingHours>(json!({"8": "09:00-18:00"})).is_err());
    }

    #[test]
    fn overnight_hours() {
        let d = DayHours::parse("20:00-02:00").unwrap();
        assert!(d.contains(23 * 60));
        assert!(d.contains(60));
        assert!(!d.contains(12 * 60));
    }

    #[test]
    fn country_code_may_be_null_or_empty() {
        let c: Country =
            serde_json::from_value(json!({"id": 9, "code": null, "name": "X"})).unwrap();
        assert_eq!(c.code, None);
        let c: Country = serde_json::from_value(json!({"id": 9, "code": "", "name": "X"})).unwrap();
        assert_eq!(c.code.as_deref(), Some(""));
    }
}
