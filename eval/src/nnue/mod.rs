//! NNUE inference: the evaluation of Daba's own trained nets.
//!
//! `docs/nnue.md` is the contract this module implements: the architecture
//! `(768 -> N) x 2 -> 1` with output buckets, the feature indexing (plain or
//! mirrored by the king's side), the exact
//! integer formulas (so that every build and every CPU gives the same score
//! for the same net and position) and the net file format.
//!
//! - [`Network`]: a checked net (loading, writing, the output layer);
//! - [`feature_index`], [`move_delta`]: the inputs, and what a move changes;
//! - [`AccumulatorStack`]: a search thread's incremental, lazy accumulators;
//! - [`Kernel`]: the portable and AVX2 versions of the hot loops.
//!
//! For a one-off evaluation (the UCI command `eval`, tests) use [`evaluate`]; a search
//! keeps one [`AccumulatorStack`] per thread, sharing the net by `Arc`.

mod accumulator;
mod features;
mod network;
mod simd;

pub use accumulator::AccumulatorStack;
pub use features::{
    active_features, feature_index, king_destination, move_delta, oriented_feature_index, FeatureDelta,
    FeatureSet, Orientation, PieceSquare, INPUTS,
};
pub use network::{
    fnv1a64, Activation, NetError, Network, Quantisation, HIDDEN_MULTIPLE, MAGIC, MAX_BUCKETS, MAX_HIDDEN,
    MAX_PIECES, VERSION,
};
pub use simd::Kernel;

use movegen::Board;

/// The evaluation of `board` by `net`, in centipawns from the side to move's
/// point of view, computed from scratch with the fastest kernel.
pub fn evaluate(net: &Network, board: &Board) -> i32 {
    evaluate_with(Kernel::best(), net, board)
}

/// [`evaluate`] with a chosen kernel.
pub fn evaluate_with(kernel: Kernel, net: &Network, board: &Board) -> i32 {
    net.evaluate_from_scratch(kernel, board)
}
