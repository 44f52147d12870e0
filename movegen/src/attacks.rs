//! Attack tables, all computed at compile time: leapers (pawn, knight,
//! king), sliders (bishop, rook, queen) by magic bitboards, and the
//! `between`/`line` tables that legal move generation uses for pins and checks.
//!
//! Every table is a plain `static` filled by a `const fn`, so a lookup is a
//! single load: no lazy initialisation to check on every call (that check, an
//! atomic load and a branch, was a measurable share of perft's time).
//!
//! The magic multipliers in [`crate::magics`] were found by [`find_magic`] with a
//! fixed seed (see `examples/find_magics.rs`); a unit test rebuilds every table
//! and checks it against slow ray walking, so a bad multiplier cannot go unseen.

use crate::bitboard::Bitboard;
use crate::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use crate::types::{Color, Square};

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

/// The squares from square index `sq` along one direction, stopping at (and
/// including) the first square of `occupied`; with `trim`, the square next to
/// the edge and beyond are left off instead. Plain ray walking on raw bits.
const fn walk(sq: usize, occupied: u64, (df, dr): (i8, i8), trim: bool) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
    let mut result = 0u64;
    loop {
        let (lf, lr) = if trim { (f + df, r + dr) } else { (f, r) };
        if lf < 0 || lf >= 8 || lr < 0 || lr >= 8 {
            return result;
        }
        let bit = 1u64 << (r * 8 + f);
        result |= bit;
        if occupied & bit != 0 {
            return result;
        }
        f += df;
        r += dr;
    }
}

/// [`walk`] along the four directions of a bishop or a rook.
const fn walk_rays(sq: usize, occupied: u64, bishop: bool, trim: bool) -> u64 {
    let dirs = if bishop { BISHOP_DIRS } else { ROOK_DIRS };
    let mut result = 0u64;
    let mut d = 0;
    while d < 4 {
        result |= walk(sq, occupied, dirs[d], trim);
        d += 1;
    }
    result
}

/// The four lines through each square, the square itself left out: rank,
/// file, diagonal, anti-diagonal.
const LINES: [[u64; 4]; 64] = {
    let mut lines = [[0u64; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 4 {
            let dir = if i < 2 {
                ROOK_DIRS[2 * i]
            } else {
                BISHOP_DIRS[2 * i - 4]
            };
            let back = (-dir.0, -dir.1);
            lines[sq][i] = walk(sq, 0, dir, false) | walk(sq, 0, back, false);
            i += 1;
        }
        sq += 1;
    }
    lines
};

/// The squares a slider on `sq` reaches along `line` (one of `LINES[sq]`):
/// upwards, subtracting twice the slider's bit from the line's blockers flips
/// every bit up to the first blocker (the o^(o-2r) trick); downwards, the
/// highest blocker below is found by smearing bits to the right.
///
/// Written without method calls (`wrapping_sub` and the like): the tables are
/// built with this at compile time, where every call is costly, so the
/// subtraction wraps by way of `u128` instead.
const fn line_attacks(sq: usize, occupied: u64, line: u64) -> u64 {
    let bit = 1u64 << sq;
    let below = bit - 1;
    let o = occupied & line;
    let up_flips = ((o as u128 | 1 << 64) - ((bit as u128) << 1)) as u64 ^ o;
    let up = up_flips & line & !below & !bit;
    let mut smear = o & below;
    smear |= smear >> 1;
    smear |= smear >> 2;
    smear |= smear >> 4;
    smear |= smear >> 8;
    smear |= smear >> 16;
    smear |= smear >> 32;
    // `smear >> 1` covers the squares beyond the highest blocker below.
    let down = line & below & !(smear >> 1);
    up | down
}

/// Squares a slider on `sq` reaches along `dirs`, stopping at (and including)
/// the first occupied square of each ray. Slow; used to build and test tables.
pub fn slider_attacks_slow(sq: Square, occupied: Bitboard, bishop: bool) -> Bitboard {
    Bitboard(walk_rays(sq.index(), occupied.0, bishop, false))
}

/// The relevant-occupancy mask of a slider on `sq`: its empty-board rays
/// without the last square of each ray (a blocker there changes nothing).
pub fn relevant_mask(sq: Square, bishop: bool) -> Bitboard {
    Bitboard(walk_rays(sq.index(), 0, bishop, true))
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

#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// Slots in the shared slider table: 2^bits per square, bishops then rooks
/// (5,248 + 102,400). `magic_entries` checks the sum at compile time.
const SLIDER_SLOTS: usize = 107_648;

/// The magic entry of every square for one slider, its slots starting at
/// `offset` in the shared table; also returns the offset just past them.
const fn magic_entries(bishop: bool, magics: &[u64; 64], mut offset: usize) -> ([Magic; 64], usize) {
    let mut result = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut sq = 0;
    while sq < 64 {
        let mask = walk_rays(sq, 0, bishop, true);
        let bits = mask.count_ones();
        result[sq] = Magic {
            mask,
            magic: magics[sq],
            shift: 64 - bits,
            offset: offset as u32,
        };
        offset += 1 << bits;
        sq += 1;
    }
    (result, offset)
}

const BISHOP_ENTRIES: ([Magic; 64], usize) = magic_entries(true, &BISHOP_MAGICS, 0);
const ROOK_ENTRIES: ([Magic; 64], usize) = magic_entries(false, &ROOK_MAGICS, BISHOP_ENTRIES.1);
const _: () = assert!(ROOK_ENTRIES.1 == SLIDER_SLOTS);

static BISHOP_MAGIC: [Magic; 64] = BISHOP_ENTRIES.0;
static ROOK_MAGIC: [Magic; 64] = ROOK_ENTRIES.0;

/// Fills the slots of one slider's squares. A slider's attacks are the union
/// of its attacks along two lines, each depending only on the blockers on
/// that line; so every subset of the relevant blockers on one line (found by
/// Carry-Rippler enumeration) is combined with every subset on the other,
/// and each line's attacks are worked out once per subset rather than once
/// per slot (compile-time evaluation is slow: a plain loop over the slots
/// added seconds to every build of the crate; this adds about half a second).
const fn fill_slider_table(table: &mut [u64; SLIDER_SLOTS], entries: &[Magic; 64], bishop: bool) {
    let mut sq = 0;
    while sq < 64 {
        let m = entries[sq];
        let lines = LINES[sq];
        let (line_a, line_b) = if bishop {
            (lines[2], lines[3])
        } else {
            (lines[0], lines[1])
        };
        let (mask_a, mask_b) = (line_a & m.mask, line_b & m.mask);
        // Every blocker subset on line b, with the attacks along it.
        let mut subsets_b = [(0u64, 0u64); 64];
        let mut count_b = 0;
        let mut occ_b = 0u64;
        loop {
            subsets_b[count_b] = (occ_b, line_attacks(sq, occ_b, line_b));
            count_b += 1;
            occ_b = next_subset(occ_b, mask_b);
            if occ_b == 0 {
                break;
            }
        }
        let mut occ_a = 0u64;
        loop {
            let attacks_a = line_attacks(sq, occ_a, line_a);
            let mut j = 0;
            while j < count_b {
                let (occ_b, attacks_b) = subsets_b[j];
                // As in `magic_lookup`; the product wraps by way of `u128`
                // (method calls are slow at compile time, see `line_attacks`).
                let product = ((occ_a | occ_b) as u128 * m.magic as u128) as u64;
                table[m.offset as usize + (product >> m.shift) as usize] = attacks_a | attacks_b;
                j += 1;
            }
            occ_a = next_subset(occ_a, mask_a);
            if occ_a == 0 {
                break;
            }
        }
        sq += 1;
    }
}

/// The subset of `mask` after `subset` in Carry-Rippler order; zero after
/// the last.
const fn next_subset(subset: u64, mask: u64) -> u64 {
    ((subset as u128 | 1 << 64) - mask as u128) as u64 & mask
}

const fn slider_table() -> [u64; SLIDER_SLOTS] {
    let mut table = [0u64; SLIDER_SLOTS];
    fill_slider_table(&mut table, &BISHOP_ENTRIES.0, true);
    fill_slider_table(&mut table, &ROOK_ENTRIES.0, false);
    table
}

/// The attack sets of every slider square and relevant occupancy (842 KiB).
static SLIDER: [u64; SLIDER_SLOTS] = slider_table();

/// `between` (strictly between `a` and `b`) and `line` (the whole line
/// through both, edge to edge) for every pair of aligned squares.
const fn square_pair_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let mut i = 0;
            while i < 4 {
                let through_a = LINES[a][i];
                if through_a & 1u64 << b != 0 {
                    between[a][b] =
                        line_attacks(a, 1u64 << b, through_a) & line_attacks(b, 1u64 << a, LINES[b][i]);
                    line[a][b] = through_a | 1u64 << a;
                }
                i += 1;
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

/// Per square: bishop rays, rook rays (empty board), from the line table.
static RAYS: [[u64; 2]; 64] = {
    let mut rays = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        rays[sq] = [LINES[sq][2] | LINES[sq][3], LINES[sq][0] | LINES[sq][1]];
        sq += 1;
    }
    rays
};

const SQUARE_PAIRS: ([[u64; 64]; 64], [[u64; 64]; 64]) = square_pair_tables();
static BETWEEN: [[u64; 64]; 64] = SQUARE_PAIRS.0;
static LINE: [[u64; 64]; 64] = SQUARE_PAIRS.1;

#[inline(always)]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let index = m.offset as usize + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    // SAFETY: `index` is below offset + 2^bits by construction of the shift,
    // and `magic_entries` reserved exactly that many slots for this square
    // inside the SLIDER_SLOTS-long table (checked by a compile-time assert).
    Bitboard(unsafe { *SLIDER.get_unchecked(index) })
}

/// Squares a bishop on `sq` attacks given the occupied squares.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGIC[sq.index()], occupied)
}

/// Squares a rook on `sq` attacks given the occupied squares.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGIC[sq.index()], occupied)
}

/// Squares a queen on `sq` attacks given the occupied squares.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    bishop_attacks(sq, occupied) | rook_attacks(sq, occupied)
}

/// The empty-board rays of a bishop on `sq` (diagonal and anti-diagonal).
#[inline(always)]
pub(crate) fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(RAYS[sq.index()][0])
}

/// The empty-board rays of a rook on `sq` (rank and file).
#[inline(always)]
pub(crate) fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(RAYS[sq.index()][1])
}

/// Squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b` when they share a rank,
/// file or diagonal; empty otherwise.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
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
            // Every relevant occupancy, exhaustively (every slot of the table).
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

    #[test]
    fn between_line_and_rays_match_ray_walking() {
        for a in Square::all() {
            let rays = [true, false].map(|bishop| slider_attacks_slow(a, Bitboard::EMPTY, bishop));
            assert_eq!([bishop_rays(a), rook_rays(a)], rays);
            for b in Square::all() {
                let (bit_a, bit_b) = (Bitboard::from_square(a), Bitboard::from_square(b));
                let (mut expected_between, mut expected_line) = (Bitboard::EMPTY, Bitboard::EMPTY);
                for bishop in [true, false] {
                    if a != b && slider_attacks_slow(a, Bitboard::EMPTY, bishop).has(b) {
                        expected_between =
                            slider_attacks_slow(a, bit_b, bishop) & slider_attacks_slow(b, bit_a, bishop);
                        expected_line = (slider_attacks_slow(a, Bitboard::EMPTY, bishop)
                            & slider_attacks_slow(b, Bitboard::EMPTY, bishop))
                            | bit_a
                            | bit_b;
                    }
                }
                assert_eq!(between(a, b), expected_between, "between {a} {b}");
                assert_eq!(line(a, b), expected_line, "line {a} {b}");
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
