//! Move generation throughput over ~20 varied positions from the test suites:
//! `legal_moves()` (listing) and `count_legal_moves()` (counting), reported
//! in positions per second.
//!
//! Run: `cargo bench --bench movegen`

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use movegen::Board;
use std::time::Duration;

const STANDARD: &str = include_str!("../tests/data/standard.epd");
const FISCHER: &str = include_str!("../tests/data/fischer.epd");
const BRATKO_KOPEC: &str = include_str!("../tests/data/bratko-kopec.epd");
const SBD: &str = include_str!("../tests/data/silent-but-deadly.epd");

/// The first field group of an EPD line as a FEN (4 fields; EPD operations
/// after them are dropped).
fn fen_of(line: &str) -> String {
    let fields: Vec<&str> = line.split_whitespace().take(4).collect();
    fields.join(" ")
}

/// About 20 positions: openings, middlegames (tactical and quiet), endgames
/// with promotions and en passant, and Chess960.
fn positions() -> Vec<Board> {
    let pick = |text: &str, lines: &[usize]| -> Vec<Board> {
        let all: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        lines
            .iter()
            .map(|&i| Board::from_fen(&fen_of(all[i])).expect("valid suite FEN"))
            .collect()
    };
    let mut boards = Vec::new();
    boards.extend(pick(STANDARD, &[0, 1, 2, 10, 30, 60, 90, 110, 120, 126]));
    boards.extend(pick(BRATKO_KOPEC, &[0, 5, 12]));
    boards.extend(pick(SBD, &[0, 40, 80]));
    boards.extend(pick(FISCHER, &[0, 100, 500, 900]));
    boards
}

fn bench_movegen(c: &mut Criterion) {
    movegen::init();
    let boards = positions();
    let mut group = c.benchmark_group("movegen");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function(format!("legal_moves/{}", boards.len()), |b| {
        b.iter(|| {
            let mut total = 0;
            for board in &boards {
                total += black_box(board).legal_moves().len();
            }
            total
        })
    });
    group.bench_function(format!("count_legal_moves/{}", boards.len()), |b| {
        b.iter(|| {
            let mut total = 0;
            for board in &boards {
                total += black_box(board).count_legal_moves();
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
