//! Move ordering: the hash move first, then good captures (by victim value,
//! attacker value and capture history, checked by SEE), promotions, killers,
//! the counter move, quiet moves by history and continuation history, and
//! losing captures last. Moves are scored once and picked best-first.

use super::see::see_ge;
use super::thread::ThreadData;
use eval::SEE_VALUES;
use movegen::{Board, Move, MoveList, MAX_MOVES};
use std::mem::MaybeUninit;

const HASH_MOVE: i32 = 4_000_000;
const GOOD_CAPTURE: i32 = 2_000_000;
const KILLER_1: i32 = 1_000_002;
const KILLER_2: i32 = 1_000_001;
const COUNTER: i32 = 1_000_000;
const BAD_CAPTURE: i32 = -2_000_000;

/// Moves with their ordering scores, handed out best first.
pub struct MovePicker {
    moves: MoveList,
    /// Score of each move; slots from `moves.len()` on stay uninitialised
    /// (zeroing 1 KB per node showed up in profiles).
    scores: [MaybeUninit<i32>; MAX_MOVES],
    next: usize,
}

impl MovePicker {
    /// Scores `moves` for the node at `ply` of `td`'s search.
    pub fn new(board: &Board, moves: MoveList, tt_move: Move, td: &ThreadData, ply: usize) -> MovePicker {
        let mut scores = [MaybeUninit::uninit(); MAX_MOVES];
        let side = board.side_to_move().index();
        let killers = td.at(ply as isize).killers;
        let prev = td.at(ply as isize - 1);
        let prev2 = td.at(ply as isize - 2);
        let counter = match prev.piece {
            Some(p) if !prev.mv.is_none() => td.counter_moves[p.index()][prev.mv.to().index()],
            _ => Move::NONE,
        };
        for (i, &mv) in moves.iter().enumerate() {
            let score = if mv == tt_move {
                HASH_MOVE
            } else if mv.is_noisy() {
                let captured = board.captured_piece(mv);
                let victim = captured.map_or(0, |k| SEE_VALUES[k.index()]);
                let piece = board.piece_on(mv.from()).expect("mover");
                let promo = mv.promotion_piece().map_or(0, |k| SEE_VALUES[k.index()]);
                let history = match captured {
                    Some(k) => td.capture_history[piece.index()][mv.to().index()][k.index()] as i32,
                    None => 0,
                };
                let base = victim * 16 + promo * 8 + history / 16;
                if mv
                    .promotion_piece()
                    .is_some_and(|k| k != movegen::PieceType::Queen)
                {
                    BAD_CAPTURE - 100_000 + base
                } else if see_ge(board, mv, -history / 64) {
                    GOOD_CAPTURE + base
                } else {
                    BAD_CAPTURE + base
                }
            } else if mv == killers[0] {
                KILLER_1
            } else if mv == killers[1] {
                KILLER_2
            } else if mv == counter {
                COUNTER
            } else {
                quiet_score(board, mv, td, prev, prev2, side)
            };
            scores[i] = MaybeUninit::new(score);
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// The best remaining move and its score.
    pub fn next_move(&mut self) -> Option<(Move, i32)> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        let mut best_score = self.score(best);
        for i in self.next + 1..n {
            let s = self.score(i);
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        let slice = self.moves.as_mut_slice();
        slice.swap(self.next, best);
        self.scores.swap(self.next, best);
        let result = (slice[self.next], best_score);
        self.next += 1;
        Some(result)
    }

    #[inline(always)]
    fn score(&self, i: usize) -> i32 {
        debug_assert!(i < self.moves.len());
        // SAFETY: `new` writes the score of every move, i.e. every slot
        // below `moves.len()`, and callers only ask for those slots.
        unsafe { self.scores[i].assume_init() }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when there is no move at all.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// History-based score of a quiet move.
pub fn quiet_score(
    board: &Board,
    mv: Move,
    td: &ThreadData,
    prev: &super::thread::PlyInfo,
    prev2: &super::thread::PlyInfo,
    side: usize,
) -> i32 {
    let piece = board.piece_on(mv.from()).expect("mover");
    let to = if mv.is_castle() { mv.from() } else { mv.to() };
    let mut score = td.history[side][mv.from().index()][to.index()] as i32;
    for p in [prev, prev2] {
        if let Some(prev_piece) = p.piece {
            if !p.mv.is_none() {
                score +=
                    td.continuation[prev_piece.index()][p.mv.to().index()][piece.index()][to.index()] as i32;
            }
        }
    }
    score
}
