//! The `daba` binary: hands the process to the engine crate.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(engine::run(&args));
}
