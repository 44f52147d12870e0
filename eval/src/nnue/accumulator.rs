//! The accumulators of a search thread, one pair per ply, updated lazily.
//!
//! A search makes many more moves than it evaluates: most nodes are cut off,
//! or answered from the hash table, before their static evaluation is needed.
//! So [`AccumulatorStack::push`] only records what the move changes (a
//! [`FeatureDelta`] of a few bytes) and [`AccumulatorStack::evaluate`] brings
//! the accumulators up to date from the nearest ply that has them, applying
//! the recorded changes forward. A node that is never evaluated costs a
//! few mailbox lookups, and plies computed once are reused by every sibling.

use super::features::{move_delta, FeatureDelta};
use super::network::Network;
use super::simd::{self, Chunk, Kernel};
use movegen::{Board, Color, Move};
use std::sync::Arc;

/// What one ply of the stack knows.
#[derive(Clone, Copy, Debug, Default)]
struct Ply {
    /// The change from the ply below (none at the root and for null moves).
    delta: FeatureDelta,
    /// Whether this ply's accumulators are up to date.
    computed: bool,
}

/// The accumulators of one search thread: both perspectives' at every ply
/// from the root to the current node, in one buffer allocated up front.
///
/// Use: [`refresh`](AccumulatorStack::refresh) at the root of each search;
/// [`push`](AccumulatorStack::push) before playing a move (with the board
/// before it), [`push_null`](AccumulatorStack::push_null) for a null move,
/// [`pop`](AccumulatorStack::pop) after taking either back; and
/// [`evaluate`](AccumulatorStack::evaluate) for the current node's score.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    net: Arc<Network>,
    kernel: Kernel,
    /// Ply `p`, perspective `c`: `data[(2p + c) * n..][..n]`, `n = N / 16` chunks.
    data: Vec<Chunk>,
    /// Chunks per accumulator.
    chunks: usize,
    plies: Vec<Ply>,
    top: usize,
}

impl AccumulatorStack {
    /// A stack for `net` with room for `max_ply` moves past the root, using
    /// the fastest kernel of this CPU ([`Kernel::best`]). Allocates
    /// `(max_ply + 1) * 2 * N` accumulator values once; pushing past
    /// `max_ply` still works but grows the buffer.
    pub fn new(net: Arc<Network>, max_ply: usize) -> AccumulatorStack {
        AccumulatorStack::with_kernel(net, max_ply, Kernel::best())
    }

    /// [`AccumulatorStack::new`] with a chosen kernel (tests and benches use
    /// it to compare the portable code with the AVX2 code).
    pub fn with_kernel(net: Arc<Network>, max_ply: usize, kernel: Kernel) -> AccumulatorStack {
        let plies = max_ply + 1;
        let chunks = net.hidden() / simd::CHUNK;
        AccumulatorStack {
            data: vec![Chunk::default(); plies * 2 * chunks],
            chunks,
            plies: vec![Ply::default(); plies],
            net,
            kernel,
            top: 0,
        }
    }

    /// The net.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// The kernel in use.
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// Moves pushed since the last refresh and not popped.
    pub fn ply(&self) -> usize {
        self.top
    }

    /// Starts again at `board`: empties the stack and computes the root's
    /// accumulators from scratch.
    pub fn refresh(&mut self, board: &Board) {
        self.top = 0;
        self.refresh_ply(0, board);
    }

    /// Records `mv`, about to be played on `board_before` (the position
    /// before the move, on which `mv` is legal). Computes nothing yet.
    #[inline]
    pub fn push(&mut self, board_before: &Board, mv: Move) {
        self.push_delta(move_delta(board_before, mv));
    }

    /// Records a null move (only the side to move changes, which the
    /// accumulators do not depend on).
    #[inline]
    pub fn push_null(&mut self) {
        self.push_delta(FeatureDelta::NONE);
    }

    /// Takes back the last push. Panics if there is none.
    #[inline]
    pub fn pop(&mut self) {
        assert!(self.top > 0, "AccumulatorStack::pop without a push");
        self.top -= 1;
    }

    /// The evaluation of `board`, the position at the top of the stack, in
    /// centipawns from the side to move's point of view. Computes whatever
    /// accumulators are missing first.
    pub fn evaluate(&mut self, board: &Board) -> i32 {
        self.update(board);
        let n = self.chunks;
        let (white, black) = self.data[2 * self.top * n..(2 * self.top + 2) * n].split_at(n);
        let (us, them) = match board.side_to_move() {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        self.net.output(self.kernel, us, them, self.net.bucket(board))
    }

    /// The accumulator of `perspective` at the top of the stack, `board`
    /// being the position there; computes what is missing first (for tests
    /// and tools).
    pub fn accumulator(&mut self, board: &Board, perspective: Color) -> &[i16] {
        self.update(board);
        let start = (2 * self.top + perspective.index()) * self.chunks;
        simd::values(&self.data[start..start + self.chunks])
    }

    fn push_delta(&mut self, delta: FeatureDelta) {
        self.top += 1;
        if self.top == self.plies.len() {
            self.grow();
        }
        self.plies[self.top] = Ply {
            delta,
            computed: false,
        };
    }

    /// Doubles the room (only if a search goes past `max_ply`).
    fn grow(&mut self) {
        let plies = 2 * self.plies.len();
        self.plies.resize(plies, Ply::default());
        self.data.resize(plies * 2 * self.chunks, Chunk::default());
    }

    /// Brings the top ply up to date: forward from the nearest computed ply,
    /// or from scratch with `board` if there is none (no refresh yet).
    fn update(&mut self, board: &Board) {
        let Some(start) = (0..=self.top).rev().find(|&p| self.plies[p].computed) else {
            self.refresh_ply(self.top, board);
            return;
        };
        for p in start + 1..=self.top {
            self.apply(p);
        }
    }

    fn refresh_ply(&mut self, ply: usize, board: &Board) {
        let n = self.chunks;
        for color in Color::ALL {
            let start = (2 * ply + color.index()) * n;
            self.net
                .refresh_into(self.kernel, board, color, &mut self.data[start..start + n]);
        }
        self.plies[ply].computed = true;
    }

    /// Computes ply `p` from ply `p - 1` and the recorded change.
    fn apply(&mut self, p: usize) {
        let n = self.chunks;
        let delta = self.plies[p].delta;
        let (below, here) = self.data.split_at_mut(2 * p * n);
        let below = &below[2 * (p - 1) * n..];
        for color in Color::ALL {
            let c = color.index();
            let mut add = [0usize; 2];
            let mut sub = [0usize; 2];
            for (slot, ps) in add.iter_mut().zip(delta.added()) {
                *slot = ps.feature(color);
            }
            for (slot, ps) in sub.iter_mut().zip(delta.removed()) {
                *slot = ps.feature(color);
            }
            simd::update(
                self.kernel,
                &mut here[c * n..(c + 1) * n],
                &below[c * n..(c + 1) * n],
                self.net.ft_weights(),
                &add[..delta.added().len()],
                &sub[..delta.removed().len()],
            );
        }
        self.plies[p].computed = true;
    }
}
