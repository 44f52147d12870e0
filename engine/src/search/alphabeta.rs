//! The recursive search: principal-variation negamax alpha-beta with a
//! quiescence search at the leaves. Each node runs the numbered steps below.

use super::history::quiet_target;
use super::ordering::{quiet_score, MovePicker};
use super::params::*;
use super::see::see_ge;
use super::thread::ThreadData;
use super::tt::{Bound, TranspositionTable, TtHit};
use super::{SearchControl, MAX_PLY};
use crate::score::{INFINITY, MATE, MATE_BOUND};
use eval::SEE_VALUES;
use movegen::{Board, Color, Move, PieceType};
use std::sync::LazyLock;

/// What every node needs besides the thread's own data.
pub struct Context<'a> {
    /// The shared hash table.
    pub tt: &'a TranspositionTable,
    /// Stop flag, clock and node counts.
    pub control: &'a SearchControl,
    /// The hard bound and the node limit (main thread; unlimited for the
    /// helpers, which stop when it does).
    pub time: super::time::TimeManager,
    /// Set once depth 1 is complete: before that nothing stops the search,
    /// so a legal move is always ready.
    pub may_stop: bool,
    /// Where the main thread reports `currmove`.
    pub reporter: &'a dyn super::Reporter,
    /// The iteration depth, for `currmove`.
    pub depth: u32,
    /// Syzygy tablebases, when loaded (one branch per node when not).
    pub tb: Option<&'a crate::syzygy::Probing>,
}

/// The hash move whose singularity is being tested, and the node it is at.
struct SingularTest {
    mv: Move,
    tt_score: i32,
    beta: i32,
    pv_node: bool,
    cut_node: bool,
}

/// What a singular-extension test found.
enum Singular {
    /// Search the hash move this many plies deeper.
    Extend(i32),
    /// Several moves beat beta: the node fails high with this score.
    MultiCut(i32),
    /// The hash move is not singular but its score beats beta: search it
    /// a ply shallower.
    Reduce,
    /// Nothing to change.
    None,
}

/// Late-move reductions by depth and move number: `LMR_BASE + ln(depth) *
/// ln(moves) / LMR_DIVISOR`, in plies.
fn lmr_table() -> [[i32; 64]; 64] {
    let base = f64::from(lmr_base_centi()) / 100.0;
    let divisor = f64::from(lmr_divisor_centi()) / 100.0;
    let mut table = [[0; 64]; 64];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (moves, r) in row.iter_mut().enumerate().skip(1) {
            *r = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32;
        }
    }
    table
}

#[cfg(not(feature = "tune"))]
static LMR: LazyLock<[[i32; 64]; 64]> = LazyLock::new(lmr_table);

/// The late-move reduction at `depth` after `moves` moves (both below 64).
#[cfg(not(feature = "tune"))]
#[inline(always)]
fn lmr(depth: usize, moves: usize) -> i32 {
    LMR[depth][moves]
}

/// A tuning build's table follows the tunables: it is made again when
/// `LMR_BASE_CENTI` or `LMR_DIVISOR_CENTI` changed since it was made.
#[cfg(feature = "tune")]
fn lmr(depth: usize, moves: usize) -> i32 {
    use std::sync::RwLock;
    type Table = ((i32, i32), [[i32; 64]; 64]);
    static TABLE: LazyLock<RwLock<Table>> =
        LazyLock::new(|| RwLock::new(((lmr_base_centi(), lmr_divisor_centi()), lmr_table())));
    let now = (lmr_base_centi(), lmr_divisor_centi());
    {
        let table = TABLE.read().unwrap_or_else(|e| e.into_inner());
        if table.0 == now {
            return table.1[depth][moves];
        }
    }
    let mut table = TABLE.write().unwrap_or_else(|e| e.into_inner());
    *table = (now, lmr_table());
    table.1[depth][moves]
}

impl ThreadData {
    /// Counts a node and, every 1024 nodes on the main thread, checks the clock
    /// and the node limit.
    #[inline]
    fn count_node(&mut self, ctx: &Context) {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            ctx.control.publish_nodes(self.id, self.nodes);
            ctx.control.publish_tb_hits(self.id, self.tb_hits);
            if self.id == 0
                && ctx.may_stop
                && ctx.time.hard_ms().is_some()
                && !ctx.control.pondering()
                && ctx.time.out_of_time(ctx.control.elapsed_ms())
            {
                ctx.control.stop();
            }
        }
        if self.id == 0 && ctx.may_stop && ctx.time.counts_nodes() {
            let others = ctx.control.total_nodes() - ctx.control.nodes_of(0);
            if ctx.time.out_of_nodes(self.nodes + others) {
                ctx.control.stop();
            }
        }
    }

    #[inline]
    fn should_abort(&mut self, ctx: &Context) -> bool {
        if !self.aborted && ctx.may_stop && ctx.control.stopped() {
            self.aborted = true;
        }
        self.aborted
    }

    /// Draw by rule inside the search: fifty moves (unless the side to move is
    /// mated), dead material, or a repetition (one repetition of a position
    /// inside the search, or two of a position from before the root).
    fn is_draw(&self, board: &Board) -> bool {
        if board.halfmove_clock() >= 100 {
            let mated = board.in_check() && !board.has_legal_move();
            return !mated;
        }
        if board.is_insufficient_material() {
            return true;
        }
        let key = board.key();
        let last = self.keys.len() - 1;
        let window = (board.halfmove_clock() as usize).min(last);
        let mut seen_before_root = 0;
        let mut i = last;
        while i >= 2 && last - (i - 2) <= window {
            i -= 2;
            if self.keys[i] == key {
                if i > self.root_index {
                    return true;
                }
                seen_before_root += 1;
                if seen_before_root >= 2 {
                    return true;
                }
            }
        }
        false
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The principal variation search. Returns a score from the side to
    /// move's view; when the search is aborted the value is meaningless.
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
        &mut self,
        ctx: &Context,
        board: &Board,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;

        // 1. Leaves go to the quiescence search.
        if depth <= 0 {
            return self.qsearch(ctx, board, alpha, beta, ply);
        }
        // An aborted search unwinds without counting more nodes (a re-search
        // after an aborted child would otherwise pass the `go nodes` limit).
        if self.aborted {
            return 0;
        }
        self.count_node(ctx);
        if self.should_abort(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);

        // 2. Draws by rule, the ply limit, and mate-distance pruning.
        if !root {
            if self.is_draw(board) {
                return 0;
            }
            if ply >= MAX_PLY - 1 {
                return if board.in_check() { 0 } else { self.evaluate(board) };
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = board.in_check();
        let excluded = self.at(ply as isize).excluded;
        let singular_search = !excluded.is_none();
        let doubles_before = if root {
            0
        } else {
            self.at(ply as isize - 1).double_extensions
        };
        self.at_mut(ply as isize).double_extensions = doubles_before;

        // 3. Transposition table: a deep enough bound ends non-PV nodes (not
        // while a move is excluded: the entry is about all the moves).
        let hit = ctx.tt.probe(board.key(), ply);
        // The hash move is checked for legality by the move picker.
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        if let Some(h) = hit {
            if !pv_node && !singular_search && h.depth >= depth && h.cuts_off(alpha, beta) {
                return h.score;
            }
        }

        // 3b. Tablebases: right after a capture or pawn move (the fifty-move
        // counter is zero, so the WDL value is exact here) in a position the
        // tables cover. The result is a bound (win: at least, loss: at most)
        // or exact (draw); it ends the node where it settles the window.
        if let Some(tb) = ctx.tb {
            if !root
                && board.halfmove_clock() == 0
                && depth >= tb.probe_depth
                && board.occupied().count() <= tb.probe_limit
                && !board.castling_rights().any()
            {
                if let Some(wdl) = tb.tables.probe_wdl(board) {
                    self.tb_hits += 1;
                    let (score, bound) = tb.score(wdl, ply);
                    let cuts = match bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    };
                    if cuts {
                        let eval = if in_check { 0 } else { self.evaluate(board) };
                        let stored_depth = (depth + 6).min(MAX_PLY as i32 - 1);
                        ctx.tt
                            .store(board.key(), Move::NONE, score, eval, stored_depth, bound, ply);
                        return score;
                    }
                }
            }
        }

        // 4. Static evaluation, corrected by the correction history (by the
        // pawns and by each side's other pieces), then sharpened by a fitting
        // hash score. The hash table keeps the raw evaluation, as corrections
        // change over time.
        let (raw_eval, static_eval, eval) = self.node_evals(board, hit, in_check);
        self.at_mut(ply as isize).eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.at(ply as isize - 2).eval;
        self.at_mut(ply as isize + 1).killers = [Move::NONE; 2];

        if !pv_node && !in_check && !singular_search {
            // 5. Reverse futility pruning: far above beta, a shallow node fails high.
            let margin = rfp_margin() * (depth - i32::from(improving));
            if depth <= rfp_max_depth() && eval - margin >= beta && eval.abs() < MATE_BOUND {
                return eval;
            }

            // 6. Null-move pruning: if passing still beats beta, so will a move.
            // Not without pieces (zugzwang) and not twice in a row.
            let has_pieces = (board.color(board.side_to_move())
                & !board.pieces(PieceType::Pawn)
                & !board.pieces(PieceType::King))
            .any();
            let after_null = self.at(ply as isize - 1).mv.is_none() && ply > 0;
            if depth >= nmp_min_depth()
                && eval >= beta
                && has_pieces
                && !after_null
                && beta.abs() < MATE_BOUND
            {
                let r = nmp_base_reduction()
                    + depth / nmp_depth_divisor()
                    + ((eval - beta) / nmp_eval_divisor()).min(3);
                let child = board.play_null();
                self.at_mut(ply as isize).mv = Move::NONE;
                self.at_mut(ply as isize).piece = None;
                self.enter(board, Move::NONE, &child);
                let score = -self.negamax(ctx, &child, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.leave();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // 7. Internal iterative reduction: without a hash move this node is
        // probably not worth a full-depth search yet.
        if depth >= iir_min_depth() && tt_move.is_none() && (pv_node || cut_node) {
            depth -= 1;
        }

        // 8. The move loop. Moves come in stages (hash move, good captures,
        // killers, quiets, bad captures), each generated only when reached.
        let mut picker = MovePicker::new(board, tt_move, self, ply, false);
        let side = board.side_to_move();
        let mut best_score = -INFINITY;
        let mut best_move = Move::NONE;
        let mut legal_moves = 0usize;
        let mut searched = 0usize;
        let mut quiets_tried: [Move; 64] = [Move::NONE; 64];
        let mut quiet_count = 0usize;
        let mut captures_tried: [Move; 32] = [Move::NONE; 32];
        let mut capture_count = 0usize;
        let lmp_limit = (lmp_base() + depth * depth) / if improving { 1 } else { 2 };

        while let Some(mv) = picker.next_move(board, self, ply) {
            legal_moves += 1;
            if mv == excluded || root && self.root_excluded.contains(&mv) {
                continue;
            }
            let quiet = !mv.is_noisy();

            // 9. Shallow pruning of moves unlikely to matter, once a line that
            // avoids being mated is known, decided before the move is made.
            // Checks are kept: they are how mates are found (asked of the
            // board only when a move would otherwise be pruned).
            if !root && best_score > -MATE_BOUND {
                if quiet {
                    // Once a quiet move is pruned by move count or futility,
                    // so is every later one that does not give check: the
                    // picker stops handing those out.
                    let late = depth <= lmp_max_depth() && quiet_count as i32 >= lmp_limit;
                    if late && !board.gives_check(mv) {
                        picker.quiet_checks_only(board);
                        continue;
                    }
                    // Futility and SEE pruning look at the depth the move
                    // would be searched to after its late-move reduction.
                    let lmr_depth = (depth - 1 - lmr(depth.min(63) as usize, (searched + 1).min(63))).max(0);
                    if lmr_depth <= fp_max_depth()
                        && !in_check
                        && eval + fp_base() + fp_margin() * lmr_depth <= alpha
                        && !board.gives_check(mv)
                    {
                        // Every later quiet move is futile too (its depth
                        // after the reduction is no greater), checks apart.
                        picker.quiet_checks_only(board);
                        continue;
                    }
                    if lmr_depth <= see_max_depth() && !see_ge(board, mv, see_quiet_margin() * lmr_depth) {
                        continue;
                    }
                } else if depth <= see_max_depth() && !see_ge(board, mv, see_noisy_margin() * depth * depth) {
                    continue;
                }
            }

            // The singular-extension test of the hash move runs before the
            // move is made: it searches this same node without that move.
            let mut singular_extension = 0;
            if mv == tt_move && !root && !singular_search && depth >= se_min_depth() {
                if let Some(h) = hit {
                    if h.depth >= depth - se_tt_depth_margin()
                        && h.bound != Bound::Upper
                        && h.score.abs() < MATE_BOUND
                    {
                        let test = SingularTest {
                            mv,
                            tt_score: h.score,
                            beta,
                            pv_node,
                            cut_node,
                        };
                        match self.singular(ctx, board, &test, depth, ply) {
                            Singular::Extend(plies) => singular_extension = plies,
                            Singular::MultiCut(score) => return score,
                            Singular::Reduce => singular_extension = -1,
                            Singular::None => {}
                        }
                        if self.aborted {
                            return 0;
                        }
                    }
                }
            }

            let child = board.play(mv);
            let gives_check = child.in_check();
            ctx.tt.prefetch(child.key());
            searched += 1;
            if root && self.id == 0 && ctx.control.elapsed_ms() > 1000 {
                ctx.reporter
                    .currmove(ctx.depth, mv, searched + self.root_excluded.len());
            }
            let piece = board.piece_on(mv.from());
            self.at_mut(ply as isize).mv = mv;
            self.at_mut(ply as isize).piece = piece;
            self.enter(board, mv, &child);

            // 10. Extensions: checks, and a singular hash move.
            let mut extension = i32::from(gives_check) + singular_extension;
            if extension > 1 {
                extension = singular_extension;
            }
            let new_depth = depth - 1 + extension;

            // 11. Late-move reductions, then the PVS re-search ladder.
            let mut score;
            if depth >= 3 && searched > LMR_MIN_MOVES + usize::from(root) && (quiet || !pv_node) {
                let mut r = lmr(depth.min(63) as usize, searched.min(63));
                r +=
                    i32::from(!pv_node) + i32::from(cut_node) - i32::from(improving) - i32::from(gives_check);
                if quiet {
                    let history = quiet_score(
                        board,
                        mv,
                        self,
                        self.at(ply as isize - 1),
                        self.at(ply as isize - 2),
                        side,
                    );
                    r -= history / lmr_history_divisor();
                }
                let reduced = (new_depth - r.max(0)).clamp(1, new_depth.max(1));
                score = -self.negamax(ctx, &child, -alpha - 1, -alpha, reduced, ply + 1, true);
                if score > alpha && reduced < new_depth {
                    score = -self.negamax(ctx, &child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
            } else if !pv_node || searched > 1 {
                score = -self.negamax(ctx, &child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            } else {
                score = alpha + 1; // forces the full-window search below
            }
            if pv_node && (searched == 1 || score > alpha) {
                score = -self.negamax(ctx, &child, -beta, -alpha, new_depth, ply + 1, false);
            }
            self.leave();
            // A double extension counts for the extended move's line only.
            self.at_mut(ply as isize).double_extensions = doubles_before;
            if self.aborted {
                return 0;
            }

            // 12. Bookkeeping: best move, PV, cutoffs.
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        self.update_histories(
                            board,
                            ply,
                            depth,
                            mv,
                            &quiets_tried[..quiet_count],
                            &captures_tried[..capture_count],
                        );
                        break;
                    }
                    alpha = score;
                }
            }
            if quiet && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = mv;
                quiet_count += 1;
            } else if !quiet && capture_count < captures_tried.len() {
                captures_tried[capture_count] = mv;
                capture_count += 1;
            }
        }

        if legal_moves == 0 {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if searched == 0 {
            // Every move was excluded (MultiPV or searchmoves) or pruned.
            return if root { -INFINITY } else { alpha };
        }

        // A fail high's score is a lower bound that overshoots beta by more
        // the shallower the search: pull it towards beta, less so deeper.
        if !root && best_score >= beta && best_score.abs() < MATE_BOUND && beta.abs() < MATE_BOUND {
            best_score = (best_score * depth + beta) / (depth + 1);
        }

        // 13. Store the result.
        let bound = if best_score >= beta {
            Bound::Lower
        } else if !best_move.is_none() && pv_node {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root search with excluded moves is not the position's true result.
        let partial_root = root && !self.root_excluded.is_empty() || singular_search;
        if !partial_root {
            ctx.tt
                .store(board.key(), best_move, best_score, raw_eval, depth, bound, ply);
        }

        // 14. Teach the correction history how far the static evaluation
        // missed, when the result says something about it: not in check, no
        // capture or promotion decided it, and the bound points the right way.
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best_score > static_eval,
            Bound::Upper => best_score < static_eval,
        };
        if !in_check
            && !partial_root
            && informative
            && (best_move.is_none() || !best_move.is_noisy())
            && best_score.abs() < MATE_BOUND
        {
            self.correction.update(board, depth, best_score, static_eval);
        }
        best_score
    }

    /// Singular extension test of the hash move (see [`SingularTest`]): a
    /// reduced search of the other moves against a bound a little below the
    /// hash score. If all of them fail low, the hash move is the only good
    /// one and is searched deeper (two plies when they fail by far, at most
    /// `SE_MAX_DOUBLE` times along a line); if that bound is above beta
    /// anyway, several moves beat beta and the node is cut (multi-cut); if
    /// only the hash score is above beta, the hash move is searched a ply
    /// shallower.
    fn singular(
        &mut self,
        ctx: &Context,
        board: &Board,
        test: &SingularTest,
        depth: i32,
        ply: usize,
    ) -> Singular {
        let singular_beta = test.tt_score - se_margin() * depth;
        let singular_depth = (depth - 1) / 2;
        self.at_mut(ply as isize).excluded = test.mv;
        let score = self.negamax(
            ctx,
            board,
            singular_beta - 1,
            singular_beta,
            singular_depth,
            ply,
            test.cut_node,
        );
        self.at_mut(ply as isize).excluded = Move::NONE;
        if self.aborted {
            return Singular::None;
        }
        if score < singular_beta {
            let doubles = self.at(ply as isize).double_extensions;
            if !test.pv_node && score < singular_beta - se_double_margin() && doubles < SE_MAX_DOUBLE {
                self.at_mut(ply as isize).double_extensions = doubles + 1;
                Singular::Extend(2)
            } else {
                Singular::Extend(1)
            }
        } else if singular_beta >= test.beta {
            Singular::MultiCut(singular_beta)
        } else if test.tt_score >= test.beta {
            Singular::Reduce
        } else {
            Singular::None
        }
    }

    /// Rewards the move that caused a cutoff and punishes those tried before it.
    fn update_histories(
        &mut self,
        board: &Board,
        ply: usize,
        depth: i32,
        best: Move,
        quiets: &[Move],
        captures: &[Move],
    ) {
        let bonus = (depth * depth * 16 + depth * 32).min(2000);
        let side = board.side_to_move();
        if !best.is_noisy() {
            let info = self.at_mut(ply as isize);
            if info.killers[0] != best {
                info.killers[1] = info.killers[0];
                info.killers[0] = best;
            }
            let prev = *self.at(ply as isize - 1);
            if let Some(p) = prev.piece {
                if !prev.mv.is_none() {
                    self.counter_moves.update(p, prev.mv.to(), best);
                }
            }
            self.update_quiet(board, ply, side, best, bonus);
            for &mv in quiets {
                self.update_quiet(board, ply, side, mv, -bonus);
            }
        } else {
            self.update_capture(board, best, bonus);
        }
        for &mv in captures {
            self.update_capture(board, mv, -bonus);
        }
    }

    fn update_quiet(&mut self, board: &Board, ply: usize, side: Color, mv: Move, bonus: i32) {
        let to = quiet_target(mv);
        self.history.update(side, mv.from(), to, bonus);
        let piece = board.piece_on(mv.from()).expect("mover");
        for back in [1, 2] {
            let prev = *self.at(ply as isize - back);
            if let Some(p) = prev.piece {
                if !prev.mv.is_none() {
                    self.continuation.update(p, prev.mv.to(), piece, to, bonus);
                }
            }
        }
    }

    fn update_capture(&mut self, board: &Board, mv: Move, bonus: i32) {
        if let (Some(piece), Some(captured)) = (board.piece_on(mv.from()), board.captured_piece(mv)) {
            self.capture_history.update(piece, mv.to(), captured, bonus);
        }
    }

    /// A node's evaluations: the raw static evaluation (the hash entry
    /// keeps it, uncorrected, as corrections change over time), the same
    /// corrected by the correction history, and the best guess, the
    /// corrected one or a fitting hash score (a lower bound above
    /// it, an upper bound below it, an exact score). In check, all three
    /// are -INFINITY: there is no standing pat.
    fn node_evals(&mut self, board: &Board, hit: Option<TtHit>, in_check: bool) -> (i32, i32, i32) {
        if in_check {
            return (-INFINITY, -INFINITY, -INFINITY);
        }
        let raw = hit.map_or_else(|| self.evaluate(board), |h| h.eval);
        let corrected = self.correction.get(board, raw);
        let guess = match hit {
            Some(h) if h.score.abs() < MATE_BOUND => {
                let better = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score > corrected,
                    Bound::Upper => h.score < corrected,
                };
                if better {
                    h.score
                } else {
                    corrected
                }
            }
            _ => corrected,
        };
        (raw, corrected, guess)
    }

    /// Quiescence search: captures and queen promotions (SEE-pruned) until the
    /// position is quiet; all evasions when in check.
    pub fn qsearch(&mut self, ctx: &Context, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if self.aborted {
            return 0;
        }
        self.count_node(ctx);
        if self.should_abort(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // Captures cannot repeat a position, so only the cheap rules matter here.
        if (board.halfmove_clock() >= 100 || board.is_insufficient_material()) && self.is_draw(board) {
            return 0;
        }
        let in_check = board.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.evaluate(board) };
        }
        let pv_node = beta - alpha > 1;

        let hit = ctx.tt.probe(board.key(), ply);
        if let Some(h) = hit {
            if !pv_node && h.cuts_off(alpha, beta) {
                return h.score;
            }
        }

        // A fitting hash score is a better guess than the static evaluation.
        let (raw_eval, _, stand_pat) = self.node_evals(board, hit, in_check);
        let mut best_score = stand_pat;
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }

        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        let mut picker = MovePicker::new(board, tt_move, self, ply, !in_check);
        let mut best_move = Move::NONE;
        while let Some(mv) = picker.next_move(board, self, ply) {
            if !in_check {
                if mv.promotion_piece().is_some_and(|k| k != PieceType::Queen) {
                    continue;
                }
                // Delta pruning: even winning the piece for free cannot reach alpha.
                let gain = board.captured_piece(mv).map_or(0, |k| SEE_VALUES[k.index()])
                    + mv.promotion_piece()
                        .map_or(0, |k| SEE_VALUES[k.index()] - SEE_VALUES[0]);
                if stand_pat + gain + qs_delta_margin() <= alpha {
                    continue;
                }
                // Futility: well below alpha, only a capture that wins
                // material can help.
                let futility_base = stand_pat + QS_FUTILITY_MARGIN;
                if futility_base <= alpha && !see_ge(board, mv, 1) {
                    best_score = best_score.max(futility_base);
                    continue;
                }
                if !see_ge(board, mv, 0) {
                    continue;
                }
            } else if best_score > -MATE_BOUND && !mv.is_noisy() {
                // In check, once an evasion holds, quiet evasions are
                // unlikely to do better (captures of the checker still may).
                break;
            }
            let child = board.play(mv);
            self.enter(board, mv, &child);
            let score = -self.qsearch(ctx, &child, -beta, -alpha, ply + 1);
            self.leave();
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && best_score == -INFINITY {
            // In check every evasion is searched: none means checkmate.
            return -MATE + ply as i32;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        ctx.tt.store(
            board.key(),
            best_move,
            best_score,
            if in_check { 0 } else { raw_eval },
            0,
            bound,
            ply,
        );
        best_score
    }
}
