//! NNUE net files. The harness writes the right checksum into the last eight
//! bytes first (the FNV-1a 64 of the rest, as the format defines it), so the
//! fuzzer reaches the checks behind it. A net that loads evaluates without
//! overflow on every kernel alike, and incrementally as from scratch.
#![no_main]

use eval::nnue::{evaluate_with, fnv1a64, AccumulatorStack, Kernel, Network};
use libfuzzer_sys::fuzz_target;
use movegen::Board;
use std::sync::Arc;

const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.to_vec();
    if bytes.len() > 8 {
        let body = bytes.len() - 8;
        let sum = fnv1a64(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.to_le_bytes());
    }
    let Ok(net) = Network::from_bytes(&bytes) else {
        return;
    };
    let net = Arc::new(net);
    for fen in FENS {
        let board = Board::from_fen(fen).unwrap();
        let portable = evaluate_with(Kernel::Portable, &net, &board);
        assert_eq!(
            evaluate_with(Kernel::best(), &net, &board),
            portable,
            "kernels differ"
        );
        let mut stack = AccumulatorStack::new(Arc::clone(&net), 8);
        stack.refresh(&board);
        for &mv in board.legal_moves().iter().take(8) {
            stack.push(&board, mv);
            let child = board.play(mv);
            assert_eq!(
                stack.evaluate(&child),
                evaluate_with(Kernel::Portable, &net, &child)
            );
            stack.pop();
        }
    }
});
