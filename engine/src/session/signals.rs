//! Stopping a search from another thread: `stop` and `ponderhit` reach the
//! session's running search through [`Signals`], which a caller keeps (an
//! `Arc`) while the session itself is busy searching on another thread.

use crate::search::SearchControl;
use std::sync::{Arc, Mutex};

#[derive(Default)]
struct State {
    /// The control of the running (or last) search.
    control: Option<Arc<SearchControl>>,
    /// A search is about to start ([`Signals::arm`]): a `stop` or
    /// `ponderhit` before it begins is kept for it.
    armed: bool,
    pending_stop: bool,
    pending_ponderhit: bool,
}

/// The session's stop and ponderhit switches.
#[derive(Default)]
pub struct Signals {
    state: Mutex<State>,
}

impl Signals {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Says that a search is about to start on another thread: a `stop` or
    /// `ponderhit` that arrives before it begins applies to it, not to the
    /// search before it. (A protocol that starts the search on a thread of
    /// its own calls this before starting the thread.)
    pub fn arm(&self) {
        let mut s = self.lock();
        *s = State {
            armed: true,
            ..State::default()
        };
    }

    /// The control of a search that starts now with `threads` threads.
    pub(crate) fn begin(&self, threads: usize, pondering: bool) -> Arc<SearchControl> {
        let control = Arc::new(SearchControl::new(threads, pondering));
        let mut s = self.lock();
        if s.armed {
            if s.pending_stop {
                control.request_stop();
            }
            if s.pending_ponderhit {
                control.ponderhit();
            }
        }
        *s = State {
            control: Some(Arc::clone(&control)),
            ..State::default()
        };
        control
    }

    /// Stops the running search (the GUI's `stop`): it returns its best move
    /// so far, and a search waiting for `stop` ([`Signals::released`]) may
    /// end.
    pub fn stop(&self) {
        let mut s = self.lock();
        match &s.control {
            Some(c) => c.request_stop(),
            None if s.armed => s.pending_stop = true,
            None => {}
        }
    }

    /// The opponent played the expected move: the pondering search's clock
    /// starts now.
    pub fn ponderhit(&self) {
        let mut s = self.lock();
        match &s.control {
            Some(c) => c.ponderhit(),
            None if s.armed => s.pending_ponderhit = true,
            None => {}
        }
    }

    /// True once the last search was told to stop.
    pub fn stop_requested(&self) -> bool {
        let s = self.lock();
        s.pending_stop || s.control.as_ref().is_some_and(|c| c.stop_requested())
    }

    /// True while the last search still ponders (no `ponderhit` yet).
    pub fn pondering(&self) -> bool {
        let s = self.lock();
        !s.pending_ponderhit && s.control.as_ref().is_some_and(|c| c.pondering())
    }

    /// True when a search under `infinite` or `ponder` may send its result:
    /// after `stop`, or, pondering without `infinite`, after `ponderhit`.
    pub fn released(&self, limits: &crate::search::Limits) -> bool {
        self.stop_requested() || limits.ponder && !limits.infinite && !self.pondering()
    }
}
