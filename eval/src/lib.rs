//! Static evaluation of a position, from the side to move's point of view.
//!
//! This is the starting evaluation: material and piece-square tables, each a
//! middlegame and an endgame value, blended ("tapered") by how much material
//! is left. The piece-square tables are built from a few readable rules
//! (centralise knights, advance pawns, keep the king sheltered in the
//! middlegame and central in the endgame) rather than typed in, so every
//! number has a reason. Later work replaces them with tuned terms.

use movegen::{Board, Color, PieceType, Square};
use std::sync::LazyLock;

/// A middlegame and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

impl Score {
    /// A score from its two halves.
    pub const fn new(mg: i32, eg: i32) -> Score {
        Score { mg, eg }
    }
}

impl std::ops::Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        Score::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl std::ops::Sub for Score {
    type Output = Score;
    fn sub(self, o: Score) -> Score {
        Score::new(self.mg - o.mg, self.eg - o.eg)
    }
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        *self = *self + o;
    }
}

/// Piece values (pawn, knight, bishop, rook, queen, king), middlegame and endgame.
pub const PIECE_VALUES: [Score; 6] = [
    Score::new(90, 120),
    Score::new(320, 300),
    Score::new(335, 320),
    Score::new(480, 540),
    Score::new(960, 1000),
    Score::new(0, 0),
];

/// Simple piece values for move ordering and SEE (pawn = 100).
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 0];

/// Game phase contributed by each piece type; 24 at the start.
const PHASE_WEIGHTS: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// Bonus for the side to move.
const TEMPO: Score = Score::new(15, 5);

fn centre_distance(sq: Square) -> i32 {
    // 0 in the four centre squares, 3 in the corners' files/ranks.
    let f = sq.file().index() as i32;
    let r = sq.rank().index() as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df.max(dr) + (df + dr) / 2
}

/// Piece-square bonus for a white piece of `kind` on `sq` (rank 1 at the bottom).
fn psq_rule(kind: PieceType, sq: Square) -> Score {
    let f = sq.file().index() as i32;
    let r = sq.rank().index() as i32;
    let centre = 4 - centre_distance(sq); // 4 in the middle down to about -1 in corners
    let central_file = 3 - if f < 4 { 3 - f } else { f - 4 }; // 3 on d/e, 0 on a/h
    match kind {
        PieceType::Pawn => {
            // Advance, especially in the endgame; central pawns are worth
            // more in the middlegame; pawns in front of a castled king stay.
            let advance = r - 1;
            let mut mg = advance * 4
                + if (2..=5).contains(&f) && (3..=4).contains(&r) {
                    12
                } else {
                    0
                };
            if (f <= 2 || f >= 5) && r == 1 {
                mg += 6;
            }
            Score::new(mg, advance * advance * 3)
        }
        PieceType::Knight => Score::new(centre * 9 - 12, centre * 7 - 10),
        PieceType::Bishop => {
            let diagonal = if f == r || f + r == 7 { 6 } else { 0 };
            Score::new(centre * 4 + diagonal - 6, centre * 4 - 6)
        }
        PieceType::Rook => {
            let seventh = if r == 6 { 18 } else { 0 };
            Score::new(central_file * 3 + seventh - 3, seventh / 2)
        }
        PieceType::Queen => Score::new(centre * 2 - 4, centre * 6 - 8),
        PieceType::King => {
            // Middlegame: at home and off the centre files. Endgame: central.
            let home = if r == 0 { 10 } else { -12 * r };
            let mg = home - central_file * 10 + if f == 6 || f == 1 || f == 2 { 10 } else { 0 };
            Score::new(mg, centre * 12 - 20)
        }
    }
}

/// Piece-square tables indexed by `[piece index][square]` with material
/// included, white's view; black mirrors the square.
static PSQT: LazyLock<[[Score; 64]; 12]> = LazyLock::new(|| {
    let mut table = [[Score::default(); 64]; 12];
    for kind in PieceType::ALL {
        for sq in Square::all() {
            let white = PIECE_VALUES[kind.index()] + psq_rule(kind, sq);
            table[kind.index()][sq.index()] = white;
            let black = PIECE_VALUES[kind.index()] + psq_rule(kind, sq.flip_rank());
            table[6 + kind.index()][sq.index()] = Score::new(-black.mg, -black.eg);
        }
    }
    table
});

/// The game phase, 0 (bare kings) to 24 (all pieces).
pub fn phase(board: &Board) -> i32 {
    let mut phase = 0;
    for kind in PieceType::ALL {
        phase += PHASE_WEIGHTS[kind.index()] * board.pieces(kind).count() as i32;
    }
    phase.min(MAX_PHASE)
}

fn taper(score: Score, phase: i32) -> i32 {
    (score.mg * phase + score.eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// The terms of the evaluation, white's view, for `daba eval`.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// Material per side (white, black), both halves.
    pub material: [Score; 2],
    /// Piece-square bonuses per side.
    pub placement: [Score; 2],
    /// The tempo bonus, for the side to move.
    pub tempo: Score,
    /// Game phase, 0 to 24.
    pub phase: i32,
    /// Final score, side to move's view.
    pub total: i32,
}

/// Evaluates `board` with every term recorded.
pub fn trace(board: &Board) -> Trace {
    let table = &*PSQT;
    let mut t = Trace::default();
    for sq in board.occupied() {
        let piece = board.piece_on(sq).expect("occupied");
        let side = piece.color().index();
        let value = PIECE_VALUES[piece.kind().index()];
        let full = table[piece.index()][sq.index()];
        let full = if side == 0 {
            full
        } else {
            Score::new(-full.mg, -full.eg)
        };
        t.material[side] += value;
        t.placement[side] += full - value;
    }
    t.phase = phase(board);
    let white = t.material[0] - t.material[1] + t.placement[0] - t.placement[1];
    let stm = if board.side_to_move() == Color::White {
        white
    } else {
        Score::new(-white.mg, -white.eg)
    };
    t.tempo = TEMPO;
    t.total = taper(stm + TEMPO, t.phase);
    t
}

/// The static evaluation in centipawns for the side to move.
pub fn evaluate(board: &Board) -> i32 {
    let table = &*PSQT;
    let mut sum = Score::default();
    for sq in board.occupied() {
        let piece = board.piece_on(sq).expect("occupied");
        sum += table[piece.index()][sq.index()];
    }
    let stm = if board.side_to_move() == Color::White {
        sum
    } else {
        Score::new(-sum.mg, -sum.eg)
    };
    taper(stm + TEMPO, phase(board))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The colour-flipped FEN: ranks mirrored, colours and side swapped.
    fn flip_fen(fen: &str) -> String {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let placement: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        let castling: String = if fields[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = fields[2]
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            c.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
            c.into_iter().collect()
        };
        format!("{} {} {} - 0 1", placement.join("/"), side, castling)
    }

    #[test]
    fn colour_flip_gives_the_same_score() {
        let text = include_str!("../../tests/data/standard.epd");
        for line in text.lines().take(60) {
            let fen = line.split(';').next().unwrap().trim();
            let a = Board::from_fen(fen).unwrap();
            let b = Board::from_fen(&flip_fen(fen)).unwrap();
            assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
            assert_eq!(trace(&a).total, evaluate(&a));
        }
    }

    #[test]
    fn start_position_is_balanced_and_material_counts() {
        let start = Board::startpos();
        assert_eq!(evaluate(&start), TEMPO.mg);
        let up_a_queen = Board::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert!(evaluate(&up_a_queen) > 800);
        assert_eq!(phase(&start), 24);
    }
}
