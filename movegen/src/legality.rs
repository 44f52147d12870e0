//! Checking moves that come from outside the generator: the hash table,
//! killer slots, UCI input. [`Board::is_pseudo_legal`] checks that the move
//! fits the position (right piece, right flags, reachable square);
//! [`Board::is_legal`] also checks that the own king is safe afterwards.
//! Both are written apart from the generator (they share only the board's
//! checkers and pins) so that tests can compare the two.

use crate::attacks::{between, bishop_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::castling::CastleSide;
use crate::moves::{Move, MoveKind};
use crate::types::{PieceType, Square};

impl Board {
    /// True when `mv` is a well-formed move of the side to move in this
    /// position, ignoring whether it leaves the own king in check (castling
    /// is checked completely).
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        if mv.is_none() {
            return false;
        }
        // Flags 5-7 (the capture bit with another low bit) are no move the
        // constructors build; `kind()` would read them as a promotion capture
        // without a promotion piece.
        if (5..=7).contains(&(mv.to_bits() >> 12)) {
            return false;
        }
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.piece_on(from) else {
            return false;
        };
        if piece.color() != us {
            return false;
        }
        let target = self.piece_on(to);
        let kind = mv.kind();

        if kind == MoveKind::Castle {
            if piece.kind() != PieceType::King || self.in_check() {
                return false;
            }
            let side = if to.file() > from.file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            return self.castling_move(side) == Some(mv);
        }
        if kind == MoveKind::EnPassant {
            return piece.kind() == PieceType::Pawn
                && self.en_passant == Some(to)
                && pawn_attacks(us, from).has(to);
        }

        // Ordinary moves: the capture flag must match what stands on `to`.
        let captures = match target {
            Some(p) if p.color() == us => return false,
            Some(p) if p.kind() == PieceType::King => return false,
            Some(_) => true,
            None => false,
        };
        if captures != mv.is_capture() {
            return false;
        }

        if piece.kind() != PieceType::Pawn {
            return matches!(kind, MoveKind::Quiet | MoveKind::Capture)
                && Board::piece_attacks(piece.kind(), us, from, self.occupied()).has(to);
        }

        // Pawns: promotion exactly when reaching the last rank.
        if self.is_promotion_rank(to) != mv.is_promotion() {
            return false;
        }
        let up: i8 = if us == crate::types::Color::White { 8 } else { -8 };
        let delta = to.index() as i8 - from.index() as i8;
        match kind {
            MoveKind::Capture | MoveKind::PromotionCapture => pawn_attacks(us, from).has(to),
            MoveKind::Quiet | MoveKind::Promotion => delta == up,
            MoveKind::DoublePush => {
                let middle = from.offset(up);
                delta == 2 * up
                    && from.rank() == self.pawn_start_rank()
                    && middle.is_some_and(|m| self.piece_on(m).is_none())
            }
            MoveKind::Castle | MoveKind::EnPassant => false,
        }
    }

    /// True when `mv` is legal in this position.
    ///
    /// Decided from the checkers and pins the board keeps, without playing
    /// the move: the search asks it of every hash, killer and counter move.
    pub fn is_legal(&self, mv: Move) -> bool {
        if !self.is_pseudo_legal(mv) {
            return false;
        }
        if mv.is_castle() {
            return true; // fully checked by is_pseudo_legal
        }
        let (from, to) = (mv.from(), mv.to());
        if mv.is_en_passant() {
            // Two pawns leave one rank: pins alone cannot tell.
            return self.en_passant_is_legal(from, to);
        }
        let us = self.side;
        let king = self.king(us);
        if from == king {
            // The king lifted off the board, so that it cannot hide behind itself.
            return !self.is_attacked(to, us.flip(), self.occupied().without(from));
        }
        let checkers = self.checkers();
        if checkers.more_than_one() {
            return false;
        }
        if checkers.any() && !(between(king, checkers.lsb()) | checkers).has(to) {
            return false;
        }
        !self.pinned().has(from) || line(king, from).has(to)
    }
}

impl Board {
    /// What [`CheckSquares::gives_check`] needs to tell checking moves
    /// apart quickly: worth it when many moves of this position are asked.
    pub fn check_squares(&self) -> CheckSquares {
        let us = self.side;
        let their_king = self.king(us.flip());
        let occupied = self.occupied();
        let diagonal = bishop_attacks(their_king, occupied);
        let straight = rook_attacks(their_king, occupied);
        let direct = [
            pawn_attacks(us.flip(), their_king),
            knight_attacks(their_king),
            diagonal,
            straight,
            diagonal | straight,
        ];
        // Our pieces standing alone between one of our sliders and their king.
        let (_, blockers) = self.slider_lines(their_king, us);
        CheckSquares {
            their_king,
            direct,
            discoverers: blockers & self.color(us),
        }
    }

    /// True when the legal move `mv` checks the opponent's king, found
    /// without playing it: the search decides whether to prune a move before
    /// it pays for the copy-make. Agrees with `self.play(mv).in_check()` for
    /// every legal move (a property test checks this).
    pub fn gives_check(&self, mv: Move) -> bool {
        if mv.is_castle() {
            // Rare, and the king and rook both move (Chess960 included): play it.
            return self.play(mv).in_check();
        }
        let us = self.side;
        let their_king = self.king(us.flip());
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.piece_on(from) else {
            return false;
        };
        let kind = mv.promotion_piece().unwrap_or(mover.kind());
        let mut occupied = self.occupied().without(from).with(to);
        if mv.is_en_passant() {
            let captured = Square::from_coords(to.file(), from.rank());
            occupied = occupied.without(captured);
        }
        // Direct check by the piece on its new square.
        if Board::piece_attacks(kind, us, to, occupied).has(their_king) {
            return true;
        }
        // Discovered check: one of our sliders now sees the king. The moved
        // piece's old square is empty in `occupied`, and a slider it captured
        // was the opponent's, so only our own sliders other than the mover count.
        let ours = self.color(us).without(from);
        let queens = self.pieces(PieceType::Queen);
        let diagonal = ours & (self.pieces(PieceType::Bishop) | queens);
        let straight = ours & (self.pieces(PieceType::Rook) | queens);
        (bishop_attacks(their_king, occupied) & diagonal).any()
            || (rook_attacks(their_king, occupied) & straight).any()
    }
}

/// The squares from which each piece would check the opponent's king, and
/// our pieces whose move would uncover a check ([`Board::check_squares`]).
pub struct CheckSquares {
    their_king: Square,
    /// By piece type, pawn to queen: where that piece of ours attacks their king.
    direct: [Bitboard; 5],
    /// Our pieces that are the only piece between one of our sliders and their king.
    discoverers: Bitboard,
}

impl CheckSquares {
    /// [`Board::gives_check`] for a legal move of `board` (the position these
    /// squares were made for), mostly by two set lookups: castling, en
    /// passant and promotions, which change more than one square's piece,
    /// are handed to `gives_check`.
    #[inline]
    pub fn gives_check(&self, board: &Board, mv: Move) -> bool {
        if mv.is_castle() || mv.is_en_passant() || mv.promotion_piece().is_some() {
            return board.gives_check(mv);
        }
        let (from, to) = (mv.from(), mv.to());
        let direct = match board.piece_on(from).map(|p| p.kind()) {
            Some(PieceType::King) | None => false,
            Some(kind) => self.direct[kind.index()].has(to),
        };
        direct || self.discoverers.has(from) && !line(from, self.their_king).has(to)
    }
}
