//! The net's inputs: which of the 768 features of a perspective are active
//! on a board, and which pieces a move takes away and puts down.
//!
//! A move's change is kept as pieces on squares, not as feature indices: the
//! same [`FeatureDelta`] then serves both perspectives, and is small enough
//! (a few bytes) to be recorded for every node of the search whether or not
//! the node is ever evaluated.

use movegen::{Board, CastleSide, Color, Move, Piece, PieceType, Square};

/// Features per perspective: 2 colours x 6 piece types x 64 squares.
pub const INPUTS: usize = 768;

/// How a net numbers the squares of a perspective (the net file's `features`
/// field, docs/nnue.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FeatureSet {
    /// The board as the perspective's side sees it: Black's view mirrored
    /// vertically.
    #[default]
    Plain,
    /// As `Plain`, and mirrored left to right (files a-h swapped) whenever
    /// the perspective's own king stands on files e-h, so that the king is
    /// always on a-d: a pattern and its mirror image share their weights,
    /// which halves what the net must learn. Moving the king across the
    /// middle changes every feature of its side's perspective.
    KingMirrored,
}

impl FeatureSet {
    /// The code in the net file.
    pub const fn code(self) -> u32 {
        match self {
            FeatureSet::Plain => 0,
            FeatureSet::KingMirrored => 1,
        }
    }

    /// The set with file code `code`, if there is one.
    pub const fn from_code(code: u32) -> Option<FeatureSet> {
        match code {
            0 => Some(FeatureSet::Plain),
            1 => Some(FeatureSet::KingMirrored),
            _ => None,
        }
    }

    /// Its name in tools and docs: `768` or `768-hm`.
    pub const fn name(self) -> &'static str {
        match self {
            FeatureSet::Plain => "768",
            FeatureSet::KingMirrored => "768-hm",
        }
    }

    /// The set named `name` (see [`FeatureSet::name`]).
    pub fn parse(name: &str) -> Option<FeatureSet> {
        [FeatureSet::Plain, FeatureSet::KingMirrored]
            .into_iter()
            .find(|set| set.name().eq_ignore_ascii_case(name))
    }
}

/// How one perspective sees the squares: the value XOR-ed into every square
/// index (56: mirrored vertically, Black's view; 7: mirrored left to right).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Orientation(u8);

impl Orientation {
    /// The orientation of `perspective` in `set` when its king is on `king`.
    #[inline(always)]
    pub fn new(set: FeatureSet, perspective: Color, king: Square) -> Orientation {
        let vertical = if perspective == Color::Black { 56 } else { 0 };
        let horizontal = if set == FeatureSet::KingMirrored && king.file().index() >= 4 {
            7
        } else {
            0
        };
        Orientation(vertical | horizontal)
    }

    /// The orientation of `perspective` in the plain set (it does not
    /// depend on the king).
    #[inline(always)]
    pub fn plain(perspective: Color) -> Orientation {
        Orientation::new(FeatureSet::Plain, perspective, Square::A1)
    }

    /// The orientation of `perspective` on `board`.
    #[inline(always)]
    pub fn of(set: FeatureSet, board: &Board, perspective: Color) -> Orientation {
        Orientation::new(set, perspective, board.king(perspective))
    }
}

/// The feature index of `piece` on `square` for `perspective` seen with
/// `orientation`: `(piece colour == perspective ? 0 : 384) + 64 * type +
/// (square ^ orientation)`.
#[inline(always)]
pub fn oriented_feature_index(
    perspective: Color,
    orientation: Orientation,
    piece: Piece,
    square: Square,
) -> usize {
    let side = if piece.color() == perspective { 0 } else { 384 };
    side + 64 * piece.kind().index() + (square.index() ^ orientation.0 as usize)
}

/// The feature index of `piece` on `square` for `perspective` in the plain
/// set: `(piece colour == perspective ? 0 : 384) + 64 * type + square`, the
/// square mirrored vertically (`^ 56`) for Black's perspective.
#[inline(always)]
pub fn feature_index(perspective: Color, piece: Piece, square: Square) -> usize {
    oriented_feature_index(perspective, Orientation::plain(perspective), piece, square)
}

/// Writes the active features of `perspective` on `board` in `set` into
/// `out` and returns how many there are (at most 64, one per square).
pub fn active_features(set: FeatureSet, board: &Board, perspective: Color, out: &mut [usize; 64]) -> usize {
    let orientation = Orientation::of(set, board, perspective);
    let mut count = 0;
    for square in board.occupied() {
        if let Some(piece) = board.piece_on(square) {
            out[count] = oriented_feature_index(perspective, orientation, piece, square);
            count += 1;
        }
    }
    count
}

/// A piece on a square: one feature of each perspective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSquare {
    /// The piece.
    pub piece: Piece,
    /// Its square.
    pub square: Square,
}

impl PieceSquare {
    /// Placeholder for the unused slots of a [`FeatureDelta`].
    const UNUSED: PieceSquare = PieceSquare {
        piece: Piece::new(Color::White, PieceType::Pawn),
        square: Square::A1,
    };

    /// Its feature index for `perspective` seen with `orientation`.
    #[inline(always)]
    pub fn feature(self, perspective: Color, orientation: Orientation) -> usize {
        oriented_feature_index(perspective, orientation, self.piece, self.square)
    }
}

/// The pieces a move takes off the board and puts on it: at most two each
/// (castling moves two pieces; a capture removes two and adds one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureDelta {
    removed: [PieceSquare; 2],
    added: [PieceSquare; 2],
    removed_len: u8,
    added_len: u8,
}

impl Default for FeatureDelta {
    fn default() -> Self {
        FeatureDelta::NONE
    }
}

impl FeatureDelta {
    /// No change: a null move, or a Chess960 castling where neither piece moves.
    pub const NONE: FeatureDelta = FeatureDelta {
        removed: [PieceSquare::UNUSED; 2],
        added: [PieceSquare::UNUSED; 2],
        removed_len: 0,
        added_len: 0,
    };

    /// The pieces taken off (their squares before the move).
    #[inline(always)]
    pub fn removed(&self) -> &[PieceSquare] {
        &self.removed[..self.removed_len as usize]
    }

    /// The pieces put on (their squares after the move).
    #[inline(always)]
    pub fn added(&self) -> &[PieceSquare] {
        &self.added[..self.added_len as usize]
    }

    /// True when the move changes no feature.
    pub fn is_empty(&self) -> bool {
        self.removed_len == 0 && self.added_len == 0
    }

    fn remove(&mut self, piece: Piece, square: Square) {
        self.removed[self.removed_len as usize] = PieceSquare { piece, square };
        self.removed_len += 1;
    }

    fn add(&mut self, piece: Piece, square: Square) {
        self.added[self.added_len as usize] = PieceSquare { piece, square };
        self.added_len += 1;
    }

    /// Drops a piece that is both removed and added (a Chess960 king or rook
    /// that castles without moving): the two rows would cancel anyway.
    fn cancel_unmoved(&mut self) {
        let mut i = 0;
        while i < self.removed_len as usize {
            let r = self.removed[i];
            if let Some(j) = self.added().iter().position(|&a| a == r) {
                self.removed[i] = self.removed[self.removed_len as usize - 1];
                self.removed_len -= 1;
                self.added[j] = self.added[self.added_len as usize - 1];
                self.added_len -= 1;
            } else {
                i += 1;
            }
        }
    }
}

/// Where `mv` (legal on `board`) puts the moving side's king, if it moves the
/// king: the only moves that can change an [`Orientation`].
pub fn king_destination(board: &Board, mv: Move) -> Option<Square> {
    let piece = board.piece_on(mv.from())?;
    if piece.kind() != PieceType::King {
        return None;
    }
    if mv.is_castle() {
        let side = if mv.to().file() > mv.from().file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        return Some(side.king_destination(piece.color()));
    }
    Some(mv.to())
}

/// The features `mv` changes on `board` (the position before the move).
///
/// Handles every kind of move: quiet moves and captures, en passant (the
/// captured pawn leaves its own square, behind the target), promotions with
/// and without capture, and castling encoded as king-takes-own-rook, in
/// standard chess and Chess960 alike: both pieces are removed before both are
/// added, so a king and a rook that land on each other's squares, or do not
/// move at all, come out right.
///
/// `mv` must be legal on `board`; a move from an empty square gives
/// [`FeatureDelta::NONE`] rather than a panic.
pub fn move_delta(board: &Board, mv: Move) -> FeatureDelta {
    let mut delta = FeatureDelta::NONE;
    let Some(piece) = board.piece_on(mv.from()) else {
        return delta;
    };
    let (from, to) = (mv.from(), mv.to());
    let us = piece.color();
    if mv.is_castle() {
        let side = if to.file() > from.file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        let rook = Piece::new(us, PieceType::Rook);
        delta.remove(piece, from);
        delta.remove(rook, to);
        delta.add(piece, side.king_destination(us));
        delta.add(rook, side.rook_destination(us));
        delta.cancel_unmoved();
        return delta;
    }
    if mv.is_en_passant() {
        let captured = Square::from_coords(to.file(), from.rank());
        delta.remove(Piece::new(us.flip(), PieceType::Pawn), captured);
    } else if let Some(captured) = board.piece_on(to) {
        delta.remove(captured, to);
    }
    delta.remove(piece, from);
    let landing = match mv.promotion_piece() {
        Some(kind) => Piece::new(us, kind),
        None => piece,
    };
    delta.add(landing, to);
    delta
}
