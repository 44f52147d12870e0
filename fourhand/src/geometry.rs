//! The board as data: squares of a 14×14 grid, the shape (which squares exist,
//! a mask, §2 and resolution A1 of docs/fourhand.md), square colours (A2), the
//! eight directions and the step tables every move and attack is built from.
//!
//! Nothing here knows about pieces or seats; it is the lowest layer of the
//! crate. A ray stops at the first missing square (a hole or the edge), and a
//! knight may jump across a hole when its landing square exists.

use std::fmt;
use std::sync::LazyLock;

/// Width and height of the grid the board is cut from.
pub const SIZE: u8 = 14;
/// Number of cells of the grid (not all are squares of the board).
pub const CELLS: usize = SIZE as usize * SIZE as usize;

/// A cell of the 14×14 grid: x = 0..13 for files `a`..`n`, y = 0..13 for ranks
/// `1`..`14`. Whether it is a square of the board depends on the [`Shape`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The cell at file `x` and rank `y` (both 0..13), or `None` off the grid.
    pub const fn new(x: u8, y: u8) -> Option<Square> {
        if x < SIZE && y < SIZE {
            Some(Square(y * SIZE + x))
        } else {
            None
        }
    }

    /// The cell with this index (`y * 14 + x`), or `None` past the grid.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < CELLS {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The index `y * 14 + x`, for square-indexed arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 (`a`) to 13 (`n`).
    pub const fn x(self) -> u8 {
        self.0 % SIZE
    }

    /// Rank, 0 (rank `1`) to 13 (rank `14`).
    pub const fn y(self) -> u8 {
        self.0 / SIZE
    }

    /// Reads `a1`..`n14` from the start of `text`; returns the cell and the
    /// number of bytes read. Rank numbers are read greedily (`a10` is a10,
    /// not a1 followed by 0), and only up to 14.
    pub fn parse_prefix(text: &str) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        let file = *bytes.first()?;
        if !(b'a'..b'a' + SIZE).contains(&file) {
            return None;
        }
        let d1 = *bytes.get(1)?;
        if !d1.is_ascii_digit() || d1 == b'0' {
            return None;
        }
        let mut rank = d1 - b'0';
        let mut len = 2;
        if let Some(&d2) = bytes.get(2) {
            if d2.is_ascii_digit() && rank == 1 && d2 - b'0' <= 4 {
                rank = 10 + (d2 - b'0');
                len = 3;
            }
        }
        Square::new(file - b'a', rank - 1).map(|sq| (sq, len))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x()) as char, self.y() + 1)
    }
}

/// A set of cells, one bit per cell of the grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0[sq.index() / 64] |= 1 << (sq.index() % 64);
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0[sq.index() / 64] &= !(1 << (sq.index() % 64));
    }

    /// Whether `sq` is in the set.
    pub fn contains(self, sq: Square) -> bool {
        self.0[sq.index() / 64] >> (sq.index() % 64) & 1 != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    /// Number of cells in the set.
    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(self, other: SquareSet) -> bool {
        self.0.iter().zip(other.0).all(|(a, b)| a & !b == 0)
    }

    /// The cells, in index order.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        (0..CELLS).filter_map(move |i| {
            let sq = Square(i as u8);
            self.contains(sq).then_some(sq)
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

/// One of the eight directions of the grid, as seen from above with South
/// (rank 1) at the bottom: `North` is +y, `East` is +x.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// +y
    North,
    /// +x
    East,
    /// −y
    South,
    /// −x
    West,
    /// +x +y
    NorthEast,
    /// +x −y
    SouthEast,
    /// −x −y
    SouthWest,
    /// −x +y
    NorthWest,
}

impl Direction {
    /// All eight, the four orthogonal ones first.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// The four rook directions.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The four bishop directions.
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// Index into [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The step (dx, dy).
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// The direction turned round.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
            Direction::NorthEast => Direction::SouthWest,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
            Direction::NorthWest => Direction::SouthEast,
        }
    }

    /// Whether this is a diagonal (bishop) direction.
    pub const fn is_diagonal(self) -> bool {
        self.index() >= 4
    }

    /// For an orthogonal direction, the two diagonals that lean forward from
    /// it (a pawn's capture directions); for a diagonal one, itself twice.
    pub const fn forward_diagonals(self) -> [Direction; 2] {
        match self {
            Direction::North => [Direction::NorthWest, Direction::NorthEast],
            Direction::East => [Direction::NorthEast, Direction::SouthEast],
            Direction::South => [Direction::SouthEast, Direction::SouthWest],
            Direction::West => [Direction::SouthWest, Direction::NorthWest],
            d => [d, d],
        }
    }

    /// The direction of (dx, dy), each −1, 0 or 1 and not both 0.
    pub const fn from_delta(dx: i8, dy: i8) -> Option<Direction> {
        Some(match (dx, dy) {
            (0, 1) => Direction::North,
            (1, 0) => Direction::East,
            (0, -1) => Direction::South,
            (-1, 0) => Direction::West,
            (1, 1) => Direction::NorthEast,
            (1, -1) => Direction::SouthEast,
            (-1, -1) => Direction::SouthWest,
            (-1, 1) => Direction::NorthWest,
            _ => return None,
        })
    }
}

/// Which squares of the 14×14 grid exist (resolution A1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Shape {
    /// The 160-square cross: the grid less its four 3×3 corners (Verney's
    /// board; the default).
    #[default]
    Cross160,
    /// The text's literal "180 squares": the grid less four 2×2 notches.
    Notched180,
}

impl Shape {
    /// The size of each missing corner.
    const fn notch(self) -> u8 {
        match self {
            Shape::Cross160 => 3,
            Shape::Notched180 => 2,
        }
    }

    /// The mask and step tables of this shape (built once).
    pub fn geometry(self) -> &'static Geometry {
        static CROSS: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(Shape::Cross160));
        static NOTCHED: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(Shape::Notched180));
        match self {
            Shape::Cross160 => &CROSS,
            Shape::Notched180 => &NOTCHED,
        }
    }
}

/// Which squares are light (resolution A2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LightSquares {
    /// Light iff x + y is even: South and North see a light square at their
    /// right-hand corner (the default).
    #[default]
    EvenSum,
    /// Light iff x + y is odd: West and East do.
    OddSum,
}

impl LightSquares {
    /// Whether `sq` is a light ("white") square.
    pub const fn is_light(self, sq: Square) -> bool {
        let even = (sq.x() + sq.y()).is_multiple_of(2);
        match self {
            LightSquares::EvenSum => even,
            LightSquares::OddSum => !even,
        }
    }
}

const NONE: u8 = u8::MAX;
const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A board shape turned into tables: which cells are squares, the neighbour
/// of every square in every direction, and every knight's landing squares.
pub struct Geometry {
    mask: SquareSet,
    squares: Vec<Square>,
    steps: [[u8; 8]; CELLS],
    knights: [[u8; 8]; CELLS],
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.notch();
        let exists = |x: i16, y: i16| {
            let (lo, hi) = (n as i16, (SIZE - n) as i16);
            (0..SIZE as i16).contains(&x)
                && (0..SIZE as i16).contains(&y)
                && ((lo..hi).contains(&x) || (lo..hi).contains(&y))
        };
        let mut mask = SquareSet::EMPTY;
        let mut steps = [[NONE; 8]; CELLS];
        let mut knights = [[NONE; 8]; CELLS];
        let target = |x: i16, y: i16| {
            if exists(x, y) {
                (y * SIZE as i16 + x) as u8
            } else {
                NONE
            }
        };
        for y in 0..SIZE as i16 {
            for x in 0..SIZE as i16 {
                if !exists(x, y) {
                    continue;
                }
                let i = (y * SIZE as i16 + x) as usize;
                mask.insert(Square(i as u8));
                for d in Direction::ALL {
                    let (dx, dy) = d.delta();
                    steps[i][d.index()] = target(x + dx as i16, y + dy as i16);
                }
                for (k, (dx, dy)) in KNIGHT_DELTAS.iter().enumerate() {
                    knights[i][k] = target(x + *dx as i16, y + *dy as i16);
                }
            }
        }
        Geometry {
            mask,
            squares: mask.iter().collect(),
            steps,
            knights,
        }
    }

    /// The squares of the board as a set.
    pub fn mask(&self) -> SquareSet {
        self.mask
    }

    /// Whether the cell is a square of the board.
    pub fn contains(&self, sq: Square) -> bool {
        self.mask.contains(sq)
    }

    /// Every square of the board, in index order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The neighbour of `sq` in direction `d`, if it is a square of the board.
    #[inline]
    pub fn step(&self, sq: Square, d: Direction) -> Option<Square> {
        let t = self.steps[sq.index()][d.index()];
        (t != NONE).then_some(Square(t))
    }

    /// The squares a knight on `sq` lands on.
    pub fn knight_targets(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        self.knights[sq.index()]
            .iter()
            .filter(|&&t| t != NONE)
            .map(|&t| Square(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_text() {
        for (text, x, y) in [("a1", 0, 0), ("n14", 13, 13), ("a10", 0, 9), ("h9", 7, 8)] {
            let (sq, len) = Square::parse_prefix(text).unwrap();
            assert_eq!((sq.x(), sq.y(), len), (x, y, text.len()));
            assert_eq!(sq.to_string(), text);
        }
        for bad in ["", "a", "a0", "o1", "A1", "a15x"] {
            let parsed = Square::parse_prefix(bad);
            assert!(parsed.is_none() || bad == "a15x", "{bad}");
        }
        // a15: rank 1 then a digit that would make it 15: read as a1.
        assert_eq!(
            Square::parse_prefix("a15").map(|(s, l)| (s.to_string(), l)),
            Some(("a1".into(), 2))
        );
    }

    #[test]
    fn shapes_have_160_and_180_squares() {
        assert_eq!(Shape::Cross160.geometry().squares().len(), 160);
        assert_eq!(Shape::Notched180.geometry().squares().len(), 180);
    }
}
