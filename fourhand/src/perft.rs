//! Perft: the number of leaf nodes of the ply tree to a fixed depth. Every
//! turn is one ply, passes and mates included, and a finished game has no
//! plies. Two independent paths count the same tree: [`perft`] copies the
//! position for each child and counts the last ply in bulk (the length of
//! the list of legal plies); [`perft_make_unmake`] walks one position with
//! [`Position::make`] and [`Position::unmake`] down to the leaves.

use crate::moves::Ply;
use crate::outcome::Turn;
use crate::position::Position;

/// Leaf nodes at `depth` plies, copy-make with bulk counting at the last ply.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let plies = pos.legal_plies();
    if depth == 1 {
        return plies.len() as u64;
    }
    plies
        .into_iter()
        .map(|ply| perft(&pos.play(ply), depth - 1))
        .sum()
}

/// Leaf nodes at `depth` plies, by make and unmake on one position, every
/// leaf visited.
pub fn perft_make_unmake(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Turn::Play(plies) = pos.turn_mut() else {
        return 0;
    };
    let mut nodes = 0;
    for ply in plies {
        let undo = pos.make(ply);
        nodes += perft_make_unmake(pos, depth - 1);
        pos.unmake(undo);
    }
    nodes
}

/// Perft per root ply, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Ply, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_plies()
        .into_iter()
        .map(|ply| (ply, perft(&pos.play(ply), depth - 1)))
        .collect()
}
