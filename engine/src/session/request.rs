//! What a caller asks of the session ([`SearchRequest`]) and what it gets
//! back ([`SearchOutcome`]).

use crate::search::{Limits, Line};
use movegen::{Board, Move, Square};

/// One search: the position, how it was reached, and the limits. Built with
/// [`SearchRequest::new`] and the chained setters; everything not set keeps
/// its default (no limit, all root moves, one line, the session's level).
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// The root position.
    pub board: Board,
    /// Keys of the game's positions, oldest first, ending with the root's
    /// (for the repetition rules).
    pub history: Vec<u64>,
    /// Depth, nodes, clock, move time, mate, infinite, ponder.
    pub limits: Limits,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
    /// Lines to search (MultiPV); a playing level may search more.
    pub multipv: usize,
    /// The root is already drawn by the automatic rules (fivefold
    /// repetition, 75 moves): every line scores 0.
    pub auto_draw: bool,
    /// The square the last move skipped if it was a double pawn push (the
    /// Polyglot key counts it even when no capture can use it, which the
    /// board forgets); `None` also when unknown.
    pub ep_target: Option<Square>,
    /// Ignore the session's playing level and book: a full-strength search
    /// of this request (a server's own judgement, analysis).
    pub full_strength: bool,
}

impl SearchRequest {
    /// A search of `board` reached by no earlier position, with no limit.
    pub fn new(board: Board) -> SearchRequest {
        SearchRequest {
            history: vec![board.key()],
            board,
            limits: Limits::default(),
            searchmoves: Vec::new(),
            multipv: 1,
            auto_draw: false,
            ep_target: None,
            full_strength: false,
        }
    }

    /// The keys of the positions that led here, oldest first, ending with
    /// the root's own (it is added when missing).
    pub fn history(mut self, keys: &[u64]) -> SearchRequest {
        self.history = keys.to_vec();
        if self.history.last() != Some(&self.board.key()) {
            self.history.push(self.board.key());
        }
        self
    }

    /// The limits (the UCI `go` parameters).
    pub fn limits(mut self, limits: Limits) -> SearchRequest {
        self.limits = limits;
        self
    }

    /// A fixed depth.
    pub fn depth(mut self, depth: u32) -> SearchRequest {
        self.limits.depth = Some(depth);
        self
    }

    /// A fixed node budget.
    pub fn nodes(mut self, nodes: u64) -> SearchRequest {
        self.limits.nodes = Some(nodes);
        self
    }

    /// Only these root moves.
    pub fn searchmoves(mut self, moves: Vec<Move>) -> SearchRequest {
        self.searchmoves = moves;
        self
    }

    /// Search `n` lines (at least one).
    pub fn multipv(mut self, n: usize) -> SearchRequest {
        self.multipv = n.max(1);
        self
    }

    /// The root is drawn by an automatic rule.
    pub fn auto_draw(mut self, drawn: bool) -> SearchRequest {
        self.auto_draw = drawn;
        self
    }

    /// The en-passant square for the book's key.
    pub fn ep_target(mut self, square: Option<Square>) -> SearchRequest {
        self.ep_target = square;
        self
    }

    /// Full strength whatever the session's level, and no book.
    pub fn full_strength(mut self) -> SearchRequest {
        self.full_strength = true;
        self
    }

    /// True when the search plays a move in a game (a clock, a move time, a
    /// depth or a node budget), not analysis (`infinite`, `ponder`, `mate`,
    /// `searchmoves`): only such searches may take a book move.
    pub fn plays_a_move(&self) -> bool {
        let l = &self.limits;
        !(l.infinite || l.ponder || l.mate.is_some() || !self.searchmoves.is_empty())
    }
}

/// Where the move of an outcome came from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MoveSource {
    /// The search's best line.
    Search,
    /// The opening book: the move's weight out of the position's total.
    Book {
        /// The move's weight.
        weight: u32,
        /// The weights of every book move of the position.
        total: u32,
    },
    /// A playing level's uniformly random move, one of `of` legal moves.
    Random {
        /// The number of moves it was drawn from.
        of: usize,
    },
    /// A playing level's choice among the searched lines.
    Level {
        /// The 0-based index of the chosen line among `candidates`.
        line: usize,
        /// The lines it chose from.
        candidates: usize,
        /// The chosen line's loss to the best one, in centipawns.
        behind: i32,
        /// The level's node budget.
        budget: u64,
        /// The level's depth cap.
        depth_cap: u32,
    },
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchOutcome {
    /// The move to play; `None` when there is no legal move (or none among
    /// `searchmoves`).
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// The chosen move's score (side to move's view, internal units), 0 for
    /// a book or random move.
    pub score: i32,
    /// The last completed depth (0 without a search).
    pub depth: u32,
    /// The deepest ply of that iteration.
    pub seldepth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// The lines of the last completed depth, best first (empty without a
    /// search).
    pub lines: Vec<Line>,
    /// Where the move came from.
    pub source: MoveSource,
}

impl SearchOutcome {
    /// An outcome without a search: `best` (from a book or at random).
    pub(crate) fn unsearched(best: Option<Move>, source: MoveSource) -> SearchOutcome {
        SearchOutcome {
            best,
            ponder: None,
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            lines: Vec::new(),
            source,
        }
    }
}
