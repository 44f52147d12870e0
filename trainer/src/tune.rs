//! The tuner: fits every evaluation weight to game results by gradient
//! descent on the logistic error (Texel's method).
//!
//! For each training position the evaluation is linear in the weights:
//! `eval = (mg * phase + eg * scale/64 * (24 - phase)) / 24` with
//! `mg = sum(c_i * w_i.mg)` and `eg = sum(c_i * w_i.eg)`, `c_i` being how
//! often parameter `i` applies (white minus black). The error is
//! `mean((result - sigmoid(K * eval / 400))^2)`. K is fitted first, with the
//! weights as they are, then Adam updates the weights over full batches,
//! split over threads by rayon. The result is written as `weights.rs`, the
//! same list the evaluation reads.

use eval::params::{NUM_PARAMS, TERMS};
use eval::weights::WEIGHTS;
use eval::{tuning_entry, MAX_PHASE};
use movegen::Board;
use rayon::prelude::*;
use std::fmt::Write as _;

/// One training position, reduced to what the error needs.
pub struct Sample {
    coefficients: Vec<(u16, i16)>,
    /// Weight of the middlegame part: phase / 24.
    mg_share: f64,
    /// Weight of the endgame part: scale/64 * (24 - phase) / 24.
    eg_share: f64,
    /// Game result, white's view: 1, 0.5 or 0.
    result: f64,
}

/// Reads `<fen> | <score> | <result>` lines (the datagen format). Lines that
/// do not parse are skipped and counted.
pub fn load(text: &str) -> (Vec<Sample>, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let parsed: Vec<Option<Sample>> = lines.par_iter().map(|line| parse_line(line)).collect();
    let skipped = parsed.iter().filter(|s| s.is_none()).count();
    (parsed.into_iter().flatten().collect(), skipped)
}

fn parse_line(line: &str) -> Option<Sample> {
    let mut parts = line.split('|');
    let fen = parts.next()?.trim();
    let _score = parts.next()?;
    let result: f64 = parts.next()?.trim().parse().ok()?;
    let board = Board::from_fen(fen).ok()?;
    let entry = tuning_entry(&board);
    let phase = entry.phase as f64 / MAX_PHASE as f64;
    Some(Sample {
        coefficients: entry.coefficients,
        mg_share: phase,
        eg_share: entry.scale as f64 / 64.0 * (1.0 - phase),
        result,
    })
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval / 400.0).exp())
}

/// The weights as (mg, eg) floats.
pub type Weights = Vec<[f64; 2]>;

/// The weights the evaluation uses now.
pub fn current_weights() -> Weights {
    WEIGHTS.iter().map(|s| [s.mg as f64, s.eg as f64]).collect()
}

fn eval(sample: &Sample, w: &Weights) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &sample.coefficients {
        let [wm, we] = w[i as usize];
        mg += c as f64 * wm;
        eg += c as f64 * we;
    }
    mg * sample.mg_share + eg * sample.eg_share
}

/// Mean squared error of the predictions against the results.
pub fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    let sum: f64 = samples
        .par_iter()
        .map(|s| (s.result - sigmoid(k, eval(s, w))).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scaling constant K that minimises the error for fixed weights
/// (golden-section search on [0.1, 5]).
pub fn fit_k(samples: &[Sample], w: &Weights) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 5.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

fn gradient(samples: &[Sample], w: &Weights, k: f64) -> Weights {
    let zero = || vec![[0.0f64; 2]; NUM_PARAMS];
    let mut g = samples
        .par_chunks(4096)
        .map(|chunk| {
            let mut g = zero();
            for s in chunk {
                let p = sigmoid(k, eval(s, w));
                // d/d eval of (r - p)^2 = -2 (r - p) p (1 - p) k / 400
                let d = -2.0 * (s.result - p) * p * (1.0 - p) * k / 400.0;
                for &(i, c) in &s.coefficients {
                    let gi = &mut g[i as usize];
                    gi[0] += d * c as f64 * s.mg_share;
                    gi[1] += d * c as f64 * s.eg_share;
                }
            }
            g
        })
        .reduce(zero, |mut a, b| {
            for (x, y) in a.iter_mut().zip(&b) {
                x[0] += y[0];
                x[1] += y[1];
            }
            a
        });
    let n = samples.len().max(1) as f64;
    for x in g.iter_mut() {
        x[0] /= n;
        x[1] /= n;
    }
    g
}

/// How many samples each parameter appears in.
pub fn occurrences(samples: &[Sample]) -> Vec<usize> {
    let mut counts = vec![0usize; NUM_PARAMS];
    for s in samples {
        for &(i, _) in &s.coefficients {
            counts[i as usize] += 1;
        }
    }
    counts
}

/// Runs `epochs` full-batch Adam steps with learning rate `lr` (centipawns).
/// Parameters seen in fewer than `min_count` samples keep their value: Adam
/// scales every step to the same size, so a parameter with a handful of
/// samples would otherwise be fitted to their noise.
/// `report` is called every `report_every` epochs with (epoch, error).
#[allow(clippy::too_many_arguments)]
pub fn optimise(
    samples: &[Sample],
    mut w: Weights,
    k: f64,
    epochs: usize,
    lr: f64,
    min_count: usize,
    report_every: usize,
    mut report: impl FnMut(usize, f64),
) -> Weights {
    let frozen: Vec<bool> = occurrences(samples).iter().map(|&n| n < min_count).collect();
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![[0.0f64; 2]; NUM_PARAMS];
    let mut v = vec![[0.0f64; 2]; NUM_PARAMS];
    for epoch in 1..=epochs {
        let g = gradient(samples, &w, k);
        for i in (0..NUM_PARAMS).filter(|&i| !frozen[i]) {
            for h in 0..2 {
                m[i][h] = beta1 * m[i][h] + (1.0 - beta1) * g[i][h];
                v[i][h] = beta2 * v[i][h] + (1.0 - beta2) * g[i][h] * g[i][h];
                let m_hat = m[i][h] / (1.0 - beta1.powi(epoch as i32));
                let v_hat = v[i][h] / (1.0 - beta2.powi(epoch as i32));
                w[i][h] -= lr * m_hat / (v_hat.sqrt() + eps);
            }
        }
        if report_every > 0 && (epoch % report_every == 0 || epoch == epochs) {
            report(epoch, error(samples, &w, k));
        }
    }
    w
}

/// The weights as Rust source, in the format of `weights.rs`.
pub fn render(w: &Weights, note: &str) -> String {
    let mut out = String::new();
    out.push_str("//! The evaluation weights: one (middlegame, endgame) pair per parameter, in the\n");
    out.push_str("//! order of `params.rs`. Written by the tuner (`daba tune`); edit by retuning.\n");
    for line in note.lines() {
        let _ = writeln!(out, "//! {line}");
    }
    out.push_str("\nuse crate::params::NUM_PARAMS;\nuse crate::Score;\n\n");
    out.push_str("const fn s(mg: i32, eg: i32) -> Score {\n    Score::new(mg, eg)\n}\n\n");
    out.push_str(
        "/// Every weight of the evaluation.\n#[rustfmt::skip]\npub const WEIGHTS: [Score; NUM_PARAMS] = [\n",
    );
    for &(name, start, len) in TERMS {
        let _ = writeln!(out, "    // {name}");
        for row in w[start..start + len].chunks(8) {
            out.push_str("   ");
            for [mg, eg] in row {
                let _ = write!(out, " s({}, {}),", mg.round() as i32, eg.round() as i32);
            }
            out.push('\n');
        }
    }
    out.push_str("];\n");
    out
}

/// `daba tune` arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct TuneArgs {
    /// Text data: `<fen> | <score> | <result>` lines (`daba convert-data` writes them)
    #[arg(long, value_name = "FILE")]
    pub data: String,
    /// Passes of full-batch Adam over the data
    #[arg(long, value_name = "N", default_value_t = 300)]
    pub epochs: usize,
    /// Learning rate
    #[arg(long, value_name = "X", default_value_t = 1.0)]
    pub lr: f64,
    /// Parameters seen in fewer than N positions keep their values
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub min_count: usize,
    /// Output file: the weights, as Rust source
    #[arg(long, value_name = "FILE", default_value = "eval/src/weights.rs")]
    pub out: String,
    /// Worker threads [default: every core]
    #[arg(long, value_name = "N", value_parser = engine::positive_usize)]
    pub threads: Option<usize>,
}

impl TuneArgs {
    /// The run these arguments ask for.
    pub fn options(&self) -> TuneOptions {
        TuneOptions {
            data: self.data.clone(),
            epochs: self.epochs,
            lr: self.lr,
            min_count: self.min_count,
            out: self.out.clone(),
            threads: self.threads.unwrap_or(0),
        }
    }
}

/// The settings of `daba tune`.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// Text data: `<fen> | <score> | <result>` lines.
    pub data: String,
    /// Passes of full-batch Adam.
    pub epochs: usize,
    /// Learning rate.
    pub lr: f64,
    /// Parameters seen in fewer positions keep their values.
    pub min_count: usize,
    /// Where to write the weights (Rust source).
    pub out: String,
    /// Worker threads; 0: every core.
    pub threads: usize,
}

/// `daba tune`: fits the weights to the data and writes them to
/// `options.out`; returns the process exit code.
pub fn run_cli(options: &TuneOptions) -> i32 {
    let TuneOptions {
        data,
        epochs,
        lr,
        min_count,
        out,
        threads,
    } = options.clone();
    if threads > 0 {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global();
    }
    let text = match std::fs::read_to_string(&data) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("tune: {data}: {e}");
            return 1;
        }
    };
    let start = std::time::Instant::now();
    let (samples, skipped) = load(&text);
    eprintln!(
        "tune: {} positions ({skipped} lines skipped) in {:.1} s",
        samples.len(),
        start.elapsed().as_secs_f64()
    );
    if samples.is_empty() {
        return 1;
    }
    let w0 = current_weights();
    let k = fit_k(&samples, &w0);
    let before = error(&samples, &w0, k);
    eprintln!("tune: K = {k:.4}, error before = {before:.6}");
    let frozen = occurrences(&samples).iter().filter(|&&n| n < min_count).count();
    eprintln!(
        "tune: {frozen} of {NUM_PARAMS} parameters seen in fewer than {min_count} positions stay fixed"
    );
    let w = optimise(&samples, w0, k, epochs, lr, min_count, 25, |epoch, e| {
        eprintln!("tune: epoch {epoch}: error {e:.6}")
    });
    let after = error(&samples, &w, k);
    let note = format!(
        "Tuned on {} positions from {data}: K = {k:.4}, error {before:.6} -> {after:.6},\n{epochs} epochs, lr {lr}, parameters seen in fewer than {min_count} positions fixed.",
        samples.len()
    );
    eprintln!("tune: {note}");
    if let Err(e) = std::fs::write(&out, render(&w, &note)) {
        eprintln!("tune: writing {out}: {e}");
        return 1;
    }
    eprintln!("tune: wrote {out} in {:.0} s", start.elapsed().as_secs_f64());
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendering_the_current_weights_reproduces_the_source() {
        let text = render(&current_weights(), "");
        let source = include_str!("../../eval/src/weights.rs");
        // Compare the array body, which the tuner owns completely.
        let body = |s: &str| s[s.find("pub const WEIGHTS").unwrap()..].to_string();
        assert_eq!(body(&text), body(source));
    }

    #[test]
    fn gradient_descent_reduces_the_error_and_k_is_sane() {
        // Positions where white is a queen up and won, and balanced ones drawn.
        let mut text = String::new();
        for _ in 0..20 {
            text.push_str("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 900 | 1.0\n");
            text.push_str("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5\n");
            text.push_str("rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1 | -100 | 0.0\n");
        }
        text.push_str("not a fen | 0 | 1.0\n");
        let (samples, skipped) = load(&text);
        assert_eq!((samples.len(), skipped), (60, 1));
        let w0 = current_weights();
        let k = fit_k(&samples, &w0);
        assert!(k > 0.1 && k < 5.0, "{k}");
        let before = error(&samples, &w0, k);
        let w = optimise(&samples, w0, k, 50, 2.0, 1, 0, |_, _| {});
        assert!(error(&samples, &w, k) < before);
    }
}
