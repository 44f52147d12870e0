//! The Daba engine: search, transposition table, time management, the UCI
//! protocol, and the `bench` and `perft` commands.

pub mod bench;
pub mod datagen;
pub mod game;
pub mod genfens;
pub mod network;
pub mod search;
pub mod uci;
pub mod wdl;

/// The engine's name and version as `uci` reports them.
pub const NAME: &str = concat!("Daba ", env!("CARGO_PKG_VERSION"));
/// The authors as `uci` reports them.
pub const AUTHOR: &str = "the Daba developers";

/// Runs the program with its command-line arguments (without the program
/// name); returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    movegen::init();
    match args.first().map(String::as_str) {
        None => {
            uci::run_stdio();
            0
        }
        Some("bench") => {
            let depth = args.get(1).and_then(|d| d.parse().ok());
            bench::run(depth, &mut std::io::stdout());
            0
        }
        Some("perft") => uci::perft_from_shell(&args[1..]),
        Some("datagen") => match datagen::parse_args(&args[1..]) {
            Ok(config) => match datagen::run(&config) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("datagen: {e}");
                    1
                }
            },
            Err(e) => {
                eprintln!("datagen: {e}");
                2
            }
        },
        Some("convert-data") => datagen::convert::run_cli(&args[1..]),
        Some("tune") => eval::tune::run_cli(&args[1..]),
        // OpenBench style: each argument is one UCI command line.
        Some(first) if first.contains(' ') => run_lines(args),
        Some(other) => {
            eprintln!("unknown command '{other}'; usage: daba [bench [depth] | perft <depth> [fen] | datagen ... | convert-data ... | train ... | tune ...]");
            2
        }
    }
}

/// Runs each argument as a UCI command line, in order, then quits (for
/// OpenBench's `daba "genfens N seed S book None" "quit"`).
fn run_lines(lines: &[String]) -> i32 {
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
