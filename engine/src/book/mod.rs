//! Polyglot opening books (`.bin`): the format's Zobrist keys, a reader that
//! checks the file, and the choice of a book move.
//!
//! The format (Fabien Letouzey's `book_format.html`, also implemented by
//! python-chess's `chess.polyglot`): a file of 16-byte entries, big-endian,
//! sorted by key: `key: u64`, `move: u16`, `weight: u16`, `learn: u32`. A
//! position may have several entries, one per move.
//!
//! - **Key**: the XOR of [`random64::RANDOM64`] values for every piece
//!   (`64 * kind + square`, kind = 2 * piece type + 1 for white), each
//!   castling right (white short, white long, black short, black long; in
//!   Chess960 by the side of the rook, wherever it stands), the en-passant
//!   file, and white to move. The en-passant file counts when the last move
//!   was a double pawn push and a pawn of the side to move stands beside the
//!   pushed pawn, *whether or not the capture is legal* (a pinned pawn still
//!   counts). Daba's `Board` keeps the en-passant square only when the
//!   capture is legal, so the caller passes the square a double push skipped
//!   ([`ep_target_after`], [`ep_target_of_fen`]).
//! - **Move**: to (bits 0-5), from (6-11), promotion (12-14: 1 knight,
//!   2 bishop, 3 rook, 4 queen); a square is `8 * rank + file` (a1 = 0).
//!   Castling is the king moving onto its own rook (`e1h1`), in standard
//!   chess and Chess960 alike, which is Daba's own encoding of castling.
//! - **Weight**: how good the move is; a move of weight 0 is never played.

pub mod random64;

use movegen::{Board, CastleSide, Color, File, Move, MoveKind, PieceType, Rank, Square};
use rand::Rng;
use random64::RANDOM64;
use std::fmt;
use std::path::Path;

const CASTLING: usize = 768;
const EN_PASSANT: usize = 772;
const TURN: usize = 780;

/// The Polyglot key of `board`. `ep_target` is the square the last move's
/// double pawn push skipped, if it was one (the board's own en-passant
/// square is used when this is `None`); it counts only when a pawn of the
/// side to move stands beside the pushed pawn.
pub fn polyglot_key(board: &Board, ep_target: Option<Square>) -> u64 {
    let mut key = 0;
    for sq in board.occupied() {
        let piece = board.piece_on(sq).expect("an occupied square has a piece");
        let kind = 2 * piece.kind().index() + usize::from(piece.color() == Color::White);
        key ^= RANDOM64[64 * kind + sq.index()];
    }
    let rights = board.castling_rights();
    let flags = [
        (Color::White, CastleSide::King),
        (Color::White, CastleSide::Queen),
        (Color::Black, CastleSide::King),
        (Color::Black, CastleSide::Queen),
    ];
    for (i, (color, side)) in flags.into_iter().enumerate() {
        if rights.has(color, side) {
            key ^= RANDOM64[CASTLING + i];
        }
    }
    if let Some(file) = counted_ep_file(board, ep_target.or(board.en_passant())) {
        key ^= RANDOM64[EN_PASSANT + file.index()];
    }
    if board.side_to_move() == Color::White {
        key ^= RANDOM64[TURN];
    }
    key
}

/// The en-passant file the key counts: the target must lie behind a pawn of
/// the side not to move on its fourth rank, with a pawn of the side to move
/// beside that pawn.
fn counted_ep_file(board: &Board, target: Option<Square>) -> Option<File> {
    let target = target?;
    let us = board.side_to_move();
    let them = us.flip();
    // The target is on the third rank of the side that pushed.
    if target.rank() != Rank::new(2)?.relative_to(them) {
        return None;
    }
    let pushed_rank = Rank::new(3)?.relative_to(them);
    let pushed = Square::from_coords(target.file(), pushed_rank);
    if board.piece_on(pushed) != Some(movegen::Piece::new(them, PieceType::Pawn)) {
        return None;
    }
    let ours = movegen::Piece::new(us, PieceType::Pawn);
    let file = target.file().index() as i32;
    let beside = [file - 1, file + 1].into_iter().any(|f| {
        u8::try_from(f)
            .ok()
            .and_then(File::new)
            .is_some_and(|f| board.piece_on(Square::from_coords(f, pushed_rank)) == Some(ours))
    });
    beside.then_some(target.file())
}

/// The square `mv` skips when it is a double pawn push, for [`polyglot_key`] of the position after it.
pub fn ep_target_after(mv: Move) -> Option<Square> {
    if mv.kind() != MoveKind::DoublePush {
        return None;
    }
    Square::new(((mv.from().index() + mv.to().index()) / 2) as u8)
}

/// The en-passant field of a FEN as written (Daba's `Board` drops it when the
/// capture is not legal; the Polyglot key may still count it).
pub fn ep_target_of_fen(fen: &str) -> Option<Square> {
    let field = fen.split_whitespace().nth(3)?;
    Square::parse(field)
}

/// A move in the book format.
pub fn encode_move(mv: Move) -> u16 {
    let promotion = match mv.promotion_piece() {
        Some(PieceType::Knight) => 1,
        Some(PieceType::Bishop) => 2,
        Some(PieceType::Rook) => 3,
        Some(PieceType::Queen) => 4,
        _ => 0,
    };
    (mv.to().index() as u16) | (mv.from().index() as u16) << 6 | promotion << 12
}

/// The legal move of `board` that the book's `raw` move stands for, if any.
/// Castling is king-onto-rook as the format writes it; the king's two-square
/// step of standard chess (`e1g1`) that some book writers use is accepted too.
pub fn decode_move(board: &Board, raw: u16) -> Option<Move> {
    let to = Square::from_index((raw & 63) as usize);
    let from = Square::from_index((raw >> 6 & 63) as usize);
    let promotion = match raw >> 12 & 7 {
        0 => None,
        1 => Some(PieceType::Knight),
        2 => Some(PieceType::Bishop),
        3 => Some(PieceType::Rook),
        4 => Some(PieceType::Queen),
        _ => return None,
    };
    let moves = board.legal_moves();
    let exact = moves
        .iter()
        .find(|m| m.from() == from && m.to() == to && m.promotion_piece() == promotion);
    if let Some(&mv) = exact {
        debug_assert!(board.is_pseudo_legal(mv) && board.is_legal(mv));
        return Some(mv);
    }
    // e1g1, e1c1, e8g8, e8c8 with the king on its standard square.
    let us = board.side_to_move();
    let king = board.king(us);
    if promotion.is_none() && from == king && king == Square::E1.relative_to(us) && to.rank() == from.rank() {
        let side = match to.file().index() {
            6 => CastleSide::King,
            2 => CastleSide::Queen,
            _ => return None,
        };
        return moves
            .iter()
            .copied()
            .find(|m| m.is_castle() && m.from() == king && side.king_destination(us) == to);
    }
    None
}

/// One entry of a book file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position's Polyglot key.
    pub key: u64,
    /// The move, in the format's encoding.
    pub raw_move: u16,
    /// How often to play it, relative to the position's other entries.
    pub weight: u16,
    /// Unused by Daba (learning data of some book tools).
    pub learn: u32,
}

/// Bytes per entry.
pub const ENTRY_SIZE: usize = 16;

impl Entry {
    /// The entry's 16 bytes, big-endian.
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut b = [0; ENTRY_SIZE];
        b[0..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..16].copy_from_slice(&self.learn.to_be_bytes());
        b
    }

    /// Reads an entry from its 16 bytes.
    pub fn from_bytes(b: &[u8; ENTRY_SIZE]) -> Entry {
        Entry {
            key: u64::from_be_bytes(b[0..8].try_into().expect("8 bytes")),
            raw_move: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes(b[12..16].try_into().expect("4 bytes")),
        }
    }
}

/// Why a book file cannot be used.
#[derive(Debug)]
pub enum BookError {
    /// The file could not be read.
    Io(std::io::Error),
    /// The size is not a multiple of 16 bytes.
    Size(u64),
    /// The file holds no entry.
    Empty,
    /// Entry `index` (0-based) has a smaller key than the one before it.
    Unsorted(usize),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(e) => write!(f, "cannot read it ({e})"),
            BookError::Size(n) => write!(
                f,
                "not a Polyglot book: {n} bytes is not a whole number of 16-byte entries"
            ),
            BookError::Empty => write!(f, "the book is empty"),
            BookError::Unsorted(i) => write!(
                f,
                "not a Polyglot book: entry {i} is out of key order (the format sorts entries by key)"
            ),
        }
    }
}

impl std::error::Error for BookError {}

/// A book move for a position, with its weight and the position's total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move (legal in the position).
    pub mv: Move,
    /// Its weight.
    pub weight: u32,
    /// The sum of the weights of the position's playable moves.
    pub total: u32,
}

/// The largest book file `Book::open` reads (the biggest public Polyglot
/// books are a few hundred MB).
pub const MAX_BOOK_FILE_BYTES: u64 = 2 << 30;

/// A Polyglot book held in memory (16 bytes per entry, as on disk).
#[derive(Clone, Debug)]
pub struct Book {
    entries: Vec<Entry>,
}

impl Book {
    /// Reads and checks a book file.
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let bytes = eval::file::read_regular(path, MAX_BOOK_FILE_BYTES).map_err(BookError::Io)?;
        Book::from_bytes(&bytes)
    }

    /// Checks and reads a book from its bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if !bytes.len().is_multiple_of(ENTRY_SIZE) {
            return Err(BookError::Size(bytes.len() as u64));
        }
        if bytes.is_empty() {
            return Err(BookError::Empty);
        }
        let entries: Vec<Entry> = bytes
            .chunks_exact(ENTRY_SIZE)
            .map(|c| Entry::from_bytes(c.try_into().expect("16 bytes")))
            .collect();
        if let Some(i) = entries.windows(2).position(|w| w[1].key < w[0].key) {
            return Err(BookError::Unsorted(i + 1));
        }
        Ok(Book { entries })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the book has no entry (never for a book that was read).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries of `key`, in file order (binary search).
    pub fn entries(&self, key: u64) -> &[Entry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let end = start + self.entries[start..].partition_point(|e| e.key == key);
        &self.entries[start..end]
    }

    /// The playable book moves of a position: its entries with a weight above
    /// zero whose move is legal there (weights of a move listed twice add up),
    /// highest weight first, ties in file order. `ep_target` as for
    /// [`polyglot_key`].
    pub fn moves(&self, board: &Board, ep_target: Option<Square>) -> Vec<BookMove> {
        let mut found: Vec<(Move, u32)> = Vec::new();
        for entry in self.entries(polyglot_key(board, ep_target)) {
            if entry.weight == 0 {
                continue;
            }
            let Some(mv) = decode_move(board, entry.raw_move) else {
                continue;
            };
            match found.iter_mut().find(|(m, _)| *m == mv) {
                Some((_, w)) => *w += u32::from(entry.weight),
                None => found.push((mv, u32::from(entry.weight))),
            }
        }
        let total = found.iter().map(|&(_, w)| w).sum();
        found.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
        found
            .into_iter()
            .map(|(mv, weight)| BookMove { mv, weight, total })
            .collect()
    }

    /// The book's move for a position: the highest-weighted one with `best`,
    /// otherwise a random one with probability proportional to its weight.
    pub fn pick(
        &self,
        board: &Board,
        ep_target: Option<Square>,
        best: bool,
        rng: &mut impl Rng,
    ) -> Option<BookMove> {
        let moves = self.moves(board, ep_target);
        let first = *moves.first()?;
        if best {
            return Some(first);
        }
        let mut r = rng.gen_range(0..first.total);
        for m in &moves {
            if r < m.weight {
                return Some(*m);
            }
            r -= m.weight;
        }
        Some(first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn keys_of_the_format_documentation() {
        // The examples of book_format.html.
        let cases: [(&str, Option<&str>, u64); 9] = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                None,
                0x463b96181691fc9c,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                Some("e3"),
                0x823c9b50fd114196,
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
                Some("d6"),
                0x0756b94461c50fb0,
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
                None,
                0x662fafb965db29d4,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                Some("f6"),
                0x22a48b5a8e47ff78,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
                None,
                0x652a607ca3f242c1,
            ),
            (
                "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
                None,
                0x00fdd303c946bdd9,
            ),
            (
                "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
                Some("c3"),
                0x3c8123ea7b067637,
            ),
            (
                "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
                None,
                0x5c3f9b829b279560,
            ),
        ];
        for (fen, ep, key) in cases {
            let b = board(fen);
            let target = ep.and_then(Square::parse);
            assert_eq!(polyglot_key(&b, target), key, "{fen}");
            assert_eq!(polyglot_key(&b, ep_target_of_fen(fen)), key, "{fen}");
        }
    }

    #[test]
    fn en_passant_counts_with_a_pawn_beside_even_if_pinned() {
        // exd6 would expose the king on a5 to the rook: Daba's board drops
        // d6, the Polyglot key keeps it.
        let fen = "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1";
        let b = board(fen);
        assert_eq!(b.en_passant(), None);
        assert_eq!(polyglot_key(&b, ep_target_of_fen(fen)), 0x200429d3a5ab9df1);
        assert_ne!(polyglot_key(&b, None), polyglot_key(&b, ep_target_of_fen(fen)));
        // No pawn beside the pushed one: the file does not count.
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert_eq!(
            polyglot_key(&board(fen), Square::parse("e3")),
            polyglot_key(&board(fen), None)
        );
        // A target on the wrong rank never counts.
        let fen = "4k3/8/8/2PpP3/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            polyglot_key(&board(fen), Square::parse("d3")),
            polyglot_key(&board(fen), None)
        );
    }

    #[test]
    fn double_pushes_give_their_target() {
        let b = Board::startpos();
        let mv = b.parse_uci("e2e4", false).unwrap();
        assert_eq!(ep_target_after(mv), Square::parse("e3"));
        let mv = b.parse_uci("e2e3", false).unwrap();
        assert_eq!(ep_target_after(mv), None);
    }

    fn book_of(entries: &[Entry]) -> Vec<u8> {
        entries.iter().flat_map(|e| e.to_bytes()).collect()
    }

    fn entry(board: &Board, uci: &str, weight: u16) -> Entry {
        let mv = board.parse_uci(uci, false).unwrap();
        Entry {
            key: polyglot_key(board, None),
            raw_move: encode_move(mv),
            weight,
            learn: 0,
        }
    }

    #[test]
    fn moves_are_decoded_castling_and_promotions_included() {
        let b = board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for uci in ["e1h1", "e1a1", "b7a8q", "b7b8n", "b7b8r", "b7b8b", "a1a8"] {
            let mv = b.parse_uci(uci, true).unwrap();
            let raw = encode_move(mv);
            assert_eq!(decode_move(&b, raw), Some(mv), "{uci}");
        }
        // e1g1 as some writers put it means castling too.
        let raw = (Square::G1.index() as u16) | (Square::E1.index() as u16) << 6;
        assert_eq!(decode_move(&b, raw), Some(b.parse_uci("e1h1", true).unwrap()));
        // An illegal move or a bad promotion code is no move.
        let raw = (Square::E8.index() as u16) | (Square::E1.index() as u16) << 6;
        assert_eq!(decode_move(&b, raw), None);
        assert_eq!(decode_move(&b, 7 << 12 | raw), None);
    }

    #[test]
    fn lookup_weights_and_choice() {
        let start = Board::startpos();
        let after = start.play(start.parse_uci("e2e4", false).unwrap());
        let mut entries = vec![
            entry(&start, "e2e4", 60),
            entry(&start, "d2d4", 30),
            entry(&start, "g1f3", 10),
            entry(&start, "b1c3", 0),
            entry(&after, "c7c5", 5),
        ];
        // An entry for an illegal move (a corrupt or foreign book) is skipped.
        entries.push(Entry {
            raw_move: (Square::E8.index() as u16) | (Square::E1.index() as u16) << 6,
            ..entries[0]
        });
        entries.sort_by_key(|e| e.key);
        let book = Book::from_bytes(&book_of(&entries)).unwrap();
        assert_eq!(book.len(), 6);
        let moves = book.moves(&start, None);
        let ucis: Vec<String> = moves.iter().map(|m| m.mv.to_uci(false)).collect();
        assert_eq!(ucis, ["e2e4", "d2d4", "g1f3"]);
        assert!(moves.iter().all(|m| m.total == 100));
        let mut rng = StdRng::seed_from_u64(1);
        let best = book.pick(&start, None, true, &mut rng).unwrap();
        assert_eq!(best.mv.to_uci(false), "e2e4");
        let mut counts = [0u32; 3];
        for _ in 0..10_000 {
            let m = book.pick(&start, None, false, &mut rng).unwrap();
            counts[moves.iter().position(|x| x.mv == m.mv).unwrap()] += 1;
        }
        // 6000, 3000, 1000 expected; 5 sigma is about 250.
        assert!((5750..6250).contains(&counts[0]), "{counts:?}");
        assert!((2750..3250).contains(&counts[1]), "{counts:?}");
        assert!((850..1150).contains(&counts[2]), "{counts:?}");
        assert_eq!(book.pick(&after, None, true, &mut rng).unwrap().weight, 5);
        let nothing = after.play(after.parse_uci("c7c5", false).unwrap());
        assert!(book.pick(&nothing, None, false, &mut rng).is_none());
    }

    #[test]
    fn bad_files_are_errors() {
        let start = Board::startpos();
        let a = entry(&start, "e2e4", 1);
        let b = Entry { key: a.key ^ 1, ..a };
        let mut sorted = vec![a, b];
        sorted.sort_by_key(|e| e.key);
        assert!(Book::from_bytes(&book_of(&sorted)).is_ok());
        let bytes = book_of(&sorted);
        assert!(matches!(Book::from_bytes(&bytes[..20]), Err(BookError::Size(20))));
        assert!(matches!(Book::from_bytes(&[]), Err(BookError::Empty)));
        sorted.reverse();
        assert!(matches!(
            Book::from_bytes(&book_of(&sorted)),
            Err(BookError::Unsorted(1))
        ));
        let missing = Book::open("/nonexistent/daba/book.bin");
        assert!(matches!(missing, Err(BookError::Io(_))));
        assert!(missing.unwrap_err().to_string().starts_with("cannot read it"));
        let dir = Book::open(std::env::temp_dir());
        assert!(matches!(dir, Err(BookError::Io(_))));
    }
}
