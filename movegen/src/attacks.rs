//! Attack tables: leapers (pawn, knight, king) computed at compile time, sliders
//! (bishop, rook, queen) by magic bitboards built once at start-up, and the
//! `between`/`line` tables that legal move generation uses for pins and checks.
//!
//! The magic multipliers in [`crate::magics`] were found by [`find_magic`] with a
//! fixed seed (see `examples/find_magics.rs`); a unit test rebuilds every table
//! and checks it against slow ray walking, so a bad multiplier cannot go unseen.

use crate::bitboard::Bitboard;
use crate::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use crate::types::{Color, Square};
use std::sync::LazyLock;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn leaper_table(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (captures towards).
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares a slider on `sq` reaches along `dirs`, stopping at (and including)
/// the first occupied square of each ray. Slow; used to build and test tables.
pub fn slider_attacks_slow(sq: Square, occupied: Bitboard, bishop: bool) -> Bitboard {
    let dirs = if bishop { BISHOP_DIRS } else { ROOK_DIRS };
    let mut result = 0u64;
    let (f, r) = (sq.file().index() as i8, sq.rank().index() as i8);
    for (df, dr) in dirs {
        let (mut nf, mut nr) = (f + df, r + dr);
        while (0..8).contains(&nf) && (0..8).contains(&nr) {
            let bit = 1u64 << (nr * 8 + nf);
            result |= bit;
            if occupied.0 & bit != 0 {
                break;
            }
            nf += df;
            nr += dr;
        }
    }
    Bitboard(result)
}

/// The relevant-occupancy mask of a slider on `sq`: its empty-board rays
/// without the last square of each ray (a blocker there changes nothing).
pub fn relevant_mask(sq: Square, bishop: bool) -> Bitboard {
    let dirs = if bishop { BISHOP_DIRS } else { ROOK_DIRS };
    let mut result = 0u64;
    let (f, r) = (sq.file().index() as i8, sq.rank().index() as i8);
    for (df, dr) in dirs {
        let (mut nf, mut nr) = (f + df, r + dr);
        while (0..8).contains(&(nf + df)) && (0..8).contains(&(nr + dr)) {
            result |= 1u64 << (nr * 8 + nf);
            nf += df;
            nr += dr;
        }
    }
    Bitboard(result)
}

/// Every subset of `mask` (Carry-Rippler enumeration), the empty set first.
fn subsets(mask: Bitboard) -> impl Iterator<Item = Bitboard> {
    let mut subset = 0u64;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let current = subset;
        subset = subset.wrapping_sub(mask.0) & mask.0;
        done = subset == 0;
        Some(Bitboard(current))
    })
}

/// Searches for a magic multiplier for a slider on `sq` with the given
/// random source: a number that maps every relevant occupancy to a table slot
/// without destructive collisions.
pub fn find_magic(sq: Square, bishop: bool, mut random: impl FnMut() -> u64) -> u64 {
    let mask = relevant_mask(sq, bishop);
    let bits = mask.count();
    let occupancies: Vec<Bitboard> = subsets(mask).collect();
    let attacks: Vec<Bitboard> = occupancies
        .iter()
        .map(|&occ| slider_attacks_slow(sq, occ, bishop))
        .collect();
    let mut used = vec![(0u32, Bitboard::EMPTY); 1 << bits];
    for attempt in 1u32.. {
        // Sparse candidates (few bits set) succeed far more often.
        let magic = random() & random() & random();
        if (mask.0.wrapping_mul(magic) & 0xFF00_0000_0000_0000).count_ones() < 6 {
            continue;
        }
        let ok = occupancies.iter().zip(&attacks).all(|(occ, att)| {
            let index = (occ.0.wrapping_mul(magic) >> (64 - bits)) as usize;
            let slot = &mut used[index];
            if slot.0 != attempt {
                *slot = (attempt, *att);
                true
            } else {
                slot.1 == *att
            }
        });
        if ok {
            return magic;
        }
    }
    unreachable!()
}

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// The slider tables and the square-pair tables, built once.
struct Tables {
    bishop: [Magic; 64],
    rook: [Magic; 64],
    slider: Vec<u64>,
    between: Vec<[u64; 64]>,
    line: Vec<[u64; 64]>,
}

fn build_magics(bishop: bool, magics: &[u64; 64], slider: &mut Vec<u64>) -> [Magic; 64] {
    let mut result = [Magic::default(); 64];
    for sq in Square::all() {
        let mask = relevant_mask(sq, bishop);
        let bits = mask.count();
        let entry = Magic {
            mask: mask.0,
            magic: magics[sq.index()],
            shift: 64 - bits,
            offset: slider.len() as u32,
        };
        slider.resize(slider.len() + (1 << bits), 0);
        for occ in subsets(mask) {
            let index =
                entry.offset as usize + (occ.0.wrapping_mul(entry.magic) >> entry.shift) as usize;
            slider[index] = slider_attacks_slow(sq, occ, bishop).0;
        }
        result[sq.index()] = entry;
    }
    result
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut slider = Vec::with_capacity(107_648);
    let bishop = build_magics(true, &BISHOP_MAGICS, &mut slider);
    let rook = build_magics(false, &ROOK_MAGICS, &mut slider);
    let mut between = vec![[0u64; 64]; 64];
    let mut line = vec![[0u64; 64]; 64];
    for a in Square::all() {
        for is_bishop in [true, false] {
            let rays = slider_attacks_slow(a, Bitboard::EMPTY, is_bishop);
            for b in rays {
                let from_a = slider_attacks_slow(a, Bitboard::from_square(b), is_bishop);
                let from_b = slider_attacks_slow(b, Bitboard::from_square(a), is_bishop);
                between[a.index()][b.index()] = (from_a & from_b).0;
                let full = slider_attacks_slow(a, Bitboard::EMPTY, is_bishop)
                    & slider_attacks_slow(b, Bitboard::EMPTY, is_bishop);
                line[a.index()][b.index()] =
                    full.0 | Bitboard::from_square(a).0 | Bitboard::from_square(b).0;
            }
        }
    }
    Tables {
        bishop,
        rook,
        slider,
        between,
        line,
    }
});

/// Builds the tables now rather than on first use (so the first search or
/// the `uci` handshake does not pay for it).
pub fn init() {
    LazyLock::force(&TABLES);
}

#[inline(always)]
fn magic_lookup(t: &Tables, m: &Magic, occupied: Bitboard) -> Bitboard {
    let index =
        m.offset as usize + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    // SAFETY: `index` is below offset + 2^bits by construction of the shift,
    // and build_magics reserved exactly that many slots for this square.
    Bitboard(unsafe { *t.slider.get_unchecked(index) })
}

/// Squares a bishop on `sq` attacks given the occupied squares.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    magic_lookup(t, &t.bishop[sq.index()], occupied)
}

/// Squares a rook on `sq` attacks given the occupied squares.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    magic_lookup(t, &t.rook[sq.index()], occupied)
}

/// Squares a queen on `sq` attacks given the occupied squares.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    bishop_attacks(sq, occupied) | rook_attacks(sq, occupied)
}

/// Squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b` when they share a rank,
/// file or diagonal; empty otherwise.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    #[test]
    fn magic_tables_match_ray_walking() {
        let mut rng = StdRng::seed_from_u64(7);
        for sq in Square::all() {
            for _ in 0..300 {
                let occ = Bitboard(rng.gen::<u64>() & rng.gen::<u64>());
                assert_eq!(bishop_attacks(sq, occ), slider_attacks_slow(sq, occ, true));
                assert_eq!(rook_attacks(sq, occ), slider_attacks_slow(sq, occ, false));
            }
            // Every relevant occupancy, exhaustively, for a few squares.
            if sq.index() % 9 == 0 {
                for bishop in [true, false] {
                    for occ in subsets(relevant_mask(sq, bishop)) {
                        let fast = if bishop {
                            bishop_attacks(sq, occ)
                        } else {
                            rook_attacks(sq, occ)
                        };
                        assert_eq!(fast, slider_attacks_slow(sq, occ, bishop));
                    }
                }
            }
        }
    }

    #[test]
    fn leapers_between_and_line() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(king_attacks(Square::E1).count(), 5);
        assert_eq!(pawn_attacks(Color::White, Square::E1).count(), 2);
        assert_eq!(pawn_attacks(Color::Black, Square::A8).count(), 1);
        assert_eq!(between(Square::A1, Square::H8).count(), 6);
        assert_eq!(between(Square::A1, Square::H1).count(), 6);
        assert!(between(Square::A1, Square::G1.offset(8).unwrap()).is_empty());
        assert_eq!(line(Square::C1, Square::E1).count(), 8);
        assert!(line(Square::C1, Square::E8).is_empty());
    }
}
