//! Manifests: the parcels handed over together, each manifest under its service and number,
//! written "sending" before the request and "saved" when the service has it; saving marks its
//! parcels, so a parcel is never offered for a second manifest.

use super::db::{Row, Sql, args};
use super::numbered::Numbered;
use super::{Hands, ServiceKey, Store, StoreError};

#[derive(Debug, Clone, PartialEq)]
pub struct ManifestRow {
    pub number: String,
    /// `YYYY-MM-DD`, as sent.
    pub date: String,
    pub parcels: Vec<String>,
    pub saved: bool,
    pub created_at: i64,
}

type RawRow = (String, String, String, String, i64);

fn row(r: &Row<'_>) -> Result<RawRow, StoreError> {
    r.columns()
}

fn parse((number, date, parcels, state, created_at): RawRow) -> ManifestRow {
    ManifestRow {
        parcels: serde_json::from_str(&parcels).unwrap_or_default(),
        number,
        date,
        saved: state == "saved",
        created_at,
    }
}

/// Where manifests are kept, and the columns [`row`] reads.
const MANIFESTS: Numbered = Numbered {
    table: "manifests",
    columns: "number, date, parcels, state, created_at",
};

impl Store {
    pub fn manifest(
        &self,
        service: &ServiceKey,
        number: &str,
    ) -> Result<Option<ManifestRow>, StoreError> {
        Ok(self.numbered(&MANIFESTS, service, number, row)?.map(parse))
    }

    /// Every manifest of this service, newest first.
    pub fn manifests(&self, service: &ServiceKey) -> Result<Vec<ManifestRow>, StoreError> {
        self.all_numbered(&MANIFESTS, service, |r| Ok(Some(parse(row(r)?))))
    }

    /// Writes the manifest as being sent. One already saved under this number is returned and
    /// left as it is.
    pub fn manifest_sending(
        &self,
        service: &ServiceKey,
        m: &ManifestRow,
        at: i64,
    ) -> Result<Option<ManifestRow>, StoreError> {
        let parcels = serde_json::to_string(&m.parcels).unwrap_or_else(|_| "[]".into());
        let found = self.manifest(service, &m.number)?;
        self.sending_unless_saved(
            found,
            |m| m.saved,
            |db, Hands { clerk, counter }| {
                db.execute(
                    "INSERT INTO manifests (service, number, date, parcels, state, created_at,
                                       updated_at, counter, clerk)
                 VALUES (?1, ?2, ?3, ?4, 'sending', ?5, ?5, ?6, ?7)
                 ON CONFLICT (service, number) DO UPDATE SET date = excluded.date,
                     parcels = excluded.parcels, updated_at = excluded.updated_at",
                    args![
                        service.as_str(),
                        m.number,
                        m.date,
                        parcels,
                        at,
                        counter,
                        clerk
                    ],
                )
            },
        )
    }

    /// The service has the manifest: it and its parcels are marked, in one transaction.
    pub fn manifest_saved(
        &self,
        service: &ServiceKey,
        number: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        let Some(m) = self.manifest(service, number)? else {
            return Ok(());
        };
        let mut conn = self.conn();
        let mut tx = conn.transaction()?;
        tx.execute(
            "UPDATE manifests SET state = 'saved', updated_at = ?3
             WHERE service = ?1 AND number = ?2",
            args![service.as_str(), number, at],
        )?;
        for p in &m.parcels {
            tx.execute(
                "UPDATE parcels SET manifest = ?3, updated_at = ?4
                 WHERE service = ?1 AND number = ?2",
                args![service.as_str(), p, number, at],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The service refused it: the attempt is forgotten (the clerk's choice stays on screen).
    pub fn manifest_refused(&self, service: &ServiceKey, number: &str) -> Result<(), StoreError> {
        self.forget_refused(&MANIFESTS, service, number)
    }
}
