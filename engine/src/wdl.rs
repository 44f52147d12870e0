//! Win/draw/loss estimates for `UCI_ShowWDL`: Daba's own model, fitted to the
//! outcomes of its self-play games by `scripts/wdl_fit.py` (docs/wdl.md).
//!
//! For the side to move with search score `s` (centipawns) and root material
//! `m` (pawn 1, knight and bishop 3, rook 5, queen 9; both sides; at most 78):
//!
//! ```text
//! win  = sigmoid(( s - a(x)) / b(x))      x = min(m, 78) / 78
//! loss = sigmoid((-s - a(x)) / b(x))      a, b: cubics in x (A, B below)
//! draw = 1 - win - loss
//! ```
//!
//! in per mille, summing to exactly 1000. Mate scores are certain: 1000 0 0
//! for the side that mates, 0 0 1000 for the side being mated. A score of 0
//! from a draw by rule (repetition, fifty moves, dead material) found inside
//! the search is still read through the model, like any other score; only a
//! stalemate at the root, which the UCI layer sees itself, is a certain draw,
//! and so is a tablebase draw at the root (the root probe knows the result,
//! which the score alone cannot tell; tablebase wins and losses are certain
//! too).
//! Showing WDL changes nothing in the search.

use crate::score::{ScoreReport, MATE_BOUND};
use movegen::{Board, PieceType};

/// Coefficients of a(x) = A[0] + A[1] x + A[2] x^2 + A[3] x^3, centipawns:
/// the score at which a win is as likely as not.
pub const A: [f64; 4] = [547.504, -1662.009, 2236.439, -1038.251];
/// Coefficients of b(x), centipawns: how fast the curves rise around a.
pub const B: [f64; 4] = [137.934, -194.340, 546.413, -318.581];
/// The material of the starting position; larger values (promotions) count
/// as this.
pub const MAX_MATERIAL: i32 = 78;
/// Material value of each piece type, king last (0).
pub const PIECE_MATERIAL: [i32; 6] = [1, 3, 3, 5, 9, 0];

/// Win, draw and loss chances in per mille, side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    /// Per mille chance of winning.
    pub win: u32,
    /// Per mille chance of a draw.
    pub draw: u32,
    /// Per mille chance of losing.
    pub loss: u32,
}

impl Wdl {
    /// A certain win.
    pub const WIN: Wdl = Wdl {
        win: 1000,
        draw: 0,
        loss: 0,
    };
    /// A certain draw (stalemate; later a tablebase draw).
    pub const DRAW: Wdl = Wdl {
        win: 0,
        draw: 1000,
        loss: 0,
    };
    /// A certain loss.
    pub const LOSS: Wdl = Wdl {
        win: 0,
        draw: 0,
        loss: 1000,
    };

    /// The other side's view.
    pub fn reversed(self) -> Wdl {
        Wdl {
            win: self.loss,
            draw: self.draw,
            loss: self.win,
        }
    }
}

impl std::fmt::Display for Wdl {
    /// `W D L`, as `info ... wdl W D L` writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} {}", self.win, self.draw, self.loss)
    }
}

/// Material of both sides together, as the model counts it.
pub fn material(board: &Board) -> i32 {
    [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
    ]
    .into_iter()
    .map(|kind| PIECE_MATERIAL[kind.index()] * board.pieces(kind).count() as i32)
    .sum()
}

fn polynomial(coefs: &[f64; 4], x: f64) -> f64 {
    coefs.iter().rev().fold(0.0, |acc, c| acc * x + c)
}

/// The model's parameters (a, b) in centipawns at this material.
pub fn parameters(material: i32) -> (f64, f64) {
    let x = f64::from(material.clamp(0, MAX_MATERIAL)) / f64::from(MAX_MATERIAL);
    (polynomial(&A, x), polynomial(&B, x))
}

/// Per mille chance that the side to move wins with this score: the
/// loss chance is `win_per_mille(-score, ..)`, so the model is symmetric.
fn win_per_mille(score: i32, a: f64, b: f64) -> u32 {
    let p = 1.0 / (1.0 + ((a - f64::from(score)) / b).exp());
    (1000.0 * p).round() as u32
}

/// The estimate for an internal search score (side to move's view; mate
/// scores beyond [`MATE_BOUND`] are certain) at this root material.
pub fn wdl(score: i32, material: i32) -> Wdl {
    if score >= MATE_BOUND {
        return Wdl::WIN;
    }
    if score <= -MATE_BOUND {
        return Wdl::LOSS;
    }
    let (a, b) = parameters(material);
    let mut win = win_per_mille(score, a, b);
    let mut loss = win_per_mille(-score, a, b);
    // a > 0 keeps win + loss below 1000 before rounding; rounding both up
    // could still reach 1001 in principle: take it from the larger.
    if win + loss > 1000 {
        if win >= loss {
            win -= 1;
        } else {
            loss -= 1;
        }
    }
    Wdl {
        win,
        draw: 1000 - win - loss,
        loss,
    }
}

/// The estimate for a score as UCI reports it (`mate 0`: mated).
pub fn wdl_of_report(score: ScoreReport, material: i32) -> Wdl {
    match score {
        ScoreReport::Mate(m) if m > 0 => Wdl::WIN,
        ScoreReport::Mate(_) => Wdl::LOSS,
        ScoreReport::Cp(cp) => wdl(cp, material),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    fn total(w: Wdl) -> u32 {
        w.win + w.draw + w.loss
    }

    #[test]
    fn parameters_are_positive_over_the_whole_range() {
        for m in 0..=MAX_MATERIAL {
            let (a, b) = parameters(m);
            assert!(a > 50.0 && b > 50.0, "material {m}: a {a} b {b}");
        }
        assert_eq!(parameters(100), parameters(MAX_MATERIAL));
        assert_eq!(parameters(-5), parameters(0));
    }

    #[test]
    fn sums_to_1000_and_is_symmetric() {
        for m in (0..=90).step_by(3) {
            for s in (-4000..=4000).step_by(7) {
                let w = wdl(s, m);
                assert_eq!(total(w), 1000, "score {s} material {m}: {w:?}");
                assert_eq!(w, wdl(-s, m).reversed(), "score {s} material {m}");
            }
        }
    }

    #[test]
    fn monotone_in_the_score() {
        for m in [0, 9, 17, 30, 45, 58, 78] {
            let mut last = wdl(-5000, m);
            for s in -4999..=5000 {
                let w = wdl(s, m);
                assert!(w.win >= last.win && w.loss <= last.loss, "{s} {m}");
                last = w;
            }
        }
    }

    #[test]
    fn even_scores_are_even_and_drawish_in_endgames() {
        let opening = wdl(0, 78);
        assert_eq!(opening.win, opening.loss);
        let endgame = wdl(0, 20);
        assert!(endgame.draw > opening.draw, "{endgame:?} {opening:?}");
        // A pawn up means more in an endgame than in the opening.
        assert!(wdl(100, 30).loss < wdl(100, 78).loss);
        assert!(wdl(100, 78).win > wdl(100, 78).loss);
    }

    #[test]
    fn matches_the_table_in_docs_wdl_md() {
        let w = |s, m| wdl(s, m).to_string();
        assert_eq!(w(0, 78), "380 240 380");
        assert_eq!(w(100, 78), "524 221 255");
        assert_eq!(w(100, 58), "468 325 207");
        assert_eq!(w(300, 40), "755 205 40");
        assert_eq!(w(100, 20), "219 732 49");
        assert_eq!(w(0, 8), "38 924 38");
        assert_eq!(w(673, 6), "871 129 0");
        assert_eq!(w(1170, 9), "998 2 0");
    }

    #[test]
    fn mates_and_extremes() {
        for m in [0, 40, 78] {
            assert_eq!(wdl(MATE - 1, m), Wdl::WIN);
            assert_eq!(wdl(MATE_BOUND, m), Wdl::WIN);
            assert_eq!(wdl(-MATE + 2, m), Wdl::LOSS);
            assert_eq!(wdl(-MATE_BOUND, m), Wdl::LOSS);
            assert_eq!(
                wdl(MATE_BOUND - 1, m),
                Wdl::WIN,
                "a huge cp score rounds to a win"
            );
            assert_eq!(wdl(-(MATE_BOUND - 1), m), Wdl::LOSS);
            assert_eq!(wdl(i32::MAX, m), Wdl::WIN);
            assert_eq!(wdl(i32::MIN + 1, m), Wdl::LOSS);
        }
        assert_eq!(wdl_of_report(ScoreReport::Mate(3), 40), Wdl::WIN);
        assert_eq!(wdl_of_report(ScoreReport::Mate(-2), 40), Wdl::LOSS);
        assert_eq!(wdl_of_report(ScoreReport::Mate(0), 40), Wdl::LOSS);
        assert_eq!(wdl_of_report(ScoreReport::Cp(35), 40), wdl(35, 40));
        assert_eq!(Wdl::DRAW.to_string(), "0 1000 0");
    }

    #[test]
    fn material_counts_both_sides() {
        assert_eq!(material(&Board::startpos()), 78);
        let b = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert_eq!(material(&b), 9);
        let b = Board::from_fen("4k3/pp6/8/8/8/8/8/R3K2N w - - 0 1").unwrap();
        assert_eq!(material(&b), 10);
    }
}
