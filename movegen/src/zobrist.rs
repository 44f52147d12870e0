//! Zobrist keys: one random 64-bit number per (piece, square), side to move,
//! castling-rights set and en-passant file. A fixed seed makes the keys the same
//! in every run and on every machine, so hashes in logs and tests are stable.

use crate::types::{Piece, Square};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::sync::LazyLock;

pub(crate) struct Keys {
    pub pieces: [[u64; 64]; 12],
    pub side: u64,
    pub castling: [u64; 16],
    pub en_passant: [u64; 8],
}

pub(crate) static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut rng = StdRng::seed_from_u64(0x5EED_DABA_2026);
    let mut keys = Keys {
        pieces: [[0; 64]; 12],
        side: rng.gen(),
        castling: [0; 16],
        en_passant: [0; 8],
    };
    for piece in keys.pieces.iter_mut() {
        for k in piece.iter_mut() {
            *k = rng.gen();
        }
    }
    // A castling-rights set hashes as the XOR of its single rights, so that
    // losing one right changes the key by that right's number alone.
    let single: [u64; 4] = rng.gen();
    for (set, k) in keys.castling.iter_mut().enumerate() {
        *k = (0..4)
            .filter(|b| set >> b & 1 != 0)
            .fold(0, |acc, b| acc ^ single[b]);
    }
    for k in keys.en_passant.iter_mut() {
        *k = rng.gen();
    }
    keys
});

#[inline(always)]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}
