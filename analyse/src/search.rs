//! One position's evaluation through the engine's session: the library
//! call, not UCI. A [`Searcher`] owns a session (hash table, threads and
//! their histories); the caller clears it between games (or positions) and
//! keeps it within a game.

use crate::interrupt::Interrupt;
use engine::score::ScoreReport;
use engine::search::{Limits, SilentReporter};
use engine::session::{ProbeSettings, SearchRequest, Session};
use engine::wdl::{material, wdl_of_report, Wdl};
use eval::nnue::Network;
use movegen::{Board, GameEnd, Move};
use std::sync::Arc;

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

    /// The evaluation of a position the game ended in: mated, or a draw.
    pub fn game_over(end: GameEnd) -> PositionEval {
        let (score, wdl) = if end.is_draw() {
            (ScoreReport::Cp(0), Wdl::DRAW)
        } else {
            (ScoreReport::Mate(0), Wdl::LOSS)
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

/// A session for one game at a time: its hash table and histories are
/// kept within a game and cleared between games.
pub struct Searcher {
    session: Session,
}

impl Searcher {
    /// A searcher with `threads` search threads and a `hash_mb` table.
    pub fn new(hash_mb: usize, threads: usize, net: &Option<Arc<Network>>) -> Result<Searcher, String> {
        let mut session = Session::with_seed(0);
        session
            .set_hash_mb(hash_mb)
            .map_err(|e| format!("hash table of {hash_mb} MB: {e}"))?;
        session.set_threads(threads);
        session.set_network(net.clone());
        Ok(Searcher { session })
    }

    /// Forgets everything: a new game starts as if in a fresh engine, so its
    /// analysis does not depend on what was analysed before.
    pub fn clear(&mut self) {
        self.session.clear();
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
        // Mate and stalemate leave nothing to search; a position drawn by
        // another rule (dead material, repetition, the move counters) is
        // searched like any other.
        if let Some(end @ (GameEnd::Checkmate { .. } | GameEnd::Stalemate)) = board.game_status(history).end {
            return Some(PositionEval::game_over(end));
        }
        match &settings.syzygy {
            Some(tb) => {
                self.session.set_tablebases(Some(Arc::clone(&tb.tables)));
                self.session.set_probing(ProbeSettings {
                    depth: tb.probe_depth.max(0) as u32,
                    limit: tb.probe_limit,
                    rule50: tb.rule50,
                });
            }
            None => self.session.set_tablebases(None),
        }
        let request = SearchRequest::new(*board)
            .history(history)
            .limits(settings.limits.clone())
            .multipv(settings.multipv)
            .full_strength();
        let signals = self.session.signals();
        if !interrupt.register(&signals) {
            return None;
        }
        let outcome = self.session.search(&request, &SilentReporter);
        interrupt.unregister(&signals);
        if interrupt.is_set() {
            return None;
        }
        let m = material(board);
        let lines: Vec<Line> = outcome
            .lines
            .iter()
            .map(|l| {
                let score = ScoreReport::from_score(l.score);
                Line {
                    score,
                    wdl: wdl_of_report(score, m),
                    pv: l.pv.clone(),
                }
            })
            .collect();
        let first = lines.first()?;
        Some(PositionEval {
            score: first.score,
            wdl: first.wdl,
            depth: outcome.depth,
            seldepth: outcome.seldepth,
            nodes: outcome.nodes,
            lines,
        })
    }
}
