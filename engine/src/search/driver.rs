//! Iterative deepening: one iteration per depth, each searching the MultiPV
//! lines in turn inside aspiration windows; the main thread reports, watches
//! the clock and decides when to stop, while helper threads (Lazy SMP) search
//! the same tree and share what they find through the hash table.

use super::alphabeta::Context;
use super::params::{aspiration_min_depth, aspiration_window};
use super::thread::ThreadData;
use super::time::TimeManager;
use super::tt::TranspositionTable;
use super::{Limits, Line, Reporter, ScoreBound, SearchControl, SearchInfo, SearchResult, MAX_PLY};
use crate::score::{ScoreReport, INFINITY, MATE, MATE_BOUND};
use movegen::{Board, Move};

/// Stack size of every search thread: the recursion holds a board and a
/// move list per ply.
pub const SEARCH_STACK_SIZE: usize = 32 * 1024 * 1024;

/// Everything a search needs to know about what to search.
pub struct SearchParams {
    /// The root position.
    pub board: Board,
    /// Keys of the game's positions, oldest first, ending with the root's.
    pub history: Vec<u64>,
    /// The limits from `go`.
    pub limits: Limits,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
    /// Number of lines to report.
    pub multipv: usize,
    /// Milliseconds kept back per move for the GUI.
    pub move_overhead: u64,
    /// The root position is already drawn by the automatic rules (fivefold
    /// repetition, 75 moves): every line scores 0.
    pub auto_draw: bool,
    /// Syzygy tablebases to probe (`None`: no probing, and no cost).
    pub syzygy: Option<crate::syzygy::Probing>,
}

/// Runs a search with `threads.len()` threads and returns the best move.
pub fn search(
    params: &SearchParams,
    tt: &TranspositionTable,
    control: &SearchControl,
    threads: &mut [ThreadData],
    reporter: &dyn Reporter,
) -> SearchResult {
    let mut root_moves: Vec<Move> = params
        .board
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| params.searchmoves.is_empty() || params.searchmoves.contains(m))
        .collect();
    // A tablebase root: only the moves that keep its best result (probed
    // here, before any helper thread probes).
    let (main, _) = threads.split_first_mut().expect("at least one thread");
    main.root_tb = None;
    main.tb_hits = 0;
    if let Some(tb) = &params.syzygy {
        if params.board.occupied().count() <= tb.probe_limit {
            if let Some(probe) = tb.tables.probe_root(&params.board, tb.rule50) {
                main.tb_hits = probe.moves.len() as u64;
                let kept: Vec<Move> = root_moves
                    .iter()
                    .copied()
                    .filter(|m| probe.keep.contains(m))
                    .collect();
                if !kept.is_empty() {
                    root_moves = kept;
                }
                main.root_tb = Some(probe);
            }
        }
    }
    if root_moves.is_empty() {
        return SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            lines: Vec::new(),
        };
    }
    tt.new_search();
    let time = TimeManager::new(&params.limits, params.board.side_to_move(), params.move_overhead);
    let (main, helpers) = threads.split_first_mut().expect("at least one thread");
    std::thread::scope(|scope| {
        for helper in helpers.iter_mut() {
            let root_moves = &root_moves;
            std::thread::Builder::new()
                .stack_size(SEARCH_STACK_SIZE)
                .spawn_scoped(scope, move || {
                    iterative_deepening(
                        helper,
                        params,
                        root_moves,
                        tt,
                        control,
                        TimeManager::unlimited(),
                        &super::SilentReporter,
                    );
                })
                .expect("spawning a search thread");
        }
        let result = iterative_deepening(main, params, &root_moves, tt, control, time, reporter);
        control.stop();
        result
    })
}

fn iterative_deepening(
    td: &mut ThreadData,
    params: &SearchParams,
    root_moves: &[Move],
    tt: &TranspositionTable,
    control: &SearchControl,
    time: TimeManager,
    reporter: &dyn Reporter,
) -> SearchResult {
    let is_main = td.id == 0;
    td.keys.clear();
    td.keys.extend_from_slice(&params.history);
    if td.keys.last() != Some(&params.board.key()) {
        td.keys.push(params.board.key());
    }
    td.root_index = td.keys.len() - 1;
    td.set_root(&params.board);
    td.nodes = 0;
    if !is_main {
        td.tb_hits = 0;
    }
    td.aborted = false;
    let all_moves = params.board.legal_moves();
    let outside: Vec<Move> = all_moves
        .iter()
        .copied()
        .filter(|m| !root_moves.contains(m))
        .collect();
    let multipv = params.multipv.clamp(1, root_moves.len());
    let max_depth = params
        .limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 4)
        .min(MAX_PLY as u32 - 4);

    let mut ctx = Context {
        tt,
        control,
        time,
        // Only the main thread must finish depth 1 (it owns the move to play);
        // helpers stop as soon as they are told.
        may_stop: !is_main,
        reporter,
        tb: params.syzygy.as_ref(),
        depth: 1,
    };
    let mut completed: Vec<Line> = Vec::new();
    let mut completed_depth = 0;
    let mut completed_seldepth = 0;
    let mut stable_iterations = 0;

    // Helpers start at staggered depths so the threads do not all search the
    // same node at the same time.
    let first_depth = 1 + (td.id % 2) as u32;
    for depth in first_depth..=max_depth {
        ctx.depth = depth;
        td.seldepth = 0;
        let mut lines: Vec<Line> = Vec::with_capacity(multipv);
        for pv_index in 0..multipv {
            td.root_excluded.clear();
            td.root_excluded.extend_from_slice(&outside);
            td.root_excluded.extend(lines.iter().map(|l| l.pv[0]));
            let previous = completed.get(pv_index).map(|l| l.score);
            let Some(line) = aspiration(td, &ctx, params, depth, previous, pv_index, reporter) else {
                break;
            };
            lines.push(line);
        }
        if td.aborted || lines.len() < multipv {
            break;
        }
        lines.sort_by_key(|l| std::cmp::Reverse(l.score));
        if completed.first().map(|l| l.pv[0]) == Some(lines[0].pv[0]) {
            stable_iterations += 1;
        } else {
            stable_iterations = 0;
        }
        completed = lines;
        completed_depth = depth;
        completed_seldepth = seldepth_of(td, depth, &completed[0]);
        ctx.may_stop = true;
        control.publish_nodes(td.id, td.nodes);

        if !is_main {
            continue;
        }
        for (i, line) in completed.iter().enumerate() {
            reporter.info(&make_info(
                td,
                control,
                tt,
                params,
                depth,
                i + 1,
                line,
                ScoreBound::Exact,
            ));
        }
        // Stop conditions, checked between iterations.
        if control.stopped() {
            break;
        }
        if let Some(mate) = params.limits.mate {
            let best = completed[0].score;
            if best >= MATE_BOUND && MATE - best < 2 * mate as i32 {
                break;
            }
        }
        if !control.pondering() && time.stop_between_iterations(control.elapsed_ms(), stable_iterations) {
            break;
        }
        if time.reached_soft_nodes(control.total_nodes()) {
            break;
        }
    }
    control.publish_nodes(td.id, td.nodes);
    control.publish_tb_hits(td.id, td.tb_hits);
    if is_main {
        control.stop();
    }
    let best_line = completed.first();
    SearchResult {
        best: best_line.map(|l| l.pv[0]),
        ponder: best_line
            .and_then(|l| l.pv.get(1).copied())
            .or_else(|| best_line.and_then(|l| ponder_from_tt(tt, &params.board, l.pv[0]))),
        score: best_line.map_or(0, |l| l.score),
        depth: completed_depth,
        seldepth: completed_seldepth,
        nodes: control.total_nodes(),
        lines: completed
            .iter()
            .map(|l| Line {
                pv: l.pv.clone(),
                score: root_score(td, params, l.score),
            })
            .collect(),
    }
}

/// The deepest ply of an iteration as reported with its line.
fn seldepth_of(td: &ThreadData, depth: u32, line: &Line) -> u32 {
    (td.seldepth as u32).max(depth.min(line.pv.len() as u32))
}

/// The score the search stands by at the root for a searched `score`: an
/// automatic draw is 0, and a tablebase root's known result replaces the
/// searched value unless the search found a mate that says more.
fn root_score(td: &ThreadData, params: &SearchParams, score: i32) -> i32 {
    if params.auto_draw {
        return 0;
    }
    match &td.root_tb {
        Some(probe) if score.abs() < MATE_BOUND || probe.wdl == crate::syzygy::TbWdl::Draw => probe.score(),
        _ => score,
    }
}

/// Searches one MultiPV line at `depth` inside an aspiration window around
/// the previous score. `None` when aborted.
fn aspiration(
    td: &mut ThreadData,
    ctx: &Context,
    params: &SearchParams,
    depth: u32,
    previous: Option<i32>,
    pv_index: usize,
    reporter: &dyn Reporter,
) -> Option<Line> {
    let mut delta = aspiration_window();
    let (mut alpha, mut beta) = match previous {
        Some(s) if depth as i32 >= aspiration_min_depth() && s.abs() < MATE_BOUND => {
            ((s - delta).max(-INFINITY), (s + delta).min(INFINITY))
        }
        _ => (-INFINITY, INFINITY),
    };
    // After a fail high the re-search goes a ply shallower (at most three):
    // the move is probably good, and confirming it cheaply leaves time to
    // search the next iteration fully. A fail low searches at full depth.
    let mut search_depth = depth as i32;
    loop {
        let score = td.negamax(ctx, &params.board, alpha, beta, search_depth, 0, false);
        if td.aborted {
            return None;
        }
        let line = Line {
            score,
            pv: td.pv[0][..td.pv_len[0]].to_vec(),
        };
        let bound = if score <= alpha {
            ScoreBound::Upper
        } else if score >= beta {
            ScoreBound::Lower
        } else {
            return Some(line);
        };
        if td.id == 0 && ctx.control.elapsed_ms() > 1000 && !line.pv.is_empty() {
            let info = make_info(td, ctx.control, ctx.tt, params, depth, pv_index + 1, &line, bound);
            reporter.info(&info);
        }
        if bound == ScoreBound::Upper {
            beta = (alpha + beta) / 2;
            alpha = (score - delta).max(-INFINITY);
            search_depth = depth as i32;
        } else {
            beta = (score + delta).min(INFINITY);
            search_depth = (search_depth - 1).max(depth as i32 - 3).max(1);
        }
        delta += delta / 2;
        if delta > 1000 {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn make_info(
    td: &ThreadData,
    control: &SearchControl,
    tt: &TranspositionTable,
    params: &SearchParams,
    depth: u32,
    multipv: usize,
    line: &Line,
    bound: ScoreBound,
) -> SearchInfo {
    control.publish_nodes(td.id, td.nodes);
    control.publish_tb_hits(td.id, td.tb_hits);
    let score = root_score(td, params, line.score);
    let certain_wdl = td.root_tb.as_ref().map(|probe| {
        use crate::syzygy::TbWdl;
        match probe.wdl {
            TbWdl::Win | TbWdl::CursedWin => crate::wdl::Wdl::WIN,
            TbWdl::Draw => crate::wdl::Wdl::DRAW,
            TbWdl::BlessedLoss | TbWdl::Loss => crate::wdl::Wdl::LOSS,
        }
    });
    SearchInfo {
        depth,
        seldepth: seldepth_of(td, depth, line),
        multipv,
        score: ScoreReport::from_score(score),
        bound,
        nodes: control.total_nodes(),
        time_ms: control.elapsed_ms(),
        hashfull: tt.hashfull(),
        tbhits: control.total_tb_hits(),
        certain_wdl,
        pv: line.pv.clone(),
    }
}

/// The expected reply when the PV is one move long: the hash move of the
/// position after the best move, if it is legal there.
fn ponder_from_tt(tt: &TranspositionTable, board: &Board, best: Move) -> Option<Move> {
    let after = board.play(best);
    let mv = tt.probe(after.key(), 1)?.mv;
    after.is_legal(mv).then_some(mv)
}
