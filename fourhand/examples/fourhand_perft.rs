//! Prints perft from the start position to the depth given (default 4), by
//! both counting paths, with the time each took.

use fourhand::{perft, perft_make_unmake, Position};
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let start = Position::start();
    for d in 1..=depth {
        let t = Instant::now();
        let bulk = perft(&start, d);
        let bulk_time = t.elapsed();
        let t = Instant::now();
        let walked = perft_make_unmake(&mut start.clone(), d);
        let walk_time = t.elapsed();
        println!("depth {d}: bulk {bulk} ({bulk_time:.2?}), make/unmake {walked} ({walk_time:.2?})");
    }
}
