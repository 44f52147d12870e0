//! The rules of four-handed team chess as docs/fourhand.md specifies them
//! (the project's translation of a Telugu rules text, close to Verney's
//! game of 1881): the 160-square cross board kept as a mask, four seats and
//! two teams of partners sitting opposite, moves with both king rules (the
//! own king never left in check, the partner's never exposed), frozen armies
//! and their release, passes, promotion after three captures, ribbons,
//! partner pawns leaping, the team win and the draws; every [OPTION] of the
//! document as a field of [`Rules`]; Zobrist keys made and unmade with every
//! ply; the position string and move notation of §16; perft; and a
//! computer player (paranoid alpha-beta with teams, see the `search`
//! module, on an evaluation built on the text's piece values) by level.
//!
//! It is a crate of its own beside `movegen` (the two-player rules), and
//! depends on nothing of Daba's. Modules are layered, each importing only
//! those listed before it: `geometry`, `types`, `rules`, `zobrist`,
//! `position`, `attacks`, `pawns`, `moves`, `movegen`, `makemove`, `legal`,
//! `play`, `outcome`, `fen`, `notation`, `perft`, `objection`, `eval`, `tt`,
//! `search`, `player`.

#![deny(missing_docs)]

mod attacks;
mod eval;
mod fen;
mod geometry;
mod legal;
mod makemove;
mod movegen;
mod moves;
mod notation;
mod objection;
mod outcome;
mod pawns;
mod perft;
mod play;
mod player;
mod position;
mod rules;
mod search;
mod tt;
mod types;
mod zobrist;

pub use eval::{evaluate, piece_value};
pub use fen::{PositionError, START};
pub use geometry::{Direction, Geometry, LightSquares, Shape, Square, SquareSet, CELLS, SIZE};
pub use moves::{Move, Ply};
pub use notation::{MoveError, RecordError};
pub use objection::Ban;
pub use outcome::{DrawReason, Outcome, Turn};
pub use perft::{divide, perft, perft_make_unmake};
pub use play::Undo;
pub use player::{level_nodes, play_game, player, Game, Player, MAX_LEVEL};
pub use position::Position;
pub use rules::{
    CaptureCount, FrozenAttacks, Leap, MateTiming, ObjectionSpan, PartnerKing, Promotion, Release,
    ReleaseChecks, Repetition, RibbonRemoval, Rules, RulesError, Stalemate, TurnOrder, NAMES as RULE_NAMES,
};
pub use search::{Limits, SearchResult, Searcher, MATE, MAX_PLY};
pub use types::{Kind, Piece, Seat, SeatSet, Team, MAX_CAPS};

impl Position {
    /// The pseudo-legal moves of `seat` (§5, §6), before the king rules of
    /// §8 sort out the legal ones.
    pub fn pseudo_moves_of(&self, seat: Seat) -> Vec<Move> {
        let mut out = Vec::new();
        movegen::pseudo_moves(self, seat, &mut out);
        out
    }

    /// The squares of the active enemy pieces attacking `seat`'s king.
    pub fn checkers(&self, seat: Seat) -> SquareSet {
        attacks::attackers(self, self.king(seat), seat.team().other(), self.frozen())
    }
}
