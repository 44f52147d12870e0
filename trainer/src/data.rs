//! Training positions in memory: the binary game records of
//! `crate::datagen::format`, replayed, filtered and packed into 32-byte
//! [`Sample`]s, split into a training and a validation set.
//!
//! A sample keeps the board as the data format does (occupancy and 4-bit
//! piece codes) so that millions of positions fit in memory and shuffle
//! quickly; the features are computed from it when the position is used.

use crate::datagen::format::{Filter, GameReader, GameRecord, Outcome};
use eval::nnue::FeatureSet;
use movegen::{Board, Color};

/// One training position: the pieces, the side to move, and the targets from
/// the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Occupied squares (a1 = bit 0).
    pub occupied: u64,
    /// One code `colour << 3 | type` per occupied square, in square order, low
    /// nibble first.
    pub pieces: [u8; 16],
    /// Search score, centipawns, side to move's view.
    pub score: i16,
    /// Game result for the side to move: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// Side to move: 0 White, 1 Black.
    pub stm: u8,
}

impl Sample {
    /// Packs a position with its score (side to move's view) and the game's
    /// outcome.
    pub fn from_board(board: &Board, score: i16, outcome: Outcome) -> Sample {
        let occupied = board.occupied();
        let mut pieces = [0u8; 16];
        for (n, sq) in occupied.iter().enumerate().take(32) {
            if let Some(p) = board.piece_on(sq) {
                pieces[n / 2] |= ((p.color() as u8) << 3 | p.kind() as u8) << (4 * (n % 2));
            }
        }
        let stm = board.side_to_move();
        let result = (outcome.score_for(stm) * 2.0).round() as u8;
        Sample {
            occupied: occupied.0,
            pieces,
            score,
            result,
            stm: stm as u8,
        }
    }

    /// The result for the side to move: 0, 0.5 or 1.
    #[inline(always)]
    pub fn result_score(&self) -> f32 {
        f32::from(self.result) / 2.0
    }

    /// Writes the active features of the side to move (`us`) and of the other
    /// side (`them`) in `set`, as `docs/nnue.md` numbers them; returns how
    /// many.
    #[inline(always)]
    pub fn features(&self, set: FeatureSet, us: &mut [u16; 32], them: &mut [u16; 32]) -> usize {
        let stm = u16::from(self.stm & 1);
        // Black's view mirrors the board vertically (square ^ 56).
        let (mut flip_us, mut flip_them) = if stm == 0 { (0, 56) } else { (56, 0) };
        if set == FeatureSet::KingMirrored {
            // And each side's view left to right when its king is on e-h.
            let [white_king, black_king] = self.king_files();
            let (our_king, their_king) = if stm == 0 {
                (white_king, black_king)
            } else {
                (black_king, white_king)
            };
            flip_us |= if our_king >= 4 { 7 } else { 0 };
            flip_them |= if their_king >= 4 { 7 } else { 0 };
        }
        let mut bits = self.occupied;
        let mut n = 0;
        while bits != 0 && n < 32 {
            let sq = bits.trailing_zeros() as u16;
            bits &= bits - 1;
            let code = u16::from(self.pieces[n / 2] >> (4 * (n % 2)) & 15);
            let colour = code >> 3;
            let kind = code & 7;
            let own = if colour == stm { 0 } else { 384 };
            us[n] = own + 64 * kind + (sq ^ flip_us);
            them[n] = (384 - own) + 64 * kind + (sq ^ flip_them);
            n += 1;
        }
        n
    }

    /// The files (0 = a) of the white and the black king.
    fn king_files(&self) -> [u16; 2] {
        let mut files = [0; 2];
        let mut bits = self.occupied;
        let mut n = 0;
        while bits != 0 && n < 32 {
            let sq = bits.trailing_zeros() as u16;
            bits &= bits - 1;
            let code = self.pieces[n / 2] >> (4 * (n % 2)) & 15;
            if code & 7 == KING_CODE {
                files[usize::from(code >> 3)] = sq & 7;
            }
            n += 1;
        }
        files
    }

    /// A hash of the position (not the targets), for the validation split.
    pub fn position_hash(&self) -> u64 {
        let mut h = self.occupied ^ u64::from(self.stm) << 63;
        for chunk in self.pieces.chunks_exact(8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            h = mix(h ^ u64::from_le_bytes(word));
        }
        mix(h)
    }
}

/// The piece-type code of a king in [`Sample::pieces`].
const KING_CODE: u8 = movegen::PieceType::King as u8;

/// A 64-bit finaliser (splitmix64's).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Positions loaded for training.
#[derive(Debug, Default)]
pub struct Dataset {
    /// Training positions.
    pub train: Vec<Sample>,
    /// Held-out positions (`position_hash % val_every == 0`).
    pub val: Vec<Sample>,
    /// Games read.
    pub games: u64,
    /// Positions read before filtering.
    pub read: u64,
}

/// Loads every position of `paths` that passes `filter`; one position in
/// `val_every` (by position hash, so the same position always lands on the
/// same side) goes to the validation set, none when `val_every` is 0.
pub fn load(paths: &[String], filter: &Filter, val_every: u64) -> Result<Dataset, String> {
    let mut data = Dataset::default();
    let mut game = GameRecord {
        start: Board::startpos(),
        outcome: Outcome::Draw,
        plies: Vec::new(),
    };
    for path in paths {
        let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        let mut reader = GameReader::new(std::io::BufReader::with_capacity(1 << 20, file))
            .map_err(|e| format!("{path}: {e} (convert text data with `daba convert-data`)"))?;
        while reader.read_into(&mut game).map_err(|e| format!("{path}: {e}"))? {
            data.games += 1;
            let mut index = 0;
            game.for_each_position(reader.games() - 1, |board, ply| {
                data.read += 1;
                if filter.accepts(board, ply, index) {
                    let sample = Sample::from_board(board, ply.score, game.outcome);
                    if val_every > 0 && sample.position_hash().is_multiple_of(val_every) {
                        data.val.push(sample);
                    } else {
                        data.train.push(sample);
                    }
                }
                index += 1;
            })
            .map_err(|e| format!("{path}: {e}"))?;
        }
    }
    Ok(data)
}

/// The `S` that best predicts the results from the scores,
/// `argmin_S mean (sigmoid(score / S) - result)^2`, by golden-section search
/// over 50..2000 on up to a million samples. With this scale the net's
/// centipawns stay on the search's scale.
pub fn fit_scale(samples: &[Sample]) -> f64 {
    let step = (samples.len() / 1_000_000).max(1);
    let error = |s: f64| -> f64 {
        let (sum, n) = samples.iter().step_by(step).fold((0.0, 0u64), |(sum, n), x| {
            let p = 1.0 / (1.0 + (-f64::from(x.score) / s).exp());
            let d = p - f64::from(x.result_score());
            (sum + d * d, n + 1)
        });
        sum / n.max(1) as f64
    };
    let (mut lo, mut hi) = (50.0f64, 2000.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The side to move's colour of a sample.
pub fn side_to_move(sample: &Sample) -> Color {
    if sample.stm == 0 {
        Color::White
    } else {
        Color::Black
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Piece, PieceType, Square};

    #[test]
    fn features_follow_the_documented_numbering() {
        movegen::init();
        // White king e1, black queen d8, black to move.
        let board = Board::from_fen("3qk3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        let sample = Sample::from_board(&board, 0, Outcome::Draw);
        let (mut us, mut them) = ([0u16; 32], [0u16; 32]);
        let n = sample.features(FeatureSet::Plain, &mut us, &mut them);
        assert_eq!(n, 3);
        let feature = |perspective: Color, piece: Piece, sq: Square| -> u16 {
            let own = if piece.color() == perspective { 0 } else { 384 };
            let s = if perspective == Color::White {
                sq.index()
            } else {
                sq.index() ^ 56
            };
            (own + 64 * piece.kind().index() + s) as u16
        };
        let mut expect_us = Vec::new();
        let mut expect_them = Vec::new();
        for sq in board.occupied().iter() {
            let p = board.piece_on(sq).unwrap();
            expect_us.push(feature(Color::Black, p, sq));
            expect_them.push(feature(Color::White, p, sq));
        }
        assert_eq!(&us[..n], &expect_us[..]);
        assert_eq!(&them[..n], &expect_them[..]);
        // The black queen on d8 is black's own queen on d1 from black's view.
        let d8 = Square::parse("d8").unwrap();
        assert!(us[..n].contains(&(64 * PieceType::Queen.index() as u16 + (d8.index() as u16 ^ 56))));
        assert_eq!(side_to_move(&sample), Color::Black);
    }

    /// The trainer's features are the engine's, in both feature sets, for
    /// kings on either wing.
    #[test]
    fn features_match_the_engine_in_both_sets() {
        movegen::init();
        let fens = [
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
            "2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 b - - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/1K6 w - - 0 1",
            "1k6/ppp5/8/8/8/8/PPP5/2K5 b - - 0 1",
        ];
        for fen in fens {
            let board = Board::from_fen(fen).unwrap();
            let sample = Sample::from_board(&board, 0, Outcome::Draw);
            for set in [FeatureSet::Plain, FeatureSet::KingMirrored] {
                let (mut us, mut them) = ([0u16; 32], [0u16; 32]);
                let n = sample.features(set, &mut us, &mut them);
                let stm = board.side_to_move();
                for (mine, color) in [(&us, stm), (&them, !stm)] {
                    let mut engine = [0usize; 64];
                    let m = eval::nnue::active_features(set, &board, color, &mut engine);
                    let mut a: Vec<usize> = mine[..n].iter().map(|&f| usize::from(f)).collect();
                    let mut b = engine[..m].to_vec();
                    a.sort_unstable();
                    b.sort_unstable();
                    assert_eq!(a, b, "{fen} {set:?} {color:?}");
                }
            }
        }
    }

    #[test]
    fn the_fitted_scale_recovers_the_scale_of_synthetic_data() {
        // Results drawn so that P(win) = sigmoid(score / 250).
        let mut samples = Vec::new();
        let mut state = 12345u64;
        for i in 0..200_000 {
            let score = (i % 1601) as i16 - 800;
            state = mix(state.wrapping_add(i));
            let u = (state >> 11) as f64 / (1u64 << 53) as f64;
            let p = 1.0 / (1.0 + (-f64::from(score) / 250.0).exp());
            let result = if u < p { 2 } else { 0 };
            samples.push(Sample {
                occupied: 0,
                pieces: [0; 16],
                score,
                result,
                stm: 0,
            });
        }
        let s = fit_scale(&samples);
        assert!((s - 250.0).abs() < 15.0, "fitted {s}");
    }
}
