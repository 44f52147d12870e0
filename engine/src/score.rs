//! Scores: the one home of the units the search counts in (centipawns, side
//! to move's view), the values that mark mates and tablebase results, the
//! conversion to what UCI reports, and the conversion of mate scores to and
//! from the hash table.
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
/// The score of a tablebase win at the root, less the plies to it; below
/// mate scores, so mates found by the search still rank above it.
pub const TB_WIN: i32 = 20_000;
/// The score of a cursed win (a tablebase win that the fifty-move rule
/// turns into a draw) when the rule is not applied, less the plies to it:
/// below every true tablebase win.
pub const TB_CURSED_WIN: i32 = TB_WIN - 1000;

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

/// A score as the hash table stores it for a node at `ply`: mate scores as
/// the distance from this node, not from the root, so a stored mate stays
/// right at any ply.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score read from the hash table at `ply`, undoing [`to_tt`].
#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_count_mates_in_moves() {
        assert_eq!(ScoreReport::from_score(35), ScoreReport::Cp(35));
        assert_eq!(
            ScoreReport::from_score(-MATE_BOUND + 1),
            ScoreReport::Cp(-MATE_BOUND + 1)
        );
        assert_eq!(ScoreReport::from_score(TB_WIN - 3), ScoreReport::Cp(TB_WIN - 3));
        assert_eq!(ScoreReport::from_score(MATE - 1), ScoreReport::Mate(1));
        assert_eq!(ScoreReport::from_score(MATE - 3), ScoreReport::Mate(2));
        assert_eq!(ScoreReport::from_score(-MATE + 2), ScoreReport::Mate(-1));
        assert_eq!(ScoreReport::from_score(-MATE), ScoreReport::Mate(0));
    }

    #[test]
    fn hash_table_scores_round_trip() {
        for score in [0, 17, -250, TB_WIN - 9, -TB_CURSED_WIN, MATE - 7, -MATE + 12] {
            for ply in [0, 1, 5, 60] {
                assert_eq!(from_tt(to_tt(score, ply), ply), score, "{score} at ply {ply}");
            }
        }
        // Mate in 3 plies from a node at ply 4 is mate in 7 from the root,
        // and in 5 from a node at ply 2.
        assert_eq!(to_tt(MATE - 7, 4), MATE - 3);
        assert_eq!(from_tt(MATE - 3, 2), MATE - 5);
        assert_eq!(to_tt(150, 9), 150);
    }
}
