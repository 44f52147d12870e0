//! The rules that end a game, in one place: checkmate and stalemate, dead
//! positions by material, and the draws that depend on the game so far (the
//! repetitions of a position and the fifty- and seventy-five-move rules),
//! read from the keys of the game's positions; and, for a player whose time
//! runs out, whether the opponent could still mate at all (a loss) or not (a
//! draw).
//!
//! [`Board::game_status`] is what a game (the UCI session, the web page,
//! self-play, analysis) asks after each move: whether the game is over by
//! itself and, if not, which draw the player to move may claim. The search
//! keeps its own, cheaper draw test on its hot path.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, PieceType};
use std::fmt;

/// Half-moves without a capture or a pawn move after which a draw may be
/// claimed (the fifty-move rule).
const FIFTY_MOVES_PLIES: u16 = 100;

/// Half-moves without a capture or a pawn move after which the game is drawn
/// by itself (the seventy-five-move rule).
const SEVENTY_FIVE_MOVES_PLIES: u16 = 150;

/// A rule that ends a game: the automatic ones (checkmate, stalemate, dead
/// position, fivefold repetition, seventy-five moves) end it as the position
/// stands; the claimable ones (threefold repetition, fifty moves) end it when
/// the player to move claims the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// The side to move is in check and has no legal move.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A dead position by material: neither side can ever mate (K v K,
    /// K+minor v K, bishops all on squares of one colour).
    InsufficientMaterial,
    /// The same position for the fifth time (automatic).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or a pawn move (automatic,
    /// unless the move that reached them mated).
    SeventyFiveMoves,
    /// The same position for the third time (claimable).
    ThreefoldRepetition,
    /// 50 moves by each side without a capture or a pawn move (claimable).
    FiftyMoves,
}

impl GameEnd {
    /// True for the rules that end the game by themselves, without a claim.
    pub fn is_automatic(self) -> bool {
        !matches!(self, GameEnd::ThreefoldRepetition | GameEnd::FiftyMoves)
    }

    /// True for every rule but checkmate.
    pub fn is_draw(self) -> bool {
        self.winner().is_none()
    }

    /// The side that won: the mating side for checkmate, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameEnd::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameEnd::Checkmate { .. } => "checkmate",
            GameEnd::Stalemate => "stalemate",
            GameEnd::InsufficientMaterial => "insufficient material",
            GameEnd::FivefoldRepetition => "fivefold repetition",
            GameEnd::SeventyFiveMoves => "seventy-five-move rule",
            GameEnd::ThreefoldRepetition => "threefold repetition",
            GameEnd::FiftyMoves => "fifty-move rule",
        })
    }
}

/// What the rules say about the current position of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameStatus {
    /// The rule that has ended the game by itself, if any.
    pub end: Option<GameEnd>,
    /// The draw the player to move may claim, if the game is not over:
    /// [`GameEnd::ThreefoldRepetition`] or [`GameEnd::FiftyMoves`].
    pub claim: Option<GameEnd>,
}

impl GameStatus {
    /// True when the game is over by itself.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }
}

impl Board {
    /// What the FIDE Laws say about this position, reached through the
    /// positions whose keys are `keys` (oldest first, this board's own key
    /// last).
    ///
    /// The game is over by itself, checked in this order (the first rule that
    /// applies is the one reported): checkmate, stalemate, a dead position by
    /// material, the fifth occurrence of the position, 75 moves each without
    /// a capture or a pawn move. Checkmate comes first, so a mate on the
    /// 100th or 150th half-move stands (Article 9.6: the 75-move rule does
    /// not apply when the last move mated). When the game goes on, the player
    /// to move may claim a draw for the third occurrence of the position
    /// (preferred when both apply) or for 50 moves each without a capture or
    /// a pawn move.
    pub fn game_status(&self, keys: &[u64]) -> GameStatus {
        let automatic = |end| GameStatus {
            end: Some(end),
            claim: None,
        };
        if !self.has_legal_move() {
            return automatic(if self.in_check() {
                GameEnd::Checkmate {
                    winner: !self.side_to_move(),
                }
            } else {
                GameEnd::Stalemate
            });
        }
        if self.is_insufficient_material() {
            return automatic(GameEnd::InsufficientMaterial);
        }
        let repetitions = self.repetitions(keys);
        if repetitions >= 5 {
            return automatic(GameEnd::FivefoldRepetition);
        }
        let clock = self.halfmove_clock();
        if clock >= SEVENTY_FIVE_MOVES_PLIES {
            return automatic(GameEnd::SeventyFiveMoves);
        }
        let claim = if repetitions >= 3 {
            Some(GameEnd::ThreefoldRepetition)
        } else if clock >= FIFTY_MOVES_PLIES {
            Some(GameEnd::FiftyMoves)
        } else {
            None
        };
        GameStatus { end: None, claim }
    }

    /// How often this position has occurred in the game whose positions'
    /// keys are `keys` (oldest first, this board's own key last), itself
    /// included. Only the positions since the last capture or pawn move
    /// count (no earlier one can be the same), and only those with the same
    /// side to move.
    pub fn repetitions(&self, keys: &[u64]) -> usize {
        occurrences(keys, self.key(), self.halfmove_clock())
    }

    /// True for the FIDE dead positions by material: K v K, K+B v K,
    /// K+N v K, and kings with any number of bishops that all stand on
    /// squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy =
            self.pieces(PieceType::Pawn) | self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.pieces(PieceType::Knight);
        let bishops = self.pieces(PieceType::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// True when `color` could checkmate the other side's king by some
    /// series of legal moves, the other side helping (a helpmate), judged by
    /// the material on the board: the rule for a flag fall (FIDE Laws 6.9).
    /// When a player's time runs out, the game is lost if the opponent has
    /// mating material, and drawn if not:
    /// `if board.has_mating_material(!flagged) { loss } else { draw }`.
    ///
    /// A pawn, a rook or a queen can always mate (a pawn by promoting), and
    /// so can any two minor pieces but two bishops on squares of one colour:
    /// two knights, knight and bishop, bishops on both colours. A lone king
    /// never can. With less, the mate needs the defender's own men on the
    /// squares around its king that the attacker cannot take from it, and
    /// they must not be able to take the checking piece or step in between:
    ///
    /// * A single knight mates when the defender has a pawn, a knight, a
    ///   bishop or a rook (Kh8 Bh7 against Kf8 Nf7). Queens alone never do:
    ///   the two squares next to both the king and the checking knight must
    ///   then be empty and guarded by the attacking king, which leaves a
    ///   square beside the defending king that only a queen could fill, and
    ///   from there it takes the knight.
    /// * Bishops all on squares of one colour check only on that colour,
    ///   where the king's four orthogonal neighbours are of the other colour;
    ///   the attacking king guards at most one of those, so the others must
    ///   be filled by the defender's men. A pawn, a knight or a bishop of the
    ///   other colour can (Kh1 Ph2 against Kf2 Be4; Kh1 Ng1 against Kg3
    ///   Bg2); a bishop of the same colour cannot stand there, and rooks and
    ///   queens there always reach the square the check passes through next
    ///   to the king, or the bishop.
    ///
    /// Material, not the position, decides: a pawn walled in by the other
    /// side's pawns still counts as able to promote. Neither side having
    /// mating material is exactly [`Board::is_insufficient_material`].
    pub fn has_mating_material(&self, color: Color) -> bool {
        let own = |kind| self.colored(color, kind);
        let theirs = |kind| self.colored(!color, kind);
        if (own(PieceType::Pawn) | own(PieceType::Rook) | own(PieceType::Queen)).any() {
            return true;
        }
        let knights = own(PieceType::Knight);
        let bishops = own(PieceType::Bishop);
        match (knights.count(), bishops.count()) {
            (0, 0) => false,
            (1, 0) => (theirs(PieceType::Pawn)
                | theirs(PieceType::Knight)
                | theirs(PieceType::Bishop)
                | theirs(PieceType::Rook))
            .any(),
            (0, _) => {
                let on_light = (bishops & Bitboard::LIGHT_SQUARES).any();
                let on_dark = (bishops & Bitboard::DARK_SQUARES).any();
                if on_light && on_dark {
                    return true;
                }
                // The squares the defender must fill are of the other colour.
                let other_colour = if on_light {
                    Bitboard::DARK_SQUARES
                } else {
                    Bitboard::LIGHT_SQUARES
                };
                (theirs(PieceType::Pawn)
                    | theirs(PieceType::Knight)
                    | (theirs(PieceType::Bishop) & other_colour))
                    .any()
            }
            _ => true,
        }
    }
}

/// The keys of the positions of a game, oldest first, for repetition checks.
///
/// Only positions since the last capture or pawn move can repeat, so lookups
/// walk back at most `halfmove_clock` entries, two at a time (same side to move).
#[derive(Clone, Debug, Default)]
pub struct KeyHistory {
    keys: Vec<u64>,
}

impl KeyHistory {
    /// An empty history.
    pub fn new() -> KeyHistory {
        KeyHistory {
            keys: Vec::with_capacity(1024),
        }
    }

    /// Appends the key of the position just reached.
    #[inline]
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
    }

    /// Removes the newest key.
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        self.keys.pop()
    }

    /// Number of keys stored.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when no key is stored.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.keys.clear();
    }

    /// The keys, oldest first.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many times the newest position occurred before, looking back over
    /// the last `halfmove_clock` plies.
    pub fn earlier_occurrences(&self, halfmove_clock: u16) -> usize {
        match self.keys.last() {
            Some(&current) => occurrences(&self.keys, current, halfmove_clock) - 1,
            None => 0,
        }
    }

    /// How often `board`, the newest position, has occurred, itself included
    /// (see [`Board::repetitions`]).
    pub fn repetitions(&self, board: &Board) -> usize {
        board.repetitions(&self.keys)
    }

    /// What the rules say about `board`, the newest position (see
    /// [`Board::game_status`]).
    pub fn status(&self, board: &Board) -> GameStatus {
        board.game_status(&self.keys)
    }
}

/// How many of the last `halfmove_clock + 1` entries of `keys` that are an
/// even number of plies before the newest (the newest included) equal `key`.
fn occurrences(keys: &[u64], key: u64, halfmove_clock: u16) -> usize {
    let window = (usize::from(halfmove_clock) + 1).min(keys.len());
    keys[keys.len() - window..]
        .iter()
        .rev()
        .step_by(2)
        .filter(|&&k| k == key)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    /// Plays UCI moves from `start`; returns the last board and the keys of
    /// every position, the start's first.
    fn play(start: &str, moves: &str) -> (Board, Vec<u64>) {
        let mut b = board(start);
        let mut keys = vec![b.key()];
        for m in moves.split_whitespace() {
            b.make_move(b.parse_uci(m, false).unwrap());
            keys.push(b.key());
        }
        (b, keys)
    }

    fn status(fen: &str) -> GameStatus {
        let b = board(fen);
        b.game_status(&[b.key()])
    }

    fn over(end: GameEnd) -> GameStatus {
        GameStatus {
            end: Some(end),
            claim: None,
        }
    }

    fn claim(claim: Option<GameEnd>) -> GameStatus {
        GameStatus { end: None, claim }
    }

    const START: &str = crate::START_FEN;
    const SHUFFLE: &str = "g1f3 g8f6 f3g1 f6g8 ";

    #[test]
    fn checkmate_names_the_winner() {
        let (b, keys) = play(START, "f2f3 e7e5 g2g4 d8h4");
        let s = b.game_status(&keys);
        assert_eq!(s, over(GameEnd::Checkmate { winner: Color::Black }));
        assert!(s.is_over());
        assert_eq!(s.end.unwrap().winner(), Some(Color::Black));
        assert!(!s.end.unwrap().is_draw());
    }

    #[test]
    fn stalemate_and_dead_positions_end_the_game() {
        assert_eq!(status("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), over(GameEnd::Stalemate));
        for fen in [
            "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3NK3/8/8 b - - 0 1",
        ] {
            assert_eq!(status(fen), over(GameEnd::InsufficientMaterial), "{fen}");
        }
        assert_eq!(status(START), GameStatus::default());
        assert!(!GameStatus::default().is_over());
    }

    #[test]
    fn threefold_is_claimed_fivefold_ends() {
        let (b, keys) = play(START, SHUFFLE);
        assert_eq!(b.repetitions(&keys), 2);
        assert_eq!(b.game_status(&keys), claim(None));
        let (b, keys) = play(START, &SHUFFLE.repeat(2));
        assert_eq!(b.repetitions(&keys), 3);
        assert_eq!(b.game_status(&keys), claim(Some(GameEnd::ThreefoldRepetition)));
        let (b, keys) = play(START, &SHUFFLE.repeat(3));
        assert_eq!(b.game_status(&keys), claim(Some(GameEnd::ThreefoldRepetition)));
        let (b, keys) = play(START, &SHUFFLE.repeat(4));
        assert_eq!(b.repetitions(&keys), 5);
        assert_eq!(b.game_status(&keys), over(GameEnd::FivefoldRepetition));
        // Four times the position after Nf3: still only a claim.
        let (b, keys) = play(START, &format!("{}g1f3", SHUFFLE.repeat(3)));
        assert_eq!(b.repetitions(&keys), 4);
        assert_eq!(b.game_status(&keys), claim(Some(GameEnd::ThreefoldRepetition)));
    }

    #[test]
    fn repetitions_count_only_since_the_last_irreversible_move() {
        let (b, keys) = play(START, &format!("{SHUFFLE}e2e4 e7e5 {SHUFFLE}{SHUFFLE}"));
        assert_eq!(b.halfmove_clock(), 8);
        assert_eq!(b.repetitions(&keys), 3);
        // Keys from before the clock's window never count, even if equal: six
        // of these eleven keys are the board's, five of them in the window.
        let k = b.key();
        assert_eq!(b.repetitions(&[k, 1, k, 2, k, 3, k, 4, k, 5, k]), 5);
        let short = board("4k3/8/8/8/8/8/8/R3K3 w - - 2 40");
        let k = short.key();
        assert_eq!(short.repetitions(&[k, 1, k, 2, k]), 2);
        assert_eq!(short.game_status(&[k, 1, k, 2, k]), claim(None));
        assert_eq!(short.repetitions(&[]), 0);
    }

    #[test]
    fn fifty_is_claimed_seventy_five_ends() {
        let rook = |clock: u16| status(&format!("4k3/8/8/8/8/8/8/R3K3 w - - {clock} 80"));
        assert_eq!(rook(99), claim(None));
        assert_eq!(rook(100), claim(Some(GameEnd::FiftyMoves)));
        assert_eq!(rook(149), claim(Some(GameEnd::FiftyMoves)));
        assert_eq!(rook(150), over(GameEnd::SeventyFiveMoves));
        assert_eq!(rook(u16::MAX), over(GameEnd::SeventyFiveMoves));
    }

    #[test]
    fn mate_on_the_hundredth_and_hundred_and_fiftieth_half_move_stands() {
        for clock in [99, 149] {
            let (b, keys) = play(&format!("7k/8/6K1/8/8/8/8/R7 w - - {clock} 100"), "a1a8");
            assert_eq!(b.halfmove_clock(), clock + 1);
            assert_eq!(
                b.game_status(&keys),
                over(GameEnd::Checkmate { winner: Color::White })
            );
        }
        // Already mated with the clock past both limits.
        assert_eq!(
            status("7k/6Q1/6K1/8/8/8/8/8 b - - 150 100"),
            over(GameEnd::Checkmate { winner: Color::White })
        );
        // A check that does not mate on the 150th half-move: the draw.
        let (b, keys) = play("7k/8/5K2/8/8/8/8/R7 w - - 149 100", "a1a8");
        assert!(b.in_check());
        assert_eq!(b.game_status(&keys), over(GameEnd::SeventyFiveMoves));
    }

    #[test]
    fn stalemate_and_dead_material_come_before_the_counting_rules() {
        let stalemate = board("7k/5Q2/6K1/8/8/8/8/8 b - - 150 100");
        let k = stalemate.key();
        assert_eq!(stalemate.game_status(&[k; 9]), over(GameEnd::Stalemate));
        let bare = board("8/8/4k3/8/8/4K3/8/8 w - - 150 100");
        let k = bare.key();
        assert_eq!(bare.game_status(&[k; 9]), over(GameEnd::InsufficientMaterial));
        // Fivefold before the 75-move rule, threefold before fifty moves.
        let rook = board("4k3/8/8/8/8/8/8/R3K3 w - - 150 80");
        let k = rook.key();
        assert_eq!(rook.game_status(&[k; 9]), over(GameEnd::FivefoldRepetition));
        let rook = board("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
        let k = rook.key();
        assert_eq!(
            rook.game_status(&[k; 5]),
            claim(Some(GameEnd::ThreefoldRepetition))
        );
    }

    #[test]
    fn kinds_of_end() {
        let mate = GameEnd::Checkmate { winner: Color::White };
        for end in [
            mate,
            GameEnd::Stalemate,
            GameEnd::InsufficientMaterial,
            GameEnd::FivefoldRepetition,
            GameEnd::SeventyFiveMoves,
        ] {
            assert!(end.is_automatic(), "{end}");
            assert_eq!(end.is_draw(), end != mate, "{end}");
        }
        for end in [GameEnd::ThreefoldRepetition, GameEnd::FiftyMoves] {
            assert!(!end.is_automatic() && end.is_draw(), "{end}");
        }
        assert_eq!(mate.to_string(), "checkmate");
        assert_eq!(GameEnd::SeventyFiveMoves.to_string(), "seventy-five-move rule");
    }

    /// `has_mating_material` for White and for Black in `fen`.
    fn mating(fen: &str) -> [bool; 2] {
        let b = board(fen);
        [
            b.has_mating_material(Color::White),
            b.has_mating_material(Color::Black),
        ]
    }

    #[test]
    fn a_lone_king_never_mates() {
        for fen in [
            "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
            "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq - 0 1",
        ] {
            assert!(!board(fen).has_mating_material(Color::White), "{fen}");
        }
        assert_eq!(mating("3qk3/8/8/8/8/8/8/4K3 w - - 0 1"), [false, true]);
    }

    #[test]
    fn a_pawn_rook_or_queen_always_mates() {
        for fen in [
            "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            // A pawn walled in by the other side's pawn still counts.
            "4k3/8/8/8/8/p7/P7/4K3 w - - 0 1",
            "qqqqk3/8/8/8/8/8/P7/4K3 w - - 0 1",
        ] {
            assert!(board(fen).has_mating_material(Color::White), "{fen}");
        }
        assert_eq!(mating(START), [true, true]);
    }

    #[test]
    fn two_minor_pieces_mate_but_bishops_of_one_colour() {
        // Two knights, knight and bishop, bishops on both colours.
        for fen in [
            "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
            "4k3/8/8/8/8/8/8/1N2KB2 w - - 0 1",
            "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        ] {
            assert_eq!(mating(fen), [true, false], "{fen}");
        }
        // Two and three light-squared bishops against a lone king.
        assert_eq!(mating("4k3/8/8/8/8/8/4B3/3BK3 w - - 0 1"), [false, false]);
        assert_eq!(mating("4k3/8/8/8/8/1B6/4B3/3BK3 w - - 0 1"), [false, false]);
        // K+N+N v K: the helpmate.
        assert_eq!(
            status("7k/4NN2/7K/8/8/8/8/8 b - - 0 1"),
            over(GameEnd::Checkmate { winner: Color::White })
        );
    }

    #[test]
    fn a_knight_mates_against_anything_but_a_bare_king_or_queens() {
        // White: king and knight; Black: king and ...
        let cases = [
            ("8/8/4k3/8/8/4K3/8/6N1 w - - 0 1", false),   // nothing
            ("3qk3/8/8/8/8/4K3/8/6N1 w - - 0 1", false),  // a queen
            ("2qqk3/8/8/8/8/4K3/8/6N1 w - - 0 1", false), // two queens
            ("4k3/p7/8/8/8/4K3/8/6N1 w - - 0 1", true),   // a pawn
            ("1n2k3/8/8/8/8/4K3/8/6N1 w - - 0 1", true),  // a knight
            ("2b1k3/8/8/8/8/4K3/8/6N1 w - - 0 1", true),  // a bishop
            ("r3k3/8/8/8/8/4K3/8/6N1 w - - 0 1", true),   // a rook
            ("r2qk3/8/8/8/8/4K3/8/6N1 w - - 0 1", true),  // a rook and a queen
        ];
        for (fen, can) in cases {
            assert_eq!(board(fen).has_mating_material(Color::White), can, "{fen}");
        }
        // The mates themselves, Black to move and mated.
        for fen in [
            "8/8/8/8/8/8/5N1p/5K1k b - - 0 1", // K+N v K+P
            "5K1k/5N1b/8/8/8/8/8/8 b - - 0 1", // K+N v K+B
            "6nk/5N2/6K1/8/8/8/8/8 b - - 0 1", // K+N v K+N
            "6rk/5N2/7K/8/8/8/8/8 b - - 0 1",  // K+N v K+R
        ] {
            assert_eq!(
                status(fen),
                over(GameEnd::Checkmate { winner: Color::White }),
                "{fen}"
            );
            assert!(board(fen).has_mating_material(Color::White), "{fen}");
        }
    }

    #[test]
    fn bishops_of_one_colour_need_a_blocker_of_the_other() {
        // White: king and a light-squared bishop (e4); Black: king and ...
        let cases = [
            ("8/8/4k3/8/4B3/8/8/4K3 w - - 0 1", false),     // nothing
            ("4k3/8/8/5b2/4B3/8/8/4K3 w - - 0 1", false),   // a light bishop
            ("4k3/8/8/4b3/4B3/8/8/4K3 w - - 0 1", true),    // a dark bishop
            ("4k3/8/8/4bb2/4B3/8/8/4K3 w - - 0 1", true),   // bishops of both colours
            ("4k3/8/8/8/4B3/8/p7/4K3 w - - 0 1", true),     // a pawn
            ("1n2k3/8/8/8/4B3/8/8/4K3 w - - 0 1", true),    // a knight
            ("r3k2r/8/8/8/4B3/8/8/4K3 w - - 0 1", false),   // rooks
            ("3qk3/8/8/8/4B3/8/8/4K3 w - - 0 1", false),    // a queen
            ("r2qk3/8/8/5b2/4B3/8/8/4K3 w - - 0 1", false), // queen, rook, light bishop
        ];
        for (fen, can) in cases {
            assert_eq!(board(fen).has_mating_material(Color::White), can, "{fen}");
            // More bishops on the same colour (d1) change nothing.
            let more = fen.replace("/4K3 ", "/3BK3 ");
            assert_eq!(board(&more).has_mating_material(Color::White), can, "{more}");
        }
        // The mates themselves, Black to move and mated.
        for fen in [
            "8/8/8/8/4B3/8/5K1p/7k b - - 0 1", // K+B v K+P
            "8/8/8/8/8/6K1/6B1/6nk b - - 0 1", // K+B v K+N
            "8/8/8/8/4B3/6K1/8/6bk b - - 0 1", // K+B v K+B, opposite colours
        ] {
            assert_eq!(
                status(fen),
                over(GameEnd::Checkmate { winner: Color::White }),
                "{fen}"
            );
            assert!(board(fen).has_mating_material(Color::White), "{fen}");
        }
    }

    #[test]
    fn the_dead_position_is_neither_side_having_mating_material() {
        for fen in [
            START,
            "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3NK3/8/8 b - - 0 1",
            "4k3/8/8/5b2/4B3/8/8/4K3 w - - 0 1",
            "4k3/8/8/4b3/4B3/8/8/4K3 w - - 0 1",
            "1n2k3/8/8/8/4B3/8/8/4K3 w - - 0 1",
            "1n2k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
            "3qk3/8/8/8/8/8/8/4K1N1 w - - 0 1",
            "4k3/8/8/8/8/8/4B3/3BK3 w - - 0 1",
            "4k3/b7/8/8/8/8/4B3/3BK3 w - - 0 1",
            "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
            "5K1k/5N1b/8/8/8/8/8/8 b - - 0 1",
        ] {
            let m = mating(fen);
            assert_eq!(
                board(fen).is_insufficient_material(),
                m == [false, false],
                "{fen}"
            );
        }
    }

    #[test]
    fn key_history_asks_the_same_rules() {
        let (b, keys) = play(START, &SHUFFLE.repeat(2));
        let mut history = KeyHistory::new();
        for &k in &keys {
            history.push(k);
        }
        assert_eq!(history.status(&b), b.game_status(&keys));
        assert_eq!(history.repetitions(&b), 3);
        assert_eq!(history.earlier_occurrences(b.halfmove_clock()), 2);
    }
}
