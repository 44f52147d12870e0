//! Evaluation speed: nanoseconds per call of `eval::evaluate` (no pawn cache)
//! and `eval::evaluate_cached` (pawn cache warm), for the start position and
//! a middlegame.
//!
//! Run: `cargo bench --bench eval`

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use movegen::Board;
use std::time::Duration;

const POSITIONS: [(&str, &str); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "middlegame",
        "r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - - 0 1",
    ),
];

fn bench_eval(c: &mut Criterion) {
    let mut group = c.benchmark_group("eval");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    for (name, fen) in POSITIONS {
        let board = Board::from_fen(fen).expect("valid FEN");
        group.bench_function(format!("evaluate/{name}"), |b| {
            b.iter(|| eval::evaluate(black_box(&board)))
        });
        let mut cache = eval::PawnCache::default();
        group.bench_function(format!("evaluate_cached/{name}"), |b| {
            b.iter(|| eval::evaluate_cached(black_box(&board), &mut cache))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_eval);
criterion_main!(benches);
