//! `daba analyse`: command-line analysis of games and positions with
//! Daba's search, called through the engine's library API (`search` and its
//! `Reporter` trait), not by talking UCI to itself. This crate is the only
//! one that knows PGN, the progress bar and Ctrl-C; the engine gains no
//! dependency for it (docs/analyse.md).
//!
//! Modules, lowest first: `pgn` and `epd` read the inputs; `search` runs one
//! position's search; `judge` turns evaluations into marks and accuracy;
//! `analysis` analyses a game; `write` and `svg` render the results;
//! `interrupt` handles Ctrl-C; `run` schedules the work over threads and
//! writes the output in input order.

pub mod analysis;
pub mod epd;
pub mod interrupt;
pub mod judge;
pub mod pgn;
pub mod run;
pub mod search;
pub mod svg;
pub mod write;

use analysis::Selection;
use engine::search::Limits;
use movegen::Color;
use run::{Config, Input};
use search::SearchSettings;
use std::path::PathBuf;
use std::sync::Arc;

/// The depth searched when no limit is given.
pub const DEFAULT_DEPTH: u32 = 14;

/// Which side's moves `--side` judges.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideArg {
    /// White's moves.
    White,
    /// Black's moves.
    Black,
}

/// `daba analyse` arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct AnalyseArgs {
    /// PGN games, or positions one FEN or EPD a line (`-`: standard input)
    #[arg(value_name = "FILE", required_unless_present = "fen", conflicts_with = "fen")]
    pub input: Option<String>,
    /// Analyse this one position instead of a file
    #[arg(long, value_name = "FEN", allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// Search depth in plies, for each position [default: 14 when no limit is given]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Node limit of each search (with --threads 1 the output is the same on every run)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Time limit of each search in milliseconds
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Lines searched in each position: the best one and the next best
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = multipv)]
    pub multipv: usize,
    /// Worker threads: several games or positions at once, or all on one game [default: every core]
    #[arg(long, value_name = "N", value_parser = engine::positive_usize)]
    pub threads: Option<usize>,
    /// Hash table size in MB, shared out among the games analysed at once
    #[arg(long, value_name = "MB", default_value_t = 256, value_parser = hash)]
    pub hash: usize,
    /// Output file: the annotated PGN, the positions' report, or JSON lines [default: standard output]
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Folder for one SVG evaluation graph per game (game-001.svg, ...)
    #[arg(long, value_name = "DIR")]
    pub svg: Option<String>,
    /// Write JSON lines instead: one object per judged move, or per position
    #[arg(long)]
    pub json: bool,
    /// Judge the moves from this move number on
    #[arg(long, value_name = "N")]
    pub from_move: Option<u32>,
    /// Judge the moves up to this move number
    #[arg(long, value_name = "N")]
    pub to_move: Option<u32>,
    /// Judge only this side's moves
    #[arg(long, value_enum, value_name = "SIDE")]
    pub side: Option<SideArg>,
    /// NNUE net to analyse with, or `classical`: the hand-crafted evaluation [default: the engine's]
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<String>,
    /// Syzygy tablebase directories (`:`-separated; `;` on Windows), probed at the root and in the search
    #[arg(long, value_name = "PATH")]
    pub syzygy: Option<String>,
}

fn multipv(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n),
        Ok(_) => Err("must be 1 to 256".into()),
        Err(e) => Err(e.to_string()),
    }
}

fn hash(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=1 << 20).contains(&n) => Ok(n),
        Ok(_) => Err("must be 1 to 1048576".into()),
        Err(e) => Err(e.to_string()),
    }
}

impl AnalyseArgs {
    /// The limits of each search.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            ..Limits::default()
        };
        if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
            limits.depth = Some(DEFAULT_DEPTH);
        }
        limits
    }

    /// The limits in words, for the `Analysis` tag: `depth 18`, `nodes
    /// 2000, multipv 3`.
    pub fn describe(&self) -> String {
        let limits = self.limits();
        let mut parts = Vec::new();
        if let Some(d) = limits.depth {
            parts.push(format!("depth {d}"));
        }
        if let Some(n) = limits.nodes {
            parts.push(format!("nodes {n}"));
        }
        if let Some(t) = limits.movetime {
            parts.push(format!("movetime {t} ms"));
        }
        if self.multipv > 1 {
            parts.push(format!("multipv {}", self.multipv));
        }
        parts.join(", ")
    }

    /// The run these arguments ask for: reads the input and the net. An
    /// error names the argument at fault.
    pub fn config(&self) -> Result<Config, String> {
        let net = match self.eval_file.as_deref() {
            None => engine::network::default_network(),
            Some("classical") => None,
            Some(file) => Some(engine::network::load(file).map_err(|e| format!("--eval-file {file}: {e}"))?),
        };
        let syzygy = match self.syzygy.as_deref() {
            None => None,
            Some(path) => {
                let loaded = engine::syzygy::load(path);
                for line in &loaded.messages {
                    eprintln!("analyse: {line}");
                }
                let tables = loaded
                    .tables
                    .ok_or_else(|| format!("--syzygy {path}: no usable tablebase files"))?;
                // Default probing settings, as the UCI options' defaults.
                engine::syzygy::Probing::new(Arc::new(tables), 1, 7, true)
            }
        };
        let input = match (&self.fen, &self.input) {
            (Some(fen), _) => {
                let position = epd::parse_line(fen, 1, 1).map_err(|e| format!("--fen: {e}"))?;
                Input::Positions {
                    name: "--fen".to_string(),
                    positions: vec![position],
                    errors: Vec::new(),
                }
            }
            (None, Some(path)) => run::read_input(path)?,
            (None, None) => return Err("give a FILE or --fen".to_string()),
        };
        if matches!(input, Input::Positions { .. }) {
            for (given, flag) in [
                (self.svg.is_some(), "--svg"),
                (self.from_move.is_some(), "--from-move"),
                (self.to_move.is_some(), "--to-move"),
                (self.side.is_some(), "--side"),
            ] {
                if given {
                    return Err(format!("{flag} is for games, and the input holds positions"));
                }
            }
        }
        Ok(Config {
            input,
            settings: SearchSettings {
                limits: self.limits(),
                multipv: self.multipv,
                net,
                syzygy,
            },
            settings_text: self.describe(),
            selection: Selection {
                from_move: self.from_move,
                to_move: self.to_move,
                side: self.side.map(|s| match s {
                    SideArg::White => Color::White,
                    SideArg::Black => Color::Black,
                }),
            },
            threads: self
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            hash_mb: self.hash,
            out: self.out.as_ref().map(PathBuf::from),
            svg: self.svg.as_ref().map(PathBuf::from),
            json: self.json,
        })
    }
}

/// Runs `daba analyse` with Ctrl-C caught; returns the exit code (0 done,
/// 1 nothing to analyse or an output could not be written, 130 stopped by
/// Ctrl-C after writing what was finished).
pub fn run_cli(config: &Config) -> i32 {
    let interrupt = interrupt::global();
    run::run(config, &interrupt)
}
