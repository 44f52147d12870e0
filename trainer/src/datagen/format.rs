//! Daba's binary training data: whole games, one record each.
//!
//! The text lines the tuner used to read (`<fen> | <score> | <result>`) cost
//! about 70 bytes a position, could only hold the positions the generator had
//! already chosen, and could not tell how many games a file held, so a stopped
//! run could not be resumed. A game record holds the game's start position
//! once (32 bytes) and then 4 bytes per ply: the move the search chose and its
//! score. Every searched position is kept, so the filters (not in check, best
//! move quiet, no mate score, ...) belong to the reader, which replays the
//! moves and sees each position, its best move and whether it is in check.
//! `docs/nnue.md` ("Data format") is the specification; this module is its
//! only implementation.
//!
//! Layout (all integers little-endian):
//!
//! - file header, 24 bytes: magic `DABAGAME`, version `u32` (1), reserved
//!   `u32` (0), settings `u64` (a hash of the generator settings, 0 if
//!   unknown);
//! - then game records back to back, each a 32-byte [`PackedPosition`] (the
//!   start position, the game's result and the number of plies) followed by
//!   that many 4-byte plies: the move (`from | to << 6 | promotion << 12`) and
//!   the score (`i16`, centipawns from the side to move's view).

use engine::score::MATE_BOUND;
use movegen::{Board, CastleSide, Color, Move, Piece, PieceType, Square};
use std::fmt;
use std::io::{Read, Write};

/// The first 8 bytes of every data file.
pub const MAGIC: [u8; 8] = *b"DABAGAME";
/// The format version this module reads and writes.
pub const VERSION: u32 = 1;
/// Length of the file header in bytes.
pub const FILE_HEADER_LEN: usize = 24;
/// Length of a game record's header (the packed start position) in bytes.
pub const GAME_HEADER_LEN: usize = 32;
/// Length of one ply (move and score) in bytes.
pub const PLY_LEN: usize = 4;

/// Piece code of a rook that still has its castling right (white; `| 8` for
/// black). Other codes are `color << 3 | piece type` (pawn 0 .. king 5).
const CASTLING_ROOK: u8 = 6;
/// En-passant byte when there is no en-passant square.
const NO_EN_PASSANT: u8 = 64;

/// Everything that can be wrong with a data file.
#[derive(Debug)]
pub enum DataError {
    /// Reading or writing failed.
    Io(std::io::Error),
    /// The file does not start with `DABAGAME`.
    BadMagic,
    /// A version this build does not read.
    BadVersion(u32),
    /// The file ends inside the file header or inside a game record.
    Truncated {
        /// Index of the game being read (0-based).
        game: usize,
    },
    /// A game record that does not describe a legal game.
    Corrupt {
        /// Index of the game (0-based).
        game: usize,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(e) => write!(f, "{e}"),
            DataError::BadMagic => write!(f, "not a Daba data file (no DABAGAME magic)"),
            DataError::BadVersion(v) => write!(
                f,
                "data format version {v} is not supported (this build reads {VERSION})"
            ),
            DataError::Truncated { game } => write!(f, "file truncated inside game {game}"),
            DataError::Corrupt { game, reason } => write!(f, "game {game}: {reason}"),
        }
    }
}

impl std::error::Error for DataError {}

impl From<std::io::Error> for DataError {
    fn from(e: std::io::Error) -> DataError {
        DataError::Io(e)
    }
}

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Black won.
    BlackWin = 0,
    /// A draw.
    Draw = 1,
    /// White won.
    WhiteWin = 2,
}

impl Outcome {
    /// The result as a score for `color`: 1 win, 0.5 draw, 0 loss.
    pub fn score_for(self, color: Color) -> f32 {
        let white = self as u8 as f32 / 2.0;
        if color == Color::White {
            white
        } else {
            1.0 - white
        }
    }

    /// The result from a white-view score (1, 0.5 or 0; anything in between
    /// is rounded to the nearest).
    pub fn from_white_score(score: f32) -> Outcome {
        if score > 0.75 {
            Outcome::WhiteWin
        } else if score < 0.25 {
            Outcome::BlackWin
        } else {
            Outcome::Draw
        }
    }

    fn from_byte(b: u8) -> Option<Outcome> {
        match b {
            0 => Some(Outcome::BlackWin),
            1 => Some(Outcome::Draw),
            2 => Some(Outcome::WhiteWin),
            _ => None,
        }
    }
}

/// One searched position of a game: the move the search chose (played next,
/// except after the last ply) and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The best move; [`Move::NONE`] when unknown (data converted from text),
    /// allowed only as a game's last ply.
    pub best: Move,
    /// The search score in centipawns from the side to move's view.
    pub score: i16,
}

/// A whole game: where it started, how it ended, and every searched position
/// as a move and a score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The position of the first ply.
    pub start: Board,
    /// The game's result.
    pub outcome: Outcome,
    /// One entry per searched position, in order.
    pub plies: Vec<Ply>,
}

/// The 32-byte form of a position with the game's result and ply count, the
/// header of a game record.
///
/// | bytes | field |
/// |---|---|
/// | 0..8 | occupancy `u64` (bit `s` = square `s`, a1 = 0) |
/// | 8..24 | 4-bit piece codes, one per occupied square from a1 upward, low nibble first |
/// | 24 | side to move (0 white, 1 black) |
/// | 25 | en-passant square (0..64, 64 = none) |
/// | 26 | half-move clock (saturates at 255) |
/// | 27 | result, White's view (0 black wins, 1 draw, 2 white wins) |
/// | 28..30 | full-move number `u16` |
/// | 30..32 | number of plies that follow `u16` |
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedPosition(pub [u8; GAME_HEADER_LEN]);

impl PackedPosition {
    /// Packs a position (standard chess or Chess960) with a result and a ply
    /// count.
    pub fn pack(board: &Board, outcome: Outcome, plies: u16) -> PackedPosition {
        let mut bytes = [0u8; GAME_HEADER_LEN];
        let occupied = board.occupied();
        bytes[0..8].copy_from_slice(&occupied.0.to_le_bytes());
        let rights = board.castling_rights();
        let mut castling_rooks = 0u64;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if rights.has(color, side) {
                    castling_rooks |= 1 << board.castle_rook(color, side).index();
                }
            }
        }
        for (n, sq) in occupied.iter().enumerate() {
            let Some(piece) = board.piece_on(sq) else { continue };
            let mut code = (piece.color() as u8) << 3 | piece.kind() as u8;
            if castling_rooks >> sq.index() & 1 != 0 {
                code = (piece.color() as u8) << 3 | CASTLING_ROOK;
            }
            bytes[8 + n / 2] |= code << (4 * (n % 2));
        }
        bytes[24] = board.side_to_move() as u8;
        bytes[25] = board.en_passant().map_or(NO_EN_PASSANT, |sq| sq.index() as u8);
        bytes[26] = board.halfmove_clock().min(255) as u8;
        bytes[27] = outcome as u8;
        bytes[28..30].copy_from_slice(&board.fullmove_number().to_le_bytes());
        bytes[30..32].copy_from_slice(&plies.to_le_bytes());
        PackedPosition(bytes)
    }

    /// The number of plies that follow this header.
    pub fn plies(&self) -> u16 {
        u16::from_le_bytes([self.0[30], self.0[31]])
    }

    /// The game's result, or a description of a bad byte.
    pub fn outcome(&self) -> Result<Outcome, String> {
        Outcome::from_byte(self.0[27]).ok_or_else(|| format!("bad result byte {}", self.0[27]))
    }

    /// The position, or a description of what makes it invalid.
    pub fn board(&self) -> Result<Board, String> {
        let fen = self.fen()?;
        Board::from_fen(&fen).map_err(|e| format!("bad position {fen}: {e}"))
    }

    /// The position as FEN (castling rights as rook files), not yet checked
    /// for legality.
    fn fen(&self) -> Result<String, String> {
        let b = &self.0;
        let occupied = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        if occupied.count_ones() > 32 {
            return Err(format!("{} pieces on the board", occupied.count_ones()));
        }
        let mut squares = [None::<Piece>; 64];
        let mut white_rights = String::new();
        let mut black_rights = String::new();
        let mut bits = occupied;
        let mut n = 0;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = b[8 + n / 2] >> (4 * (n % 2)) & 15;
            n += 1;
            let color = if code & 8 == 0 { Color::White } else { Color::Black };
            let kind = match code & 7 {
                CASTLING_ROOK => {
                    let file = (b'a' + (sq % 8) as u8) as char;
                    match color {
                        Color::White => white_rights.push(file.to_ascii_uppercase()),
                        Color::Black => black_rights.push(file),
                    }
                    PieceType::Rook
                }
                7 => return Err(format!("bad piece code {code}")),
                k => PieceType::from_index(k as usize),
            };
            squares[sq] = Some(Piece::new(color, kind));
        }
        let fen = movegen::placement_fen(|sq| squares[sq.index()]);
        let side = match b[24] {
            0 => 'w',
            1 => 'b',
            other => return Err(format!("bad side-to-move byte {other}")),
        };
        let rights = white_rights + &black_rights;
        let castling = if rights.is_empty() {
            "-".to_string()
        } else {
            rights
        };
        let ep = match b[25] {
            NO_EN_PASSANT => "-".to_string(),
            s if s < 64 => Square::from_index(s as usize).to_string(),
            other => return Err(format!("bad en-passant byte {other}")),
        };
        let fullmove = u16::from_le_bytes([b[28], b[29]]);
        Ok(format!("{fen} {side} {castling} {ep} {} {fullmove}", b[26]))
    }
}

/// Encodes a move as the format stores it: `from | to << 6 | promotion << 12`
/// with promotion 0 none, 1 knight, 2 bishop, 3 rook, 4 queen; castling is
/// the king's square to its own rook's square; [`Move::NONE`] is 0.
pub fn encode_move(mv: Move) -> u16 {
    if mv.is_none() {
        return 0;
    }
    let promotion = mv.promotion_piece().map_or(0, |p| p.index() as u16);
    mv.from().index() as u16 | (mv.to().index() as u16) << 6 | promotion << 12
}

/// Finds the legal move of `board` that `code` encodes.
pub fn decode_move(board: &Board, code: u16) -> Option<Move> {
    let from = (code & 63) as usize;
    let to = (code >> 6 & 63) as usize;
    let promotion = match code >> 12 {
        0 => None,
        p @ 1..=4 => Some(PieceType::from_index(p as usize)),
        _ => return None,
    };
    board
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.from().index() == from && m.to().index() == to && m.promotion_piece() == promotion)
}

/// Writes the file header.
pub fn write_file_header(out: &mut impl Write, settings: u64) -> std::io::Result<()> {
    let mut header = [0u8; FILE_HEADER_LEN];
    header[0..8].copy_from_slice(&MAGIC);
    header[8..12].copy_from_slice(&VERSION.to_le_bytes());
    header[16..24].copy_from_slice(&settings.to_le_bytes());
    out.write_all(&header)
}

/// Checks a file header and returns its settings hash.
pub fn parse_file_header(header: &[u8]) -> Result<u64, DataError> {
    if header.len() < FILE_HEADER_LEN {
        return if MAGIC.starts_with(&header[..header.len().min(8)]) {
            Err(DataError::Truncated { game: 0 })
        } else {
            Err(DataError::BadMagic)
        };
    }
    if header[0..8] != MAGIC {
        return Err(DataError::BadMagic);
    }
    let version = u32::from_le_bytes([header[8], header[9], header[10], header[11]]);
    if version != VERSION {
        return Err(DataError::BadVersion(version));
    }
    let mut settings = [0u8; 8];
    settings.copy_from_slice(&header[16..24]);
    Ok(u64::from_le_bytes(settings))
}

impl GameRecord {
    /// Appends the record's bytes to `out`. Games longer than 65535 plies
    /// keep their first 65535.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let plies = self.plies.len().min(u16::MAX as usize);
        out.extend_from_slice(&PackedPosition::pack(&self.start, self.outcome, plies as u16).0);
        for ply in &self.plies[..plies] {
            out.extend_from_slice(&encode_move(ply.best).to_le_bytes());
            out.extend_from_slice(&ply.score.to_le_bytes());
        }
    }

    /// Calls `f` with each searched position, its ply and the game's result,
    /// replaying the moves; fails on a move that is not legal or a missing
    /// move before the last ply.
    pub fn for_each_position(&self, game: usize, mut f: impl FnMut(&Board, &Ply)) -> Result<(), DataError> {
        let mut board = self.start;
        for (i, ply) in self.plies.iter().enumerate() {
            f(&board, ply);
            if i + 1 == self.plies.len() {
                break;
            }
            if ply.best.is_none() {
                return Err(corrupt(game, format!("ply {i} has no move but is not the last")));
            }
            board.make_move(ply.best);
        }
        Ok(())
    }
}

fn corrupt(game: usize, reason: String) -> DataError {
    DataError::Corrupt { game, reason }
}

/// Reads game records one after the other from a data file.
pub struct GameReader<R: Read> {
    input: R,
    /// Games read so far.
    games: usize,
    /// Bytes read so far, header included.
    offset: u64,
    /// The header's settings hash.
    settings: u64,
    buffer: Vec<u8>,
}

impl<R: Read> GameReader<R> {
    /// Reads and checks the file header.
    pub fn new(mut input: R) -> Result<GameReader<R>, DataError> {
        let mut header = [0u8; FILE_HEADER_LEN];
        let got = read_full(&mut input, &mut header)?;
        let settings = parse_file_header(&header[..got])?;
        Ok(GameReader {
            input,
            games: 0,
            offset: FILE_HEADER_LEN as u64,
            settings,
            buffer: Vec::new(),
        })
    }

    /// The settings hash of the file header.
    pub fn settings(&self) -> u64 {
        self.settings
    }

    /// Games read so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Bytes of the file consumed so far (the end of the last complete game).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Reads the next game's header and plies into the buffer; `Ok(None)` at
    /// the clean end of the file.
    fn read_raw(&mut self) -> Result<Option<PackedPosition>, DataError> {
        let game = self.games;
        let mut header = [0u8; GAME_HEADER_LEN];
        match read_full(&mut self.input, &mut header)? {
            0 => return Ok(None),
            GAME_HEADER_LEN => {}
            _ => return Err(DataError::Truncated { game }),
        }
        let packed = PackedPosition(header);
        self.buffer.resize(packed.plies() as usize * PLY_LEN, 0);
        if read_full(&mut self.input, &mut self.buffer)? != self.buffer.len() {
            return Err(DataError::Truncated { game });
        }
        Ok(Some(packed))
    }

    /// Counts a game read whole.
    fn finish_game(&mut self) {
        self.games += 1;
        self.offset += (GAME_HEADER_LEN + self.buffer.len()) as u64;
    }

    /// Reads the next game into `record`; `Ok(false)` at the clean end of the
    /// file.
    pub fn read_into(&mut self, record: &mut GameRecord) -> Result<bool, DataError> {
        let game = self.games;
        let Some(packed) = self.read_raw()? else {
            return Ok(false);
        };
        let plies = packed.plies() as usize;
        record.outcome = packed.outcome().map_err(|e| corrupt(game, e))?;
        record.start = packed.board().map_err(|e| corrupt(game, e))?;
        record.plies.clear();
        let mut board = record.start;
        for (i, bytes) in self.buffer.chunks_exact(PLY_LEN).enumerate() {
            let code = u16::from_le_bytes([bytes[0], bytes[1]]);
            let score = i16::from_le_bytes([bytes[2], bytes[3]]);
            let best = if code == 0 && i + 1 == plies {
                Move::NONE
            } else {
                decode_move(&board, code).ok_or_else(|| {
                    corrupt(
                        game,
                        format!(
                            "ply {i}: move code {code:#06x} is not legal in {}",
                            board.to_fen()
                        ),
                    )
                })?
            };
            if i + 1 < plies {
                board.make_move(best);
            }
            record.plies.push(Ply { best, score });
        }
        self.finish_game();
        Ok(true)
    }

    /// Skips the next game without checking its contents (counting the games
    /// of a file); `Ok(false)` at the clean end of the file.
    pub fn skip_game(&mut self) -> Result<bool, DataError> {
        let found = self.read_raw()?.is_some();
        if found {
            self.finish_game();
        }
        Ok(found)
    }

    /// Reads the next game; `Ok(None)` at the clean end of the file.
    pub fn next_game(&mut self) -> Result<Option<GameRecord>, DataError> {
        let mut record = GameRecord {
            start: Board::startpos(),
            outcome: Outcome::Draw,
            plies: Vec::new(),
        };
        Ok(self.read_into(&mut record)?.then_some(record))
    }
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn read_full(input: &mut impl Read, buf: &mut [u8]) -> Result<usize, DataError> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(DataError::Io(e)),
        }
    }
    Ok(got)
}

/// Which positions a reader keeps. The generator records every searched
/// position; training usually wants the quiet ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// Drop positions whose side to move is in check.
    pub skip_in_check: bool,
    /// Drop positions whose best move is a capture or a promotion (an
    /// unknown best move counts as quiet).
    pub skip_noisy: bool,
    /// Drop positions with a mate score.
    pub skip_mates: bool,
    /// Drop positions whose |score| is above this.
    pub max_abs_score: i32,
    /// Drop the first plies of each game (the opening).
    pub min_ply: usize,
}

impl Filter {
    /// Keeps everything.
    pub const ALL: Filter = Filter {
        skip_in_check: false,
        skip_noisy: false,
        skip_mates: false,
        max_abs_score: i32::MAX,
        min_ply: 0,
    };
    /// The old generator's filter: not in check, quiet best move, no mate
    /// score.
    pub const QUIET: Filter = Filter {
        skip_in_check: true,
        skip_noisy: true,
        skip_mates: true,
        max_abs_score: i32::MAX,
        min_ply: 0,
    };

    /// True when the position at `ply_index` of its game passes.
    pub fn accepts(&self, board: &Board, ply: &Ply, ply_index: usize) -> bool {
        let score = i32::from(ply.score);
        !(self.skip_in_check && board.in_check()
            || self.skip_noisy && !ply.best.is_none() && ply.best.is_noisy()
            || self.skip_mates && score.abs() >= MATE_BOUND
            || score.abs() > self.max_abs_score
            || ply_index < self.min_ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A random game of up to `max_plies` plies from the start position or a
    /// Chess960-free FEN, with random scores.
    fn random_game(rng: &mut StdRng, max_plies: usize) -> GameRecord {
        let start = Board::startpos();
        let mut board = start;
        let mut plies = Vec::new();
        for _ in 0..max_plies {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let best = moves.as_slice()[rng.gen_range(0..moves.len())];
            plies.push(Ply {
                best,
                score: rng.gen_range(-32000..=32000),
            });
            board.make_move(best);
        }
        let outcome = [Outcome::BlackWin, Outcome::Draw, Outcome::WhiteWin][rng.gen_range(0..3)];
        GameRecord {
            start,
            outcome,
            plies,
        }
    }

    fn file_of(games: &[GameRecord]) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_file_header(&mut bytes, 42).unwrap();
        for g in games {
            g.encode(&mut bytes);
        }
        bytes
    }

    fn read_all(bytes: &[u8]) -> Result<Vec<GameRecord>, DataError> {
        let mut reader = GameReader::new(bytes)?;
        let mut games = Vec::new();
        while let Some(g) = reader.next_game()? {
            games.push(g);
        }
        Ok(games)
    }

    #[test]
    fn every_position_of_random_games_packs_and_unpacks() {
        movegen::init();
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let game = random_game(&mut rng, 300);
            game.for_each_position(0, |board, _| {
                let packed = PackedPosition::pack(board, game.outcome, 5);
                assert_eq!(packed.board().expect("unpacks"), *board, "{}", board.to_fen());
                assert_eq!(packed.plies(), 5);
                assert_eq!(packed.outcome(), Ok(game.outcome));
            })
            .unwrap();
        }
    }

    #[test]
    fn games_round_trip_through_a_file() {
        movegen::init();
        let mut rng = StdRng::seed_from_u64(11);
        let mut games: Vec<GameRecord> = (0..50).map(|_| random_game(&mut rng, 200)).collect();
        // A converted text position: one ply without a move.
        games.push(GameRecord {
            start: Board::from_fen("r3k2r/8/8/8/4Pp2/8/8/R3K2R b KQkq e3 0 30").unwrap(),
            outcome: Outcome::Draw,
            plies: vec![Ply {
                best: Move::NONE,
                score: -35,
            }],
        });
        let bytes = file_of(&games);
        let back = read_all(&bytes).expect("reads back");
        assert_eq!(back, games);
        assert_eq!(GameReader::new(&bytes[..]).unwrap().settings(), 42);
    }

    #[test]
    fn a_truncated_file_is_an_error_at_every_cut() {
        movegen::init();
        let mut rng = StdRng::seed_from_u64(3);
        let games: Vec<GameRecord> = (0..3).map(|_| random_game(&mut rng, 20)).collect();
        let bytes = file_of(&games);
        let mut ends = vec![FILE_HEADER_LEN];
        for g in &games {
            ends.push(ends.last().unwrap() + GAME_HEADER_LEN + g.plies.len() * PLY_LEN);
        }
        for cut in 0..bytes.len() {
            let result = read_all(&bytes[..cut]);
            if ends.contains(&cut) {
                assert!(result.is_ok(), "cut at {cut}");
            } else {
                assert!(result.is_err(), "cut at {cut} reads without error");
            }
        }
    }

    #[test]
    fn corrupt_bytes_are_errors_not_panics() {
        movegen::init();
        let mut rng = StdRng::seed_from_u64(5);
        let games: Vec<GameRecord> = (0..4).map(|_| random_game(&mut rng, 40)).collect();
        let bytes = file_of(&games);
        assert!(matches!(
            read_all(b"DABAGAMX\x01\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"),
            Err(DataError::BadMagic)
        ));
        let mut wrong_version = bytes.clone();
        wrong_version[8] = 9;
        assert!(matches!(read_all(&wrong_version), Err(DataError::BadVersion(9))));
        // Random byte flips anywhere: reading may succeed (a flip can make
        // another legal game) but must never panic.
        let mut errors = 0;
        for _ in 0..3000 {
            let mut bad = bytes.clone();
            let at = rng.gen_range(0..bad.len());
            bad[at] ^= 1 << rng.gen_range(0..8);
            if let Ok(games) = read_all(&bad) {
                for (i, g) in games.iter().enumerate() {
                    g.for_each_position(i, |_, _| {}).unwrap();
                }
            } else {
                errors += 1;
            }
        }
        assert!(errors > 1000, "only {errors} of 3000 flips detected");
    }

    #[test]
    fn filters_follow_the_flags() {
        movegen::init();
        let check = Board::from_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
        let quiet = Board::startpos();
        let quiet_move = decode_move(&quiet, encode_move(quiet.legal_moves().as_slice()[0])).unwrap();
        let ply = |best, score| Ply { best, score };
        assert!(!Filter::QUIET.accepts(&check, &ply(Move::NONE, 0), 0));
        assert!(Filter::ALL.accepts(&check, &ply(Move::NONE, 0), 0));
        assert!(Filter::QUIET.accepts(&quiet, &ply(quiet_move, 10), 0));
        assert!(!Filter::QUIET.accepts(&quiet, &ply(quiet_move, 31_990), 0));
        let f = Filter {
            max_abs_score: 500,
            min_ply: 8,
            ..Filter::ALL
        };
        assert!(!f.accepts(&quiet, &ply(quiet_move, 501), 9));
        assert!(!f.accepts(&quiet, &ply(quiet_move, 0), 7));
        assert!(f.accepts(&quiet, &ply(quiet_move, -500), 8));
    }
}
