//! `daba train` options: the command-line arguments (clap), checked and
//! turned into a [`TrainConfig`], with an error message for every bad value.

use crate::datagen::format::Filter;
use crate::datagen::FilterArgs;
use crate::net::{Activation, FeatureSet, Shape};
use engine::positive_usize;

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
    /// Binary data files held out whole as the validation set (then
    /// `val_every` is 0).
    pub val_data: Vec<String>,
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
    /// Start from this net file's weights instead of random ones.
    pub init: Option<String>,
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

impl TrainConfig {
    /// Whether the run has a validation set.
    pub fn validates(&self) -> bool {
        self.val_every > 0 || !self.val_data.is_empty()
    }
}

/// `daba train` arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct TrainArgs {
    /// Binary data file from `daba datagen` (repeat the flag, or separate with commas)
    #[arg(
        long,
        value_name = "FILE",
        value_delimiter = ',',
        required_unless_present = "export_only",
        help_heading = "Data"
    )]
    pub data: Vec<String>,
    /// Keep every position, not only quiet ones; the filters below then add to that
    #[arg(long, help_heading = "Data")]
    pub no_filter: bool,
    /// Train on the first N positions that pass the filters [default: all]
    #[arg(long, value_name = "N", value_parser = positive_usize, help_heading = "Data")]
    pub max_positions: Option<usize>,
    /// Hold out one position in K for validation (0: none) [default: 20, or 0 with --val-data]
    #[arg(long, value_name = "K", help_heading = "Data")]
    pub val_every: Option<u64>,
    /// Validate on these binary data files instead, held out whole (repeat the flag, or
    /// separate with commas): one fixed set, so that the losses of runs on other data compare
    #[arg(long, value_name = "FILE", value_delimiter = ',', help_heading = "Data")]
    pub val_data: Vec<String>,
    #[command(flatten)]
    pub filter: FilterArgs,

    /// Hidden layer size (a multiple of 16, at most 4096)
    #[arg(long, value_name = "N", default_value_t = 256, help_heading = "Net")]
    pub hidden: usize,
    /// Output buckets, by piece count (1 to 16)
    #[arg(long, value_name = "N", default_value_t = 8, help_heading = "Net")]
    pub buckets: usize,
    /// Hidden layer activation
    #[arg(long, value_name = "NAME", default_value = "screlu", value_parser = ["crelu", "screlu"],
          ignore_case = true, help_heading = "Net")]
    pub activation: String,
    /// Input features: `768` (piece, square, own or other side), or `768-hm`: the same,
    /// mirrored left to right for a side whose king stands on files e-h
    #[arg(long, value_name = "SET", default_value = "768", value_parser = ["768", "768-hm"],
          ignore_case = true, help_heading = "Net")]
    pub features: String,

    /// Epochs in all when the run ends (a resumed run counts the checkpoint's)
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..),
          help_heading = "Training")]
    pub epochs: u32,
    /// Positions per optimiser step
    #[arg(long, value_name = "N", default_value_t = 16384, value_parser = positive_usize,
          help_heading = "Training")]
    pub batch: usize,
    /// Peak learning rate (0.008 did best with batches of 16384 on a few million
    /// positions: docs/nnue.md, "Learning rate")
    #[arg(long, value_name = "X", default_value_t = 0.008, value_parser = positive_f32,
          help_heading = "Training")]
    pub lr: f32,
    /// Final learning rate of the cosine decay [default: lr/100]
    #[arg(long, value_name = "X", value_parser = non_negative_f32, help_heading = "Training")]
    pub lr_end: Option<f32>,
    /// Linear warm-up steps
    #[arg(long, value_name = "STEPS", default_value_t = 100, help_heading = "Training")]
    pub warmup: u64,
    /// Decoupled weight decay
    #[arg(long, value_name = "X", default_value_t = 0.01, value_parser = non_negative_f32,
          help_heading = "Training")]
    pub wd: f32,
    /// AdamW beta1
    #[arg(long, value_name = "X", default_value_t = 0.9, value_parser = beta, help_heading = "Training")]
    pub beta1: f32,
    /// AdamW beta2
    #[arg(long, value_name = "X", default_value_t = 0.999, value_parser = beta, help_heading = "Training")]
    pub beta2: f32,
    /// Weight of the search score in the target; the game result gets 1 - X
    #[arg(long, value_name = "X", default_value_t = 0.75, value_parser = unit_interval,
          help_heading = "Training")]
    pub lambda: f32,
    /// Centipawns per sigmoid unit (an integer), or `auto`: fitted to the data
    #[arg(long, value_name = "N", default_value = "auto", value_parser = scale, help_heading = "Training")]
    pub scale: Scale,
    /// Seed of the random choices (initial weights, shuffles)
    #[arg(long, value_name = "N", default_value_t = 1, help_heading = "Training")]
    pub seed: u64,
    /// Worker threads [default: every core]
    #[arg(long, value_name = "N", value_parser = positive_usize, help_heading = "Training")]
    pub threads: Option<usize>,

    /// Output file: the net, written after every epoch
    #[arg(
        long,
        visible_alias = "net",
        value_name = "FILE",
        default_value = "daba.nnue",
        help_heading = "Output"
    )]
    pub out: String,
    /// Quantisation factor QA of the net file [default: the exporter's choice]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), help_heading = "Output")]
    pub qa: Option<u32>,
    /// Quantisation factor QB of the net file [default: the exporter's choice]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), help_heading = "Output")]
    pub qb: Option<u32>,
    /// Checkpoint written after every epoch [default: the net's name with .ckpt]
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub checkpoint: Option<String>,
    /// Continue from the checkpoint if it exists
    #[arg(long, help_heading = "Output")]
    pub resume: bool,
    /// Start from this net file's weights (dequantised) instead of random ones; the
    /// shape must match, and its SCALE is kept unless --scale says otherwise. A run
    /// that resumes from its checkpoint ignores it
    #[arg(long, value_name = "FILE", help_heading = "Training")]
    pub init: Option<String>,
    /// Stop after E epochs in this session (the schedule spans --epochs; --resume goes on)
    #[arg(long, value_name = "E", value_parser = clap::value_parser!(u32).range(1..), help_heading = "Output")]
    pub stop_after: Option<u32>,
    /// Draw the loss curves to this SVG file
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub svg: Option<String>,
    /// Title of the chart [default: the net file's name]
    #[arg(long, value_name = "TEXT", help_heading = "Output")]
    pub name: Option<String>,
    /// Write the net (and --svg) from the checkpoint, without training
    #[arg(long, help_heading = "Output")]
    pub export_only: bool,
}

/// `--val-every` without `--val-data`.
const DEFAULT_VAL_EVERY: u64 = 20;

/// `--scale`: `None` is `auto`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale(pub Option<u32>);

fn scale(s: &str) -> Result<Scale, String> {
    if s.eq_ignore_ascii_case("auto") {
        return Ok(Scale(None));
    }
    // An integer, because the net file's SCALE is one.
    match s.parse::<u32>() {
        Ok(n) if n > 0 => Ok(Scale(Some(n))),
        _ => Err("must be `auto` or a positive integer".into()),
    }
}

fn float(s: &str) -> Result<f32, String> {
    let x: f32 = s.parse().map_err(|_| format!("'{s}' is not a number"))?;
    if x.is_finite() {
        Ok(x)
    } else {
        Err("must be finite".into())
    }
}

fn positive_f32(s: &str) -> Result<f32, String> {
    let x = float(s)?;
    if x > 0.0 {
        Ok(x)
    } else {
        Err("must be positive".into())
    }
}

fn non_negative_f32(s: &str) -> Result<f32, String> {
    let x = float(s)?;
    if x >= 0.0 {
        Ok(x)
    } else {
        Err("must not be negative".into())
    }
}

fn unit_interval(s: &str) -> Result<f32, String> {
    let x = float(s)?;
    if (0.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err("must be between 0 and 1".into())
    }
}

fn beta(s: &str) -> Result<f32, String> {
    let x = float(s)?;
    if (0.0..1.0).contains(&x) {
        Ok(x)
    } else {
        Err("must be in [0, 1)".into())
    }
}

impl TrainArgs {
    /// The run these arguments ask for, with the defaults that depend on
    /// other arguments filled in and the checks across arguments made.
    pub fn config(&self) -> Result<TrainConfig, String> {
        let base = if self.no_filter {
            Filter::ALL
        } else {
            Filter::QUIET
        };
        let c = TrainConfig {
            data: self.data.iter().filter(|s| !s.is_empty()).cloned().collect(),
            shape: Shape {
                hidden: self.hidden,
                buckets: self.buckets,
                activation: Activation::parse(&self.activation).ok_or_else(|| {
                    format!("--activation must be crelu or screlu, got '{}'", self.activation)
                })?,
                features: FeatureSet::parse(&self.features)
                    .ok_or_else(|| format!("--features must be 768 or 768-hm, got '{}'", self.features))?,
            },
            epochs: self.epochs,
            batch: self.batch,
            lr: self.lr,
            lr_end: self.lr_end.unwrap_or(f32::NAN),
            warmup: self.warmup,
            weight_decay: self.wd,
            betas: (self.beta1, self.beta2),
            lambda: self.lambda,
            scale: self.scale.0.map(|n| n as f32),
            seed: self.seed,
            threads: self
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            val_every: self.val_every.unwrap_or(if self.val_data.is_empty() {
                DEFAULT_VAL_EVERY
            } else {
                0
            }),
            val_data: self.val_data.iter().filter(|s| !s.is_empty()).cloned().collect(),
            max_positions: self.max_positions.unwrap_or(usize::MAX),
            filter: self.filter.apply(base),
            net: self.out.clone(),
            qa: self.qa,
            qb: self.qb,
            checkpoint: self.checkpoint.clone().unwrap_or_default(),
            resume: self.resume,
            init: self.init.clone(),
            stop_after: self.stop_after,
            svg: self.svg.clone(),
            name: self.name.clone().unwrap_or_default(),
            export_only: self.export_only,
        };
        finish(c)
    }
}

/// Parses `daba train` arguments (the words after `train`), as the binary
/// does; the error is clap's message.
pub fn parse_args(args: &[String]) -> Result<TrainConfig, String> {
    #[derive(clap::Parser)]
    #[command(name = "daba train")]
    struct Train {
        #[command(flatten)]
        args: TrainArgs,
    }
    let words = std::iter::once("train".to_string()).chain(args.iter().cloned());
    let train = <Train as clap::Parser>::try_parse_from(words).map_err(|e| e.to_string())?;
    train.args.config()
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
        return Err("--data is missing".into());
    }
    if !c.val_data.is_empty() && c.val_every > 0 {
        return Err("--val-data and --val-every both choose the validation set: give one".into());
    }
    if let Some(both) = c.val_data.iter().find(|v| c.data.contains(v)) {
        return Err(format!("{both} is given to both --data and --val-data"));
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
                activation: Activation::CReLU,
                features: FeatureSet::Plain,
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
        assert_eq!(parse_args(&args("--data a")).unwrap().val_every, 20);
        let held = parse_args(&args("--data a,b --val-data v1.bin --val-data v2.bin")).unwrap();
        assert_eq!(
            (held.val_every, held.val_data.as_slice()),
            (0, &["v1.bin".to_string(), "v2.bin".to_string()][..])
        );
        assert!(parse_args(&args("--data a --val-data v --val-every 0")).is_ok());
        let out = parse_args(&args("--data a --out y.nnue")).unwrap();
        let net = parse_args(&args("--data a --net y.nnue")).unwrap();
        assert_eq!((out.net.as_str(), net.net.as_str()), ("y.nnue", "y.nnue"));
        assert_eq!((out.checkpoint.as_str(), out.name.as_str()), ("y.ckpt", "y"));
        assert!(parse_args(&args("--export-only")).is_ok());
        for bad in [
            "",
            "--data a --hidden 100",
            "--data a --buckets 17",
            "--data a --activation relu",
            "--data a --features halfkp",
            "--data a --lr -1",
            "--data a --lambda 2",
            "--data a --epochs",
            "--data a --bogus 1",
            "--data a --batch x",
            "--data a --scale 212.5",
            "--data a --threads 0",
            "--data a --out x --net y",
            "--data a --val-data v --val-every 20",
            "--data a,v --val-data v",
        ] {
            assert!(parse_args(&args(bad)).is_err(), "{bad}");
        }
    }
}
