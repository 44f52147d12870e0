//! The float net of `docs/nnue.md`: `(768 -> N) x 2 -> 1` with `B` output
//! buckets, all parameters in one flat vector so that the optimiser, the
//! gradient buffers and the checkpoints can treat them as one array.
//!
//! The float net is the integer net with `QA = QB = 1` and no rounding. Its
//! raw output is in sigmoid units: the evaluation in centipawns is `raw *
//! SCALE` and the predicted result is `sigmoid(raw)`, because the trainer
//! uses the same constant for `SCALE` and `SCALE_SIGMOID`.

use crate::data::Sample;
pub use eval::nnue::FeatureSet;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::ops::Range;

/// Features per perspective: 2 colours x 6 piece types x 64 squares.
pub const INPUTS: usize = 768;
/// The hidden size must be a multiple of this (`docs/nnue.md`).
pub const HIDDEN_MULTIPLE: usize = 16;
/// The largest hidden size the net file allows.
pub const MAX_HIDDEN: usize = 4096;
/// The most output buckets the net file allows.
pub const MAX_BUCKETS: usize = 16;

/// The hidden layer's activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// `clamp(x, 0, 1)`.
    CReLU,
    /// `clamp(x, 0, 1)^2`.
    SCReLU,
}

impl Activation {
    /// The net file's code: 0 CReLU, 1 SCReLU.
    pub fn code(self) -> u32 {
        match self {
            Activation::CReLU => 0,
            Activation::SCReLU => 1,
        }
    }

    /// The activation of a net file code.
    pub fn from_code(code: u32) -> Option<Activation> {
        match code {
            0 => Some(Activation::CReLU),
            1 => Some(Activation::SCReLU),
            _ => None,
        }
    }

    /// Parses `crelu` or `screlu` (any case).
    pub fn parse(name: &str) -> Option<Activation> {
        match name.to_ascii_lowercase().as_str() {
            "crelu" => Some(Activation::CReLU),
            "screlu" => Some(Activation::SCReLU),
            _ => None,
        }
    }

    /// The activation of an accumulator value.
    #[inline(always)]
    pub fn apply(self, x: f32) -> f32 {
        let c = x.clamp(0.0, 1.0);
        match self {
            Activation::CReLU => c,
            Activation::SCReLU => c * c,
        }
    }

    /// Its derivative (0 where the clamp is active).
    #[inline(always)]
    pub fn derivative(self, x: f32) -> f32 {
        let inside = x > 0.0 && x < 1.0;
        match self {
            Activation::CReLU => f32::from(u8::from(inside)),
            Activation::SCReLU => {
                if inside {
                    2.0 * x
                } else {
                    0.0
                }
            }
        }
    }
}

/// The architecture: hidden size, output buckets, activation, inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// `N`, accumulator values per perspective.
    pub hidden: usize,
    /// `B`, output buckets.
    pub buckets: usize,
    /// The hidden layer's activation.
    pub activation: Activation,
    /// How the 768 inputs of a perspective are numbered.
    pub features: FeatureSet,
}

impl Shape {
    /// Checks the sizes against the net file's limits.
    pub fn validate(&self) -> Result<(), String> {
        if self.hidden == 0 || !self.hidden.is_multiple_of(HIDDEN_MULTIPLE) || self.hidden > MAX_HIDDEN {
            return Err(format!(
                "hidden size {} must be a multiple of {HIDDEN_MULTIPLE} from {HIDDEN_MULTIPLE} to {MAX_HIDDEN}",
                self.hidden
            ));
        }
        if !(1..=MAX_BUCKETS).contains(&self.buckets) {
            return Err(format!(
                "{} output buckets: must be 1 to {MAX_BUCKETS}",
                self.buckets
            ));
        }
        Ok(())
    }

    /// Feature-transformer weights: row `f` (feature `f`) is `N` values.
    pub fn ft_weights(&self) -> Range<usize> {
        0..INPUTS * self.hidden
    }

    /// Feature-transformer biases.
    pub fn ft_bias(&self) -> Range<usize> {
        let start = INPUTS * self.hidden;
        start..start + self.hidden
    }

    /// Output weights: bucket `b` is `2N` values, side to move's half first.
    pub fn out_weights(&self) -> Range<usize> {
        let start = self.ft_bias().end;
        start..start + 2 * self.hidden * self.buckets
    }

    /// Output biases, one per bucket.
    pub fn out_bias(&self) -> Range<usize> {
        let start = self.out_weights().end;
        start..start + self.buckets
    }

    /// Number of parameters.
    pub fn len(&self) -> usize {
        self.out_bias().end
    }

    /// Always false: a net has parameters.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The output bucket of a position with `pieces` pieces (kings
    /// included): `min((pieces - 2) * B / 31, B - 1)`.
    #[inline(always)]
    pub fn bucket(&self, pieces: u32) -> usize {
        ((pieces.saturating_sub(2) as usize * self.buckets) / 31).min(self.buckets - 1)
    }
}

/// A float net: its shape and its parameters laid out as [`Shape`] says.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// The architecture.
    pub shape: Shape,
    /// All parameters.
    pub params: Vec<f32>,
}

impl Net {
    /// A freshly initialised net: feature weights uniform in +-0.1 (about 30
    /// active features put an accumulator's spread near 0.3, inside the
    /// activation's 0..1), output weights uniform in +-1/sqrt(2N), biases 0.
    pub fn random(shape: Shape, seed: u64) -> Net {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut params = vec![0.0; shape.len()];
        for w in &mut params[shape.ft_weights()] {
            *w = rng.gen_range(-0.1..0.1);
        }
        let limit = 1.0 / (2.0 * shape.hidden as f32).sqrt();
        for w in &mut params[shape.out_weights()] {
            *w = rng.gen_range(-limit..limit);
        }
        Net { shape, params }
    }

    /// The raw output (sigmoid units; centipawns = raw * SCALE) for a
    /// position. Allocates its scratch space: for tests and one-off
    /// evaluations; loops use [`Net::evaluate_with`].
    pub fn evaluate(&self, sample: &Sample) -> f32 {
        self.evaluate_with(sample, &mut Vec::new())
    }

    /// [`Net::evaluate`] with caller-owned scratch space (resized as needed).
    pub fn evaluate_with(&self, sample: &Sample, scratch: &mut Vec<f32>) -> f32 {
        let n = self.shape.hidden;
        let mut us = [0u16; 32];
        let mut them = [0u16; 32];
        let count = sample.features(self.shape.features, &mut us, &mut them);
        scratch.clear();
        scratch.extend_from_slice(&self.params[self.shape.ft_bias()]);
        scratch.extend_from_slice(&self.params[self.shape.ft_bias()]);
        for (acc, features) in scratch.chunks_exact_mut(n).zip([&us, &them]) {
            for &f in &features[..count] {
                let row = &self.params[f as usize * n..(f as usize + 1) * n];
                acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
            }
        }
        let bucket = self.shape.bucket(sample.occupied.count_ones());
        let weights = &self.params[self.shape.out_weights()][bucket * 2 * n..(bucket + 1) * 2 * n];
        let act = self.shape.activation;
        let sum: f32 = scratch.iter().zip(weights).map(|(&x, &w)| act.apply(x) * w).sum();
        sum + self.params[self.shape.out_bias()][bucket]
    }
}

/// The logistic function.
#[inline(always)]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
