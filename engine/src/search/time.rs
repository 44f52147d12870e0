//! Time management: [`TimeManager`] owns every limit that ends a search by
//! itself: the clock turned into a soft bound (do not start another
//! iteration after it, scaled by how stable the best move is) and a hard
//! bound (abort the search at it), a fixed move time, and the node limits
//! (the hard one aborts the search, the soft one ends it after the iteration
//! that reaches it).
//! The search asks it, between iterations and every so many nodes.

use super::limits::Limits;
use movegen::Color;

/// How long a search may run, in milliseconds from its start (or from
/// `ponderhit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBounds {
    /// Do not start a new iteration after this.
    pub soft: u64,
    /// Stop searching at this.
    pub hard: u64,
}

/// When no `movestogo` is given, plan as if this many moves remain: the
/// plan is remade at every move, so the horizon slides ...
const DEFAULT_MOVES_TO_GO: i64 = 50;
/// ... or this many with an increment, which refills the clock at every
/// move: 35 spends about a quarter more per move early than 50, where
/// self-play games at 8+0.08 still ended with a quarter of the base time
/// unused (2.2 of 8 s). The overhead of every move is still reserved for
/// [`DEFAULT_MOVES_TO_GO`] moves: with an increment smaller than the
/// overhead, that reserve is what keeps a long game from flagging.
const DEFAULT_MOVES_TO_GO_WITH_INCREMENT: i64 = 35;
/// Never plan for more moves than this, even with a long `movestogo`.
const MAX_MOVES_TO_GO: i64 = 50;
/// The soft bound, in tenths of the ideal time per move. The plan is remade
/// from the clock at every move, so spending falls as the clock runs down;
/// at 8+0.08 a soft bound of 0.6 ideal left half the base time unused at
/// the end of an average game (60 moves), 0.9 spends more of it early,
/// where games are decided, and still keeps a reserve for long games.
const SOFT_TENTHS: i64 = 9;

/// Best-move stability: the soft bound in percent after 0, 1, 2, 3 and 4
/// or more iterations with the same best move (a move that keeps winning
/// iterations needs less time; one that just changed, more).
const STABILITY_PERCENT: [u64; 5] = [160, 120, 100, 85, 70];

/// The limits of one search that end it by themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeManager {
    /// The clock's or the move time's bounds, in ms since the start (or
    /// `ponderhit`).
    bounds: Option<TimeBounds>,
    /// A fixed move time: used in full, never stopped early.
    fixed: bool,
    /// Nodes of all threads.
    nodes: Option<u64>,
    /// Soft node limit, nodes of all threads: checked between iterations.
    soft_nodes: Option<u64>,
}

impl TimeManager {
    /// The limits of `limits` for `side`, with `overhead` ms of latency
    /// expected per move.
    pub fn new(limits: &Limits, side: Color, overhead: u64) -> TimeManager {
        TimeManager {
            bounds: bounds(limits, side, overhead),
            fixed: limits.movetime.is_some(),
            nodes: limits.nodes,
            soft_nodes: limits.soft_nodes,
        }
    }

    /// No limit at all (the helper threads, which stop when the main
    /// thread does).
    pub fn unlimited() -> TimeManager {
        TimeManager::default()
    }

    /// The hard bound in ms, if the clock or a move time limits the search.
    pub fn hard_ms(&self) -> Option<u64> {
        self.bounds.map(|b| b.hard)
    }

    /// True when the search must stop now: `elapsed_ms` reached the hard
    /// bound (checked every so many nodes; never while pondering).
    #[inline]
    pub fn out_of_time(&self, elapsed_ms: u64) -> bool {
        self.bounds.is_some_and(|b| elapsed_ms >= b.hard)
    }

    /// True once `nodes` (all threads) reach the node limit.
    #[inline]
    pub fn out_of_nodes(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|limit| nodes >= limit)
    }

    /// True when the node limit is set (the search then counts every node).
    #[inline]
    pub fn counts_nodes(&self) -> bool {
        self.nodes.is_some()
    }

    /// Between iterations: true once `nodes` (all threads) reach the soft
    /// node limit, so no new iteration starts.
    #[inline]
    pub fn reached_soft_nodes(&self, nodes: u64) -> bool {
        self.soft_nodes.is_some_and(|limit| nodes >= limit)
    }

    /// Between iterations: true when no new iteration should start, after
    /// `elapsed_ms` with the best move unchanged for `stable_iterations`
    /// iterations. A fixed move time is used in full (the hard bound ends
    /// the search): stopping early pays off only on a clock, where saved
    /// time is kept.
    pub fn stop_between_iterations(&self, elapsed_ms: u64, stable_iterations: usize) -> bool {
        match self.bounds {
            Some(b) if !self.fixed => {
                elapsed_ms * 100
                    >= b.soft * STABILITY_PERCENT[stable_iterations.min(STABILITY_PERCENT.len() - 1)]
            }
            _ => false,
        }
    }
}

/// The bounds for `side` under `limits`, with `overhead` ms of GUI and pipe
/// latency expected per move. `None` when no clock or move time applies.
pub fn bounds(limits: &Limits, side: Color, overhead: u64) -> Option<TimeBounds> {
    let overhead = overhead as i64;
    if let Some(movetime) = limits.movetime {
        let t = (movetime as i64 - overhead).max(1) as u64;
        return Some(TimeBounds { soft: t, hard: t });
    }
    let time = limits.time[side.index()]?;
    let inc = limits.inc[side.index()].max(0);
    let moves_to_go = limits
        .movestogo
        .map(|m| (m as i64).clamp(1, MAX_MOVES_TO_GO))
        .unwrap_or(if inc > 0 {
            DEFAULT_MOVES_TO_GO_WITH_INCREMENT
        } else {
            DEFAULT_MOVES_TO_GO
        });
    let reserve_moves = limits.movestogo.map_or(DEFAULT_MOVES_TO_GO, |_| moves_to_go);
    // The budget of the planning horizon: the clock plus the increments still
    // to come, minus the overhead of every move still to come (`movestogo`,
    // or 50 without it). Without an increment that covers it, the overhead
    // is what flags an engine late in a long game, so it is reserved up
    // front and the engine speeds up as the clock runs down.
    let horizon = (time + inc * (moves_to_go - 1) - overhead * (reserve_moves + 2)).max(0);
    let ideal = horizon / moves_to_go;
    // Never more than a share of what is on the clock now; the last move
    // before a time control may use more, but keeps a reserve.
    let on_clock = (time - overhead).max(0);
    let ceiling = if moves_to_go == 1 {
        on_clock * 7 / 10
    } else {
        on_clock / 3
    };
    let hard = (ideal * 3).min(ceiling).max(1);
    let soft = (ideal * SOFT_TENTHS / 10).min(hard).max(1);
    Some(TimeBounds {
        soft: soft as u64,
        hard: hard as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time: i64, inc: i64, movestogo: Option<u32>) -> Limits {
        Limits {
            time: [Some(time), Some(time)],
            inc: [inc, inc],
            movestogo,
            ..Limits::default()
        }
    }

    #[test]
    fn sudden_death_spends_a_small_share() {
        let b = bounds(&clock(60_000, 0, None), Color::White, 10).unwrap();
        assert!(b.soft < b.hard);
        assert!(b.hard < 60_000 / 3, "{b:?}");
        assert!(b.soft > 500, "{b:?}");
    }

    #[test]
    fn tiny_zero_and_negative_clocks_give_tiny_bounds() {
        for t in [-500, 0, 1, 5] {
            let b = bounds(&clock(t, 0, None), Color::Black, 10).unwrap();
            assert_eq!(b, TimeBounds { soft: 1, hard: 1 });
        }
    }

    #[test]
    fn last_move_before_control_keeps_a_reserve() {
        let b = bounds(&clock(1000, 0, Some(1)), Color::White, 10).unwrap();
        assert!(b.hard < 1000 - 10, "{b:?}");
        assert!(b.hard >= 500, "{b:?}");
    }

    #[test]
    fn movetime_is_exact_minus_overhead() {
        let l = Limits {
            movetime: Some(500),
            ..Limits::default()
        };
        assert_eq!(
            bounds(&l, Color::White, 20),
            Some(TimeBounds { soft: 480, hard: 480 })
        );
        assert_eq!(bounds(&Limits::depth(3), Color::White, 20), None);
    }

    /// Plays `moves` moves of one side from a 2 s clock with `inc` ms of
    /// increment, Move Overhead 10 ms and a real latency of 3 ms per move
    /// (what the match runner costs here), each move using its full hard
    /// bound, and asserts that the clock lasts.
    fn assert_clock_lasts_at_full_hard_bound(inc: i64, moves: usize) {
        let mut left = 2000i64;
        for played in 0..moves {
            let b = bounds(&clock(left, inc, None), Color::White, 10).unwrap();
            left -= b.hard as i64 + 3;
            assert!(left > 0, "flagged after {played} moves with {inc} ms increment");
            left += inc;
        }
    }

    #[test]
    fn a_long_sudden_death_game_never_runs_the_clock_out() {
        assert_clock_lasts_at_full_hard_bound(0, 180);
    }

    #[test]
    fn a_long_game_with_a_tiny_increment_never_runs_the_clock_out() {
        // Increments that do not cover the overhead and latency of a move
        // (13 ms): the shorter horizon of increment games must still keep
        // the sudden-death reserve.
        for inc in [1, 5, 12] {
            assert_clock_lasts_at_full_hard_bound(inc, 200);
        }
    }

    #[test]
    fn an_average_game_uses_most_of_the_clock_and_keeps_a_reserve() {
        // 8+0.08, each move spending 10% over its soft bound (an iteration
        // started before the bound ends after it): after 60 moves, the
        // length of an average self-play game, less than half the base time
        // is left, and a long game of 120 moves still ends with time left.
        let mut left = 8000i64;
        for moves in 1..=120 {
            let b = bounds(&clock(left, 80, None), Color::White, 10).unwrap();
            left -= (b.soft as i64 * 11 / 10).min(b.hard as i64) - 80;
            if moves == 60 {
                assert!(left < 4000, "{left} ms left after 60 moves");
            }
        }
        assert!(left > 500, "{left} ms left after 120 moves");
    }

    #[test]
    fn the_soft_node_limit_ends_the_search_only_between_iterations() {
        let limits = Limits {
            nodes: Some(8000),
            soft_nodes: Some(1000),
            ..Limits::default()
        };
        let time = TimeManager::new(&limits, Color::White, 10);
        assert!(!time.reached_soft_nodes(999) && time.reached_soft_nodes(1000));
        // It never aborts an iteration: only the hard limit does.
        assert!(!time.out_of_nodes(5000) && time.out_of_nodes(8000));
        // Unset (every `go`, `daba bench`), it never stops a search.
        for time in [
            TimeManager::new(&Limits::nodes(8000), Color::White, 10),
            TimeManager::unlimited(),
        ] {
            assert!(!time.reached_soft_nodes(u64::MAX));
        }
    }

    #[test]
    fn increment_raises_the_budget() {
        let without = bounds(&clock(10_000, 0, None), Color::White, 10).unwrap();
        let with = bounds(&clock(10_000, 100, None), Color::White, 10).unwrap();
        assert!(with.soft > without.soft);
    }
}
