//! The turn procedure of §9 and the end of the game (§11): what the seat to
//! move may do (moves, or a pass when frozen or stalemated, or being mated)
//! and when the game is over: a team wins when both its opponents are frozen;
//! it is drawn by mate plus stalemate (F13), when only kings are left (A20),
//! on the third occurrence of a position (A19), and under the options by any
//! stalemate (A18) or after N plies without progress (A21).

use crate::legal::{in_check, legal_moves};
use crate::moves::{Move, Ply};
use crate::position::Position;
use crate::rules::{Repetition, Stalemate};
use crate::types::{Kind, Seat, Team};
use std::fmt;

/// Why a game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// One player of a team frozen, the other stalemated at his turn (F13).
    MateAndStalemate,
    /// A stalemate, under `Stalemate::Draw` (A18's option).
    Stalemate,
    /// Only the four kings are left (A20).
    OnlyKings,
    /// The same position for the third time (A19).
    Repetition,
    /// The no-progress rule's plies without a capture or a pawn move (A21's
    /// option).
    NoProgress,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This team has mated both opponents.
    Win(Team),
    /// A draw, and why.
    Draw(DrawReason),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(team) => write!(f, "{team} wins"),
            Outcome::Draw(reason) => write!(f, "draw ({reason:?})"),
        }
    }
}

/// Where the game stands at the start of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The game is over.
    Over(Outcome),
    /// The seat to move plays one of these plies: its legal moves, or else a
    /// single pass (frozen or stalemated) or a single `Mated`.
    Play(Vec<Ply>),
}

impl Position {
    /// A copy without the history, for the legality tests of `&self`
    /// methods (they apply moves and take them back).
    fn scratch(&self) -> Position {
        Position {
            rules: self.rules,
            board: self.board,
            kings: self.kings,
            to_move: self.to_move,
            frozen: self.frozen,
            checkers: self.checkers,
            clock: self.clock,
            round: self.round,
            key: self.key,
            history: Vec::new(),
        }
    }

    /// Whether `seat`'s king is attacked by an active enemy piece.
    pub fn in_check(&self, seat: Seat) -> bool {
        in_check(self, seat)
    }

    /// The legal piece moves of `seat`, whoever is to move (a frozen seat's
    /// pieces would have them if it were released).
    pub fn legal_moves_of(&self, seat: Seat) -> Vec<Move> {
        let mut out = Vec::new();
        legal_moves(&mut self.scratch(), seat, &mut out);
        out
    }

    /// How often the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        1 + self.history.iter().filter(|&&k| k == self.key).count()
    }

    /// Whether the player to move may claim a draw by repetition (the
    /// position has occurred three times, under `Repetition::Claim`).
    pub fn can_claim_draw(&self) -> bool {
        self.rules.repetition == Repetition::Claim && self.repetitions() >= 3
    }

    /// The turn of the seat to move (§9) or the end of the game (§11).
    pub fn turn(&self) -> Turn {
        match self.ended() {
            Some(outcome) => Turn::Over(outcome),
            None => self.scratch().turn_of_seat(),
        }
    }

    /// The plies the seat to move may play; empty when the game is over.
    pub fn legal_plies(&self) -> Vec<Ply> {
        match self.turn() {
            Turn::Over(_) => Vec::new(),
            Turn::Play(plies) => plies,
        }
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.turn() {
            Turn::Over(outcome) => Some(outcome),
            Turn::Play(_) => None,
        }
    }

    /// [`Position::turn`] on a position the caller lets it use as scratch
    /// space (make/unmake paths: no copy). The position is unchanged after.
    pub fn turn_mut(&mut self) -> Turn {
        match self.ended() {
            Some(outcome) => Turn::Over(outcome),
            None => self.turn_of_seat(),
        }
    }

    /// The ends of the game that need no move generation.
    pub(crate) fn ended(&self) -> Option<Outcome> {
        for team in [Team::SouthNorth, Team::WestEast] {
            if team.seats().iter().all(|&s| self.frozen.contains(s)) {
                return Some(Outcome::Win(team.other()));
            }
        }
        if self.pieces().all(|(_, p)| p.kind == Kind::King) {
            return Some(Outcome::Draw(DrawReason::OnlyKings));
        }
        if self.rules.repetition == Repetition::Automatic && self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if self.rules.no_progress_plies.is_some_and(|n| self.clock >= n) {
            return Some(Outcome::Draw(DrawReason::NoProgress));
        }
        None
    }

    /// §9's steps 1-5 for the seat to move, the game not over otherwise.
    fn turn_of_seat(&mut self) -> Turn {
        let seat = self.to_move;
        let frozen = self.frozen.contains(seat);
        if frozen && !self.rules.recheck_frozen {
            return Turn::Play(vec![Ply::Pass]);
        }
        let mut moves = Vec::new();
        legal_moves(self, seat, &mut moves);
        if !moves.is_empty() {
            return Turn::Play(moves.into_iter().map(Ply::Move).collect());
        }
        if frozen {
            return Turn::Play(vec![Ply::Pass]);
        }
        if in_check(self, seat) {
            return Turn::Play(vec![Ply::Mated]);
        }
        if self.frozen.contains(seat.partner()) {
            return Turn::Over(Outcome::Draw(DrawReason::MateAndStalemate));
        }
        if self.rules.stalemate == Stalemate::Draw {
            return Turn::Over(Outcome::Draw(DrawReason::Stalemate));
        }
        Turn::Play(vec![Ply::Pass])
    }
}
