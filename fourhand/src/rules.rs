//! The settings: every [OPTION] of docs/fourhand.md as a field of [`Rules`],
//! whose `Default` is the document's default reading. A position carries its
//! rules, so move generation, the release step and the end of the game all
//! read the same settings.

use crate::geometry::{LightSquares, Shape};
use crate::types::Seat;

/// The direction of play (A5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TurnOrder {
    /// S → W → N → E (clockwise seen from above, South at the bottom).
    #[default]
    Clockwise,
    /// S → E → N → W.
    Anticlockwise,
}

impl TurnOrder {
    /// The seat that moves after `seat`.
    pub const fn next(self, seat: Seat) -> Seat {
        match self {
            TurnOrder::Clockwise => Seat::from_index(seat.index() + 1),
            TurnOrder::Anticlockwise => Seat::from_index(seat.index() + 3),
        }
    }
}

/// How the three captures of F7 are counted (A7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CaptureCount {
    /// The capture made on the arriving move counts.
    #[default]
    Inclusive,
    /// Three captures strictly before the arriving move.
    Exclusive,
}

/// What a pawn becomes (A8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// A queen, automatically (F7: "becomes a queen").
    #[default]
    QueenOnly,
    /// The player's choice of queen, rook, bishop or knight.
    FreeChoice,
}

/// Where a ribbon comes off (A9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RibbonRemoval {
    /// On any square of the owner's pawn start rank.
    #[default]
    StartRank,
    /// Only on the pawn's own birth square, which every pawn then carries.
    BirthSquare,
}

/// Which partner pawns may be leaped (A11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Leap {
    /// Only a partner pawn directly ahead that faces the mover.
    #[default]
    FaceToFace,
    /// Any partner pawn directly ahead, whichever way it faces.
    AnyPartnerPawn,
}

/// How F5 (never expose the partner's king) reads when the partner is
/// already in check (A12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PartnerKing {
    /// No move may add a new attacker of the partner's king.
    #[default]
    Strict,
    /// The rule applies only while the partner is not in check (Friedlander's
    /// summary of Verney).
    Simple,
}

/// What frozen pieces attack (A13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FrozenAttacks {
    /// Nothing, except that enemy kings may not step next to a frozen king.
    #[default]
    KingOnly,
    /// Everything, as if active (not recommended by the text).
    Everything,
}

/// When mate is decided (A14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MateTiming {
    /// At the mated player's own turn, so the partner may rescue him first.
    #[default]
    OwnTurn,
    /// Right after every ply: any player then in check without a legal move
    /// is frozen at once.
    Immediately,
}

/// What releases a frozen army (A15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Release {
    /// Its king no longer attacked by an active enemy piece, whatever the
    /// cause (capture, departure, interposition, the checker's owner frozen).
    #[default]
    AnyCause,
    /// Every piece that checked at the moment of the mate captured or gone
    /// from its square; interposition does not release. The checkers' squares
    /// become part of the position.
    Literal,
}

/// Whether a move's own-king and partner-king tests see the armies it
/// releases (A17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReleaseChecks {
    /// Legality is judged after the release step.
    #[default]
    AfterRelease,
    /// Released pieces are ignored by the test (Friedlander's program).
    Ignore,
}

/// What a stalemate does (A18).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Stalemate {
    /// The player passes; only mate plus stalemate ends the game (F13).
    #[default]
    Pass,
    /// Any stalemate is a draw at once.
    Draw,
}

/// How repetition ends the game (A19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// The third occurrence of the same position is a draw at once.
    #[default]
    Automatic,
    /// The third occurrence lets a player claim the draw.
    Claim,
}

/// How long an upheld objection bans the suggested move (A22; a rule for the
/// table, not for the move generator: see `objection`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ObjectionSpan {
    /// Until 3 more plies have been completed.
    #[default]
    ThreePlies,
    /// For the advised player's next 3 turns.
    ThreeOwnTurns,
}

/// Every setting of the rules, with docs/fourhand.md's defaults.
///
/// One [OPTION] of the document is not here: A20's "wider
/// insufficient-material rules" are named but not defined by it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// A1: the board's shape.
    pub shape: Shape,
    /// A2: which squares are light; it places the queens (F3).
    pub light_squares: LightSquares,
    /// A5: the direction of play (South always starts).
    pub turn_order: TurnOrder,
    /// A6: also promote on dead-end squares (§6.7), with caps ≥ 3.
    pub dead_end_promotion: bool,
    /// A7: how captures count towards promotion.
    pub capture_count: CaptureCount,
    /// A8: the promotion piece.
    pub promotion: Promotion,
    /// A9: where the ribbon comes off.
    pub ribbon_removal: RibbonRemoval,
    /// A10: a pawn turns round (ribbon on, or off when it has one) on a
    /// dead-end square as well.
    pub dead_end_reversal: bool,
    /// A11: which partner pawns may be leaped.
    pub leap: Leap,
    /// A12: the partner-king rule when the partner is in check.
    pub partner_king: PartnerKing,
    /// A13: what frozen pieces attack.
    pub frozen_attacks: FrozenAttacks,
    /// A14: when mate is decided.
    pub mate_timing: MateTiming,
    /// A15: what releases a frozen army.
    pub release: Release,
    /// A16: a frozen player whose king has a legal move at his turn is
    /// released and moves (default false: he stays frozen while attacked).
    pub recheck_frozen: bool,
    /// A17: whether legality sees the armies a move releases.
    pub release_checks: ReleaseChecks,
    /// A18: what a single stalemate does.
    pub stalemate: Stalemate,
    /// A19: automatic or claimed repetition draws.
    pub repetition: Repetition,
    /// A21: a draw after this many plies without a capture or a pawn move
    /// (off by default; the document suggests 200).
    pub no_progress_plies: Option<u32>,
    /// A22: the span of an objection's ban.
    pub objection: ObjectionSpan,
}
