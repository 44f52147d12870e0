//! Move ordering by stages, so that a node that fails high early never pays
//! for the moves it does not reach:
//!
//! 1. the hash move, checked for legality, before anything is generated;
//! 2. captures and promotions (generated now), best victim first with the
//!    capture history as a tie-breaker; each is checked by SEE when it is
//!    picked, and one that loses material waits for stage 5;
//! 3. the two killer moves and the counter move, checked for legality;
//! 4. quiet moves (generated now), by history and continuation history;
//! 5. the captures that lost material by SEE, and under-promotions.
//!
//! The quiescence search asks for the noisy stages only, unless in check.

use super::history::quiet_target;
use super::see::see_ge;
use super::thread::{PlyInfo, ThreadData};
use eval::SEE_VALUES;
use movegen::{Board, Color, Move, MoveList, PieceType, MAX_MOVES};
use std::mem::MaybeUninit;

/// Ordering score of an under-promotion: after every other bad noisy move.
const UNDERPROMOTION: i32 = -100_000;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    HashMove,
    GenerateNoisy,
    GoodNoisy,
    Killer1,
    Killer2,
    Counter,
    GenerateQuiet,
    Quiet,
    BadNoisy,
    Done,
}

/// Hands out the moves of one node in stages (see the module docs). Every
/// move it returns is legal, and none is returned twice.
///
/// One list holds every move: the noisy moves first, the quiet moves after
/// them once generated. A noisy move that fails its SEE check is moved down
/// into the part of the noisy moves already handed out, so the bad captures
/// end up at the front of the list, in the order they were found.
pub struct MovePicker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    /// Only captures and promotions (the quiescence search, not in check).
    noisy_only: bool,
    moves: MoveList,
    /// Score of each move; slots from `moves.len()` on stay uninitialised
    /// (zeroing 1 KB per node showed up in profiles).
    scores: [MaybeUninit<i32>; MAX_MOVES],
    /// Next move of the current stage.
    next: usize,
    /// End of the noisy moves (start of the quiet ones).
    noisy_end: usize,
    /// End of the bad noisy moves kept at the front of the list.
    bad_end: usize,
    /// Only quiet moves that give check are still wanted (see
    /// [`MovePicker::quiet_checks_only`]).
    quiet_checks_only: bool,
}

impl MovePicker {
    /// A picker for the node at `ply` of `td`'s search. With `noisy_only`,
    /// only captures and promotions are returned (the hash move too only if
    /// it is one).
    pub fn new(board: &Board, tt_move: Move, td: &ThreadData, ply: usize, noisy_only: bool) -> MovePicker {
        let prev = td.at(ply as isize - 1);
        let counter = match prev.piece {
            Some(p) if !prev.mv.is_none() => td.counter_moves.get(p, prev.mv.to()),
            _ => Move::NONE,
        };
        let usable_tt = !tt_move.is_none()
            && (!noisy_only || tt_move.is_noisy())
            && board.is_pseudo_legal(tt_move)
            && board.is_legal(tt_move);
        MovePicker {
            stage: Stage::HashMove,
            tt_move: if usable_tt { tt_move } else { Move::NONE },
            killers: td.at(ply as isize).killers,
            counter,
            noisy_only,
            moves: MoveList::new(),
            scores: [MaybeUninit::uninit(); MAX_MOVES],
            next: 0,
            noisy_end: 0,
            bad_end: 0,
            quiet_checks_only: false,
        }
    }

    /// From now on, quiet moves that do not give check are not wanted: the
    /// search prunes them all once late-move or futility pruning starts.
    /// The quiet moves not handed out yet are narrowed to the checks, in
    /// their order, so the rest are neither sorted nor tested again.
    pub fn quiet_checks_only(&mut self, board: &Board) {
        if self.quiet_checks_only {
            return;
        }
        self.quiet_checks_only = true;
        if self.stage == Stage::Quiet {
            self.keep_quiet_checks(board, self.next);
        }
    }

    /// Drops the moves from `start` on that do not give check, keeping the
    /// order (and scores, where set) of the others.
    fn keep_quiet_checks(&mut self, board: &Board, start: usize) {
        let checks = board.check_squares();
        let mut kept = start;
        for i in start..self.moves.len() {
            let mv = self.moves.as_slice()[i];
            if checks.gives_check(board, mv) {
                self.moves.as_mut_slice()[kept] = mv;
                self.scores[kept] = self.scores[i];
                kept += 1;
            }
        }
        self.moves.truncate(kept);
    }

    /// The next move, or `None` when every move has been handed out.
    pub fn next_move(&mut self, board: &Board, td: &ThreadData, ply: usize) -> Option<Move> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::GenerateNoisy;
                    let mv = self.tt_move;
                    if !mv.is_none() && (!self.quiet_checks_only || mv.is_noisy() || board.gives_check(mv)) {
                        return Some(mv);
                    }
                }
                Stage::GenerateNoisy => {
                    self.generate_noisy(board, td);
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => {
                    if self.next == self.noisy_end {
                        if self.noisy_only {
                            self.next = 0;
                            self.stage = Stage::BadNoisy;
                        } else {
                            self.stage = Stage::Killer1;
                        }
                        continue;
                    }
                    let (mv, score) = self.pick_best(self.noisy_end);
                    if mv == self.tt_move {
                        continue;
                    }
                    // A capture that loses material (by more than its good
                    // history forgives), or an under-promotion, waits until
                    // after the quiet moves.
                    let (_, history) = noisy_score(board, mv, td);
                    if score > UNDERPROMOTION / 2 && see_ge(board, mv, -history / 64) {
                        return Some(mv);
                    }
                    self.moves.as_mut_slice()[self.bad_end] = mv;
                    self.scores[self.bad_end] = MaybeUninit::new(score);
                    self.bad_end += 1;
                }
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let mv = match self.stage {
                        Stage::Killer1 => self.killers[0],
                        Stage::Killer2 => self.killers[1],
                        _ => self.counter,
                    };
                    let is_new = match self.stage {
                        Stage::Killer1 => true,
                        Stage::Killer2 => mv != self.killers[0],
                        _ => mv != self.killers[0] && mv != self.killers[1],
                    };
                    self.stage = match self.stage {
                        Stage::Killer1 => Stage::Killer2,
                        Stage::Killer2 => Stage::Counter,
                        _ => Stage::GenerateQuiet,
                    };
                    if is_new
                        && self.is_special_quiet(board, mv)
                        && (!self.quiet_checks_only || board.gives_check(mv))
                    {
                        return Some(mv);
                    }
                }
                Stage::GenerateQuiet => {
                    self.generate_quiets(board, td, ply);
                    self.next = self.noisy_end;
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    if self.next == self.moves.len() {
                        self.next = 0;
                        self.stage = Stage::BadNoisy;
                        continue;
                    }
                    let (mv, _) = self.pick_best(self.moves.len());
                    if mv != self.tt_move
                        && mv != self.killers[0]
                        && mv != self.killers[1]
                        && mv != self.counter
                    {
                        return Some(mv);
                    }
                }
                Stage::BadNoisy => {
                    if self.next == self.bad_end {
                        self.stage = Stage::Done;
                        continue;
                    }
                    let (mv, _) = self.pick_best(self.bad_end);
                    return Some(mv);
                }
                Stage::Done => return None,
            }
        }
    }

    #[inline(always)]
    fn score(&self, i: usize) -> i32 {
        debug_assert!(i < self.moves.len());
        // SAFETY: every move written into `moves` gets its score written at
        // the same index first (generation and the bad-move shuffle), so
        // every slot below `moves.len()` is initialised.
        unsafe { self.scores[i].assume_init() }
    }

    /// Swaps the best-scored move of `next..end` to `next`, steps past it and
    /// returns it with its score.
    fn pick_best(&mut self, end: usize) -> (Move, i32) {
        let mut best = self.next;
        let mut best_score = self.score(best);
        for i in self.next + 1..end {
            let s = self.score(i);
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        let slice = self.moves.as_mut_slice();
        slice.swap(self.next, best);
        self.scores.swap(self.next, best);
        let mv = slice[self.next];
        self.next += 1;
        (mv, best_score)
    }

    /// A killer or counter move worth trying here: a legal quiet move that is
    /// not the hash move.
    fn is_special_quiet(&self, board: &Board, mv: Move) -> bool {
        !mv.is_none()
            && mv != self.tt_move
            && !mv.is_noisy()
            && board.is_pseudo_legal(mv)
            && board.is_legal(mv)
    }

    /// Generates and scores the captures and promotions; under-promotions
    /// get a score below every capture, so they reach the bad stage last.
    fn generate_noisy(&mut self, board: &Board, td: &ThreadData) {
        board.generate_noisy_into(&mut self.moves);
        for i in 0..self.moves.len() {
            let mv = self.moves.as_slice()[i];
            let (mut score, _) = noisy_score(board, mv, td);
            if mv.promotion_piece().is_some_and(|k| k != PieceType::Queen) {
                score += UNDERPROMOTION;
            }
            self.scores[i] = MaybeUninit::new(score);
        }
        self.noisy_end = self.moves.len();
    }

    /// Appends and scores the quiet moves after the noisy ones.
    fn generate_quiets(&mut self, board: &Board, td: &ThreadData, ply: usize) {
        let side = board.side_to_move();
        let prev = td.at(ply as isize - 1);
        let prev2 = td.at(ply as isize - 2);
        board.generate_quiet_into(&mut self.moves);
        if self.quiet_checks_only {
            self.keep_quiet_checks(board, self.noisy_end);
        }
        for i in self.noisy_end..self.moves.len() {
            let mv = self.moves.as_slice()[i];
            self.scores[i] = MaybeUninit::new(quiet_score(board, mv, td, prev, prev2, side));
        }
    }
}

/// Ordering score of a capture or promotion (victim and promotion value,
/// then capture history), and its capture history alone.
fn noisy_score(board: &Board, mv: Move, td: &ThreadData) -> (i32, i32) {
    let captured = board.captured_piece(mv);
    let victim = captured.map_or(0, |k| SEE_VALUES[k.index()]);
    let promo = mv.promotion_piece().map_or(0, |k| SEE_VALUES[k.index()]);
    let history = match captured {
        Some(k) => {
            let piece = board.piece_on(mv.from()).expect("mover");
            td.capture_history.get(piece, mv.to(), k)
        }
        None => 0,
    };
    (victim * 16 + promo * 8 + history / 16, history)
}

/// History-based score of a quiet move.
pub fn quiet_score(
    board: &Board,
    mv: Move,
    td: &ThreadData,
    prev: &PlyInfo,
    prev2: &PlyInfo,
    side: Color,
) -> i32 {
    let piece = board.piece_on(mv.from()).expect("mover");
    let to = quiet_target(mv);
    let mut score = td.history.get(side, mv.from(), to);
    for p in [prev, prev2] {
        if let Some(prev_piece) = p.piece {
            if !p.mv.is_none() {
                score += td.continuation.get(prev_piece, p.mv.to(), piece, to);
            }
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn sorted(mut v: Vec<u16>) -> Vec<u16> {
        v.sort_unstable();
        v
    }

    /// Every legal move comes out exactly once (only the noisy ones for the
    /// quiescence search), whatever the hash, killer and counter moves are:
    /// legal, illegal, noisy or taken from another position.
    #[test]
    fn picker_returns_each_legal_move_once() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut td = ThreadData::new(0);
        let mut board = Board::startpos();
        let mut foreign: Vec<Move> = Vec::new();
        for step in 0..4000 {
            let legal = board.legal_moves();
            if legal.is_empty() || board.halfmove_clock() > 60 {
                board = Board::startpos();
                continue;
            }
            let pick = |rng: &mut StdRng| -> Move {
                match rng.gen_range(0..3) {
                    0 => legal[rng.gen_range(0..legal.len())],
                    1 if !foreign.is_empty() => foreign[rng.gen_range(0..foreign.len())],
                    _ => Move::NONE,
                }
            };
            let tt_move = pick(&mut rng);
            let killers = [pick(&mut rng), pick(&mut rng)];
            td.at_mut(3).killers = killers;
            for noisy_only in [false, true] {
                let mut picker = MovePicker::new(&board, tt_move, &td, 3, noisy_only);
                let mut seen = Vec::new();
                while let Some(mv) = picker.next_move(&board, &td, 3) {
                    seen.push(mv.to_bits());
                }
                let expected: Vec<u16> = legal
                    .iter()
                    .filter(|m| !noisy_only || m.is_noisy())
                    .map(|m| m.to_bits())
                    .collect();
                assert_eq!(sorted(seen), sorted(expected), "step {step}: {}", board.to_fen());
            }
            foreign.push(legal[rng.gen_range(0..legal.len())]);
            if foreign.len() > 50 {
                foreign.remove(0);
            }
            board.make_move(legal[rng.gen_range(0..legal.len())]);
        }
    }

    /// Once told that only quiet checks are wanted, at any point, the picker
    /// still hands out every noisy move and every quiet check it has not
    /// handed out yet, and no other quiet move.
    #[test]
    fn quiet_checks_only_drops_just_the_quiet_non_checks() {
        let mut rng = StdRng::seed_from_u64(11);
        let mut td = ThreadData::new(0);
        let mut board = Board::startpos();
        let mut checks_seen = 0;
        for step in 0..3000 {
            let legal = board.legal_moves();
            if legal.is_empty() || board.halfmove_clock() > 60 {
                board = Board::startpos();
                continue;
            }
            let tt_move = legal[rng.gen_range(0..legal.len())];
            td.at_mut(3).killers = [
                legal[rng.gen_range(0..legal.len())],
                legal[rng.gen_range(0..legal.len())],
            ];
            let cut = rng.gen_range(0..=legal.len());
            let mut picker = MovePicker::new(&board, tt_move, &td, 3, false);
            let mut before = Vec::new();
            while before.len() < cut {
                before.push(picker.next_move(&board, &td, 3).expect("a move left"));
            }
            picker.quiet_checks_only(&board);
            let mut after = Vec::new();
            while let Some(mv) = picker.next_move(&board, &td, 3) {
                after.push(mv.to_bits());
                checks_seen += usize::from(!mv.is_noisy());
            }
            let expected: Vec<u16> = legal
                .iter()
                .filter(|m| !before.contains(m) && (m.is_noisy() || board.gives_check(**m)))
                .map(|m| m.to_bits())
                .collect();
            assert_eq!(sorted(after), sorted(expected), "step {step}: {}", board.to_fen());
            board.make_move(legal[rng.gen_range(0..legal.len())]);
        }
        assert!(checks_seen > 20, "only {checks_seen} quiet checks handed out");
    }

    /// The legal hash move comes first, then winning captures before quiets,
    /// and captures that lose material after the quiet moves.
    #[test]
    fn stages_come_in_order() {
        // Nc3xb5 wins a pawn; Nc3xd5 and Qd1xd5 lose a piece for the pawn
        // that e6 defends. h2h3 is the hash move.
        let board = Board::from_fen("4k3/8/4p3/1p1p4/8/2N5/7P/3QK3 w - - 0 1").unwrap();
        let td = ThreadData::new(0);
        let sq = |s: &str| movegen::Square::parse(s).unwrap();
        let tt_move = Move::quiet(sq("h2"), sq("h3"));
        let mut picker = MovePicker::new(&board, tt_move, &td, 0, false);
        let mut order = Vec::new();
        while let Some(mv) = picker.next_move(&board, &td, 0) {
            order.push(mv);
        }
        assert_eq!(order[0], tt_move);
        let at = |from: &str, to: &str| {
            order
                .iter()
                .position(|m| m.from() == sq(from) && m.to() == sq(to))
                .unwrap()
        };
        let first_quiet = order.iter().skip(1).position(|m| !m.is_noisy()).unwrap() + 1;
        let last_quiet = order.iter().rposition(|m| !m.is_noisy()).unwrap();
        assert!(
            at("c3", "b5") < first_quiet,
            "winning capture before the quiets: {order:?}"
        );
        assert!(
            at("c3", "d5") > last_quiet,
            "losing capture after the quiets: {order:?}"
        );
        assert!(
            at("d1", "d5") > last_quiet,
            "losing capture after the quiets: {order:?}"
        );
        assert_eq!(order.len(), board.legal_moves().len());
    }
}
