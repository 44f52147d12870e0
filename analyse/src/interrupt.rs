//! Ctrl-C: the first press stops the running searches and lets the command
//! write what is finished; a second one ends the process at once.
//!
//! The `ctrlc` crate runs the handler on a thread of its own, so it may lock
//! the list of running searches and stop each one through its session's
//! [`Signals`].

use engine::session::Signals;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// The stop flag and the searches running now.
#[derive(Default)]
pub struct Interrupt {
    flag: AtomicBool,
    running: Mutex<Vec<Arc<Signals>>>,
}

impl Interrupt {
    /// Stops every running search and every search still to start.
    pub fn trigger(&self) {
        self.flag.store(true, Ordering::SeqCst);
        for signals in self.running.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            signals.stop();
        }
    }

    /// True once triggered.
    pub fn is_set(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }

    /// Records a session about to search (its signals armed, so a stop
    /// before the search begins still reaches it); false (do not start it)
    /// when already triggered. The flag is read under the lock that
    /// `trigger` takes after setting it, so a search is either stopped or
    /// never starts.
    pub fn register(&self, signals: &Arc<Signals>) -> bool {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if self.is_set() {
            return false;
        }
        signals.arm();
        running.push(Arc::clone(signals));
        true
    }

    /// Forgets a finished search.
    pub fn unregister(&self, signals: &Arc<Signals>) {
        self.running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|c| !Arc::ptr_eq(c, signals));
    }
}

/// The process's interrupt, with the Ctrl-C (and SIGTERM) handler installed
/// on first use.
pub fn global() -> Arc<Interrupt> {
    static GLOBAL: OnceLock<Arc<Interrupt>> = OnceLock::new();
    GLOBAL
        .get_or_init(|| {
            let interrupt = Arc::new(Interrupt::default());
            let handler = Arc::clone(&interrupt);
            let installed = ctrlc::set_handler(move || {
                if handler.is_set() {
                    eprintln!("analyse: stopped");
                    std::process::exit(130);
                }
                eprintln!("analyse: interrupted; writing what is finished (Ctrl-C again to quit at once)");
                handler.trigger();
            });
            if let Err(e) = installed {
                eprintln!("analyse: Ctrl-C will not be caught: {e}");
            }
            interrupt
        })
        .clone()
}
