//! Playing levels: `Skill Level` 0-20 and `UCI_LimitStrength` + `UCI_Elo`,
//! from a uniformly random mover up to full strength (docs/levels.md; the
//! calibration in docs/strength.md, "Playing levels").
//!
//! A level is a *skill* `s` from 0 to 20 (`Skill Level`, or a fraction
//! between two whole levels). Skill 0 plays a uniformly random legal move;
//! skill 20 is full strength, the search exactly as without levels. In
//! between:
//!
//! - **No time in the definition**: a level searches a fixed number of nodes
//!   ([`Settings::nodes`], growing by a constant factor per level) to a
//!   depth cap, on one thread, so it plays the same on every machine and
//!   at every time control (a clock too short for the budget still cuts
//!   the search, as it would at full strength).
//! - **Human mistakes, not random ones**: the search runs with MultiPV
//!   ([`Settings::lines`] lines; every line's score comes from the same
//!   shallow search, so the mistakes are the ones a shallow reader makes),
//!   and the move is drawn among the lines within a margin of the best
//!   ([`Settings::margin`]), with probability `exp(-loss / T)`
//!   ([`Settings::temperature`]). Margin and temperature shrink as the level
//!   rises, so a strong level chooses only between near-equal moves and
//!   keeps its style; the top levels search one line and are weaker only by
//!   their budget.
//! - **Defending**: when the best line is behind, margin and temperature
//!   shrink with the deficit (a quarter of their value at 3 pawns down), so
//!   a weak level that is losing still looks for the best defence instead
//!   of giving the rest away; a move into a mate the search found is never
//!   chosen while another move avoids it, and a found mate is not let go
//!   (its margin is exceeded by any non-mating move).
//! - **Smooth steps**: every parameter is a smooth function of the skill (the
//!   node budget geometric, the others geometric or linear), so fractional
//!   skills fall between their neighbours; between skill 0 and 1 a share
//!   `1 - s` of the moves is random.
//!
//! `UCI_Elo` is *measured*, not designed: [`CALIBRATION`] lists the Elo that
//! matches against rated engines (and, where no engine is weak enough,
//! level-against-level matches) gave for skills along the ladder, and
//! `UCI_Elo E` plays the skill at which that table, read linearly between
//! its knots, reaches `E`. So equal Elo steps are equal in measured
//! strength even where the skills are not.
//!
//! The choice happens after the search, on the lines the search reported,
//! so the full-strength search is untouched.

use crate::score::MATE_BOUND;
use crate::search::Line;
use rand::Rng;

/// The measured strength of the skill ladder: knots `(skill, Elo)`, both
/// strictly increasing, read linearly in between (docs/strength.md,
/// "Playing levels"; lab/journal.md, "Calibration of the playing levels",
/// gives every match behind them). Skill 0, the random mover,
/// is placed at about the rating that CCRL's 40/4 list gave a random mover (its
/// true distance below skill 1 is beyond measure: every searching level
/// wins all its games against it); skills 1 to 6.92 hang from the level
/// 8.46 by a chain of level-against-level matches; 8.46, 11.54, 14.62 and
/// 17.69 are measured against rated engines at 10+0.1; skill 20, full
/// strength, is its gauntlet result against Glaurung 2.2 at 10+0.1.
pub const CALIBRATION: [(f64, f64); 11] = [
    (0.0, 200.0),
    (1.0, 503.0),
    (30.0 / 13.0, 638.0),
    (50.0 / 13.0, 694.0),
    (70.0 / 13.0, 768.0),
    (90.0 / 13.0, 959.0),
    (110.0 / 13.0, 1267.0),
    (150.0 / 13.0, 1810.0),
    (190.0 / 13.0, 2442.0),
    (230.0 / 13.0, 2841.0),
    (20.0, 3165.0),
];

/// `UCI_Elo`'s lowest value: skill 0, the random mover (the first knot).
pub const MIN_ELO: u32 = CALIBRATION[0].1 as u32;
/// `UCI_Elo`'s highest value: full strength (the last knot).
pub const MAX_ELO: u32 = CALIBRATION[CALIBRATION.len() - 1].1 as u32;
/// The highest skill: full strength.
pub const MAX_SKILL: u32 = 20;
/// `UCI_Elo`'s default.
pub const DEFAULT_ELO: u32 = 1500;

/// `y` on the polyline through `knots` (`x` increasing) at `x`, clamped to
/// the ends; `x_of` and `y_of` pick the coordinates of a knot.
fn polyline(knots: &[(f64, f64)], x: f64, x_of: fn(&(f64, f64)) -> f64, y_of: fn(&(f64, f64)) -> f64) -> f64 {
    let first = &knots[0];
    let last = &knots[knots.len() - 1];
    if x <= x_of(first) {
        return y_of(first);
    }
    if x >= x_of(last) {
        return y_of(last);
    }
    for pair in knots.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if x <= x_of(b) {
            let f = (x - x_of(a)) / (x_of(b) - x_of(a));
            return y_of(a) + f * (y_of(b) - y_of(a));
        }
    }
    y_of(last)
}

/// A playing level on the skill scale, 0 (random mover) to 20 (full strength).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    skill: f64,
}

/// What a level below full strength does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Probability of a uniformly random legal move instead of a search
    /// (1 at skill 0, `1 - s` below skill 1, else 0).
    pub random_share: f64,
    /// Node budget of the search (depth 1 always completes).
    pub nodes: u64,
    /// Depth cap.
    pub depth: u32,
    /// MultiPV lines searched: the candidates.
    pub lines: usize,
    /// Lines worse than the best by more than this (cp) are not played.
    pub margin: i32,
    /// Softmax temperature over the loss to the best line (cp).
    pub temperature: f64,
}

/// Node budget at skill 1 and skill 19: `nodes(s)` is geometric between them.
const NODES_AT_1: f64 = 50.0;
const NODES_AT_19: f64 = 400_000.0;
/// Margin (cp) at skill 1 and skill 19, geometric between them.
const MARGIN_AT_1: f64 = 800.0;
const MARGIN_AT_19: f64 = 10.0;
/// Temperature (cp) at skill 1 and skill 19, geometric between them.
const TEMPERATURE_AT_1: f64 = 300.0;
const TEMPERATURE_AT_19: f64 = 3.0;
/// MultiPV lines at skill 1 (falls to 1 at skill 19).
const LINES_AT_1: f64 = 12.0;
/// A deficit (cp) at which margin and temperature are down to
/// [`DEFENCE_FLOOR`] of their value; linear in between.
const DEFENCE_DEFICIT: f64 = 400.0;
const DEFENCE_FLOOR: f64 = 0.25;

/// `a` at t = 0 to `b` at t = 1, geometrically.
fn geometric(a: f64, b: f64, t: f64) -> f64 {
    a * (b / a).powf(t)
}

impl Level {
    /// Full strength.
    pub const FULL: Level = Level {
        skill: MAX_SKILL as f64,
    };

    /// `Skill Level n` (0-20).
    pub fn from_skill(n: u32) -> Level {
        Level {
            skill: n.min(MAX_SKILL) as f64,
        }
    }

    /// `UCI_Elo e` (clamped to [`MIN_ELO`]..=[`MAX_ELO`]): the skill whose
    /// measured Elo is `e`.
    pub fn from_elo(elo: u32) -> Level {
        let elo = f64::from(elo.clamp(MIN_ELO, MAX_ELO));
        let skill = polyline(&CALIBRATION, elo, |k| k.1, |k| k.0);
        Level {
            skill: skill.clamp(0.0, MAX_SKILL as f64),
        }
    }

    /// The level's skill, 0 to 20.
    pub fn skill(self) -> f64 {
        self.skill
    }

    /// The level's Elo as measured ([`CALIBRATION`]).
    pub fn elo(self) -> f64 {
        polyline(&CALIBRATION, self.skill, |k| k.0, |k| k.1)
    }

    /// True at skill 20: the search as without levels.
    pub fn is_full_strength(self) -> bool {
        self.skill >= MAX_SKILL as f64
    }

    /// What the level does; `None` at full strength.
    pub fn settings(self) -> Option<Settings> {
        if self.is_full_strength() {
            return None;
        }
        let s = self.skill.max(0.0);
        // Below skill 1 the search is skill 1's, mixed with random moves.
        let t = (s.max(1.0) - 1.0) / 18.0;
        let lines = 1.0 + (LINES_AT_1 - 1.0) * (1.0 - t).max(0.0).powf(1.5);
        Some(Settings {
            random_share: (1.0 - s).clamp(0.0, 1.0),
            nodes: geometric(NODES_AT_1, NODES_AT_19, t).round() as u64,
            depth: ((0.75 * s.max(1.0)).round() as u32).max(1),
            lines: lines.round().max(1.0) as usize,
            margin: geometric(MARGIN_AT_1, MARGIN_AT_19, t).round() as i32,
            temperature: geometric(TEMPERATURE_AT_1, TEMPERATURE_AT_19, t),
        })
    }
}

/// The index of the line a level plays, among `lines` sorted best first.
pub fn choose(lines: &[Line], settings: &Settings, rng: &mut impl Rng) -> usize {
    let Some(best) = lines.first().map(|l| l.score) else {
        return 0;
    };
    // Already mated whatever we do, or mating: the best line.
    if best <= -MATE_BOUND || best >= MATE_BOUND {
        return 0;
    }
    let defence = if best < 0 {
        (1.0 + f64::from(best) / DEFENCE_DEFICIT).max(DEFENCE_FLOOR)
    } else {
        1.0
    };
    let margin = f64::from(settings.margin) * defence;
    let temperature = (settings.temperature * defence).max(0.01);
    let weights: Vec<f64> = lines
        .iter()
        .map(|l| {
            let loss = f64::from(best - l.score);
            if l.pv.is_empty() || l.score <= -MATE_BOUND || loss > margin {
                0.0
            } else {
                (-loss / temperature).exp()
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    if total <= 0.0 {
        return 0;
    }
    let mut r = rng.gen::<f64>() * total;
    for (i, w) in weights.iter().enumerate() {
        if r < *w {
            return i;
        }
        r -= w;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;
    use movegen::Board;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn the_elo_scale_follows_the_calibration() {
        assert_eq!(f64::from(MIN_ELO), CALIBRATION[0].1);
        assert_eq!(f64::from(MAX_ELO), CALIBRATION[CALIBRATION.len() - 1].1);
        assert_eq!(CALIBRATION[0].0, 0.0);
        assert_eq!(CALIBRATION[CALIBRATION.len() - 1].0, MAX_SKILL as f64);
        for pair in CALIBRATION.windows(2) {
            assert!(pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1, "{pair:?}");
        }
        assert_eq!(Level::from_elo(MIN_ELO), Level::from_skill(0));
        assert_eq!(Level::from_elo(MIN_ELO - 100), Level::from_skill(0));
        assert_eq!(Level::from_elo(MAX_ELO), Level::FULL);
        assert!(Level::from_skill(20).settings().is_none());
        // Every knot: its Elo gives its skill and back.
        for &(skill, elo) in &CALIBRATION {
            let level = Level::from_elo(elo as u32);
            assert!((level.skill() - skill).abs() < 1e-9, "{elo}: {}", level.skill());
            assert!((Level { skill }.elo() - elo).abs() < 1e-9);
        }
        // Halfway between two knots in Elo (1810 and 2442: a whole number)
        // is halfway in skill.
        let (a, b) = (CALIBRATION[7], CALIBRATION[8]);
        let middle = Level::from_elo(((a.1 + b.1) / 2.0) as u32);
        assert!((middle.skill() - (a.0 + b.0) / 2.0).abs() < 1e-9);
        // Every Elo maps to a skill whose Elo is that Elo.
        for elo in MIN_ELO..=MAX_ELO {
            assert!(
                (Level::from_elo(elo).elo() - f64::from(elo)).abs() < 1e-6,
                "{elo}"
            );
        }
        let random = Level::from_skill(0).settings().unwrap();
        assert_eq!(random.random_share, 1.0);
        let one = Level::from_skill(1).settings().unwrap();
        assert_eq!(one.random_share, 0.0);
        assert_eq!((one.nodes, one.depth, one.lines, one.margin), (50, 1, 12, 800));
        let top = Level::from_skill(19).settings().unwrap();
        assert_eq!((top.nodes, top.lines, top.margin), (400_000, 1, 10));
        assert_eq!(Level { skill: 0.5 }.settings().unwrap().random_share, 0.5);
    }

    #[test]
    fn every_step_is_monotone() {
        let mut previous = Level::from_skill(1).settings().unwrap();
        for step in 21..MAX_SKILL * 20 {
            let s = Level {
                skill: f64::from(step) / 20.0,
            }
            .settings()
            .unwrap();
            assert!(s.nodes >= previous.nodes, "{step}");
            assert!(s.depth >= previous.depth, "{step}");
            assert!(s.lines <= previous.lines, "{step}");
            assert!(s.margin <= previous.margin, "{step}");
            assert!(s.temperature < previous.temperature, "{step}");
            // A twentieth of a skill never moves the budget by more than 3%.
            assert!(s.nodes as f64 <= previous.nodes as f64 * 1.03 + 1.0, "{step}");
            previous = s;
        }
    }

    fn lines(scores: &[i32]) -> Vec<Line> {
        let board = Board::startpos();
        let moves = board.legal_moves();
        scores
            .iter()
            .enumerate()
            .map(|(i, &score)| Line {
                pv: vec![moves.as_slice()[i]],
                score,
            })
            .collect()
    }

    fn shares(scores: &[i32], settings: &Settings) -> Vec<f64> {
        let mut rng = StdRng::seed_from_u64(3);
        let mut counts = vec![0u32; scores.len()];
        let lines = lines(scores);
        for _ in 0..20_000 {
            counts[choose(&lines, settings, &mut rng)] += 1;
        }
        counts.iter().map(|&c| f64::from(c) / 20_000.0).collect()
    }

    #[test]
    fn choice_follows_the_margin_and_the_temperature() {
        let weak = Level::from_skill(3).settings().unwrap();
        let strong = Level::from_skill(16).settings().unwrap();
        let scores = [50, 40, 0, -150, -900];
        let w = shares(&scores, &weak);
        let s = shares(&scores, &strong);
        // The weak level plays the second and third moves often, the queen
        // blunder beyond its margin never.
        assert!(w[0] > w[1] && w[1] > w[2] && w[2] > w[3], "{w:?}");
        assert!(w[1] > 0.2 && w[3] > 0.01 && w[4] == 0.0, "{w:?}");
        // The strong level chooses only among near-equal moves.
        assert!(s[0] > 0.6 && s[2] == 0.0 && s[3] == 0.0, "{s:?}");
    }

    #[test]
    fn behind_the_choice_narrows_and_mates_decide() {
        let weak = Level::from_skill(3).settings().unwrap();
        // Level with the best: a 200 cp worse move is played now and then.
        let level = shares(&[0, -200], &weak);
        assert!(level[1] > 0.05, "{level:?}");
        // Three pawns behind: the same loss is beyond the shrunken margin.
        let behind = shares(&[-300, -500], &weak);
        assert_eq!(behind[1], 0.0, "{behind:?}");
        // A found mate is played; a move into mate is never chosen.
        let mate = shares(&[MATE - 3, 500, 400], &weak);
        assert_eq!(mate[0], 1.0);
        let into_mate = shares(&[10, -MATE + 4], &Level::from_skill(1).settings().unwrap());
        assert_eq!(into_mate[1], 0.0);
        // Mated whatever happens: the longest resistance.
        let lost = shares(&[-MATE + 9, -MATE + 3], &weak);
        assert_eq!(lost[0], 1.0);
    }
}
