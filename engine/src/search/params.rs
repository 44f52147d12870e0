//! Every tunable constant of the search, in one place, each with the reason it
//! exists. Values are Daba's own starting points; the match runner tunes them.

/// Aspiration windows start at iteration depth ...
pub const ASPIRATION_MIN_DEPTH: i32 = 5;
/// ... with this half-width (cp), widened by half its size on each failure.
pub const ASPIRATION_WINDOW: i32 = 20;

/// Reverse futility: a node whose static eval beats beta by this much per
/// ply of depth is assumed to fail high.
pub const RFP_MARGIN: i32 = 75;
/// ... up to this depth.
pub const RFP_MAX_DEPTH: i32 = 8;

/// Null-move pruning from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Null-move reduction: base plus depth divided by the divisor.
pub const NMP_BASE_REDUCTION: i32 = 3;
/// See [`NMP_BASE_REDUCTION`].
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// Extra reduction per this many centipawns the eval exceeds beta.
pub const NMP_EVAL_DIVISOR: i32 = 200;

/// Futility pruning of quiet moves: eval plus base plus per-ply margin
/// below alpha means the quiet move is unlikely to matter.
pub const FP_BASE: i32 = 90;
/// See [`FP_BASE`].
pub const FP_MARGIN: i32 = 80;
/// ... up to this depth.
pub const FP_MAX_DEPTH: i32 = 7;

/// Late-move pruning: quiet moves after `LMP_BASE + depth^2` (halved when not
/// improving) are skipped at shallow depth.
pub const LMP_BASE: i32 = 3;
/// ... up to this depth.
pub const LMP_MAX_DEPTH: i32 = 8;

/// SEE pruning thresholds per ply of depth: quiet moves and captures.
pub const SEE_QUIET_MARGIN: i32 = -60;
/// See [`SEE_QUIET_MARGIN`]; scaled by depth squared.
pub const SEE_NOISY_MARGIN: i32 = -20;
/// ... up to this depth.
pub const SEE_MAX_DEPTH: i32 = 8;

/// Late-move reductions: `LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR`.
pub const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.25;
/// No reductions before this many moves have been searched.
pub const LMR_MIN_MOVES: usize = 3;
/// Quiet moves' reductions shrink by one per this much history.
pub const LMR_HISTORY_DIVISOR: i32 = 8192;

/// Internal iterative reduction: without a hash move, nodes at this depth or
/// deeper search one ply less.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Quiescence delta pruning: a capture that cannot lift alpha even with this
/// margin is skipped.
pub const QS_DELTA_MARGIN: i32 = 200;

/// History scores saturate at this magnitude.
pub const HISTORY_MAX: i32 = 16384;

/// Correction history: entries per side to move, indexed by the pawn key.
pub const CORRECTION_SIZE: usize = 16384;
/// Corrections are stored in units of 1/`CORRECTION_GRAIN` centipawn, so
/// small differences still move the average.
pub const CORRECTION_GRAIN: i32 = 256;
/// The largest correction, in centipawns.
pub const CORRECTION_MAX: i32 = 64;
/// How much one search result moves an entry: `min(depth + 1, 16)` parts in
/// `CORRECTION_WEIGHT_SCALE`.
pub const CORRECTION_WEIGHT_SCALE: i32 = 256;

/// Singular extensions from this depth on: the hash move is searched deeper
/// when every other move fails low against a bound below its score.
pub const SE_MIN_DEPTH: i32 = 8;
/// ... if the hash entry is at most this many plies shallower than the node.
pub const SE_TT_DEPTH_MARGIN: i32 = 3;
/// The bound for the other moves: the hash score minus this much per ply.
pub const SE_MARGIN: i32 = 2;
/// Two plies of extension when the other moves fail low by this much more
/// (not at PV nodes) ...
pub const SE_DOUBLE_MARGIN: i32 = 20;
/// ... at most this many times along one line, so the search still ends.
pub const SE_MAX_DOUBLE: u8 = 6;
