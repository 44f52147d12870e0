//! Helpers shared by the movegen integration tests: the EPD suites, square and
//! move shorthands, and a seeded random-game driver.

#![allow(dead_code)]

use movegen::{Board, Move, Square};
use rand::rngs::StdRng;
use rand::Rng;

/// The standard perft suite (FEN ;D1 n ;D2 n ...).
pub const STANDARD_EPD: &str = include_str!("../../../tests/data/standard.epd");
/// The Chess960 perft suite (Shredder-FEN castling).
pub const FISCHER_EPD: &str = include_str!("../../../tests/data/fischer.epd");

/// Kiwipete, the classic move generator torture position.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// One line of a perft suite.
pub struct PerftCase {
    pub fen: String,
    /// (depth, expected leaf count), in file order.
    pub depths: Vec<(u32, u64)>,
}

/// Parses a perft EPD file.
pub fn perft_cases(text: &str) -> Vec<PerftCase> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let depths = parts
                .map(|p| {
                    let p = p.trim();
                    let (d, n) = p.split_once(' ').expect("'Dn count'");
                    (d[1..].parse().unwrap(), n.trim().parse().unwrap())
                })
                .collect();
            PerftCase { fen, depths }
        })
        .collect()
}

/// The FENs of a perft suite.
pub fn suite_fens(text: &str) -> Vec<String> {
    perft_cases(text).into_iter().map(|c| c.fen).collect()
}

/// A square from its name.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// A board from a FEN that must be valid.
pub fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves in UCI notation, sorted.
pub fn uci_moves(board: &Board, chess960: bool) -> Vec<String> {
    let mut v: Vec<String> = board.legal_moves().iter().map(|m| m.to_uci(chess960)).collect();
    v.sort();
    v
}

/// Plays a sequence of UCI moves (either castling form), returning the boards
/// after each move.
pub fn play_uci(start: &Board, moves: &[&str]) -> Vec<Board> {
    let mut b = *start;
    let mut out = Vec::new();
    for text in moves {
        let mv = b
            .parse_uci(text, b.is_chess960())
            .unwrap_or_else(|e| panic!("{}: {e}", b.to_fen()));
        b = b.play(mv);
        out.push(b);
    }
    out
}

/// A random legal move, preferring noisy moves half of the time so that
/// random games reach captures, promotions and en passant more often.
pub fn random_move(board: &Board, rng: &mut StdRng) -> Option<Move> {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if rng.gen_bool(0.5) {
        let noisy = board.noisy_moves();
        if !noisy.is_empty() {
            return Some(noisy[rng.gen_range(0..noisy.len())]);
        }
    }
    Some(moves[rng.gen_range(0..moves.len())])
}

/// The start positions for random games: the standard start, Kiwipete, a few
/// true Chess960 starts (king on b, e, g; castling that leaves the king or the
/// rook in place) and the first positions of the Chess960 perft suite.
pub fn random_game_starts() -> Vec<Board> {
    let mut fens: Vec<String> = vec![
        movegen::START_FEN.to_string(),
        KIWIPETE.to_string(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1".to_string(),
        "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAca - 0 1".to_string(),
        "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1".to_string(),
        "qnrbkrbn/pppppppp/8/8/8/8/PPPPPPPP/QNRBKRBN w FCfc - 0 1".to_string(),
    ];
    fens.extend(suite_fens(FISCHER_EPD).into_iter().take(6));
    fens.iter().map(|f| board(f)).collect()
}
