//! The perft suites from `tests/data/` (copies of `shared/perft/`).
//!
//! In a release build (`cargo test --release`, what CI runs) every position of
//! the standard suite is checked at every listed depth (about 4.8 billion
//! nodes) and every Chess960 position up to depth 5 (about 17.6 billion). The
//! Chess960 depth-6 counts (about 500 billion nodes) run only on request:
//! `cargo test --release -- --ignored fischer_depth_6`. A debug build runs a
//! capped version: each position only at depths with at most 100 000 nodes.

use movegen::{perft_parallel, Board};

const STANDARD: &str = include_str!("data/standard.epd");
const FISCHER: &str = include_str!("data/fischer.epd");

/// (fen, depth, expected) for every entry of a suite.
fn entries(suite: &str) -> Vec<(String, u32, u64)> {
    let mut out = Vec::new();
    for line in suite.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        for part in parts {
            let (d, n) = part.trim().split_once(' ').expect("'Dn count'");
            let depth: u32 = d.trim_start_matches('D').parse().expect("depth");
            out.push((fen.clone(), depth, n.trim().parse().expect("count")));
        }
    }
    out
}

fn check(suite: &str, max_depth: u32, max_nodes: u64) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (fen, depth, expected) in entries(suite) {
        if depth > max_depth || expected > max_nodes {
            continue;
        }
        let board = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let got = perft_parallel(&board, depth);
        checked += 1;
        if got != expected {
            failures.push(format!("{fen} depth {depth}: got {got}, expected {expected}"));
        }
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
    checked
}

const FULL: bool = !cfg!(debug_assertions);
const DEBUG_NODE_CAP: u64 = 100_000;

#[test]
fn standard_suite() {
    let cap = if FULL { u64::MAX } else { DEBUG_NODE_CAP };
    let checked = check(STANDARD, 6, cap);
    assert!(
        checked >= if FULL { 700 } else { 200 },
        "only {checked} entries checked"
    );
}

#[test]
fn fischer_suite_to_depth_5() {
    let cap = if FULL { u64::MAX } else { DEBUG_NODE_CAP };
    let checked = check(FISCHER, 5, cap);
    assert!(
        checked >= if FULL { 4800 } else { 1000 },
        "only {checked} entries checked"
    );
}

#[test]
#[ignore = "about 500 billion nodes; run on request"]
fn fischer_depth_6() {
    check(FISCHER, 6, u64::MAX);
}
