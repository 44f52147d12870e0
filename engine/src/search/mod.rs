//! The search: iterative deepening over a principal-variation alpha-beta
//! search with a quiescence search, sharing a transposition table between
//! Lazy SMP threads.
//!
//! Layers: `limits`, `time`, `params`, `tt`, `see` know nothing of each other's
//! callers; `history` holds what the search learns about moves (histories,
//! counter moves, pawn correction); `thread` holds per-thread data;
//! `ordering` scores moves; `alphabeta` is the recursive search; `driver`
//! runs iterative deepening, MultiPV, aspiration windows and the helper
//! threads, and reports through the [`Reporter`] trait, so the search does
//! no I/O of its own.

pub mod alphabeta;
pub mod driver;
pub mod history;
pub mod limits;
pub mod ordering;
pub mod params;
pub mod see;
pub mod thread;
pub mod time;
pub mod tt;

use crate::score::ScoreReport;
use movegen::Move;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

pub use driver::{search, SearchParams};
pub use limits::Limits;
pub use thread::ThreadData;
pub use tt::TranspositionTable;

/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// Whether a reported score is exact or a bound from an aspiration failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// Exact.
    Exact,
    /// The score is at least this.
    Lower,
    /// The score is at most this.
    Upper,
}

/// One line of search output.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Line number, 1-based.
    pub multipv: usize,
    /// Its score.
    pub score: ScoreReport,
    /// Exact or a bound.
    pub bound: ScoreBound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Hash table use, per mille.
    pub hashfull: u32,
    /// Tablebase probes that found a result, all threads.
    pub tbhits: u64,
    /// The certain result when the root is a tablebase position (`wdl`
    /// output shows it instead of the model's estimate).
    pub certain_wdl: Option<crate::wdl::Wdl>,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// Where the search sends what it finds. UCI prints, tests collect, bench counts.
pub trait Reporter: Sync {
    /// A finished line (or an aspiration bound).
    fn info(&self, info: &SearchInfo);
    /// The root move now searched (sent only after about a second).
    fn currmove(&self, depth: u32, mv: Move, number: usize);
}

/// A reporter that ignores everything.
pub struct SilentReporter;

impl Reporter for SilentReporter {
    fn info(&self, _info: &SearchInfo) {}
    fn currmove(&self, _depth: u32, _mv: Move, _number: usize) {}
}

/// One line of a finished iteration: its principal variation and score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The principal variation, first move first.
    pub pv: Vec<Move>,
    /// Its score (side to move's view, internal units: mates as `MATE -
    /// plies`), as the search stands by it: a tablebase root's known result
    /// and an automatic draw (score 0) replace the searched value, as in the
    /// reported lines.
    pub score: i32,
}

/// What a search returns.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// The score of the best line.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// The deepest ply the best line's iteration reached, as reported.
    pub seldepth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// The lines of the last completed depth, best first (MultiPV).
    pub lines: Vec<Line>,
}

/// Signals shared between the controller and the search threads of one `go`.
pub struct SearchControl {
    stop: AtomicBool,
    stop_requested: AtomicBool,
    pondering: AtomicBool,
    start: Mutex<Instant>,
    node_counts: Vec<AtomicU64>,
    tb_hits: Vec<AtomicU64>,
}

impl SearchControl {
    /// Controls for a search with `threads` threads.
    pub fn new(threads: usize, pondering: bool) -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            stop_requested: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            start: Mutex::new(Instant::now()),
            node_counts: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
            tb_hits: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Asks every thread to stop now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The GUI sent `stop` (or `quit`): stop now, and a waiting infinite or
    /// ponder search may send its `bestmove`.
    pub fn request_stop(&self) {
        self.stop_requested.store(true, Ordering::Relaxed);
        self.stop();
    }

    /// True once the GUI asked to stop.
    pub fn stop_requested(&self) -> bool {
        self.stop_requested.load(Ordering::Relaxed)
    }

    /// True once a stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self) {
        *self.start.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// True while pondering (no time limits apply).
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Milliseconds since the start (or since `ponderhit`).
    pub fn elapsed_ms(&self) -> u64 {
        self.start
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .elapsed()
            .as_millis() as u64
    }

    /// Nodes searched by all threads.
    pub fn total_nodes(&self) -> u64 {
        self.node_counts.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    pub(crate) fn nodes_of(&self, thread: usize) -> u64 {
        self.node_counts[thread].load(Ordering::Relaxed)
    }

    /// Tablebase hits of all threads.
    pub fn total_tb_hits(&self) -> u64 {
        self.tb_hits.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    pub(crate) fn publish_tb_hits(&self, thread: usize, hits: u64) {
        if let Some(h) = self.tb_hits.get(thread) {
            h.store(hits, Ordering::Relaxed);
        }
    }

    pub(crate) fn publish_nodes(&self, thread: usize, nodes: u64) {
        self.node_counts[thread].store(nodes, Ordering::Relaxed);
    }
}
