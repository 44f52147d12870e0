//! The `daba` binary. With no arguments it is the UCI engine (chess GUIs
//! start it that way); arguments that contain a space are UCI command lines
//! run in order (OpenBench's convention); anything else is a subcommand of
//! the command line in `cli.rs`, which hands the work to the crate that owns
//! it (the engine, or `analyse`, `serve` or `trainer`, optional crates behind
//! Cargo features of the same names, so the engine never depends on them).

mod cli;

use clap::Parser;

fn main() {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let code = if engine::are_uci_lines(&args) {
        engine::init();
        engine::run_lines(&args)
    } else {
        // Wrong arguments end here, with clap's message and exit code 2.
        let cli = cli::Cli::parse();
        engine::init();
        cli::run(cli)
    };
    std::process::exit(code);
}
