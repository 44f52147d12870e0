//! `daba datagen`: self-play games at a small node budget, written as game
//! records (see [`format`]): every searched position's best move and score,
//! and the game's result. They are the training data of the NNUE trainer
//! (`daba train`) and, converted to text, of the evaluation tuner (`daba
//! tune`).
//!
//! Each search has a soft node limit (it ends after the iteration that
//! reaches it, so no work is thrown away) and a hard cap, 8 times the soft
//! limit by default (`--nodes` alone is the old fixed budget, which threw the
//! unfinished iteration away). A game ends by the rules or by adjudication:
//! a win once the score stays beyond `--win-score` for `--win-plies` plies in
//! a row, a draw after 12 plies within 10 centipawns past ply 160.
//!
//! Each game starts from a book position (or the start position) plus a
//! number of random legal moves drawn from `--random-plies` (a range of two
//! or more numbers lets either colour move first, whatever the book). One
//! verification search of that position (`--verify-nodes`) rejects it if its
//! score is beyond `--verify-score` either way, and the next random draw is
//! tried. Game `i` is played with its own seed derived from the run's seed
//! and `i`, a fresh hash table and fresh histories, and games are
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
use engine::search::{Limits, SilentReporter};
use engine::session::{SearchOutcome, SearchRequest, Session};
use format::{DataError, GameReader, GameRecord, Outcome, Ply};
use movegen::{Board, Color};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::io::{Seek, SeekFrom, Write};
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The soft node limit of each search by default: about 5600 nodes a
/// search (the iteration that crosses the limit runs on to its end), 12%
/// more than the old fixed budget of 5000 nodes, for a quarter of a ply more
/// depth (docs/nnue.md, "Datagen settings (2026-12-04)").
pub const DEFAULT_SOFT_NODES: u64 = 2500;
/// The hard node cap by default, as a multiple of the soft limit.
pub const HARD_NODES_PER_SOFT: u64 = 8;
/// Win adjudication by default: a score beyond this many centipawns ...
pub const DEFAULT_WIN_SCORE: i32 = 1000;
/// ... for this many plies in a row.
pub const DEFAULT_WIN_PLIES: usize = 4;
/// Random plies after the book position by default: 8 or 9, so either
/// colour moves first in half the games (the book's positions all have the
/// same side to move).
pub const DEFAULT_RANDOM_PLIES: RangeInclusive<usize> = 8..=9;
/// The opening check by default: a search of this soft node limit (about
/// 17,000 nodes; twice that judged the openings alike) ...
pub const DEFAULT_VERIFY_NODES: u64 = 10_000;
/// ... whose score must be within this many centipawns either way.
pub const DEFAULT_VERIFY_SCORE: i32 = 400;
/// Win adjudication of files made before 2026-12-04 (and their settings
/// hash).
pub const LEGACY_WIN_SCORE: i32 = 2000;
/// The same, plies.
pub const LEGACY_WIN_PLIES: usize = 4;
/// Openings drawn for one game at most; after that the one with the
/// smallest verification score is played.
const MAX_OPENING_DRAWS: usize = 100;

/// Settings of a run.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Number of games the file should hold when the run ends.
    pub games: usize,
    /// Hard node limit of each search: the search is aborted at it, and its
    /// unfinished iteration thrown away.
    pub nodes: u64,
    /// Soft node limit of each search: no iteration starts once the search
    /// has searched this many nodes. `None`: the hard limit alone, as in
    /// files made before 2026-12-04.
    pub soft_nodes: Option<u64>,
    /// Worker threads.
    pub threads: usize,
    /// Seed of the run.
    pub seed: u64,
    /// Opening positions (FENs); empty means the start position.
    pub book: Vec<String>,
    /// Random legal moves played after the book position: a number from
    /// this range, drawn per game (none drawn when it holds one number).
    pub random_plies: RangeInclusive<usize>,
    /// Opening check: the soft node limit of one search of each start
    /// position (its hard cap [`HARD_NODES_PER_SOFT`] times that); `None`:
    /// no check.
    pub verify_nodes: Option<u64>,
    /// Opening check: a start position whose score is beyond this many
    /// centipawns either way is rejected and the next one drawn.
    pub verify_score: i32,
    /// Win adjudication: a game is won once the score is beyond this many
    /// centipawns ...
    pub win_score: i32,
    /// ... for this many plies in a row.
    pub win_plies: usize,
    /// Where to write the games.
    pub out: String,
    /// The evaluation the games are played with: `None` for the hand-crafted
    /// one, or an NNUE net (`--eval-file`).
    pub network: Option<std::sync::Arc<eval::nnue::Network>>,
}

impl DatagenConfig {
    /// True when the settings are those of the generator before 2026-12-04
    /// (no soft node limit, a fixed number of random plies, no opening
    /// check, wins adjudicated at 2000 centipawns for 4 plies): such a run
    /// plays the games of that generator (with the same engine) and hashes
    /// its settings as it did, so it can continue an old file.
    pub fn is_legacy(&self) -> bool {
        self.soft_nodes.is_none()
            && self.random_plies.start() == self.random_plies.end()
            && self.verify_nodes.is_none()
            && self.win_score == LEGACY_WIN_SCORE
            && self.win_plies == LEGACY_WIN_PLIES
    }

    /// A hash of the settings that decide the games (seed, node limits,
    /// book, random plies, opening check, win adjudication, evaluation),
    /// stored in the file header so that a resumed run cannot append games
    /// made with other settings. Not 0 (0 means "unknown"). Legacy settings
    /// ([`DatagenConfig::is_legacy`]) hash as they always did.
    pub fn settings_hash(&self) -> u64 {
        let mut hash = Fnv::new();
        hash.add(b"daba datagen 1");
        hash.add(&self.seed.to_le_bytes());
        hash.add(&self.nodes.to_le_bytes());
        hash.add(&(*self.random_plies.start() as u64).to_le_bytes());
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
        if !self.is_legacy() {
            hash.add(b"daba datagen 2");
            hash.add(&self.soft_nodes.unwrap_or(0).to_le_bytes());
            hash.add(&(*self.random_plies.end() as u64).to_le_bytes());
            hash.add(&i64::from(self.win_score).to_le_bytes());
            hash.add(&(self.win_plies as u64).to_le_bytes());
            hash.add(&self.verify_nodes.unwrap_or(0).to_le_bytes());
            if self.verify_nodes.is_some() {
                hash.add(&i64::from(self.verify_score).to_le_bytes());
            }
        }
        hash.0.max(1)
    }

    /// The limits of one move's search.
    fn move_limits(&self) -> Limits {
        Limits {
            nodes: Some(self.nodes),
            soft_nodes: self.soft_nodes,
            ..Limits::default()
        }
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
pub const DATAGEN_HASH_MB: usize = 8;

/// What the searches of one game cost, for the progress lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    /// Searches of the game's moves (one per recorded position).
    pub searches: u64,
    /// Their nodes.
    pub nodes: u64,
    /// The sum of their completed depths.
    pub depth: u64,
    /// Those stopped by the hard node limit (with a soft limit: its cap).
    pub capped: u64,
    /// Opening positions drawn (1 per game without the opening check).
    pub openings: u64,
    /// Nodes of the opening checks.
    pub verify_nodes: u64,
}

/// A book position plus random plies (fewer if a random line runs into
/// mate or stalemate). The number of plies is drawn only when the range
/// holds more than one number, so a fixed number draws what the generator
/// before 2026-12-04 drew.
fn random_opening(config: &DatagenConfig, rng: &mut StdRng) -> Board {
    let mut board = if config.book.is_empty() {
        Board::startpos()
    } else {
        let fen = &config.book[rng.gen_range(0..config.book.len())];
        // parse_args only accepts books of valid FENs.
        Board::from_fen(fen).unwrap_or_else(|_| Board::startpos())
    };
    let (low, high) = (*config.random_plies.start(), *config.random_plies.end());
    let plies = if low < high {
        rng.gen_range(low..=high)
    } else {
        low
    };
    for _ in 0..plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        board.make_move(moves.as_slice()[rng.gen_range(0..moves.len())]);
    }
    board
}

/// The opening check's search of `board`: from a clear table and clear
/// histories, soft node limit `verify_nodes`, hard cap
/// [`HARD_NODES_PER_SOFT`] times that. Its outcome depends only on the
/// session's settings and `board`.
pub fn check_opening(session: &mut Session, board: Board, verify_nodes: u64) -> SearchOutcome {
    let limits = Limits {
        soft_nodes: Some(verify_nodes),
        nodes: Some(verify_nodes.saturating_mul(HARD_NODES_PER_SOFT)),
        ..Limits::default()
    };
    session.clear_in_place();
    session.search(&SearchRequest::new(board).limits(limits), &SilentReporter)
}

/// A session as every generating thread has: the run's seed, its own
/// hash table of [`DATAGEN_HASH_MB`], the run's evaluation.
pub fn new_session(config: &DatagenConfig) -> Session {
    let mut session = Session::with_seed(config.seed);
    session
        .set_hash_mb(DATAGEN_HASH_MB)
        .expect("memory for the hash table");
    session.set_network(config.network.clone());
    session
}

/// The start position of a game: random openings drawn until one passes
/// the opening check (a search from a clear table scores it within
/// `verify_score` and finds a move), or the first one without the check.
/// After [`MAX_OPENING_DRAWS`] draws, the most balanced one seen.
fn opening(config: &DatagenConfig, rng: &mut StdRng, session: &mut Session, stats: &mut GameStats) -> Board {
    let Some(verify_nodes) = config.verify_nodes else {
        stats.openings = 1;
        return random_opening(config, rng);
    };
    let mut most_balanced: Option<(i32, Board)> = None;
    let mut last = None;
    for _ in 0..MAX_OPENING_DRAWS {
        let board = random_opening(config, rng);
        stats.openings += 1;
        last = Some(board);
        let result = check_opening(session, board, verify_nodes);
        stats.verify_nodes += result.nodes;
        if result.best.is_none() {
            continue;
        }
        let score = result.score.abs();
        if score <= config.verify_score {
            return board;
        }
        if most_balanced.is_none_or(|(best, _)| score < best) {
            most_balanced = Some((score, board));
        }
    }
    most_balanced
        .map(|(_, board)| board)
        .or(last)
        .unwrap_or_else(Board::startpos)
}

/// Plays game `index` and returns its record and what its searches cost.
fn play_game(config: &DatagenConfig, index: usize, session: &mut Session) -> (GameRecord, GameStats) {
    let mut rng = StdRng::seed_from_u64(config.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut stats = GameStats::default();
    let start = opening(config, &mut rng, session, &mut stats);
    let mut board = start;
    session.clear_in_place();
    let limits = config.move_limits();
    let mut keys = vec![board.key()];
    let mut plies = Vec::new();
    let mut decisive_plies = 0;
    let mut quiet_plies = 0;
    let outcome = loop {
        if let Some(outcome) = rules_outcome(&board, &keys) {
            break outcome;
        }
        let request = SearchRequest::new(board).history(&keys).limits(limits.clone());
        let result = session.search(&request, &SilentReporter);
        let Some(best) = result.best else {
            break Outcome::Draw;
        };
        stats.searches += 1;
        stats.nodes += result.nodes;
        stats.depth += u64::from(result.depth);
        stats.capped += u64::from(result.nodes >= config.nodes);
        let score = result.score.clamp(-i32::from(i16::MAX), i32::from(i16::MAX));
        plies.push(Ply {
            best,
            score: score as i16,
        });

        // Adjudication keeps games short: a clear winner, or a dead draw.
        if score.abs() >= config.win_score {
            decisive_plies += 1;
            if decisive_plies >= config.win_plies {
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
    (
        GameRecord {
            start,
            outcome,
            plies,
        },
        stats,
    )
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
            "{} was made with other settings (seed, node limits, book, random plies, \
             opening check, win adjudication or net); use another --out or the same settings",
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
    totals: Mutex<GameStats>,
}

impl GameStats {
    fn add(&mut self, other: &GameStats) {
        self.searches += other.searches;
        self.nodes += other.nodes;
        self.depth += other.depth;
        self.capped += other.capped;
        self.openings += other.openings;
        self.verify_nodes += other.verify_nodes;
    }
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
/// games), printing progress to stderr. Returns what the games of this run
/// cost.
pub fn run(config: &DatagenConfig) -> Result<GameStats, DataError> {
    let (file, first) = open_output(config)?;
    if first >= config.games {
        eprintln!("datagen: {} already holds {first} games", config.out);
        return Ok(GameStats::default());
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
        totals: Mutex::new(GameStats::default()),
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
                let mut session = new_session(config);
                while !failed.load(Ordering::Relaxed) {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    let (game, stats) = play_game(config, index, &mut session);
                    let mut bytes = Vec::new();
                    game.encode(&mut bytes);
                    progress
                        .positions
                        .fetch_add(game.plies.len() as u64, Ordering::Relaxed);
                    progress
                        .totals
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .add(&stats);
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
    let totals = progress.totals.into_inner().unwrap_or_else(|e| e.into_inner());
    let games = config.games - first;
    eprintln!(
        "datagen: done, {} positions from {games} games in {:.0} s; {} nodes in the games' searches \
         ({:.0} a search, mean depth {:.2}, {} stopped by --nodes), {} in opening checks of {} \
         openings drawn",
        totals.searches,
        progress.start.elapsed().as_secs_f64(),
        totals.nodes,
        totals.nodes as f64 / totals.searches.max(1) as f64,
        totals.depth as f64 / totals.searches.max(1) as f64,
        totals.capped,
        totals.verify_nodes,
        totals.openings,
    );
    Ok(totals)
}

/// `daba datagen`: runs and reports an error; returns the process exit code.
pub fn run_cli(config: &DatagenConfig) -> i32 {
    match run(config) {
        Ok(_) => 0,
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
    /// Soft node limit of each search (one search per move): it ends after the iteration that reaches it [default: 2500]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub soft_nodes: Option<u64>,
    /// Node limit of each search, a hard one that aborts the search [default: 8 x --soft-nodes]. Given alone, the old generator's fixed budget: no soft limit
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Worker threads, one game each [default: every core]
    #[arg(long, value_name = "N", value_parser = engine::positive_usize)]
    pub threads: Option<usize>,
    /// Seed of the random choices (one seed, one file, whatever --threads is)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Opening book: one FEN or EPD a line [default: the start position]
    #[arg(long, value_name = "FILE")]
    pub book: Option<String>,
    /// Random legal moves played after the opening position: N, or a range MIN-MAX from which each game draws its number
    #[arg(long, value_name = "N", default_value = "8-9", value_parser = parse_plies)]
    pub random_plies: RangeInclusive<usize>,
    /// Opening check: the soft node limit of one search of each start position (hard cap 8x); 0 for no check
    #[arg(long, value_name = "N", default_value_t = DEFAULT_VERIFY_NODES)]
    pub verify_nodes: u64,
    /// Opening check: start positions scored beyond CP centipawns either way are drawn again
    #[arg(long, value_name = "CP", default_value_t = DEFAULT_VERIFY_SCORE as u32)]
    pub verify_score: u32,
    /// Win adjudication: a game is won once the score stays beyond CP centipawns ...
    #[arg(long, value_name = "CP", default_value_t = DEFAULT_WIN_SCORE as u32, value_parser = clap::value_parser!(u32).range(1..32000))]
    pub win_score: u32,
    /// ... for N plies in a row
    #[arg(long, value_name = "N", default_value_t = DEFAULT_WIN_PLIES, value_parser = engine::positive_usize)]
    pub win_plies: usize,
    /// Output file: game records, continued if it exists
    #[arg(long, value_name = "FILE", default_value = "datagen.bin")]
    pub out: String,
    /// NNUE net to play with, or `classical`: the hand-crafted evaluation [default: the engine's]
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<String>,
}

/// `--random-plies`: `N` or `MIN-MAX`.
fn parse_plies(text: &str) -> Result<RangeInclusive<usize>, String> {
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("{text:?} is not N or MIN-MAX"))
    };
    let (low, high) = match text.split_once('-') {
        Some((low, high)) => (number(low)?, number(high)?),
        None => (number(text)?, number(text)?),
    };
    if low > high {
        return Err(format!("{text:?}: MIN is above MAX"));
    }
    Ok(low..=high)
}

impl DatagenArgs {
    /// The run these arguments ask for: reads the book and the net. An
    /// error names the argument at fault.
    pub fn config(&self) -> Result<DatagenConfig, String> {
        let (soft_nodes, nodes) = match (self.soft_nodes, self.nodes) {
            (None, None) => (Some(DEFAULT_SOFT_NODES), DEFAULT_SOFT_NODES * HARD_NODES_PER_SOFT),
            (Some(soft), None) => (Some(soft), soft.saturating_mul(HARD_NODES_PER_SOFT)),
            (None, Some(hard)) => (None, hard),
            (Some(soft), Some(hard)) if soft > hard => {
                return Err(format!(
                    "--soft-nodes {soft} is above --nodes {hard} (the hard cap)"
                ))
            }
            (Some(soft), Some(hard)) => (Some(soft), hard),
        };
        Ok(DatagenConfig {
            games: self.games,
            nodes,
            soft_nodes,
            threads: self
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            seed: self.seed,
            book: match &self.book {
                Some(path) => read_book(path)?,
                None => Vec::new(),
            },
            random_plies: self.random_plies.clone(),
            verify_nodes: (self.verify_nodes > 0).then_some(self.verify_nodes),
            verify_score: self.verify_score.min(i32::MAX as u32) as i32,
            win_score: self.win_score as i32,
            win_plies: self.win_plies,
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
                config.soft_nodes,
                config.nodes,
                config.seed,
                config.random_plies.clone(),
                config.out.as_str()
            ),
            (1000, Some(2500), 20_000, 1, DEFAULT_RANDOM_PLIES, "datagen.bin")
        );
        assert_eq!(
            (
                config.verify_nodes,
                config.verify_score,
                config.win_score,
                config.win_plies
            ),
            (Some(10_000), 400, 1000, 4)
        );
        assert!(config.threads >= 1 && config.book.is_empty() && !config.is_legacy());
        // --nodes alone is the old fixed budget; with the old adjudication,
        // a fixed number of random plies and no opening check, the old
        // generator's settings.
        let config = parse("--games 8 --nodes 400 --threads 2 --seed 2026 --random-plies 4 --out x.bin --eval-file classical --win-score 2000 --verify-nodes 0")
            .unwrap()
            .args
            .config()
            .unwrap();
        assert_eq!(
            (
                config.games,
                config.soft_nodes,
                config.nodes,
                config.threads,
                config.seed,
                config.random_plies.clone()
            ),
            (8, None, 400, 2, 2026, 4..=4)
        );
        assert!(config.out == "x.bin" && config.network.is_none());
        assert!(config.verify_nodes.is_none() && config.is_legacy());
        // --soft-nodes alone: the hard cap is 8 times it; both: as given.
        let limits = |line: &str| {
            let config = parse(line).unwrap().args.config().unwrap();
            (config.soft_nodes, config.nodes)
        };
        assert_eq!(limits("--soft-nodes 3000"), (Some(3000), 24_000));
        assert_eq!(limits("--soft-nodes 3000 --nodes 9000"), (Some(3000), 9000));
        assert!(parse("--soft-nodes 3000 --nodes 2000")
            .unwrap()
            .args
            .config()
            .is_err());
        let config = parse(
            "--random-plies 7-10 --verify-nodes 5000 --verify-score 300 --win-score 1250 --win-plies 5",
        )
        .unwrap()
        .args
        .config()
        .unwrap();
        assert_eq!(
            (
                config.random_plies.clone(),
                config.verify_nodes,
                config.verify_score,
                config.win_score,
                config.win_plies
            ),
            (7..=10, Some(5000), 300, 1250, 5)
        );
        for bad in [
            "--nodes 0",
            "--soft-nodes 0",
            "--threads 0",
            "--games -1",
            "--seed x",
            "--bogus 1",
            "--out",
            "--random-plies 9-7",
            "--random-plies 8-",
            "--random-plies x",
            "--win-score 0",
            "--win-plies 0",
            "--verify-score -1",
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
