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
        allowed: String,
    },
    /// A setting is given twice.
    #[error("{0} is given twice")]
    Twice(&'static str),
}

/// How one setting is written and read: its name, then either its two
/// words (the first reading, then the second) with how the field tells and
/// takes the reading (`true`: the second word), or a number of plies that
/// may be off.
struct Setting {
    name: &'static str,
    value: SettingValue,
}

enum SettingValue {
    Either {
        words: [&'static str; 2],
        is_second: fn(&Rules) -> bool,
        set: fn(&mut Rules, bool),
    },
    PliesOrOff {
        get: fn(&Rules) -> Option<u32>,
        set: fn(&mut Rules, Option<u32>),
    },
}

/// A two-word setting of the field `$field`: `$first` reads as `$a`,
/// `$second` as `$b`.
macro_rules! either {
    ($name:literal, $field:ident, $first:literal => $a:expr, $second:literal => $b:expr) => {
        Setting {
            name: $name,
            value: SettingValue::Either {
                words: [$first, $second],
                is_second: |r| r.$field == $b,
                set: |r, second| r.$field = if second { $b } else { $a },
            },
        }
    };
}

/// The most plies a no-progress limit may have.
const MAX_NO_PROGRESS_PLIES: u32 = 10_000;

/// Every setting of [`Rules::to_text`], in the document's order (A1 to A22):
/// the one home of the settings' names and words.
const SETTINGS: [Setting; 19] = [
    either!("shape", shape, "cross160" => Shape::Cross160, "notched180" => Shape::Notched180),
    either!("light-squares", light_squares, "even" => LightSquares::EvenSum, "odd" => LightSquares::OddSum),
    either!(
        "turn-order", turn_order,
        "clockwise" => TurnOrder::Clockwise, "anticlockwise" => TurnOrder::Anticlockwise
    ),
    either!("dead-end-promotion", dead_end_promotion, "on" => true, "off" => false),
    either!(
        "capture-count", capture_count,
        "inclusive" => CaptureCount::Inclusive, "exclusive" => CaptureCount::Exclusive
    ),
    either!("promotion", promotion, "queen" => Promotion::QueenOnly, "choice" => Promotion::FreeChoice),
    either!(
        "ribbon-removal", ribbon_removal,
        "start-rank" => RibbonRemoval::StartRank, "birth-square" => RibbonRemoval::BirthSquare
    ),
    either!("dead-end-reversal", dead_end_reversal, "on" => true, "off" => false),
    either!("leap", leap, "face-to-face" => Leap::FaceToFace, "any" => Leap::AnyPartnerPawn),
    either!("partner-king", partner_king, "strict" => PartnerKing::Strict, "simple" => PartnerKing::Simple),
    either!(
        "frozen-attacks", frozen_attacks,
        "king-only" => FrozenAttacks::KingOnly, "everything" => FrozenAttacks::Everything
    ),
    either!(
        "mate-timing", mate_timing,
        "own-turn" => MateTiming::OwnTurn, "immediately" => MateTiming::Immediately
    ),
    either!("release", release, "any-cause" => Release::AnyCause, "literal" => Release::Literal),
    either!("recheck-frozen", recheck_frozen, "on" => true, "off" => false),
    either!(
        "release-checks", release_checks,
        "after-release" => ReleaseChecks::AfterRelease, "ignore" => ReleaseChecks::Ignore
    ),
    either!("stalemate", stalemate, "pass" => Stalemate::Pass, "draw" => Stalemate::Draw),
    either!("repetition", repetition, "automatic" => Repetition::Automatic, "claim" => Repetition::Claim),
    Setting {
        name: "no-progress",
        value: SettingValue::PliesOrOff {
            get: |r| r.no_progress_plies,
            set: |r, plies| r.no_progress_plies = plies,
        },
    },
    either!(
        "objection", objection,
        "plies" => ObjectionSpan::ThreePlies, "own-turns" => ObjectionSpan::ThreeOwnTurns
    ),
];

/// Every setting's name in [`Rules::to_text`], in the document's order
/// (A1 to A22).
pub const NAMES: [&str; SETTINGS.len()] = {
    let mut names = [""; SETTINGS.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = SETTINGS[i].name;
        i += 1;
    }
    names
};

impl Setting {
    /// This setting's value in `rules`, as written.
    fn write(&self, rules: &Rules) -> String {
        match self.value {
            SettingValue::Either { words, is_second, .. } => words[usize::from(is_second(rules))].to_string(),
            SettingValue::PliesOrOff { get, .. } => get(rules).map_or("off".to_string(), |n| n.to_string()),
        }
    }

    /// Sets this setting in `rules` from its written `value`.
    fn read(&self, rules: &mut Rules, value: &str) -> Result<(), RulesError> {
        let bad = |allowed: String| RulesError::BadValue {
            name: self.name,
            value: value.to_string(),
            allowed,
        };
        match self.value {
            SettingValue::Either { words, set, .. } => {
                let index = words
                    .iter()
                    .position(|w| *w == value)
                    .ok_or_else(|| bad(words.join(", ")))?;
                set(rules, index == 1);
            }
            SettingValue::PliesOrOff { set, .. } => {
                let plies = match value {
                    "off" => None,
                    n => Some(
                        n.parse()
                            .ok()
                            .filter(|n| (1..=MAX_NO_PROGRESS_PLIES).contains(n))
                            .ok_or_else(|| {
                                bad(format!(
                                    "off, or a number of plies from 1 to {MAX_NO_PROGRESS_PLIES}"
                                ))
                            })?,
                    ),
                };
                set(rules, plies);
            }
        }
        Ok(())
    }
}

impl Rules {
    /// The settings that differ from the defaults, as `name=value` parts
    /// joined by commas (`promotion=choice,objection=own-turns`); the
    /// default rules give the empty string. [`Rules::from_text`] reads it
    /// back.
    pub fn to_text(&self) -> String {
        let defaults = Rules::default();
        SETTINGS
            .iter()
            .map(|setting| (setting, setting.write(self)))
            .filter(|(setting, value)| *value != setting.write(&defaults))
            .map(|(setting, value)| format!("{}={value}", setting.name))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Reads settings written as [`Rules::to_text`] writes them (commas or
    /// spaces between the parts, any order); a setting left out keeps its
    /// default, and the empty string is the default rules.
    pub fn from_text(text: &str) -> Result<Rules, RulesError> {
        let mut rules = Rules::default();
        let mut seen = [false; SETTINGS.len()];
        for part in text.split([',', ' ']).filter(|p| !p.is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| RulesError::NotASetting(part.to_string()))?;
            let index =
                SETTINGS
                    .iter()
                    .position(|s| s.name == name)
                    .ok_or_else(|| RulesError::UnknownName {
                        name: name.to_string(),
                    })?;
            if std::mem::replace(&mut seen[index], true) {
                return Err(RulesError::Twice(SETTINGS[index].name));
            }
            SETTINGS[index].read(&mut rules, value)?;
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
