//! The position: pieces on the board, the seat to move, the frozen seats
//! (and under the literal release rule the squares that mated them), the
//! clocks, the Zobrist key kept up to date by every change, and the keys of
//! the positions before it (for repetition).
//!
//! This module only holds and edits state; the rules that read it are in
//! the modules above (`attacks`, `movegen`, `makemove`, `outcome`).

use crate::geometry::{Geometry, Square, SquareSet, CELLS};
use crate::rules::Rules;
use crate::types::{Kind, Piece, Seat, SeatSet};
use crate::zobrist::{checker_key, frozen_key, piece_key, to_move_key};

/// A four-handed position and its history of keys.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Rules,
    pub(crate) board: [Option<Piece>; CELLS],
    pub(crate) kings: [Square; 4],
    pub(crate) to_move: Seat,
    pub(crate) frozen: SeatSet,
    /// Per seat, the squares of the pieces that mated it (literal release
    /// rule only; empty otherwise).
    pub(crate) checkers: [SquareSet; 4],
    pub(crate) clock: u32,
    pub(crate) round: u32,
    pub(crate) key: u64,
    /// Keys of the earlier positions of the game, oldest first (not the
    /// current one).
    pub(crate) history: Vec<u64>,
}

/// Positions are equal when their state is: pieces, seat to move, frozen
/// seats, mating squares, clocks and rules; not their histories.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.rules == other.rules
            && self.board == other.board
            && self.to_move == other.to_move
            && self.frozen == other.frozen
            && self.checkers == other.checkers
            && self.clock == other.clock
            && self.round == other.round
            && self.key == other.key
    }
}

impl Eq for Position {}

impl Position {
    /// An empty board (kings must be added before it is a position) with
    /// South to move.
    pub(crate) fn empty(rules: Rules) -> Position {
        let dummy = Square::new(0, 0).expect("a1 is a cell");
        let mut pos = Position {
            rules,
            board: [None; CELLS],
            kings: [dummy; 4],
            to_move: Seat::South,
            frozen: SeatSet::EMPTY,
            checkers: [SquareSet::EMPTY; 4],
            clock: 0,
            round: 1,
            key: 0,
            history: Vec::new(),
        };
        pos.key = pos.compute_key();
        pos
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board's shape as tables.
    pub fn geometry(&self) -> &'static Geometry {
        self.rules.shape.geometry()
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Where `seat`'s king stands.
    pub fn king(&self, seat: Seat) -> Square {
        self.kings[seat.index()]
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The frozen (mated) seats.
    pub fn frozen(&self) -> SeatSet {
        self.frozen
    }

    /// Whether `seat` is frozen.
    pub fn is_frozen(&self, seat: Seat) -> bool {
        self.frozen.contains(seat)
    }

    /// The squares of the pieces that mated `seat`, kept under the literal
    /// release rule (empty under the default).
    pub fn mating_squares(&self, seat: Seat) -> SquareSet {
        self.checkers[seat.index()]
    }

    /// Plies since the last capture or pawn move.
    pub fn clock(&self) -> u32 {
        self.clock
    }

    /// The round number, from 1; it grows when the turn comes back to South.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The Zobrist key, kept up to date move by move.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Keys of the earlier positions of the game, oldest first.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// Forgets the earlier positions (a position set up from a string has
    /// none).
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// Every piece of the board with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.geometry()
            .squares()
            .iter()
            .filter_map(|&sq| self.board[sq.index()].map(|p| (sq, p)))
    }

    /// The key computed from nothing, to check the incremental one.
    pub fn compute_key(&self) -> u64 {
        let mut key = to_move_key(self.to_move);
        for (sq, piece) in self.pieces() {
            key ^= piece_key(piece, sq);
        }
        for seat in self.frozen.iter() {
            key ^= frozen_key(seat);
        }
        for seat in Seat::ALL {
            for sq in self.checkers[seat.index()].iter() {
                key ^= checker_key(seat, sq);
            }
        }
        key
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.board[sq.index()].is_none());
        self.board[sq.index()] = Some(piece);
        self.key ^= piece_key(piece, sq);
        if piece.kind == Kind::King {
            self.kings[piece.seat.index()] = sq;
        }
    }

    /// Takes the piece off `sq` and returns it.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()].take();
        if let Some(p) = piece {
            self.key ^= piece_key(p, sq);
        }
        piece
    }

    /// Freezes `seat`, with the squares that mated it (literal rule).
    pub(crate) fn freeze(&mut self, seat: Seat, mated_by: SquareSet) {
        if !self.frozen.contains(seat) {
            self.frozen.insert(seat);
            self.key ^= frozen_key(seat);
        }
        self.set_checkers(seat, mated_by);
    }

    /// Releases `seat`.
    pub(crate) fn unfreeze(&mut self, seat: Seat) {
        if self.frozen.contains(seat) {
            self.frozen.remove(seat);
            self.key ^= frozen_key(seat);
        }
        self.set_checkers(seat, SquareSet::EMPTY);
    }

    fn set_checkers(&mut self, seat: Seat, squares: SquareSet) {
        for sq in self.checkers[seat.index()].iter() {
            self.key ^= checker_key(seat, sq);
        }
        self.checkers[seat.index()] = squares;
        for sq in squares.iter() {
            self.key ^= checker_key(seat, sq);
        }
    }

    /// Gives the turn to `seat`.
    pub(crate) fn set_to_move(&mut self, seat: Seat) {
        self.key ^= to_move_key(self.to_move) ^ to_move_key(seat);
        self.to_move = seat;
    }
}
