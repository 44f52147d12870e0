//! Whole plies: [`Position::make`] plays a move, a pass or a mate, hands the
//! turn on, keeps the clocks and the history of keys, and under the
//! immediate-mate option (A14) freezes every player left mated;
//! [`Position::unmake`] takes it back exactly, key included.
//!
//! `make` does not check that the ply is legal: the caller takes plies from
//! [`Position::legal_plies`] or the notation parser, which do.

use crate::geometry::SquareSet;
use crate::legal::{has_legal_move, in_check};
use crate::makemove::{apply_move, freeze_mated, undo_move, MoveUndo};
use crate::moves::Ply;
use crate::position::Position;
use crate::rules::MateTiming;
use crate::types::{Kind, Seat, SeatSet};

/// What [`Position::make`] changed, for [`Position::unmake`].
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    ply: Ply,
    moved: Option<MoveUndo>,
    to_move: Seat,
    frozen: SeatSet,
    checkers: [SquareSet; 4],
    clock: u32,
    round: u32,
    key: u64,
}

impl Undo {
    /// The ply that was made.
    pub fn ply(&self) -> Ply {
        self.ply
    }

    /// The seats the ply released (§10.3), for the record's `(released)`.
    pub fn released(&self, after: &Position) -> SeatSet {
        self.frozen.minus(after.frozen)
    }
}

impl Position {
    /// Plays `ply` for the seat to move and hands the turn to the next seat.
    pub fn make(&mut self, ply: Ply) -> Undo {
        let mut undo = Undo {
            ply,
            moved: None,
            to_move: self.to_move,
            frozen: self.frozen,
            checkers: self.checkers,
            clock: self.clock,
            round: self.round,
            key: self.key,
        };
        self.history.push(self.key);
        let mut progress = false;
        match ply {
            Ply::Move(mv) => {
                let moved = apply_move(self, mv);
                progress = moved.moved.kind == Kind::Pawn || moved.captured.is_some();
                undo.moved = Some(moved);
            }
            Ply::Pass => {}
            Ply::Mated => freeze_mated(self, self.to_move),
        }
        self.clock = if progress { 0 } else { self.clock + 1 };
        let next = self.rules.turn_order.next(self.to_move);
        if next == Seat::South {
            self.round += 1;
        }
        self.set_to_move(next);
        if self.rules.mate_timing == MateTiming::Immediately {
            self.freeze_all_mated();
        }
        undo
    }

    /// Takes back the ply `undo` came from (the last one made).
    pub fn unmake(&mut self, undo: Undo) {
        if let Some(moved) = &undo.moved {
            undo_move(self, moved);
        }
        self.to_move = undo.to_move;
        self.frozen = undo.frozen;
        self.checkers = undo.checkers;
        self.clock = undo.clock;
        self.round = undo.round;
        self.key = undo.key;
        self.history.pop();
    }

    /// The position after `ply`, this one unchanged.
    pub fn play(&self, ply: Ply) -> Position {
        let mut next = self.clone();
        next.make(ply);
        next
    }

    /// A14's option: every active player in check without a legal move is
    /// frozen now, seat by seat from the one to move, until none is left.
    fn freeze_all_mated(&mut self) {
        // Each round freezes at least one seat or stops; releases can undo a
        // freeze, so the rounds are bounded rather than trusted to end.
        for _ in 0..8 {
            let mut changed = false;
            let mut seat = self.to_move;
            for _ in 0..4 {
                if !self.frozen.contains(seat) && in_check(self, seat) && !has_legal_move(self, seat) {
                    freeze_mated(self, seat);
                    changed = true;
                }
                seat = self.rules.turn_order.next(seat);
            }
            if !changed {
                break;
            }
        }
    }
}
