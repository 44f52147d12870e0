//! Scores: the one home of the units the search counts in (centipawns, side
//! to move's view) and of the values that mark mates, and of the conversion
//! to what UCI reports.
//!
//! It sits below every module that handles scores (the search, the hash
//! table, tablebases, the WDL model, playing levels, the UCI layer) and
//! imports none of them, so they can all share it without importing each
//! other.

/// The score of being mated at the root; mate in `n` plies is `MATE - n`.
pub const MATE: i32 = 32_000;
/// Larger than any score.
pub const INFINITY: i32 = 32_001;
/// Scores at least this far from zero are mate scores.
pub const MATE_BOUND: i32 = 31_000;

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreReport {
    /// Centipawns, side to move's view.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl ScoreReport {
    /// Converts an internal score.
    pub fn from_score(score: i32) -> ScoreReport {
        if score >= MATE_BOUND {
            ScoreReport::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            ScoreReport::Mate(-(MATE + score) / 2)
        } else {
            ScoreReport::Cp(score)
        }
    }
}
