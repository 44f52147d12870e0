//! Legal moves (§8): a pseudo-legal move is legal when, after it and after
//! the armies it releases (A17), the mover's own king is not attacked (§8.2)
//! and the partner's king has no attacker it did not have before (F5, A12
//! strict), or under the simple reading is not attacked when it was not.
//! Each move is tested by applying it and taking it back, as §18 describes.

use crate::attacks::{attackers, is_attacked};
use crate::geometry::SquareSet;
use crate::makemove::{apply_move, undo_move};
use crate::movegen::pseudo_moves;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{PartnerKing, ReleaseChecks};
use crate::types::Seat;

/// Whether `seat`'s king is attacked by an active enemy piece.
pub(crate) fn in_check(pos: &Position, seat: Seat) -> bool {
    is_attacked(pos, pos.king(seat), seat.team().other(), pos.frozen)
}

/// What the legality test needs to know from before the move.
struct Before {
    seat: Seat,
    partner_attackers: SquareSet,
}

fn before(pos: &Position, seat: Seat) -> Before {
    let partner = seat.partner();
    Before {
        seat,
        partner_attackers: attackers(pos, pos.king(partner), seat.team().other(), pos.frozen),
    }
}

/// Whether the move just applied (with `released` the seats it released)
/// leaves both kings of the mover's team as the rules require.
fn kings_safe(pos: &Position, before: &Before, released: crate::types::SeatSet) -> bool {
    let enemy = before.seat.team().other();
    let frozen = match pos.rules.release_checks {
        ReleaseChecks::AfterRelease => pos.frozen,
        ReleaseChecks::Ignore => pos.frozen.union(released),
    };
    if is_attacked(pos, pos.king(before.seat), enemy, frozen) {
        return false;
    }
    let partner_king = pos.king(before.seat.partner());
    match pos.rules.partner_king {
        PartnerKing::Strict => {
            attackers(pos, partner_king, enemy, frozen).is_subset(before.partner_attackers)
        }
        PartnerKing::Simple => {
            !before.partner_attackers.is_empty() || !is_attacked(pos, partner_king, enemy, frozen)
        }
    }
}

/// Whether `mv`, a pseudo-legal move of `seat`, is legal.
fn is_legal_pseudo(pos: &mut Position, before: &Before, mv: Move) -> bool {
    let undo = apply_move(pos, mv);
    let ok = kings_safe(pos, before, undo.released);
    undo_move(pos, &undo);
    ok
}

/// Appends the legal moves of `seat` to `out` (whoever is to move).
pub(crate) fn legal_moves(pos: &mut Position, seat: Seat, out: &mut Vec<Move>) {
    let mut pseudo = Vec::with_capacity(64);
    pseudo_moves(pos, seat, &mut pseudo);
    let before = before(pos, seat);
    out.extend(pseudo.into_iter().filter(|&mv| is_legal_pseudo(pos, &before, mv)));
}

/// Appends the legal moves of `seat` that `keep` accepts to `out`, testing
/// the legality of only those (the search's captures).
pub(crate) fn legal_moves_where(
    pos: &mut Position,
    seat: Seat,
    keep: impl Fn(&Position, Move) -> bool,
    out: &mut Vec<Move>,
) {
    let mut pseudo = Vec::with_capacity(64);
    pseudo_moves(pos, seat, &mut pseudo);
    let before = before(pos, seat);
    for mv in pseudo {
        if keep(pos, mv) && is_legal_pseudo(pos, &before, mv) {
            out.push(mv);
        }
    }
}

/// Whether `seat` has a legal move, stopping at the first.
pub(crate) fn has_legal_move(pos: &mut Position, seat: Seat) -> bool {
    let mut pseudo = Vec::with_capacity(64);
    pseudo_moves(pos, seat, &mut pseudo);
    let before = before(pos, seat);
    pseudo.into_iter().any(|mv| is_legal_pseudo(pos, &before, mv))
}
