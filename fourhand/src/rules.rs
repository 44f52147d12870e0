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

/// A setting's text could not be read ([`Rules::from_text`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A part is not `name=value`.
    #[error("'{0}' is not a setting: write name=value, for example promotion=choice")]
    NotASetting(String),
    /// No setting has this name.
    #[error("no setting is called '{name}' (the settings: {})", NAMES.join(", "))]
    UnknownName {
        /// The name given.
        name: String,
    },
    /// The setting has no such value.
    #[error("'{value}' is not a value of {name} (one of: {allowed})")]
    BadValue {
        /// The setting.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it may be.
        allowed: &'static str,
    },
    /// A setting is given twice.
    #[error("{0} is given twice")]
    Twice(&'static str),
}

/// Every setting's name in [`Rules::to_text`], in the document's order
/// (A1 to A22).
pub const NAMES: [&str; 19] = [
    "shape",
    "light-squares",
    "turn-order",
    "dead-end-promotion",
    "capture-count",
    "promotion",
    "ribbon-removal",
    "dead-end-reversal",
    "leap",
    "partner-king",
    "frozen-attacks",
    "mate-timing",
    "release",
    "recheck-frozen",
    "release-checks",
    "stalemate",
    "repetition",
    "no-progress",
    "objection",
];

/// Reads one of a setting's two words (`words`: the first, the second and
/// how a message lists them) as the first or second reading.
fn either<T>(
    name: &'static str,
    value: &str,
    words: (&'static str, &'static str, &'static str),
    (first, second): (T, T),
) -> Result<T, RulesError> {
    if value == words.0 {
        Ok(first)
    } else if value == words.1 {
        Ok(second)
    } else {
        Err(RulesError::BadValue {
            name,
            value: value.to_string(),
            allowed: words.2,
        })
    }
}

/// Each two-word setting's words and how a message lists them.
const WORDS: [(&str, &str, &str); 14] = [
    ("cross160", "notched180", "cross160, notched180"),
    ("even", "odd", "even, odd"),
    ("clockwise", "anticlockwise", "clockwise, anticlockwise"),
    ("inclusive", "exclusive", "inclusive, exclusive"),
    ("queen", "choice", "queen, choice"),
    ("start-rank", "birth-square", "start-rank, birth-square"),
    ("face-to-face", "any", "face-to-face, any"),
    ("strict", "simple", "strict, simple"),
    ("king-only", "everything", "king-only, everything"),
    ("own-turn", "immediately", "own-turn, immediately"),
    ("any-cause", "literal", "any-cause, literal"),
    ("after-release", "ignore", "after-release, ignore"),
    ("pass", "draw", "pass, draw"),
    ("automatic", "claim", "automatic, claim"),
];

const ON_OFF: (&str, &str, &str) = ("on", "off", "on, off");

impl Rules {
    /// The settings that differ from the defaults, as `name=value` parts
    /// joined by commas (`promotion=choice,objection=own-turns`); the
    /// default rules give the empty string. [`Rules::from_text`] reads it
    /// back.
    pub fn to_text(&self) -> String {
        let d = Rules::default();
        let mut parts: Vec<String> = Vec::new();
        let mut put = |differs: bool, name: &str, value: &str| {
            if differs {
                parts.push(format!("{name}={value}"));
            }
        };
        let pick = |second: bool, i: usize| if second { WORDS[i].1 } else { WORDS[i].0 };
        let on = |b: bool| if b { "on" } else { "off" };
        put(
            self.shape != d.shape,
            "shape",
            pick(self.shape == Shape::Notched180, 0),
        );
        put(
            self.light_squares != d.light_squares,
            "light-squares",
            pick(self.light_squares == LightSquares::OddSum, 1),
        );
        put(
            self.turn_order != d.turn_order,
            "turn-order",
            pick(self.turn_order == TurnOrder::Anticlockwise, 2),
        );
        put(
            self.dead_end_promotion != d.dead_end_promotion,
            "dead-end-promotion",
            on(self.dead_end_promotion),
        );
        put(
            self.capture_count != d.capture_count,
            "capture-count",
            pick(self.capture_count == CaptureCount::Exclusive, 3),
        );
        put(
            self.promotion != d.promotion,
            "promotion",
            pick(self.promotion == Promotion::FreeChoice, 4),
        );
        put(
            self.ribbon_removal != d.ribbon_removal,
            "ribbon-removal",
            pick(self.ribbon_removal == RibbonRemoval::BirthSquare, 5),
        );
        put(
            self.dead_end_reversal != d.dead_end_reversal,
            "dead-end-reversal",
            on(self.dead_end_reversal),
        );
        put(
            self.leap != d.leap,
            "leap",
            pick(self.leap == Leap::AnyPartnerPawn, 6),
        );
        put(
            self.partner_king != d.partner_king,
            "partner-king",
            pick(self.partner_king == PartnerKing::Simple, 7),
        );
        put(
            self.frozen_attacks != d.frozen_attacks,
            "frozen-attacks",
            pick(self.frozen_attacks == FrozenAttacks::Everything, 8),
        );
        put(
            self.mate_timing != d.mate_timing,
            "mate-timing",
            pick(self.mate_timing == MateTiming::Immediately, 9),
        );
        put(
            self.release != d.release,
            "release",
            pick(self.release == Release::Literal, 10),
        );
        put(
            self.recheck_frozen != d.recheck_frozen,
            "recheck-frozen",
            on(self.recheck_frozen),
        );
        put(
            self.release_checks != d.release_checks,
            "release-checks",
            pick(self.release_checks == ReleaseChecks::Ignore, 11),
        );
        put(
            self.stalemate != d.stalemate,
            "stalemate",
            pick(self.stalemate == Stalemate::Draw, 12),
        );
        put(
            self.repetition != d.repetition,
            "repetition",
            pick(self.repetition == Repetition::Claim, 13),
        );
        let plies = self.no_progress_plies.map(|n| n.to_string());
        put(
            self.no_progress_plies != d.no_progress_plies,
            "no-progress",
            plies.as_deref().unwrap_or("off"),
        );
        put(
            self.objection != d.objection,
            "objection",
            if self.objection == ObjectionSpan::ThreeOwnTurns {
                "own-turns"
            } else {
                "plies"
            },
        );
        parts.join(",")
    }

    /// Reads settings written as [`Rules::to_text`] writes them (commas or
    /// spaces between the parts, any order); a setting left out keeps its
    /// default, and the empty string is the default rules.
    pub fn from_text(text: &str) -> Result<Rules, RulesError> {
        let mut rules = Rules::default();
        let mut seen = [false; NAMES.len()];
        for part in text.split([',', ' ']).filter(|p| !p.is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| RulesError::NotASetting(part.to_string()))?;
            let index = NAMES
                .iter()
                .position(|n| *n == name)
                .ok_or_else(|| RulesError::UnknownName {
                    name: name.to_string(),
                })?;
            let name = NAMES[index];
            if std::mem::replace(&mut seen[index], true) {
                return Err(RulesError::Twice(name));
            }
            let w = |i: usize| WORDS[i];
            match name {
                "shape" => rules.shape = either(name, value, w(0), (Shape::Cross160, Shape::Notched180))?,
                "light-squares" => {
                    rules.light_squares =
                        either(name, value, w(1), (LightSquares::EvenSum, LightSquares::OddSum))?
                }
                "turn-order" => {
                    rules.turn_order = either(
                        name,
                        value,
                        w(2),
                        (TurnOrder::Clockwise, TurnOrder::Anticlockwise),
                    )?
                }
                "dead-end-promotion" => {
                    rules.dead_end_promotion = either(name, value, ON_OFF, (true, false))?
                }
                "capture-count" => {
                    rules.capture_count = either(
                        name,
                        value,
                        w(3),
                        (CaptureCount::Inclusive, CaptureCount::Exclusive),
                    )?
                }
                "promotion" => {
                    rules.promotion =
                        either(name, value, w(4), (Promotion::QueenOnly, Promotion::FreeChoice))?
                }
                "ribbon-removal" => {
                    rules.ribbon_removal = either(
                        name,
                        value,
                        w(5),
                        (RibbonRemoval::StartRank, RibbonRemoval::BirthSquare),
                    )?
                }
                "dead-end-reversal" => rules.dead_end_reversal = either(name, value, ON_OFF, (true, false))?,
                "leap" => rules.leap = either(name, value, w(6), (Leap::FaceToFace, Leap::AnyPartnerPawn))?,
                "partner-king" => {
                    rules.partner_king =
                        either(name, value, w(7), (PartnerKing::Strict, PartnerKing::Simple))?
                }
                "frozen-attacks" => {
                    rules.frozen_attacks = either(
                        name,
                        value,
                        w(8),
                        (FrozenAttacks::KingOnly, FrozenAttacks::Everything),
                    )?
                }
                "mate-timing" => {
                    rules.mate_timing =
                        either(name, value, w(9), (MateTiming::OwnTurn, MateTiming::Immediately))?
                }
                "release" => {
                    rules.release = either(name, value, w(10), (Release::AnyCause, Release::Literal))?
                }
                "recheck-frozen" => rules.recheck_frozen = either(name, value, ON_OFF, (true, false))?,
                "release-checks" => {
                    rules.release_checks = either(
                        name,
                        value,
                        w(11),
                        (ReleaseChecks::AfterRelease, ReleaseChecks::Ignore),
                    )?
                }
                "stalemate" => {
                    rules.stalemate = either(name, value, w(12), (Stalemate::Pass, Stalemate::Draw))?
                }
                "repetition" => {
                    rules.repetition = either(name, value, w(13), (Repetition::Automatic, Repetition::Claim))?
                }
                "no-progress" => {
                    rules.no_progress_plies = match value {
                        "off" => None,
                        n => Some(
                            n.parse()
                                .ok()
                                .filter(|&n: &u32| (1..=10_000).contains(&n))
                                .ok_or_else(|| RulesError::BadValue {
                                    name,
                                    value: value.to_string(),
                                    allowed: "off, or a number of plies from 1 to 10000",
                                })?,
                        ),
                    }
                }
                "objection" => {
                    rules.objection = match value {
                        "plies" => ObjectionSpan::ThreePlies,
                        "own-turns" => ObjectionSpan::ThreeOwnTurns,
                        _ => {
                            return Err(RulesError::BadValue {
                                name,
                                value: value.to_string(),
                                allowed: "plies, own-turns",
                            })
                        }
                    }
                }
                _ => {
                    return Err(RulesError::UnknownName {
                        name: name.to_string(),
                    })
                }
            }
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules with every setting away from its default.
    fn every_option() -> Rules {
        Rules {
            shape: Shape::Notched180,
            light_squares: LightSquares::OddSum,
            turn_order: TurnOrder::Anticlockwise,
            dead_end_promotion: true,
            capture_count: CaptureCount::Exclusive,
            promotion: Promotion::FreeChoice,
            ribbon_removal: RibbonRemoval::BirthSquare,
            dead_end_reversal: true,
            leap: Leap::AnyPartnerPawn,
            partner_king: PartnerKing::Simple,
            frozen_attacks: FrozenAttacks::Everything,
            mate_timing: MateTiming::Immediately,
            release: Release::Literal,
            recheck_frozen: true,
            release_checks: ReleaseChecks::Ignore,
            stalemate: Stalemate::Draw,
            repetition: Repetition::Claim,
            no_progress_plies: Some(200),
            objection: ObjectionSpan::ThreeOwnTurns,
        }
    }

    #[test]
    fn the_default_rules_are_the_empty_text() {
        assert_eq!(Rules::default().to_text(), "");
        assert_eq!(Rules::from_text(""), Ok(Rules::default()));
        assert_eq!(Rules::from_text(" , "), Ok(Rules::default()));
    }

    #[test]
    fn every_setting_round_trips_alone_and_together() {
        let all = every_option();
        let text = all.to_text();
        assert_eq!(text.split(',').count(), NAMES.len(), "{text}");
        assert_eq!(Rules::from_text(&text), Ok(all));
        // Each part alone changes exactly one setting from the default.
        for part in text.split(',') {
            let one = Rules::from_text(part).unwrap();
            assert_ne!(one, Rules::default(), "{part}");
            assert_eq!(one.to_text(), part);
        }
        // Defaults written out are read, and written back as nothing.
        let defaults = "promotion=queen objection=plies no-progress=off shape=cross160";
        assert_eq!(Rules::from_text(defaults), Ok(Rules::default()));
    }

    #[test]
    fn bad_settings_are_refused_with_what_is_allowed() {
        let err = |text: &str| Rules::from_text(text).unwrap_err().to_string();
        assert!(err("promotion").contains("name=value"));
        assert!(err("castling=on").contains("no setting is called 'castling'"));
        assert!(err("promotion=rook").contains("queen, choice"));
        assert!(err("no-progress=0").contains("from 1 to 10000"));
        assert!(err("no-progress=x").contains("from 1 to 10000"));
        assert!(err("leap=any,leap=any").contains("twice"));
        assert!(err("recheck-frozen=yes").contains("on, off"));
        assert!(err("objection=turns").contains("plies, own-turns"));
    }
}
