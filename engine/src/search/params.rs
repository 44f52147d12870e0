//! Every constant of the search, in one place, each with the reason it
//! exists. Values are Daba's own starting points.
//!
//! The margins, depths and divisors that a tuner may change are declared
//! once in [`tunables!`]: each with its default, its range and an SPSA step.
//! A normal build reads each through a function that returns the default
//! (a constant, inlined: no cost); a build with the `tune` feature keeps
//! them in atomics and offers them as UCI options (name, spin, range), so
//! SPSA can tune them in matches. The UCI command `tunables` prints them in
//! OpenBench's SPSA input format in every build. The structural
//! constants below the table (table sizes, fixed-point grains) are not
//! tunables.

#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering};

/// A tunable search parameter: its UCI name, default, range and SPSA step.
#[derive(Debug)]
pub struct Tunable {
    /// The constant's name, which is also its UCI option name in a tuning
    /// build.
    pub name: &'static str,
    /// The value of a normal build.
    pub default: i32,
    /// Smallest value a tuner may try.
    pub min: i32,
    /// Largest value a tuner may try.
    pub max: i32,
    /// SPSA's step (OpenBench's `C_end`): about a twentieth of the range.
    pub step: f64,
    /// The current value (tuning builds only).
    #[cfg(feature = "tune")]
    pub value: &'static AtomicI32,
}

impl Tunable {
    /// The current value: the default, unless a tuning build was told
    /// otherwise.
    pub fn value(&self) -> i32 {
        #[cfg(feature = "tune")]
        {
            self.value.load(Ordering::Relaxed)
        }
        #[cfg(not(feature = "tune"))]
        {
            self.default
        }
    }

    /// OpenBench's SPSA input line: `name, int, default, min, max, step,
    /// learning rate` (the learning rate is OpenBench's usual 0.002).
    pub fn spsa_line(&self) -> String {
        format!(
            "{}, int, {}, {}, {}, {}, 0.002",
            self.name, self.default, self.min, self.max, self.step
        )
    }
}

/// Declares the tunables: for each, `NAME / accessor = default, min..=max,
/// step;` with its doc comment. Generates the accessor (a constant in normal
/// builds, an atomic load in tuning builds) and the entry in [`TUNABLES`].
macro_rules! tunables {
    ($( $(#[$doc:meta])* $name:ident / $get:ident = $default:literal, $min:literal ..= $max:literal, $step:literal; )*) => {
        $(
            $(#[$doc])*
            #[cfg(not(feature = "tune"))]
            #[inline(always)]
            pub const fn $get() -> i32 {
                $default
            }

            $(#[$doc])*
            #[cfg(feature = "tune")]
            #[inline(always)]
            pub fn $get() -> i32 {
                tuned::$name.load(Ordering::Relaxed)
            }
        )*

        /// The current values of a tuning build.
        #[cfg(feature = "tune")]
        #[allow(non_upper_case_globals)]
        mod tuned {
            use std::sync::atomic::AtomicI32;
            $(pub static $name: AtomicI32 = AtomicI32::new($default);)*
        }

        /// Every tunable, in declaration order.
        pub static TUNABLES: &[Tunable] = &[
            $(Tunable {
                name: stringify!($name),
                default: $default,
                min: $min,
                max: $max,
                step: $step,
                #[cfg(feature = "tune")]
                value: &tuned::$name,
            },)*
        ];
    };
}

tunables! {
    /// Aspiration windows start at iteration depth ...
    ASPIRATION_MIN_DEPTH / aspiration_min_depth = 5, 2..=8, 1.0;
    /// ... with this half-width (cp), widened by half its size on each failure.
    ASPIRATION_WINDOW / aspiration_window = 20, 5..=60, 3.0;

    /// Reverse futility: a node whose static eval beats beta by this much per
    /// ply of depth is assumed to fail high ...
    RFP_MARGIN / rfp_margin = 75, 30..=150, 6.0;
    /// ... up to this depth.
    RFP_MAX_DEPTH / rfp_max_depth = 8, 4..=12, 1.0;

    /// Null-move pruning from this depth on.
    NMP_MIN_DEPTH / nmp_min_depth = 3, 1..=6, 1.0;
    /// Null-move reduction: base plus depth divided by the divisor ...
    NMP_BASE_REDUCTION / nmp_base_reduction = 3, 1..=6, 0.5;
    /// ... (the divisor) ...
    NMP_DEPTH_DIVISOR / nmp_depth_divisor = 4, 2..=8, 0.5;
    /// ... plus one ply per this many centipawns the eval exceeds beta (at most 3).
    NMP_EVAL_DIVISOR / nmp_eval_divisor = 200, 80..=400, 15.0;

    /// Futility pruning of quiet moves: eval plus base plus per-ply margin
    /// (per ply of the depth left after the move's late-move reduction)
    /// below alpha means the quiet move is unlikely to matter (the base) ...
    FP_BASE / fp_base = 90, 20..=200, 8.0;
    /// ... (the margin per ply) ...
    FP_MARGIN / fp_margin = 80, 30..=160, 6.0;
    /// ... up to this depth.
    FP_MAX_DEPTH / fp_max_depth = 7, 3..=12, 1.0;

    /// Late-move pruning: quiet moves after `LMP_BASE + depth^2` (halved when
    /// not improving) are skipped at shallow depth ...
    LMP_BASE / lmp_base = 3, 1..=8, 0.5;
    /// ... up to this depth.
    LMP_MAX_DEPTH / lmp_max_depth = 8, 3..=12, 1.0;

    /// SEE pruning thresholds per ply of depth: quiet moves (per ply of the
    /// depth left after the move's late-move reduction) ...
    SEE_QUIET_MARGIN / see_quiet_margin = -60, -150..=-10, 6.0;
    /// ... and captures (scaled by depth squared) ...
    SEE_NOISY_MARGIN / see_noisy_margin = -20, -80..=-5, 3.0;
    /// ... up to this depth.
    SEE_MAX_DEPTH / see_max_depth = 8, 3..=12, 1.0;

    /// Late-move reductions: `LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR`,
    /// both in hundredths (the base) ...
    LMR_BASE_CENTI / lmr_base_centi = 75, 25..=150, 6.0;
    /// ... (the divisor).
    LMR_DIVISOR_CENTI / lmr_divisor_centi = 225, 150..=350, 10.0;
    /// Quiet moves' reductions shrink by one per this much history.
    LMR_HISTORY_DIVISOR / lmr_history_divisor = 8192, 2048..=16384, 500.0;

    /// Internal iterative reduction: without a hash move, nodes at this depth
    /// or deeper search one ply less.
    IIR_MIN_DEPTH / iir_min_depth = 4, 2..=8, 1.0;

    /// Quiescence delta pruning: a capture that cannot lift alpha even with
    /// this margin is skipped.
    QS_DELTA_MARGIN / qs_delta_margin = 200, 80..=400, 15.0;

    /// Singular extensions from this depth on: the hash move is searched
    /// deeper when every other move fails low against a bound below its score ...
    SE_MIN_DEPTH / se_min_depth = 8, 4..=10, 1.0;
    /// ... if the hash entry is at most this many plies shallower than the node.
    SE_TT_DEPTH_MARGIN / se_tt_depth_margin = 3, 1..=6, 1.0;
    /// The bound for the other moves: the hash score minus this much per ply.
    SE_MARGIN / se_margin = 2, 1..=5, 0.5;
    /// Two plies of extension when the other moves fail low by this much more
    /// (not at PV nodes).
    SE_DOUBLE_MARGIN / se_double_margin = 20, 5..=50, 3.0;
}

/// Sets a tunable by name (any case) in a tuning build; an error naming the
/// range when the value is outside it, or when the name is unknown.
#[cfg(feature = "tune")]
pub fn set_tunable(name: &str, value: i32) -> Result<(), String> {
    let t = TUNABLES
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| format!("unknown tunable '{name}'"))?;
    if !(t.min..=t.max).contains(&value) {
        return Err(format!(
            "{} value {value} is outside {}..{}",
            t.name, t.min, t.max
        ));
    }
    t.value.store(value, Ordering::Relaxed);
    Ok(())
}

/// No reductions before this many moves have been searched.
pub const LMR_MIN_MOVES: usize = 3;
/// Double singular extensions: at most this many along one line, so the
/// search still ends.
pub const SE_MAX_DOUBLE: u8 = 6;

/// History scores saturate at this magnitude.
pub const HISTORY_MAX: i32 = 16384;

/// Correction history: entries per side to move in each table (indexed by
/// the pawn key, or by one side's non-pawn key).
pub const CORRECTION_SIZE: usize = 16384;
/// Corrections are stored in units of 1/`CORRECTION_GRAIN` centipawn, so
/// small differences still move the average.
pub const CORRECTION_GRAIN: i32 = 256;
/// The largest correction, in centipawns.
pub const CORRECTION_MAX: i32 = 64;
/// How much one search result moves an entry: `min(depth + 1, 16)` parts in
/// `CORRECTION_WEIGHT_SCALE`.
pub const CORRECTION_WEIGHT_SCALE: i32 = 256;

/// Quiescence futility: with the stand-pat score this far below alpha, a
/// capture that does not win material by SEE cannot lift alpha either.
pub const QS_FUTILITY_MARGIN: i32 = 120;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_has_a_sane_range_and_a_unique_name() {
        for t in TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert!(t.min < t.max, "{}", t.name);
            assert!(t.step > 0.0 && t.step <= f64::from(t.max - t.min), "{}", t.name);
            let same = TUNABLES
                .iter()
                .filter(|u| u.name.eq_ignore_ascii_case(t.name))
                .count();
            assert_eq!(same, 1, "{}", t.name);
        }
        assert_eq!(
            TUNABLES
                .iter()
                .find(|t| t.name == "RFP_MARGIN")
                .unwrap()
                .spsa_line(),
            "RFP_MARGIN, int, 75, 30, 150, 6, 0.002"
        );
    }

    /// A normal build reads every tunable as its default.
    #[cfg(not(feature = "tune"))]
    #[test]
    fn the_accessors_return_the_defaults() {
        assert_eq!(rfp_margin(), 75);
        assert_eq!(lmr_divisor_centi(), 225);
        for t in TUNABLES {
            assert_eq!(t.value(), t.default, "{}", t.name);
        }
    }

    /// A tuning build changes a tunable by name, within its range only.
    #[cfg(feature = "tune")]
    #[test]
    fn a_tuning_build_sets_tunables_within_their_range() {
        assert!(set_tunable("rfp_margin", 90).is_ok());
        assert_eq!(rfp_margin(), 90);
        assert!(set_tunable("RFP_MARGIN", 151).is_err());
        assert_eq!(rfp_margin(), 90);
        assert!(set_tunable("NO_SUCH", 1).is_err());
        set_tunable("RFP_MARGIN", 75).unwrap();
    }
}
