//! The position string of §16 ("4FEN") in and out, and the start position
//! of §4. Five space-separated fields: the board (14 ranks from rank 14 down,
//! `_` for each hole, a number for a run of empty squares, a token such as
//! `sK` or `eP^*2` for a piece), the seat to move, the frozen seats, the plies
//! since the last capture or pawn move, and the round number.
//!
//! Two options add to the text, and are rejected under the default rules:
//! under `RibbonRemoval::BirthSquare` a pawn not on its birth line says where
//! it was born with `@` and a letter (`sP^@e`: born on the e-file; a West or
//! East pawn's letter names its birth rank, `a` for rank 1); under
//! `Release::Literal` each frozen seat lists the squares that mated it
//! (`W[c10]`). Every way the text can be wrong has its own error.

use crate::attacks::attackers;
use crate::geometry::{Square, SquareSet, SIZE};
use crate::position::Position;
use crate::rules::{Release, RibbonRemoval, Rules};
use crate::types::{Kind, Piece, Seat, SeatSet, Team, MAX_CAPS};
use std::fmt;
use thiserror::Error;

/// The start position under the default rules (§4).
pub const START: &str = "___nRnNnBnKnQnBnNnR___/___nPnPnPnPnPnPnPnP___/___8___/wRwP10ePeR/wNwP10ePeN/\
wBwP10ePeB/wKwP10ePeQ/wQwP10ePeK/wBwP10ePeB/wNwP10ePeN/wRwP10ePeR/___8___/___sPsPsPsPsPsPsPsP___/\
___sRsNsBsQsKsBsNsR___ S - 0 1";

/// Everything that can be wrong with a position string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Not 3 to 5 space-separated fields.
    #[error(
        "expected 5 space-separated fields (board, seat to move, frozen seats, clock, round; the last two may be left out), found {0}"
    )]
    WrongFieldCount(usize),
    /// The board field does not have 14 ranks.
    #[error("expected 14 ranks separated by '/', found {0}")]
    WrongRankCount(usize),
    /// Text in a rank that is neither `_`, a count nor a piece token.
    #[error("rank {rank}: '{text}' is not '_', a count of empty squares or a piece such as 'sK' or 'eP^*2'")]
    BadToken {
        /// The rank, 1-14.
        rank: u8,
        /// The text from the bad token to the end of the rank.
        text: String,
    },
    /// A rank describes more than 14 cells.
    #[error("rank {0} describes more than 14 cells")]
    RankTooLong(u8),
    /// A rank describes fewer than 14 cells.
    #[error("rank {rank} describes {cells} cells, not 14")]
    RankTooShort {
        /// The rank, 1-14.
        rank: u8,
        /// How many it describes.
        cells: u8,
    },
    /// A piece or an empty square where the board has a hole.
    #[error("{0} is a hole of this board: write '_' there")]
    HoleExpected(Square),
    /// `_` on a square of the board.
    #[error("'_' on {0}, which is a square of this board")]
    UnexpectedHole(Square),
    /// A capture counter that is not one digit 1-3.
    #[error("{0}: a capture counter is one digit 1-3 after '*'")]
    BadCaptureCounter(Square),
    /// A ribbon, counter or birth mark on a piece that is not a pawn.
    #[error("{0}: only pawns carry a ribbon, a capture counter or a birth mark")]
    PawnStateOnPiece(Square),
    /// A birth mark (`@`) under rules that do not keep birth squares.
    #[error("{0}: a birth mark ('@') needs the birth-square ribbon rule")]
    BirthMarkWithoutRule(Square),
    /// A seat without a king.
    #[error("{0} has no king")]
    MissingKing(Seat),
    /// A seat with more than one king.
    #[error("{0} has more than one king")]
    ExtraKing(Seat),
    /// Kings of opposing teams on neighbouring squares.
    #[error("the enemy kings on {0} and {1} stand side by side")]
    AdjacentEnemyKings(Square, Square),
    /// The seat-to-move field is not `S`, `W`, `N` or `E`.
    #[error("'{0}' is not a seat to move: S, W, N or E")]
    BadToMove(String),
    /// The frozen field is not `-` or seat letters.
    #[error("'{0}' is not a frozen-seats field: '-' or seat letters such as 'W' or 'SE'")]
    BadFrozen(String),
    /// A seat listed twice in the frozen field.
    #[error("{0} is listed twice as frozen")]
    DuplicateFrozen(Seat),
    /// Mating squares (`W[c10]`) under rules other than the literal release.
    #[error("mating squares for {0} need the literal release rule")]
    MatingSquaresWithoutRule(Seat),
    /// A frozen seat that nothing holds: the release step would free it.
    #[error("{0} is frozen, but nothing holds it (its king is not attacked)")]
    FrozenNotHeld(Seat),
    /// Both seats of both teams frozen.
    #[error("all four seats are frozen")]
    AllFrozen,
    /// The clock is not a number.
    #[error("plies since the last capture or pawn move: '{0}' is not a number")]
    BadClock(String),
    /// The round number is not a number from 1.
    #[error("round number '{0}' is not a number from 1")]
    BadRound(String),
}

impl Position {
    /// The start position under the default rules (§4).
    pub fn start() -> Position {
        Position::start_with(Rules::default())
    }

    /// The start position under `rules`: 16 men per seat on the two lines
    /// nearest it, each queen on a light square (F3), South to move.
    pub fn start_with(rules: Rules) -> Position {
        let mut pos = Position::empty(rules);
        for seat in Seat::ALL {
            let cell = |depth: u8, along: u8| {
                let (x, y) = match seat {
                    Seat::South => (along, depth),
                    Seat::North => (along, SIZE - 1 - depth),
                    Seat::West => (depth, along),
                    Seat::East => (SIZE - 1 - depth, along),
                };
                Square::new(x, y).expect("the armies stand on the grid")
            };
            let order = [
                Kind::Rook,
                Kind::Knight,
                Kind::Bishop,
                Kind::King,
                Kind::King,
                Kind::Bishop,
                Kind::Knight,
                Kind::Rook,
            ];
            for (i, &kind) in order.iter().enumerate() {
                let along = 3 + i as u8;
                let sq = cell(0, along);
                let kind = match kind {
                    Kind::King if rules.light_squares.is_light(sq) => Kind::Queen,
                    k => k,
                };
                pos.put(sq, Piece::new(seat, kind));
                let mut pawn = Piece::new(seat, Kind::Pawn);
                if rules.ribbon_removal == RibbonRemoval::BirthSquare {
                    pawn.origin = along;
                }
                pos.put(cell(1, along), pawn);
            }
        }
        pos
    }

    /// Parses a position string under the default rules.
    pub fn from_text(text: &str) -> Result<Position, PositionError> {
        Position::from_text_with(text, Rules::default())
    }

    /// Parses a position string under `rules` (3 to 5 fields: a missing
    /// clock and round read as `0 1`).
    pub fn from_text_with(text: &str, rules: Rules) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(3..=5).contains(&fields.len()) {
            return Err(PositionError::WrongFieldCount(fields.len()));
        }
        let mut pos = Position::empty(rules);
        parse_board(&mut pos, fields[0])?;
        check_kings(&pos)?;
        let to_move = match fields[1] {
            s if s.len() == 1 => s.chars().next().and_then(Seat::from_letter),
            _ => None,
        };
        pos.set_to_move(to_move.ok_or_else(|| PositionError::BadToMove(fields[1].to_string()))?);
        parse_frozen(&mut pos, fields[2])?;
        if let Some(clock) = fields.get(3) {
            pos.clock = clock
                .parse()
                .map_err(|_| PositionError::BadClock(clock.to_string()))?;
        }
        if let Some(round) = fields.get(4) {
            pos.round = round
                .parse()
                .ok()
                .filter(|&r| r >= 1)
                .ok_or_else(|| PositionError::BadRound(round.to_string()))?;
        }
        Ok(pos)
    }

    /// The position string (the inverse of [`Position::from_text_with`]
    /// under this position's rules).
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

/// The board field alone.
fn board_text(pos: &Position) -> String {
    let geo = pos.geometry();
    let mut out = String::with_capacity(200);
    for y in (0..SIZE).rev() {
        let mut empty = 0;
        for x in 0..SIZE {
            let sq = Square::new(x, y).expect("on the grid");
            let piece = pos.piece_at(sq);
            if geo.contains(sq) && piece.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            match piece {
                None => out.push('_'),
                Some(p) => piece_token(pos, sq, p, &mut out),
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
    out
}

fn piece_token(pos: &Position, sq: Square, p: Piece, out: &mut String) {
    out.push(p.seat.letter().to_ascii_lowercase());
    out.push(p.kind.letter());
    if p.kind != Kind::Pawn {
        return;
    }
    if p.ribbon {
        out.push('^');
    }
    if p.caps > 0 {
        out.push('*');
        out.push((b'0' + p.caps) as char);
    }
    if pos.rules.ribbon_removal == RibbonRemoval::BirthSquare && p.origin != p.seat.along(sq) {
        out.push('@');
        out.push((b'a' + p.origin) as char);
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", board_text(self), self.to_move)?;
        if self.frozen.is_empty() {
            f.write_str("-")?;
        }
        for seat in self.frozen.iter() {
            write!(f, "{seat}")?;
            if self.rules.release == Release::Literal {
                f.write_str("[")?;
                for sq in self.checkers[seat.index()].iter() {
                    write!(f, "{sq}")?;
                }
                f.write_str("]")?;
            }
        }
        write!(f, " {} {}", self.clock, self.round)
    }
}

fn parse_board(pos: &mut Position, field: &str) -> Result<(), PositionError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != SIZE as usize {
        return Err(PositionError::WrongRankCount(ranks.len()));
    }
    let geo = pos.geometry();
    for (i, rank_text) in ranks.iter().enumerate() {
        let y = SIZE - 1 - i as u8;
        let rank = y + 1;
        let bytes = rank_text.as_bytes();
        let mut x: u8 = 0;
        let mut at = 0;
        let bad = |at: usize| PositionError::BadToken {
            rank,
            text: rank_text[at..].to_string(),
        };
        let cell = |x: u8| Square::new(x, y).ok_or(PositionError::RankTooLong(rank));
        while at < bytes.len() {
            let c = bytes[at];
            if c == b'_' {
                let sq = cell(x)?;
                if geo.contains(sq) {
                    return Err(PositionError::UnexpectedHole(sq));
                }
                x += 1;
                at += 1;
            } else if c.is_ascii_digit() {
                let start = at;
                while at < bytes.len() && bytes[at].is_ascii_digit() {
                    at += 1;
                }
                let run: usize = rank_text[start..at].parse().map_err(|_| bad(start))?;
                if run == 0 || bytes[start] == b'0' {
                    return Err(bad(start));
                }
                for _ in 0..run {
                    let sq = cell(x)?;
                    if !geo.contains(sq) {
                        return Err(PositionError::HoleExpected(sq));
                    }
                    x += 1;
                }
            } else {
                let sq = cell(x)?;
                let (piece, len) = parse_piece(pos, &rank_text[at..], sq).ok_or_else(|| bad(at))??;
                if !geo.contains(sq) {
                    return Err(PositionError::HoleExpected(sq));
                }
                pos.put(sq, piece);
                x += 1;
                at += len;
            }
        }
        if x != SIZE {
            return Err(PositionError::RankTooShort { rank, cells: x });
        }
    }
    Ok(())
}

/// A piece token at the start of `text` and its length; `None` when it is
/// not one, an error when it is one with bad pawn state.
fn parse_piece(pos: &Position, text: &str, sq: Square) -> Option<Result<(Piece, usize), PositionError>> {
    let b = text.as_bytes();
    let seat = Seat::from_letter(char::from(*b.first()?).to_ascii_uppercase())
        .filter(|_| b[0].is_ascii_lowercase())?;
    let kind = Kind::from_letter(char::from(*b.get(1)?))?;
    let mut piece = Piece::new(seat, kind);
    if kind == Kind::Pawn && pos.rules.ribbon_removal == RibbonRemoval::BirthSquare {
        piece.origin = seat.along(sq);
    }
    let mut at = 2;
    let mut state = false;
    if b.get(at) == Some(&b'^') {
        piece.ribbon = true;
        state = true;
        at += 1;
    }
    if b.get(at) == Some(&b'*') {
        state = true;
        match b.get(at + 1) {
            Some(d @ b'1'..=b'3') => piece.caps = d - b'0',
            _ => return Some(Err(PositionError::BadCaptureCounter(sq))),
        }
        debug_assert!(piece.caps <= MAX_CAPS);
        at += 2;
    }
    if b.get(at) == Some(&b'@') {
        state = true;
        if pos.rules.ribbon_removal != RibbonRemoval::BirthSquare {
            return Some(Err(PositionError::BirthMarkWithoutRule(sq)));
        }
        match b.get(at + 1) {
            Some(l @ b'a'..=b'n') => piece.origin = l - b'a',
            _ => return None,
        }
        at += 2;
    }
    if state && kind != Kind::Pawn {
        return Some(Err(PositionError::PawnStateOnPiece(sq)));
    }
    Some(Ok((piece, at)))
}

fn check_kings(pos: &Position) -> Result<(), PositionError> {
    let mut kings: [Vec<Square>; 4] = Default::default();
    for (sq, p) in pos.pieces() {
        if p.kind == Kind::King {
            kings[p.seat.index()].push(sq);
        }
    }
    for seat in Seat::ALL {
        match kings[seat.index()].len() {
            0 => return Err(PositionError::MissingKing(seat)),
            1 => {}
            _ => return Err(PositionError::ExtraKing(seat)),
        }
    }
    for a in [Seat::South, Seat::North] {
        for b in [Seat::West, Seat::East] {
            let (ka, kb) = (pos.king(a), pos.king(b));
            if ka.x().abs_diff(kb.x()) <= 1 && ka.y().abs_diff(kb.y()) <= 1 {
                return Err(PositionError::AdjacentEnemyKings(ka, kb));
            }
        }
    }
    Ok(())
}

fn parse_frozen(pos: &mut Position, field: &str) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    let bad = || PositionError::BadFrozen(field.to_string());
    let mut rest = field;
    let mut listed = SeatSet::EMPTY;
    let mut given: Vec<(Seat, Option<SquareSet>)> = Vec::new();
    while let Some(c) = rest.chars().next() {
        let seat = Seat::from_letter(c).ok_or_else(bad)?;
        if listed.contains(seat) {
            return Err(PositionError::DuplicateFrozen(seat));
        }
        listed.insert(seat);
        rest = &rest[1..];
        let mut squares = None;
        if let Some(inner) = rest.strip_prefix('[') {
            if pos.rules.release != Release::Literal {
                return Err(PositionError::MatingSquaresWithoutRule(seat));
            }
            let end = inner.find(']').ok_or_else(bad)?;
            let mut list = &inner[..end];
            let mut set = SquareSet::EMPTY;
            while !list.is_empty() {
                let (sq, len) = Square::parse_prefix(list).ok_or_else(bad)?;
                set.insert(sq);
                list = &list[len..];
            }
            squares = Some(set);
            rest = &inner[end + 1..];
        }
        given.push((seat, squares));
    }
    if [Team::SouthNorth, Team::WestEast]
        .iter()
        .all(|t| t.seats().iter().all(|s| listed.contains(*s)))
    {
        return Err(PositionError::AllFrozen);
    }
    // Every seat is frozen before the mating squares are found, so that a
    // frozen seat's pieces hold nobody (A13).
    for &(seat, _) in &given {
        pos.freeze(seat, SquareSet::EMPTY);
    }
    for (seat, squares) in given {
        let attacked = attackers(pos, pos.king(seat), seat.team().other(), pos.frozen);
        let held = match pos.rules.release {
            Release::AnyCause => !attacked.is_empty(),
            Release::Literal => {
                let squares = squares.unwrap_or(attacked);
                pos.freeze(seat, squares);
                squares
                    .iter()
                    .any(|sq| pos.piece_at(sq).is_some_and(|p| seat.is_opponent(p.seat)))
            }
        };
        if !held {
            return Err(PositionError::FrozenNotHeld(seat));
        }
    }
    Ok(())
}
