//! Export: the float net quantised to the integer net file of
//! `docs/nnue.md` ("Net file format"; version 1, or 2 for a net whose
//! inputs are mirrored by the king's side), and an integer reference
//! evaluation that follows that page's formulas, so that tests can compare
//! what the engine will compute with what the trainer learnt.
//!
//! Quantisation: feature-transformer values are scaled by `QA` and output
//! weights by `QB`, output biases by `QA * QB`, all rounded to the nearest
//! integer. `QB` is as large as the file's overflow bound on the output
//! weights allows for the net's largest output weight (`2N * QA * max|w| <=
//! 2^31 - 1` for CReLU, `2N * QA^2 * max|w|` for SCReLU), but at most 256:
//! with `QA <= 255` and `QB <= 256` the product `(sum + bias) * SCALE`, which
//! is the evaluation times `QA * QB`, stays within `i32` for every evaluation
//! below 32767 centipawns. `QA` is the one of 255, 181 and 127 that makes
//! the coarser of the two steps, `min(QA, QB)`, finest (the larger `QA` on a
//! tie): CReLU nets get 255, SCReLU nets, whose bound grows with `QA^2`,
//! usually 181. Whatever still breaks a bound is clipped, and the exporter
//! reports how many values it clipped, so every file it writes passes a
//! loader's checks.
//!
//! Measured on 256x8 nets trained briefly on synthetic data
//! (tests/pipeline.rs), with evaluations of about 600 centipawns on average:
//! the integer evaluation differs from the float net's by 2.9 (CReLU) and
//! 3.3 (SCReLU) centipawns on average, 14 and 19 at most.

use crate::data::Sample;
use crate::net::{Activation, Net, Shape, INPUTS};
use eval::nnue::Network;
use rayon::prelude::*;

/// The quantisation constants of a net file (`QA`, `QB`, `SCALE`).
pub use eval::nnue::Quantisation;

/// The `QA` values the exporter chooses from, largest first.
pub const QA_CHOICES: [u32; 3] = [255, 181, 127];
/// The largest `QB` the exporter picks by itself.
pub const MAX_QB: u32 = 256;
/// No position has more pieces; the accumulator bound relies on it (the
/// engine's constant, which its loader checks nets against).
const MAX_PIECES: i64 = eval::nnue::MAX_PIECES as i64;

/// A quantised net, as the net file stores it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantNet {
    /// The architecture.
    pub shape: Shape,
    /// `QA`, `QB`, `SCALE`.
    pub quant: Quantisation,
    /// `768 x N`, row `f` is feature `f`'s weights.
    pub ft_weights: Vec<i16>,
    /// `N`.
    pub ft_bias: Vec<i16>,
    /// `B x 2N`, side to move's half first.
    pub out_weights: Vec<i16>,
    /// `B`, scaled by `QA * QB`.
    pub out_bias: Vec<i32>,
    /// Values the exporter had to clip to meet the overflow bounds.
    pub clipped: usize,
}

/// `2^31 - 1` over the largest activation product a weight can meet: the
/// bound on `max |out_weights|` of `docs/nnue.md`.
pub fn output_weight_limit(shape: &Shape, qa: u32) -> i64 {
    let qa = i64::from(qa);
    let reach = match shape.activation {
        Activation::CReLU => qa,
        Activation::SCReLU => qa * qa,
    };
    i64::from(i32::MAX) / (2 * shape.hidden as i64 * reach)
}

fn round_clip(x: f32, limit: i64, clipped: &mut usize) -> i64 {
    let q = (f64::from(x)).round() as i64;
    if q.abs() > limit {
        *clipped += 1;
        q.clamp(-limit, limit)
    } else {
        q
    }
}

/// The `QB` for a given `QA`: the largest, up to [`MAX_QB`], that keeps the
/// net's largest output weight within the bound.
fn auto_qb(net: &Net, qa: u32) -> u32 {
    let limit = output_weight_limit(&net.shape, qa) as f64;
    let max = net.params[net.shape.out_weights()]
        .iter()
        .fold(0.0f32, |m, w| m.max(w.abs()));
    ((limit - 0.5) / f64::from(max).max(1e-9))
        .floor()
        .clamp(1.0, f64::from(MAX_QB)) as u32
}

/// Chooses `QA` and `QB` as the module documentation says; `qa` and `qb`
/// override the choice.
pub fn choose_quantisation(net: &Net, qa: Option<u32>, qb: Option<u32>) -> (u32, u32) {
    let pick = |qa: u32| (qa, qb.unwrap_or_else(|| auto_qb(net, qa)));
    match qa {
        Some(qa) => pick(qa.max(1)),
        None => QA_CHOICES.iter().map(|&qa| pick(qa)).fold((0, 0), |best, c| {
            if c.0.min(c.1) > best.0.min(best.1) {
                c
            } else {
                best
            }
        }),
    }
}

/// Quantises `net`; `qa` and `qb` override the automatic choice.
pub fn quantise(net: &Net, scale: u32, qa: Option<u32>, qb: Option<u32>) -> QuantNet {
    let shape = net.shape;
    let n = shape.hidden;
    let (qa, qb) = choose_quantisation(net, qa, qb);
    let limit = output_weight_limit(&shape, qa);
    let out_float = &net.params[shape.out_weights()];
    let mut clipped = 0;
    let (fa, fb) = (qa as f32, qb as f32);

    // Feature transformer: each column must satisfy
    // |bias| + 32 * max |weight| <= 32767.
    let ft_bias: Vec<i64> = net.params[shape.ft_bias()]
        .iter()
        .map(|&b| round_clip(b * fa, i64::from(i16::MAX) - MAX_PIECES, &mut clipped))
        .collect();
    let ft_float = &net.params[shape.ft_weights()];
    let mut ft_weights = vec![0i16; INPUTS * n];
    for (j, bias) in ft_bias.iter().enumerate() {
        let column_limit = (i64::from(i16::MAX) - bias.abs()) / MAX_PIECES;
        for f in 0..INPUTS {
            ft_weights[f * n + j] = round_clip(ft_float[f * n + j] * fa, column_limit, &mut clipped) as i16;
        }
    }
    let out_limit = limit.min(i64::from(i16::MAX));
    let out_weights = out_float
        .iter()
        .map(|&w| round_clip(w * fb, out_limit, &mut clipped) as i16)
        .collect();
    let out_bias = net.params[shape.out_bias()]
        .iter()
        .map(|&b| round_clip(b * fa * fb, i64::from(i32::MAX), &mut clipped) as i32)
        .collect();
    QuantNet {
        shape,
        quant: Quantisation { qa, qb, scale },
        ft_weights,
        ft_bias: ft_bias.iter().map(|&b| b as i16).collect(),
        out_weights,
        out_bias,
        clipped,
    }
}

impl QuantNet {
    /// The engine's net with these weights, checked as a loaded file is:
    /// the engine's reader and writer are the only implementation of the
    /// file format.
    pub fn to_network(&self) -> Result<Network, String> {
        let activation =
            eval::nnue::Activation::from_code(self.shape.activation.code()).ok_or("unknown activation")?;
        Network::from_parts(
            activation,
            self.quant,
            self.ft_weights.clone(),
            self.ft_bias.clone(),
            self.out_weights.clone(),
            self.out_bias.clone(),
        )
        .map(|net| net.with_feature_set(self.shape.features))
        .map_err(|e| e.to_string())
    }

    /// The net file (version 1, or 2 for king-mirrored inputs), or why these
    /// weights cannot be one.
    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        Ok(self.to_network()?.to_bytes())
    }

    /// The float net this quantised net stands for: every weight divided by
    /// the factor it was multiplied by (`QA` for the feature transformer,
    /// `QB` for the output weights, `QA * QB` for the output biases). It is
    /// how `daba train --init` starts from a shipped net; quantising the
    /// result again with the same `QA` and `QB` gives back the same integers.
    pub fn dequantise(&self) -> Net {
        let shape = self.shape;
        let (qa, qb) = (self.quant.qa as f32, self.quant.qb as f32);
        let mut params = vec![0.0; shape.len()];
        for (p, &w) in params[shape.ft_weights()].iter_mut().zip(&self.ft_weights) {
            *p = f32::from(w) / qa;
        }
        for (p, &b) in params[shape.ft_bias()].iter_mut().zip(&self.ft_bias) {
            *p = f32::from(b) / qa;
        }
        for (p, &w) in params[shape.out_weights()].iter_mut().zip(&self.out_weights) {
            *p = f32::from(w) / qb;
        }
        for (p, &b) in params[shape.out_bias()].iter_mut().zip(&self.out_bias) {
            *p = (f64::from(b) / (f64::from(qa) * f64::from(qb))) as f32;
        }
        Net { shape, params }
    }

    /// Reads a net file with the engine's reader (every check of the
    /// format: header, sizes, checksum, overflow bounds).
    pub fn from_bytes(bytes: &[u8]) -> Result<QuantNet, String> {
        let net = Network::from_bytes(bytes).map_err(|e| e.to_string())?;
        let shape = Shape {
            hidden: net.hidden(),
            buckets: net.buckets(),
            activation: Activation::from_code(net.activation().code()).ok_or("unknown activation")?,
            features: net.feature_set(),
        };
        Ok(QuantNet {
            shape,
            quant: net.quantisation(),
            ft_weights: net.ft_weights().to_vec(),
            ft_bias: net.ft_bias().to_vec(),
            out_weights: net.out_weights().to_vec(),
            out_bias: net.out_bias().to_vec(),
            clipped: 0,
        })
    }

    /// The overflow bounds of `docs/nnue.md` (and every other check the
    /// engine makes of a net).
    pub fn check_bounds(&self) -> Result<(), String> {
        self.to_network().map(drop)
    }

    /// The evaluation in centipawns, side to move's view, computed as
    /// `docs/nnue.md` says: `i32` sums, `/` truncating toward zero. The
    /// final `(.. + bias) * SCALE` is formed in `i64` (in `i32` it could
    /// overflow for large sums although the bounds hold; see the report of
    /// the format's author) and then narrowed.
    pub fn evaluate(&self, sample: &Sample) -> i32 {
        let n = self.shape.hidden;
        let (mut us, mut them) = ([0u16; 32], [0u16; 32]);
        let count = sample.features(self.shape.features, &mut us, &mut them);
        let qa = self.quant.qa as i32;
        let bucket = self.shape.bucket(sample.occupied.count_ones());
        let weights = &self.out_weights[bucket * 2 * n..(bucket + 1) * 2 * n];
        let mut sum: i32 = 0;
        for (side, features) in [&us, &them].into_iter().enumerate() {
            for j in 0..n {
                // The bounds keep this within i16; i32 here changes nothing.
                let acc: i32 = i32::from(self.ft_bias[j])
                    + features[..count]
                        .iter()
                        .map(|&f| i32::from(self.ft_weights[f as usize * n + j]))
                        .sum::<i32>();
                let a = acc.clamp(0, qa);
                let w = i32::from(weights[side * n + j]);
                sum += match self.shape.activation {
                    Activation::CReLU => a * w,
                    Activation::SCReLU => a * a * w,
                };
            }
        }
        let inner = match self.shape.activation {
            Activation::CReLU => i64::from(sum) + i64::from(self.out_bias[bucket]),
            Activation::SCReLU => i64::from(sum / qa) + i64::from(self.out_bias[bucket]),
        };
        let out = inner * i64::from(self.quant.scale) / (i64::from(self.quant.qa) * i64::from(self.quant.qb));
        out.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }

    /// Mean and largest absolute difference, in centipawns, between the float
    /// net `net` (`raw * SCALE`) and this quantised net's evaluation on
    /// `samples`: what quantisation cost.
    pub fn difference_from(&self, net: &Net, samples: &[Sample]) -> (f64, f64) {
        let scale = f64::from(self.quant.scale);
        let (sum, max) = samples
            .par_iter()
            .map_init(Vec::new, |scratch, s| {
                let float = f64::from(net.evaluate_with(s, scratch)) * scale;
                (float - f64::from(self.evaluate(s))).abs()
            })
            .fold(|| (0.0, 0.0f64), |(sum, max), d| (sum + d, max.max(d)))
            .reduce(|| (0.0, 0.0f64), |a, b| (a.0 + b.0, a.1.max(b.1)));
        (sum / samples.len().max(1) as f64, max)
    }
}

/// Quantises `net` and writes it to `path`; returns the quantised net.
pub fn export(
    net: &Net,
    scale: u32,
    qa: Option<u32>,
    qb: Option<u32>,
    path: &str,
) -> Result<QuantNet, String> {
    let quantised = quantise(net, scale, qa, qb);
    let bytes = quantised.to_bytes()?;
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, &bytes).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{path}: {e}"))?;
    Ok(quantised)
}
