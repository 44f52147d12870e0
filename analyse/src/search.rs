//! One position's evaluation through the engine's search API: the library
//! call and its [`Reporter`] trait, not UCI. A [`Searcher`] owns a hash
//! table and one `ThreadData` per search thread; the caller clears it
//! between games (or positions) and keeps it within a game.

use crate::interrupt::Interrupt;
use engine::score::ScoreReport;
use engine::search::{
    search, Limits, Reporter, ScoreBound, SearchControl, SearchInfo, SearchParams, ThreadData,
    TranspositionTable,
};
use engine::wdl::{material, wdl_of_report, Wdl};
use eval::nnue::Network;
use movegen::{Board, Move};
use std::sync::{Arc, Mutex};

/// One line of a position's analysis (side to move's view).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Its score.
    pub score: ScoreReport,
    /// Win/draw/loss per mille from the score.
    pub wdl: Wdl,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// What the search found in one position.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionEval {
    /// The best line first, then the other MultiPV lines; empty when the
    /// game is over in this position.
    pub lines: Vec<Line>,
    /// The score (side to move's view): the best line's, or mate 0 (mated)
    /// or 0 (stalemate) when there is no legal move.
    pub score: ScoreReport,
    /// Win/draw/loss of that score.
    pub wdl: Wdl,
    /// Last completed depth (0 when there was nothing to search).
    pub depth: u32,
    /// Deepest ply reached in that iteration.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

impl PositionEval {
    /// The best move, if there is a legal move.
    pub fn best(&self) -> Option<Move> {
        self.lines.first().and_then(|l| l.pv.first().copied())
    }

    /// The evaluation of a position without legal moves.
    pub fn game_over(board: &Board) -> PositionEval {
        let (score, wdl) = if board.in_check() {
            (ScoreReport::Mate(0), Wdl::LOSS)
        } else {
            (ScoreReport::Cp(0), Wdl::DRAW)
        };
        PositionEval {
            lines: Vec::new(),
            score,
            wdl,
            depth: 0,
            seldepth: 0,
            nodes: 0,
        }
    }
}

/// How each position is searched.
#[derive(Clone)]
pub struct SearchSettings {
    /// Depth, nodes and time limits (any combination).
    pub limits: Limits,
    /// Lines per position.
    pub multipv: usize,
    /// The evaluation (`None`: hand-crafted).
    pub net: Option<Arc<Network>>,
    /// Syzygy tablebases (`--syzygy`), shared by every search.
    pub syzygy: Option<engine::syzygy::Probing>,
}

impl std::fmt::Debug for SearchSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchSettings")
            .field("limits", &self.limits)
            .field("multipv", &self.multipv)
            .field("net", &self.net.is_some())
            .field("syzygy", &self.syzygy.is_some())
            .finish()
    }
}

/// Collects the finished lines; ignores aspiration bounds and `currmove`.
#[derive(Default)]
struct Collect(Mutex<Vec<SearchInfo>>);

impl Reporter for Collect {
    fn info(&self, info: &SearchInfo) {
        if info.bound == ScoreBound::Exact {
            self.0
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(info.clone());
        }
    }
    fn currmove(&self, _depth: u32, _mv: Move, _number: usize) {}
}

/// A hash table and the search threads' data, for one game at a time.
pub struct Searcher {
    tt: TranspositionTable,
    threads: Vec<ThreadData>,
}

impl Searcher {
    /// A searcher with `threads` search threads and a `hash_mb` table.
    pub fn new(hash_mb: usize, threads: usize, net: &Option<Arc<Network>>) -> Result<Searcher, String> {
        let tt =
            TranspositionTable::try_new(hash_mb).map_err(|e| format!("hash table of {hash_mb} MB: {e}"))?;
        let threads = (0..threads.max(1))
            .map(|id| {
                let mut td = ThreadData::new(id);
                td.set_network(net.clone());
                td
            })
            .collect();
        Ok(Searcher { tt, threads })
    }

    /// Forgets everything: a new game starts as if in a fresh engine, so its
    /// analysis does not depend on what was analysed before.
    pub fn clear(&mut self) {
        self.tt.clear();
        for td in &mut self.threads {
            td.clear();
        }
    }

    /// Searches `board`, reached through the positions whose keys are
    /// `history` (oldest first, ending with the board's own). `None` when
    /// stopped by Ctrl-C: an unfinished search is not used.
    pub fn evaluate(
        &mut self,
        board: &Board,
        history: &[u64],
        settings: &SearchSettings,
        interrupt: &Interrupt,
    ) -> Option<PositionEval> {
        if !board.has_legal_move() {
            return Some(PositionEval::game_over(board));
        }
        let params = SearchParams {
            board: *board,
            history: history.to_vec(),
            limits: settings.limits.clone(),
            searchmoves: Vec::new(),
            multipv: settings.multipv.max(1),
            move_overhead: 0,
            auto_draw: false,
            syzygy: settings.syzygy.clone(),
        };
        let control = Arc::new(SearchControl::new(self.threads.len(), false));
        if !interrupt.register(&control) {
            return None;
        }
        let collect = Collect::default();
        let result = search(&params, &self.tt, &control, &mut self.threads, &collect);
        interrupt.unregister(&control);
        if interrupt.is_set() {
            return None;
        }
        let infos = collect.0.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut last: Vec<&SearchInfo> = infos.iter().filter(|i| i.depth == result.depth).collect();
        last.sort_by_key(|i| i.multipv);
        last.dedup_by_key(|i| i.multipv);
        let m = material(board);
        let lines: Vec<Line> = last
            .iter()
            .filter(|i| !i.pv.is_empty())
            .map(|i| Line {
                score: i.score,
                wdl: wdl_of_report(i.score, m),
                pv: i.pv.clone(),
            })
            .collect();
        let first = lines.first()?;
        Some(PositionEval {
            score: first.score,
            wdl: first.wdl,
            depth: result.depth,
            seldepth: last.first().map_or(0, |i| i.seldepth),
            nodes: result.nodes,
            lines,
        })
    }
}
