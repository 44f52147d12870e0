//! The `daba` binary: hands the process to the engine crate, except for
//! `daba train`, which goes to the trainer (so the engine never depends on
//! the trainer).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        Some("train") => trainer::run_cli(&args[1..]),
        _ => engine::run(&args),
    };
    std::process::exit(code);
}
