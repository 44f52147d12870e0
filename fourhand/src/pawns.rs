//! What happens to a pawn when it lands (§6.4, §6.5, §6.7): promotion on an
//! opponent's back rank after three captures, the ribbon put on at the
//! partner's edge and taken off again on the owner's pawn start rank (or its
//! birth square), and the dead-end options.

use crate::geometry::{Geometry, Square};
use crate::rules::{CaptureCount, RibbonRemoval, Rules};
use crate::types::{Piece, Seat, MAX_CAPS};

/// Whether `sq` is a dead end for a pawn moving in its current direction:
/// nothing ahead, and not the partner's back rank (where the ribbon rule
/// applies).
fn is_dead_end(geo: &Geometry, pawn: Piece, sq: Square) -> bool {
    geo.step(sq, pawn.pawn_direction()).is_none() && !pawn.seat.partner().is_back_rank(sq)
}

/// Whether `pawn` is promoted on landing on `to` (capturing or not).
pub(crate) fn promotes(rules: &Rules, geo: &Geometry, pawn: Piece, to: Square, capture: bool) -> bool {
    let caps = match rules.capture_count {
        CaptureCount::Inclusive => pawn.caps + capture as u8,
        CaptureCount::Exclusive => pawn.caps,
    };
    if caps < MAX_CAPS {
        return false;
    }
    let opponent_edge = Seat::ALL
        .into_iter()
        .any(|s| pawn.seat.is_opponent(s) && s.is_back_rank(to));
    opponent_edge || (rules.dead_end_promotion && is_dead_end(geo, pawn, to))
}

/// The pawn after landing on `to` without promotion: its counter, and its
/// ribbon put on or taken off.
pub(crate) fn landed(rules: &Rules, geo: &Geometry, pawn: Piece, to: Square, capture: bool) -> Piece {
    let mut after = pawn;
    after.caps = (pawn.caps + capture as u8).min(MAX_CAPS);
    let seat = pawn.seat;
    let home = match rules.ribbon_removal {
        RibbonRemoval::StartRank => seat.depth(to) == 1,
        RibbonRemoval::BirthSquare => seat.depth(to) == 1 && seat.along(to) == pawn.origin,
    };
    if !pawn.ribbon && seat.partner().is_back_rank(to) {
        after.ribbon = true;
    } else if pawn.ribbon && home {
        after.ribbon = false;
    } else if rules.dead_end_reversal && is_dead_end(geo, pawn, to) {
        after.ribbon = !pawn.ribbon;
    }
    after
}
