//! The journal of international parcels: each parcel under its service and its parcel number
//! (the service's key for it), written as "sending" before the request goes out and "saved" when
//! the service has it, so a parcel is never sent twice and never forgotten after a crash.

use super::db::{Row, Sql, args};
use super::numbered::Numbered;
use super::{Hands, ServiceKey, Store, StoreError};
use api::international::ParcelInput;

/// Where a parcel stands between the desk and the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParcelState {
    /// Written before the request; the service may or may not have it.
    Sending,
    /// The service has it.
    Saved,
}

impl ParcelState {
    fn as_str(self) -> &'static str {
        match self {
            ParcelState::Sending => "sending",
            ParcelState::Saved => "saved",
        }
    }

    fn parse(s: &str) -> ParcelState {
        if s == "saved" {
            ParcelState::Saved
        } else {
            ParcelState::Sending
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ParcelRow {
    pub number: String,
    pub state: ParcelState,
    pub input: ParcelInput,
    /// What the desk keeps of it beside the service's fields.
    pub extras: ParcelExtras,
    /// The last status the service told (the international chain's code) and its words.
    pub status: Option<(i64, String)>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The saved manifest it was handed over on.
    pub manifest: Option<String>,
}

/// What the desk keeps of a parcel that the service's parcel has no field for, and its papers
/// need: never sent.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ParcelExtras {
    /// Each product line's country of origin as the clerk gave it (the customs declaration
    /// names one), by line; blank or missing: the shop's.
    #[serde(rename = "_origins", default, skip_serializing_if = "Vec::is_empty")]
    pub origins: Vec<String>,
    /// The country and city abroad of its route, as chosen for its price.
    #[serde(rename = "_abroad", default, skip_serializing_if = "Option::is_none")]
    pub abroad: Option<PlaceAbroad>,
}

/// A city abroad by the service's ids: its country's and its own (the service numbers a city
/// abroad within the world, but it is always read with its country).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlaceAbroad {
    pub country: i64,
    pub city: i64,
}

/// The `input` column: the parcel as sent, with the extras beside its own fields (under names
/// the service's parcel never has, so a row from before reads as one with none, and an older
/// desk reads the parcel and passes them by).
#[derive(serde::Serialize, serde::Deserialize)]
struct Kept {
    #[serde(flatten)]
    input: ParcelInput,
    #[serde(flatten)]
    extras: ParcelExtras,
}

fn row(r: &Row<'_>) -> Result<RawRow, StoreError> {
    r.columns()
}

type RawRow = (
    String,
    String,
    String,
    Option<i64>,
    Option<String>,
    i64,
    i64,
    Option<String>,
);

fn parse(raw: RawRow) -> Option<ParcelRow> {
    let (number, state, input, code, message, created_at, updated_at, manifest) = raw;
    let kept: Kept = match serde_json::from_str(&input) {
        Ok(i) => i,
        Err(e) => {
            tracing::warn!("skipping unreadable parcel {number}: {e}");
            return None;
        }
    };
    Some(ParcelRow {
        number,
        state: ParcelState::parse(&state),
        input: kept.input,
        extras: kept.extras,
        status: code.map(|c| (c, message.unwrap_or_default())),
        created_at,
        updated_at,
        manifest,
    })
}

/// Where parcels are kept, and the columns [`row`] reads.
const PARCELS: Numbered = Numbered {
    table: "parcels",
    columns: "number, state, input, status_code, status_message, created_at, updated_at, manifest",
};

impl Store {
    /// The parcel under this number, if the desk has it.
    pub fn parcel(
        &self,
        service: &ServiceKey,
        number: &str,
    ) -> Result<Option<ParcelRow>, StoreError> {
        Ok(self
            .numbered(&PARCELS, service, number, row)?
            .and_then(parse))
    }

    /// Every parcel of this service, newest first.
    pub fn parcels(&self, service: &ServiceKey) -> Result<Vec<ParcelRow>, StoreError> {
        self.all_numbered(&PARCELS, service, |r| Ok(parse(row(r)?)))
    }

    /// Writes the parcel as being sent, before the request. A parcel already saved under this
    /// number is left as it is (and returned): the number is taken.
    pub fn parcel_sending(
        &self,
        service: &ServiceKey,
        input: &ParcelInput,
        extras: &ParcelExtras,
        at: i64,
    ) -> Result<Option<ParcelRow>, StoreError> {
        let found = self.parcel(service, &input.parcel_number)?;
        let kept = Kept {
            input: input.clone(),
            extras: extras.clone(),
        };
        let json = serde_json::to_string(&kept).unwrap_or_default();
        let saved = |p: &ParcelRow| p.state == ParcelState::Saved;
        self.sending_unless_saved(found, saved, |db, Hands { clerk, counter }| {
            db.execute(
                "INSERT INTO parcels (service, number, state, input, created_at, updated_at,
                                     counter, clerk)
                 VALUES (?1, ?2, 'sending', ?3, ?4, ?4, ?5, ?6)
                 ON CONFLICT (service, number) DO UPDATE SET input = excluded.input,
                     updated_at = excluded.updated_at",
                args![
                    service.as_str(),
                    input.parcel_number,
                    json,
                    at,
                    counter,
                    clerk
                ],
            )
        })
    }

    /// The service has the parcel.
    pub fn parcel_saved(
        &self,
        service: &ServiceKey,
        number: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE parcels SET state = ?3, updated_at = ?4 WHERE service = ?1 AND number = ?2",
            args![service.as_str(), number, ParcelState::Saved.as_str(), at],
        )?;
        Ok(())
    }

    /// The service refused the parcel: the desk forgets the attempt (the form keeps the data).
    pub fn parcel_refused(&self, service: &ServiceKey, number: &str) -> Result<(), StoreError> {
        self.forget_refused(&PARCELS, service, number)
    }

    /// The status the service last told for the parcel.
    pub fn parcel_status(
        &self,
        service: &ServiceKey,
        number: &str,
        code: i64,
        message: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE parcels SET status_code = ?3, status_message = ?4, updated_at = ?5
             WHERE service = ?1 AND number = ?2",
            args![service.as_str(), number, code, message, at],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(n: &str) -> ParcelInput {
        serde_json::from_value(serde_json::json!({
            "ParcelNumber": n, "ReceiverPhone": "+998 90 1234567", "ReceiverSurname": "K",
            "ReceiverFirstName": "A", "ReceiverPassposrtSerial": "AA",
            "ReceiverPassposrtNumber": "1234567", "ReceiverPinfl": "31234567890123",
            "ParcelWeight": "1.5", "ParcelDeclareCurrency": "USD", "ReceiverDelivery": "1"
        }))
        .unwrap()
    }

    fn none() -> ParcelExtras {
        ParcelExtras::default()
    }

    on_both_backends! {
        fn a_parcel_is_written_before_sending_and_kept_apart_by_service(s) {
            let (a, b) = (ServiceKey::new("a"), ServiceKey::new("b"));
            assert_eq!(s.parcel_sending(&a, &input("CN1"), &none(), 1).unwrap(), None);
            assert_eq!(
                s.parcel(&a, "CN1").unwrap().unwrap().state,
                ParcelState::Sending
            );
            assert_eq!(
                s.parcel(&b, "CN1").unwrap(),
                None,
                "another service's number is its own"
            );
            s.parcel_saved(&a, "CN1", 2).unwrap();
            let again = s.parcel_sending(&a, &input("CN1"), &none(), 3).unwrap();
            assert_eq!(
                again.map(|r| r.state),
                Some(ParcelState::Saved),
                "never sent twice"
            );
            s.parcel_status(&a, "CN1", 200, "Yo'lda", 4).unwrap();
            assert_eq!(
                s.parcels(&a).unwrap()[0].status,
                Some((200, "Yo'lda".into()))
            );
            s.parcel_sending(&a, &input("CN2"), &none(), 5).unwrap();
            s.parcel_refused(&a, "CN2").unwrap();
            s.parcel_refused(&a, "CN1").unwrap();
            assert_eq!(
                s.parcels(&a).unwrap().len(),
                1,
                "a refusal forgets only an unsaved attempt"
            );
        }
    }

    on_both_backends! {
        fn a_parcels_origins_and_city_abroad_are_kept_and_a_row_from_before_has_none(s) {
            use crate::db::{Sql, args};
            let svc = ServiceKey::new("a");
            let extras = ParcelExtras {
                origins: vec!["Xitoy".to_string(), String::new(), "Turkiya".to_string()],
                abroad: Some(PlaceAbroad { country: 1, city: 10101 }),
            };
            s.parcel_sending(&svc, &input("CN3"), &extras, 1).unwrap();
            let kept = s.parcel(&svc, "CN3").unwrap().unwrap();
            assert_eq!(kept.extras, extras);
            assert_eq!(kept.input, input("CN3"), "the parcel as sent, nothing added to it");
            // A row written before origins were kept: the parcel alone.
            let before = serde_json::to_string(&input("CN4")).unwrap();
            s.conn()
                .execute(
                    "INSERT INTO parcels (service, number, state, input, created_at, updated_at)
                     VALUES (?1, 'CN4', 'saved', ?2, 1, 1)",
                    args![svc.as_str(), before],
                )
                .unwrap();
            let old = s.parcel(&svc, "CN4").unwrap().unwrap();
            assert_eq!((old.input, old.extras), (input("CN4"), ParcelExtras::default()));
        }
    }

    on_both_backends! {
        fn a_parcel_and_a_manifest_keep_who_first_sent_them(s) {
            use crate::db::{Sql, args};
            let svc = ServiceKey::new("a");
            s.set_counter("Kassa 3");
            s.set_clerk("bek");
            let extras = ParcelExtras {
                origins: vec!["CN".into()],
                abroad: None,
            };
            s.parcel_sending(&svc, &input("CN7"), &extras, 1).unwrap();
            let manifest = crate::ManifestRow {
                number: "M-1".into(),
                date: "2026-11-24".into(),
                parcels: vec!["CN7".into()],
                saved: false,
                created_at: 1,
            };
            s.manifest_sending(&svc, &manifest, 1).unwrap();
            // Sent again from another counter: the first sender stays.
            s.set_counter("Kassa 1");
            s.parcel_sending(&svc, &input("CN7"), &none(), 2).unwrap();
            s.manifest_sending(&svc, &manifest, 2).unwrap();
            for table in ["parcels", "manifests"] {
                let who: (Option<String>, Option<String>) = s
                    .conn()
                    .query_one(
                        &format!("SELECT counter, clerk FROM {table} WHERE service = ?1"),
                        args![svc.as_str()],
                        |r| r.columns(),
                    )
                    .unwrap();
                assert_eq!(who, (Some("Kassa 3".into()), Some("bek".into())), "{table}");
            }
        }
    }
}
