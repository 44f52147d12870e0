//! Playing levels: `Skill Level` 0-20 and `UCI_LimitStrength` + `UCI_Elo`,
//! from a uniformly random mover up to full strength (docs/strength.md,
//! "Playing levels").
//!
//! One scale: a level is a *skill* `s` from 0 to 20, and
//! `Elo = 400 + 130 * s` ([`ELO_PER_SKILL`]), so `Skill Level N` is
//! `UCI_Elo 400 + 130 N` and `UCI_Elo E` is skill `(E - 400) / 130`, a
//! fraction between the whole levels. Skill 0 (Elo 400) plays a uniformly
//! random legal move; skill 20 (Elo 3000) is full strength, the search
//! exactly as without levels. In between:
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
//! - **Even steps**: every parameter is a smooth function of the skill (the
//!   node budget geometric, the others geometric or linear), so fractional
//!   Elo values fall between their neighbours; between skill 0 and 1 a
//!   share `1 - s` of the moves is random.
//!
//! The choice happens after the search, on the lines the search reported,
//! so the full-strength search is untouched.

use crate::search::{Reporter, ScoreBound, ScoreReport, SearchInfo, MATE, MATE_BOUND};
use movegen::{Board, Move};
use rand::Rng;
use std::sync::Mutex;

/// `UCI_Elo`'s lowest value: skill 0, the random mover.
pub const MIN_ELO: u32 = 400;
/// Elo per skill step.
pub const ELO_PER_SKILL: u32 = 130;
/// The highest skill: full strength.
pub const MAX_SKILL: u32 = 20;
/// `UCI_Elo`'s highest value: full strength.
pub const MAX_ELO: u32 = MIN_ELO + ELO_PER_SKILL * MAX_SKILL;
/// `UCI_Elo`'s default.
pub const DEFAULT_ELO: u32 = 1500;

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

    /// `UCI_Elo e` (clamped to [`MIN_ELO`]..=[`MAX_ELO`]).
    pub fn from_elo(elo: u32) -> Level {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        Level {
            skill: f64::from(elo - MIN_ELO) / f64::from(ELO_PER_SKILL),
        }
    }

    /// The level's skill, 0 to 20.
    pub fn skill(self) -> f64 {
        self.skill
    }

    /// The level's nominal Elo.
    pub fn elo(self) -> f64 {
        f64::from(MIN_ELO) + self.skill * f64::from(ELO_PER_SKILL)
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

/// One line of a search: its first move and score (side to move's view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The principal variation, first move first.
    pub pv: Vec<Move>,
    /// Its score in internal units (mates as `MATE - plies`).
    pub score: i32,
}

/// An internal score from a reported one (mate distances rounded to the
/// move).
pub fn score_of(report: ScoreReport) -> i32 {
    match report {
        ScoreReport::Cp(cp) => cp,
        ScoreReport::Mate(m) if m > 0 => MATE - (2 * m - 1),
        ScoreReport::Mate(m) => -(MATE + 2 * m),
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

/// A uniformly random legal move (`None` without one).
pub fn random_move(board: &Board, rng: &mut impl Rng) -> Option<Move> {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(moves.as_slice()[rng.gen_range(0..moves.len())])
}

/// A reporter that passes everything on and keeps the lines of the last
/// completed iteration (the exact scores the main thread reports after each
/// depth), for [`choose`].
pub struct LineCollector<'a> {
    inner: &'a dyn Reporter,
    last: Mutex<(u32, Vec<Line>)>,
}

impl<'a> LineCollector<'a> {
    /// Collects what `inner` is sent.
    pub fn new(inner: &'a dyn Reporter) -> LineCollector<'a> {
        LineCollector {
            inner,
            last: Mutex::new((0, Vec::new())),
        }
    }

    /// The lines of the last completed depth, best first.
    pub fn lines(&self) -> Vec<Line> {
        let mut lines = self.last.lock().unwrap_or_else(|e| e.into_inner()).1.clone();
        lines.sort_by_key(|l| std::cmp::Reverse(l.score));
        lines
    }
}

impl Reporter for LineCollector<'_> {
    fn info(&self, info: &SearchInfo) {
        if info.bound == ScoreBound::Exact && !info.pv.is_empty() {
            let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
            if info.multipv == 1 || last.0 != info.depth {
                *last = (info.depth, Vec::new());
            }
            last.1.push(Line {
                pv: info.pv.clone(),
                score: score_of(info.score),
            });
        }
        self.inner.info(info);
    }

    fn currmove(&self, depth: u32, mv: Move, number: usize) {
        self.inner.currmove(depth, mv, number);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn one_scale_from_random_to_full() {
        assert_eq!(MAX_ELO, 3000);
        assert_eq!(Level::from_elo(MIN_ELO), Level::from_skill(0));
        assert_eq!(Level::from_elo(MAX_ELO), Level::FULL);
        assert_eq!(Level::from_elo(1700), Level::from_skill(10));
        assert_eq!(Level::from_elo(100), Level::from_skill(0));
        assert!(Level::from_skill(20).settings().is_none());
        assert!((Level::from_elo(1765).skill() - 10.5).abs() < 1e-9);
        let random = Level::from_skill(0).settings().unwrap();
        assert_eq!(random.random_share, 1.0);
        let one = Level::from_skill(1).settings().unwrap();
        assert_eq!(one.random_share, 0.0);
        assert_eq!((one.nodes, one.depth, one.lines, one.margin), (50, 1, 12, 800));
        let top = Level::from_skill(19).settings().unwrap();
        assert_eq!((top.nodes, top.lines, top.margin), (400_000, 1, 10));
        assert_eq!(Level::from_elo(465).settings().unwrap().random_share, 0.5);
    }

    #[test]
    fn every_step_is_monotone() {
        let mut previous = Level::from_skill(1).settings().unwrap();
        for elo in (MIN_ELO + ELO_PER_SKILL + 10..MAX_ELO).step_by(10) {
            let s = Level::from_elo(elo).settings().unwrap();
            assert!(s.nodes >= previous.nodes, "{elo}");
            assert!(s.depth >= previous.depth, "{elo}");
            assert!(s.lines <= previous.lines, "{elo}");
            assert!(s.margin <= previous.margin, "{elo}");
            assert!(s.temperature < previous.temperature, "{elo}");
            // Steps of 10 Elo never jump the budget by more than 10%.
            assert!(s.nodes as f64 <= previous.nodes as f64 * 1.1 + 1.0, "{elo}");
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

    #[test]
    fn reported_scores_convert_back() {
        for score in [0, 35, -420, MATE - 1, MATE - 6, -MATE + 2, -MATE + 7] {
            let back = score_of(ScoreReport::from_score(score));
            assert!((back - score).abs() <= 1, "{score} -> {back}");
        }
    }

    #[test]
    fn random_moves_cover_every_legal_move() {
        let board = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
        let n = board.legal_moves().len();
        let mut rng = StdRng::seed_from_u64(9);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..2000 {
            seen.insert(random_move(&board, &mut rng).unwrap());
        }
        assert_eq!(seen.len(), n);
    }
}
