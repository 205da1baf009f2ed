//! Live changes from the other counters: the shop database announces every write to the journal
//! and the outbox (a trigger's `NOTIFY`), and each counter listens on a connection of its own,
//! bumping its journal generation, which the lists on screen follow, and waking the window. No
//! table is polled. A lost connection is opened again; on its return the lists read once more,
//! for whatever changed meanwhile.

use super::StoreError;
use postgres::fallible_iterator::FallibleIterator;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

/// The channel the shop database announces changes on; the payload is `schema.table`.
pub(super) const CHANNEL: &str = "parcel_desk_changes";

/// What the listener calls after a change (the window's repaint).
pub(super) type Wake = Arc<Mutex<Option<Arc<dyn Fn() + Send + Sync>>>>;

/// How long the listener waits for a notification before checking its store still exists.
const TICK: Duration = Duration::from_millis(500);

/// A connection listening for the shop's changes, and the schema whose changes are this shop's.
struct Listening {
    client: postgres::Client,
    prefix: String,
}

fn listen(url: &str) -> Result<Listening, StoreError> {
    let mut client = super::shop_schema::open(url)?;
    client.batch_execute(&format!("LISTEN {CHANNEL}"))?;
    let schema: String = client
        .query_one("SELECT current_schema()", &[])?
        .try_get(0)?;
    Ok(Listening {
        client,
        prefix: format!("{schema}."),
    })
}

/// Listens at `url` (listening before it returns, so no change after it is missed), then
/// follows on a thread of its own until the store (`changes`) is dropped.
pub(super) fn start(url: String, changes: Weak<AtomicU64>, wake: Wake) -> Result<(), StoreError> {
    // Away at start: the thread keeps trying, and tells when it is back.
    let first = listen(&url).ok();
    std::thread::Builder::new()
        .name("shop-listen".into())
        .spawn(move || run(&url, first, &changes, &wake))
        .map_err(|e| StoreError::Shape(format!("cannot follow the shop's changes: {e}")))?;
    Ok(())
}

fn run(url: &str, first: Option<Listening>, changes: &Weak<AtomicU64>, wake: &Wake) {
    let mut next = first;
    while changes.strong_count() > 0 {
        let again = next.is_none();
        let mut on = match next.take().map_or_else(|| listen(url), Ok) {
            Ok(on) => on,
            Err(e) => {
                tracing::warn!("shop database changes: {e}; trying again");
                // A refused password waits a minute, in short naps so a closed store ends it.
                let naps = if e.login_refused() { 30 } else { 1 };
                for _ in 0..naps {
                    std::thread::sleep(Duration::from_secs(2));
                    if changes.strong_count() == 0 {
                        return;
                    }
                }
                continue;
            }
        };
        if again {
            // Back after a loss: whatever changed meanwhile is read once more.
            changed(changes, wake);
        }
        follow(&mut on, changes, wake);
    }
}

/// Takes notifications until the connection is lost or the store dropped.
fn follow(on: &mut Listening, changes: &Weak<AtomicU64>, wake: &Wake) {
    while changes.strong_count() > 0 && !on.client.is_closed() {
        let mut notes = on.client.notifications();
        // Waits for the first change (a tick at most), then takes those already come with it:
        // the lists hear of a change at once, not a tick after the last of a burst.
        let first = FallibleIterator::next(&mut notes.timeout_iter(TICK));
        let mut seen = match first {
            Ok(Some(n)) => n.payload().starts_with(&on.prefix),
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!("shop database changes: {e}");
                continue;
            }
        };
        let mut more = notes.iter();
        while let Ok(Some(n)) = FallibleIterator::next(&mut more) {
            seen |= n.payload().starts_with(&on.prefix);
        }
        if seen {
            changed(changes, wake);
        }
    }
}

fn changed(changes: &Weak<AtomicU64>, wake: &Wake) {
    if let Some(c) = changes.upgrade() {
        c.fetch_add(1, Ordering::Relaxed);
    }
    let call = wake.lock().unwrap_or_else(|p| p.into_inner()).clone();
    if let Some(call) = call {
        call();
    }
}
