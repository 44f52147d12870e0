//! `daba datagen`: self-play games at a small fixed node budget that write
//! quiet positions with the search score and the game's result, the training
//! data of the evaluation tuner (`daba tune`).
//!
//! Each game starts from a book position (or the start position) plus a few
//! random legal moves. Game `i` is played with its own seed derived from the
//! run's seed and `i`, a fresh hash table and fresh histories, so the output
//! is the same for a given seed whatever the number of threads.
//!
//! Output, one position per line: `<fen> | <score> | <result>`, score in
//! centipawns from white's view, result 1.0 / 0.5 / 0.0 from white's view.

use crate::search::{
    search, Limits, SearchControl, SearchParams, SilentReporter, ThreadData, TranspositionTable, MATE_BOUND,
};
use movegen::{Board, Color, Move};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Settings of a run.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Number of games.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Worker threads.
    pub threads: usize,
    /// Seed of the run.
    pub seed: u64,
    /// Opening positions (FENs); empty means the start position.
    pub book: Vec<String>,
    /// Random legal moves played after the book position.
    pub random_plies: usize,
    /// Where to write the positions.
    pub out: String,
}

/// Outcome of one game, white's view.
fn result_text(result: f32) -> &'static str {
    if result > 0.75 {
        "1.0"
    } else if result < 0.25 {
        "0.0"
    } else {
        "0.5"
    }
}

/// Plays game `index` and returns its recorded lines.
fn play_game(
    config: &DatagenConfig,
    index: usize,
    tt: &TranspositionTable,
    td: &mut ThreadData,
) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(config.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut board = if config.book.is_empty() {
        Board::startpos()
    } else {
        let fen = &config.book[rng.gen_range(0..config.book.len())];
        match Board::from_fen(fen) {
            Ok(b) => b,
            Err(_) => return Vec::new(),
        }
    };
    for _ in 0..config.random_plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            return Vec::new();
        }
        board.make_move(moves[rng.gen_range(0..moves.len())]);
    }
    if !board.has_legal_move() {
        return Vec::new();
    }

    tt.clear();
    td.clear();
    let mut keys = vec![board.key()];
    let mut records: Vec<(String, i32)> = Vec::new();
    let mut decisive_plies = 0;
    let mut quiet_plies = 0;
    let result: f32 = loop {
        // Rules first: mate, stalemate, fifty moves, dead material, threefold.
        if !board.has_legal_move() {
            break if board.in_check() {
                if board.side_to_move() == Color::White {
                    0.0
                } else {
                    1.0
                }
            } else {
                0.5
            };
        }
        let repetitions = keys
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&k| k == board.key())
            .count();
        if board.halfmove_clock() >= 100 || board.is_insufficient_material() || repetitions >= 3 {
            break 0.5;
        }
        if keys.len() > 600 {
            break 0.5;
        }

        let control = SearchControl::new(1, false);
        let params = SearchParams {
            board,
            history: keys.clone(),
            limits: Limits::nodes(config.nodes),
            searchmoves: Vec::new(),
            multipv: 1,
            move_overhead: 0,
            auto_draw: false,
        };
        let outcome = search(&params, tt, &control, std::slice::from_mut(td), &SilentReporter);
        let Some(best) = outcome.best else { break 0.5 };
        let white_score = if board.side_to_move() == Color::White {
            outcome.score
        } else {
            -outcome.score
        };

        // Adjudication keeps games short: a clear winner, or a dead draw.
        if outcome.score.abs() >= 2000 {
            decisive_plies += 1;
            if decisive_plies >= 4 {
                break if white_score > 0 { 1.0 } else { 0.0 };
            }
        } else {
            decisive_plies = 0;
        }
        if keys.len() > 160 && outcome.score.abs() <= 10 {
            quiet_plies += 1;
            if quiet_plies >= 12 {
                break 0.5;
            }
        } else {
            quiet_plies = 0;
        }

        if is_recordable(&board, best, outcome.score) {
            records.push((board.to_fen(), white_score));
        }
        board.make_move(best);
        keys.push(board.key());
    };
    records
        .into_iter()
        .map(|(fen, score)| format!("{fen} | {score} | {}", result_text(result)))
        .collect()
}

/// Quiet positions only: not in check, best move not a capture or promotion,
/// no mate score.
fn is_recordable(board: &Board, best: Move, score: i32) -> bool {
    !board.in_check() && !best.is_noisy() && score.abs() < MATE_BOUND
}

/// Runs the whole generation, printing progress to stderr.
pub fn run(config: &DatagenConfig) -> std::io::Result<()> {
    let mut file = std::io::BufWriter::new(std::fs::File::create(&config.out)?);
    let next_game = AtomicUsize::new(0);
    let positions = AtomicU64::new(0);
    let finished = AtomicUsize::new(0);
    // Finished games wait here until all earlier games are written, so the
    // file is in game order.
    let pending: Mutex<(usize, std::collections::BTreeMap<usize, Vec<String>>)> =
        Mutex::new((0, std::collections::BTreeMap::new()));
    let start = Instant::now();
    let writer = Mutex::new(&mut file);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let tt = TranspositionTable::new(8);
                let mut td = ThreadData::new(0);
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    let lines = play_game(config, index, &tt, &mut td);
                    positions.fetch_add(lines.len() as u64, Ordering::Relaxed);
                    let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    let mut queue = pending.lock().unwrap_or_else(|e| e.into_inner());
                    queue.1.insert(index, lines);
                    let mut out = writer.lock().unwrap_or_else(|e| e.into_inner());
                    loop {
                        let next = queue.0;
                        let Some(lines) = queue.1.remove(&next) else { break };
                        for line in lines {
                            let _ = writeln!(out, "{line}");
                        }
                        queue.0 += 1;
                    }
                    if done.is_multiple_of(50) || done == config.games {
                        let secs = start.elapsed().as_secs_f64();
                        eprintln!(
                            "datagen: {done}/{} games, {} positions, {:.1} games/s, {:.0} positions/s",
                            config.games,
                            positions.load(Ordering::Relaxed),
                            done as f64 / secs,
                            positions.load(Ordering::Relaxed) as f64 / secs
                        );
                    }
                }
            });
        }
    });
    file.flush()?;
    eprintln!(
        "datagen: done, {} positions from {} games in {:.0} s",
        positions.load(Ordering::Relaxed),
        config.games,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Parses `daba datagen` arguments: `--games N --nodes N --threads N --seed N
/// --book FILE --random-plies N --out FILE`.
pub fn parse_args(args: &[String]) -> Result<DatagenConfig, String> {
    let mut config = DatagenConfig {
        games: 1000,
        nodes: 5000,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        seed: 1,
        book: Vec::new(),
        random_plies: 6,
        out: "datagen.txt".into(),
    };
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{} needs a number, got '{value}'", args[i]))
        };
        match args[i].as_str() {
            "--games" => config.games = number()? as usize,
            "--nodes" => config.nodes = number()?.max(1),
            "--threads" => config.threads = number()?.max(1) as usize,
            "--seed" => config.seed = number()?,
            "--random-plies" => config.random_plies = number()? as usize,
            "--out" => config.out = value.clone(),
            "--book" => {
                let text = std::fs::read_to_string(value).map_err(|e| format!("book {value}: {e}"))?;
                config.book = text
                    .lines()
                    .map(|l| l.split(';').next().unwrap_or("").trim().to_string())
                    .filter(|l| !l.is_empty())
                    .collect();
            }
            other => return Err(format!("unknown datagen option '{other}'")),
        }
        i += 2;
    }
    Ok(config)
}
