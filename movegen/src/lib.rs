//! The board and the rules of chess for Daba: types, bitboards, attack
//! tables, the `Board` with copy-make moves, legal move generation (standard
//! chess and Chess960), FEN, UCI and SAN notation, Zobrist keys, the rules
//! that end a game, the PGN writer and perft.
//!
//! This crate knows nothing of search or evaluation; `eval` and `engine`
//! build on it.

#![deny(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod fen;
mod legality;
mod magics;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
pub mod pgn;
mod types;
mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use board::{Board, PositionKeys};
pub use castling::{back_rank, CastleSide, CastlingRights};
pub use fen::{placement_fen, FenError, START_FEN};
pub use legality::CheckSquares;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use notation::MoveParseError;
pub use outcome::{GameEnd, GameStatus, KeyHistory};
pub use perft::{divide, divide_parallel, perft, perft_parallel};
pub use types::{Color, File, Piece, PieceType, Rank, Square};

/// Builds the Zobrist keys now instead of on first use (the attack tables are
/// built at compile time).
pub fn init() {
    std::sync::LazyLock::force(&zobrist::KEYS);
}
