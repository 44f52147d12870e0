//! Search tests through the library (a session with the hand-crafted
//! evaluation): a reporter that collects lines, no I/O.

use engine::score::ScoreReport;
use engine::search::{Reporter, SearchInfo};
use engine::session::{SearchRequest, Session};
use movegen::{Board, Move};
use std::sync::Mutex;

#[derive(Default)]
struct Collect(Mutex<Vec<SearchInfo>>);

impl Reporter for Collect {
    fn info(&self, info: &SearchInfo) {
        self.0.lock().unwrap().push(info.clone());
    }
    fn currmove(&self, _depth: u32, _mv: Move, _number: usize) {}
}

fn run(fen: &str, depth: u32) -> (Option<String>, ScoreReport) {
    let board = Board::from_fen(fen).unwrap();
    let mut session = Session::with_seed(0);
    session.set_hash_mb(8).unwrap();
    session.set_network(None);
    let collect = Collect::default();
    let result = session.search(&SearchRequest::new(board).depth(depth), &collect);
    let last = collect
        .0
        .lock()
        .unwrap()
        .last()
        .cloned()
        .expect("at least one info");
    assert_eq!(
        last.pv.first().copied(),
        result.best,
        "PV starts with the best move"
    );
    // The outcome's line is the last reported one, with its internal score.
    assert_eq!(result.lines[0].pv, last.pv);
    assert_eq!(ScoreReport::from_score(result.lines[0].score), last.score);
    (result.best.map(|m| m.to_uci(false)), last.score)
}

#[test]
fn mate_in_one() {
    assert_eq!(
        run("7k/8/6K1/8/8/8/8/R7 w - - 0 1", 4),
        (Some("a1a8".into()), ScoreReport::Mate(1))
    );
}

#[test]
fn mate_in_two() {
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    assert_eq!(run(fen, 6), (Some("d5f6".into()), ScoreReport::Mate(2)));
    let fen = "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1";
    assert_eq!(run(fen, 6), (Some("g2g1".into()), ScoreReport::Mate(2)));
}

#[test]
fn mate_in_three() {
    let fen = "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1";
    assert_eq!(run(fen, 8), (Some("f8c5".into()), ScoreReport::Mate(3)));
}

#[test]
fn being_mated_is_negative() {
    // Black's only move Kg8 allows Ra8#.
    assert_eq!(
        run("7k/8/6K1/8/8/8/8/R7 b - - 0 1", 5),
        (Some("h8g8".into()), ScoreReport::Mate(-1))
    );
}

#[test]
fn stalemate_is_avoided_when_winning() {
    // Queen vs king: Qg6 would stalemate; the engine must not play it.
    let (best, score) = run("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", 6);
    assert_ne!(best.as_deref(), Some("g1g6"));
    assert!(
        matches!(score, ScoreReport::Mate(m) if m > 0) || matches!(score, ScoreReport::Cp(cp) if cp > 500)
    );
}

#[test]
fn wins_a_hanging_queen() {
    let (best, _) = run(
        "rnb1kbnr/pppp1ppp/8/4p1q1/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 0 1",
        6,
    );
    assert_eq!(best.as_deref(), Some("c1g5"));
}
