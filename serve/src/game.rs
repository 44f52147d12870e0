//! One game as the page plays it: the start position, the moves, how it
//! ended. Every rule comes from Daba's own code: legal moves and check from
//! `movegen`, and the rules that end a game (mate, stalemate, dead material,
//! repetitions, the fifty- and seventy-five-move rules) from movegen's
//! `Board::game_status`, asked through the engine's `engine::game::Game`,
//! which keeps the keys of every position of the game. Nothing here knows
//! how a piece moves or when a game ends.

use engine::game::Game as History;
use movegen::{Board, Color, GameEnd, Move, PieceType, Square};
use serde::{Deserialize, Serialize};

/// The most half-moves a game may have on this server (memory and the size
/// of the state sent to the page stay bounded).
pub const MAX_PLIES: usize = 1200;

/// How a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Against Daba at a level.
    Computer,
    /// Two people taking turns on one screen.
    Local,
    /// Two people in two browsers, through a game link.
    Friend,
}

/// A signed-in player, as a game names them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserRef {
    /// The account's id.
    pub id: String,
    /// The account's name.
    pub name: String,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can ever mate (K v K, K+minor v K, bishops on one colour).
    InsufficientMaterial,
    /// The same position for the fifth time (automatic).
    FivefoldRepetition,
    /// 75 moves each without a capture or a pawn move (automatic).
    SeventyFiveMoves,
    /// The same position for the third time, claimed.
    ThreefoldRepetition,
    /// 50 moves each without a capture or a pawn move, claimed.
    FiftyMoves,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A player's time ran out while the opponent could still mate: a loss.
    Timeout,
    /// A player's time ran out, but the opponent could not mate by any
    /// series of legal moves: a draw (FIDE Laws 6.9).
    TimeoutInsufficientMaterial,
    /// Ended before both players had moved (nobody wins, no rating change).
    Aborted,
}

impl From<GameEnd> for Reason {
    fn from(end: GameEnd) -> Reason {
        match end {
            GameEnd::Checkmate { .. } => Reason::Checkmate,
            GameEnd::Stalemate => Reason::Stalemate,
            GameEnd::InsufficientMaterial => Reason::InsufficientMaterial,
            GameEnd::FivefoldRepetition => Reason::FivefoldRepetition,
            GameEnd::SeventyFiveMoves => Reason::SeventyFiveMoves,
            GameEnd::ThreefoldRepetition => Reason::ThreefoldRepetition,
            GameEnd::FiftyMoves => Reason::FiftyMoves,
        }
    }
}

impl Reason {
    /// True for the reasons that end a game by themselves, as the position
    /// stands (as opposed to a player's decision).
    pub fn is_on_the_board(self) -> bool {
        matches!(
            self,
            Reason::Checkmate
                | Reason::Stalemate
                | Reason::InsufficientMaterial
                | Reason::FivefoldRepetition
                | Reason::SeventyFiveMoves
        )
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    /// The rule or the decision that ended it.
    pub reason: Reason,
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
}

impl End {
    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub fn result(&self) -> &'static str {
        if self.reason == Reason::Aborted {
            return "*";
        }
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The end in words, for the page and the PGN.
    pub fn words(&self) -> String {
        let winner = self.winner.map(color_name).unwrap_or("");
        let loser = self.winner.map(|c| color_name(!c)).unwrap_or("");
        match self.reason {
            Reason::Checkmate => format!("Checkmate: {winner} wins."),
            Reason::Resignation => format!("{loser} resigned: {winner} wins."),
            Reason::Stalemate => {
                "Draw by stalemate: the side to move has no legal move and is not in check.".into()
            }
            Reason::InsufficientMaterial => {
                "Draw by insufficient material: neither side can checkmate.".into()
            }
            Reason::FivefoldRepetition => {
                "Draw by fivefold repetition: the same position for the fifth time.".into()
            }
            Reason::SeventyFiveMoves => {
                "Draw by the seventy-five-move rule: 75 moves each without a capture or a pawn move.".into()
            }
            Reason::ThreefoldRepetition => {
                "Draw by threefold repetition: the same position for the third time, claimed.".into()
            }
            Reason::FiftyMoves => {
                "Draw by the fifty-move rule: 50 moves each without a capture or a pawn move, claimed.".into()
            }
            Reason::Agreement => "Draw by agreement.".into(),
            Reason::Timeout => format!("{loser} ran out of time: {winner} wins."),
            Reason::TimeoutInsufficientMaterial => {
                "Draw: one player ran out of time, but the other could not checkmate.".into()
            }
            Reason::Aborted => "Game aborted before both players had moved.".into(),
        }
    }
}

/// "White" or "Black".
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `white` or `black`, as the API spells colours.
pub fn color_id(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Why a move or a decision was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    Over,
    /// The move is not legal here, or not notation at all (movegen's words).
    BadMove(String),
    /// The game already has [`MAX_PLIES`] half-moves.
    TooLong,
    /// No draw can be claimed in this position.
    NoClaim,
    /// There is nothing to take back.
    NothingToUndo,
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Over => write!(f, "the game is over"),
            PlayError::BadMove(why) => write!(f, "{why}"),
            PlayError::TooLong => write!(f, "the game has reached this server's limit of {MAX_PLIES} half-moves"),
            PlayError::NoClaim => write!(
                f,
                "no draw can be claimed: the position has not occurred three times and there have not been 50 moves each without a capture or a pawn move"
            ),
            PlayError::NothingToUndo => write!(f, "there is no move to take back"),
        }
    }
}

/// A move of the game with its SAN, as the page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedMove {
    /// UCI notation (`e2e4`, `e7e8q`, castling `e1g1`).
    pub uci: String,
    /// Standard algebraic notation with `+`/`#`.
    pub san: String,
    /// From square, `e2`.
    pub from: String,
    /// To square as the page shows it (the king's destination when castling).
    pub to: String,
}

/// A legal move in the current position, as the page offers it.
#[derive(Clone, Debug, Serialize)]
pub struct LegalMove {
    /// UCI notation.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// From square.
    pub from: String,
    /// To square as the page shows it (the king's destination when castling).
    pub to: String,
    /// `q`, `r`, `b` or `n` for a promotion.
    pub promotion: Option<char>,
    /// For castling, the square of the rook the king castles with: the page
    /// plays the move when the king is clicked or dropped there too (king
    /// takes rook, as chess GUIs accept), in standard chess and Chess960.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rook: Option<String>,
}

/// The rules' view of a game: start, moves, end.
#[derive(Clone, Debug)]
pub struct Game {
    start: Board,
    moves: Vec<Move>,
    sans: Vec<String>,
    history: History,
    end: Option<End>,
    /// The fifty- and seventy-five-move rules apply (correspondence games may
    /// switch them off, as correspondence servers such as FICGS do).
    fifty_move_rule: bool,
}

impl Game {
    /// A game from `start`; it may already be over (mate, stalemate, dead
    /// material, a 75-move clock).
    pub fn new(start: Board) -> Game {
        let mut game = Game {
            start,
            moves: Vec::new(),
            sans: Vec::new(),
            history: History::new(start),
            end: None,
            fifty_move_rule: true,
        };
        game.end = game.automatic_end();
        game
    }

    /// The same game without the fifty- and seventy-five-move rules (or with
    /// them again): a draw by the move count is then neither automatic nor
    /// claimable.
    pub fn with_fifty_move_rule(mut self, on: bool) -> Game {
        self.fifty_move_rule = on;
        if self.end.is_some_and(|e| e.reason.is_on_the_board()) {
            self.end = self.automatic_end();
        }
        self
    }

    /// Whether the fifty- and seventy-five-move rules apply.
    pub fn fifty_move_rule(&self) -> bool {
        self.fifty_move_rule
    }

    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.history.board()
    }

    /// Keys of every position of the game, the current last (for the search's
    /// repetition detection).
    pub fn keys(&self) -> &[u64] {
        self.history.keys()
    }

    /// The moves so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves so far in SAN.
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// How it ended, if it did.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.board().side_to_move()
    }

    /// The side that played half-move `ply` (0-based).
    pub fn mover_of(&self, ply: usize) -> Color {
        if ply.is_multiple_of(2) {
            self.start.side_to_move()
        } else {
            !self.start.side_to_move()
        }
    }

    /// A move in UCI notation or SAN (whichever parses), checked against the
    /// legal moves.
    pub fn parse(&self, uci: Option<&str>, san: Option<&str>) -> Result<Move, PlayError> {
        let board = self.board();
        let result = match (uci, san) {
            (Some(u), _) => board.parse_uci(u.trim(), board.is_chess960()),
            (None, Some(s)) => board.parse_san(s.trim()),
            (None, None) => return Err(PlayError::BadMove("no move given".into())),
        };
        result.map_err(|e| PlayError::BadMove(e.to_string()))
    }

    /// Plays a legal move and applies the automatic endings.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.end.is_some() {
            return Err(PlayError::Over);
        }
        if self.moves.len() >= MAX_PLIES {
            return Err(PlayError::TooLong);
        }
        if !self.board().legal_moves().contains(mv) {
            return Err(PlayError::BadMove(format!(
                "'{}' is not a legal move in this position",
                mv.to_uci(false)
            )));
        }
        self.sans.push(self.board().to_san(mv));
        self.moves.push(mv);
        self.history.play(mv);
        self.end = self.automatic_end();
        Ok(())
    }

    /// How the current position ends the game by itself, if it does.
    fn automatic_end(&self) -> Option<End> {
        let status = self.history.status();
        let end = status
            .end
            .filter(|e| self.fifty_move_rule || *e != GameEnd::SeventyFiveMoves);
        end.map(|end| End {
            reason: end.into(),
            winner: end.winner(),
        })
    }

    /// The draw the player to move may claim now, if any: threefold
    /// repetition, or the fifty-move rule.
    pub fn claimable(&self) -> Option<Reason> {
        if self.end.is_some() {
            return None;
        }
        let status = self.history.status();
        let claim = if self.fifty_move_rule {
            status.claim
        } else {
            // Without the move-count rules only a repetition can be claimed
            // (also past the 75 moves, where the status reports those first).
            (self.board().repetitions(self.keys()) >= 3).then_some(GameEnd::ThreefoldRepetition)
        };
        claim.map(Reason::from)
    }

    /// Claims the draw that [`Game::claimable`] names.
    pub fn claim(&mut self) -> Result<Reason, PlayError> {
        if self.end.is_some() {
            return Err(PlayError::Over);
        }
        let reason = self.claimable().ok_or(PlayError::NoClaim)?;
        self.end = Some(End { reason, winner: None });
        Ok(reason)
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<(), PlayError> {
        if self.end.is_some() {
            return Err(PlayError::Over);
        }
        self.end = Some(End {
            reason: Reason::Resignation,
            winner: Some(!color),
        });
        Ok(())
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        if self.end.is_some() {
            return Err(PlayError::Over);
        }
        self.end = Some(End {
            reason: Reason::Agreement,
            winner: None,
        });
        Ok(())
    }

    /// Takes back the last `plies` half-moves (replaying the rest from the
    /// start, so the repetition history stays exact). A game ended by the
    /// position (mate, stalemate, ...) can be taken back; one ended by a
    /// decision (resignation, agreement, a claim) cannot.
    pub fn undo(&mut self, plies: usize) -> Result<(), PlayError> {
        if self.end.is_some_and(|e| !e.reason.is_on_the_board()) {
            return Err(PlayError::Over);
        }
        if plies == 0 || plies > self.moves.len() {
            return Err(PlayError::NothingToUndo);
        }
        let keep = self.moves.len() - plies;
        let moves: Vec<Move> = self.moves[..keep].to_vec();
        let mut game = Game::new(self.start).with_fifty_move_rule(self.fifty_move_rule);
        for mv in moves {
            game.play(mv).expect("a move of the game replays");
        }
        *self = game;
        Ok(())
    }

    /// The moves so far in UCI notation (as [`Game::parse`] reads them back).
    pub fn uci_moves(&self) -> Vec<String> {
        self.played().into_iter().map(|m| m.uci).collect()
    }

    /// Ends a game that is still going by a decision the moves do not show
    /// (resignation, agreement, a claim): how a stored game gets its end back.
    pub fn decide(&mut self, end: End) -> Result<(), PlayError> {
        if self.end.is_some() {
            return Err(PlayError::Over);
        }
        self.end = Some(end);
        Ok(())
    }

    /// The legal moves of the current position (none once the game is over).
    pub fn legal_moves(&self) -> Vec<LegalMove> {
        if self.end.is_some() {
            return Vec::new();
        }
        legal_moves(self.board())
    }

    /// The moves played, with SAN and squares.
    pub fn played(&self) -> Vec<PlayedMove> {
        let mut board = self.start;
        self.moves
            .iter()
            .zip(&self.sans)
            .map(|(&mv, san)| {
                let (from, to) = squares(&board, mv);
                let played = PlayedMove {
                    uci: mv.to_uci(board.is_chess960()),
                    san: san.clone(),
                    from,
                    to,
                };
                board.make_move(mv);
                played
            })
            .collect()
    }

    /// The square of the king in check, if the side to move is in check.
    pub fn check_square(&self) -> Option<Square> {
        check_square(self.board())
    }

    /// Every position of the game, the start first, as the page draws it
    /// when stepping through the moves.
    pub fn positions(&self) -> Vec<GamePosition> {
        let played = self.played();
        let mut board = *self.start();
        let mut out = vec![GamePosition::of(&board, None)];
        for (&mv, played) in self.moves().iter().zip(&played) {
            board = board.play(mv);
            out.push(GamePosition::of(&board, Some(played)));
        }
        out
    }
}

/// The square of the king in check in `board`, if any.
fn check_square(board: &Board) -> Option<Square> {
    board.in_check().then(|| board.king(board.side_to_move()))
}

/// One position of a game, to step through.
#[derive(Clone, Debug, Serialize)]
pub struct GamePosition {
    /// Its FEN.
    pub fen: String,
    /// The pieces, a1 to h8 (see [`piece_codes`]).
    pub board: Vec<Option<String>>,
    /// The move that led here: from and to squares, and its SAN.
    pub last_move: Option<[String; 2]>,
    /// That move in SAN.
    pub san: Option<String>,
    /// The square of a king in check.
    pub check: Option<String>,
}

impl GamePosition {
    fn of(board: &Board, played: Option<&PlayedMove>) -> GamePosition {
        GamePosition {
            fen: board.to_fen(),
            board: piece_codes(board),
            last_move: played.map(|m| [m.from.clone(), m.to.clone()]),
            san: played.map(|m| m.san.clone()),
            check: check_square(board).map(|s| s.to_string()),
        }
    }
}

/// The legal moves of a position, as the page offers them.
pub fn legal_moves(board: &Board) -> Vec<LegalMove> {
    board
        .legal_moves()
        .iter()
        .map(|&mv| {
            let (from, to) = squares(board, mv);
            LegalMove {
                uci: mv.to_uci(board.is_chess960()),
                san: board.to_san(mv),
                from,
                to,
                promotion: mv.promotion_piece().map(|p| p.to_char()),
                // A castling move's own target is the rook's square.
                rook: mv.is_castle().then(|| mv.to().to_string()),
            }
        })
        .collect()
}

/// From and to squares of a move as the page draws it: castling goes to
/// the king's destination (in standard chess; in Chess960 the rook's square,
/// which is what the player clicks).
pub fn squares(board: &Board, mv: Move) -> (String, String) {
    let uci = mv.to_uci(board.is_chess960());
    (uci[0..2].to_string(), uci[2..4].to_string())
}

/// The 64 squares a1, b1, ..., h8: `wK`, `bP`, ... or empty.
pub fn piece_codes(board: &Board) -> Vec<Option<String>> {
    Square::all()
        .map(|sq| {
            board.piece_on(sq).map(|p| {
                let color = if p.color() == Color::White { 'w' } else { 'b' };
                let kind = match p.kind() {
                    PieceType::Pawn => 'P',
                    PieceType::Knight => 'N',
                    PieceType::Bishop => 'B',
                    PieceType::Rook => 'R',
                    PieceType::Queen => 'Q',
                    PieceType::King => 'K',
                };
                format!("{color}{kind}")
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> Game {
        Game::new(Board::from_fen(fen).unwrap())
    }

    fn play(game: &mut Game, moves: &str) {
        for m in moves.split_whitespace() {
            let mv = game.parse(None, Some(m)).unwrap();
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn mate_and_stalemate_end_the_game() {
        let mut g = Game::new(Board::startpos());
        play(&mut g, "f3 e5 g4 Qh4#");
        let end = g.end().unwrap();
        assert_eq!((end.reason, end.winner), (Reason::Checkmate, Some(Color::Black)));
        assert_eq!(end.result(), "0-1");
        assert_eq!(g.sans().last().unwrap(), "Qh4#");
        assert!(g.legal_moves().is_empty());
        assert_eq!(
            g.play(
                g.board()
                    .legal_moves()
                    .as_slice()
                    .first()
                    .copied()
                    .unwrap_or(Move::NONE)
            ),
            Err(PlayError::Over)
        );

        let mut g = game("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1");
        play(&mut g, "Qf7");
        assert_eq!(g.end().unwrap().reason, Reason::Stalemate);
        assert!(g.end().unwrap().words().contains("stalemate"));
    }

    #[test]
    fn repetitions_claim_at_three_and_end_at_five() {
        let mut g = game("4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1");
        play(&mut g, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(g.claimable(), None);
        assert_eq!(g.claim(), Err(PlayError::NoClaim));
        play(&mut g, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(g.claimable(), Some(Reason::ThreefoldRepetition));
        let mut five = g.clone();
        play(&mut five, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
        assert_eq!(five.end().unwrap().reason, Reason::FivefoldRepetition);
        assert_eq!(g.claim(), Ok(Reason::ThreefoldRepetition));
        assert_eq!(g.end().unwrap().result(), "1/2-1/2");
    }

    #[test]
    fn fifty_is_claimed_seventy_five_ends() {
        let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
        assert_eq!(g.claimable(), None);
        play(&mut g, "Ra2");
        assert_eq!(g.claimable(), Some(Reason::FiftyMoves));
        let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 150 100");
        assert_eq!(g.end().unwrap().reason, Reason::SeventyFiveMoves);
    }

    #[test]
    fn without_the_fifty_move_rule_only_repetitions_draw() {
        let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 150 100").with_fifty_move_rule(false);
        assert_eq!(g.end(), None);
        assert_eq!(g.claimable(), None);
        let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 120 100").with_fifty_move_rule(false);
        play(&mut g, "Ra2 Kf8 Ra1 Ke8 Ra2 Kf8 Ra1 Ke8");
        assert_eq!(g.claimable(), Some(Reason::ThreefoldRepetition));
        g.undo(1).unwrap();
        assert!(!g.fifty_move_rule(), "a take-back keeps the setting");
        play(&mut g, "Ke8");
        assert_eq!(g.claimable(), Some(Reason::ThreefoldRepetition));
    }

    #[test]
    fn dead_material_ends_the_game() {
        let mut g = game("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
        play(&mut g, "Kxd2");
        assert_eq!(g.end().unwrap().reason, Reason::InsufficientMaterial);
    }

    #[test]
    fn undo_replays_the_rest() {
        let mut g = Game::new(Board::startpos());
        play(&mut g, "e4 e5 Nf3");
        g.undo(2).unwrap();
        assert_eq!(g.sans(), ["e4"]);
        assert_eq!(g.keys().len(), 2);
        assert_eq!(g.undo(2), Err(PlayError::NothingToUndo));
        g.resign(Color::White).unwrap();
        assert_eq!(g.undo(1), Err(PlayError::Over));
        assert!(g.end().unwrap().words().starts_with("White resigned"));
    }

    #[test]
    fn castling_shows_the_king_destination_and_promotion_the_piece() {
        let g = game("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1");
        let legal = g.legal_moves();
        let castle = legal.iter().find(|m| m.san == "O-O").unwrap();
        assert_eq!((castle.from.as_str(), castle.to.as_str()), ("e1", "g1"));
        let promos: Vec<_> = legal.iter().filter(|m| m.from == "b7" && m.to == "b8").collect();
        assert_eq!(promos.len(), 4);
        assert!(promos.iter().any(|m| m.promotion == Some('n')));
        let codes = piece_codes(g.board());
        assert_eq!(codes[4].as_deref(), Some("wK"));
        assert_eq!(codes[56].as_deref(), Some("bR"));
    }
}
