//! The computer player's search: paranoid alpha-beta with teams.
//!
//! **The choice.** Multi-player search has three classic forms. *Max-n*
//! (Luckhardt & Irani 1986) keeps a score per player and lets each maximise
//! its own; Sturtevant & Korf, "On Pruning Techniques for Multi-Player
//! Games" (AAAI 2000), show that it allows almost no pruning, and that the
//! *paranoid* reduction (every other player assumed to play against the one
//! to move) turns the tree into a two-player one that alpha-beta prunes to
//! the usual `b^(d/2)` in the best case. Schadd & Winands, "Best-Reply
//! Search for Multiplayer Games" (IEEE TCIAIG 2011), let only the strongest
//! opponent reply between the root player's moves, to see more of the
//! root player's own moves in free-for-all games. Here the game is not
//! free-for-all: partners sit opposite, so the turn order (S, W, N, E, or
//! S, E, N, W under A5) alternates teams at every ply, the two seats of a
//! team share one goal (mate both opponents, §11), and the paranoid
//! assumption is simply true: the opponents do play together against the
//! team to move. Paranoid search with teams is then exact minimax of a
//! two-team game, which is ordinary negamax alpha-beta over the ply
//! sequence, every score seen from the team to move. Best-reply search
//! would skip a partner's turn and a team max-n would add nothing that
//! alpha-beta over the team scores does not already give.
//!
//! **Plies the rules make.** Every turn is one ply (§9): a frozen or
//! stalemated player's pass and a checkmated player's `Mated` are searched
//! like moves, but a forced ply (the only one) costs no depth, so a depth
//! counts the decisions of the players who can move. The end of the game
//! is read from the position: a team's win scores as a mate (nearer is
//! better), every draw as 0.
//!
//! **The rest** is the usual machinery, written for this crate (the
//! two-player engine is not used): iterative deepening, a transposition
//! table keyed by the Zobrist key, principal-variation search, move
//! ordering (the table's move, captures by most valuable victim and least
//! valuable attacker, two killers per ply, a history table), and a
//! quiescence search over captures and promotions with stand-pat (a frozen
//! seat passes in it too). Limits: depth, nodes, time, and a stop flag any
//! thread may set. No I/O.

use crate::eval::{evaluate, piece_value};
use crate::geometry::CELLS;
use crate::legal::legal_moves_where;
use crate::moves::{Move, Ply};
use crate::outcome::{Outcome, Turn};
use crate::position::Position;
use crate::tt::{Bound, Entry, Table};
use crate::types::{Kind, Team};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The score of a win at the root; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 100_000;
/// The deepest ply the search reaches, quiescence included.
pub const MAX_PLY: usize = 128;
/// Scores beyond this are wins or losses.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Above every score.
const INFINITY: i32 = MATE + 1;
/// The most plies of quiescence below the main search.
const MAX_QUIESCENCE: u32 = 12;

/// When to stop: any limit reached ends the search; none given means it
/// runs until the stop flag is set or depth `MAX_PLY / 2`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration to run, in plies.
    pub depth: Option<u32>,
    /// The most nodes to visit (quiescence nodes count).
    pub nodes: Option<u64>,
    /// The longest to think.
    pub time: Option<Duration>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The ply to play; `None` when the game is over.
    pub ply: Option<Ply>,
    /// Its score in centipawns for the team to move (beyond
    /// `MATE - MAX_PLY`: a win; below its negation: a loss).
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The expected line, from the transposition table.
    pub pv: Vec<Ply>,
}

/// A searcher: its transposition table, killers and history persist from
/// one search to the next (a game's moves share them).
pub struct Searcher {
    tt: Table,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    quiescence: bool,
}

/// One search's counters and limits.
struct Run<'a> {
    stop: &'a AtomicBool,
    start: Instant,
    time: Option<Duration>,
    node_limit: u64,
    nodes: u64,
    stopped: bool,
}

impl Run<'_> {
    /// Counts a node and says whether the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes & 255 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if self.time.is_some_and(|t| self.start.elapsed() >= t) {
                self.stopped = true;
            }
        }
        self.stopped
    }
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(18)
    }
}

impl Searcher {
    /// A searcher with a table of `2^table_bits` entries (24 bytes each).
    pub fn new(table_bits: u32) -> Searcher {
        Searcher {
            tt: Table::new(table_bits),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; CELLS * CELLS],
            quiescence: true,
        }
    }

    /// Turns the quiescence search on (the default) or off: off, a leaf is
    /// the static evaluation (for measuring what quiescence is worth).
    pub fn set_quiescence(&mut self, on: bool) {
        self.quiescence = on;
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.fill([None; 2]);
        self.history.fill(0);
    }

    /// Searches `pos` (left as it was) within `limits` or until `stop` is
    /// set, and returns the best ply found by the last iteration (or by
    /// the unfinished one, where it completed a better move).
    pub fn search(&mut self, pos: &mut Position, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        let mut run = Run {
            stop,
            start: Instant::now(),
            time: limits.time,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            stopped: false,
        };
        let mut result = SearchResult {
            ply: None,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        let plies = match pos.turn_mut() {
            Turn::Over(outcome) => {
                result.score = terminal(outcome, pos.to_move().team(), 0);
                return result;
            }
            Turn::Play(plies) => plies,
        };
        result.ply = Some(plies[0]);
        for h in &mut self.history {
            *h /= 8;
        }
        if plies.len() > 1 {
            let max_depth = limits
                .depth
                .unwrap_or(MAX_PLY as u32 / 2)
                .clamp(1, MAX_PLY as u32 / 2);
            let mut best = None;
            for depth in 1..=max_depth {
                let (found, score, complete) = self.root(pos, &plies, depth as i32, best, &mut run);
                if let Some(ply) = found {
                    if complete || best != Some(ply) {
                        best = Some(ply);
                        result.ply = Some(ply);
                        result.score = score;
                    }
                }
                if !complete {
                    break;
                }
                result.depth = depth;
                if score.abs() > MATE_BOUND {
                    break;
                }
                if limits.time.is_some_and(|t| run.start.elapsed() * 2 > t) {
                    break;
                }
            }
        }
        result.nodes = run.nodes;
        result.elapsed = run.start.elapsed();
        result.pv = self.principal_variation(pos, result.ply, result.depth as usize + 4);
        result
    }

    /// One iteration at the root. Returns the best ply among those fully
    /// searched, its score, and whether the iteration completed.
    fn root(
        &mut self,
        pos: &mut Position,
        plies: &[Ply],
        depth: i32,
        previous: Option<Ply>,
        run: &mut Run,
    ) -> (Option<Ply>, i32, bool) {
        let mut ordered: Vec<(Ply, i32)> = plies
            .iter()
            .map(|&ply| {
                let score = match (ply, previous) {
                    (p, Some(b)) if p == b => i32::MAX,
                    (Ply::Move(mv), _) => self.order_score(pos, mv, None, 0),
                    _ => 0,
                };
                (ply, score)
            })
            .collect();
        ordered.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let (mut alpha, beta) = (-INFINITY, INFINITY);
        let mut best = None;
        for (i, &(ply, _)) in ordered.iter().enumerate() {
            let undo = pos.make(ply);
            let mut score = if i == 0 {
                -self.node(pos, depth - 1, -beta, -alpha, 1, run)
            } else {
                -self.node(pos, depth - 1, -alpha - 1, -alpha, 1, run)
            };
            if i > 0 && score > alpha && !run.stopped {
                score = -self.node(pos, depth - 1, -beta, -alpha, 1, run);
            }
            pos.unmake(undo);
            if run.stopped {
                return (best, alpha, false);
            }
            if score > alpha {
                alpha = score;
                best = Some(ply);
            }
        }
        if let Some(Ply::Move(mv)) = best {
            self.tt.store(Entry {
                key: pos.key(),
                mv: Some(mv),
                score: alpha,
                depth: depth as i16,
                bound: Bound::Exact,
            });
        }
        (best, alpha, true)
    }

    /// The alpha-beta search of a node `ply` plies from the root, `depth`
    /// plies left; the score is for the team to move.
    fn node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        run: &mut Run,
    ) -> i32 {
        if depth <= 0 {
            if !self.quiescence {
                run.tick();
                return match pos.ended() {
                    Some(outcome) => terminal(outcome, pos.to_move().team(), ply),
                    None => evaluate(pos, pos.to_move().team()),
                };
            }
            return self.quiesce(pos, alpha, beta, ply, 0, run);
        }
        if run.tick() {
            return 0;
        }
        let team = pos.to_move().team();
        let plies = match pos.turn_mut() {
            Turn::Over(outcome) => return terminal(outcome, team, ply),
            Turn::Play(plies) => plies,
        };
        if ply >= MAX_PLY - 1 {
            return evaluate(pos, team);
        }
        if let [forced @ (Ply::Pass | Ply::Mated)] = plies[..] {
            let undo = pos.make(forced);
            let score = -self.node(pos, depth, -beta, -alpha, ply + 1, run);
            pos.unmake(undo);
            return score;
        }
        let key = pos.key();
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            if e.depth as i32 >= depth {
                let score = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let tt_move = entry.and_then(|e| e.mv);
        let mut moves: Vec<(Move, i32)> = plies
            .iter()
            .filter_map(|p| match p {
                Ply::Move(mv) => Some((*mv, self.order_score(pos, *mv, tt_move, ply))),
                _ => None,
            })
            .collect();
        moves.sort_unstable_by_key(|&(_, s)| std::cmp::Reverse(s));
        let alpha_in = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, &(mv, _)) in moves.iter().enumerate() {
            let quiet = pos.piece_at(mv.to).is_none() && mv.promotion.is_none();
            let undo = pos.make(Ply::Move(mv));
            let mut score;
            if i == 0 {
                score = -self.node(pos, depth - 1, -beta, -alpha, ply + 1, run);
            } else {
                // Late quiet moves are searched a ply shallower first.
                let reduction = if depth >= 3 && i >= 4 && quiet {
                    1 + (i >= 12) as i32
                } else {
                    0
                };
                score = -self.node(pos, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, run);
                if score > alpha && reduction > 0 && !run.stopped {
                    score = -self.node(pos, depth - 1, -alpha - 1, -alpha, ply + 1, run);
                }
                if score > alpha && score < beta && !run.stopped {
                    score = -self.node(pos, depth - 1, -beta, -alpha, ply + 1, run);
                }
            }
            pos.unmake(undo);
            if run.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet {
                            self.reward(mv, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            mv: best_move,
            score: to_tt(best, ply),
            depth: depth as i16,
            bound,
        });
        best
    }

    /// Captures and promotions only, the seat to move free to stand pat
    /// on the static score; a frozen seat passes.
    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
        run: &mut Run,
    ) -> i32 {
        if run.tick() {
            return 0;
        }
        let seat = pos.to_move();
        let team = seat.team();
        if let Some(outcome) = pos.ended() {
            return terminal(outcome, team, ply);
        }
        if ply >= MAX_PLY - 1 || qply >= MAX_QUIESCENCE {
            return evaluate(pos, team);
        }
        if pos.is_frozen(seat) && !pos.rules().recheck_frozen {
            let undo = pos.make(Ply::Pass);
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1, qply + 1, run);
            pos.unmake(undo);
            return score;
        }
        let stand = evaluate(pos, team);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = Vec::new();
        legal_moves_where(
            pos,
            seat,
            |p, mv| p.piece_at(mv.to).is_some() || mv.promotion.is_some(),
            &mut moves,
        );
        let mut scored: Vec<(Move, i32)> = moves.into_iter().map(|mv| (mv, mvv_lva(pos, mv))).collect();
        scored.sort_unstable_by_key(|&(_, s)| std::cmp::Reverse(s));
        let mut best = stand;
        for (mv, _) in scored {
            let undo = pos.make(Ply::Move(mv));
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1, qply + 1, run);
            pos.unmake(undo);
            if run.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The ordering key of a move: the table's move, then captures and
    /// promotions by MVV-LVA, the killers, then the history.
    fn order_score(&self, pos: &Position, mv: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if Some(mv) == tt_move {
            return 1 << 30;
        }
        if pos.piece_at(mv.to).is_some() || mv.promotion.is_some() {
            return (1 << 28) + mvv_lva(pos, mv);
        }
        let killers = &self.killers[ply.min(MAX_PLY)];
        if killers[0] == Some(mv) {
            return 1 << 27;
        }
        if killers[1] == Some(mv) {
            return (1 << 27) - 1;
        }
        self.history[mv.from.index() * CELLS + mv.to.index()]
    }

    /// A quiet move caused a cut-off: a killer at this ply, and history.
    fn reward(&mut self, mv: Move, depth: i32, ply: usize) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let h = &mut self.history[mv.from.index() * CELLS + mv.to.index()];
        *h = (*h + depth * depth).min(1 << 26);
    }

    /// The line the table expects from `pos`, starting with `first`.
    fn principal_variation(&self, pos: &Position, first: Option<Ply>, max_len: usize) -> Vec<Ply> {
        let mut pos = pos.clone();
        let mut line = Vec::new();
        let mut next = first;
        while let Some(ply) = next {
            line.push(ply);
            pos.make(ply);
            if line.len() >= max_len {
                break;
            }
            next = match pos.turn_mut() {
                Turn::Over(_) => None,
                Turn::Play(plies) => match plies[..] {
                    [forced @ (Ply::Pass | Ply::Mated)] => Some(forced),
                    _ => self
                        .tt
                        .probe(pos.key())
                        .and_then(|e| e.mv)
                        .map(Ply::Move)
                        .filter(|p| plies.contains(p)),
                },
            };
        }
        line
    }
}

/// Most valuable victim first, then least valuable attacker; a promotion
/// counts the queen it makes.
fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos.piece_at(mv.to).map_or(0, |p| piece_value(p.kind));
    let promotion = mv
        .promotion
        .map_or(0, |k| piece_value(k) - piece_value(Kind::Pawn));
    let attacker = pos.piece_at(mv.from).map_or(0, |p| p.kind.index() as i32);
    (victim + promotion) * 8 - attacker
}

/// The score of a finished game for `team`, `ply` plies from the root.
fn terminal(outcome: Outcome, team: Team, ply: usize) -> i32 {
    match outcome {
        Outcome::Win(winner) if winner == team => MATE - ply as i32,
        Outcome::Win(_) => -(MATE - ply as i32),
        Outcome::Draw(_) => 0,
    }
}

/// A score as stored: wins counted from the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score read back `ply` plies from the root.
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
