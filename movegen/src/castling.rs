//! Castling rights: four bits, plus where each castling rook starts (so that
//! Chess960 positions, with king and rooks on any file, work the same way).

use crate::types::{Color, File, Rank, Square};

/// Which side of the king a castling rook stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleSide {
    /// Towards the h-file (`O-O`).
    King = 0,
    /// Towards the a-file (`O-O-O`).
    Queen = 1,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// The file the king lands on: g or c.
    pub const fn king_destination_file(self) -> File {
        match self {
            CastleSide::King => match File::new(6) {
                Some(f) => f,
                None => unreachable!(),
            },
            CastleSide::Queen => match File::new(2) {
                Some(f) => f,
                None => unreachable!(),
            },
        }
    }

    /// The file the rook lands on: f or d.
    pub const fn rook_destination_file(self) -> File {
        match self {
            CastleSide::King => match File::new(5) {
                Some(f) => f,
                None => unreachable!(),
            },
            CastleSide::Queen => match File::new(3) {
                Some(f) => f,
                None => unreachable!(),
            },
        }
    }

    /// Where the king of `color` lands when castling on this side.
    pub const fn king_destination(self, color: Color) -> Square {
        Square::from_coords(self.king_destination_file(), back_rank(color))
    }

    /// Where the rook of `color` lands when castling on this side.
    pub const fn rook_destination(self, color: Color) -> Square {
        Square::from_coords(self.rook_destination_file(), back_rank(color))
    }
}

/// The first rank of `color`.
pub const fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => match Rank::new(0) {
            Some(r) => r,
            None => unreachable!(),
        },
        Color::Black => match Rank::new(7) {
            Some(r) => r,
            None => unreachable!(),
        },
    }
}

/// The castling rights still held: one bit per colour and side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);

    /// The bit index (0..4) of a colour and side.
    #[inline(always)]
    pub const fn index(color: Color, side: CastleSide) -> usize {
        color as usize * 2 + side as usize
    }

    /// The raw bits (0..16), for Zobrist hashing.
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// True when this colour may still castle on this side.
    #[inline(always)]
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.0 >> Self::index(color, side) & 1 != 0
    }

    /// True when any right is left.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// True when `color` has any right left.
    #[inline(always)]
    pub const fn any_for(self, color: Color) -> bool {
        self.0 >> (color as usize * 2) & 3 != 0
    }

    /// Grants a right.
    #[inline(always)]
    pub fn add(&mut self, color: Color, side: CastleSide) {
        self.0 |= 1 << Self::index(color, side);
    }

    /// Removes a right.
    #[inline(always)]
    pub fn remove(&mut self, color: Color, side: CastleSide) {
        self.0 &= !(1 << Self::index(color, side));
    }

    /// Removes every right whose bit (see [`CastlingRights::index`]) is set
    /// in `bits`.
    #[inline(always)]
    pub(crate) fn remove_bits(&mut self, bits: u8) {
        self.0 &= !bits;
    }

    /// Removes both rights of a colour.
    #[inline(always)]
    pub fn remove_color(&mut self, color: Color) {
        self.0 &= !(3 << (color as usize * 2));
    }
}
