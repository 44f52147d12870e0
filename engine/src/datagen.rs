//! `daba datagen`: self-play games at a small fixed node budget, written as
//! game records (see [`format`]): every searched position's best move and
//! score, and the game's result. They are the training data of the NNUE
//! trainer (`daba train`) and, converted to text, of the evaluation tuner
//! (`daba tune`).
//!
//! Each game starts from a book position (or the start position) plus a few
//! random legal moves. Game `i` is played with its own seed derived from the
//! run's seed and `i`, a fresh hash table and fresh histories, and games are
//! written in game order, so the file is the same for a given seed whatever
//! the number of threads. Each finished game is flushed to the file at once,
//! so a stopped run keeps its games; running the same command again reads
//! the games already in the file and continues with the next one, which
//! gives the same file as an uninterrupted run.
//!
//! The generator records everything; choosing positions (quiet only, no
//! mate scores, ...) is the reader's job ([`format::Filter`]).

pub mod convert;
pub mod format;

use crate::search::{
    search, Limits, SearchControl, SearchParams, SilentReporter, ThreadData, TranspositionTable,
};
use format::{DataError, GameReader, GameRecord, Outcome, Ply};
use movegen::{Board, Color};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::io::{Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Settings of a run.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Number of games the file should hold when the run ends.
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
    /// Where to write the games.
    pub out: String,
    /// The evaluation the games are played with: `None` for the hand-crafted
    /// one, or an NNUE net (`--eval-file`).
    pub network: Option<std::sync::Arc<eval::nnue::Network>>,
}

impl DatagenConfig {
    /// A hash of the settings that decide the games (seed, nodes, book,
    /// random plies), stored in the file header so that a resumed run cannot
    /// append games made with other settings. Not 0 (0 means "unknown").
    pub fn settings_hash(&self) -> u64 {
        let mut hash = Fnv::new();
        hash.add(b"daba datagen 1");
        hash.add(&self.seed.to_le_bytes());
        hash.add(&self.nodes.to_le_bytes());
        hash.add(&(self.random_plies as u64).to_le_bytes());
        for fen in &self.book {
            hash.add(fen.as_bytes());
            hash.add(b"\n");
        }
        // The evaluation decides the games too. (Files made before nets
        // existed hashed nothing here; the hand-crafted evaluation keeps that.)
        if let Some(net) = &self.network {
            hash.add(b"nnue");
            hash.add(&net.to_bytes());
        }
        hash.0.max(1)
    }
}

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The start position of game `index`: a book position plus random plies
/// (fewer if a random line runs into mate or stalemate).
fn opening(config: &DatagenConfig, rng: &mut StdRng) -> Board {
    let mut board = if config.book.is_empty() {
        Board::startpos()
    } else {
        let fen = &config.book[rng.gen_range(0..config.book.len())];
        // parse_args only accepts books of valid FENs.
        Board::from_fen(fen).unwrap_or_else(|_| Board::startpos())
    };
    for _ in 0..config.random_plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        board.make_move(moves.as_slice()[rng.gen_range(0..moves.len())]);
    }
    board
}

/// Plays game `index` and returns its record.
fn play_game(
    config: &DatagenConfig,
    index: usize,
    tt: &TranspositionTable,
    td: &mut ThreadData,
) -> GameRecord {
    let mut rng = StdRng::seed_from_u64(config.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let start = opening(config, &mut rng);
    let mut board = start;
    tt.clear();
    td.clear();
    let mut keys = vec![board.key()];
    let mut plies = Vec::new();
    let mut decisive_plies = 0;
    let mut quiet_plies = 0;
    let outcome = loop {
        if let Some(outcome) = rules_outcome(&board, &keys) {
            break outcome;
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
        let result = search(&params, tt, &control, std::slice::from_mut(td), &SilentReporter);
        let Some(best) = result.best else {
            break Outcome::Draw;
        };
        let score = result.score.clamp(-i32::from(i16::MAX), i32::from(i16::MAX));
        plies.push(Ply {
            best,
            score: score as i16,
        });

        // Adjudication keeps games short: a clear winner, or a dead draw.
        if score.abs() >= 2000 {
            decisive_plies += 1;
            if decisive_plies >= 4 {
                let white_wins = (score > 0) == (board.side_to_move() == Color::White);
                break if white_wins {
                    Outcome::WhiteWin
                } else {
                    Outcome::BlackWin
                };
            }
        } else {
            decisive_plies = 0;
        }
        if keys.len() > 160 && score.abs() <= 10 {
            quiet_plies += 1;
            if quiet_plies >= 12 {
                break Outcome::Draw;
            }
        } else {
            quiet_plies = 0;
        }
        board.make_move(best);
        keys.push(board.key());
    };
    GameRecord {
        start,
        outcome,
        plies,
    }
}

/// The result when the rules end the game here: mate, stalemate, fifty
/// moves, dead material, threefold repetition, or the 600-ply cap.
fn rules_outcome(board: &Board, keys: &[u64]) -> Option<Outcome> {
    if !board.has_legal_move() {
        return Some(match (board.in_check(), board.side_to_move()) {
            (false, _) => Outcome::Draw,
            (true, Color::White) => Outcome::BlackWin,
            (true, Color::Black) => Outcome::WhiteWin,
        });
    }
    let repetitions = keys
        .iter()
        .rev()
        .step_by(2)
        .filter(|&&k| k == board.key())
        .count();
    let drawn = board.halfmove_clock() >= 100 || board.is_insufficient_material() || repetitions >= 3;
    (drawn || keys.len() > 600).then_some(Outcome::Draw)
}

/// Opens `--out` for appending: a new file gets a header; an existing one
/// must have been made with the same settings, loses a partly written last
/// game, and tells how many games it holds.
fn open_output(config: &DatagenConfig) -> Result<(std::fs::File, usize), DataError> {
    let settings = config.settings_hash();
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&config.out)?;
    if file.metadata()?.len() == 0 {
        format::write_file_header(&mut file, settings)?;
        return Ok((file, 0));
    }
    let mut reader = GameReader::new(std::io::BufReader::new(&mut file))?;
    if reader.settings() != settings {
        return Err(DataError::Io(std::io::Error::other(format!(
            "{} was made with other settings (seed, nodes, book or random plies); \
             use another --out or the same settings",
            config.out
        ))));
    }
    loop {
        match reader.skip_game() {
            Ok(true) => {}
            Ok(false) => break,
            Err(DataError::Truncated { .. }) => {
                eprintln!(
                    "datagen: dropping a partly written game at the end of {}",
                    config.out
                );
                break;
            }
            Err(e) => return Err(e),
        }
    }
    let (games, end) = (reader.games(), reader.offset());
    drop(reader);
    file.set_len(end)?;
    file.seek(SeekFrom::Start(end))?;
    Ok((file, games))
}

/// Games finished out of order wait here until every earlier game is
/// written.
struct Pending {
    next: usize,
    waiting: BTreeMap<usize, Vec<u8>>,
}

/// Counters for the progress line.
struct Progress {
    start: Instant,
    first: usize,
    finished: AtomicUsize,
    positions: AtomicU64,
}

impl Progress {
    fn report(&self, config: &DatagenConfig, done: usize) {
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        let positions = self.positions.load(Ordering::Relaxed);
        eprintln!(
            "datagen: {}/{} games, {positions} positions this run, {:.1} games/s, {:.0} positions/s",
            self.first + done,
            config.games,
            done as f64 / secs,
            positions as f64 / secs
        );
    }
}

/// Runs the whole generation (or the rest of it, when `--out` already holds
/// games), printing progress to stderr.
pub fn run(config: &DatagenConfig) -> Result<(), DataError> {
    let (file, first) = open_output(config)?;
    if first >= config.games {
        eprintln!("datagen: {} already holds {first} games", config.out);
        return Ok(());
    }
    if first > 0 {
        eprintln!(
            "datagen: {} holds {first} games; continuing with game {first}",
            config.out
        );
    }
    let next_game = AtomicUsize::new(first);
    let progress = Progress {
        start: Instant::now(),
        first,
        finished: AtomicUsize::new(0),
        positions: AtomicU64::new(0),
    };
    let pending = Mutex::new((
        Pending {
            next: first,
            waiting: BTreeMap::new(),
        },
        std::io::BufWriter::new(file),
    ));
    let failed = AtomicBool::new(false);
    let error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let tt = TranspositionTable::new(8);
                let mut td = ThreadData::new(0);
                td.set_network(config.network.clone());
                while !failed.load(Ordering::Relaxed) {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    let game = play_game(config, index, &tt, &mut td);
                    let mut bytes = Vec::new();
                    game.encode(&mut bytes);
                    progress
                        .positions
                        .fetch_add(game.plies.len() as u64, Ordering::Relaxed);
                    let mut guard = pending.lock().unwrap_or_else(|e| e.into_inner());
                    let (queue, out) = &mut *guard;
                    queue.waiting.insert(index, bytes);
                    if let Err(e) = write_ready(queue, out) {
                        failed.store(true, Ordering::Relaxed);
                        *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                        break;
                    }
                    let done = progress.finished.fetch_add(1, Ordering::Relaxed) + 1;
                    if done.is_multiple_of(50) || first + done == config.games {
                        progress.report(config, done);
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(DataError::Io(e));
    }
    eprintln!(
        "datagen: done, {} positions from {} games in {:.0} s",
        progress.positions.load(Ordering::Relaxed),
        config.games - first,
        progress.start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Writes every game that is next in order and flushes, so that the file
/// always ends with a complete game.
fn write_ready(queue: &mut Pending, out: &mut impl Write) -> std::io::Result<()> {
    let mut wrote = false;
    while let Some(bytes) = queue.waiting.remove(&queue.next) {
        out.write_all(&bytes)?;
        queue.next += 1;
        wrote = true;
    }
    if wrote {
        out.flush()?;
    }
    Ok(())
}

/// Reads an opening book: one FEN (or EPD) per line, anything after `;`
/// ignored, blank lines skipped. Every position must be valid.
pub fn read_book(path: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("book {path}: {e}"))?;
    let mut book = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fen = line.split(';').next().unwrap_or("").trim();
        if fen.is_empty() {
            continue;
        }
        Board::from_fen(fen).map_err(|e| format!("book {path} line {}: {e}", n + 1))?;
        book.push(fen.to_string());
    }
    Ok(book)
}

/// Parses `daba datagen` arguments: `--games N --nodes N --threads N --seed N
/// --book FILE --random-plies N --out FILE --eval-file FILE|<default>|classical`
/// (`--eval-file`: the NNUE net to play with; `classical` is the hand-crafted
/// evaluation; the default is the engine's own default).
pub fn parse_args(args: &[String]) -> Result<DatagenConfig, String> {
    let mut config = DatagenConfig {
        games: 1000,
        nodes: 5000,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        seed: 1,
        book: Vec::new(),
        random_plies: 6,
        out: "datagen.bin".into(),
        network: crate::network::default_network(),
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
            "--book" => config.book = read_book(value)?,
            "--eval-file" => {
                config.network = if value == "classical" {
                    None
                } else {
                    Some(crate::network::load(value).map_err(|e| format!("--eval-file {value}: {e}"))?)
                }
            }
            other => return Err(format!("unknown datagen option '{other}'")),
        }
        i += 2;
    }
    Ok(config)
}
