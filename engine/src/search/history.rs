//! What the search learns about moves and positions as it goes, kept per
//! thread between the searches of a game and cleared by `ucinewgame`:
//!
//! - [`ButterflyHistory`]: quiet moves by side, from and to;
//! - [`CaptureHistory`]: captures by moving piece, target and captured type;
//! - [`ContinuationHistory`]: quiet moves by the move one or two plies
//!   before (its piece and target) and their own piece and target;
//! - [`CounterMoves`]: the quiet move that last refuted a move (its piece
//!   and target);
//! - [`CorrectionHistory`]: by side to move and by the pawns, and by each
//!   side's other pieces, how far the static evaluation missed the search
//!   results of positions that share them.
//!
//! Each is a plain array (the correction history: one per part it learns
//! by) behind a small type, boxed by [`ThreadData`]
//! (`super::thread`): the types only name the indices and hold the update
//! rules, so the tables, their layout and the code the search runs are
//! those of the bare arrays. `ordering` reads them, `alphabeta` updates them.
//!
//! [`ThreadData`]: super::thread::ThreadData

use super::params::{
    CORRECTION_GRAIN, CORRECTION_MAX, CORRECTION_SIZE, CORRECTION_WEIGHT_SCALE, HISTORY_MAX,
};
use crate::score::MATE_BOUND;
use movegen::{Board, Color, Move, Piece, PieceType, Square};

/// Quiet-move history by side, from and to.
#[repr(transparent)]
pub struct ButterflyHistory([[[i16; 64]; 64]; 2]);

impl ButterflyHistory {
    /// A cleared table, on the heap.
    pub fn boxed() -> Box<ButterflyHistory> {
        zeroed_box()
    }

    /// The score of a quiet move of `side` from `from` to `to`.
    #[inline(always)]
    pub fn get(&self, side: Color, from: Square, to: Square) -> i32 {
        self.0[side.index()][from.index()][to.index()] as i32
    }

    /// Moves the score of a quiet move towards `bonus`'s sign.
    #[inline(always)]
    pub fn update(&mut self, side: Color, from: Square, to: Square, bonus: i32) {
        apply_bonus(&mut self.0[side.index()][from.index()][to.index()], bonus);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.0 = [[[0; 64]; 64]; 2];
    }
}

/// Capture history by moving piece, target and captured type.
#[repr(transparent)]
pub struct CaptureHistory([[[i16; 6]; 64]; 12]);

impl CaptureHistory {
    /// A cleared table, on the heap.
    pub fn boxed() -> Box<CaptureHistory> {
        zeroed_box()
    }

    /// The score of `piece` capturing a `captured` on `to`.
    #[inline(always)]
    pub fn get(&self, piece: Piece, to: Square, captured: PieceType) -> i32 {
        self.0[piece.index()][to.index()][captured.index()] as i32
    }

    /// Moves the score of a capture towards `bonus`'s sign.
    #[inline(always)]
    pub fn update(&mut self, piece: Piece, to: Square, captured: PieceType, bonus: i32) {
        apply_bonus(&mut self.0[piece.index()][to.index()][captured.index()], bonus);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.0 = [[[0; 6]; 64]; 12];
    }
}

/// Continuation history: the previous move's (piece, to), then the quiet
/// move's own (piece, to).
#[repr(transparent)]
pub struct ContinuationHistory([[[[i16; 64]; 12]; 64]; 12]);

impl ContinuationHistory {
    /// A cleared table, on the heap (it is 1 MB: never on the stack).
    pub fn boxed() -> Box<ContinuationHistory> {
        zeroed_box()
    }

    /// The score of `piece` moving to `to` after `prev_piece` moved to
    /// `prev_to`.
    #[inline(always)]
    pub fn get(&self, prev_piece: Piece, prev_to: Square, piece: Piece, to: Square) -> i32 {
        self.0[prev_piece.index()][prev_to.index()][piece.index()][to.index()] as i32
    }

    /// Moves that score towards `bonus`'s sign.
    #[inline(always)]
    pub fn update(&mut self, prev_piece: Piece, prev_to: Square, piece: Piece, to: Square, bonus: i32) {
        apply_bonus(
            &mut self.0[prev_piece.index()][prev_to.index()][piece.index()][to.index()],
            bonus,
        );
    }

    /// Forgets everything, in place (no 1 MB temporary).
    pub fn clear(&mut self) {
        for row in self.0.iter_mut() {
            for cell in row.iter_mut() {
                *cell = [[0; 64]; 12];
            }
        }
    }
}

/// Counter moves by the previous move's piece and target.
#[repr(transparent)]
pub struct CounterMoves([[Move; 64]; 12]);

impl CounterMoves {
    /// A cleared table, on the heap.
    pub fn boxed() -> Box<CounterMoves> {
        zeroed_box()
    }

    /// The quiet move that last refuted `piece` moving to `to`
    /// (`Move::NONE` if none).
    #[inline(always)]
    pub fn get(&self, piece: Piece, to: Square) -> Move {
        self.0[piece.index()][to.index()]
    }

    /// Records `refutation` as the answer to `piece` moving to `to`.
    #[inline(always)]
    pub fn update(&mut self, piece: Piece, to: Square, refutation: Move) {
        self.0[piece.index()][to.index()] = refutation;
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.0 = [[Move::NONE; 64]; 12];
    }
}

/// The largest correction in an entry's units (1/`CORRECTION_GRAIN`
/// centipawns).
const CORRECTION_ENTRY_MAX: i32 = CORRECTION_MAX * CORRECTION_GRAIN;

/// Correction history: by side to move, how far the static evaluation has
/// missed the search results of positions that share a part of this one,
/// one table per part: the pawns, and each side's pieces other than pawns
/// (in 1/`CORRECTION_GRAIN` centipawns). A position's correction weighs the
/// pawn entry fully and each non-pawn entry half.
pub struct CorrectionHistory {
    /// By side to move and pawn key.
    pawn: [[i32; CORRECTION_SIZE]; 2],
    /// By side to move, then the colour whose non-pawn key indexes it.
    non_pawn: [[[i32; CORRECTION_SIZE]; 2]; 2],
}

impl CorrectionHistory {
    /// A cleared table, on the heap.
    pub fn boxed() -> Box<CorrectionHistory> {
        zeroed_box()
    }

    /// The static evaluation `raw_eval` of `board` corrected by what the
    /// search has learned about positions with these pawns and pieces.
    #[inline]
    pub fn get(&self, board: &Board, raw_eval: i32) -> i32 {
        let stm = board.side_to_move().index();
        let pawn = self.pawn[stm][correction_index(board.pawn_key())];
        let non_pawn: i32 = Color::ALL
            .iter()
            .map(|&c| self.non_pawn[stm][c.index()][correction_index(board.non_pawn_key(c))])
            .sum();
        let correction =
            ((2 * pawn + non_pawn) / (2 * CORRECTION_GRAIN)).clamp(-CORRECTION_MAX, CORRECTION_MAX);
        (raw_eval + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Moves each of `board`'s entries towards the difference between a
    /// search result and the corrected static evaluation, more so for
    /// deeper searches.
    pub fn update(&mut self, board: &Board, depth: i32, search_score: i32, corrected_eval: i32) {
        let target = ((search_score - corrected_eval) * CORRECTION_GRAIN)
            .clamp(-CORRECTION_ENTRY_MAX, CORRECTION_ENTRY_MAX);
        let weight = (depth + 1).min(16);
        let stm = board.side_to_move().index();
        update_correction(
            &mut self.pawn[stm][correction_index(board.pawn_key())],
            target,
            weight,
        );
        for c in Color::ALL {
            let entry = &mut self.non_pawn[stm][c.index()][correction_index(board.non_pawn_key(c))];
            update_correction(entry, target, weight);
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for side in self.pawn.iter_mut() {
            side.fill(0);
        }
        for side in self.non_pawn.iter_mut().flatten() {
            side.fill(0);
        }
    }
}

/// Moves a correction entry `weight` parts in `CORRECTION_WEIGHT_SCALE`
/// towards `entry + target`, within the largest correction.
#[inline(always)]
fn update_correction(entry: &mut i32, target: i32, weight: i32) {
    let updated =
        (*entry * (CORRECTION_WEIGHT_SCALE - weight) + (*entry + target) * weight) / CORRECTION_WEIGHT_SCALE;
    *entry = updated.clamp(-CORRECTION_ENTRY_MAX, CORRECTION_ENTRY_MAX);
}

/// The square a quiet move is recorded under in the quiet histories: its
/// target, or for castling (king takes own rook) the king's square.
#[inline(always)]
pub fn quiet_target(mv: Move) -> Square {
    if mv.is_castle() {
        mv.from()
    } else {
        mv.to()
    }
}

#[inline(always)]
fn correction_index(key: u64) -> usize {
    (key % CORRECTION_SIZE as u64) as usize
}

/// Moves a history value towards `bonus`'s sign, saturating smoothly at
/// `HISTORY_MAX` (the "gravity" update: big values move less).
#[inline(always)]
fn apply_bonus(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let current = *entry as i32;
    let updated = current + bonus - current * bonus.abs() / HISTORY_MAX;
    *entry = updated.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// The tables of this module, whose all-zero bit pattern is a valid (the
/// cleared) value.
///
/// # Safety
///
/// Only for types made of integers and `Move`s (a `u16` whose zero is
/// `Move::NONE`), with no padding invariants or pointers.
unsafe trait ZeroIsEmpty {}

// SAFETY: arrays of i16.
unsafe impl ZeroIsEmpty for ButterflyHistory {}
// SAFETY: arrays of i16.
unsafe impl ZeroIsEmpty for CaptureHistory {}
// SAFETY: arrays of i16.
unsafe impl ZeroIsEmpty for ContinuationHistory {}
// SAFETY: arrays of `Move`, a u16 newtype whose zero is `Move::NONE`.
unsafe impl ZeroIsEmpty for CounterMoves {}
// SAFETY: a struct of arrays of i32.
unsafe impl ZeroIsEmpty for CorrectionHistory {}

/// A zeroed table built on the heap directly, which keeps the 1 MB
/// continuation table off the stack.
fn zeroed_box<T: ZeroIsEmpty>() -> Box<T> {
    let layout = std::alloc::Layout::new::<T>();
    // SAFETY: `ZeroIsEmpty` says the all-zero bit pattern is a valid T; the
    // layout is non-zero-sized and the pointer is handed to Box with the
    // same layout.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut T;
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(ptr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_tables_are_cleared_tables() {
        assert_eq!(Move::NONE.to_bits(), 0);
        let counters = CounterMoves::boxed();
        assert!(counters.0.iter().flatten().all(|m| m.is_none()));
        let history = ContinuationHistory::boxed();
        assert!(history.0.iter().flatten().flatten().flatten().all(|&v| v == 0));
    }

    #[test]
    fn bonuses_saturate_at_the_history_bound() {
        let mut history = ButterflyHistory::boxed();
        let (e2, e4) = (Square::from_index(12), Square::from_index(28));
        for _ in 0..1000 {
            history.update(Color::White, e2, e4, 5000);
        }
        assert!(history.get(Color::White, e2, e4) <= HISTORY_MAX);
        assert!(history.get(Color::White, e2, e4) > HISTORY_MAX * 9 / 10);
        assert_eq!(history.get(Color::Black, e2, e4), 0);
        history.update(Color::White, e2, e4, -100_000);
        assert!(history.get(Color::White, e2, e4) < 0);
        history.clear();
        assert_eq!(history.get(Color::White, e2, e4), 0);
    }

    #[test]
    fn corrections_move_towards_the_search_result_and_stay_bounded() {
        let board = Board::startpos();
        let mut correction = CorrectionHistory::boxed();
        assert_eq!(correction.get(&board, 25), 25);
        for _ in 0..200 {
            let corrected = correction.get(&board, 0);
            correction.update(&board, 20, 500, corrected);
        }
        assert_eq!(correction.get(&board, 0), CORRECTION_MAX);
        correction.clear();
        assert_eq!(correction.get(&board, 0), 0);
    }

    /// A correction learned at one position carries over, in part, to a
    /// position that shares its pawns or one side's pieces, fully to the
    /// same position, and not at all to the other side to move.
    #[test]
    fn corrections_are_learned_by_pawns_and_by_each_sides_pieces() {
        let mut correction = CorrectionHistory::boxed();
        let fen = |f: &str| Board::from_fen(f).unwrap();
        let board = fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        // The same pawns and White pieces, Black's knight elsewhere.
        let other_black_pieces = fen("r1bqkbnr/pppp1ppp/8/n3p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        // Other pawns, the same pieces.
        let other_pawns = fen("r1bqkbnr/pppp1ppp/2n5/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 3");
        let black_to_move = fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3");
        for _ in 0..200 {
            let now = correction.get(&board, 0);
            correction.update(&board, 12, 40, now);
        }
        let same = correction.get(&board, 0);
        assert!((30..=40).contains(&same), "{same}");
        let shared_pawns = correction.get(&other_black_pieces, 0);
        assert!(
            shared_pawns > 0 && shared_pawns < same,
            "{shared_pawns} vs {same}"
        );
        let shared_pieces = correction.get(&other_pawns, 0);
        assert!(
            shared_pieces > 0 && shared_pieces < shared_pawns,
            "{shared_pieces} vs {shared_pawns}"
        );
        assert_eq!(correction.get(&black_to_move, 0), 0);
    }
}
