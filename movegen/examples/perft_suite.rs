//! Runs an EPD perft suite up to a maximum depth and reports mismatches.
//!
//! Run: `cargo run --release -p movegen --example perft_suite -- tests/data/standard.epd 5`

use movegen::{perft_parallel, Board};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("usage: perft_suite <file.epd> [max_depth]");
    let max_depth: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(6);
    let text = std::fs::read_to_string(path).expect("readable suite");
    let start = Instant::now();
    let (mut nodes, mut failures) = (0u64, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for part in parts {
            let part = part.trim();
            let (d, n) = part.split_once(' ').unwrap();
            let depth: u32 = d[1..].parse().unwrap();
            let expected: u64 = n.trim().parse().unwrap();
            if depth > max_depth {
                continue;
            }
            let got = perft_parallel(&board, depth);
            nodes += got;
            if got != expected {
                failures += 1;
                println!("MISMATCH {fen} depth {depth}: got {got}, expected {expected}");
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{failures} failures, {nodes} nodes in {secs:.1}s ({:.1} Mnps)",
        nodes as f64 / secs / 1e6
    );
}
