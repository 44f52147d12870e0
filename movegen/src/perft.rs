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
        _ => {
            // Moves are played as the generator yields them: no move list
            // to fill (and zero) at every inner node.
            let mut nodes = 0;
            board.for_each_legal_move(|mv| {
                // Not `play`: the board it returns by value would be copied
                // once more into this frame.
                let mut child = board.copy_for_move();
                child.make_move(mv);
                nodes += perft(&child, depth - 1);
            });
            nodes
        }
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
