//! Keeps a client under a service's rate limit instead of running into it. The warehouse server
//! allows 50 requests per user in any 600 seconds and, past that, answers 429 without saying how
//! long to wait; so the desk counts its own requests in a sliding window and, when the window is
//! full, waits until the oldest request leaves it. While it waits, anyone can ask how long is
//! left (the status bar says so), and nothing is sent.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

#[derive(Debug)]
pub struct Pacer {
    limit: usize,
    window: Duration,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    sent: VecDeque<Instant>,
    waiting_until: Option<Instant>,
}

impl Pacer {
    /// At most `limit` requests in any `window`.
    pub fn new(limit: usize, window: Duration) -> Pacer {
        Pacer {
            limit: limit.max(1),
            window,
            state: Mutex::new(State::default()),
        }
    }

    /// Returns once a request may leave, counting it.
    pub async fn admit(&self) {
        loop {
            let wait = {
                let mut s = self.lock();
                let now = Instant::now();
                while s
                    .sent
                    .front()
                    .is_some_and(|t| now.duration_since(*t) >= self.window)
                {
                    s.sent.pop_front();
                }
                if s.sent.len() < self.limit {
                    s.sent.push_back(now);
                    s.waiting_until = None;
                    return;
                }
                let free_at = s.sent.front().map_or(now, |t| *t + self.window);
                s.waiting_until = Some(free_at);
                free_at.saturating_duration_since(now)
            };
            tokio::time::sleep(wait).await;
        }
    }

    /// How long the next request would be held back (the window is full), when it would.
    pub fn waiting(&self) -> Option<Duration> {
        let s = self.lock();
        let now = Instant::now();
        let full_until = (s.sent.len() >= self.limit)
            .then(|| s.sent.front().map(|t| *t + self.window))
            .flatten();
        full_until
            .max(s.waiting_until)
            .map(|t| t.saturating_duration_since(now))
            .filter(|d| !d.is_zero())
    }

    /// The service refused for too many requests (other counters share the account): the window
    /// is taken as full from now, so nothing more leaves until it has passed.
    pub fn refused(&self) {
        let mut s = self.lock();
        let now = Instant::now();
        s.sent.clear();
        s.sent.extend(std::iter::repeat_n(now, self.limit));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock leaves only counts behind: keep using them.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn the_request_past_the_limit_waits_for_the_oldest_to_leave_the_window() {
        let pacer = Pacer::new(3, Duration::from_secs(60));
        let start = tokio::time::Instant::now();
        for _ in 0..3 {
            pacer.admit().await;
        }
        assert!(start.elapsed() < Duration::from_secs(1));
        // Full: the next one would wait the whole window.
        assert!(pacer.waiting().is_some_and(|d| d > Duration::from_secs(59)));
        pacer.admit().await;
        assert!(
            start.elapsed() >= Duration::from_secs(60),
            "{:?}",
            start.elapsed()
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_refusal_holds_everything_back_for_a_window() {
        let pacer = Pacer::new(50, Duration::from_secs(600));
        pacer.admit().await;
        pacer.refused();
        let start = tokio::time::Instant::now();
        pacer.admit().await;
        assert!(start.elapsed() >= Duration::from_secs(600));
    }
}
