//! A handle to work running on the background runtime. The UI keeps it and asks each frame
//! whether the result has arrived; it never waits.

use tokio::sync::oneshot;

pub struct Task<T> {
    rx: oneshot::Receiver<T>,
}

/// A task answered by hand rather than by background work (a question shown inside the
/// window): the sender gives the answer, the task is polled as any other.
pub fn answered_by_hand<T>() -> (oneshot::Sender<T>, Task<T>) {
    let (tx, rx) = oneshot::channel();
    (tx, Task::new(rx))
}

/// What a poll of a task found.
pub enum Poll<T> {
    Pending,
    Ready(T),
    /// The worker ended without an answer (it panicked or the runtime stopped).
    Lost,
}

impl<T> Task<T> {
    pub(crate) fn new(rx: oneshot::Receiver<T>) -> Task<T> {
        Task { rx }
    }

    pub fn poll(&mut self) -> Poll<T> {
        match self.rx.try_recv() {
            Ok(v) => Poll::Ready(v),
            Err(oneshot::error::TryRecvError::Empty) => Poll::Pending,
            Err(oneshot::error::TryRecvError::Closed) => Poll::Lost,
        }
    }
}

/// Polls an optional task in place: `Some(result)` once, then the slot is empty again.
pub fn take<T>(slot: &mut Option<Task<T>>) -> Option<Result<T, TaskLost>> {
    let task = slot.as_mut()?;
    match task.poll() {
        Poll::Pending => None,
        Poll::Ready(v) => {
            *slot = None;
            Some(Ok(v))
        }
        Poll::Lost => {
            *slot = None;
            Some(Err(TaskLost))
        }
    }
}

/// The result once it has arrived, the slot empty again. Work that vanished without an answer
/// (a worker that panicked) empties the slot too and answers nothing: the screen is idle again and
/// the clerk can repeat what they asked.
pub fn ready<T>(slot: &mut Option<Task<T>>) -> Option<T> {
    take(slot)?.ok()
}

/// As [`ready`], for a slot that keeps something beside its task (progress, what to do next):
/// both come back together once the answer is in.
pub fn ready_with<P, T>(slot: &mut Option<(P, Task<T>)>) -> Option<(P, T)> {
    let (_, task) = slot.as_mut()?;
    match task.poll() {
        Poll::Pending => None,
        Poll::Ready(v) => slot.take().map(|(p, _)| (p, v)),
        Poll::Lost => {
            *slot = None;
            None
        }
    }
}

/// A slot that may hold work under way, whatever that work answers.
pub trait Slot {
    fn running(&self) -> bool;
}

impl<T> Slot for Option<Task<T>> {
    fn running(&self) -> bool {
        self.is_some()
    }
}

impl<P, T> Slot for Option<(P, Task<T>)> {
    fn running(&self) -> bool {
        self.is_some()
    }
}

/// Whether any of a screen's slots has work under way (its spinner, its repaints).
pub fn any_running(slots: &[&dyn Slot]) -> bool {
    slots.iter().any(|s| s.running())
}

/// The background work vanished without a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskLost;
