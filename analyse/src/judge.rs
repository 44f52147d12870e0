//! How evaluations become marks and accuracy (docs/analyse.md).
//!
//! A move is judged by what it cost its side in *expected score*: the
//! engine's win/draw/loss estimate (`engine::wdl`) turned into points,
//! `E = W + D/2` per mille. Before the move the side could reach the best
//! line's E (the search of the position before); after it, E is what the
//! search of the position after gives, seen from the side that moved. The
//! drop, `E(best) - E(played)`, is at least 0, and 0 when the move played
//! is the move the engine would play.
//!
//! | mark | drop in expected score |
//! |---|---|
//! | `?!` inaccuracy | 50 per mille (5 points in 100) or more |
//! | `?` mistake | 100 or more |
//! | `??` blunder | 200 or more |
//!
//! A move's accuracy is `103.1668 * exp(-0.04354 * d) - 3.1669` per cent,
//! `d` the drop in points out of 100, clamped to 0..100 (the curve lichess
//! published for its accuracy); a side's accuracy is the mean over its
//! judged moves, moves without a choice (one legal move) left out.

use crate::search::PositionEval;
use engine::wdl::Wdl;
use movegen::Move;

/// Drops (per mille of expected score) from which each mark applies.
pub const INACCURACY: u32 = 50;
/// See [`INACCURACY`].
pub const MISTAKE: u32 = 100;
/// See [`INACCURACY`].
pub const BLUNDER: u32 = 200;

/// A move's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Mark {
    /// The mark for a drop, if any.
    pub fn from_drop(drop: u32) -> Option<Mark> {
        if drop >= BLUNDER {
            Some(Mark::Blunder)
        } else if drop >= MISTAKE {
            Some(Mark::Mistake)
        } else if drop >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// `?!`, `?` or `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The NAG: 6, 2 or 4.
    pub fn nag(self) -> u16 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    /// `Inaccuracy`, `Mistake` or `Blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "Inaccuracy",
            Mark::Mistake => "Mistake",
            Mark::Blunder => "Blunder",
        }
    }
}

/// Expected score in per mille: wins count 1, draws one half. Twice the
/// value is kept so that it stays an integer.
pub fn expected_x2(wdl: Wdl) -> u32 {
    2 * wdl.win + wdl.draw
}

/// The verdict on one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// Expected score lost, per mille (0 to 1000).
    pub drop: u32,
    /// The mark, if the drop earns one.
    pub mark: Option<Mark>,
    /// Accuracy of the move, per cent.
    pub accuracy: f64,
}

/// Judges `played` from the evaluations of the positions before and after it
/// (each from its own side to move's view).
pub fn judge(before: &PositionEval, played: Move, after: &PositionEval) -> Verdict {
    let drop = if before.best() == Some(played) {
        0
    } else {
        let best = expected_x2(before.wdl);
        let reached = expected_x2(after.wdl.reversed());
        // Halve, rounding half a per mille up.
        best.saturating_sub(reached).div_ceil(2)
    };
    Verdict {
        drop,
        mark: Mark::from_drop(drop),
        accuracy: move_accuracy(drop),
    }
}

/// Accuracy in per cent of a move that lost `drop` per mille.
pub fn move_accuracy(drop: u32) -> f64 {
    let points = f64::from(drop) / 10.0;
    (103.1668 * (-0.04354 * points).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Counts and accuracy of one side's judged moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Inaccuracies, mistakes, blunders.
    pub inaccuracies: usize,
    /// See above.
    pub mistakes: usize,
    /// See above.
    pub blunders: usize,
    /// Sum of the accuracies of the moves that count for accuracy.
    accuracy_sum: f64,
    /// How many moves count for accuracy.
    accuracy_moves: usize,
}

impl SideSummary {
    /// Adds a judged move; `forced` (one legal move) counts for no accuracy.
    pub fn add(&mut self, verdict: &Verdict, forced: bool) {
        match verdict.mark {
            Some(Mark::Inaccuracy) => self.inaccuracies += 1,
            Some(Mark::Mistake) => self.mistakes += 1,
            Some(Mark::Blunder) => self.blunders += 1,
            None => {}
        }
        if !forced {
            self.accuracy_sum += verdict.accuracy;
            self.accuracy_moves += 1;
        }
    }

    /// Mean accuracy of the moves that count, per cent; `None` without any.
    pub fn accuracy(&self) -> Option<f64> {
        (self.accuracy_moves > 0).then(|| self.accuracy_sum / self.accuracy_moves as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds() {
        assert_eq!(Mark::from_drop(0), None);
        assert_eq!(Mark::from_drop(49), None);
        assert_eq!(Mark::from_drop(50), Some(Mark::Inaccuracy));
        assert_eq!(Mark::from_drop(100), Some(Mark::Mistake));
        assert_eq!(Mark::from_drop(199), Some(Mark::Mistake));
        assert_eq!(Mark::from_drop(200), Some(Mark::Blunder));
        assert_eq!(Mark::from_drop(1000), Some(Mark::Blunder));
    }

    #[test]
    fn accuracy_curve() {
        assert!((move_accuracy(0) - 100.0).abs() < 0.001);
        assert!(move_accuracy(50) > move_accuracy(100));
        assert_eq!(move_accuracy(1000), 0.0);
        let mut side = SideSummary::default();
        side.add(
            &Verdict {
                drop: 0,
                mark: None,
                accuracy: 100.0,
            },
            false,
        );
        side.add(
            &Verdict {
                drop: 300,
                mark: Some(Mark::Blunder),
                accuracy: 20.0,
            },
            false,
        );
        side.add(
            &Verdict {
                drop: 0,
                mark: None,
                accuracy: 100.0,
            },
            true,
        );
        assert_eq!(side.accuracy(), Some(60.0));
        assert_eq!(side.blunders, 1);
    }

    #[test]
    fn expected_score() {
        assert_eq!(expected_x2(Wdl::WIN), 2000);
        assert_eq!(expected_x2(Wdl::DRAW), 1000);
        assert_eq!(expected_x2(Wdl::LOSS), 0);
    }
}
