//! Seats, teams and pieces (§3 and §16 of docs/fourhand.md): the four seats
//! South, West, North and East, the two teams of partners sitting opposite,
//! and a piece with the state a pawn carries (ribbon, capture counter, and
//! under one option its birth square).

use crate::geometry::{Direction, Square, SIZE};
use std::fmt;

/// A seat at the table; it names the army sitting there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// South: ranks 1-2, pawns move north.
    South,
    /// West: files a-b, pawns move east.
    West,
    /// North: ranks 13-14, pawns move south.
    North,
    /// East: files m-n, pawns move west.
    East,
}

impl Seat {
    /// The four seats in clockwise order from South (the default turn order).
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// Index 0..3 in [`Seat::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with index `i & 3`.
    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i & 3]
    }

    /// The partner, sitting opposite.
    pub const fn partner(self) -> Seat {
        Seat::from_index(self.index() + 2)
    }

    /// The seat's team.
    pub const fn team(self) -> Team {
        if self.index().is_multiple_of(2) {
            Team::SouthNorth
        } else {
            Team::WestEast
        }
    }

    /// Whether `other` is an opponent (of the other team).
    pub const fn is_opponent(self, other: Seat) -> bool {
        self.index() % 2 != other.index() % 2
    }

    /// The seat's letter: `S`, `W`, `N`, `E`.
    pub const fn letter(self) -> char {
        ['S', 'W', 'N', 'E'][self.index()]
    }

    /// The seat for an upper-case letter.
    pub fn from_letter(c: char) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| s.letter() == c)
    }

    /// The direction the seat's pawns move without a ribbon.
    pub const fn pawn_direction(self) -> Direction {
        [
            Direction::North,
            Direction::East,
            Direction::South,
            Direction::West,
        ][self.index()]
    }

    /// Distance of `sq` from this seat's own edge: 0 on its back rank, 1 on
    /// its pawn start rank, 13 on its partner's back rank.
    pub const fn depth(self, sq: Square) -> u8 {
        match self {
            Seat::South => sq.y(),
            Seat::North => SIZE - 1 - sq.y(),
            Seat::West => sq.x(),
            Seat::East => SIZE - 1 - sq.x(),
        }
    }

    /// The coordinate of `sq` along this seat's edge (the file for South and
    /// North, the rank for West and East): a pawn's birth square is the cell
    /// at depth 1 with the pawn's birth coordinate.
    pub const fn along(self, sq: Square) -> u8 {
        match self {
            Seat::South | Seat::North => sq.x(),
            Seat::West | Seat::East => sq.y(),
        }
    }

    /// Whether `sq` is on this seat's back rank (its outer edge line).
    pub const fn is_back_rank(self, sq: Square) -> bool {
        self.depth(sq) == 0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the two partnerships.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Team {
    /// South and North (`SN`).
    SouthNorth,
    /// West and East (`WE`).
    WestEast,
}

impl Team {
    /// The two seats of the team.
    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Team::SouthNorth => [Seat::South, Seat::North],
            Team::WestEast => [Seat::West, Seat::East],
        }
    }

    /// The other team.
    pub const fn other(self) -> Team {
        match self {
            Team::SouthNorth => Team::WestEast,
            Team::WestEast => Team::SouthNorth,
        }
    }

    /// `SN` or `WE`.
    pub const fn name(self) -> &'static str {
        match self {
            Team::SouthNorth => "SN",
            Team::WestEast => "WE",
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of seats (the frozen players).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 >> seat.index() & 1 != 0
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.index();
    }

    /// Removes `seat`.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.index());
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in `self` and not in `other`.
    pub const fn minus(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// The union.
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// The seats in the set, in seat order S, W, N, E.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |s| self.contains(*s))
    }
}

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Pawn (`P`).
    Pawn,
    /// Knight (`N`).
    Knight,
    /// Bishop (`B`).
    Bishop,
    /// Rook (`R`).
    Rook,
    /// Queen (`Q`).
    Queen,
    /// King (`K`).
    King,
}

impl Kind {
    /// All six kinds.
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    /// Index 0..5 in [`Kind::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether a piece of this kind slides along direction `d`: a queen
    /// every way, a rook along ranks and files, a bishop along diagonals;
    /// the other kinds never slide. The one home of the sliders' directions
    /// (move generation, attacks and mobility all ask it).
    pub const fn slides_along(self, d: Direction) -> bool {
        match self {
            Kind::Queen => true,
            Kind::Rook => !d.is_diagonal(),
            Kind::Bishop => d.is_diagonal(),
            Kind::Pawn | Kind::Knight | Kind::King => false,
        }
    }

    /// The upper-case letter (`P N B R Q K`).
    pub const fn letter(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K'][self.index()]
    }

    /// The kind for an upper-case letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }

    /// The text's value (F14): pawn 1, knight 5, bishop and rook 9, queen 20;
    /// kings have none. Informational only (A24): no rule uses it.
    pub const fn value(self) -> u32 {
        [1, 5, 9, 9, 20, 0][self.index()]
    }
}

/// The highest capture counter kept: only "3 or more" matters (§6.5).
pub const MAX_CAPS: u8 = 3;

/// A piece: its owner, its kind, and for a pawn its state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The seat that owns it.
    pub seat: Seat,
    /// What it is.
    pub kind: Kind,
    /// A pawn turned round at the partner's edge (§6.4); false for others.
    pub ribbon: bool,
    /// A pawn's captures, 0..=3 (it stops at 3); 0 for others.
    pub caps: u8,
    /// A pawn's birth coordinate along its seat's edge (see
    /// [`Seat::along`]), kept only under `RibbonRemoval::BirthSquare`; 0
    /// otherwise and for other pieces.
    pub origin: u8,
}

impl Piece {
    /// A piece with no pawn state.
    pub const fn new(seat: Seat, kind: Kind) -> Piece {
        Piece {
            seat,
            kind,
            ribbon: false,
            caps: 0,
            origin: 0,
        }
    }

    /// The direction a pawn moves: its seat's, turned round by a ribbon.
    pub const fn pawn_direction(self) -> Direction {
        let d = self.seat.pawn_direction();
        if self.ribbon {
            d.opposite()
        } else {
            d
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_and_teams() {
        assert_eq!(Seat::South.partner(), Seat::North);
        assert_eq!(Seat::West.partner(), Seat::East);
        assert!(Seat::South.is_opponent(Seat::West));
        assert!(!Seat::South.is_opponent(Seat::North));
        assert_eq!(Seat::East.team(), Team::WestEast);
    }
}
