//! Forsyth-Edwards Notation in and out, with a precise error for every way a
//! FEN can be wrong. Castling rights are read as standard `KQkq`, X-FEN
//! (`KQkq` meaning the outermost rook) or Shredder-FEN (rook files, `HAha`).

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::castling::{back_rank, CastleSide};
use crate::types::{Color, File, Piece, PieceType, Rank, Square};
use std::fmt;

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Everything that can be wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    WrongFieldCount(usize),
    /// The placement field does not have 8 ranks.
    WrongRankCount(usize),
    /// A character that is neither a piece letter nor a digit 1-8.
    BadPieceLetter(char),
    /// A rank describes more than 8 squares (rank number 1-8).
    RankTooLong(u8),
    /// A rank describes fewer than 8 squares (rank number 1-8).
    RankTooShort(u8),
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    ExtraKing(Color),
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// More pieces than promotions could have produced.
    TooManyPieces(Color),
    /// The side-to-move field is not `w` or `b`.
    BadSideToMove(String),
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// An unknown character in the castling field.
    BadCastlingChar(char),
    /// A castling right without the king and rook in place for it.
    CastlingWithoutKingAndRook(char),
    /// The en-passant field is not `-` or a square.
    BadEnPassant(String),
    /// An en-passant square that no double pawn step can have produced.
    ImpossibleEnPassant(Square),
    /// The half-move clock is not a number in range.
    BadHalfmoveClock(String),
    /// The full-move number is not a number in range.
    BadFullmoveNumber(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: &Color| if *c == Color::White { "white" } else { "black" };
        match self {
            FenError::WrongFieldCount(n) => write!(f, "expected 4 to 6 fields, found {n}"),
            FenError::WrongRankCount(n) => {
                write!(f, "expected 8 ranks in the placement, found {n}")
            }
            FenError::BadPieceLetter(c) => write!(f, "'{c}' is not a piece letter or a digit 1-8"),
            FenError::RankTooLong(r) => write!(f, "rank {r} describes more than 8 squares"),
            FenError::RankTooShort(r) => write!(f, "rank {r} describes fewer than 8 squares"),
            FenError::MissingKing(c) => write!(f, "{} has no king", side(c)),
            FenError::ExtraKing(c) => write!(f, "{} has more than one king", side(c)),
            FenError::PawnOnBackRank(sq) => {
                write!(f, "pawn on {sq}: pawns cannot stand on the first or last rank")
            }
            FenError::TooManyPieces(c) => {
                write!(f, "{} has more pieces than promotions allow", side(c))
            }
            FenError::BadSideToMove(s) => write!(f, "side to move must be 'w' or 'b', not '{s}'"),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::BadCastlingChar(c) => write!(f, "'{c}' is not a castling right"),
            FenError::CastlingWithoutKingAndRook(c) => {
                write!(f, "castling right '{c}' without king and rook in place")
            }
            FenError::BadEnPassant(s) => {
                write!(f, "en-passant field must be '-' or a square, not '{s}'")
            }
            FenError::ImpossibleEnPassant(sq) => {
                write!(f, "en-passant square {sq} does not follow a double pawn step")
            }
            FenError::BadHalfmoveClock(s) => {
                write!(f, "half-move clock '{s}' is not a number from 0 to 65535")
            }
            FenError::BadFullmoveNumber(s) => {
                write!(f, "full-move number '{s}' is not a number from 0 to 65535")
            }
        }
    }
}

impl std::error::Error for FenError {}

/// The piece-placement field of a FEN (`rnbqkbnr/pppppppp/8/...`), rank 8
/// first, for the pieces `piece_on` gives: the board's own, or those of a
/// position still being assembled (a training-data record).
pub fn placement_fen(piece_on: impl Fn(Square) -> Option<Piece>) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match piece_on(Square::from_index(rank * 8 + file)) {
                Some(p) => {
                    if empty > 0 {
                        out.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    out.push(p.to_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

impl Board {
    /// The standard starting position.
    pub fn startpos() -> Board {
        Board::from_fen(START_FEN).expect("the start position is valid")
    }

    /// Parses a FEN (4 to 6 fields; missing counters default to `0 1`).
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::WrongFieldCount(fields.len()));
        }
        let mut board = Board::empty();
        parse_placement(&mut board, fields[0])?;
        board.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSideToMove(other.to_string())),
        };
        validate_material(&board)?;
        parse_castling(&mut board, fields[2])?;
        let ep = parse_en_passant(&board, fields[3])?;
        if let Some(s) = fields.get(4) {
            board.halfmove_clock = s.parse().map_err(|_| FenError::BadHalfmoveClock(s.to_string()))?;
        }
        if let Some(s) = fields.get(5) {
            let n: u16 = s
                .parse()
                .map_err(|_| FenError::BadFullmoveNumber(s.to_string()))?;
            // Some tools write 0; the move number starts at 1.
            board.fullmove_number = n.max(1);
        }

        let them = board.side.flip();
        if board.is_attacked(board.king(them), board.side, board.occupied()) {
            return Err(FenError::OpponentInCheck);
        }
        let keys = board.compute_keys();
        board.key = keys.key;
        board.pawn_key = keys.pawn_key;
        board.non_pawn_keys = keys.non_pawn_keys;
        board.update_check_info();
        if let Some(target) = ep {
            board.set_en_passant_if_capturable(target);
        }
        Ok(board)
    }

    /// The colour-mirrored twin of this position: ranks mirrored, white and
    /// black swapped (pieces, side to move, castling rights, en passant), the
    /// clocks kept. Every evaluation should score a position and its twin the
    /// same from the side to move's view; tests use it to check that.
    pub fn mirrored(&self) -> Board {
        let fen = self.to_fen();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let placement: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| rank.chars().map(swap).collect())
            .collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        let castling: String = if fields[2] == "-" {
            "-".into()
        } else {
            let mut rights: Vec<char> = fields[2].chars().map(swap).collect();
            rights.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
            rights.into_iter().collect()
        };
        let ep = match fields[3].as_bytes() {
            [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
            _ => "-".into(),
        };
        let twin = format!(
            "{} {side} {castling} {ep} {} {}",
            placement.join("/"),
            fields[4],
            fields[5]
        );
        let mut board = Board::from_fen(&twin).expect("the mirror of a legal position is legal");
        board.set_chess960(self.is_chess960());
        board
    }

    /// The position as FEN. Castling rights come out as `KQkq` where that is
    /// unambiguous and as rook files (Shredder-FEN) otherwise.
    pub fn to_fen(&self) -> String {
        let mut out = placement_fen(|sq| self.piece_on(sq));
        out.push(' ');
        out.push(self.side.to_char());
        out.push(' ');
        out.push_str(&self.castling_field());
        out.push(' ');
        match self.en_passant {
            Some(sq) => out.push_str(&sq.to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove_clock, self.fullmove_number));
        out
    }

    fn castling_field(&self) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if !self.castling.has(color, side) {
                    continue;
                }
                let rook = self.castle_rook(color, side);
                let outermost = self.outermost_rook(color, side) == Some(rook);
                let letter = if outermost {
                    if side == CastleSide::King {
                        'k'
                    } else {
                        'q'
                    }
                } else {
                    rook.file().to_char()
                };
                out.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// The rook of `color` farthest from its king on `side`, on the back rank.
    fn outermost_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        let king = self.king(color);
        let rooks = self.colored(color, PieceType::Rook) & Bitboard::rank(back_rank(color));
        let beyond: Vec<Square> = rooks
            .iter()
            .filter(|r| match side {
                CastleSide::King => r.file() > king.file(),
                CastleSide::Queen => r.file() < king.file(),
            })
            .collect();
        match side {
            CastleSide::King => beyond.last().copied(),
            CastleSide::Queen => beyond.first().copied(),
        }
    }
}

fn parse_placement(board: &mut Board, placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::WrongRankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank_index = 7 - i as u8;
        let rank = Rank::new(rank_index).expect("rank index below 8");
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
            } else {
                let piece = Piece::from_char(c).ok_or(FenError::BadPieceLetter(c))?;
                if file >= 8 {
                    return Err(FenError::RankTooLong(rank_index + 1));
                }
                let sq = Square::from_coords(File::new(file).expect("file below 8"), rank);
                board.put(piece, sq);
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankTooLong(rank_index + 1));
            }
        }
        if file < 8 {
            return Err(FenError::RankTooShort(rank_index + 1));
        }
    }
    Ok(())
}

fn validate_material(board: &Board) -> Result<(), FenError> {
    for color in Color::ALL {
        match board.colored(color, PieceType::King).count() {
            0 => return Err(FenError::MissingKing(color)),
            1 => {}
            _ => return Err(FenError::ExtraKing(color)),
        }
        // Pieces beyond the starting set must have come from promotions,
        // one pawn each. (This also keeps every position under 256 moves.)
        let count = |k| board.colored(color, k).count() as i32;
        let pawns = count(PieceType::Pawn);
        let promoted = (count(PieceType::Queen) - 1).max(0)
            + (count(PieceType::Rook) - 2).max(0)
            + (count(PieceType::Bishop) - 2).max(0)
            + (count(PieceType::Knight) - 2).max(0);
        if pawns > 8 || pawns + promoted > 8 {
            return Err(FenError::TooManyPieces(color));
        }
    }
    let back_ranks = Bitboard(0xFF00_0000_0000_00FF);
    if let Some(sq) = (board.pieces(PieceType::Pawn) & back_ranks).iter().next() {
        return Err(FenError::PawnOnBackRank(sq));
    }
    Ok(())
}

fn parse_castling(board: &mut Board, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        if !matches!(c.to_ascii_lowercase(), 'k' | 'q' | 'a'..='h') {
            return Err(FenError::BadCastlingChar(c));
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king = board.king(color);
        let home = back_rank(color);
        let missing = FenError::CastlingWithoutKingAndRook(c);
        if king.rank() != home {
            return Err(missing);
        }
        let (side, rook) = match c.to_ascii_lowercase() {
            'k' => (CastleSide::King, board.outermost_rook(color, CastleSide::King)),
            'q' => (CastleSide::Queen, board.outermost_rook(color, CastleSide::Queen)),
            f @ 'a'..='h' => {
                let file = File::from_char(f).expect("a-h");
                let sq = Square::from_coords(file, home);
                let is_rook = board.piece_on(sq) == Some(Piece::new(color, PieceType::Rook));
                let side = if file > king.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                (
                    side,
                    if is_rook && file != king.file() {
                        Some(sq)
                    } else {
                        None
                    },
                )
            }
            _ => return Err(FenError::BadCastlingChar(c)),
        };
        let rook = rook.ok_or(missing)?;
        board.castling.add(color, side);
        board.castle_rooks[crate::castling::CastlingRights::index(color, side)] = rook;
        let standard_rook_file = if side == CastleSide::King { 7 } else { 0 };
        if king.file().index() != 4 || rook.file().index() != standard_rook_file {
            board.chess960 = true;
        }
    }
    Ok(())
}

fn parse_en_passant(board: &Board, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let sq = Square::parse(field).ok_or_else(|| FenError::BadEnPassant(field.to_string()))?;
    let us = board.side;
    let them = us.flip();
    // The target is on the sixth rank from the mover's view, empty, with the
    // pawn that just moved in front of it and its start square empty.
    let sixth = Rank::new(5).expect("rank 6").relative_to(us);
    let impossible = Err(FenError::ImpossibleEnPassant(sq));
    if sq.rank() != sixth {
        return impossible;
    }
    let up: i8 = if us == Color::White { 8 } else { -8 };
    let pawn_sq = sq.offset(-up).expect("on the board");
    let origin = sq.offset(up).expect("on the board");
    if board.piece_on(sq).is_some()
        || board.piece_on(origin).is_some()
        || board.piece_on(pawn_sq) != Some(Piece::new(them, PieceType::Pawn))
    {
        return impossible;
    }
    Ok(Some(sq))
}

impl fmt::Display for Board {
    /// The board as an 8x8 diagram, white at the bottom.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, " +---+---+---+---+---+---+---+---+")?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_index(rank * 8 + file);
                let c = self.piece_on(sq).map_or(' ', |p| p.to_char());
                write!(f, " | {c}")?;
            }
            writeln!(f, " | {}", rank + 1)?;
            writeln!(f, " +---+---+---+---+---+---+---+---+")?;
        }
        write!(f, "   a   b   c   d   e   f   g   h")
    }
}
