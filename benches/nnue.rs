//! NNUE inference speed with random nets (`Network::random`) of hidden size
//! 256 and 512, for each kernel this CPU runs (portable, AVX2): a full
//! refresh of both accumulators, one move pushed and evaluated
//! incrementally (the lazy stack's usual work per evaluated node), and the
//! output layer alone (an evaluation with the accumulators up to date; CReLU
//! and SCReLU).
//!
//! Run: `cargo bench --bench nnue`

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use eval::nnue::{AccumulatorStack, Activation, Kernel, Network};
use movegen::Board;
use std::sync::Arc;
use std::time::Duration;

const MIDDLEGAME: &str = "r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - - 0 1";

fn kernels() -> Vec<Kernel> {
    Kernel::ALL.into_iter().filter(|k| k.is_available()).collect()
}

fn bench_nnue(c: &mut Criterion) {
    let mut group = c.benchmark_group("nnue");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(1))
        .warm_up_time(Duration::from_millis(300));
    let board = Board::from_fen(MIDDLEGAME).expect("valid FEN");
    let moves = board.legal_moves();
    for hidden in [256, 512] {
        for kernel in kernels() {
            let name = |what: &str| format!("{what}/{hidden}/{}", kernel.name());
            let net = Arc::new(Network::random(hidden, 8, Activation::SCReLU, 1));
            let mut stack = AccumulatorStack::with_kernel(net.clone(), 8, kernel);
            group.bench_function(name("refresh"), |b| b.iter(|| stack.refresh(black_box(&board))));
            // Each move of the position in turn: quiet moves and captures.
            let children: Vec<_> = moves.iter().map(|&m| (m, board.play(m))).collect();
            stack.refresh(&board);
            let mut i = 0;
            group.bench_function(name("push_evaluate"), |b| {
                b.iter(|| {
                    let (mv, child) = &children[i % children.len()];
                    i += 1;
                    stack.push(&board, *mv);
                    let v = stack.evaluate(black_box(child));
                    stack.pop();
                    v
                })
            });
            // The output layer: evaluating a node whose accumulators are up to date.
            for activation in [Activation::CReLU, Activation::SCReLU] {
                let net = Arc::new(Network::random(hidden, 8, activation, 2));
                let mut stack = AccumulatorStack::with_kernel(net, 0, kernel);
                stack.refresh(&board);
                let what = format!("output_{activation:?}").to_lowercase();
                group.bench_function(name(&what), |b| b.iter(|| stack.evaluate(black_box(&board))));
            }
        }
    }
    group.finish();
}

criterion_group!(benches, bench_nnue);
criterion_main!(benches);
