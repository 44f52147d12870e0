//! The accumulators of a search thread, one pair per ply, updated lazily.
//!
//! A search makes many more moves than it evaluates: most nodes are cut off,
//! or answered from the hash table, before their static evaluation is needed.
//! So [`AccumulatorStack::push`] only records what the move changes (a
//! [`FeatureDelta`] of a few bytes) and [`AccumulatorStack::evaluate`] brings
//! the accumulators up to date from the nearest ply that has them, applying
//! the recorded changes forward. A node that is never evaluated costs a
//! few mailbox lookups, and plies computed once are reused by every sibling.
//!
//! Each perspective is brought up to date on its own. With a king-mirrored
//! net ([`FeatureSet::KingMirrored`]) a king move across the middle of the
//! board changes how its side's perspective sees every square; the changes
//! recorded below such a ply no longer apply, and that perspective is
//! computed from scratch at the node being evaluated instead.

use super::features::{king_destination, move_delta, FeatureDelta, FeatureSet, Orientation};
use super::network::Network;
use super::simd::{self, Chunk, Kernel};
use movegen::{Board, Color, Move};
use std::sync::Arc;

/// What one ply of the stack knows, per perspective (White, Black).
#[derive(Clone, Copy, Debug)]
struct Ply {
    /// The change from the ply below (none at the root and for null moves).
    delta: FeatureDelta,
    /// How each perspective sees the board at this ply.
    orientation: [Orientation; 2],
    /// Whether each perspective's accumulator is up to date.
    computed: [bool; 2],
}

impl Ply {
    /// A ply not computed yet, with the orientations of the plain feature
    /// set (a refresh sets the real ones).
    fn empty() -> Ply {
        Ply {
            delta: FeatureDelta::NONE,
            orientation: [Color::White, Color::Black].map(Orientation::plain),
            computed: [false; 2],
        }
    }
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
            plies: vec![Ply::empty(); plies],
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
        let mut orientation = self.plies[self.top].orientation;
        let set = self.net.feature_set();
        if set != FeatureSet::Plain {
            if let Some(king) = king_destination(board_before, mv) {
                let us = board_before.side_to_move();
                orientation[us.index()] = Orientation::new(set, us, king);
            }
        }
        self.push_delta(move_delta(board_before, mv), orientation);
    }

    /// Records a null move (only the side to move changes, which the
    /// accumulators do not depend on).
    #[inline]
    pub fn push_null(&mut self) {
        self.push_delta(FeatureDelta::NONE, self.plies[self.top].orientation);
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

    fn push_delta(&mut self, delta: FeatureDelta, orientation: [Orientation; 2]) {
        self.top += 1;
        if self.top == self.plies.len() {
            self.grow();
        }
        self.plies[self.top] = Ply {
            delta,
            orientation,
            computed: [false; 2],
        };
    }

    /// Doubles the room (only if a search goes past `max_ply`).
    fn grow(&mut self) {
        let plies = 2 * self.plies.len();
        self.plies.resize(plies, Ply::empty());
        self.data.resize(plies * 2 * self.chunks, Chunk::default());
    }

    /// Brings the top ply up to date, each perspective forward from its
    /// nearest computed ply with the same orientation, or from scratch with
    /// `board` if there is none.
    fn update(&mut self, board: &Board) {
        for color in Color::ALL {
            let c = color.index();
            let orientation = self.plies[self.top].orientation[c];
            let mut start = self.top;
            let found = loop {
                if self.plies[start].computed[c] {
                    break true;
                }
                if start == 0 || self.plies[start - 1].orientation[c] != orientation {
                    break false;
                }
                start -= 1;
            };
            if found {
                for p in start + 1..=self.top {
                    self.apply(p, color);
                }
            } else {
                self.refresh_perspective(self.top, board, color);
            }
        }
    }

    fn refresh_ply(&mut self, ply: usize, board: &Board) {
        for color in Color::ALL {
            self.refresh_perspective(ply, board, color);
        }
    }

    /// Computes `color`'s accumulator at `ply` from scratch, and its
    /// orientation; `board` is the position there.
    fn refresh_perspective(&mut self, ply: usize, board: &Board, color: Color) {
        let n = self.chunks;
        let start = (2 * ply + color.index()) * n;
        // Set, not only checked: pushes made before the first refresh
        // copied an orientation that was never computed.
        self.plies[ply].orientation[color.index()] = Orientation::of(self.net.feature_set(), board, color);
        self.net
            .refresh_into(self.kernel, board, color, &mut self.data[start..start + n]);
        self.plies[ply].computed[color.index()] = true;
    }

    /// Computes `color`'s accumulator at ply `p` from ply `p - 1` (same
    /// orientation) and the recorded change.
    fn apply(&mut self, p: usize, color: Color) {
        let n = self.chunks;
        let c = color.index();
        let ply = self.plies[p];
        let orientation = ply.orientation[c];
        let delta = ply.delta;
        let (below, here) = self.data.split_at_mut(2 * p * n);
        let below = &below[2 * (p - 1) * n..];
        let mut add = [0usize; 2];
        let mut sub = [0usize; 2];
        for (slot, ps) in add.iter_mut().zip(delta.added()) {
            *slot = ps.feature(color, orientation);
        }
        for (slot, ps) in sub.iter_mut().zip(delta.removed()) {
            *slot = ps.feature(color, orientation);
        }
        simd::update(
            self.kernel,
            &mut here[c * n..(c + 1) * n],
            &below[c * n..(c + 1) * n],
            self.net.ft_weight_chunks(),
            &add[..delta.added().len()],
            &sub[..delta.removed().len()],
        );
        self.plies[p].computed[c] = true;
    }
}
