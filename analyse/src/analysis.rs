//! Analysing a game: which positions to search (the moves chosen by
//! `--from-move`, `--to-move` and `--side` need the position before and the
//! position after each), searching them in game order with one hash table
//! kept through the game, and judging each move.

use crate::interrupt::Interrupt;
use crate::judge::{judge, SideSummary, Verdict};
use crate::pgn::Game;
use crate::search::{PositionEval, SearchSettings, Searcher};
use movegen::{Board, Color};

/// Which moves of a game to judge.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// First move number (as in the PGN) to judge.
    pub from_move: Option<u32>,
    /// Last move number to judge.
    pub to_move: Option<u32>,
    /// Only this side's moves.
    pub side: Option<Color>,
}

impl Selection {
    /// True when the move played in `board` is to be judged.
    pub fn includes(&self, board: &Board) -> bool {
        let number = u32::from(board.fullmove_number());
        self.side.is_none_or(|s| s == board.side_to_move())
            && self.from_move.is_none_or(|f| number >= f)
            && self.to_move.is_none_or(|t| number <= t)
    }
}

/// A judged move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis {
    /// Drop, mark, accuracy.
    pub verdict: Verdict,
    /// The side had one legal move.
    pub forced: bool,
}

/// What the analysis of a game found.
#[derive(Clone, Debug)]
pub struct GameAnalysis {
    /// The mainline's positions: before the first move, after each move.
    pub boards: Vec<Board>,
    /// The evaluation of each position that was searched.
    pub evals: Vec<Option<PositionEval>>,
    /// The verdict on each move whose two positions were searched.
    pub moves: Vec<Option<MoveAnalysis>>,
    /// Positions that were to be searched.
    pub wanted: usize,
    /// Positions searched.
    pub searched: usize,
    /// White's and Black's counts and accuracy.
    pub sides: [SideSummary; 2],
}

impl GameAnalysis {
    /// True when Ctrl-C stopped the analysis before its end.
    pub fn interrupted(&self) -> bool {
        self.searched < self.wanted
    }
}

/// The positions of `game` that its judged moves need searched.
pub fn wanted_positions(game: &Game, selection: &Selection) -> Vec<bool> {
    let boards = game.positions();
    let mut wanted = vec![false; boards.len()];
    for i in 0..game.moves.len() {
        if selection.includes(&boards[i]) {
            wanted[i] = true;
            wanted[i + 1] = true;
        }
    }
    wanted
}

/// Analyses `game` from a cleared searcher; `done` is called after each
/// searched position (for the progress bar).
pub fn analyse_game(
    game: &Game,
    searcher: &mut Searcher,
    settings: &SearchSettings,
    selection: &Selection,
    interrupt: &Interrupt,
    done: &mut dyn FnMut(),
) -> GameAnalysis {
    let boards = game.positions();
    let keys: Vec<u64> = boards.iter().map(|b| b.key()).collect();
    let wanted = wanted_positions(game, selection);
    let mut evals: Vec<Option<PositionEval>> = vec![None; boards.len()];
    let mut searched = 0;
    searcher.clear();
    for (i, board) in boards.iter().enumerate() {
        if !wanted[i] {
            continue;
        }
        let Some(eval) = searcher.evaluate(board, &keys[..=i], settings, interrupt) else {
            break;
        };
        evals[i] = Some(eval);
        searched += 1;
        done();
    }
    let mut sides = [SideSummary::default(), SideSummary::default()];
    let mut moves = vec![None; game.moves.len()];
    for (i, m) in game.moves.iter().enumerate() {
        if !selection.includes(&boards[i]) {
            continue;
        }
        let (Some(before), Some(after)) = (&evals[i], &evals[i + 1]) else {
            continue;
        };
        let verdict = judge(before, m.mv, after);
        let forced = boards[i].legal_moves().len() == 1;
        sides[boards[i].side_to_move().index()].add(&verdict, forced);
        moves[i] = Some(MoveAnalysis { verdict, forced });
    }
    GameAnalysis {
        boards,
        evals,
        moves,
        wanted: wanted.iter().filter(|&&w| w).count(),
        searched,
        sides,
    }
}
