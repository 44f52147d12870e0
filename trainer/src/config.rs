//! `daba train` options: parsing and checking, with an error message for
//! every bad value, and the usage text.

use crate::net::{Activation, Shape};
use engine::datagen::format::Filter;

/// The usage text.
pub const USAGE: &str = "\
usage: daba train --data FILE [--data FILE ...] [options]
  net:       --hidden N (256) --buckets B (8) --activation crelu|screlu (screlu)
  training:  --epochs E (10) --batch N (16384) --lr X (0.001) --lr-end X (lr/100)
             --warmup STEPS (100) --wd X (0.01) --beta1 X (0.9) --beta2 X (0.999)
             --lambda X (0.75) --scale auto|N (auto: fitted) --seed N (1) --threads N (all)
             --val-every K (20; 0 = no validation) --max-positions N (all)
  data:      filters, quiet by default: --no-filter (keep all, then add:) --quiet
             --no-check --no-noisy --no-mates --max-score N --min-ply N
  output:    --net FILE (daba.nnue) --qa N --qb N (both chosen by the exporter)
             --checkpoint FILE (NET.ckpt) --resume --stop-after E --svg FILE --name TEXT
             --export-only (write --net and --svg from --checkpoint, no training)";

/// Settings of a training run.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Binary data files.
    pub data: Vec<String>,
    /// The architecture.
    pub shape: Shape,
    /// Epochs the run should have done when it ends (resumed runs count the
    /// checkpoint's epochs).
    pub epochs: u32,
    /// Positions per optimiser step.
    pub batch: usize,
    /// Peak learning rate.
    pub lr: f32,
    /// Final learning rate of the cosine decay.
    pub lr_end: f32,
    /// Linear warm-up steps.
    pub warmup: u64,
    /// Decoupled weight decay.
    pub weight_decay: f32,
    /// AdamW betas.
    pub betas: (f32, f32),
    /// Weight of the score in the target.
    pub lambda: f32,
    /// Centipawns per sigmoid unit; `None`: fitted to the data.
    pub scale: Option<f32>,
    /// Seed of the initial weights and the shuffles.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// One position in `val_every` is held out; 0: none.
    pub val_every: u64,
    /// Use at most this many positions (after filtering).
    pub max_positions: usize,
    /// Which positions to train on.
    pub filter: Filter,
    /// The net file written after every epoch.
    pub net: String,
    /// `QA`, `QB` overrides.
    pub qa: Option<u32>,
    /// See `qa`.
    pub qb: Option<u32>,
    /// The checkpoint written after every epoch.
    pub checkpoint: String,
    /// Continue from `checkpoint` if it exists.
    pub resume: bool,
    /// Stop after this many epochs in this session (the schedule still
    /// spans `epochs`; `--resume` continues).
    pub stop_after: Option<u32>,
    /// The loss chart, if wanted.
    pub svg: Option<String>,
    /// The chart's title.
    pub name: String,
    /// Only export the checkpoint.
    pub export_only: bool,
}

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} needs a number, got '{value}'"))
}

fn positive<T: std::str::FromStr + PartialOrd + Default>(flag: &str, value: &str) -> Result<T, String> {
    let v: T = number(flag, value)?;
    if v > T::default() {
        Ok(v)
    } else {
        Err(format!("{flag} must be positive, got '{value}'"))
    }
}

/// Parses `daba train` arguments.
pub fn parse_args(args: &[String]) -> Result<TrainConfig, String> {
    let mut filter = if args.iter().any(|a| a == "--no-filter") {
        Filter::ALL
    } else {
        Filter::QUIET
    };
    let args: Vec<String> = args.iter().filter(|a| *a != "--no-filter").cloned().collect();
    let rest = filter.parse_args(&args)?;
    let mut c = TrainConfig {
        data: Vec::new(),
        shape: Shape {
            hidden: 256,
            buckets: 8,
            activation: Activation::SCReLU,
        },
        epochs: 10,
        batch: 16384,
        lr: 0.001,
        lr_end: f32::NAN,
        warmup: 100,
        weight_decay: 0.01,
        betas: (0.9, 0.999),
        lambda: 0.75,
        scale: None,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        val_every: 20,
        max_positions: usize::MAX,
        filter,
        net: "daba.nnue".into(),
        qa: None,
        qb: None,
        checkpoint: String::new(),
        resume: false,
        stop_after: None,
        svg: None,
        name: String::new(),
        export_only: false,
    };
    let mut i = 0;
    while i < rest.len() {
        let flag = rest[i].as_str();
        match flag {
            "--resume" => c.resume = true,
            "--export-only" => c.export_only = true,
            "--help" | "-h" => return Err(USAGE.into()),
            _ => {
                let value = rest
                    .get(i + 1)
                    .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
                set(&mut c, flag, value)?;
                i += 1;
            }
        }
        i += 1;
    }
    finish(c)
}

/// Applies one `--flag value`.
fn set(c: &mut TrainConfig, flag: &str, value: &str) -> Result<(), String> {
    match flag {
        "--data" => c
            .data
            .extend(value.split(',').filter(|s| !s.is_empty()).map(String::from)),
        "--hidden" => c.shape.hidden = positive(flag, value)?,
        "--buckets" => c.shape.buckets = positive(flag, value)?,
        "--activation" => {
            c.shape.activation = Activation::parse(value)
                .ok_or_else(|| format!("--activation must be crelu or screlu, got '{value}'"))?
        }
        "--epochs" => c.epochs = positive(flag, value)?,
        "--batch" => c.batch = positive(flag, value)?,
        "--lr" => c.lr = positive(flag, value)?,
        "--lr-end" => c.lr_end = number(flag, value)?,
        "--warmup" => c.warmup = number(flag, value)?,
        "--wd" => c.weight_decay = number(flag, value)?,
        "--beta1" => c.betas.0 = number(flag, value)?,
        "--beta2" => c.betas.1 = number(flag, value)?,
        "--lambda" => c.lambda = number(flag, value)?,
        "--scale" => {
            // An integer, because the net file's SCALE is one.
            c.scale = if value == "auto" {
                None
            } else {
                Some(positive::<u32>(flag, value)? as f32)
            }
        }
        "--seed" => c.seed = number(flag, value)?,
        "--threads" => c.threads = positive(flag, value)?,
        "--val-every" => c.val_every = number(flag, value)?,
        "--max-positions" => c.max_positions = positive(flag, value)?,
        "--net" => c.net = value.to_string(),
        "--qa" => c.qa = Some(positive(flag, value)?),
        "--qb" => c.qb = Some(positive(flag, value)?),
        "--checkpoint" => c.checkpoint = value.to_string(),
        "--stop-after" => c.stop_after = Some(positive(flag, value)?),
        "--svg" => c.svg = Some(value.to_string()),
        "--name" => c.name = value.to_string(),
        other => return Err(format!("unknown train option '{other}'\n{USAGE}")),
    }
    Ok(())
}

/// Defaults that depend on other options, and the checks across options.
fn finish(mut c: TrainConfig) -> Result<TrainConfig, String> {
    c.shape.validate()?;
    if c.lr_end.is_nan() {
        c.lr_end = c.lr / 100.0;
    }
    if !(0.0..=1.0).contains(&c.lambda) {
        return Err(format!("--lambda must be between 0 and 1, got {}", c.lambda));
    }
    if !(0.0..1.0).contains(&c.betas.0) || !(0.0..1.0).contains(&c.betas.1) {
        return Err("--beta1 and --beta2 must be in [0, 1)".into());
    }
    if c.lr_end < 0.0 || c.weight_decay < 0.0 {
        return Err("--lr-end and --wd must not be negative".into());
    }
    if c.checkpoint.is_empty() {
        c.checkpoint = format!("{}.ckpt", c.net.strip_suffix(".nnue").unwrap_or(&c.net));
    }
    if c.name.is_empty() {
        c.name = std::path::Path::new(&c.net)
            .file_stem()
            .map_or("net".into(), |s| s.to_string_lossy().into_owned());
    }
    if c.data.is_empty() && !c.export_only {
        return Err(format!("--data is missing\n{USAGE}"));
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_parse_and_bad_values_are_errors() {
        let c = parse_args(&args(
            "--data a.bin,b.bin --hidden 512 --activation crelu --buckets 4 --lr 0.002 --max-score 2000 --net x.nnue",
        ))
        .unwrap();
        assert_eq!(c.data, vec!["a.bin", "b.bin"]);
        assert_eq!(
            c.shape,
            Shape {
                hidden: 512,
                buckets: 4,
                activation: Activation::CReLU
            }
        );
        assert_eq!(c.lr_end, 0.002 / 100.0);
        assert_eq!(c.filter.max_abs_score, 2000);
        assert!(c.filter.skip_noisy);
        assert_eq!(c.checkpoint, "x.ckpt");
        assert!(
            !parse_args(&args("--data a --no-filter"))
                .unwrap()
                .filter
                .skip_noisy
        );
        for bad in [
            "",
            "--data a --hidden 100",
            "--data a --buckets 17",
            "--data a --activation relu",
            "--data a --lr -1",
            "--data a --lambda 2",
            "--data a --epochs",
            "--data a --bogus 1",
            "--data a --batch x",
            "--data a --scale 212.5",
        ] {
            assert!(parse_args(&args(bad)).is_err(), "{bad}");
        }
    }
}
