//! Pseudo-legal moves (§5, §6): each piece's moves to empty squares and
//! captures of capturable pieces, with no regard yet for the kings. A target
//! is capturable when it belongs to an opponent whose army is not frozen and
//! is not a king (F4, F9, T24). Pawns step one square, capture on their two
//! forward diagonals and leap a partner's pawn (F12, A11).

use crate::geometry::{Direction, Square};
use crate::pawns::promotes;
use crate::position::Position;
use crate::rules::{Leap, Promotion};
use crate::types::{Kind, Piece, Seat};

use crate::moves::Move;

/// Whether a piece of `seat` may capture what stands on `sq` (an empty
/// square is not a capture).
#[inline]
pub(crate) fn capturable(pos: &Position, seat: Seat, sq: Square) -> bool {
    pos.piece_at(sq)
        .is_some_and(|t| seat.is_opponent(t.seat) && !pos.is_frozen(t.seat) && t.kind != Kind::King)
}

/// Appends the pseudo-legal moves of `seat`'s pieces to `out`.
pub(crate) fn pseudo_moves(pos: &Position, seat: Seat, out: &mut Vec<Move>) {
    for &sq in pos.geometry().squares() {
        match pos.piece_at(sq) {
            Some(piece) if piece.seat == seat => piece_moves(pos, sq, piece, out),
            _ => {}
        }
    }
}

/// Appends the pseudo-legal moves of the piece on `from` to `out`.
pub(crate) fn piece_moves(pos: &Position, from: Square, piece: Piece, out: &mut Vec<Move>) {
    let geo = pos.geometry();
    let seat = piece.seat;
    let target = |to: Square, out: &mut Vec<Move>| {
        if pos.piece_at(to).is_none() || capturable(pos, seat, to) {
            out.push(Move::new(from, to));
        }
    };
    match piece.kind {
        Kind::Pawn => pawn_moves(pos, from, piece, out),
        Kind::Knight => {
            for to in geo.knight_targets(from) {
                target(to, out);
            }
        }
        Kind::King => {
            for d in Direction::ALL {
                if let Some(to) = geo.step(from, d) {
                    target(to, out);
                }
            }
        }
        Kind::Bishop | Kind::Rook | Kind::Queen => {
            for d in Direction::ALL {
                if !piece.kind.slides_along(d) {
                    continue;
                }
                let mut sq = from;
                while let Some(to) = geo.step(sq, d) {
                    target(to, out);
                    if pos.piece_at(to).is_some() {
                        break;
                    }
                    sq = to;
                }
            }
        }
    }
}

fn pawn_moves(pos: &Position, from: Square, pawn: Piece, out: &mut Vec<Move>) {
    let geo = pos.geometry();
    let d = pawn.pawn_direction();
    if let Some(s1) = geo.step(from, d) {
        match pos.piece_at(s1) {
            None => push_pawn(pos, from, s1, pawn, false, out),
            Some(ahead) if ahead.kind == Kind::Pawn && ahead.seat == pawn.seat.partner() => {
                let facing = ahead.pawn_direction() == d.opposite();
                if facing || pos.rules.leap == Leap::AnyPartnerPawn {
                    if let Some(s2) = geo.step(s1, d).filter(|s2| pos.piece_at(*s2).is_none()) {
                        push_pawn(pos, from, s2, pawn, false, out);
                    }
                }
            }
            Some(_) => {}
        }
    }
    for cd in d.forward_diagonals() {
        if let Some(to) = geo.step(from, cd) {
            if capturable(pos, pawn.seat, to) {
                push_pawn(pos, from, to, pawn, true, out);
            }
        }
    }
}

fn push_pawn(pos: &Position, from: Square, to: Square, pawn: Piece, capture: bool, out: &mut Vec<Move>) {
    if !promotes(&pos.rules, pos.geometry(), pawn, to, capture) {
        out.push(Move::new(from, to));
        return;
    }
    let kinds: &[Kind] = match pos.rules.promotion {
        Promotion::QueenOnly => &[Kind::Queen],
        Promotion::FreeChoice => &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight],
    };
    for &kind in kinds {
        out.push(Move {
            from,
            to,
            promotion: Some(kind),
        });
    }
}
