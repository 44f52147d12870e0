//! The computer's moves: Daba's own search, in-process, at a level the player
//! chose before the game.
//!
//! Levels are the engine's playing levels (`engine::levels`, the scale of
//! `Skill Level`): 0 plays a uniformly random legal move, 1 to 19 search a
//! node budget (50 to 400,000 nodes) to a depth cap with several lines and
//! pick among the best of them as a weaker player would, and 20 is full
//! strength. A level is never a time, so it plays the same on every
//! machine; full strength searches [`FULL_STRENGTH_NODES`] nodes a move.
//! The UCI layer does the same choice on its search thread (`go` under a
//! level); this module repeats those few steps through the levels API.
//!
//! A search runs on a thread of its own with the engine's search stack size
//! (the recursion is deep), on one thread, with a hash table of its own.

use engine::levels::{self, Level, LineCollector, MAX_SKILL};
use engine::search::driver::SEARCH_STACK_SIZE;
use engine::search::{
    search, Limits, Reporter, SearchControl, SearchParams, SilentReporter, ThreadData, TranspositionTable,
};
use movegen::{Board, Move};
use rand::Rng;
use serde::Serialize;
use std::sync::Arc;

/// The highest level: full strength.
pub const MAX_LEVEL: u32 = MAX_SKILL;
/// Nodes of a full-strength search (level 20).
pub const FULL_STRENGTH_NODES: u64 = 1_000_000;
/// Nodes of the search that decides whether the computer takes a draw.
pub const DRAW_CHECK_NODES: u64 = 20_000;
/// Hash table of each search, in MB.
const HASH_MB: usize = 8;

/// The node budget of a level; `None` for level 0, the random mover.
pub fn level_nodes(level: u32) -> Option<u64> {
    match Level::from_skill(level).settings() {
        None => Some(FULL_STRENGTH_NODES),
        Some(s) if s.random_share >= 1.0 => None,
        Some(s) => Some(s.nodes),
    }
}

/// A level as the page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct LevelInfo {
    /// 0 to [`MAX_LEVEL`].
    pub level: u32,
    /// A short name for the level chooser.
    pub name: String,
    /// The node budget; `None` for the random mover.
    pub nodes: Option<u64>,
}

/// Every level, weakest first.
pub fn levels() -> Vec<LevelInfo> {
    (0..=MAX_LEVEL)
        .map(|level| {
            let nodes = level_nodes(level);
            let name = match level {
                0 => "Level 0: random moves".to_string(),
                MAX_LEVEL => format!("Level {level}: full strength"),
                l => format!("Level {l}"),
            };
            LevelInfo { level, name, nodes }
        })
        .collect()
}

/// What the computer decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The move; `None` when there is no legal move.
    pub mv: Option<Move>,
    /// The search's score of the move from the mover's side; `None` for a
    /// random move.
    pub score: Option<i32>,
}

/// The computer's move at `level` in `board`, whose game went through the
/// positions `keys` (the last is `board`'s). Blocks: run it on a search
/// thread ([`run_on_search_thread`]).
pub fn choose(board: &Board, keys: &[u64], level: u32, control: &SearchControl) -> Decision {
    let mut rng = rand::thread_rng();
    let Some(settings) = Level::from_skill(level).settings() else {
        return searched(board, keys, FULL_STRENGTH_NODES, control);
    };
    if settings.random_share > 0.0 && rng.gen::<f64>() < settings.random_share {
        return Decision {
            mv: levels::random_move(board, &mut rng),
            score: None,
        };
    }
    let limits = Limits {
        nodes: Some(settings.nodes),
        depth: Some(settings.depth),
        ..Limits::default()
    };
    let collector = LineCollector::new(&SilentReporter);
    // Levels search with the hand-crafted evaluation, as over UCI (their
    // margins are its centipawns).
    let result = run_search(board, keys, limits, settings.lines, false, control, &collector);
    let lines = collector.lines();
    let candidates = &lines[..lines.len().min(settings.lines)];
    if candidates.is_empty() {
        return Decision {
            mv: result.best,
            score: result.best.map(|_| result.score),
        };
    }
    let line = &candidates[levels::choose(candidates, &settings, &mut rng)];
    Decision {
        mv: line.pv.first().copied(),
        score: Some(line.score),
    }
}

/// A full-strength search of `nodes` nodes: its best move and score.
pub fn searched(board: &Board, keys: &[u64], nodes: u64, control: &SearchControl) -> Decision {
    let result = run_search(
        board,
        keys,
        Limits::nodes(nodes),
        1,
        true,
        control,
        &SilentReporter,
    );
    Decision {
        mv: result.best,
        score: result.best.map(|_| result.score),
    }
}

/// One search on one thread; `with_net`: with the embedded net (when the
/// build has one), else with the hand-crafted evaluation.
fn run_search(
    board: &Board,
    keys: &[u64],
    limits: Limits,
    multipv: usize,
    with_net: bool,
    control: &SearchControl,
    reporter: &dyn Reporter,
) -> engine::search::SearchResult {
    let params = SearchParams {
        board: *board,
        history: keys.to_vec(),
        limits,
        searchmoves: vec![],
        multipv,
        move_overhead: 0,
        auto_draw: false,
        syzygy: None,
    };
    let tt = TranspositionTable::new(HASH_MB);
    let mut thread = ThreadData::new(0);
    thread.set_network(if with_net {
        engine::network::default_network()
    } else {
        None
    });
    search(&params, &tt, control, std::slice::from_mut(&mut thread), reporter)
}

/// Runs `work` on a new thread with the search's stack size and waits for
/// it without blocking the server's threads. `None` if no thread could be
/// started.
pub async fn run_on_search_thread<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("serve-search".into())
        .stack_size(SEARCH_STACK_SIZE)
        .spawn(move || {
            let _ = tx.send(work());
        })
        .ok()?;
    rx.await.ok()
}

/// A control for a one-thread search that the server may stop.
pub fn new_control() -> Arc<SearchControl> {
    Arc::new(SearchControl::new(1, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_run_from_random_to_full_strength() {
        assert_eq!(level_nodes(0), None);
        assert_eq!(level_nodes(1), Some(50));
        assert_eq!(level_nodes(19), Some(400_000));
        assert!(levels()[0].name.contains("random"));
        assert_eq!(level_nodes(20), Some(FULL_STRENGTH_NODES));
        for l in 1..MAX_LEVEL {
            assert!(level_nodes(l) < level_nodes(l + 1));
        }
        assert_eq!(levels().len(), 21);
    }

    #[test]
    fn the_search_finds_a_mate_and_random_moves_are_legal() {
        movegen::init();
        let board = Board::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").unwrap();
        let control = new_control();
        let d = std::thread::Builder::new()
            .stack_size(SEARCH_STACK_SIZE)
            .spawn(move || choose(&board, &[board.key()], 5, &control))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(d.mv.map(|m| m.to_uci(false)).as_deref(), Some("a1a8"));
        let random = choose(&board, &[board.key()], 0, &new_control());
        assert!(board.legal_moves().contains(random.mv.unwrap()));
        assert_eq!(random.score, None);
    }
}
