//! The Daba engine, what plays: search, transposition table, time
//! management, the UCI protocol, and the `bench`, `perft` and `genfens`
//! commands. The binary's command line (the root package's `src/cli.rs`)
//! parses the arguments with the `*Args` structs defined next to each
//! command's code and calls the functions here. Data generation and the
//! tuners live in the `trainer` crate, which searches through
//! [`session::Session`]; the engine never depends on it.

pub mod bench;
pub mod book;
pub mod game;
pub mod genfens;
pub mod levels;
pub mod network;
pub mod openings;
pub mod score;
pub mod search;
pub mod session;
pub mod syzygy;
pub mod uci;
pub mod wdl;

/// The engine's name and version as `uci` reports them.
pub const NAME: &str = concat!("Daba ", env!("CARGO_PKG_VERSION"));
/// The authors as `uci` reports them.
pub const AUTHOR: &str = "the Daba developers";

/// Prepares the tables every command needs; call once before any of them.
pub fn init() {
    movegen::init();
}

/// `daba` with no command: the UCI protocol on stdin and stdout.
pub fn run_uci() -> i32 {
    uci::run_stdio();
    0
}

/// True when the command line follows OpenBench's convention, where each
/// argument is a UCI command line (`daba "genfens 10 seed 1 book None"
/// "quit"`): the first argument contains a space. No subcommand or flag
/// does, so the two never meet.
pub fn are_uci_lines(args: &[String]) -> bool {
    args.first().is_some_and(|first| first.contains(' '))
}

/// `daba perft <DEPTH> [FEN]`.
#[derive(clap::Args, Clone, Debug)]
pub struct PerftArgs {
    /// Depth in plies
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
    /// The position, as one argument or as its six fields [default: the start position]
    #[arg(value_name = "FEN", num_args = 0.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub fen: Vec<String>,
}

/// Parses a count of at least 1 (`--threads` and the like): the value
/// parser of every subcommand's counts, the engine's and its callers'.
pub fn positive_usize(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        Ok(_) => Err("must be at least 1".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// Runs `daba perft`; returns the exit code (2 for a bad FEN).
pub fn perft(args: &PerftArgs) -> i32 {
    let mut words = vec![args.depth.to_string()];
    words.extend(args.fen.iter().cloned());
    uci::perft_from_shell(&words)
}

/// Runs each argument as a UCI command line, in order, then quits (for
/// OpenBench's `daba "genfens N seed S book None" "quit"`).
pub fn run_lines(lines: &[String]) -> i32 {
    let mut uci = uci::Uci::new();
    let mut code = 0;
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"genfens") {
            if !genfens::run_line(&words[1..]) {
                code = 1;
            }
        } else if !uci.handle_line(line) {
            break;
        }
    }
    uci.quit();
    code
}
