//! Running an analysis: games (or positions) are shared out among worker
//! threads, each with its own hash table and search threads; the main
//! thread writes the results in input order as they come, shows progress,
//! and on Ctrl-C writes what is finished.
//!
//! With `--threads N` and several games, `min(N, games)` workers analyse a
//! game each and the N search threads are shared out among them (one game
//! alone gets all N). Every game starts from a cleared hash table and
//! cleared histories and keeps them through its moves, so its analysis does
//! not depend on which worker took it or what that worker did before: with
//! `--nodes` and one search thread per game, the output is the same on
//! every run.
//!
//! The output file is written as `.NAME.part` beside it and renamed when
//! complete, so `--out` never names a half-written file; on standard output
//! each game or position is written whole.

use crate::analysis::{analyse_game, wanted_positions, GameAnalysis, Selection};
use crate::epd::{self, EpdError, Position};
use crate::interrupt::Interrupt;
use crate::pgn::{self, Game, PgnError};
use crate::search::{SearchSettings, Searcher};
use crate::{svg, write};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// What to analyse.
#[derive(Debug)]
pub enum Input {
    /// Games from a PGN file.
    Games {
        /// The file's name, for messages.
        name: String,
        /// The games that could be read.
        games: Vec<Game>,
        /// The games that could not.
        errors: Vec<PgnError>,
    },
    /// Positions from a FEN/EPD list or `--fen`.
    Positions {
        /// The file's name, for messages.
        name: String,
        /// The positions that could be read.
        positions: Vec<Position>,
        /// The lines that could not.
        errors: Vec<EpdError>,
    },
}

/// Everything a run needs.
#[derive(Debug)]
pub struct Config {
    /// The games or positions.
    pub input: Input,
    /// Limits, MultiPV, evaluation.
    pub settings: SearchSettings,
    /// The limits in words (`depth 18`).
    pub settings_text: String,
    /// Which moves of a game are judged.
    pub selection: Selection,
    /// Threads in all.
    pub threads: usize,
    /// Hash in MB, in all.
    pub hash_mb: usize,
    /// Output file (`None`: standard output).
    pub out: Option<PathBuf>,
    /// Folder for the graphs.
    pub svg: Option<PathBuf>,
    /// JSON lines instead of PGN or text.
    pub json: bool,
}

/// Reads a PGN file or a position list (`-`: standard input). PGN when the
/// name ends in `.pgn`, positions when it ends in `.epd` or `.fen`, and
/// otherwise PGN when the first line that says anything starts with `[` or
/// a move number.
pub fn read_input(path: &str) -> Result<Input, String> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    read.map_err(|e| format!("{path}: {e}"))?;
    // Old PGN files are often Latin-1: keep what can be read.
    let text = String::from_utf8_lossy(&bytes);
    let lower = path.to_ascii_lowercase();
    let is_pgn = if lower.ends_with(".pgn") {
        true
    } else if lower.ends_with(".epd") || lower.ends_with(".fen") {
        false
    } else {
        let first = text
            .trim_start_matches('\u{feff}')
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('%') && !l.starts_with('#'))
            .unwrap_or_default();
        first.starts_with('[') || first.starts_with('{') || first.starts_with("1.") || first.starts_with("1 ")
    };
    let name = path.to_string();
    Ok(if is_pgn {
        let (games, errors) = pgn::read_all(&text);
        Input::Games { name, games, errors }
    } else {
        let (positions, errors) = epd::read_all(&text);
        Input::Positions {
            name,
            positions,
            errors,
        }
    })
}

/// A finished game or position, rendered.
struct Rendered {
    text: String,
    svg: Option<(usize, String)>,
    /// One line for stderr (games only).
    summary: Option<String>,
    interrupted: bool,
}

enum Message {
    /// A position was searched.
    Position,
    /// Item `index` is finished (`None`: stopped before anything was done).
    Done(usize, Option<Rendered>),
}

/// Where the output goes.
enum Sink {
    Stdout(std::io::Stdout),
    File {
        tmp: PathBuf,
        path: PathBuf,
        file: std::io::BufWriter<std::fs::File>,
    },
}

impl Sink {
    fn open(out: &Option<PathBuf>) -> Result<Sink, String> {
        let Some(path) = out else {
            return Ok(Sink::Stdout(std::io::stdout()));
        };
        let tmp = part_path(path);
        let file = std::fs::File::create(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
        Ok(Sink::File {
            tmp,
            path: path.clone(),
            file: std::io::BufWriter::new(file),
        })
    }

    fn write(&mut self, text: &str) -> Result<(), String> {
        match self {
            Sink::Stdout(out) => {
                let mut out = out.lock();
                out.write_all(text.as_bytes())
                    .and_then(|_| out.flush())
                    .map_err(|e| format!("standard output: {e}"))
            }
            Sink::File { tmp, file, .. } => file
                .write_all(text.as_bytes())
                .map_err(|e| format!("{}: {e}", tmp.display())),
        }
    }

    fn finish(self) -> Result<(), String> {
        match self {
            Sink::Stdout(_) => Ok(()),
            Sink::File { tmp, path, file } => {
                let file = file.into_inner().map_err(|e| format!("{}: {e}", tmp.display()))?;
                file.sync_all().map_err(|e| format!("{}: {e}", tmp.display()))?;
                drop(file);
                std::fs::rename(&tmp, &path).map_err(|e| format!("{}: {e}", path.display()))
            }
        }
    }

    fn abandon(self) {
        if let Sink::File { tmp, .. } = self {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// `dir/.name.part` for `dir/name`.
fn part_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.part"))
}

/// Writes a whole file through a temporary one.
fn write_whole(path: &Path, text: &str) -> Result<(), String> {
    let tmp = part_path(path);
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Progress on stderr: a bar on a terminal, plain lines otherwise.
struct Progress {
    bar: Option<ProgressBar>,
    total: u64,
    done: u64,
    start: Instant,
    last_line: Instant,
}

impl Progress {
    const LINE_EVERY: Duration = Duration::from_secs(10);

    fn new(total: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{wide_bar}] {pos}/{len} positions, {rate}/s, {eta} left",
                )
                .expect("a valid template")
                .with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.1}", state.per_sec());
                    },
                )
                .progress_chars("=> "),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress {
            bar,
            total,
            done: 0,
            start: Instant::now(),
            last_line: Instant::now(),
        }
    }

    fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    fn position(&mut self) {
        self.done += 1;
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    fn status(&self) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        let rate = self.done as f64 / secs.max(1e-3);
        let mut line = format!(
            "analyse: {}/{} positions, {rate:.1} positions/s",
            self.done, self.total
        );
        if self.done > 0 && self.done < self.total {
            let left = (self.total - self.done) as f64 / rate.max(1e-9);
            line.push_str(&format!(", about {} left", duration(left)));
        }
        line
    }

    /// Plain mode: a status line now and then.
    fn tick(&mut self) {
        if self.bar.is_none() && self.last_line.elapsed() >= Self::LINE_EVERY {
            self.println(&self.status());
            self.last_line = Instant::now();
        }
    }

    fn finish(self, what: &str) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        let secs = self.start.elapsed().as_secs_f64();
        eprintln!(
            "analyse: {what}, {} positions in {secs:.1} s ({:.1} positions/s)",
            self.done,
            self.done as f64 / secs.max(1e-3)
        );
    }
}

/// `1 game`, `3 games`.
fn count(n: usize, plural: &str) -> String {
    if n == 1 {
        format!("1 {}", plural.trim_end_matches('s'))
    } else {
        format!("{n} {plural}")
    }
}

fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s} s")
    }
}

/// One game's output: PGN or JSON lines, the graph, the summary line.
fn render_game(config: &Config, game: &Game, analysis: &GameAnalysis, total: usize) -> Rendered {
    let text = if config.json {
        write::game_json(game, analysis)
    } else {
        write::annotated_pgn(game, analysis, &config.settings_text)
    };
    let svg = config
        .svg
        .as_ref()
        .map(|_| (game.number, svg::render(game, analysis)));
    let side = |s: &crate::judge::SideSummary| {
        let acc = s.accuracy().map_or("-".to_string(), |a| format!("{a:.1}%"));
        format!(
            "{acc} (?! {}, ? {}, ?? {})",
            s.inaccuracies, s.mistakes, s.blunders
        )
    };
    let mut summary = format!(
        "game {}/{total}: {}: White {}, Black {}",
        game.number,
        svg::title(game),
        side(&analysis.sides[0]),
        side(&analysis.sides[1])
    );
    if analysis.interrupted() {
        summary.push_str(&format!(
            "; interrupted after {} of {} positions",
            analysis.searched, analysis.wanted
        ));
    }
    Rendered {
        text,
        svg,
        summary: Some(summary),
        interrupted: analysis.interrupted(),
    }
}

/// Runs the analysis; returns the exit code.
pub fn run(config: &Config, interrupt: &Interrupt) -> i32 {
    // Report what could not be read, then count the work.
    let (items, total_positions, total_games, what) = match &config.input {
        Input::Games { name, games, errors } => {
            for e in errors {
                eprintln!("analyse: {name}: {e}; skipped");
            }
            let positions: usize = games
                .iter()
                .map(|g| {
                    wanted_positions(g, &config.selection)
                        .iter()
                        .filter(|&&w| w)
                        .count()
                })
                .sum();
            let last = games.last().map_or(0, |g| g.number);
            (games.len(), positions, last, "games")
        }
        Input::Positions {
            name,
            positions,
            errors,
        } => {
            for e in errors {
                eprintln!("analyse: {name}: {e}; skipped");
            }
            (positions.len(), positions.len(), 0, "positions")
        }
    };
    if items == 0 {
        eprintln!("analyse: no {what} to analyse");
        return 1;
    }
    let workers = config.threads.min(items).max(1);
    let hash_each = (config.hash_mb / workers).max(1);
    let mut searchers = Vec::with_capacity(workers);
    for w in 0..workers {
        let threads = config.threads / workers + usize::from(w < config.threads % workers);
        match Searcher::new(hash_each, threads, &config.settings.net) {
            Ok(s) => searchers.push(s),
            Err(e) => {
                eprintln!("analyse: {e}");
                return 1;
            }
        }
    }
    if let Some(dir) = &config.svg {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("analyse: --svg {}: {e}", dir.display());
            return 1;
        }
    }
    let mut sink = match Sink::open(&config.out) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("analyse: {e}");
            return 1;
        }
    };
    let mut progress = Progress::new(total_positions as u64);
    let threads_text = if workers == 1 {
        format!("{} thread(s)", config.threads)
    } else {
        format!("{workers} at once, {} thread(s) in all", config.threads)
    };
    progress.println(&format!(
        "analyse: {}, {} to search; {}; {threads_text}, {hash_each} MB hash each",
        count(items, what),
        count(total_positions, "positions"),
        config.settings_text
    ));

    let next = AtomicUsize::new(0);
    let mut failure = None;
    let mut interrupted_items = 0;
    std::thread::scope(|scope| {
        let (tx, rx) = channel::<Message>();
        for searcher in searchers {
            let tx = tx.clone();
            let next = &next;
            std::thread::Builder::new()
                .stack_size(engine::search::driver::SEARCH_STACK_SIZE)
                .spawn_scoped(scope, move || {
                    worker(config, searcher, next, items, total_games, interrupt, tx)
                })
                .expect("starting a worker thread");
        }
        drop(tx);
        let mut pending: BTreeMap<usize, Option<Rendered>> = BTreeMap::new();
        let mut next_write = 0;
        let mut emit = |rendered: Option<Rendered>, progress: &Progress, failure: &mut Option<String>| {
            let Some(r) = rendered else { return };
            if let Some(line) = &r.summary {
                progress.println(line);
            }
            if r.interrupted {
                interrupted_items += 1;
            }
            if failure.is_some() {
                return;
            }
            let mut result = sink.write(&r.text);
            if let (Some(dir), Some((number, svg))) = (&config.svg, &r.svg) {
                result = result.and(write_whole(&dir.join(format!("game-{number:03}.svg")), svg));
            }
            if let Err(e) = result {
                *failure = Some(e);
                interrupt.trigger();
            }
        };
        loop {
            match rx.recv_timeout(Duration::from_millis(250)) {
                Ok(Message::Position) => progress.position(),
                Ok(Message::Done(index, rendered)) => {
                    pending.insert(index, rendered);
                    while let Some(r) = pending.remove(&next_write) {
                        emit(r, &progress, &mut failure);
                        next_write += 1;
                    }
                }
                Err(RecvTimeoutError::Timeout) => progress.tick(),
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        // After Ctrl-C some items never started: write the rest in order.
        for (_, r) in std::mem::take(&mut pending) {
            emit(r, &progress, &mut failure);
        }
    });
    let finished = next.load(Ordering::SeqCst).min(items);
    progress.finish(&format!("{finished} of {}", count(items, what)));
    if let Some(e) = failure {
        eprintln!("analyse: {e}");
        sink.abandon();
        return 1;
    }
    if let Err(e) = sink.finish() {
        eprintln!("analyse: {e}");
        return 1;
    }
    if interrupt.is_set() {
        if let Some(path) = &config.out {
            eprintln!(
                "analyse: stopped; {} has what was finished ({interrupted_items} {what} partly analysed)",
                path.display()
            );
        }
        return 130;
    }
    0
}

/// A worker: takes the next game or position until there are none left or
/// Ctrl-C was pressed.
fn worker(
    config: &Config,
    mut searcher: Searcher,
    next: &AtomicUsize,
    items: usize,
    total_games: usize,
    interrupt: &Interrupt,
    tx: Sender<Message>,
) {
    loop {
        if interrupt.is_set() {
            return;
        }
        let index = next.fetch_add(1, Ordering::SeqCst);
        if index >= items {
            return;
        }
        let rendered = match &config.input {
            Input::Games { games, .. } => {
                let game = &games[index];
                let mut done = || {
                    let _ = tx.send(Message::Position);
                };
                let analysis = analyse_game(
                    game,
                    &mut searcher,
                    &config.settings,
                    &config.selection,
                    interrupt,
                    &mut done,
                );
                (analysis.searched > 0 || analysis.wanted == 0)
                    .then(|| render_game(config, game, &analysis, total_games))
            }
            Input::Positions { positions, .. } => {
                let position = &positions[index];
                searcher.clear();
                let key = [position.board.key()];
                searcher
                    .evaluate(&position.board, &key, &config.settings, interrupt)
                    .map(|eval| {
                        let _ = tx.send(Message::Position);
                        Rendered {
                            text: if config.json {
                                write::position_json(position, &eval)
                            } else {
                                write::position_text(position, &eval)
                            },
                            svg: None,
                            summary: None,
                            interrupted: false,
                        }
                    })
            }
        };
        if tx.send(Message::Done(index, rendered)).is_err() {
            return;
        }
    }
}
