//! Perft: the number of leaf nodes of the legal move tree to a fixed depth,
//! the standard test of a move generator. The last ply is counted in bulk
//! (moves are counted, not made).

use crate::board::Board;
use crate::moves::Move;
use rayon::prelude::*;

/// Leaf nodes at `depth` plies from `board`, single-threaded.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_legal_moves(),
        _ => board
            .legal_moves()
            .iter()
            .map(|&mv| perft(&board.play(mv), depth - 1))
            .sum(),
    }
}

/// Perft per root move, in generation order.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    board
        .legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&board.play(mv), depth - 1)))
        .collect()
}

/// Perft per root move with the root moves shared out over rayon's threads.
pub fn divide_parallel(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<Move> = board.legal_moves().iter().copied().collect();
    moves
        .par_iter()
        .map(|&mv| (mv, perft(&board.play(mv), depth - 1)))
        .collect()
}

/// Perft with the root moves shared out over rayon's threads.
pub fn perft_parallel(board: &Board, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(board, depth);
    }
    divide_parallel(board, depth).iter().map(|(_, n)| n).sum()
}
