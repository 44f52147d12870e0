//! A quick perft check that runs in seconds in a debug build: every position
//! of the standard suite, and the first 40 of the Chess960 suite, to the
//! deepest depth whose expected count is at most `MAX_NODES`. `perft`,
//! the sum of `divide` and `perft_parallel` must all give the expected count.
//! (The full suites run in release: see the `perft_suite` example.)

mod common;

use common::{board, perft_cases, FISCHER_EPD, STANDARD_EPD};
use movegen::{divide, divide_parallel, perft, perft_parallel};
use std::collections::HashSet;

const MAX_NODES: u64 = 200_000;

fn run_suite(text: &str, limit: usize) -> (usize, u64) {
    let cases = perft_cases(text);
    let mut checked = 0;
    let mut nodes = 0;
    for case in cases.iter().take(limit) {
        let b = board(&case.fen);
        let Some(&(depth, expected)) = case
            .depths
            .iter()
            .filter(|(_, n)| *n <= MAX_NODES)
            .max_by_key(|(d, _)| *d)
        else {
            continue;
        };
        let fen = &case.fen;
        assert_eq!(perft(&b, depth), expected, "perft {fen} depth {depth}");
        let parts = divide(&b, depth);
        assert_eq!(
            parts.iter().map(|(_, n)| n).sum::<u64>(),
            expected,
            "divide {fen} depth {depth}"
        );
        // One entry per legal move, each once.
        let legal: HashSet<u16> = b.legal_moves().iter().map(|m| m.to_bits()).collect();
        let roots: HashSet<u16> = parts.iter().map(|(m, _)| m.to_bits()).collect();
        assert_eq!(roots.len(), parts.len(), "{fen}");
        assert_eq!(roots, legal, "{fen}");
        assert_eq!(
            perft_parallel(&b, depth),
            expected,
            "perft_parallel {fen} depth {depth}"
        );
        let mut par = divide_parallel(&b, depth);
        let mut seq = parts.clone();
        par.sort_by_key(|(m, _)| m.to_bits());
        seq.sort_by_key(|(m, _)| m.to_bits());
        assert_eq!(par, seq, "{fen}");
        // The shallower depths agree too.
        for &(d, n) in case.depths.iter().filter(|(d, _)| *d < depth) {
            assert_eq!(perft(&b, d), n, "perft {fen} depth {d}");
        }
        checked += 1;
        nodes += expected;
    }
    (checked, nodes)
}

#[test]
fn standard_suite_capped() {
    let (checked, nodes) = run_suite(STANDARD_EPD, usize::MAX);
    // One line of the suite lists only a depth-5 count.
    let with_small_depth = perft_cases(STANDARD_EPD)
        .iter()
        .filter(|c| c.depths.iter().any(|(_, n)| *n <= MAX_NODES))
        .count();
    assert_eq!(checked, with_small_depth);
    assert!(checked >= 120, "{checked}");
    assert!(nodes > 1_000_000, "{nodes}");
}

#[test]
fn chess960_suite_capped() {
    let (checked, nodes) = run_suite(FISCHER_EPD, 40);
    assert_eq!(checked, 40);
    assert!(nodes > 300_000, "{nodes}");
}

#[test]
fn depth_zero_and_one() {
    let b = movegen::Board::startpos();
    assert_eq!(perft(&b, 0), 1);
    assert_eq!(perft_parallel(&b, 0), 1);
    assert!(divide(&b, 0).is_empty());
    assert_eq!(perft(&b, 1), 20);
    assert_eq!(perft_parallel(&b, 1), 20);
    assert!(divide(&b, 1).iter().all(|(_, n)| *n == 1));
}
