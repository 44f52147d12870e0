//! `Move` (16 bits) and the fixed-capacity `MoveList`.
//!
//! Castling is stored as "king takes own rook" (from = king square, to = rook
//! square). That one encoding covers standard chess and Chess960 alike; the
//! notation layer writes `e1g1` or `e1h1` as the user asks.

use crate::types::{PieceType, Square};
use std::fmt;
use std::mem::MaybeUninit;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum MoveKind {
    /// A quiet move (no capture, no promotion).
    Quiet = 0,
    /// A pawn's two-square advance.
    DoublePush = 1,
    /// Castling, encoded as the king moving onto its own rook.
    Castle = 2,
    /// En-passant capture.
    EnPassant = 3,
    /// A capture (not en passant, not a promotion).
    Capture = 4,
    /// Promotion without capture (the piece is stored in the move).
    Promotion = 8,
    /// Promotion with capture.
    PromotionCapture = 12,
}

/// A move in 16 bits: from (6), to (6), flags (4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

const FLAG_CAPTURE: u16 = 4;
const FLAG_PROMOTION: u16 = 8;

impl Move {
    /// The empty move (a1a1), never a legal move; used as "no move".
    pub const NONE: Move = Move(0);

    #[inline(always)]
    const fn build(from: Square, to: Square, flags: u16) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | flags << 12)
    }

    /// A quiet move.
    #[inline(always)]
    pub const fn quiet(from: Square, to: Square) -> Move {
        Move::build(from, to, MoveKind::Quiet as u16)
    }

    /// A pawn's two-square advance.
    #[inline(always)]
    pub const fn double_push(from: Square, to: Square) -> Move {
        Move::build(from, to, MoveKind::DoublePush as u16)
    }

    /// A capture (not en passant).
    #[inline(always)]
    pub const fn capture(from: Square, to: Square) -> Move {
        Move::build(from, to, FLAG_CAPTURE)
    }

    /// An en-passant capture; `to` is the square the pawn lands on.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::build(from, to, MoveKind::EnPassant as u16)
    }

    /// Castling: the king on `king` with the rook on `rook`.
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::build(king, rook, MoveKind::Castle as u16)
    }

    /// A promotion to `piece` (knight, bishop, rook or queen).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, piece: PieceType, capture: bool) -> Move {
        let cap = if capture { FLAG_CAPTURE } else { 0 };
        Move::build(from, to, FLAG_PROMOTION | cap | (piece as u16 - 1))
    }

    /// The raw 16 bits (for the hash table).
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// A move from raw bits; may be nonsense, so check with `Board::is_legal`.
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// True for [`Move::NONE`].
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The square the piece leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as usize)
    }

    /// The square the piece lands on (the rook's square for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> 6 & 63) as usize)
    }

    #[inline(always)]
    const fn flags(self) -> u16 {
        self.0 >> 12
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.flags() {
            0 => MoveKind::Quiet,
            1 => MoveKind::DoublePush,
            2 => MoveKind::Castle,
            3 => MoveKind::EnPassant,
            4 => MoveKind::Capture,
            8..=11 => MoveKind::Promotion,
            _ => MoveKind::PromotionCapture,
        }
    }

    /// True for captures, en passant included.
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.flags() & FLAG_CAPTURE != 0 || self.flags() == MoveKind::EnPassant as u16
    }

    /// True for promotions.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.flags() & FLAG_PROMOTION != 0
    }

    /// True for captures and promotions: the moves quiescence search looks at.
    #[inline(always)]
    pub const fn is_noisy(self) -> bool {
        self.is_capture() || self.is_promotion()
    }

    /// True for castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.flags() == MoveKind::Castle as u16
    }

    /// True for en passant.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.flags() == MoveKind::EnPassant as u16
    }

    /// The piece a pawn promotes to, if any.
    #[inline(always)]
    pub const fn promotion_piece(self) -> Option<PieceType> {
        if self.is_promotion() {
            Some(PieceType::from_index((self.flags() & 3) as usize + 1))
        } else {
            None
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion_piece() {
            write!(f, "{}", p.to_char())?;
        }
        write!(f, "({:?})", self.kind())
    }
}

/// Most legal moves any reachable position has is 218; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack: no heap allocation per node.
///
/// The slots past `len` are left uninitialised: a search creates one list per
/// node, and zeroing 512 bytes each time showed up in profiles.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Clone for MoveList {
    fn clone(&self) -> MoveList {
        let mut copy = MoveList::new();
        for &mv in self.iter() {
            copy.push(mv);
        }
        copy
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [MaybeUninit::uninit(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Panics if the list is full (no legal position has
    /// more than 218 moves, and `from_fen` refuses positions that could).
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = MaybeUninit::new(mv);
        self.len += 1;
    }

    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` slots were written by `push` (and `len` never
        // exceeds MAX_MOVES, as the indexing in `push` is bounds-checked);
        // MaybeUninit<Move> has the same layout as Move.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }

    /// The moves as a mutable slice (for ordering).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut Move, self.len) }
    }

    /// Iterates over the moves.
    #[inline(always)]
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Shortens the list to its first `len` moves (no effect when it is
    /// not longer than that).
    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// True when `mv` is in the list.
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips() {
        let e2 = Square::parse("e2").unwrap();
        let e4 = Square::parse("e4").unwrap();
        let m = Move::double_push(e2, e4);
        assert_eq!((m.from(), m.to(), m.kind()), (e2, e4, MoveKind::DoublePush));
        assert!(!m.is_noisy());
        let a7 = Square::parse("a7").unwrap();
        let b8 = Square::parse("b8").unwrap();
        for piece in [
            PieceType::Knight,
            PieceType::Bishop,
            PieceType::Rook,
            PieceType::Queen,
        ] {
            let p = Move::promotion(a7, b8, piece, true);
            assert_eq!(p.promotion_piece(), Some(piece));
            assert_eq!(p.kind(), MoveKind::PromotionCapture);
            assert!(p.is_capture() && p.is_promotion());
            assert_eq!(Move::from_bits(p.to_bits()), p);
        }
        assert!(Move::en_passant(e4, a7).is_capture());
        assert!(Move::castle(Square::E1, Square::H1).is_castle());
        assert!(Move::NONE.is_none());
    }
}
