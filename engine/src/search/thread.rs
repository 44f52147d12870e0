//! Per-thread search data: the key history for repetitions, the ply stack, the
//! PV table, and the move-ordering histories (`super::history`), which
//! persist between searches of a game and are cleared by `ucinewgame`.

use super::history::{
    ButterflyHistory, CaptureHistory, ContinuationHistory, CorrectionHistory, CounterMoves,
};
use super::MAX_PLY;
use crate::score::MATE_BOUND;
use eval::nnue::{AccumulatorStack, Network};
use movegen::{Board, Move, Piece};
use std::sync::Arc;

/// One ply of the search stack.
#[derive(Clone, Copy, Default)]
pub struct PlyInfo {
    /// Static evaluation (meaningless when in check).
    pub eval: i32,
    /// Killer moves: quiet moves that caused a cutoff at this ply.
    pub killers: [Move; 2],
    /// The move played from this ply (`Move::NONE` for a null move).
    pub mv: Move,
    /// The piece that moved, for continuation history.
    pub piece: Option<Piece>,
    /// A move this node must not search (the hash move, while a singular
    /// extension search asks how the other moves do without it).
    pub excluded: Move,
    /// Double extensions along the line to this node.
    pub double_extensions: u8,
}

/// Offset of ply 0 in the stack, so that `ply - 2` is always a valid index.
pub const STACK_OFFSET: usize = 4;

/// Everything one search thread owns.
pub struct ThreadData {
    /// Thread number; 0 is the main thread.
    pub id: usize,
    /// Zobrist keys of the game and of the current search path.
    pub keys: Vec<u64>,
    /// Index in `keys` of the root position.
    pub root_index: usize,
    /// The ply stack, indexed by `ply + STACK_OFFSET`.
    pub stack: Vec<PlyInfo>,
    /// Triangular PV table.
    pub pv: Vec<[Move; MAX_PLY + 1]>,
    /// Length of the PV at each ply.
    pub pv_len: [usize; MAX_PLY + 1],
    /// Quiet-move history by side, from and to.
    pub history: Box<ButterflyHistory>,
    /// Capture history by moving piece, target and captured type.
    pub capture_history: Box<CaptureHistory>,
    /// Continuation history: previous (piece, to) then current (piece, to).
    pub continuation: Box<ContinuationHistory>,
    /// Correction history: by side to move, by the pawns and by each side's
    /// other pieces, how far the static evaluation has missed the search
    /// results of positions that share them.
    pub correction: Box<CorrectionHistory>,
    /// Counter moves by the previous move's piece and target.
    pub counter_moves: Box<CounterMoves>,
    /// Nodes searched in this search.
    pub nodes: u64,
    /// Deepest ply reached in this iteration.
    pub seldepth: usize,
    /// Root moves not to search (better MultiPV lines, or outside `searchmoves`).
    pub root_excluded: Vec<Move>,
    /// Set when the search was aborted; results of the iteration are void.
    pub aborted: bool,
    /// Pawn-structure cache of the hand-crafted evaluation.
    pub pawn_cache: eval::PawnCache,
    /// The NNUE accumulators along the current line, when the evaluation is
    /// a network; `None` means the hand-crafted evaluation.
    pub nnue: Option<AccumulatorStack>,
    /// Tablebase probes that found a result in this search.
    pub tb_hits: u64,
    /// The root's tablebase probe, when the root is a tablebase position
    /// (main thread).
    pub root_tb: Option<crate::syzygy::RootProbe>,
}

impl ThreadData {
    /// Fresh data for thread `id`.
    pub fn new(id: usize) -> ThreadData {
        ThreadData {
            id,
            keys: Vec::with_capacity(4096),
            root_index: 0,
            stack: vec![PlyInfo::default(); MAX_PLY + STACK_OFFSET + 4],
            pv: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            history: ButterflyHistory::boxed(),
            capture_history: CaptureHistory::boxed(),
            continuation: ContinuationHistory::boxed(),
            counter_moves: CounterMoves::boxed(),
            correction: CorrectionHistory::boxed(),
            nodes: 0,
            seldepth: 0,
            root_excluded: Vec::new(),
            aborted: false,
            tb_hits: 0,
            root_tb: None,
            pawn_cache: eval::PawnCache::default(),
            nnue: None,
        }
    }

    /// Evaluates with `net` from now on (`None`: the hand-crafted evaluation).
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.nnue = net.map(|net| AccumulatorStack::new(net, MAX_PLY + 8));
    }

    /// Sets the root of a search: the NNUE accumulators are computed from
    /// scratch for it.
    pub fn set_root(&mut self, board: &Board) {
        if let Some(stack) = self.nnue.as_mut() {
            stack.refresh(board);
        }
    }

    /// The static evaluation of `board`, the position at the top of the
    /// current line, from the side to move's view.
    #[inline]
    pub fn evaluate(&mut self, board: &Board) -> i32 {
        match self.nnue.as_mut() {
            Some(stack) => {
                // A net's output is not bounded: keep it clear of mate scores.
                let score = stack.evaluate(board).clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
                // The engine's own unit tests check that the search keeps the
                // accumulators in step with the board at every evaluation.
                #[cfg(test)]
                assert_eq!(
                    score,
                    eval::nnue::evaluate(stack.network(), board).clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
                    "incremental NNUE evaluation differs from a refresh at {}",
                    board.to_fen()
                );
                score
            }
            None => eval::evaluate_cached(board, &mut self.pawn_cache),
        }
    }

    /// Steps into `child`, reached from `board` by `mv` (`Move::NONE`: a
    /// null move): its key joins the repetition history and the NNUE
    /// accumulators follow the move.
    #[inline]
    pub fn enter(&mut self, board: &Board, mv: Move, child: &Board) {
        self.keys.push(child.key());
        if let Some(stack) = self.nnue.as_mut() {
            if mv.is_none() {
                stack.push_null();
            } else {
                stack.push(board, mv);
            }
        }
    }

    /// Steps back out of the position entered last.
    #[inline]
    pub fn leave(&mut self) {
        self.keys.pop();
        if let Some(stack) = self.nnue.as_mut() {
            stack.pop();
        }
    }

    /// Forgets everything learned (for `ucinewgame`).
    pub fn clear(&mut self) {
        // In place: no new allocation of the big tables.
        self.history.clear();
        self.capture_history.clear();
        self.continuation.clear();
        self.counter_moves.clear();
        self.correction.clear();
        self.stack.fill(PlyInfo::default());
        self.keys.clear();
        self.root_excluded.clear();
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.pawn_cache.clear();
    }

    /// The stack entry of `ply` (may be negative down to -STACK_OFFSET).
    #[inline(always)]
    pub fn at(&self, ply: isize) -> &PlyInfo {
        &self.stack[(ply + STACK_OFFSET as isize) as usize]
    }

    /// Mutable stack entry of `ply`.
    #[inline(always)]
    pub fn at_mut(&mut self, ply: isize) -> &mut PlyInfo {
        &mut self.stack[(ply + STACK_OFFSET as isize) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::super::{search, Limits, SearchControl, SearchParams, SilentReporter, TranspositionTable};
    use super::*;
    use eval::nnue::Activation;

    /// Searches with a random net: `ThreadData::evaluate` checks (under
    /// `cfg(test)`) that every incremental evaluation equals a refresh, so
    /// the search's push/pop of the accumulators (moves, null moves,
    /// captures, castling, promotions, checks in the quiescence search) is
    /// in step with the board everywhere it evaluates.
    #[test]
    fn search_keeps_nnue_accumulators_in_step() {
        let net = Arc::new(Network::random(64, 4, Activation::SCReLU, 3));
        for fen in [
            movegen::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
        ] {
            let board = Board::from_fen(fen).unwrap();
            let params = SearchParams {
                board,
                history: vec![board.key()],
                limits: Limits::depth(6),
                searchmoves: vec![],
                multipv: 1,
                move_overhead: 0,
                auto_draw: false,
                syzygy: None,
            };
            let tt = TranspositionTable::new(4);
            let control = SearchControl::new(1, false);
            let mut td = ThreadData::new(0);
            td.set_network(Some(Arc::clone(&net)));
            let result = search(
                &params,
                &tt,
                &control,
                std::slice::from_mut(&mut td),
                &SilentReporter,
            );
            assert!(result.best.is_some(), "{fen}: no move");
            assert!(td.nodes > 100, "{fen}: only {} nodes", td.nodes);
        }
    }
}
