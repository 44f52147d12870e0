//! Daba's training crate: everything that makes the engine's data and
//! weights, and nothing the engine needs to play. [`datagen`] plays the
//! self-play games (`daba datagen`, through `engine::session::Session`) and
//! owns their file format ([`datagen::format`]) and its conversion to text
//! (`daba convert-data`); [`tune`] is the Texel tuner of the hand-crafted
//! evaluation (`daba tune`); the rest is the NNUE trainer (`daba train`),
//! which learns the float net of `docs/nnue.md` from those games and exports
//! it to the integer net file the engine loads.
//!
//! It exists so that Daba's nets come from Daba's own code and data only.
//! The NNUE pieces: [`data`] loads and filters game records into samples,
//! [`net`] is the float net, [`train`] computes gradients in parallel and
//! takes AdamW steps, [`checkpoint`] saves and resumes runs, [`export`]
//! quantises and writes the net file (with an integer reference evaluation),
//! and [`svg`] draws the loss curve. This module runs the epochs.

pub mod checkpoint;
pub mod config;
pub mod data;
pub mod datagen;
pub mod export;
pub mod net;
pub mod svg;
pub mod train;
pub mod tune;

use checkpoint::Checkpoint;
use config::TrainConfig;
use data::Sample;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::Instant;
use train::{Hyper, Trainer};

/// `daba train`: trains (or exports) on `config.threads` threads; returns
/// the process exit code.
pub fn run_cli(config: &TrainConfig) -> i32 {
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("train: cannot start {} threads: {e}", config.threads);
            return 1;
        }
    };
    match pool.install(|| run(config)) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("train: {e}");
            1
        }
    }
}

/// The run's state that outlives an epoch.
struct Run {
    trainer: Trainer,
    scale: f32,
    epochs_done: u32,
    history: Vec<(f64, f64)>,
}

impl Run {
    fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            net: self.trainer.net.clone(),
            scale: self.scale,
            epochs: self.epochs_done,
            step: self.trainer.step,
            m: self.trainer.m.clone(),
            v: self.trainer.v.clone(),
            history: self.history.clone(),
        }
    }
}

/// Trains (or, with `--export-only`, exports) as `config` says.
pub fn run(config: &TrainConfig) -> Result<(), String> {
    movegen::init();
    let resumed = if config.resume || config.export_only {
        match Checkpoint::load(&config.checkpoint) {
            Ok(c) => Some(c),
            Err(e) if config.export_only => return Err(e),
            Err(e) => {
                eprintln!("train: no checkpoint to resume ({e}); starting afresh");
                None
            }
        }
    } else {
        None
    };
    if let Some(c) = &resumed {
        if c.net.shape != config.shape && !config.export_only {
            return Err(format!(
                "{} holds a {:?} net, not the {:?} asked for",
                config.checkpoint, c.net.shape, config.shape
            ));
        }
    }
    if config.export_only {
        let c = resumed.ok_or("no checkpoint")?;
        let run = Run {
            trainer: Trainer::with_state(c.net, c.m, c.v, c.step),
            scale: c.scale,
            epochs_done: c.epochs,
            history: c.history,
        };
        return write_outputs(config, &run).map(|_| ());
    }

    // The starting net is read before the data, so a wrong --init fails at once.
    let start = match (&config.init, &resumed) {
        (Some(path), None) => Some(initial_net(path, config)?),
        _ => None,
    };
    let (train, val) = load_data(config)?;
    let mut run = match resumed {
        Some(c) => {
            eprintln!(
                "train: resuming {} after epoch {} (scale {})",
                config.checkpoint, c.epochs, c.scale
            );
            Run {
                trainer: Trainer::with_state(c.net, c.m, c.v, c.step),
                scale: c.scale,
                epochs_done: c.epochs,
                history: c.history,
            }
        }
        None => {
            // A net that is trained further keeps the scale its outputs were
            // learnt in, unless --scale asks for another.
            let scale = config
                .scale
                .or(start.as_ref().map(|(_, scale)| *scale))
                .unwrap_or_else(|| {
                    let s = data::fit_scale(&train).round() as f32;
                    eprintln!("train: fitted scale {s} (sigmoid(score / {s}) predicts the results best)");
                    s
                });
            let net = match start {
                Some((net, _)) => net,
                None => net::Net::random(config.shape, config.seed),
            };
            Run {
                trainer: Trainer::new(net),
                scale,
                epochs_done: 0,
                history: Vec::new(),
            }
        }
    };
    if !val.is_empty() {
        let hyper = hyper(config, run.scale);
        let score_only: f64 = val
            .iter()
            .map(|s| {
                let e = net::sigmoid(f32::from(s.score) / run.scale) - hyper.target(s);
                f64::from(e * e)
            })
            .sum::<f64>()
            / val.len() as f64;
        eprintln!(
            "train: validation loss of the search score itself (a net that copies it): {score_only:.6}"
        );
    }
    train_epochs(config, &mut run, &train, &val)
}

/// `--init`: the float net of a net file and its scale, if the file is a
/// valid net of the shape asked for.
fn initial_net(path: &str, config: &TrainConfig) -> Result<(net::Net, f32), String> {
    // Net files are well under this; the cap keeps a wrong path (a device,
    // a huge file) from being read whole.
    const MAX_NET_BYTES: u64 = 64 << 20;
    let bytes = eval::file::read_regular(std::path::Path::new(path), MAX_NET_BYTES)
        .map_err(|e| format!("--init {path}: {e}"))?;
    let quantised = export::QuantNet::from_bytes(&bytes).map_err(|e| format!("--init {path}: {e}"))?;
    if quantised.shape != config.shape {
        return Err(format!(
            "--init {path} holds a {:?} net, not the {:?} asked for",
            quantised.shape, config.shape
        ));
    }
    eprintln!(
        "train: starting from {path} (QA {}, QB {}, SCALE {})",
        quantised.quant.qa, quantised.quant.qb, quantised.quant.scale
    );
    Ok((quantised.dequantise(), quantised.quant.scale as f32))
}

/// The loss and optimiser settings of a run.
fn hyper(config: &TrainConfig, scale: f32) -> Hyper {
    Hyper {
        lambda: config.lambda,
        scale,
        beta1: config.betas.0,
        beta2: config.betas.1,
        weight_decay: config.weight_decay,
    }
}

/// Loads, filters and splits the data, capped at `--max-positions`.
fn load_data(config: &TrainConfig) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let start = Instant::now();
    let mut data = data::load(&config.data, &config.filter, config.val_every)?;
    if config.val_data.is_empty() {
        let total = data.train.len() + data.val.len();
        if total > config.max_positions {
            let keep_val = (data.val.len() as u128 * config.max_positions as u128 / total as u128) as usize;
            data.val.truncate(keep_val);
            data.train.truncate(config.max_positions - keep_val);
        }
    } else {
        // The validation files stay whole whatever the cap, so that every
        // run that names them is measured on the same positions.
        let held = data::load(&config.val_data, &config.filter, 0)?;
        if held.train.is_empty() {
            return Err("--val-data: no position passes the filters".into());
        }
        eprintln!(
            "train: validation files: {} games, {} positions read",
            held.games, held.read
        );
        data.val = held.train;
        data.train.truncate(config.max_positions);
    }
    eprintln!(
        "train: {} games, {} positions read, {} kept: {} training, {} validation ({:.1} s)",
        data.games,
        data.read,
        data.train.len() + data.val.len(),
        data.train.len(),
        data.val.len(),
        start.elapsed().as_secs_f64()
    );
    if data.train.is_empty() {
        return Err("no training positions left after filtering".into());
    }
    Ok((data.train, data.val))
}

/// The epochs from the checkpoint's to `--epochs`, with a checkpoint, a net
/// file and a chart after each.
fn train_epochs(config: &TrainConfig, run: &mut Run, train: &[Sample], val: &[Sample]) -> Result<(), String> {
    let hyper = hyper(config, run.scale);
    let batches = train.len().div_ceil(config.batch) as u64;
    let total_steps = batches * u64::from(config.epochs);
    let mut order: Vec<u32> = Vec::with_capacity(train.len());
    let mut batch = Vec::with_capacity(config.batch);
    let last = config
        .stop_after
        .map_or(config.epochs, |n| (run.epochs_done + n).min(config.epochs));
    while run.epochs_done < last {
        let epoch = run.epochs_done + 1;
        let start = Instant::now();
        // Each epoch's order depends only on the seed and the epoch, so a
        // resumed run sees the same batches.
        order.clear();
        order.extend(0..train.len() as u32);
        order.shuffle(&mut StdRng::seed_from_u64(
            config.seed ^ u64::from(epoch).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        ));
        let mut loss = 0.0;
        let mut lr = config.lr;
        let mut last_note = Instant::now();
        for (i, chunk) in order.chunks(config.batch).enumerate() {
            batch.clear();
            batch.extend(chunk.iter().map(|&k| train[k as usize]));
            lr = train::learning_rate(
                run.trainer.step,
                total_steps,
                config.warmup,
                config.lr,
                config.lr_end,
            );
            loss += run.trainer.step(&batch, lr, &hyper);
            if last_note.elapsed().as_secs() >= 30 {
                eprintln!("train: epoch {epoch}: {}% done", (i + 1) * 100 / batches as usize);
                last_note = Instant::now();
            }
        }
        let train_loss = loss / train.len() as f64;
        let seconds = start.elapsed().as_secs_f64();
        let val_loss = train::mean_loss(&run.trainer.net, val, &hyper);
        run.epochs_done = epoch;
        run.history.push((train_loss, val_loss));
        eprintln!(
            "train: epoch {epoch}/{}: training loss {train_loss:.6}, validation loss {val_loss:.6}, lr {lr:.2e}, {seconds:.1} s, {:.0} positions/s",
            config.epochs,
            train.len() as f64 / seconds
        );
        if !val.is_empty() {
            // The loss against the game results alone does not depend on
            // --lambda, so runs with different lambdas compare on it.
            let results_only = Hyper { lambda: 0.0, ..hyper };
            eprintln!(
                "train: epoch {epoch}: validation loss against the results alone {:.6}",
                train::mean_loss(&run.trainer.net, val, &results_only)
            );
        }
        run.checkpoint().save(&config.checkpoint)?;
        let quantised = write_outputs(config, run)?;
        if run.epochs_done == config.epochs && !val.is_empty() {
            let sample = &val[..val.len().min(QUANTISATION_SAMPLE)];
            let (mean, max) = quantised.difference_from(&run.trainer.net, sample);
            eprintln!(
                "train: the net file differs from the float net by {mean:.2} cp on average \
                 (largest {max:.0} cp) on {} validation positions",
                sample.len()
            );
        }
    }
    Ok(())
}

/// Validation positions the quantisation error is measured on, at most.
const QUANTISATION_SAMPLE: usize = 100_000;

/// Exports the net file and draws the chart.
fn write_outputs(config: &TrainConfig, run: &Run) -> Result<export::QuantNet, String> {
    let scale = run.scale.round().max(1.0) as u32;
    let q = export::export(&run.trainer.net, scale, config.qa, config.qb, &config.net)?;
    if q.clipped > 0 {
        eprintln!(
            "train: export clipped {} values to meet the net file's overflow bounds",
            q.clipped
        );
    }
    if run.epochs_done == config.epochs || config.export_only {
        eprintln!(
            "train: wrote {} (QA {}, QB {}, SCALE {})",
            config.net, q.quant.qa, q.quant.qb, q.quant.scale
        );
    }
    if let Some(path) = &config.svg {
        let train: Vec<f64> = run.history.iter().map(|h| h.0).collect();
        let val: Vec<f64> = if config.validates() {
            run.history.iter().map(|h| h.1).collect()
        } else {
            Vec::new()
        };
        let title = format!("{}: loss per epoch", config.name);
        std::fs::write(path, svg::loss_chart(&title, &train, &val)).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(q)
}
