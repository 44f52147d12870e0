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

use engine::openings::read_book;
use engine::search::SilentReporter;
use engine::session::{SearchRequest, Session};
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

/// Hash table of each generating thread, in MB.
const DATAGEN_HASH_MB: usize = 8;

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
fn play_game(config: &DatagenConfig, index: usize, session: &mut Session) -> GameRecord {
    let mut rng = StdRng::seed_from_u64(config.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let start = opening(config, &mut rng);
    let mut board = start;
    session.clear_in_place();
    let mut keys = vec![board.key()];
    let mut plies = Vec::new();
    let mut decisive_plies = 0;
    let mut quiet_plies = 0;
    let outcome = loop {
        if let Some(outcome) = rules_outcome(&board, &keys) {
            break outcome;
        }
        let request = SearchRequest::new(board).history(&keys).nodes(config.nodes);
        let result = session.search(&request, &SilentReporter);
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

/// The result when the rules end the game here (movegen's
/// [`Board::game_status`]: mate, stalemate, dead material, and the draws
/// that a player could claim, taken at once: threefold repetition and fifty
/// moves), or the 600-ply cap.
fn rules_outcome(board: &Board, keys: &[u64]) -> Option<Outcome> {
    let status = board.game_status(keys);
    match status.end.or(status.claim) {
        Some(end) => Some(match end.winner() {
            Some(Color::White) => Outcome::WhiteWin,
            Some(Color::Black) => Outcome::BlackWin,
            None => Outcome::Draw,
        }),
        None => (keys.len() > 600).then_some(Outcome::Draw),
    }
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
                let mut session = Session::with_seed(config.seed);
                session
                    .set_hash_mb(DATAGEN_HASH_MB)
                    .expect("memory for the hash table");
                session.set_network(config.network.clone());
                while !failed.load(Ordering::Relaxed) {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    let game = play_game(config, index, &mut session);
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

/// `daba datagen`: runs and reports an error; returns the process exit code.
pub fn run_cli(config: &DatagenConfig) -> i32 {
    match run(config) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("datagen: {e}");
            1
        }
    }
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

/// `daba datagen` arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct DatagenArgs {
    /// Games the output file holds at the end (a stopped run continues when run again)
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: usize,
    /// Node limit of each search (one search per move)
    #[arg(long, value_name = "N", default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Worker threads, one game each [default: every core]
    #[arg(long, value_name = "N", value_parser = engine::positive_usize)]
    pub threads: Option<usize>,
    /// Seed of the random choices (one seed, one file, whatever --threads is)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Opening book: one FEN or EPD a line [default: the start position]
    #[arg(long, value_name = "FILE")]
    pub book: Option<String>,
    /// Random legal moves played after the opening position
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub random_plies: usize,
    /// Output file: game records, continued if it exists
    #[arg(long, value_name = "FILE", default_value = "datagen.bin")]
    pub out: String,
    /// NNUE net to play with, or `classical`: the hand-crafted evaluation [default: the engine's]
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<String>,
}

impl DatagenArgs {
    /// The run these arguments ask for: reads the book and the net. An
    /// error names the argument at fault.
    pub fn config(&self) -> Result<DatagenConfig, String> {
        Ok(DatagenConfig {
            games: self.games,
            nodes: self.nodes,
            threads: self
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            seed: self.seed,
            book: match &self.book {
                Some(path) => read_book(path)?,
                None => Vec::new(),
            },
            random_plies: self.random_plies,
            out: self.out.clone(),
            network: match self.eval_file.as_deref() {
                None => engine::network::default_network(),
                Some("classical") => None,
                Some(file) => {
                    Some(engine::network::load(file).map_err(|e| format!("--eval-file {file}: {e}"))?)
                }
            },
        })
    }
}

/// The position filters of the data readers (`daba convert-data`, `daba
/// train`): each flag adds a filter to the reader's default.
#[derive(clap::Args, Clone, Debug, Default)]
#[command(next_help_heading = "Position filters")]
pub struct FilterArgs {
    /// Keep quiet positions only: the same as --no-check --no-noisy --no-mates
    #[arg(long)]
    pub quiet: bool,
    /// Skip positions whose side to move is in check
    #[arg(long)]
    pub no_check: bool,
    /// Skip positions whose best move is a capture or a promotion
    #[arg(long)]
    pub no_noisy: bool,
    /// Skip positions with a mate score
    #[arg(long)]
    pub no_mates: bool,
    /// Skip positions scored beyond N centipawns either way
    #[arg(long, value_name = "N")]
    pub max_score: Option<u32>,
    /// Skip the first N positions of each game
    #[arg(long, value_name = "N")]
    pub min_ply: Option<usize>,
}

impl FilterArgs {
    /// `base` with these filters added.
    pub fn apply(&self, base: format::Filter) -> format::Filter {
        let mut filter = base;
        filter.skip_in_check |= self.quiet || self.no_check;
        filter.skip_noisy |= self.quiet || self.no_noisy;
        filter.skip_mates |= self.quiet || self.no_mates;
        if let Some(max) = self.max_score {
            filter.max_abs_score = max.min(i32::MAX as u32) as i32;
        }
        if let Some(min) = self.min_ply {
            filter.min_ply = min;
        }
        filter
    }
}

#[cfg(test)]
mod args_tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Datagen {
        #[command(flatten)]
        args: DatagenArgs,
        #[command(flatten)]
        filter: FilterArgs,
    }

    fn parse(line: &str) -> Result<Datagen, clap::Error> {
        Datagen::try_parse_from(std::iter::once("datagen").chain(line.split_whitespace()))
    }

    #[test]
    fn datagen_arguments_and_their_defaults() {
        let config = parse("").unwrap().args.config().unwrap();
        assert_eq!(
            (
                config.games,
                config.nodes,
                config.seed,
                config.random_plies,
                config.out.as_str()
            ),
            (1000, 5000, 1, 6, "datagen.bin")
        );
        assert!(config.threads >= 1 && config.book.is_empty());
        let config = parse("--games 8 --nodes 400 --threads 2 --seed 2026 --random-plies 4 --out x.bin --eval-file classical")
            .unwrap()
            .args
            .config()
            .unwrap();
        assert_eq!(
            (
                config.games,
                config.nodes,
                config.threads,
                config.seed,
                config.random_plies
            ),
            (8, 400, 2, 2026, 4)
        );
        assert!(config.out == "x.bin" && config.network.is_none());
        for bad in [
            "--nodes 0",
            "--threads 0",
            "--games -1",
            "--seed x",
            "--bogus 1",
            "--out",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(parse("--book /nonexistent/book.epd")
            .unwrap()
            .args
            .config()
            .is_err());
        assert!(parse("--eval-file /nonexistent/net.nnue")
            .unwrap()
            .args
            .config()
            .is_err());
    }

    #[test]
    fn filter_flags_add_to_the_base_filter() {
        use format::Filter;
        let filter = |line: &str, base: Filter| parse(line).unwrap().filter.apply(base);
        let all = filter("", Filter::ALL);
        assert!(!all.skip_in_check && !all.skip_noisy && !all.skip_mates);
        assert_eq!((all.max_abs_score, all.min_ply), (i32::MAX, 0));
        let quiet = filter("--quiet", Filter::ALL);
        assert!(quiet.skip_in_check && quiet.skip_noisy && quiet.skip_mates);
        let some = filter("--no-check --max-score 500 --min-ply 8", Filter::ALL);
        assert!(some.skip_in_check && !some.skip_noisy && !some.skip_mates);
        assert_eq!((some.max_abs_score, some.min_ply), (500, 8));
        let kept = filter("--max-score 700", Filter::QUIET);
        assert!(kept.skip_in_check && kept.skip_noisy && kept.skip_mates);
        assert_eq!(kept.max_abs_score, 700);
    }
}
