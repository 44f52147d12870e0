//! Which pieces attack a square (§8.1 and the `attackers` of §18): the
//! pieces of one team whose owner is not frozen, plus frozen kings (A13:
//! enemy kings may never stand side by side), or every frozen piece under
//! `FrozenAttacks::Everything`. Sliders stop at the first piece or hole; a
//! pawn attacks the two forward diagonals of its current direction.
//!
//! The frozen set is a parameter, not read from the position, so legality
//! can judge a move with or without the armies it releases (A17).

use crate::geometry::{Direction, Square, SquareSet};
use crate::position::Position;
use crate::rules::FrozenAttacks;
use crate::types::{Kind, Piece, SeatSet, Team};

/// Whether `piece` attacks at all while the seats in `frozen` are frozen.
#[inline]
fn attacks_at_all(pos: &Position, piece: Piece, frozen: SeatSet) -> bool {
    !frozen.contains(piece.seat)
        || piece.kind == Kind::King
        || pos.rules.frozen_attacks == FrozenAttacks::Everything
}

/// Calls `found` with the square of every piece of `team` attacking
/// `target`, until it returns true; returns whether it did.
fn scan(
    pos: &Position,
    target: Square,
    team: Team,
    frozen: SeatSet,
    mut found: impl FnMut(Square) -> bool,
) -> bool {
    let geo = pos.geometry();
    for d in Direction::ALL {
        let mut sq = target;
        let mut distance = 0;
        while let Some(next) = geo.step(sq, d) {
            sq = next;
            distance += 1;
            let Some(piece) = pos.piece_at(sq) else { continue };
            if piece.seat.team() == team && attacks_at_all(pos, piece, frozen) {
                let hits = match piece.kind {
                    Kind::Queen | Kind::Rook | Kind::Bishop => piece.kind.slides_along(d),
                    Kind::King => distance == 1,
                    Kind::Pawn => {
                        distance == 1 && piece.pawn_direction().forward_diagonals().contains(&d.opposite())
                    }
                    Kind::Knight => false,
                };
                if hits && found(sq) {
                    return true;
                }
            }
            break;
        }
    }
    for sq in geo.knight_targets(target) {
        if let Some(piece) = pos.piece_at(sq) {
            if piece.kind == Kind::Knight
                && piece.seat.team() == team
                && attacks_at_all(pos, piece, frozen)
                && found(sq)
            {
                return true;
            }
        }
    }
    false
}

/// The squares of the pieces of `team` that attack `target`, with the seats
/// in `frozen` counted as frozen.
pub fn attackers(pos: &Position, target: Square, team: Team, frozen: SeatSet) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    scan(pos, target, team, frozen, |sq| {
        set.insert(sq);
        false
    });
    set
}

/// Whether any piece of `team` attacks `target`, with the seats in `frozen`
/// counted as frozen.
pub fn is_attacked(pos: &Position, target: Square, team: Team, frozen: SeatSet) -> bool {
    scan(pos, target, team, frozen, |_| true)
}
