//! Small value types of the board: colours, files, ranks, squares, pieces.
//!
//! Everything is a newtype or an enum so that a square is never confused with a
//! piece index or a count.

use std::fmt;

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Index for colour-indexed arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `w` or `b`, as in FEN.
    pub const fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}

/// The kind of a piece, without its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceType {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl PieceType {
    /// All six piece types, pawn first.
    pub const ALL: [PieceType; 6] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ];

    /// Index for type-indexed arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The piece type with this index (0..6).
    #[inline(always)]
    pub const fn from_index(i: usize) -> PieceType {
        Self::ALL[i]
    }

    /// Lower-case letter: `p n b r q k`.
    pub const fn to_char(self) -> char {
        match self {
            PieceType::Pawn => 'p',
            PieceType::Knight => 'n',
            PieceType::Bishop => 'b',
            PieceType::Rook => 'r',
            PieceType::Queen => 'q',
            PieceType::King => 'k',
        }
    }

    /// Parses a letter of either case.
    pub fn from_char(c: char) -> Option<PieceType> {
        Some(match c.to_ascii_lowercase() {
            'p' => PieceType::Pawn,
            'n' => PieceType::Knight,
            'b' => PieceType::Bishop,
            'r' => PieceType::Rook,
            'q' => PieceType::Queen,
            'k' => PieceType::King,
            _ => return None,
        })
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    color: Color,
    kind: PieceType,
}

impl Piece {
    /// The piece of this colour and type.
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceType) -> Piece {
        Piece { color, kind }
    }

    /// Its colour.
    #[inline(always)]
    pub const fn color(self) -> Color {
        self.color
    }

    /// Its type.
    #[inline(always)]
    pub const fn kind(self) -> PieceType {
        self.kind
    }

    /// Index 0..12 (colour-major), for piece-indexed tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.color as usize * 6 + self.kind as usize
    }

    /// FEN letter: upper case for white.
    pub fn to_char(self) -> char {
        let c = self.kind.to_char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Parses a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let kind = PieceType::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}

/// A file, `a` (0) to `h` (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    /// The file with this index; `None` outside 0..8.
    pub const fn new(i: u8) -> Option<File> {
        if i < 8 {
            Some(File(i))
        } else {
            None
        }
    }

    /// Index 0..8.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Letter `a`..`h`.
    pub const fn to_char(self) -> char {
        (b'a' + self.0) as char
    }

    /// Parses a letter `a`..`h` (either case).
    pub fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if ('a'..='h').contains(&c) {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }
}

/// A rank, `1` (0) to `8` (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The rank with this index; `None` outside 0..8.
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 8 {
            Some(Rank(i))
        } else {
            None
        }
    }

    /// Index 0..8.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Digit `1`..`8`.
    pub const fn to_char(self) -> char {
        (b'1' + self.0) as char
    }

    /// Parses a digit `1`..`8`.
    pub fn from_char(c: char) -> Option<Rank> {
        if ('1'..='8').contains(&c) {
            Some(Rank(c as u8 - b'1'))
        } else {
            None
        }
    }

    /// The rank as seen by `color` (rank 1 for white is rank 8 for black).
    #[inline(always)]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank(7 - self.0),
        }
    }
}

/// A square, a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// a1.
    pub const A1: Square = Square(0);
    /// c1.
    pub const C1: Square = Square(2);
    /// d1.
    pub const D1: Square = Square(3);
    /// e1.
    pub const E1: Square = Square(4);
    /// f1.
    pub const F1: Square = Square(5);
    /// g1.
    pub const G1: Square = Square(6);
    /// h1.
    pub const H1: Square = Square(7);
    /// a8.
    pub const A8: Square = Square(56);
    /// e8.
    pub const E8: Square = Square(60);
    /// h8.
    pub const H8: Square = Square(63);

    /// The square with this index; `None` outside 0..64.
    #[inline(always)]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The square with this index, which must be below 64.
    #[inline(always)]
    pub const fn from_index(i: usize) -> Square {
        debug_assert!(i < 64);
        Square((i & 63) as u8)
    }

    /// The square on this file and rank.
    #[inline(always)]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }

    /// Index 0..64.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its file.
    #[inline(always)]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }

    /// Its rank.
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }

    /// The same square seen from the other side (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square seen from `color`: unchanged for white, mirrored for black.
    #[inline(always)]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The square `delta` steps away in index space, if still on the board.
    /// Callers make sure the step does not wrap around a file edge.
    #[inline(always)]
    pub const fn offset(self, delta: i8) -> Option<Square> {
        let i = self.0 as i16 + delta as i16;
        if i >= 0 && i < 64 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// All 64 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// Parses `e4` style coordinates.
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::from_coords(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}
