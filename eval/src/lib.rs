//! Static evaluation of a position, from the side to move's point of view.
//!
//! A tapered hand-crafted evaluation: every term has a middlegame and an
//! endgame weight, blended by how much material is left. The terms (material,
//! piece-square tables, mobility, pawn structure, passed pawns, king safety,
//! piece placement, threats, tempo, endgame scaling) live in `terms`; their
//! weights in one list (`weights`, laid out by `params`), which the Texel
//! tuner (`trainer::tune`, `daba tune`) fits to game results and writes back.
//! This crate is inference only: [`tuning_entry`] is what the tuner needs of
//! the evaluation's insides (each parameter's coefficient), and the NNUE
//! inference is in `nnue`; the training itself lives in the `trainer` crate.

pub mod file;
mod masks;
pub mod nnue;
pub mod params;
mod score;
pub mod sink;
mod terms;
pub mod weights;

use movegen::{Bitboard, Board, Color, PieceType};
pub use score::Score;
use sink::{Accumulator, Coefficients, Sink, TermCounts};

/// Simple piece values for move ordering and SEE (pawn = 100).
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 0];

/// Game phase contributed by each piece type; 24 with all pieces on the board.
const PHASE_WEIGHTS: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the starting position.
pub const MAX_PHASE: i32 = 24;

/// The game phase, 0 (pawns and kings only) to 24 (all pieces).
pub fn phase(board: &Board) -> i32 {
    let mut phase = 0;
    for kind in PieceType::ALL {
        phase += PHASE_WEIGHTS[kind.index()] * board.pieces(kind).count() as i32;
    }
    phase.min(MAX_PHASE)
}

/// Blends a score by phase, after scaling its endgame part by `scale`/64.
pub fn taper(score: Score, phase: i32, scale: i32) -> i32 {
    let eg = score.eg * scale / 64;
    (score.mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// A small cache of pawn-structure results keyed by the pawn key: pawn
/// structures repeat far more often than positions.
pub struct PawnCache {
    entries: Vec<PawnEntry>,
}

#[derive(Clone, Copy, Default)]
struct PawnEntry {
    key: u64,
    score: Score,
    passed: [Bitboard; 2],
}

const PAWN_CACHE_ENTRIES: usize = 1 << 14;

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache {
            entries: vec![
                PawnEntry {
                    key: 1,
                    ..PawnEntry::default()
                };
                PAWN_CACHE_ENTRIES
            ],
        }
    }
}

impl PawnCache {
    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(PawnEntry {
            key: 1,
            ..PawnEntry::default()
        });
    }

    fn probe(&mut self, board: &Board) -> PawnEntry {
        let key = board.pawn_key();
        let slot = &mut self.entries[(key as usize) & (PAWN_CACHE_ENTRIES - 1)];
        if slot.key != key {
            let mut acc = Accumulator::default();
            let passed = terms::pawn_structure(board, &mut acc);
            *slot = PawnEntry {
                key,
                score: acc.score[0] - acc.score[1],
                passed,
            };
        }
        *slot
    }
}

fn finish(board: &Board, white: Score) -> i32 {
    let scale = terms::endgame_scale(board, white.eg);
    let value = taper(white, phase(board), scale);
    if board.side_to_move() == Color::White {
        value
    } else {
        -value
    }
}

/// The evaluation in centipawns for the side to move, using `cache` for the
/// pawn structure.
pub fn evaluate_cached(board: &Board, cache: &mut PawnCache) -> i32 {
    let pawns = cache.probe(board);
    let mut acc = Accumulator::default();
    terms::evaluate_pieces(board, &mut acc, pawns.passed);
    finish(board, acc.score[0] - acc.score[1] + pawns.score)
}

/// The evaluation in centipawns for the side to move (no cache).
pub fn evaluate(board: &Board) -> i32 {
    let mut acc = Accumulator::default();
    evaluate_into(board, &mut acc);
    finish(board, acc.score[0] - acc.score[1])
}

fn evaluate_into<S: Sink>(board: &Board, sink: &mut S) {
    let passed = terms::pawn_structure(board, sink);
    terms::evaluate_pieces(board, sink, passed);
}

/// What the tuner needs of a position: the net coefficient of every
/// parameter (white minus black), the phase and the endgame scale.
#[derive(Clone, Debug)]
pub struct TuningEntry {
    /// Non-zero coefficients.
    pub coefficients: Vec<(u16, i16)>,
    /// Game phase, 0..24.
    pub phase: i32,
    /// Endgame scale out of 64, as the current weights give it.
    pub scale: i32,
}

/// The tuning view of `board` (white's point of view).
pub fn tuning_entry(board: &Board) -> TuningEntry {
    let mut coefs = Coefficients::default();
    evaluate_into(board, &mut coefs);
    coefs.compact();
    let mut acc = Accumulator::default();
    evaluate_into(board, &mut acc);
    let white = acc.score[0] - acc.score[1];
    TuningEntry {
        coefficients: coefs.entries,
        phase: phase(board),
        scale: terms::endgame_scale(board, white.eg),
    }
}

/// One line of the trace: a term's total for each side.
#[derive(Clone, Debug)]
pub struct TraceLine {
    /// The term's name.
    pub name: &'static str,
    /// White's and black's contributions.
    pub sides: [Score; 2],
}

/// The evaluation broken down by term, for the UCI command `eval`.
#[derive(Clone, Debug)]
pub struct Trace {
    /// One line per term that applies to either side.
    pub lines: Vec<TraceLine>,
    /// Game phase, 0..24.
    pub phase: i32,
    /// Endgame scale out of 64.
    pub scale: i32,
    /// White minus black, before tapering.
    pub total: Score,
    /// The final score for the side to move.
    pub final_score: i32,
}

/// Evaluates `board` with every term recorded.
pub fn trace(board: &Board) -> Trace {
    let mut counts = TermCounts::default();
    evaluate_into(board, &mut counts);
    let mut lines = Vec::new();
    let mut total = Score::default();
    for &(name, start, len) in params::TERMS {
        let mut sides = [Score::default(); 2];
        for (i, pair) in counts.counts[start..start + len].iter().enumerate() {
            for c in 0..2 {
                sides[c] += weights::WEIGHTS[start + i] * pair[c];
            }
        }
        if counts.counts[start..start + len]
            .iter()
            .any(|p| p[0] != 0 || p[1] != 0)
        {
            lines.push(TraceLine { name, sides });
        }
        total += sides[0] - sides[1];
    }
    let scale = terms::endgame_scale(board, total.eg);
    Trace {
        lines,
        phase: phase(board),
        scale,
        total,
        final_score: finish(board, total),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suites() -> Vec<String> {
        let mut fens = Vec::new();
        for text in [
            include_str!("../../tests/data/standard.epd"),
            include_str!("../../tests/data/silent-but-deadly.epd"),
            include_str!("../../tests/data/bratko-kopec.epd"),
        ] {
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let fen = line.split(';').next().unwrap().trim();
                let fields: Vec<&str> = fen.split_whitespace().collect();
                fens.push(fields[..4.min(fields.len())].join(" "));
            }
        }
        fens
    }

    #[test]
    fn colour_flip_gives_the_same_score_for_every_term() {
        for fen in suites() {
            let a = Board::from_fen(&fen).unwrap();
            let b = Board::from_fen(&fen).unwrap().mirrored();
            assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
            let (ta, tb) = (trace(&a), trace(&b));
            assert_eq!(ta.lines.len(), tb.lines.len(), "{fen}");
            for (la, lb) in ta.lines.iter().zip(&tb.lines) {
                assert_eq!(
                    (la.name, la.sides[0], la.sides[1]),
                    (lb.name, lb.sides[1], lb.sides[0]),
                    "{fen}"
                );
            }
        }
    }

    #[test]
    fn cached_and_uncached_agree_and_trace_adds_up() {
        let mut cache = PawnCache::default();
        for fen in suites() {
            let board = Board::from_fen(&fen).unwrap();
            assert_eq!(evaluate_cached(&board, &mut cache), evaluate(&board), "{fen}");
            assert_eq!(
                evaluate_cached(&board, &mut cache),
                evaluate(&board),
                "{fen} (cache hit)"
            );
            assert_eq!(trace(&board).final_score, evaluate(&board), "{fen}");
        }
    }

    #[test]
    fn coefficients_reproduce_the_evaluation() {
        for fen in suites().iter().take(80) {
            let board = Board::from_fen(fen).unwrap();
            let entry = tuning_entry(&board);
            let mut white = Score::default();
            for &(i, c) in &entry.coefficients {
                white += weights::WEIGHTS[i as usize] * c as i32;
            }
            let value = taper(white, entry.phase, entry.scale);
            let stm = if board.side_to_move() == Color::White {
                value
            } else {
                -value
            };
            assert_eq!(stm, evaluate(&board), "{fen}");
        }
    }

    #[test]
    fn material_matters_and_scaling_applies() {
        let start = Board::startpos();
        assert!(evaluate(&start).abs() < 40);
        let up_a_queen = Board::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert!(evaluate(&up_a_queen) > 700);
        assert_eq!(phase(&start), 24);
        // Two knights cannot force mate: scaled to zero in the endgame.
        let knn = Board::from_fen("8/8/4k3/8/8/3NNK2/8/8 w - - 0 1").unwrap();
        assert_eq!(trace(&knn).scale, 0);
        assert!(evaluate(&knn) < 100, "{}", evaluate(&knn));
        // Opposite-coloured bishops with pawns: halved.
        let ocb = Board::from_fen("8/4bk2/8/8/3P4/2PB4/5K2/8 w - - 0 1").unwrap();
        assert_eq!(trace(&ocb).scale, 32);
    }
}
