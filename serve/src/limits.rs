//! Attempts counted in sliding windows, per key (a client's address, a
//! username): at most [`Rule::max`] attempts in any [`Rule::window`]
//! seconds. Kept in memory, per server instance: several instances behind
//! one proxy each count their own attempts (a client may make that many
//! times more before it is stopped), and a restart forgets them.

use std::collections::{HashMap, VecDeque};

/// Longest chat message, in characters: a longer one is refused (400), never
/// cut. The page's chat boxes take no more (their `maxlength`, which a test
/// checks against this) and count down to it. Games and tables alike.
pub const MAX_CHAT_CHARS: usize = 200;
/// Chat messages kept per game or table (the oldest go first).
pub const MAX_CHAT_LINES: usize = 100;
/// Chat messages one sender may write in all games together (and in all
/// tables together): 5 in any 10 seconds.
pub const CHAT_RATE: Rule = Rule { max: 5, window: 10 };

/// A limit: at most `max` attempts in any `window` seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Attempts allowed in a window.
    pub max: usize,
    /// The window, in seconds.
    pub window: i64,
}

/// Attempts per key: the times (seconds) of those still in their window,
/// oldest first; never more than the rule's `max` of them.
#[derive(Debug, Default)]
pub struct Limiter {
    attempts: HashMap<String, VecDeque<i64>>,
}

impl Limiter {
    /// Whether one more attempt on `key` is allowed at `now`; if not, the
    /// seconds until it is (at least 1).
    pub fn check(&mut self, key: &str, rule: Rule, now: i64) -> Result<(), i64> {
        let Some(times) = self.attempts.get_mut(key) else {
            return Ok(());
        };
        while times.front().is_some_and(|&t| t + rule.window <= now) {
            times.pop_front();
        }
        if times.len() < rule.max {
            return Ok(());
        }
        let oldest = times.front().copied().unwrap_or(now);
        Err((oldest + rule.window - now).max(1))
    }

    /// Counts an attempt on `key` at `now` (only the last `rule.max` are
    /// kept: that is all a check needs).
    pub fn record(&mut self, key: &str, rule: Rule, now: i64) {
        let times = self.attempts.entry(key.to_string()).or_default();
        times.push_back(now);
        while times.len() > rule.max {
            times.pop_front();
        }
    }

    /// Forgets the attempts on `key`.
    pub fn clear(&mut self, key: &str) {
        self.attempts.remove(key);
    }

    /// Forgets every key whose attempts are all older than `window`
    /// seconds (the longest of the rules).
    pub fn prune(&mut self, now: i64, window: i64) {
        self.attempts
            .retain(|_, times| times.back().is_some_and(|&t| t + window > now));
    }

    /// Keys with attempts kept.
    pub fn len(&self) -> usize {
        self.attempts.len()
    }

    /// Whether no attempt is kept.
    pub fn is_empty(&self) -> bool {
        self.attempts.is_empty()
    }
}
