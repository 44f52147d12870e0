//! Zobrist keys for everything that makes a position: each piece on each
//! square, a pawn's ribbon, capture counter and birth coordinate, the frozen
//! seats, the seat to move, and under the literal release rule the squares of
//! the pieces that mated each frozen seat. A fixed seed makes the keys the
//! same in every run and on every machine.

use crate::geometry::{Square, CELLS, SIZE};
use crate::types::{Kind, Piece, Seat, MAX_CAPS};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::sync::LazyLock;

struct Keys {
    pieces: Vec<u64>,
    ribbon: Vec<u64>,
    caps: Vec<u64>,
    origin: Vec<u64>,
    frozen: [u64; 4],
    to_move: [u64; 4],
    checkers: Vec<u64>,
}

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut rng = StdRng::seed_from_u64(0x4_5EA7_DABA_2026);
    let mut table = |n: usize| (0..n).map(|_| rng.gen::<u64>()).collect::<Vec<u64>>();
    let pieces = table(4 * 6 * CELLS);
    let ribbon = table(CELLS);
    let caps = table(MAX_CAPS as usize * CELLS);
    let origin = table(SIZE as usize * CELLS);
    let checkers = table(4 * CELLS);
    let small = table(8);
    Keys {
        pieces,
        ribbon,
        caps,
        origin,
        frozen: [small[0], small[1], small[2], small[3]],
        to_move: [small[4], small[5], small[6], small[7]],
        checkers,
    }
});

/// The key of `piece` standing on `sq`, its pawn state included.
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    let keys = &*KEYS;
    let mut key = keys.pieces[(piece.seat.index() * 6 + piece.kind.index()) * CELLS + sq.index()];
    if piece.kind == Kind::Pawn {
        if piece.ribbon {
            key ^= keys.ribbon[sq.index()];
        }
        if piece.caps > 0 {
            key ^= keys.caps[(piece.caps.min(MAX_CAPS) as usize - 1) * CELLS + sq.index()];
        }
        if piece.origin > 0 {
            key ^= keys.origin[(piece.origin as usize % SIZE as usize) * CELLS + sq.index()];
        }
    }
    key
}

/// The key of `seat` being frozen.
#[inline]
pub(crate) fn frozen_key(seat: Seat) -> u64 {
    KEYS.frozen[seat.index()]
}

/// The key of `seat` being to move.
#[inline]
pub(crate) fn to_move_key(seat: Seat) -> u64 {
    KEYS.to_move[seat.index()]
}

/// The key of a piece on `sq` having mated `seat` (literal release rule).
#[inline]
pub(crate) fn checker_key(seat: Seat, sq: Square) -> u64 {
    KEYS.checkers[seat.index() * CELLS + sq.index()]
}
