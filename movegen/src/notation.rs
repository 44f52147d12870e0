//! Move notation: UCI long algebraic (`e2e4`, `e7e8q`, castling as `e1g1` or,
//! in Chess960 mode, king-takes-rook `e1h1`) and Standard Algebraic Notation
//! (`Nbd7`, `exd6`, `O-O-O`, `e8=Q+`) for EPD and PGN.

use crate::board::Board;
use crate::castling::CastleSide;
use crate::moves::Move;
use crate::types::{File, PieceType, Rank, Square};
use std::fmt;

/// Why a move in text could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseError {
    /// The text is not move notation at all.
    Malformed(String),
    /// Well-formed, but not a legal move in this position.
    Illegal(String),
    /// SAN that fits more than one legal move.
    Ambiguous(String),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Malformed(s) => write!(f, "'{s}' is not a move in this notation"),
            MoveParseError::Illegal(s) => write!(f, "'{s}' is not a legal move in this position"),
            MoveParseError::Ambiguous(s) => write!(f, "'{s}' fits more than one legal move"),
        }
    }
}

impl std::error::Error for MoveParseError {}

impl Move {
    /// UCI notation. Castling is `e1g1` normally and king-takes-rook (`e1h1`)
    /// when `chess960` is set.
    pub fn to_uci(self, chess960: bool) -> String {
        if self.is_none() {
            return "0000".to_string();
        }
        let from = self.from();
        let mut to = self.to();
        if self.is_castle() && !chess960 {
            let side = if to.file() > from.file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            to = Square::from_coords(side.king_destination_file(), from.rank());
        }
        let mut s = format!("{from}{to}");
        if let Some(p) = self.promotion_piece() {
            s.push(p.to_char());
        }
        s
    }
}

impl Board {
    /// Parses a UCI move and checks that it is legal. Castling is accepted in
    /// both forms (`e1g1` and `e1h1`); the form of the current mode wins when
    /// the text could mean two moves (a Chess960 king step versus castling).
    pub fn parse_uci(&self, text: &str, chess960: bool) -> Result<Move, MoveParseError> {
        let malformed = || MoveParseError::Malformed(text.to_string());
        let bytes = text.as_bytes();
        if !(4..=5).contains(&bytes.len()) || !text.is_ascii() {
            return Err(malformed());
        }
        Square::parse(&text[0..2]).ok_or_else(malformed)?;
        Square::parse(&text[2..4]).ok_or_else(malformed)?;
        if bytes.len() == 5 && !matches!(bytes[4].to_ascii_lowercase(), b'q' | b'r' | b'b' | b'n') {
            return Err(malformed());
        }
        let wanted = text.to_ascii_lowercase();
        let moves = self.legal_moves();
        for mode in [chess960, !chess960] {
            if let Some(mv) = moves.iter().find(|m| m.to_uci(mode) == wanted) {
                return Ok(*mv);
            }
        }
        Err(MoveParseError::Illegal(text.to_string()))
    }

    /// The move in Standard Algebraic Notation, with `+` or `#`.
    pub fn to_san(&self, mv: Move) -> String {
        let mut san = self.san_without_suffix(mv);
        let after = self.play(mv);
        if after.in_check() {
            san.push(if after.has_legal_move() { '+' } else { '#' });
        }
        san
    }

    fn san_without_suffix(&self, mv: Move) -> String {
        if mv.is_castle() {
            return if mv.to().file() > mv.from().file() {
                "O-O".into()
            } else {
                "O-O-O".into()
            };
        }
        let piece = self.piece_on(mv.from()).map_or(PieceType::Pawn, |p| p.kind());
        let mut san = String::new();
        if piece == PieceType::Pawn {
            if mv.is_capture() {
                san.push(mv.from().file().to_char());
            }
        } else {
            san.push(piece.to_char().to_ascii_uppercase());
            // Disambiguate among other pieces of the same kind reaching `to`.
            let rivals: Vec<Square> = self
                .legal_moves()
                .iter()
                .filter(|m| {
                    m.to() == mv.to()
                        && m.from() != mv.from()
                        && !m.is_castle()
                        && self.piece_on(m.from()).map(|p| p.kind()) == Some(piece)
                })
                .map(|m| m.from())
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|s| s.file() == mv.from().file());
                let same_rank = rivals.iter().any(|s| s.rank() == mv.from().rank());
                if !same_file {
                    san.push(mv.from().file().to_char());
                } else if !same_rank {
                    san.push(mv.from().rank().to_char());
                } else {
                    san.push_str(&mv.from().to_string());
                }
            }
        }
        if mv.is_capture() {
            san.push('x');
        }
        san.push_str(&mv.to().to_string());
        if let Some(p) = mv.promotion_piece() {
            san.push('=');
            san.push(p.to_char().to_ascii_uppercase());
        }
        san
    }

    /// Parses a SAN move (also accepting `0-0`, a missing `=` before the
    /// promotion piece, missing or extra check marks and annotations, and
    /// over-specified origins such as `Ng1f3`).
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveParseError> {
        let malformed = || MoveParseError::Malformed(text.to_string());
        let core = text.trim_end_matches(['+', '#', '!', '?']);
        let moves = self.legal_moves();
        let castle = match core {
            "O-O" | "0-0" => Some(CastleSide::King),
            "O-O-O" | "0-0-0" => Some(CastleSide::Queen),
            _ => None,
        };
        if let Some(side) = castle {
            return moves
                .iter()
                .copied()
                .find(|m| m.is_castle() && (m.to().file() > m.from().file()) == (side == CastleSide::King))
                .ok_or_else(|| MoveParseError::Illegal(text.to_string()));
        }

        let mut chars: Vec<char> = core.chars().collect();
        if chars.is_empty() {
            return Err(malformed());
        }
        // Promotion suffix.
        let mut promotion = None;
        // Legal SAN ends in a rank digit unless it names a promotion piece.
        if let Some(&last) = chars.last() {
            if chars.len() >= 3 && "QRBNqrbn".contains(last) {
                promotion = PieceType::from_char(last);
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
        let piece = match chars[0] {
            'N' | 'B' | 'R' | 'Q' | 'K' => {
                let p = PieceType::from_char(chars[0]);
                chars.remove(0);
                p.expect("piece letter")
            }
            _ => PieceType::Pawn,
        };
        if chars.len() < 2 {
            return Err(malformed());
        }
        let to_text: String = chars[chars.len() - 2..].iter().collect();
        let to = Square::parse(&to_text).ok_or_else(malformed)?;
        chars.truncate(chars.len() - 2);
        let capture = chars.last() == Some(&'x');
        if capture {
            chars.pop();
        }
        let (mut from_file, mut from_rank) = (None::<File>, None::<Rank>);
        for c in chars {
            if let Some(f) = File::from_char(c).filter(|_| c.is_ascii_lowercase()) {
                from_file = Some(f);
            } else if let Some(r) = Rank::from_char(c) {
                from_rank = Some(r);
            } else {
                return Err(malformed());
            }
        }

        let matches: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                !m.is_castle()
                    && m.to() == to
                    && self.piece_on(m.from()).map(|p| p.kind()) == Some(piece)
                    && m.promotion_piece() == promotion
                    && from_file.is_none_or(|f| m.from().file() == f)
                    && from_rank.is_none_or(|r| m.from().rank() == r)
                    && (!capture || m.is_capture())
            })
            .collect();
        match matches.len() {
            0 => Err(MoveParseError::Illegal(text.to_string())),
            1 => Ok(matches[0]),
            _ => Err(MoveParseError::Ambiguous(text.to_string())),
        }
    }
}
