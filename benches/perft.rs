//! Perft throughput: perft(5) from the start position and from Kiwipete,
//! single-threaded, reported in nodes per second.
//!
//! Run: `cargo bench --bench perft`

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use movegen::{perft, Board};
use std::time::Duration;

const POSITIONS: [(&str, &str, u32, u64); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
];

fn bench_perft(c: &mut Criterion) {
    movegen::init();
    let mut group = c.benchmark_group("perft");
    // One perft(5) per sample: Kiwipete takes about a second.
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(5));
    for (name, fen, depth, nodes) in POSITIONS {
        let board = Board::from_fen(fen).expect("valid FEN");
        assert_eq!(perft(&board, 3), perft(&board, 3)); // tables warm
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/d{depth}"), |b| {
            b.iter(|| {
                let n = perft(black_box(&board), depth);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
