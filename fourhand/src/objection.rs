//! The objection rule of F2 and §12, for a table rather than the move
//! generator: after an upheld objection the suggested move (same piece, same
//! from- and to-squares) is banned for the player it was suggested to, for
//! three plies (A22) or, under the option, for that player's next three
//! turns. A server keeps the bans and filters the legal moves through them.

use crate::moves::{Move, Ply};
use crate::rules::ObjectionSpan;
use crate::types::Seat;

/// One upheld objection: a move banned for a seat for a while.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ban {
    seat: Seat,
    mv: Move,
    span: ObjectionSpan,
    left: u8,
}

impl Ban {
    /// Bans `mv` for `seat` from now, for the span the rules give.
    pub fn new(seat: Seat, mv: Move, span: ObjectionSpan) -> Ban {
        Ban {
            seat,
            mv,
            span,
            left: 3,
        }
    }

    /// Whether the ban still forbids `ply` to `seat`.
    pub fn forbids(&self, seat: Seat, ply: Ply) -> bool {
        self.left > 0
            && seat == self.seat
            && matches!(ply, Ply::Move(mv) if mv.from == self.mv.from && mv.to == self.mv.to)
    }

    /// Counts a completed ply played by `by`.
    pub fn ply_played(&mut self, by: Seat) {
        let counts = match self.span {
            ObjectionSpan::ThreePlies => true,
            ObjectionSpan::ThreeOwnTurns => by == self.seat,
        };
        if counts {
            self.left = self.left.saturating_sub(1);
        }
    }

    /// Whether the ban is over.
    pub fn expired(&self) -> bool {
        self.left == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Square;

    #[test]
    fn a_ban_lasts_three_plies_or_three_own_turns() {
        let mv = Move::new(Square::new(4, 1).unwrap(), Square::new(4, 2).unwrap());
        let mut plies = Ban::new(Seat::South, mv, ObjectionSpan::ThreePlies);
        let mut turns = Ban::new(Seat::South, mv, ObjectionSpan::ThreeOwnTurns);
        assert!(plies.forbids(Seat::South, Ply::Move(mv)));
        assert!(!plies.forbids(Seat::North, Ply::Move(mv)));
        for by in [Seat::West, Seat::North, Seat::East] {
            plies.ply_played(by);
            turns.ply_played(by);
        }
        assert!(plies.expired() && !plies.forbids(Seat::South, Ply::Move(mv)));
        assert!(!turns.expired());
        for _ in 0..3 {
            turns.ply_played(Seat::South);
        }
        assert!(turns.expired());
    }
}
