//! The game as the GUI described it with `position`: the current board and the
//! keys of every position reached, for the repetition rules. The rules that
//! end a game are movegen's ([`Board::game_status`]).

use movegen::{Board, FenError, GameStatus, KeyHistory, Move, MoveParseError};
use std::fmt;

/// Why a `position` command was not applied in full.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The FEN is invalid; the position is unchanged.
    Fen(FenError),
    /// A move could not be played; the moves before it were applied.
    Move {
        /// 1-based index of the bad move in the list.
        index: usize,
        /// The move as sent.
        text: String,
        /// Why it failed.
        reason: MoveParseError,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => write!(f, "invalid FEN: {e}; position unchanged"),
            PositionError::Move { index, text, reason } => write!(
                f,
                "move {index} '{text}': {reason}; the position is the one after the {} move(s) before it",
                index - 1
            ),
        }
    }
}

/// The current game.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    /// Keys of every position from the start position on, the current last.
    keys: KeyHistory,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Board::startpos())
    }
}

impl Game {
    /// A game starting at `board`.
    pub fn new(board: Board) -> Game {
        let mut keys = KeyHistory::new();
        keys.push(board.key());
        Game { board, keys }
    }

    /// Sets up the start (or a FEN) and plays `moves`. On a bad FEN nothing
    /// changes; on a bad move the game stops just before it.
    pub fn set(&mut self, fen: Option<&str>, moves: &[String], chess960: bool) -> Result<(), PositionError> {
        let board = match fen {
            Some(f) => Board::from_fen(f).map_err(PositionError::Fen)?,
            None => Board::startpos(),
        };
        *self = Game::new(board);
        for (i, text) in moves.iter().enumerate() {
            let mv = self
                .board
                .parse_uci(text, chess960)
                .map_err(|reason| PositionError::Move {
                    index: i + 1,
                    text: text.clone(),
                    reason,
                })?;
            self.play(mv);
        }
        Ok(())
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        self.board.make_move(mv);
        self.keys.push(self.board.key());
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Keys of all positions so far, the current last.
    pub fn keys(&self) -> &[u64] {
        self.keys.keys()
    }

    /// How often the current position has occurred, itself included,
    /// counting only since the last irreversible move.
    pub fn occurrences(&self) -> usize {
        self.keys.repetitions(&self.board)
    }

    /// What the rules say about the current position: whether the game is
    /// over and what the player to move may claim.
    pub fn status(&self) -> GameStatus {
        self.keys.status(&self.board)
    }

    /// True when the game is over by an automatic FIDE draw: stalemate, a
    /// dead position, the same position for the fifth time, or 75 moves by
    /// each side without capture or pawn move (unless the last move mated).
    pub fn is_automatic_draw(&self) -> bool {
        self.status().end.is_some_and(|end| end.is_draw())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn illegal_move_keeps_the_moves_before_it() {
        let mut game = Game::default();
        let err = game.set(None, &moves("e2e4 e7e5 e1e3 d7d5"), false).unwrap_err();
        assert!(matches!(err, PositionError::Move { index: 3, .. }));
        assert_eq!(
            game.board().to_fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        assert_eq!(game.keys().len(), 3);
    }

    #[test]
    fn bad_fen_changes_nothing() {
        let mut game = Game::default();
        game.set(None, &moves("d2d4"), false).unwrap();
        let before = game.board().to_fen();
        assert!(matches!(
            game.set(Some("8/8/8 w - -"), &[], false),
            Err(PositionError::Fen(_))
        ));
        // set() replaces the game only after the FEN parsed.
        assert_eq!(game.board().to_fen(), before);
    }

    #[test]
    fn counts_repetitions_and_fivefold() {
        let mut game = Game::default();
        let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(4);
        game.set(None, &moves(&shuffle), false).unwrap();
        assert_eq!(game.occurrences(), 5);
        assert!(game.is_automatic_draw());
        game.set(None, &moves(&"g1f3 g8f6 f3g1 f6g8 ".repeat(2)), false)
            .unwrap();
        assert_eq!(game.occurrences(), 3);
        assert!(!game.is_automatic_draw());
    }

    #[test]
    fn seventy_five_move_rule_but_mate_stands() {
        let mut game = Game::default();
        game.set(Some("8/8/8/8/8/5k2/8/5K1R w - - 150 100"), &[], false)
            .unwrap();
        assert!(game.is_automatic_draw());
        // Black is mated: the mate stands even with the clock at 150.
        game.set(Some("7k/6Q1/6K1/8/8/8/8/8 b - - 150 100"), &[], false)
            .unwrap();
        assert!(!game.is_automatic_draw());
        assert_eq!(
            game.status().end,
            Some(movegen::GameEnd::Checkmate {
                winner: movegen::Color::White
            })
        );
        // A dead position is over at once too.
        game.set(Some("8/8/4k3/8/8/3BK3/8/8 w - - 0 1"), &[], false)
            .unwrap();
        assert!(game.is_automatic_draw());
    }
}
