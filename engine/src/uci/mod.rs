//! The UCI protocol: a reader thread turns stdin lines into commands, the
//! controller (this module) owns the game, options, hash table and thread
//! data, and each `go` runs on its own search thread, which prints `bestmove`
//! when the search ends (after `stop` or `ponderhit` for infinite and ponder
//! searches). `isready`, `stop`, `ponderhit` and `quit` are handled at once,
//! even mid-search; commands that change state wait for the search to end.

pub mod command;
pub mod options;
mod output;

use crate::book::{self, Book, BookMove};
use crate::game::Game;
use crate::levels::{self, Level, LineCollector, Settings};
use crate::search::driver::SEARCH_STACK_SIZE;
use crate::search::time;
use crate::search::{
    search, Limits, SearchControl, SearchParams, SearchResult, ThreadData, TranspositionTable,
};
use crate::syzygy::{Probing, Tablebases};
use crate::wdl::Wdl;
use command::{Command, GoCommand, StartPosition};
use eval::nnue::Network;
use movegen::{divide_parallel, Board, Square};
use options::{OptionChange, Options};
pub use output::{send, UciReporter};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

struct RunningSearch {
    control: Arc<SearchControl>,
    handle: JoinHandle<()>,
}

/// The controller: everything the engine knows between commands.
pub struct Uci {
    game: Game,
    options: Options,
    tt: Arc<TranspositionTable>,
    threads: Arc<Mutex<Vec<ThreadData>>>,
    /// The NNUE net loaded (the embedded one or `EvalFile`'s), used when
    /// `Use NNUE` is on.
    network: Option<Arc<Network>>,
    /// The net the search threads hold now (`None`: the hand-crafted
    /// evaluation): the active one, or none while a playing level searches.
    installed: Option<Arc<Network>>,
    running: Option<RunningSearch>,
    debug: bool,
    /// The book of `BookFile`, when one is loaded.
    book: Option<Book>,
    /// The last `position` command as sent (start, moves) and the Chess960
    /// mode it was read in: the book needs the square a double push skipped,
    /// which the board forgets when no legal capture can use it.
    position: (StartPosition, Vec<String>, bool),
    /// Book choices and playing levels draw from this engine's own generator.
    rng: StdRng,
    /// The Syzygy tables of `SyzygyPath`, when some were found.
    tablebases: Option<Arc<Tablebases>>,
}

/// A seed that differs between engine instances (time and process), so two
/// games against a human do not repeat each other's random choices.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let local = 0u8;
    nanos ^ u64::from(std::process::id()).rotate_left(32) ^ (&local as *const u8 as u64)
}

impl Default for Uci {
    fn default() -> Self {
        Uci::new()
    }
}

/// Reads stdin on its own thread and runs the controller until `quit` or
/// end of input.
pub fn run_stdio() {
    let (tx, rx) = mpsc::channel::<Option<String>>();
    std::thread::spawn(move || {
        use std::io::BufRead;
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            // Bytes, not a String: invalid UTF-8 from a GUI is garbage to
            // ignore, not a reason to stop reading.
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&bytes).into_owned();
                    if tx.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(None);
    });
    let mut uci = Uci::new();
    for message in rx {
        match message {
            Some(line) => {
                if !uci.handle_line(&line) {
                    break;
                }
            }
            None => break,
        }
    }
    uci.quit();
}

impl Uci {
    /// A controller with default options.
    pub fn new() -> Uci {
        let options = Options::default();
        let default_net = crate::network::default_network();
        Uci {
            game: Game::default(),
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            threads: Arc::new(Mutex::new(vec![Self::thread_with(0, default_net.clone())])),
            installed: default_net.clone(),
            network: default_net,
            options,
            running: None,
            debug: false,
            book: None,
            position: (StartPosition::Start, Vec::new(), false),
            rng: StdRng::seed_from_u64(fresh_seed()),
            tablebases: None,
        }
    }

    /// Handles one input line; returns false on `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Ok(Some(cmd)) => self.handle(cmd),
            Ok(None) => {
                if self.debug && !line.trim().is_empty() {
                    send(&format!("info string ignored unknown input '{}'", line.trim()));
                }
                true
            }
            Err(e) => {
                send(&format!("info string error: {e}"));
                true
            }
        }
    }

    fn handle(&mut self, cmd: Command) -> bool {
        match cmd {
            Command::Uci => {
                send(&format!("id name {}", crate::NAME));
                send(&format!("id author {}", crate::AUTHOR));
                for line in options::declarations() {
                    send(&line);
                }
                send("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => send("readyok"),
            Command::SetOption { name, value } => {
                self.end_search();
                match options::parse_change(&name, value.as_deref()) {
                    Ok(change) => self.apply_option(change),
                    Err(e) => send(&format!("info string error: {e}")),
                }
            }
            Command::Register => {}
            Command::NewGame => {
                self.end_search();
                self.clear_hash();
                for td in self.lock_threads().iter_mut() {
                    td.clear();
                }
                self.game = Game::default();
                self.position = (StartPosition::Start, Vec::new(), false);
            }
            // The running search works on its own copy of the position, so a
            // new one is taken at once and used by the next `go`.
            Command::Position { start, moves } => {
                let fen = match &start {
                    StartPosition::Start => None,
                    StartPosition::Fen(f) => Some(f.as_str()),
                };
                let result = self.game.set(fen, &moves, self.options.chess960);
                if let Err(e) = &result {
                    send(&format!("info string error: {e}"));
                }
                if !matches!(result, Err(crate::game::PositionError::Fen(_))) {
                    self.position = (start, moves, self.options.chess960);
                }
            }
            Command::Go(go) => {
                self.end_search();
                self.go(*go);
            }
            Command::Stop => {
                if let Some(r) = &self.running {
                    r.control.request_stop();
                }
            }
            Command::PonderHit => {
                if let Some(r) = &self.running {
                    r.control.ponderhit();
                }
            }
            Command::Quit => return false,
            Command::Bench(depth) => {
                self.end_search();
                crate::bench::run(depth, &mut std::io::stdout());
            }
            Command::Display => self.display(),
            Command::Eval => self.show_eval(),
        }
        true
    }

    /// Stops any search and waits for its thread (for `quit` and EOF).
    pub fn quit(&mut self) {
        self.end_search();
    }

    /// Ends the running search, if any, as `stop` would (its `bestmove` is
    /// printed), and waits for its thread. Commands that need the search
    /// threads or the hash table (`go`, `setoption`, `ucinewgame`, `bench`)
    /// call this first: waiting for the search to end by itself would hang
    /// the engine behind an infinite or pondering search, since the `stop`
    /// that ends it is queued behind the waiting command.
    fn end_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.control.request_stop();
            let _ = r.handle.join();
        }
    }

    /// Empties the hash table (no search runs: the controller holds the only
    /// reference, so the table is renewed rather than written over).
    fn clear_hash(&mut self) {
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.reset(),
            None => self.tt.clear(),
        }
    }

    fn thread_with(id: usize, net: Option<Arc<Network>>) -> ThreadData {
        let mut td = ThreadData::new(id);
        td.set_network(net);
        td
    }

    /// The net the search evaluates with (`None`: the hand-crafted evaluation).
    fn active_network(&self) -> Option<Arc<Network>> {
        if self.options.use_nnue {
            self.network.clone()
        } else {
            None
        }
    }

    /// Hands the active evaluation to every search thread.
    fn install_network(&mut self) {
        self.install(self.active_network());
    }

    /// Hands `net` to every search thread, unless they hold it already.
    fn install(&mut self, net: Option<Arc<Network>>) {
        let same = match (&net, &self.installed) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            for td in self.lock_threads().iter_mut() {
                td.set_network(net.clone());
            }
            self.installed = net;
        }
    }

    fn lock_threads(&self) -> std::sync::MutexGuard<'_, Vec<ThreadData>> {
        self.threads.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn apply_option(&mut self, change: OptionChange) {
        match change {
            OptionChange::Hash(mb) => match TranspositionTable::try_new(mb) {
                Ok(tt) => {
                    self.tt = Arc::new(tt);
                    self.options.hash_mb = mb;
                }
                Err(e) => send(&format!(
                    "info string error: Hash {mb} MB: {e}; keeping {} MB",
                    self.options.hash_mb
                )),
            },
            OptionChange::Threads(n) => {
                {
                    let active = self.installed.clone();
                    let mut threads = self.lock_threads();
                    threads.truncate(n);
                    while threads.len() < n {
                        let mut td = ThreadData::new(threads.len());
                        td.set_network(active.clone());
                        threads.push(td);
                    }
                }
                self.options.threads = n;
            }
            OptionChange::EvalFile(name) => match crate::network::load(&name) {
                Ok(net) => {
                    send(&format!(
                        "info string EvalFile {name}: {}",
                        crate::network::describe(&net)
                    ));
                    // Loading a net means using it.
                    self.network = Some(net);
                    self.options.eval_file = name;
                    self.options.use_nnue = true;
                    self.install_network();
                }
                Err(e) => send(&format!(
                    "info string error: EvalFile {name}: {e}; keeping {}",
                    self.options.eval_file
                )),
            },
            OptionChange::UseNnue(on) => {
                if on && self.network.is_none() {
                    send(&format!(
                        "info string error: Use NNUE: no net loaded ({}); set EvalFile first; \
                         keeping the hand-crafted evaluation",
                        self.options.eval_file
                    ));
                } else {
                    self.options.use_nnue = on;
                    self.install_network();
                }
            }
            OptionChange::ClearHash => self.clear_hash(),
            OptionChange::MultiPv(n) => self.options.multipv = n,
            OptionChange::Ponder(on) => self.options.ponder = on,
            OptionChange::MoveOverhead(ms) => self.options.move_overhead = ms,
            OptionChange::Chess960(on) => self.options.chess960 = on,
            OptionChange::ShowWdl(on) => self.options.show_wdl = on,
            OptionChange::OwnBook(on) => self.options.own_book = on,
            OptionChange::BookFile(path) if path.is_empty() => {
                self.book = None;
                self.options.book_file = options::EMPTY.to_string();
            }
            OptionChange::BookFile(path) => {
                match Book::open(&path) {
                    Ok(b) => {
                        send(&format!("info string BookFile {path}: {} entries", b.len()));
                        self.book = Some(b);
                    }
                    Err(e) => {
                        send(&format!("info string error: BookFile {path}: {e}; book off"));
                        self.book = None;
                    }
                }
                self.options.book_file = path;
            }
            OptionChange::BookBestMove(on) => self.options.book_best_move = on,
            OptionChange::BookDepth(plies) => self.options.book_depth = plies,
            OptionChange::SkillLevel(n) => self.options.skill_level = n,
            OptionChange::LimitStrength(on) => self.options.limit_strength = on,
            OptionChange::Elo(elo) => self.options.elo = elo,
            OptionChange::SyzygyPath(path) => {
                // The old set goes first (a search still holding it keeps it
                // alive until it ends).
                self.tablebases = None;
                if path.is_empty() {
                    send("info string SyzygyPath: tablebases off");
                    self.options.syzygy_path = options::EMPTY.to_string();
                } else {
                    let loaded = crate::syzygy::load(&path);
                    for line in &loaded.messages {
                        send(&format!("info string {line}"));
                    }
                    self.tablebases = loaded.tables.map(Arc::new);
                    self.options.syzygy_path = path;
                }
            }
            OptionChange::SyzygyProbeDepth(d) => self.options.syzygy_probe_depth = d,
            OptionChange::SyzygyProbeLimit(n) => self.options.syzygy_probe_limit = n,
            OptionChange::Syzygy50MoveRule(on) => self.options.syzygy_50_move_rule = on,
        }
    }

    /// The playing level: `UCI_Elo` under `UCI_LimitStrength`, else
    /// `Skill Level`.
    fn level(&self) -> Level {
        if self.options.limit_strength {
            Level::from_elo(self.options.elo)
        } else {
            Level::from_skill(self.options.skill_level)
        }
    }

    /// The square the last move of the game skipped if it was a double pawn
    /// push (or the FEN's en-passant field when no move was played), for the
    /// book's key. Replays the `position` command, which the book's depth
    /// keeps short.
    fn ep_target(&self) -> Option<Square> {
        let (start, moves, chess960) = &self.position;
        let played = self.game.keys().len() - 1;
        let mut board = match start {
            StartPosition::Start => Board::startpos(),
            StartPosition::Fen(fen) => {
                if played == 0 {
                    return book::ep_target_of_fen(fen);
                }
                Board::from_fen(fen).ok()?
            }
        };
        let mut last = None;
        for text in moves.iter().take(played) {
            let mv = board.parse_uci(text, *chess960).ok()?;
            last = Some(mv);
            board.make_move(mv);
        }
        last.and_then(book::ep_target_after)
    }

    /// The book's move for this `go`, if the book is on, the search is one
    /// that plays a move (not `infinite`, `ponder`, `mate` or `searchmoves`
    /// analysis) and the position is inside `BookDepth` and the book.
    fn book_move(&mut self, go: &GoCommand) -> Option<BookMove> {
        let book = self.book.as_ref().filter(|_| self.options.own_book)?;
        let limits = &go.limits;
        if limits.infinite || limits.ponder || limits.mate.is_some() || !go.searchmoves.is_empty() {
            return None;
        }
        let board = self.game.board();
        let ply = 2 * u32::from(board.fullmove_number().max(1) - 1)
            + u32::from(board.side_to_move() == movegen::Color::Black);
        if ply >= self.options.book_depth {
            return None;
        }
        let ep = self.ep_target();
        book.pick(board, ep, self.options.book_best_move, &mut self.rng)
    }

    fn go(&mut self, go: GoCommand) {
        let board = *self.game.board();
        if let Some(depth) = go.perft {
            run_perft(&board, depth, self.options.chess960 || board.is_chess960());
            return;
        }
        let chess960 = self.options.chess960;
        let show_wdl = self.options.show_wdl;
        let mut searchmoves = Vec::new();
        for text in &go.searchmoves {
            match board.parse_uci(text, chess960) {
                Ok(mv) => searchmoves.push(mv),
                Err(e) => send(&format!("info string error: searchmoves: {e}; ignored")),
            }
        }
        if let Some(m) = self.book_move(&go) {
            let uci = m.mv.to_uci(chess960);
            send(&format!(
                "info string book move {uci} (weight {} of {})",
                m.weight, m.total
            ));
            send(&format!("bestmove {uci}"));
            return;
        }
        let mut limits: Limits = go.limits;
        let mut multipv = self.options.multipv;
        let mut threads_used = self.options.threads;
        // A level below full strength plays every search except analysis
        // (`go infinite`, `go mate`): its node budget and depth cap on one
        // thread, with at least its number of lines.
        let level = self
            .level()
            .settings()
            .filter(|_| !limits.infinite && limits.mate.is_none());
        if let Some(s) = &level {
            // The clock only as a safety net: the time manager's hard bound
            // as a move time, so the budget, not the soft bound, ends the
            // search unless the clock is too short for it.
            let overhead = self.options.move_overhead;
            if limits.movetime.is_none() {
                if let Some(t) = time::bounds(&limits, board.side_to_move(), overhead) {
                    limits.movetime = Some(t.hard + overhead);
                    limits.time = [None, None];
                }
            }
            limits.nodes = Some(limits.nodes.map_or(s.nodes, |n| n.min(s.nodes)));
            limits.depth = Some(limits.depth.map_or(s.depth, |d| d.min(s.depth)));
            multipv = multipv.max(s.lines);
            threads_used = 1;
        }
        // Playing levels search with the hand-crafted evaluation: their
        // margins and temperatures are its centipawns (a net's scores of
        // won or lost positions are far smaller), and a level then plays
        // the same whichever net is loaded, so its calibration holds.
        self.install(if level.is_some() {
            None
        } else {
            self.active_network()
        });
        let params = SearchParams {
            board,
            history: self.game.keys().to_vec(),
            searchmoves,
            multipv,
            move_overhead: self.options.move_overhead,
            auto_draw: self.game.is_automatic_draw(),
            limits,
            syzygy: self.tablebases.as_ref().and_then(|tb| {
                Probing::new(
                    Arc::clone(tb),
                    self.options.syzygy_probe_depth as i32,
                    self.options.syzygy_probe_limit,
                    self.options.syzygy_50_move_rule,
                )
            }),
        };
        let choice = level.map(|settings| LevelChoice {
            settings,
            seed: self.rng.gen(),
            debug: self.debug,
        });
        let control = Arc::new(SearchControl::new(threads_used, params.limits.ponder));
        let tt = Arc::clone(&self.tt);
        let threads = Arc::clone(&self.threads);
        let thread_control = Arc::clone(&control);
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_SIZE)
            .spawn(move || search_thread(params, tt, threads, thread_control, chess960, show_wdl, choice));
        match spawned {
            Ok(handle) => self.running = Some(RunningSearch { control, handle }),
            Err(e) => send(&format!("info string error: cannot start the search thread: {e}")),
        }
    }

    fn display(&self) {
        let board = self.game.board();
        send(&board.to_string());
        send(&format!("Fen: {}", board.to_fen()));
        send(&format!("Key: {:016X}", board.key()));
        let checkers: Vec<String> = board.checkers().iter().map(|s| s.to_string()).collect();
        send(&format!("Checkers: {}", checkers.join(" ")));
    }

    fn show_eval(&self) {
        let board = self.game.board();
        let t = eval::trace(board);
        let mut out =
            String::from("               term |   white mg    eg |   black mg    eg |   total mg    eg\n");
        out.push_str("--------------------+-------------------+-------------------+------------------\n");
        for line in &t.lines {
            let [w, b] = line.sides;
            out.push_str(&format!(
                "{:>19} | {:>10} {:>5} | {:>10} {:>5} | {:>10} {:>5}\n",
                line.name.to_ascii_lowercase(),
                w.mg,
                w.eg,
                b.mg,
                b.eg,
                w.mg - b.mg,
                w.eg - b.eg
            ));
        }
        out.push_str("--------------------+-------------------+-------------------+------------------\n");
        out.push_str(&format!(
            "{:>19} | {:>48} {:>5}\n",
            "total (white)", t.total.mg, t.total.eg
        ));
        out.push_str(&format!(
            "phase {} of 24, endgame scale {}/64\n",
            t.phase, t.scale
        ));
        out.push_str(&format!(
            "Hand-crafted evaluation: {} cp (side to move)",
            t.final_score
        ));
        match &self.network {
            Some(net) => {
                let score = eval::nnue::evaluate(net, board);
                let white = if board.side_to_move() == movegen::Color::White {
                    score
                } else {
                    -score
                };
                out.push_str(&format!(
                    "\nNNUE evaluation: {score} cp (side to move), {white} cp (white); net {} ({})",
                    self.options.eval_file,
                    crate::network::describe(net)
                ));
            }
            None => out.push_str("\nNNUE evaluation: no net loaded"),
        }
        let used = if self.active_network().is_some() {
            "NNUE"
        } else {
            "hand-crafted"
        };
        out.push_str(&format!("\nThe search uses the {used} evaluation"));
        if self.level().settings().is_some() {
            out.push_str(" at full strength; this playing level uses the hand-crafted one");
        }
        out.push('.');
        send(&out);
    }
}

/// What a level below full strength needs on the search thread.
struct LevelChoice {
    settings: Settings,
    seed: u64,
    debug: bool,
}

/// Runs one `go` on the search thread and prints its `bestmove`.
fn search_thread(
    params: SearchParams,
    tt: Arc<TranspositionTable>,
    threads: Arc<Mutex<Vec<ThreadData>>>,
    control: Arc<SearchControl>,
    chess960: bool,
    show_wdl: bool,
    level: Option<LevelChoice>,
) {
    let board = params.board;
    let mut rng = StdRng::seed_from_u64(level.as_ref().map_or(0, |l| l.seed));
    let random = level
        .as_ref()
        .is_some_and(|l| l.settings.random_share > 0.0 && rng.gen::<f64>() < l.settings.random_share);
    let result = if random {
        // The random mover: a uniformly random legal move, no search.
        let mut moves = board.legal_moves().as_slice().to_vec();
        if !params.searchmoves.is_empty() {
            moves.retain(|m| params.searchmoves.contains(m));
        }
        let best = (!moves.is_empty()).then(|| moves[rng.gen_range(0..moves.len())]);
        if level.as_ref().is_some_and(|l| l.debug) {
            send(&format!("info string level: a random move of {}", moves.len()));
        }
        Some(SearchResult {
            best,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        })
    } else if board.has_legal_move() {
        let mut threads = threads.lock().unwrap_or_else(|e| e.into_inner());
        let mut reporter = UciReporter::new(chess960);
        if show_wdl {
            reporter = reporter.with_wdl(crate::wdl::material(&board));
        }
        match &level {
            None => Some(search(&params, &tt, &control, &mut threads, &reporter)),
            Some(l) => {
                let collector = LineCollector::new(&reporter);
                let mut result = search(&params, &tt, &control, &mut threads[..1], &collector);
                let lines = collector.lines();
                let candidates = &lines[..lines.len().min(l.settings.lines)];
                if !candidates.is_empty() {
                    let i = levels::choose(candidates, &l.settings, &mut rng);
                    let line = &candidates[i];
                    if l.debug {
                        send(&format!(
                            "info string level: line {} of {} ({} cp behind the best); \
                             {} nodes (budget {}), depth {} (cap {})",
                            i + 1,
                            candidates.len(),
                            candidates[0].score - line.score,
                            result.nodes,
                            l.settings.nodes,
                            result.depth,
                            l.settings.depth
                        ));
                    }
                    result.best = Some(line.pv[0]);
                    result.ponder = line.pv.get(1).copied();
                }
                Some(result)
            }
        }
    } else {
        let (score, wdl) = if board.in_check() {
            ("mate 0", Wdl::LOSS)
        } else {
            ("cp 0", Wdl::DRAW)
        };
        let wdl = if show_wdl {
            format!(" wdl {wdl}")
        } else {
            String::new()
        };
        send(&format!("info depth 0 score {score}{wdl}"));
        None
    };
    // Infinite and ponder searches report only when told to.
    if params.limits.waits_for_stop() {
        let released = |c: &SearchControl| {
            c.stop_requested() || params.limits.ponder && !params.limits.infinite && !c.pondering()
        };
        while !released(&control) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    match result.and_then(|r| r.best.map(|b| (b, r.ponder))) {
        Some((best, Some(ponder))) => send(&format!(
            "bestmove {} ponder {}",
            best.to_uci(chess960),
            ponder.to_uci(chess960)
        )),
        Some((best, None)) => send(&format!("bestmove {}", best.to_uci(chess960))),
        None => send("bestmove (none)"),
    }
}

fn run_perft(board: &Board, depth: u32, chess960: bool) {
    let divided = divide_parallel(board, depth);
    let mut lines = String::new();
    let mut total = 0;
    for (mv, n) in &divided {
        lines.push_str(&format!("{}: {n}\n", mv.to_uci(chess960)));
        total += n;
    }
    if depth == 0 {
        total = 1;
    }
    lines.push_str(&format!("\nNodes searched: {total}\n"));
    send(lines.trim_end_matches('\n'));
    send("");
}

/// `daba perft <depth> [fen]` from the shell; returns the exit code.
pub fn perft_from_shell(args: &[String]) -> i32 {
    let Some(depth) = args.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("usage: daba perft <depth> [fen]");
        return 2;
    };
    let board = if args.len() > 1 {
        match Board::from_fen(&args[1..].join(" ")) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("invalid FEN: {e}");
                return 2;
            }
        }
    } else {
        Board::startpos()
    };
    let start = std::time::Instant::now();
    run_perft(&board, depth, board.is_chess960());
    let ms = start.elapsed().as_millis().max(1);
    eprintln!("{} ms", ms);
    0
}
