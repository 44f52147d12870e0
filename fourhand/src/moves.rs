//! What a player does on a turn: a [`Move`] of a piece, or one of the two
//! non-moves of §9 (a pass, or being checkmated). Each turn is one [`Ply`],
//! so a game is a plain sequence of plies and replays are deterministic.

use crate::geometry::Square;
use crate::types::Kind;
use std::fmt;

/// A piece moving from one square to another; `promotion` is set when a pawn
/// becomes another piece on arrival.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// What a promoting pawn becomes.
    pub promotion: Option<Kind>,
}

impl Move {
    /// A move without promotion.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }
}

/// The machine form of §16: `j1k3`, `b9a10q`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(kind) = self.promotion {
            write!(f, "{}", kind.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// One turn of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ply {
    /// A move of one of the player's pieces.
    Move(Move),
    /// A frozen or stalemated player passes (§9 steps 1 and 5).
    Pass,
    /// The player is in check with no legal move: his army is frozen, the
    /// release step runs, and the turn passes on (§9 step 4).
    Mated,
}

/// The machine form for moves, `--` for a pass and `(mated)` for a mate.
impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Move(mv) => write!(f, "{mv}"),
            Ply::Pass => f.write_str("--"),
            Ply::Mated => f.write_str("(mated)"),
        }
    }
}
