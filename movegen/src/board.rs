//! `Board`: the position. Piece bitboards and a mailbox, side to move, castling
//! rights, en-passant square, clocks, Zobrist keys, and the checkers and pinned
//! pieces of the side to move (kept up to date so move generation is cheap).
//!
//! Moves are made by copy-make: [`Board::play`] returns the new position and
//! leaves the old one untouched, so "unmake" is simply keeping the old copy.

use crate::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::castling::{CastleSide, CastlingRights};
use crate::moves::{Move, MoveKind};
use crate::types::{Color, Piece, PieceType, Square};
use crate::zobrist::{piece_key, Keys, KEYS};

const EMPTY_SQUARE: u8 = 0xFF;

/// The Zobrist keys of a position (see [`Board::compute_keys`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PositionKeys {
    /// The key of the whole position.
    pub key: u64,
    /// The key of the pawns alone.
    pub pawn_key: u64,
    /// The key of each side's pieces other than pawns, White's first.
    pub non_pawn_keys: [u64; 2],
}

/// A chess position.
///
/// Two boards are equal (`==`) when they are the same position with the same
/// clocks: pieces, side to move, castling rights and the rook of each right
/// still held, en-passant square, half-move clock and move number. The rook
/// square of a lost right and the notation mode ([`Board::is_chess960`]) do
/// not count, so a board equals the one parsed from its own FEN.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    pub(crate) by_type: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    /// Piece on each square as `color << 3 | type`, or `EMPTY_SQUARE`.
    pub(crate) mailbox: [u8; 64],
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    /// Start square of the rook for each castling right (see `CastlingRights::index`).
    pub(crate) castle_rooks: [Square; 4],
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
    pub(crate) key: u64,
    pub(crate) pawn_key: u64,
    /// Per colour, the Zobrist key of that colour's pieces other than pawns
    /// (king included).
    pub(crate) non_pawn_keys: [u64; 2],
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
    pub(crate) chess960: bool,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        // Keys, checkers and pins follow from the fields compared here.
        let rooks_match = (0..4)
            .all(|i| self.castling.bits() >> i & 1 == 0 || self.castle_rooks[i] == other.castle_rooks[i]);
        self.by_type == other.by_type
            && self.by_color == other.by_color
            && self.side == other.side
            && self.castling == other.castling
            && rooks_match
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
    }
}

impl Eq for Board {}

#[inline(always)]
fn encode(piece: Piece) -> u8 {
    (piece.color() as u8) << 3 | piece.kind() as u8
}

#[inline(always)]
fn decode(code: u8) -> Option<Piece> {
    if code == EMPTY_SQUARE {
        None
    } else {
        let color = if code >> 3 == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, PieceType::from_index((code & 7) as usize)))
    }
}

impl Board {
    /// An empty board, white to move; used while building a position.
    pub(crate) fn empty() -> Board {
        Board {
            by_type: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [EMPTY_SQUARE; 64],
            side: Color::White,
            castling: CastlingRights::NONE,
            castle_rooks: [Square::H1, Square::A1, Square::H8, Square::A8],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            pawn_key: 0,
            non_pawn_keys: [0; 2],
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            chess960: false,
        }
    }

    // ----- Accessors -------------------------------------------------------

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        decode(self.mailbox[sq.index()])
    }

    /// All pieces of one type, both colours.
    #[inline(always)]
    pub fn pieces(&self, kind: PieceType) -> Bitboard {
        self.by_type[kind.index()]
    }

    /// All pieces of one colour.
    #[inline(always)]
    pub fn color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Pieces of one colour and type.
    #[inline(always)]
    pub fn colored(&self, color: Color, kind: PieceType) -> Bitboard {
        self.by_type[kind.index()] & self.by_color[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The king square of `color`.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.colored(color, PieceType::King).lsb()
    }

    /// The castling rights left.
    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The start square of the rook for a castling right (meaningful while the
    /// right is held).
    #[inline(always)]
    pub fn castle_rook(&self, color: Color, side: CastleSide) -> Square {
        self.castle_rooks[CastlingRights::index(color, side)]
    }

    /// The en-passant target square, kept only when an en-passant capture is
    /// legal (so that equal positions have equal keys, as the repetition rule
    /// requires).
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move (the fifty-move counter).
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increasing after black moves.
    #[inline(always)]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// The Zobrist key of the position.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key of the pawns alone (for a pawn-structure cache).
    #[inline(always)]
    pub fn pawn_key(&self) -> u64 {
        self.pawn_key
    }

    /// The Zobrist key of `color`'s pieces other than pawns, king included
    /// (for the search's correction history).
    #[inline(always)]
    pub fn non_pawn_key(&self, color: Color) -> u64 {
        self.non_pawn_keys[color.index()]
    }

    /// Pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// True when the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Pieces of the side to move pinned to their own king.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// True when the FEN's castling rights put the king or a castling rook
    /// off its standard square (a Chess960 setup). Tools without a Chess960
    /// switch (`daba perft`) use it to write castling as king-takes-rook.
    #[inline(always)]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Sets whether castling rights are written in Chess960 style.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    // ----- Attacks ---------------------------------------------------------

    /// Pieces of both colours that attack `sq`, given `occupied`.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let diag = self.pieces(PieceType::Bishop) | self.pieces(PieceType::Queen);
        let orth = self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen);
        (pawn_attacks(Color::White, sq) & self.colored(Color::Black, PieceType::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.colored(Color::White, PieceType::Pawn))
            | (knight_attacks(sq) & self.pieces(PieceType::Knight))
            | (king_attacks(sq) & self.pieces(PieceType::King))
            | (bishop_attacks(sq, occupied) & diag)
            | (rook_attacks(sq, occupied) & orth)
    }

    /// True when any piece of `by` attacks `sq`, given `occupied`.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.color(by);
        let diag = (self.pieces(PieceType::Bishop) | self.pieces(PieceType::Queen)) & them;
        let orth = (self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen)) & them;
        (pawn_attacks(by.flip(), sq) & self.pieces(PieceType::Pawn) & them).any()
            || (knight_attacks(sq) & self.pieces(PieceType::Knight) & them).any()
            || (king_attacks(sq) & self.pieces(PieceType::King) & them).any()
            || (bishop_attacks(sq, occupied) & diag).any()
            || (rook_attacks(sq, occupied) & orth).any()
    }

    /// The squares attacked by a piece of `kind` and `color` standing on `sq`.
    #[inline(always)]
    pub fn piece_attacks(kind: PieceType, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        match kind {
            PieceType::Pawn => pawn_attacks(color, sq),
            PieceType::Knight => knight_attacks(sq),
            PieceType::Bishop => bishop_attacks(sq, occupied),
            PieceType::Rook => rook_attacks(sq, occupied),
            PieceType::Queen => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
            PieceType::King => king_attacks(sq),
        }
    }

    // ----- Building and updating -------------------------------------------

    #[inline(always)]
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        self.put_keyed(&KEYS, piece, sq);
    }

    /// [`Board::put`] with the key tables passed in: `make_move` fetches them
    /// once, rather than checking the lazy static on every piece it moves.
    #[inline(always)]
    fn put_keyed(&mut self, keys: &Keys, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_type[piece.kind().index()] |= bb;
        self.by_color[piece.color().index()] |= bb;
        self.mailbox[sq.index()] = encode(piece);
        self.toggle_keys(keys, piece, sq);
    }

    /// Takes `piece` off `sq`, updating the keys (tables passed in as for
    /// `put_keyed`).
    #[inline(always)]
    fn remove_keyed(&mut self, keys: &Keys, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_type[piece.kind().index()] ^= bb;
        self.by_color[piece.color().index()] ^= bb;
        self.mailbox[sq.index()] = EMPTY_SQUARE;
        self.toggle_keys(keys, piece, sq);
    }

    #[inline(always)]
    fn toggle_keys(&mut self, keys: &Keys, piece: Piece, sq: Square) {
        let k = keys.pieces[piece.index()][sq.index()];
        self.key ^= k;
        if piece.kind() == PieceType::Pawn {
            self.pawn_key ^= k;
        } else {
            self.non_pawn_keys[piece.color().index()] ^= k;
        }
    }

    /// Recomputes checkers and pins of the side to move.
    #[inline]
    pub(crate) fn update_check_info(&mut self) {
        let us = self.side;
        let them = us.flip();
        let king = self.king(us);
        // Knights and pawns check from where they stand. (The enemy king
        // never does: FEN parsing rejects a position where it could.)
        let close = ((knight_attacks(king) & self.pieces(PieceType::Knight))
            | (pawn_attacks(us, king) & self.pieces(PieceType::Pawn)))
            & self.color(them);
        let (sliders, blockers) = self.slider_lines(king, them);
        self.checkers = close | sliders;
        self.pinned = blockers & self.color(us);
    }

    /// The sliders of `attacker` on `king`'s lines: those with nothing
    /// between them and the king (they attack it), and the lone pieces, of
    /// either colour, that stand between one of them and the king (a pin
    /// when the piece is the king's, a discovered check waiting when it is
    /// the attacker's). One pass over the empty-board rays, no magic lookups.
    #[inline(always)]
    pub(crate) fn slider_lines(&self, king: Square, attacker: Color) -> (Bitboard, Bitboard) {
        let occ = self.occupied();
        let diag = self.pieces(PieceType::Bishop) | self.pieces(PieceType::Queen);
        let orth = self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen);
        let snipers = ((bishop_rays(king) & diag) | (rook_rays(king) & orth)) & self.color(attacker);
        let (mut attackers, mut lone_blockers) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for sniper in snipers {
            let blockers = between(king, sniper) & occ;
            if blockers.is_empty() {
                attackers |= Bitboard::from_square(sniper);
            } else if !blockers.more_than_one() {
                lone_blockers |= blockers;
            }
        }
        (attackers, lone_blockers)
    }

    /// Sets the en-passant square after a double push to `target`, but only if
    /// the side to move can legally capture there.
    pub(crate) fn set_en_passant_if_capturable(&mut self, target: Square) {
        let us = self.side;
        let capturers = pawn_attacks(us.flip(), target) & self.colored(us, PieceType::Pawn);
        if capturers.is_empty() {
            return;
        }
        let legal = capturers
            .iter()
            .any(|from| self.en_passant_is_legal(from, target));
        if legal {
            self.en_passant = Some(target);
            self.key ^= KEYS.en_passant[target.file().index()];
        }
    }

    /// Whether the pawn on `from` may capture en passant onto `target` without
    /// leaving its king in check (the captured pawn leaves too, which can open
    /// a rank or a diagonal).
    pub(crate) fn en_passant_is_legal(&self, from: Square, target: Square) -> bool {
        let us = self.side;
        let them = us.flip();
        let captured = Square::from_coords(target.file(), from.rank());
        let occ = (self.occupied().without(from).without(captured)).with(target);
        let king = self.king(us);
        let attackers = self.attackers_to(king, occ) & self.color(them) & !Bitboard::from_square(captured);
        attackers.is_empty()
    }

    /// Recomputes every Zobrist key of the position from scratch, in one
    /// pass over the board (for tests and FEN; moves update them incrementally).
    pub fn compute_keys(&self) -> PositionKeys {
        let mut keys = PositionKeys::default();
        for sq in self.occupied() {
            let piece = self.piece_on(sq).expect("occupied square has a piece");
            let k = piece_key(piece, sq);
            keys.key ^= k;
            if piece.kind() == PieceType::Pawn {
                keys.pawn_key ^= k;
            } else {
                keys.non_pawn_keys[piece.color().index()] ^= k;
            }
        }
        if self.side == Color::Black {
            keys.key ^= KEYS.side;
        }
        keys.key ^= KEYS.castling[self.castling.bits() as usize];
        if let Some(ep) = self.en_passant {
            keys.key ^= KEYS.en_passant[ep.file().index()];
        }
        keys
    }

    /// The keys the board keeps incrementally, to compare with
    /// [`Board::compute_keys`].
    pub fn keys(&self) -> PositionKeys {
        PositionKeys {
            key: self.key,
            pawn_key: self.pawn_key,
            non_pawn_keys: self.non_pawn_keys,
        }
    }

    // ----- Making moves ----------------------------------------------------

    /// The position after `mv`, which must be legal in this position (from the
    /// generator or checked with [`Board::is_legal`]).
    #[inline]
    pub fn play(&self, mv: Move) -> Board {
        let mut next = self.copy_for_move();
        next.make_move(mv);
        next
    }

    /// A copy of the board to play a move on, its en-passant square already
    /// cleared (every move clears it). Starting the copy that way also keeps
    /// it field by field: a plain `*self` of the 176-byte board compiles to a
    /// call to libc's `memcpy`, whose wide stores stall `make_move`'s first
    /// reads of the copy; field by field, the compiler copies with a few
    /// inline vector moves (perft: ~6%).
    #[inline(always)]
    pub(crate) fn copy_for_move(&self) -> Board {
        Board {
            en_passant: None,
            key: self.key ^ self.en_passant_key(),
            ..*self
        }
    }

    /// The key's share for the en-passant square (zero without one).
    #[inline(always)]
    fn en_passant_key(&self) -> u64 {
        match self.en_passant {
            Some(ep) => KEYS.en_passant[ep.file().index()],
            None => 0,
        }
    }

    /// Plays `mv` on this board in place; `mv` must be legal here.
    pub fn make_move(&mut self, mv: Move) {
        let us = self.side;
        let them = us.flip();
        let from = mv.from();
        let to = mv.to();
        let piece = self.piece_on(from).expect("a move starts on a piece");
        // One check of the lazy static per move; the helpers take it as is.
        let keys = &*KEYS;

        if let Some(ep) = self.en_passant.take() {
            self.key ^= keys.en_passant[ep.file().index()];
        }
        self.key ^= keys.castling[self.castling.bits() as usize];
        // Saturating: a FEN may give any clock up to u16::MAX.
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        let mut double_push_target = None;

        match mv.kind() {
            MoveKind::Castle => {
                let side = if to.file() > from.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                let rook = Piece::new(us, PieceType::Rook);
                self.remove_keyed(keys, piece, from);
                self.remove_keyed(keys, rook, to);
                self.put_keyed(keys, piece, side.king_destination(us));
                self.put_keyed(keys, rook, side.rook_destination(us));
            }
            MoveKind::EnPassant => {
                let captured_sq = Square::from_coords(to.file(), from.rank());
                self.remove_keyed(keys, Piece::new(them, PieceType::Pawn), captured_sq);
                self.remove_keyed(keys, piece, from);
                self.put_keyed(keys, piece, to);
                self.halfmove_clock = 0;
            }
            kind => {
                if let Some(captured) = self.piece_on(to) {
                    self.remove_keyed(keys, captured, to);
                    self.halfmove_clock = 0;
                }
                self.remove_keyed(keys, piece, from);
                let landing = match mv.promotion_piece() {
                    Some(promo) => Piece::new(us, promo),
                    None => piece,
                };
                self.put_keyed(keys, landing, to);
                if piece.kind() == PieceType::Pawn {
                    self.halfmove_clock = 0;
                    if kind == MoveKind::DoublePush {
                        double_push_target = Some(Square::from_index((from.index() + to.index()) / 2));
                    }
                }
            }
        }

        if self.castling.any() {
            self.update_castling_rights(piece, from, to);
        }
        self.key ^= keys.castling[self.castling.bits() as usize];

        self.side = them;
        self.key ^= keys.side;
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.update_check_info();
        if let Some(target) = double_push_target {
            self.set_en_passant_if_capturable(target);
        }
    }

    /// A king move loses both rights; a move from or onto a castling rook's
    /// start square loses that right.
    #[inline]
    fn update_castling_rights(&mut self, piece: Piece, from: Square, to: Square) {
        if piece.kind() == PieceType::King {
            self.castling.remove_color(piece.color());
        }
        // Castling rooks start on the back ranks: most moves touch neither.
        let touched = (Bitboard::from_square(from) | Bitboard::from_square(to)).0;
        if touched & 0xFF00_0000_0000_00FF == 0 {
            return;
        }
        // Right `i` is lost when its rook square is `from` or `to`. (A right
        // no longer held keeps a stale square; clearing its bit again
        // changes nothing.)
        let mut lost = 0u8;
        for (i, rook) in self.castle_rooks.iter().enumerate() {
            lost |= (((touched >> rook.index()) & 1) as u8) << i;
        }
        self.castling.remove_bits(lost);
    }

    /// The position with the side to move passing (for null-move pruning).
    /// Must not be called while in check.
    pub fn play_null(&self) -> Board {
        let mut next = self.copy_for_move();
        next.side = next.side.flip();
        next.key ^= KEYS.side;
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        next.update_check_info();
        next
    }

    /// The move that captures or takes a piece from `mv`'s target, if any.
    #[inline(always)]
    pub fn captured_piece(&self, mv: Move) -> Option<PieceType> {
        if mv.is_en_passant() {
            Some(PieceType::Pawn)
        } else if mv.is_castle() {
            None
        } else {
            self.piece_on(mv.to()).map(|p| p.kind())
        }
    }

    /// The piece that moves in `mv`.
    #[inline(always)]
    pub fn moved_piece(&self, mv: Move) -> Option<Piece> {
        self.piece_on(mv.from())
    }

    /// Checks the board's internal invariants: bitboards, mailbox and keys agree,
    /// and check information is current. For tests.
    pub fn is_consistent(&self) -> bool {
        let mut union = Bitboard::EMPTY;
        for kind in PieceType::ALL {
            if (self.pieces(kind) & union).any() {
                return false;
            }
            union |= self.pieces(kind);
        }
        if union != self.occupied() || (self.color(Color::White) & self.color(Color::Black)).any() {
            return false;
        }
        for sq in Square::all() {
            let from_bitboards = PieceType::ALL
                .iter()
                .find(|k| self.pieces(**k).has(sq))
                .map(|&k| {
                    let c = if self.color(Color::White).has(sq) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    Piece::new(c, k)
                });
            if from_bitboards != self.piece_on(sq) {
                return false;
            }
        }
        let mut fresh = *self;
        fresh.update_check_info();
        self.keys() == self.compute_keys() && fresh.checkers == self.checkers && fresh.pinned == self.pinned
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::startpos()
    }
}
