//! Rate limits kept in memory: at most `burst` events per key within a
//! sliding `window` (chat messages per sender, sign-in attempts per name
//! and address, ...). Each server instance counts its own requests; the
//! bound a client meets behind N instances is at most N times as loose.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Keys tracked at once; beyond, the quietest are forgotten (a flood of
/// new keys cannot grow memory without bound).
const MAX_KEYS: usize = 10_000;

/// A sliding-window rate limit per key.
pub struct RateLimit {
    burst: usize,
    window: Duration,
    events: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl RateLimit {
    /// At most `burst` events per key within `window`.
    pub fn new(burst: usize, window: Duration) -> RateLimit {
        RateLimit {
            burst,
            window,
            events: Mutex::new(HashMap::new()),
        }
    }

    /// Records an event for `key` now, unless the key is at its limit:
    /// true when the event is allowed.
    pub fn allow(&self, key: &str) -> bool {
        self.allow_at(key, Instant::now())
    }

    /// [`RateLimit::allow`] at a given instant (tests).
    pub fn allow_at(&self, key: &str, now: Instant) -> bool {
        let mut events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        if events.len() >= MAX_KEYS && !events.contains_key(key) {
            let window = self.window;
            events.retain(|_, times| times.back().is_some_and(|&t| now.duration_since(t) < window));
            if events.len() >= MAX_KEYS {
                return false;
            }
        }
        let times = events.entry(key.to_string()).or_default();
        while times.front().is_some_and(|&t| now.duration_since(t) >= self.window) {
            times.pop_front();
        }
        if times.len() >= self.burst {
            return false;
        }
        times.push_back(now);
        true
    }

    /// How long until `key` may act again (zero when it may now).
    pub fn retry_after(&self, key: &str) -> Duration {
        let now = Instant::now();
        let events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        match events.get(key) {
            Some(times) if times.len() >= self.burst => times
                .front()
                .map_or(Duration::ZERO, |&t| (t + self.window).saturating_duration_since(now)),
            _ => Duration::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_wait_for_the_window() {
        let limit = RateLimit::new(3, Duration::from_secs(10));
        let t0 = Instant::now();
        assert!(limit.allow_at("a", t0));
        assert!(limit.allow_at("a", t0 + Duration::from_secs(1)));
        assert!(limit.allow_at("a", t0 + Duration::from_secs(2)));
        assert!(!limit.allow_at("a", t0 + Duration::from_secs(3)), "the fourth in 10 s");
        assert!(limit.allow_at("b", t0 + Duration::from_secs(3)), "keys are counted apart");
        assert!(limit.allow_at("a", t0 + Duration::from_secs(10)), "the first left the window");
        assert!(!limit.allow_at("a", t0 + Duration::from_secs(10)));
    }
}
