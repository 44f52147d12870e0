//! One optimisation step: the gradient of a batch, computed in parallel, and
//! an AdamW update.
//!
//! The batch is cut into a fixed number of slices ([`SLICES`]), one per
//! gradient buffer, whatever the number of threads, and the buffers are
//! summed in a fixed order, so a run is reproducible from its seed on any
//! machine. Each buffer is written sparsely: a position touches only the
//! feature-transformer rows of its ~30 active features, the buffer remembers
//! which rows it touched, and only those rows are summed and cleared. The
//! hot loops are plain slice loops that the compiler vectorises; on x86-64
//! they are also compiled for AVX2 and chosen at run time.

use crate::data::Sample;
use crate::net::{sigmoid, Activation, Net, Shape, INPUTS};
use rayon::prelude::*;

/// Gradient buffers, and slices each batch is cut into.
pub const SLICES: usize = 8;

/// The loss and optimiser settings.
#[derive(Clone, Copy, Debug)]
pub struct Hyper {
    /// Weight of the search score in the target (1 - lambda: the result).
    pub lambda: f32,
    /// Centipawns per sigmoid unit: `SCALE` and `SCALE_SIGMOID`.
    pub scale: f32,
    /// AdamW's first-moment decay.
    pub beta1: f32,
    /// AdamW's second-moment decay.
    pub beta2: f32,
    /// Decoupled weight decay (weights only, not biases).
    pub weight_decay: f32,
}

impl Hyper {
    /// The training target: `lambda * sigmoid(score / scale) + (1 - lambda) *
    /// result`, side to move's view.
    #[inline(always)]
    pub fn target(&self, sample: &Sample) -> f32 {
        self.lambda * sigmoid(f32::from(sample.score) / self.scale)
            + (1.0 - self.lambda) * sample.result_score()
    }
}

/// The learning rate at a step: linear warm-up to `peak` over `warmup`
/// steps, then cosine decay to `end` at `total` steps.
pub fn learning_rate(step: u64, total: u64, warmup: u64, peak: f32, end: f32) -> f32 {
    if step < warmup {
        return peak * (step + 1) as f32 / warmup as f32;
    }
    let span = total.saturating_sub(warmup).max(1);
    let progress = ((step - warmup) as f32 / span as f32).min(1.0);
    end + (peak - end) * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos())
}

/// One gradient buffer with its scratch space.
struct Slice {
    grad: Vec<f32>,
    /// Feature-transformer rows written since the last clear.
    touched: Vec<bool>,
    acc: [Vec<f32>; 2],
    act: [Vec<f32>; 2],
    delta: [Vec<f32>; 2],
    loss: f64,
}

impl Slice {
    fn new(shape: &Shape) -> Slice {
        let n = shape.hidden;
        Slice {
            grad: vec![0.0; shape.len()],
            touched: vec![false; INPUTS],
            acc: [vec![0.0; n], vec![0.0; n]],
            act: [vec![0.0; n], vec![0.0; n]],
            delta: [vec![0.0; n], vec![0.0; n]],
            loss: 0.0,
        }
    }

    /// Zeroes the gradient: the touched rows and the dense tail.
    fn clear(&mut self, shape: &Shape) {
        let n = shape.hidden;
        for (row, touched) in self.touched.iter_mut().enumerate() {
            if *touched {
                self.grad[row * n..(row + 1) * n].fill(0.0);
                *touched = false;
            }
        }
        self.grad[shape.ft_bias().start..].fill(0.0);
        self.loss = 0.0;
    }

    /// Adds the loss gradient of `samples` (the loss sum goes to `loss`).
    fn accumulate(&mut self, net: &Net, samples: &[Sample], hyper: &Hyper) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            unsafe { self.accumulate_avx2(net, samples, hyper) };
            return;
        }
        self.accumulate_generic(net, samples, hyper);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn accumulate_avx2(&mut self, net: &Net, samples: &[Sample], hyper: &Hyper) {
        self.accumulate_generic(net, samples, hyper);
    }

    #[inline(always)]
    fn accumulate_generic(&mut self, net: &Net, samples: &[Sample], hyper: &Hyper) {
        for sample in samples {
            self.loss += f64::from(self.add_sample(net, sample, hyper));
        }
    }

    /// Forward and backward pass of one position; returns its loss.
    #[inline(always)]
    fn add_sample(&mut self, net: &Net, sample: &Sample, hyper: &Hyper) -> f32 {
        let shape = &net.shape;
        let n = shape.hidden;
        let params = &net.params;
        let mut features = [[0u16; 32]; 2];
        let [us, them] = &mut features;
        let count = sample.features(shape.features, us, them);
        let ft_bias = &params[shape.ft_bias()];
        for ((acc, act), side_features) in self.acc.iter_mut().zip(&mut self.act).zip(&features) {
            acc.copy_from_slice(ft_bias);
            for &f in &side_features[..count] {
                add(acc, &params[f as usize * n..(f as usize + 1) * n]);
            }
            activate(shape.activation, acc, act);
        }
        let bucket = shape.bucket(sample.occupied.count_ones());
        let out_start = shape.out_weights().start + bucket * 2 * n;
        let (w_us, w_them) = params[out_start..out_start + 2 * n].split_at(n);
        let raw =
            dot(&self.act[0], w_us) + dot(&self.act[1], w_them) + params[shape.out_bias().start + bucket];
        let predicted = sigmoid(raw);
        let error = predicted - hyper.target(sample);
        let g = 2.0 * error * predicted * (1.0 - predicted);

        // Output layer.
        let (grad_us, grad_them) = self.grad[out_start..out_start + 2 * n].split_at_mut(n);
        axpy(grad_us, g, &self.act[0]);
        axpy(grad_them, g, &self.act[1]);
        self.grad[shape.out_bias().start + bucket] += g;

        // Back into the accumulators, then the feature rows and the bias.
        for (side, weights) in [w_us, w_them].into_iter().enumerate() {
            backward(
                shape.activation,
                g,
                weights,
                &self.acc[side],
                &mut self.delta[side],
            );
            for &f in &features[side][..count] {
                let f = f as usize;
                self.touched[f] = true;
                add(&mut self.grad[f * n..(f + 1) * n], &self.delta[side]);
            }
            let bias = shape.ft_bias();
            add(&mut self.grad[bias], &self.delta[side]);
        }
        error * error
    }
}

/// `acc += row`.
#[inline(always)]
fn add(acc: &mut [f32], row: &[f32]) {
    acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
}

/// `y += a * x`.
#[inline(always)]
fn axpy(y: &mut [f32], a: f32, x: &[f32]) {
    y.iter_mut().zip(x).for_each(|(y, x)| *y += a * x);
}

/// Dot product with 16 independent partial sums (so it vectorises and does
/// not depend on the instruction set).
#[inline(always)]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut partial = [0.0f32; 16];
    for (ca, cb) in a.chunks_exact(16).zip(b.chunks_exact(16)) {
        for i in 0..16 {
            partial[i] += ca[i] * cb[i];
        }
    }
    partial.iter().sum()
}

#[inline(always)]
fn activate(activation: Activation, acc: &[f32], act: &mut [f32]) {
    match activation {
        Activation::CReLU => act.iter_mut().zip(acc).for_each(|(y, &x)| *y = x.clamp(0.0, 1.0)),
        Activation::SCReLU => act.iter_mut().zip(acc).for_each(|(y, &x)| {
            let c = x.clamp(0.0, 1.0);
            *y = c * c;
        }),
    }
}

/// `delta = g * w * activation'(acc)`.
#[inline(always)]
fn backward(activation: Activation, g: f32, w: &[f32], acc: &[f32], delta: &mut [f32]) {
    match activation {
        Activation::CReLU => delta.iter_mut().zip(w.iter().zip(acc)).for_each(|(d, (&w, &x))| {
            *d = if x > 0.0 && x < 1.0 { g * w } else { 0.0 };
        }),
        Activation::SCReLU => delta.iter_mut().zip(w.iter().zip(acc)).for_each(|(d, (&w, &x))| {
            *d = if x > 0.0 && x < 1.0 { 2.0 * g * w * x } else { 0.0 };
        }),
    }
}

/// The net with its AdamW state.
pub struct Trainer {
    /// The net being trained.
    pub net: Net,
    /// First moments.
    pub m: Vec<f32>,
    /// Second moments.
    pub v: Vec<f32>,
    /// Optimiser steps taken.
    pub step: u64,
    slices: Vec<Slice>,
}

impl Trainer {
    /// A trainer for `net` with fresh optimiser state.
    pub fn new(net: Net) -> Trainer {
        let len = net.shape.len();
        Trainer::with_state(net, vec![0.0; len], vec![0.0; len], 0)
    }

    /// A trainer that continues from saved optimiser state.
    pub fn with_state(net: Net, m: Vec<f32>, v: Vec<f32>, step: u64) -> Trainer {
        let slices = (0..SLICES).map(|_| Slice::new(&net.shape)).collect();
        Trainer {
            net,
            m,
            v,
            step,
            slices,
        }
    }

    /// One AdamW step on `batch` at learning rate `lr`; returns the batch's
    /// summed loss (before the step).
    pub fn step(&mut self, batch: &[Sample], lr: f32, hyper: &Hyper) -> f64 {
        if batch.is_empty() {
            return 0.0;
        }
        let shape = self.net.shape;
        let per_slice = batch.len().div_ceil(SLICES);
        let net = &self.net;
        self.slices.par_iter_mut().enumerate().for_each(|(i, slice)| {
            slice.clear(&shape);
            let start = (i * per_slice).min(batch.len());
            let end = ((i + 1) * per_slice).min(batch.len());
            slice.accumulate(net, &batch[start..end], hyper);
        });
        let loss = self.slices.iter().map(|s| s.loss).sum();
        self.step += 1;
        self.apply(lr, hyper, 1.0 / batch.len() as f32);
        loss
    }

    /// Sums the slices' gradients and takes the AdamW step, in parallel over
    /// blocks of `N` parameters (one feature row each in the feature
    /// transformer; untouched rows read no gradient).
    fn apply(&mut self, lr: f32, hyper: &Hyper, grad_scale: f32) {
        let shape = self.net.shape;
        let n = shape.hidden;
        let decayed_end = shape.ft_bias().start;
        let out_w = shape.out_weights();
        let t = self.step as i32;
        let correction1 = 1.0 - hyper.beta1.powi(t);
        let correction2 = 1.0 - hyper.beta2.powi(t);
        let slices = &self.slices;
        self.net
            .params
            .par_chunks_mut(n)
            .zip(self.m.par_chunks_mut(n))
            .zip(self.v.par_chunks_mut(n))
            .enumerate()
            .for_each_init(Vec::new, |buffer: &mut Vec<f32>, (block, ((params, m), v))| {
                let start = block * n;
                buffer.clear();
                buffer.resize(params.len(), 0.0);
                let grad = &mut buffer[..];
                for slice in slices {
                    if block >= INPUTS || slice.touched[block] {
                        add(grad, &slice.grad[start..start + params.len()]);
                    }
                }
                let decay = if start < decayed_end || out_w.contains(&start) {
                    hyper.weight_decay
                } else {
                    0.0
                };
                for i in 0..params.len() {
                    let g = grad[i] * grad_scale;
                    m[i] = hyper.beta1 * m[i] + (1.0 - hyper.beta1) * g;
                    v[i] = hyper.beta2 * v[i] + (1.0 - hyper.beta2) * g * g;
                    let update = (m[i] / correction1) / ((v[i] / correction2).sqrt() + 1e-8);
                    params[i] -= lr * (update + decay * params[i]);
                }
            });
    }
}

/// Mean loss of `net` over `samples` (0 for none), in parallel over fixed
/// blocks so that the figure does not depend on the number of threads.
pub fn mean_loss(net: &Net, samples: &[Sample], hyper: &Hyper) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sums: Vec<f64> = samples
        .par_chunks(4096)
        .map(|block| {
            let mut scratch = Vec::with_capacity(2 * net.shape.hidden);
            block
                .iter()
                .map(|s| {
                    let e = sigmoid(net.evaluate_with(s, &mut scratch)) - hyper.target(s);
                    f64::from(e * e)
                })
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / samples.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::{Activation, FeatureSet};

    /// The analytic gradient matches finite differences of the loss.
    #[test]
    fn gradient_matches_finite_differences() {
        movegen::init();
        let board =
            movegen::Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5")
                .unwrap();
        let shapes = [Activation::CReLU, Activation::SCReLU]
            .into_iter()
            .zip([FeatureSet::Plain, FeatureSet::KingMirrored]);
        for (activation, features) in shapes {
            let shape = Shape {
                hidden: 16,
                buckets: 2,
                activation,
                features,
            };
            let mut net = Net::random(shape, 3);
            for p in &mut net.params[shape.ft_bias()] {
                *p = 0.3;
            }
            let sample = Sample::from_board(&board, 150, crate::datagen::format::Outcome::Draw);
            let hyper = Hyper {
                lambda: 0.5,
                scale: 400.0,
                beta1: 0.9,
                beta2: 0.999,
                weight_decay: 0.0,
            };
            let mut slice = Slice::new(&shape);
            slice.accumulate_generic(&net, &[sample], &hyper);
            let loss = |net: &Net| {
                let e = sigmoid(net.evaluate(&sample)) - hyper.target(&sample);
                f64::from(e) * f64::from(e)
            };
            let mut checked = 0;
            for i in (0..shape.len()).step_by(7) {
                let analytic = f64::from(slice.grad[i]);
                let mut plus = net.clone();
                plus.params[i] += 1e-3;
                let mut minus = net.clone();
                minus.params[i] -= 1e-3;
                let numeric = (loss(&plus) - loss(&minus)) / 2e-3;
                assert!(
                    (analytic - numeric).abs() < 1e-4 + 0.05 * numeric.abs(),
                    "{activation:?} param {i}: {analytic} vs {numeric}"
                );
                checked += usize::from(analytic != 0.0);
            }
            assert!(checked > 20, "only {checked} nonzero gradients checked");
        }
    }

    #[test]
    fn the_schedule_warms_up_then_decays() {
        assert!((learning_rate(0, 100, 10, 1.0, 0.0) - 0.1).abs() < 1e-6);
        assert!((learning_rate(9, 100, 10, 1.0, 0.0) - 1.0).abs() < 1e-6);
        assert!((learning_rate(10, 100, 10, 1.0, 0.0) - 1.0).abs() < 1e-6);
        assert!((learning_rate(55, 100, 10, 1.0, 0.0) - 0.5).abs() < 1e-6);
        assert!(learning_rate(100, 100, 10, 1.0, 0.01) - 0.01 < 1e-6);
    }
}
