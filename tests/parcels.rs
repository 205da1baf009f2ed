//! International parcels exactly once: written before the request, an answer lost on the way is
//! settled by asking the service for the number, a refusal forgets only the attempt, and a parcel
//! already saved is never sent again.

mod common;

use common::*;
use parcel_desk::api::ApiError;
use parcel_desk::desk::parcels::{Parcels, SendResult};
use parcel_desk::sandbox::Faults;
use parcel_desk::store::{ParcelState, Store};
use std::sync::Arc;

#[tokio::test]
async fn a_lost_answer_is_settled_by_the_number_and_nothing_is_sent_twice() {
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let parcels = Parcels {
        store: store.clone(),
        service: svc(),
        legacy: Arc::new(legacy(&t).await),
    };
    // The service keeps the parcel but the answer never arrives.
    t.set_faults(Faults {
        drop_after_commit_rate: 1.0,
        ..Faults::default()
    });
    let first = parcels.send(intl_parcel("CN000000201UZ")).await;
    assert!(matches!(first, SendResult::Unknown(_)), "{first:?}");
    assert_eq!(
        store
            .parcel(&svc(), "CN000000201UZ")
            .unwrap()
            .unwrap()
            .state,
        ParcelState::Sending
    );
    t.set_faults(Faults::default());
    // Sent again: the service is asked first, has it, and it is saved without a second create
    // (which the service would refuse as a taken number).
    match parcels.send(intl_parcel("CN000000201UZ")).await {
        SendResult::Saved(row) => assert_eq!(row.state, ParcelState::Saved),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        parcels.send(intl_parcel("CN000000201UZ")).await,
        SendResult::AlreadySaved(_)
    ));

    // A refusal forgets the attempt, with the service's message under its field.
    let mut bad = intl_parcel("CN000000202UZ");
    bad.pinfl = "123".into();
    match parcels.send(bad).await {
        SendResult::Refused(e @ ApiError::Validation { .. }) => {
            assert_eq!(e.field("ReceiverPinfl").len(), 1)
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(store.parcel(&svc(), "CN000000202UZ").unwrap(), None);
    assert_eq!(parcels.list().await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_manifest_is_submitted_once_and_its_parcels_are_not_offered_twice() {
    use parcel_desk::desk::parcels::ManifestOutcome;
    let t = twin().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let parcels = Parcels {
        store: store.clone(),
        service: svc(),
        legacy: Arc::new(legacy(&t).await),
    };
    for n in ["CN000000401UZ", "CN000000402UZ"] {
        assert!(matches!(
            parcels.send(intl_parcel(n)).await,
            SendResult::Saved(_)
        ));
    }
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let both = vec!["CN000000401UZ".to_string(), "CN000000402UZ".to_string()];
    // A parcel the service does not have is not put on a manifest.
    match parcels
        .submit_manifest("M-0".into(), day, vec!["CN999999999UZ".into()])
        .await
    {
        ManifestOutcome::NotEligible(n) => assert_eq!(n, vec!["CN999999999UZ"]),
        other => panic!("{other:?}"),
    }
    // The answer is lost; submitted again, the taken number settles it as saved.
    t.set_faults(Faults {
        drop_after_commit_rate: 1.0,
        ..Faults::default()
    });
    let first = parcels
        .submit_manifest("M-1".into(), day, both.clone())
        .await;
    assert!(matches!(first, ManifestOutcome::Unknown(_)), "{first:?}");
    t.set_faults(Faults::default());
    match parcels
        .submit_manifest("M-1".into(), day, both.clone())
        .await
    {
        ManifestOutcome::Saved(m) => assert!(m.saved),
        other => panic!("{other:?}"),
    }
    let rows = parcels.list().await.unwrap();
    assert!(rows.iter().all(|p| p.manifest.as_deref() == Some("M-1")));
    // Neither goes on a second manifest.
    match parcels.submit_manifest("M-2".into(), day, both).await {
        ManifestOutcome::NotEligible(n) => assert_eq!(n.len(), 2),
        other => panic!("{other:?}"),
    }
}
