//! `Bitboard`: a set of squares in one 64-bit word, bit `i` for square `i`.

use crate::types::{File, Rank, Square};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// Squares where a bishop stays on light squares (b1, a2, ...).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    /// Squares where a bishop stays on dark squares (a1, c1, ...).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u64 << sq.index())
    }

    /// All squares of a file.
    #[inline(always)]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101u64 << file.index())
    }

    /// All squares of a rank.
    #[inline(always)]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xFFu64 << (8 * rank.index()))
    }

    /// True when no square is set.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when at least one square is set.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when more than one square is set.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// True when `sq` is in the set.
    #[inline(always)]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// The lowest square; the set must not be empty.
    #[inline(always)]
    pub const fn lsb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index(self.0.trailing_zeros() as usize)
    }

    /// The highest square; the set must not be empty.
    #[inline(always)]
    pub const fn msb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index(63 - self.0.leading_zeros() as usize)
    }

    /// The set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u64 << sq.index())
    }

    /// The set with `sq` removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u64 << sq.index()))
    }

    /// Every square moved one rank up (towards rank 8); rank 8 falls off.
    #[inline(always)]
    pub const fn shift_up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square moved one rank down (towards rank 1); rank 1 falls off.
    #[inline(always)]
    pub const fn shift_down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// The same set seen from the other side: ranks mirrored.
    #[inline(always)]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The squares one by one, lowest first.
    #[inline(always)]
    pub fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`].
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index(self.0.trailing_zeros() as usize);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    #[inline(always)]
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_and_counting_agree() {
        let bb = Bitboard(0x8000_0000_0000_0181);
        let squares: Vec<usize> = bb.iter().map(|s| s.index()).collect();
        assert_eq!(squares, vec![0, 7, 8, 63]);
        assert_eq!(bb.count(), 4);
        assert!(bb.more_than_one());
        assert!(!Bitboard::from_square(Square::E1).more_than_one());
        assert_eq!(bb.lsb().index(), 0);
        assert_eq!(bb.msb().index(), 63);
    }

    #[test]
    fn files_ranks_and_colours() {
        let e = Bitboard::file(File::new(4).unwrap());
        assert!(e.has(Square::E1) && e.has(Square::E8) && !e.has(Square::H1));
        let r8 = Bitboard::rank(Rank::new(7).unwrap());
        assert!(r8.has(Square::A8) && r8.has(Square::H8) && !r8.has(Square::E1));
        assert!(Bitboard::DARK_SQUARES.has(Square::A1));
        assert!(Bitboard::LIGHT_SQUARES.has(Square::H1));
        assert_eq!(Bitboard::LIGHT_SQUARES | Bitboard::DARK_SQUARES, Bitboard::FULL);
        assert_eq!(
            Bitboard::from_square(Square::A1).flip_ranks(),
            Bitboard::from_square(Square::A8)
        );
    }
}
